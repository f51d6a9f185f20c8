"""The reference-date channels: constant, callable of the sample, per-context mapping or callable.

A recording stand-in extractor (tests/metrics/helpers.py) resolves "last year" and records the
reference date each text was extracted with, so these tests check the routing only.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import math

from ragas import EvaluationDataset, evaluate

from ragas_temporal.metrics import AnswerTemporalRecall, TemporalFaithfulness, TemporalPrecisionAtK, score_dataset

D2024 = dt.date(2024, 6, 1)


def run(coro):
    return asyncio.run(coro)


def test_constant_reference_date_resolves_answer_and_contexts(recording_extractor):
    m = TemporalFaithfulness(reference_date="2024-06-01")
    # "last year" -> 2023 in the answer; the context names 2023 explicitly: 1 / 1
    r = run(m.ascore(response="Prices peaked last year.", retrieved_contexts=["Prices peaked in 2023."]))
    assert r.value == 1.0
    assert {ref for _, ref in recording_extractor.calls} == {D2024}


def test_without_reference_date_relative_expressions_stay_unresolved(recording_extractor):
    r = run(TemporalFaithfulness().ascore(response="Prices peaked last year.", retrieved_contexts=["In 2023."]))
    assert math.isnan(r.value) and r.reason == "answer makes no temporal claim"


def test_callable_reference_date_per_sample_through_ragas_evaluate(recording_extractor):
    dates = {"q2024": "2024-06-01", "q2021": dt.date(2021, 1, 1)}
    # faithfulness does not need user_input, but the callable reads it: ragas must keep it
    m = TemporalFaithfulness(reference_date=lambda sample: dates.get(sample.user_input))
    rows = [
        {"user_input": "q2024", "response": "It peaked last year.", "retrieved_contexts": ["It peaked in 2023."]},
        {"user_input": "q2021", "response": "It peaked last year.", "retrieved_contexts": ["It peaked in 2023."]},
        {"user_input": "other", "response": "It peaked last year.", "retrieved_contexts": ["It peaked in 2023."]},
    ]
    result = evaluate(EvaluationDataset.from_list(rows), metrics=[m], show_progress=False, raise_exceptions=True)
    scores = result[f"{m.name}(mode=focus_time)"]
    # 2024 -> 2023 grounded (1.0); 2021 -> 2020 not in {2023} (0.0); no date -> no claim (NaN)
    assert scores[:2] == [1.0, 0.0] and math.isnan(scores[2])
    assert ("It peaked last year.", dt.date(2021, 1, 1)) in recording_extractor.calls


def test_callable_returning_a_bad_date_gives_nan_with_reason(recording_extractor):
    m = TemporalFaithfulness(reference_date=lambda sample: "soon")
    r = run(m.ascore(response="In 2008.", retrieved_contexts=["In 2008."]))
    assert math.isnan(r.value)
    assert "reference_date(sample) must be a date" in r.reason


def test_context_dates_mapping_by_retrieved_id(recording_extractor):
    # news-1 was published in 2021: its "last year" is 2020. news-2 has no date of its own and
    # falls back to the sample's reference date 2024-06-01: its "last year" is 2023.
    m = TemporalFaithfulness(reference_date="2024-06-01", context_dates={"news-1": "2021-03-01"})
    r = run(m.ascore(
        response="It happened in 2020 and in 2023.",
        retrieved_contexts=["It happened last year.", "It happened again last year."],
        retrieved_context_ids=["news-1", "news-2"],
    ))
    assert r.value == 1.0  # AFT {2020, 2023} ⊆ {2020} ∪ {2023}
    assert ("It happened last year.", dt.date(2021, 3, 1)) in recording_extractor.calls
    assert ("It happened again last year.", D2024) in recording_extractor.calls


def test_context_dates_mapping_through_ragas_evaluate_keeps_ids(recording_extractor):
    m = TemporalFaithfulness(context_dates={"news-1": "2021-03-01"})
    rows = [{"response": "It happened in 2020.", "retrieved_contexts": ["It happened last year."],
             "retrieved_context_ids": ["news-1"]}]
    result = evaluate(EvaluationDataset.from_list(rows), metrics=[m], show_progress=False, raise_exceptions=True)
    assert result[f"{m.name}(mode=focus_time)"] == [1.0]


def test_context_dates_callable(recording_extractor):
    seen = []

    def published(sample, index, text):
        seen.append((index, text))
        return "2011-05-05" if index == 0 else None

    m = TemporalFaithfulness(reference_date="2024-06-01", context_dates=published)
    r = run(m.ascore(response="It happened in 2010.", retrieved_contexts=["It happened last year.", "Later."]))
    assert r.value == 1.0  # context 0 resolves against 2011: {2010}
    assert seen == [(0, "It happened last year."), (1, "Later.")]
    assert ("Later.", D2024) in recording_extractor.calls


def test_query_side_uses_the_reference_date(recording_extractor):
    m = TemporalPrecisionAtK(k=2, reference_date="2024-06-01")
    # QFT {2023}; contexts {2023}, {2019}: 1 / 2
    r = run(m.ascore(user_input="What happened last year?", retrieved_contexts=["In 2023 ...", "In 2019 ..."]))
    assert r.value == 0.5


def test_per_call_and_per_row_reference_dates_override(recording_extractor):
    m = AnswerTemporalRecall(reference_date="2024-06-01")
    # per call: 2011 -> "last year" = 2010 in the question, the answer says 2010: 1 / 1
    r = run(m.ascore(user_input="What happened last year?", response="In 2010.", reference_date="2011-01-01"))
    assert r.value == 1.0
    # per row in score_dataset: the row's reference_date field wins; rows without one use the metric's
    rows = [
        {"user_input": "What happened last year?", "response": "In 2010.", "reference_date": "2011-01-01"},
        {"user_input": "What happened last year?", "response": "In 2010."},
        {"user_input": "What happened last year?", "response": "In 2010.", "reference_date": "someday"},
    ]
    df = score_dataset(rows, [m])
    assert df[m.name].tolist()[:2] == [1.0, 0.0]
    assert math.isnan(df[m.name][2]) and "reference_date must be a date" in df[f"{m.name}_reason"][2]
