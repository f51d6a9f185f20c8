"""score_rows_now / score_sample_now: the synchronous path batch scoring uses gives score_dataset's outcomes."""

from __future__ import annotations

import math

import pytest
from ragas.dataset_schema import SingleTurnSample

from ragas_temporal.data import example_rows
from ragas_temporal.metrics import TemporalFaithfulness, metrics_from_spec, score_dataset
from ragas_temporal.adapter.dataset_scoring import outcome_columns, score_rows_now
from ragas_temporal.llm.offline import offline_llm


def test_same_outcomes_as_score_dataset_on_the_example_rows():
    metrics = metrics_from_spec("temporal_faithfulness,answer_temporal_recall,temporal_ndcg@10,temporal_map@10:gold")
    rows = example_rows() + [{"response": "Last year.", "retrieved_contexts": ["2023"], "reference_date": "bad"}]
    expected = score_dataset(rows, metrics)
    got = outcome_columns(score_rows_now(rows, metrics), metrics)
    for name, values in got.items():
        for a, b in zip(values, expected[name].tolist()):
            assert a == b or (isinstance(a, float) and math.isnan(a) and math.isnan(b)), name
    assert got["temporal_faithfulness_failure"][-1] == "input"  # the bad date names itself, row by row


def test_llm_modes_are_refused():
    metric = TemporalFaithfulness(mode="hybrid", llm=offline_llm())
    with pytest.raises(ValueError, match="calls an LLM"):
        metric.score_sample_now(SingleTurnSample(response="In 2008.", retrieved_contexts=["2008"]))
    with pytest.raises(ValueError, match="use score_dataset"):
        score_rows_now([{}], [metric])
