"""The one retry policy of every LLM call we make (judges and TeCFaP probes), built on tenacity.

``attempts`` calls at most; after the n-th failure it waits ``min(max_wait, first_wait * 2**(n-1))``
seconds (tenacity's ``wait_exponential``). Exceptions named in ``give_up_on`` (and a cancellation)
are raised at once; the last failure is re-raised as itself once the attempts are spent.

>>> import asyncio
>>> calls = []
>>> async def flaky():
...     async for attempt in retrying(3, first_wait=0.0, max_wait=0.0):
...         with attempt:
...             calls.append(len(calls))
...             if len(calls) < 3:
...                 raise ConnectionError("reset")
...             return "ok"
>>> asyncio.run(flaky()), calls
('ok', [0, 1, 2])
"""

from __future__ import annotations

import asyncio

import tenacity

__all__ = ["retrying"]


def retrying(
    attempts: int, *, first_wait: float, max_wait: float, give_up_on: tuple[type[BaseException], ...] = ()
) -> tenacity.AsyncRetrying:
    """An ``async for`` retry loop: ``attempts`` tries with capped exponential waits (see the module)."""
    return tenacity.AsyncRetrying(
        stop=tenacity.stop_after_attempt(max(1, attempts)),
        wait=tenacity.wait_exponential(multiplier=first_wait, max=max_wait),
        retry=tenacity.retry_if_not_exception_type((asyncio.CancelledError, *give_up_on)),
        sleep=_sleep,
        reraise=True,
    )


async def _sleep(seconds: float) -> None:
    # looked up at call time, so a test that patches asyncio.sleep sees our waits
    await asyncio.sleep(seconds)
