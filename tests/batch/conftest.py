"""Rows shared by the batch tests (the engines, ``spark`` and ``ray_local``, are fixtures of tests/conftest.py)."""

from __future__ import annotations

import math

import pandas as pd

from ragas_temporal.data import example_rows

#: every focus-time and gold-mode metric, as the spec strings the engines take
BATCH_METRICS = [
    "temporal_faithfulness",
    "answer_temporal_recall",
    "temporal_precision@5",
    "temporal_recall@5",
    "temporal_ndcg@10",
    "temporal_mrr@10",
    "temporal_map@10",
    "temporal_precision@5:gold",
    "temporal_recall@5:gold",
    "temporal_ndcg@10:gold",
    "temporal_mrr@10:gold",
    "temporal_map@10:gold",
]

LIST_COLUMNS = ("retrieved_contexts", "retrieved_context_ids", "reference_context_ids")
TEXT_COLUMNS = ("user_input", "response", "reference", "reference_date")


def engine_rows() -> list[dict]:
    """The package's example rows plus rows an engine's schema can hold but the metrics cannot score."""
    rows = [{c: row.get(c) for c in (*TEXT_COLUMNS, *LIST_COLUMNS)} for row in example_rows()]
    blank = dict.fromkeys((*TEXT_COLUMNS, *LIST_COLUMNS))
    rows += [
        {**blank, "response": "It ended in 2010.", "retrieved_contexts": ["It ended in 2010."]},  # no question
        {**blank, "user_input": "What happened last year?", "retrieved_contexts": [],  # empty contexts
         "response": "Prices peaked last year.", "reference_date": "2024-06-01"},
        {**blank, "user_input": "What happened last year?", "response": "It fell last year.",  # bad date
         "retrieved_contexts": ["It fell in 2023."], "reference_date": "next Tuesday"},
        {**blank, "user_input": "What about 1999?", "retrieved_contexts": ["The 1999 report."],
         "retrieved_context_ids": ["r1"], "reference_context_ids": ["r1", "r2"], "reference_date": "2024-06-01"},
    ]  # fmt: skip
    return rows


def assert_same_scores(got, expected, metric_names) -> None:
    """Every value and reason of ``got`` (a pandas frame) equals ``expected``'s, row by row.

    An undefined score is NaN in ``score_dataset`` and may come back as null (``pd.NA``) from an
    engine that writes Arrow, where pandas' NaN becomes null: both mean "no score".
    """
    assert len(got) == len(expected)
    for name in metric_names:
        for i, (a, b) in enumerate(zip(got[name].tolist(), expected[name].tolist())):
            assert (pd.isna(a) and math.isnan(b)) or a == b, (name, i, a, b)
        assert got[f"{name}_reason"].tolist() == expected[f"{name}_reason"].tolist(), name
        failures = [None if v is None or pd.isna(v) else v for v in got[f"{name}_failure"]]
        assert failures == expected[f"{name}_failure"].tolist(), name
