"""The one retry policy (``ragas_temporal.llm.retry``): attempts, waits, and what is never retried."""

from __future__ import annotations

import asyncio

import pytest

from ragas_temporal.llm.retry import retrying


class Refused(Exception):
    pass


def _run(policy, failures: int, exc: BaseException, monkeypatch) -> tuple[list[float], int, object]:
    """Call a function that fails ``failures`` times under ``policy``: (waits, calls, result or exception)."""
    waits: list[float] = []

    async def record(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(asyncio, "sleep", record)
    calls = 0

    async def call():
        nonlocal calls
        async for attempt in policy:
            with attempt:
                calls += 1
                if calls <= failures:
                    raise exc
                return "answer"

    try:
        outcome: object = asyncio.run(call())
    except BaseException as raised:  # noqa: BLE001 - the test inspects what came out
        outcome = raised
    return waits, calls, outcome


def test_waits_double_from_the_first_and_stop_at_the_cap(monkeypatch):
    # 4 attempts, first wait 1 s, cap 3 s: 1, 2, then 4 capped to 3 -> the 4th call answers
    waits, calls, outcome = _run(retrying(4, first_wait=1.0, max_wait=3.0), 3, ConnectionError("reset"), monkeypatch)
    assert (waits, calls, outcome) == ([1.0, 2.0, 3.0], 4, "answer")


def test_the_last_failure_is_raised_as_itself_once_the_attempts_are_spent(monkeypatch):
    error = TimeoutError("slow")
    waits, calls, outcome = _run(retrying(3, first_wait=0.5, max_wait=8.0), 5, error, monkeypatch)
    assert (waits, calls, outcome) == ([0.5, 1.0], 3, error)


def test_one_attempt_never_waits(monkeypatch):
    error = ConnectionError("reset")
    assert _run(retrying(1, first_wait=1.0, max_wait=1.0), 1, error, monkeypatch) == ([], 1, error)


def test_named_exceptions_are_not_retried(monkeypatch):
    error = Refused("reply too long")
    policy = retrying(5, first_wait=1.0, max_wait=1.0, give_up_on=(Refused,))
    assert _run(policy, 5, error, monkeypatch) == ([], 1, error)


def test_a_cancellation_is_not_retried(monkeypatch):
    waits, calls, outcome = _run(retrying(5, first_wait=1.0, max_wait=1.0), 5, asyncio.CancelledError(), monkeypatch)
    assert (waits, calls, type(outcome)) == ([], 1, asyncio.CancelledError)
