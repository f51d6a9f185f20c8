"""Cancellation in `score_dataset`: one call's CancelledError is that row's error; a real
cancellation of the run still propagates, and the rows that finished are kept on the exception."""

from __future__ import annotations

import asyncio
import math
import signal
import sys

import pytest

from ragas_temporal import TemporalFaithfulness, score_dataset
from tests.support.fake_judges import judge_with_overrides
from tests.support.fake_llm import Delay, ScriptedLLM

needs_cancelling = pytest.mark.skipif(sys.version_info < (3, 11), reason="Task.cancelling() is new in 3.11")

CTX = ["In 2008, Lehman Brothers collapsed."]


def _rows(n: int, odd: str) -> list[dict]:
    rows = [{"response": f"It happened in 2008 (row {i}).", "retrieved_contexts": CTX} for i in range(n)]
    rows[-1] = {"response": f"It happened in 2008 ({odd}).", "retrieved_contexts": CTX}
    return rows


@needs_cancelling
def test_a_cancelled_error_raised_inside_one_judge_call_is_that_rows_error():
    llm = ScriptedLLM(judge_with_overrides({"ODD-ROW": asyncio.CancelledError()}))
    frame = score_dataset(_rows(20, "ODD-ROW"), [TemporalFaithfulness(mode="llm", llm=llm)])
    assert len(frame) == 20
    assert frame["temporal_faithfulness_llm"].iloc[:19].tolist() == [1.0] * 19
    assert math.isnan(frame["temporal_faithfulness_llm"].iloc[19])
    assert frame["temporal_faithfulness_llm_failure"].iloc[19] == "error"
    assert frame["temporal_faithfulness_llm_reason"].iloc[19] == (
        "error: CancelledError: a call inside this row was cancelled, although the run was not"
    )


def _cancel_the_run() -> str:
    """Script item for the last row: cancel the task that runs the whole dataset, then hang."""
    for task in asyncio.all_tasks():
        if task.get_coro().__qualname__.endswith("_score_rows"):
            task.cancel()
    return Delay(60, "{}")


@needs_cancelling
def test_a_real_cancellation_propagates_and_keeps_the_finished_rows():
    def script(prompt_text):
        return _cancel_the_run() if "STOP-HERE" in prompt_text[prompt_text.rfind("\nInput: "):] else judge(prompt_text)

    judge = judge_with_overrides({})
    llm = ScriptedLLM(script)
    rows = _rows(8, "STOP-HERE")
    with pytest.raises(asyncio.CancelledError) as stopped:
        # one row at a time: rows 0-6 finish before row 7 cancels the run
        score_dataset(rows, [TemporalFaithfulness(mode="llm", llm=llm)], max_concurrency=1)
    kept = stopped.value.scored_rows
    assert kept.index.tolist() == list(range(7))
    assert kept["temporal_faithfulness_llm"].tolist() == [1.0] * 7
    assert kept["response"].tolist() == [r["response"] for r in rows[:7]]


@needs_cancelling
def test_ctrl_c_propagates_as_keyboard_interrupt_and_keeps_the_finished_rows():
    def script(prompt_text):
        if "STOP-HERE" in prompt_text[prompt_text.rfind("\nInput: "):]:
            signal.raise_signal(signal.SIGINT)  # what Ctrl-C does; asyncio cancels the run's task
            return Delay(60, "{}")
        return judge(prompt_text)

    judge = judge_with_overrides({})
    rows = _rows(5, "STOP-HERE")
    with pytest.raises(KeyboardInterrupt) as stopped:
        score_dataset(rows, [TemporalFaithfulness(mode="llm", llm=ScriptedLLM(script))], max_concurrency=1)
    kept = stopped.value.scored_rows
    assert kept.index.tolist() == [0, 1, 2, 3]
    assert kept["temporal_faithfulness_llm"].tolist() == [1.0] * 4
