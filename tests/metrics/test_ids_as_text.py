"""One rule for ids everywhere: an id is compared as its text, so the integer 7 is the id "7"
(CSV and JSON round trips turn one into the other). Gold mode and ``context_dates`` read it alike;
an id that is neither text nor an integer is that row's NaN with a reason, never an exception."""

from __future__ import annotations

import asyncio
import datetime as dt
import math

import pytest

from ragas_temporal.metrics import TemporalFaithfulness, TemporalMRR, TemporalNDCGAtK, TemporalPrecisionAtK, score_dataset
from ragas_temporal.ranking.gold import gold_grades, gold_ideal_grades, n_relevant_gold
from ragas_temporal.scores.ids import id_key


def run(coro):
    return asyncio.run(coro)


@pytest.mark.parametrize(("retrieved", "reference"), [([7], ["7"]), (["7"], [7]), ([7], [7]), (["7"], ["7"])])
def test_gold_mode_matches_an_int_id_and_its_text(retrieved, reference):
    r = run(TemporalPrecisionAtK(k=1, mode="gold").ascore(retrieved_context_ids=retrieved, reference_context_ids=reference))
    assert r.value == 1.0  # P@1 = 1/1


def test_gold_mode_in_score_dataset_rows_from_csv_and_json():
    # a CSV reader gives "12", a JSON file 12: the same document either way
    rows = [{"retrieved_context_ids": [3, 12], "reference_context_ids": ["12"]},
            {"retrieved_context_ids": ["3", "12"], "reference_context_ids": [12]}]
    frame = score_dataset(rows, [TemporalMRR(mode="gold"), TemporalNDCGAtK(k=2, mode="gold")])
    assert frame["temporal_mrr_at_10_gold"].tolist() == [0.5, 0.5]  # first relevant at rank 2
    # DCG = 1/log2(3), IDCG = 1: 0.6309...
    assert frame["temporal_ndcg_at_2_gold"].tolist() == pytest.approx([1 / math.log2(3)] * 2)


def test_the_pure_functions_read_ids_by_the_same_rule():
    assert id_key(7) == "7" and id_key("7") == "7" and id_key("d1") == "d1"
    # the int 7 at rank 1 is gold "7"; the text "7" at rank 2 is the same document again (grade 0)
    assert gold_grades([7, "7"], {"7"}) == [1.0, 0.0]
    assert gold_grades(["a", 2], {2: 3, "a": 1}) == [1.0, 3.0]
    assert n_relevant_gold([7, "7", "8"]) == 2
    assert gold_ideal_grades([7, "7"]) == [1.0]


def test_graded_gold_naming_one_id_twice_is_refused():
    with pytest.raises(ValueError, match=r"gold names id '7' twice \(as 7 and '7'\): ids are compared as text"):
        gold_grades(["7"], {7: 1, "7": 3})


def test_context_dates_keys_and_ids_follow_the_same_rule(recording_extractor):
    # context_dates keyed by the int 17, the row's ids as text (or the other way round)
    for dates, ids in (({17: "2021-03-01"}, ["17"]), ({"17": "2021-03-01"}, [17])):
        m = TemporalFaithfulness(reference_date="2024-06-01", context_dates=dates)
        r = run(m.ascore(response="It happened in 2020.", retrieved_contexts=["It happened last year."],
                         retrieved_context_ids=ids))
        assert r.value == 1.0  # "last year" read against 2021-03-01: 2020
    assert ("It happened last year.", dt.date(2021, 3, 1)) in recording_extractor.calls


def test_context_dates_naming_one_id_twice_is_refused():
    with pytest.raises(ValueError, match=r"context_dates names id '7' twice \(as 7 and '7'\): ids are compared as text"):
        TemporalFaithfulness(context_dates={7: "2021-01-01", "7": "2022-01-01"})


@pytest.mark.parametrize("bad", [["b"], {"b": 1}, 1.5, None], ids=["list", "dict", "float", "None"])
def test_an_id_that_is_not_text_or_an_int_is_nan_with_a_reason(bad):
    m = TemporalFaithfulness(context_dates={"a": "2021-03-01"})
    r = run(m.ascore(response="It happened in 2020.", retrieved_contexts=["Last year.", "In 2020."],
                     retrieved_context_ids=["a", bad]))
    assert math.isnan(r.value)
    assert r.reason == (f"retrieved_context_ids[1] is not a str or int id ({type(bad).__name__}): "
                        "context_dates looks each context's date up by its id")


def test_an_unhashable_id_is_one_rows_problem_in_score_dataset():
    m = TemporalFaithfulness(context_dates={"a": "2021-03-01"})
    good = {"response": "It happened in 2020.", "retrieved_contexts": ["Last year."], "retrieved_context_ids": ["a"]}
    frame = score_dataset([good, dict(good, retrieved_context_ids=[["a"]])], [m])
    assert frame[m.name].iloc[0] == 1.0
    assert math.isnan(frame[m.name].iloc[1]) and frame[f"{m.name}_failure"].iloc[1] == "input"
