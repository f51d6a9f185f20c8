"""When every row of a run fails, the command fails too, naming the most common cause.

A dead endpoint or a wrong model name fails each row the same way; the per-row reasons are in the
output file, but a user looking at the terminal should see the cause and a non-zero exit code.

>>> most_common_cause(["APIConnectionError: refused", "TimeoutError", "APIConnectionError: refused"])
'APIConnectionError: refused (2 of 3 rows)'
"""

from __future__ import annotations

import collections
import typing as t

#: A cause is shown at most this long: provider errors can quote whole responses.
MAX_CAUSE = 200


class RowsFailed(RuntimeError):
    """Every row failed; the message says the most common cause (the CLI exits with code 1)."""


class RunStopped(RuntimeError):
    """A signal stopped the run; the message says what was kept, ``exit_code`` is 130 (SIGINT) or 143 (SIGTERM)."""

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def cause_of(reason: t.Any) -> str:
    """A reason as causes are counted: its whitespace folded, at most :data:`MAX_CAUSE` characters."""
    return " ".join(str(reason).split())[:MAX_CAUSE]


def most_common_cause(reasons: t.Iterable[str] | collections.Counter) -> str:
    """The most frequent failure reason, shortened, with its count (``reasons`` may be a Counter of
    :func:`cause_of` causes already)."""
    counts = reasons if isinstance(reasons, collections.Counter) else collections.Counter(map(cause_of, reasons))
    if not counts:
        return "no reason recorded"
    cause, count = counts.most_common(1)[0]
    return f"{cause} ({count} of {sum(counts.values())} rows)"
