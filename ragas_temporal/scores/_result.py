"""The result type every scoring function returns: a value and the sentence that explains it."""

from __future__ import annotations

import math
from typing import NamedTuple

__all__ = ["Score", "undefined"]


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


def undefined(reason: str) -> Score:
    """A NaN score with its reason (the one way this package says "cannot be scored")."""
    return Score(math.nan, reason)
