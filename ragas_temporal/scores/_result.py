"""The result type every scoring function returns: a value and the sentence that explains it."""

from __future__ import annotations

import math
from typing import NamedTuple

__all__ = ["Score", "JudgeFellBack", "undefined", "COPIED_TEXT_MAX_CHARS", "clip_copied"]

#: Longest text copied into a reason from outside (a judge's reason, quote or bad value, an
#: exception's message): a reason is stored in every output row, and a judge may write megabytes.
COPIED_TEXT_MAX_CHARS = 1000


class Score(NamedTuple):
    """A score and a human-readable reason for it.

    ``value`` is a float, ``NaN`` when the score is undefined for the sample (the reason then says
    why, e.g. ``"answer makes no temporal claim"``). ``float(score)`` gives the value, so a ``Score``
    can be used wherever a number is expected.

    Examples
    --------
    >>> s = Score(0.5, "answer year 2010 not found in the retrieved contexts")
    >>> float(s)
    0.5
    >>> s.is_nan
    False
    >>> undefined("query has no temporal focus").is_nan
    True
    """

    value: float
    reason: str

    def __float__(self) -> float:
        return self.value

    @property
    def is_nan(self) -> bool:
        """True when the value is NaN (the score is undefined for this input)."""
        return math.isnan(self.value)


class JudgeFellBack(Score):
    """A hybrid score whose LLM judge failed: the dates' credit stands, and the reason says why.

    A :class:`Score` in every way (same fields, same value); its type records what happened, so a
    runner counts fallbacks from the outcome, never from the words of the reason.

    >>> s = JudgeFellBack(0.5, "LLM judge failed (timed out): focus-time credit kept for 1 claim")
    >>> isinstance(s, Score), float(s), s._replace(reason="r")
    (True, 0.5, JudgeFellBack(value=0.5, reason='r'))
    """

    __slots__ = ()


def undefined(reason: str) -> Score:
    """A NaN score with its reason (the one way this package says "cannot be scored")."""
    return Score(math.nan, reason)


def clip_copied(text: str) -> str:
    """``text`` cut to :data:`COPIED_TEXT_MAX_CHARS` characters and an ellipsis, for copying into a reason.

    >>> clip_copied("short")
    'short'
    >>> clipped = clip_copied("x" * 5000)
    >>> len(clipped), clipped[-2:]
    (1001, 'x…')
    """
    text = str(text)
    return text if len(text) <= COPIED_TEXT_MAX_CHARS else text[:COPIED_TEXT_MAX_CHARS] + "\u2026"
