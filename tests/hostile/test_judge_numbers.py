"""A judge's number that is no finite amount (1e400, Infinity) or overflows in the gold's unit:
that row is NaN with a reason, never a ValueError out of ``ascore`` or a sunk ``ragas.evaluate``."""

from __future__ import annotations

import asyncio
import math
import warnings

import pytest
from ragas import EvaluationDataset, evaluate

from ragas_temporal.metrics import DurationAccuracy
from tests.support.fake_llm import ScriptedLLM

warnings.filterwarnings("ignore", category=DeprecationWarning)

SAMPLE = {"user_input": "How long did the war last?", "response": "It lasted forever.",
          "reference": "The war lasted 10 years."}


def _judge(amount: str, unit: str = "years") -> ScriptedLLM:
    return ScriptedLLM(lambda prompt: '{"durations": [{"quote": "forever", "amount": %s, "unit": "%s"}]}' % (amount, unit))


@pytest.mark.parametrize("amount", ["1e400", "Infinity"])
def test_a_judge_amount_that_is_not_finite_is_a_judge_failure(amount):
    r = asyncio.run(DurationAccuracy(mode="llm", llm=_judge(amount)).ascore(**SAMPLE))
    assert math.isnan(r.value)
    assert r.reason == "LLM reply did not match StatedDurationsOutput: durations.0.amount: Input should be a finite number (got inf)"


def test_a_finite_judge_amount_that_overflows_in_the_gold_unit_is_nan_with_a_reason():
    # 1e307 centuries is 1e309 years: beyond the largest float, so no relative error exists
    r = asyncio.run(DurationAccuracy(mode="llm", llm=_judge("1e307", "centuries")).ascore(**SAMPLE))
    assert math.isnan(r.value)
    assert r.reason == "answer's duration (forever) is too large to compare: not a finite number of years"


def test_ragas_evaluate_with_raise_exceptions_keeps_the_other_rows():
    def script(prompt):
        amount = "1e400" if "forever" in prompt[prompt.rfind("\nInput: "):] else "8"
        return '{"durations": [{"quote": "q", "amount": %s, "unit": "years"}]}' % amount

    rows = [dict(SAMPLE, response="It lasted eight years."), SAMPLE]
    result = evaluate(EvaluationDataset.from_list(rows), metrics=[DurationAccuracy(mode="llm", llm=ScriptedLLM(script))],
                      raise_exceptions=True, show_progress=False)
    frame = result.to_pandas()
    values = frame[next(c for c in frame.columns if c.startswith("duration_accuracy"))].tolist()
    assert values[0] == pytest.approx(0.8) and math.isnan(values[1])  # 1 - 2/10; the bad reply is NaN
