"""The result types: a scoring function's :class:`Score` (a value and the sentence that explains it), and a
judge's :class:`Judgement` (its values as plain data, or why it failed); the words reasons are written
with (clip_copied, year_label, format_years, plural)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, NamedTuple, TypeVar

T = TypeVar("T")

__all__ = [
    "Score", "JudgeFellBack", "Judgement", "undefined", "COPIED_TEXT_MAX_CHARS", "clip_copied", "year_label", "format_years",
    "plural",
]

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


@dataclass(frozen=True)
class Judgement(Generic[T]):
    """What a judge said: values with one reason each, or an error sentence.

    Attributes
    ----------
    values : tuple or str or None
        Verdict labels, 0/1 verdicts, 0-4 grades (one per claim or document), or a focus
        label; ``None`` when the judgement failed.
    reasons : tuple of str
        One reason per value (the judge's words), empty when failed.
    error : str or None
        Why the judgement failed; ``None`` on success.
    details : tuple
        Extra per-item data (claims with their quotes for the faithfulness judge).
    source : str
        ``"llm"`` or ``"rules"`` (the focus judge answers from rules when it can).

    >>> Judgement.failed("LLM call timed out after 30 s").ok
    False
    """

    values: T | None
    reasons: tuple[str, ...] = ()
    error: str | None = None
    details: tuple = ()
    source: str = "llm"

    @property
    def ok(self) -> bool:
        return self.error is None

    @classmethod
    def failed(cls, error: str) -> "Judgement[T]":
        return cls(values=None, error=error)


# Lists longer than this (after collapsing runs of consecutive years) are cut with "and N more".
_MAX_LISTED = 12


def year_label(year: int) -> str:
    """A year as a reader writes it: ``2008`` -> ``"2008"``, ``618`` -> ``"618"``, ``-753`` ->
    ``"753 BC"`` (BCE years are negative), and ``79`` -> ``"AD 79"``: a year of one or two digits
    alone reads as a count, so it takes its era word, as historians write it.

    Not the TIMEX3 value (``"BC0753"``): that is ``ragas_temporal.focus_time.normalise.format_year``.

    >>> year_label(-753), year_label(79), year_label(618)
    ('753 BC', 'AD 79', '618')
    """
    if year < 0:
        return f"{-year} BC"
    return f"AD {year}" if 0 < year < 100 else str(year)


def format_years(years: Iterable[int]) -> str:
    """Sorted years for a reason; runs of three or more consecutive years collapse to ``first-last``.

    >>> format_years({2010, 2007})
    '2007, 2010'
    >>> format_years(range(1990, 2000))
    '1990-1999'
    >>> format_years({-753, -44, 14})
    '753 BC, 44 BC, AD 14'
    """
    ordered = sorted(years)
    parts: list[str] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{year_label(ordered[i])}-{year_label(ordered[j])}")
        else:
            parts.extend(year_label(y) for y in ordered[i : j + 1])
        i = j + 1
    if len(parts) > _MAX_LISTED:
        parts = parts[:_MAX_LISTED] + [f"and {len(parts) - _MAX_LISTED} more"]
    return ", ".join(parts)


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``plural(1, "year")`` -> ``"year"``, ``plural(2, "year")`` -> ``"years"``."""
    return singular if count == 1 else (plural_form or singular + "s")
