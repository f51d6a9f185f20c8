"""The one runner of the rows an LLM answers: a dataset's rows scored by metrics, TeCFaP's probe rows asked.

:func:`run_each` runs ``work(index, item)`` for every item, at most ``semaphore``'s count at once,
and hands each result to ``on_done(index, result)`` as it finishes (rows finish in any order), with
a tick of the progress bar. The run stops at the first exception (``on_done``'s included) or when it
is cancelled (Ctrl-C, ``task.cancel()``): every item still running is cancelled and waited for
before the exception goes on, so nothing runs behind the caller's back, and every result handed to
``on_done`` before stays handed (a resumable run keeps it).

>>> import asyncio
>>> async def double(i, x):
...     await asyncio.sleep(0.01 * (3 - i))
...     return 2 * x
>>> done = []
>>> asyncio.run(run_each([5, 6, 7], double, lambda i, y: done.append((i, y)), asyncio.Semaphore(8)))
>>> done
[(2, 14), (1, 12), (0, 10)]
"""

from __future__ import annotations

import asyncio
import typing as t

__all__ = ["run_each", "progress_bar"]

T = t.TypeVar("T")
R = t.TypeVar("R")


def progress_bar(total: int | None, desc: str, show: bool, unit: str = "it") -> t.Any:
    """A tqdm bar over ``total`` items (off when ``show`` is false)."""
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit=unit, disable=not show)


async def run_each(
    items: t.Iterable[T],
    work: t.Callable[[int, T], t.Awaitable[R]],
    on_done: t.Callable[[int, R], None],
    semaphore: asyncio.Semaphore,
    bar: t.Any = None,
) -> None:
    """``on_done(i, await work(i, item))`` for every item, ``semaphore`` bounding the ``work`` in flight."""

    async def one(index: int, item: T) -> None:
        async with semaphore:
            result = await work(index, item)
        on_done(index, result)
        if bar is not None:
            bar.update(1)

    tasks = [asyncio.ensure_future(one(index, item)) for index, item in enumerate(items)]
    try:
        await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            task.cancel()
        # the rows still running stop before the caller goes on (a cancelled gather waits for them too)
        await asyncio.gather(*tasks, return_exceptions=True)
