"""What one cell may cost is capped: a text longer than TEXT_MAX_CHARS (1,000,000 characters) is not
read by the extractor nor sent to a judge; its row is NaN with a reason naming the cap and how to
raise it. Before the cap, a 10 MB context of "1999 " took 222 s and 1.2 GB for one row (1 MB: 11 s)."""

from __future__ import annotations

import time
import tracemalloc

import pytest

from ragas_temporal.focus_time.extract import extract_focus_time
from ragas_temporal.metrics import TemporalFaithfulness, score_dataset
from ragas_temporal.adapter import columns

DENSE = "1999 "  # a year every 5 characters: the extractor's costliest text per character


def test_the_cap_is_one_million_characters():
    assert columns.TEXT_MAX_CHARS == 1_000_000


def test_a_context_over_the_cap_is_nan_at_once_with_the_cap_in_its_reason():
    huge = DENSE * 200_001  # 1,000,005 characters
    rows = [{"response": "It began in 1999.", "retrieved_contexts": ["It began in 1999.", huge]},
            {"response": "It began in 2008.", "retrieved_contexts": ["It began in 2008."]}]
    score_dataset(rows[1:], [TemporalFaithfulness()])  # imports and set-up outside the measure
    before = extract_focus_time.cache_info()
    tracemalloc.start()
    start = time.perf_counter()
    try:
        frame = score_dataset(rows, [TemporalFaithfulness()])
        elapsed = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert frame["temporal_faithfulness_reason"][0] == (
        "retrieved_contexts[1] is 1,000,005 characters, over the cap of 1,000,000 on one text: split it into "
        "passages, or raise ragas_temporal.adapter.columns.TEXT_MAX_CHARS"
    )
    assert frame["temporal_faithfulness"].isna()[0] and frame["temporal_faithfulness_failure"][0] == "input"
    assert frame["temporal_faithfulness"][1] == 1.0  # the other row is scored
    # bounded: the text is never scanned (scanning it took 11 s and 120 MB), and the memo holds none of it
    assert elapsed < 3.0
    assert peak < 20_000_000
    assert extract_focus_time.cache_info().currsize - before.currsize <= 3


def test_the_cap_is_raised_or_lowered_by_setting_it(monkeypatch):
    row = {"response": "It began in 2008.", "retrieved_contexts": ["Founded in 2008, it grew."]}  # 25 characters
    monkeypatch.setattr(columns, "TEXT_MAX_CHARS", 24)
    frame = score_dataset([row], [TemporalFaithfulness()])
    assert frame["temporal_faithfulness_reason"][0].startswith(
        "retrieved_contexts[0] is 25 characters, over the cap of 24 on one text")
    monkeypatch.setattr(columns, "TEXT_MAX_CHARS", 25)  # a text of exactly the cap is read
    assert score_dataset([row], [TemporalFaithfulness()])["temporal_faithfulness"][0] == 1.0


@pytest.mark.parametrize("column", ["response", "user_input"])
def test_the_cap_holds_for_every_text_column(monkeypatch, column):
    from ragas_temporal.metrics import TemporalPrecisionAtK

    monkeypatch.setattr(columns, "TEXT_MAX_CHARS", 10)
    row = {"user_input": "What in 2008?", "response": "It began in 2008.", "retrieved_contexts": ["2008"]}
    metric = TemporalFaithfulness() if column == "response" else TemporalPrecisionAtK(k=1)
    frame = score_dataset([row], [metric])
    length = len(row[column])
    assert frame[f"{metric.name}_reason"][0].startswith(f"{column} is {length} characters, over the cap of 10 on one text")
