"""Our metrics inside `ragas.evaluate`: the same answers to bad input as everywhere else."""

from __future__ import annotations

import math
import warnings

import pytest
from ragas import EvaluationDataset, evaluate

from ragas_temporal.metrics import TemporalFaithfulness, TemporalNDCGAtK, TemporalPrecisionAtK

warnings.filterwarnings("ignore", category=DeprecationWarning)

CTX = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
ROWS = [{"user_input": "What happened in 2008?", "response": "It happened in 2008.", "retrieved_contexts": CTX}]


def _column(frame, name):
    # ragas labels a metric with a mode "name(mode=...)"
    return frame[next(c for c in frame.columns if c.startswith(name))].tolist()


@pytest.mark.parametrize("metric", [TemporalFaithfulness(mode="llm"), TemporalFaithfulness(mode="hybrid"),
                                    TemporalPrecisionAtK(k=2, mode="llm"), TemporalNDCGAtK(k=2, mode="llm")],
                         ids=lambda m: m.name)
def test_llm_mode_without_any_llm_says_so_before_ragas_builds_a_client(monkeypatch, metric):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(ValueError) as caught:
        evaluate(EvaluationDataset.from_list(ROWS), metrics=[metric], show_progress=False)
    message = str(caught.value)
    assert "needs an LLM: pass llm= or use ragas.evaluate(llm=...)" in message and "llm_factory(" in message
    assert metric.llm is None  # nothing was left behind in the slot


def test_llm_given_to_evaluate_is_still_used():
    from tests.support.fake_llm import ScriptedLLM

    llm = ScriptedLLM(['{"claims": [{"claim": "It happened in 2008.", "verdict": "SUPPORTED", '
                       '"reason": "ctx 1", "quote": "In 2008"}]}'])
    result = evaluate(EvaluationDataset.from_list(ROWS), metrics=[TemporalFaithfulness(mode="llm")], llm=llm,
                      show_progress=False)
    assert result.to_pandas().iloc[0, -1] == 1.0 and llm.calls == 1


def test_focus_time_metrics_need_no_llm_and_no_key(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    result = evaluate(EvaluationDataset.from_list(ROWS * 3), metrics=[TemporalFaithfulness(), TemporalPrecisionAtK(k=2)],
                      show_progress=False)
    assert _column(result.to_pandas(), "temporal_faithfulness") == [1.0] * 3


def test_a_row_with_bad_values_is_nan_and_the_others_are_scored():
    # ragas validates samples itself, so values must be of the right type; empty ones are ours to judge
    rows = ROWS + [{"user_input": "q", "response": "", "retrieved_contexts": CTX}] + ROWS
    frame = evaluate(EvaluationDataset.from_list(rows), metrics=[TemporalFaithfulness()], show_progress=False).to_pandas()
    values = _column(frame, "temporal_faithfulness")
    assert values[0] == values[2] == 1.0 and math.isnan(values[1])


def test_lone_surrogate_row_is_nan_in_ragas_evaluate_too():
    rows = ROWS + [dict(ROWS[0], response="in 2008 \ud800")] + ROWS
    result = evaluate(EvaluationDataset.from_list(rows), metrics=[TemporalFaithfulness()], show_progress=False)
    values = [next(iter(score.values())) for score in result.scores]
    assert values[0] == values[2] == 1.0 and math.isnan(values[1])
    # (ragas's own EvaluationResult.to_pandas cannot hold the surrogate: read result.scores, or use
    # score_dataset, whose frame shows it as U+FFFD)
