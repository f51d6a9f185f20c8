"""Metrics read texts in the metric's language, a row's ``language`` column overrides it (issue 27)."""

from __future__ import annotations

import math

import pytest

from ragas_temporal.metrics import (
    AnswerTemporalRecall,
    TemporalCoherence,
    TemporalNDCGAtK,
    TemporalFaithfulness,
    score_dataset,
)

WALL = ["Die Berliner Mauer fiel am 9. November 1989."]
MOVED_DAY = "Die Mauer fiel am 10. November 1989."


@pytest.mark.parametrize("cls", [TemporalFaithfulness, AnswerTemporalRecall, TemporalCoherence, TemporalNDCGAtK])
def test_unknown_language_is_refused_at_construction(cls):
    with pytest.raises(ValueError, match=r"unknown language 'klingon'.*en, de, fr"):
        cls(language="klingon")


def test_language_is_normalised():
    assert TemporalFaithfulness(language=" DE ").language == "de"
    assert TemporalFaithfulness().language == "en"


def test_german_answer_moving_the_day_is_not_supported():
    # English reads "November 1989" in both (the German day "9." is no English day): 1.0
    assert TemporalFaithfulness().score(response=MOVED_DAY, retrieved_contexts=WALL).value == 1.0
    result = TemporalFaithfulness(language="de").score(response=MOVED_DAY, retrieved_contexts=WALL)
    assert result.value == 0.0
    assert result.reason == "'10. November 1989' not supported: the contexts give 9. November 1989"
    assert TemporalFaithfulness(language="auto").score(response=MOVED_DAY, retrieved_contexts=WALL).value == 0.0


def test_call_language_overrides_the_metric():
    metric = TemporalFaithfulness()
    assert metric.score(response=MOVED_DAY, retrieved_contexts=WALL, language="de").value == 0.0


def test_row_language_column_overrides_the_metric_and_a_bad_code_fails_only_its_row():
    rows = [
        {"response": MOVED_DAY, "retrieved_contexts": WALL, "language": "de"},
        {"response": MOVED_DAY, "retrieved_contexts": WALL, "language": "xx"},
        {"response": MOVED_DAY, "retrieved_contexts": WALL},  # the metric's own: English
        {"response": "Der Verein hat 1500 Mitglieder.", "retrieved_contexts": WALL, "language": "de"},
    ]
    df = score_dataset(rows, [TemporalFaithfulness()])
    values = df["temporal_faithfulness"].tolist()
    assert values[0] == 0.0 and values[2] == 1.0
    assert math.isnan(values[1]) and df["temporal_faithfulness_failure"][1] == "input"
    assert df["temporal_faithfulness_reason"][1].startswith("unknown language 'xx': use one of en, de")
    assert math.isnan(values[3]) and df["temporal_faithfulness_reason"][3] == "answer makes no temporal claim"


def test_row_language_reaches_the_verdicts():
    rows = [{"response": MOVED_DAY, "retrieved_contexts": WALL, "language": "de"}]
    df = score_dataset(rows, [TemporalFaithfulness()], verdicts=True)
    [verdict] = df["temporal_faithfulness_verdicts"][0]
    assert (verdict["claim"], verdict["verdict"]) == ("10. November 1989", "NOT_SUPPORTED")


def test_a_row_language_with_a_region_reads_as_its_language():
    # "de-AT" in the column: the German day "10. November 1989" moves the context's day (0.0 as in German)
    rows = [{"response": MOVED_DAY, "retrieved_contexts": WALL, "language": "de-AT"},
            {"response": MOVED_DAY, "retrieved_contexts": WALL, "language": "xx-AT"}]  # fmt: skip
    df = score_dataset(rows, [TemporalFaithfulness()])
    assert df["temporal_faithfulness"][0] == 0.0
    assert df["temporal_faithfulness_reason"][1].startswith("unknown language 'xx-AT': use one of en, de")
