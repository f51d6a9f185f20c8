"""The focus time of a text is extracted once per run even when several metrics need it."""

from __future__ import annotations

import collections
import warnings

import pytest
from ragas import EvaluationDataset, evaluate

import ragas_temporal.focus_time.extract as extract_module
from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.metrics import (
    AnswerTemporalRecall,
    TemporalFaithfulness,
    TemporalNDCGAtK,
    TemporalPrecisionAtK,
    TemporalRecallAtK,
    score_dataset,
)

warnings.filterwarnings("ignore", category=DeprecationWarning)

SHARED = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
ROWS = [
    {"user_input": "What happened in 2008?", "response": "It began in 2008.", "retrieved_contexts": SHARED},
    {"user_input": "What happened in 2009?", "response": "It ended in 2009.", "retrieved_contexts": SHARED},
    {"user_input": "What happened in 2008?", "response": "It ended in 2010.",
     "retrieved_contexts": [SHARED[0], "Markets fell in 2008 and recovered in 2009."]},
]
# distinct texts: 3 responses + 2 questions + 3 contexts = 8 (all with reference date None)
DISTINCT_TEXTS = 8


@pytest.fixture
def counted_scans(monkeypatch):
    """Count calls to the extractor's uncached scanner, on an empty cache."""
    counts: collections.Counter = collections.Counter()
    real_scan = extract_module.scan

    def counting_scan(text, reference=None, language="en"):
        counts[(text, reference)] += 1
        return real_scan(text, reference, language)

    monkeypatch.setattr(extract_module, "scan", counting_scan)
    extract_focus_time.cache_clear()
    yield counts
    extract_focus_time.cache_clear()  # drop focus times computed through the counting scanner


def metrics():
    return [
        TemporalFaithfulness(),
        AnswerTemporalRecall(),
        TemporalPrecisionAtK(k=5),
        TemporalRecallAtK(k=5),
        TemporalNDCGAtK(k=10),
    ]


def test_once_per_text_through_ragas_evaluate(counted_scans):
    result = evaluate(EvaluationDataset.from_list(ROWS), metrics=metrics(), show_progress=False, raise_exceptions=True)
    assert len(result.scores) == 3
    # five metrics read the same 8 texts (the contexts up to 5 times per row): each scanned once
    assert len(counted_scans) == DISTINCT_TEXTS
    assert set(counted_scans.values()) == {1}


def test_once_per_text_through_score_dataset(counted_scans):
    score_dataset(ROWS, metrics())
    assert len(counted_scans) == DISTINCT_TEXTS and set(counted_scans.values()) == {1}
