"""How a signal stops a run: SIGTERM as Ctrl-C does, and the exit code that says which one came.

While ``asyncio.run`` scores rows, SIGTERM goes to its Ctrl-C handler, which cancels the rows still
running and waits for them before raising ``KeyboardInterrupt`` (an exception raised inside the
event loop would leave its tasks pending: "Task was destroyed but it is pending!"); elsewhere it
raises :class:`Stopped`. The command then exits 130 (SIGINT) or 143 (SIGTERM), as shells report them.

>>> exit_code_of(KeyboardInterrupt(), received=[]), exit_code_of(Stopped(), received=[])
(130, 143)
"""

from __future__ import annotations

import contextlib
import logging
import signal
import sys
import typing as t

__all__ = ["EXIT_SIGINT", "EXIT_SIGTERM", "Stopped", "interrupts_on_sigterm", "exit_code_of", "quiet_interrupted_tasks"]

#: exit codes of a run stopped by a signal (128 + the signal number)
EXIT_SIGINT, EXIT_SIGTERM = 130, 143


class Stopped(KeyboardInterrupt):
    """SIGTERM, raised as an interrupt so that it leaves the event loop the way Ctrl-C does."""


@contextlib.contextmanager
def interrupts_on_sigterm() -> t.Iterator[list]:
    """SIGTERM stops the run as Ctrl-C does, for the duration (in the main thread; elsewhere nothing
    changes); the list it gives holds the signal once one came."""
    received: list = []

    def stop(signum: int, frame: t.Any) -> None:
        received.append(signum)
        on_sigint = signal.getsignal(signal.SIGINT)
        runner = getattr(sys.modules.get("asyncio"), "Runner", None)  # Python 3.11+
        if runner is not None and isinstance(getattr(getattr(on_sigint, "func", None), "__self__", None), runner):
            on_sigint(signal.SIGINT, frame)  # type: ignore[operator]
            return
        raise Stopped()

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: signals are not ours to handle
        yield received
        return
    try:
        yield received
    finally:
        signal.signal(signal.SIGTERM, previous)


def exit_code_of(interrupt: KeyboardInterrupt, received: list) -> int:
    """The exit code of a run ``interrupt`` stopped (``received``: what :func:`interrupts_on_sigterm` gave)."""
    return EXIT_SIGTERM if isinstance(interrupt, Stopped) or received else EXIT_SIGINT


def quiet_interrupted_tasks() -> None:
    """From now on, asyncio's log of a task an interrupt left through is dropped (the command says it in one line)."""
    logging.getLogger("asyncio").addFilter(_not_an_interrupted_task)


def _not_an_interrupted_task(record: logging.LogRecord) -> bool:
    """False for asyncio's "Task exception was never retrieved" about an interrupt (already reported in one line)."""
    exc = record.exc_info[1] if record.exc_info else None
    return not isinstance(exc, KeyboardInterrupt)
