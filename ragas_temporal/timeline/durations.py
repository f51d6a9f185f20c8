"""Durations stated in a text: "three years", "a decade", "18 months", "from 2001 to 2004".

Two sources, in text order:

- an amount and a unit (number words and digits; the units of :mod:`.vocabulary`): "three years",
  "an 18-month siege", "a decade". An amount followed by "ago", "from now" or "hence" points at a
  date and is left out; one followed by "old" is an **age** (``is_age``);
- a range of years found by the focus-time extractor ("from 2001 to 2004", "1914-1918"): it lasts
  ``end − start`` years (1914-1918: 4 years).

Not read: fractions in words ("a year and a half", "half a century"), vague amounts ("a few
years"). Each duration keeps its span, so rules can ask what is "next to" it.

>>> [(d.text, d.amount, d.unit) for d in parse_durations("The siege lasted 18 months, a decade before the 2001-2004 war.")]
[('18 months', 18.0, 'month'), ('a decade', 1.0, 'decade'), ('2001-2004', 3.0, 'year')]
>>> parse_duration("1914-1918").in_unit("month")
48.0
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.focus_time.spans import read_value, year_ends, years_between
from ragas_temporal.timeline.vocabulary import (
    AGE_CUE,
    NUMBER_WORDS,
    POINT_IN_TIME_CUES,
    REPORTING_UNITS,
    UNIT_FORMS,
    UNIT_IN_YEARS,
    number_of,
    unit_of,
)

__all__ = ["Duration", "parse_durations", "parse_duration", "format_amount", "year_range"]

_NUMBER = "|".join(re.escape(w) for w in sorted(NUMBER_WORDS, key=len, reverse=True))
_UNIT = "|".join(sorted(UNIT_FORMS, key=len, reverse=True))
_AMOUNT_UNIT = re.compile(
    rf"(?<![\w.,])(?P<num>\d{{1,4}}(?:\.\d{{1,3}})?|(?:{_NUMBER}))[\s-]{{1,3}}(?P<unit>{_UNIT})(?![\w-])",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Duration:
    """A length of time stated in a text: ``amount`` ``unit`` at ``text[start:end]``."""

    amount: float
    unit: str
    text: str
    start: int
    end: int
    is_age: bool = False

    @property
    def years(self) -> float:
        """The duration in years."""
        return self.amount * UNIT_IN_YEARS[self.unit]

    def in_unit(self, unit: str) -> float:
        """The duration in ``unit`` (a key of ``UNIT_IN_YEARS``)."""
        return self.years / UNIT_IN_YEARS[unit]

    @property
    def reporting_unit(self) -> str:
        """The unit a reason shows this duration in (decades and centuries as years)."""
        return REPORTING_UNITS[self.unit]


def format_amount(amount: float, unit: str) -> str:
    """``format_amount(18, "month")`` -> ``"18 months"``; at most two decimals."""
    shown = f"{round(amount, 2):g}"
    return f"{shown} {unit}" if shown == "1" else f"{shown} {unit}s"


def year_range(value: str | None) -> tuple[int, int] | None:
    """(start, end) of a normalised range of years as written (``"2001/2004"``, ``"BC0044/0014"``),
    else ``None``; read by the extractor's one reader of values (``focus_time.spans``).

    >>> year_range("1999/1990"), year_range("1944-06/1944-07"), year_range("BC0044/0014")
    ((1999, 1990), None, (-44, 14))
    """
    return year_ends(read_value(value))


def parse_durations(text: str, reference_date: dt.date | None = None) -> list[Duration]:
    """Every duration stated in ``text``, in text order (see the module docstring)."""
    found: list[Duration] = []
    for match in _AMOUNT_UNIT.finditer(text):
        if POINT_IN_TIME_CUES.match(text, match.end()):
            continue
        amount = number_of(match.group("num"))
        unit = unit_of(match.group("unit"))
        if amount is None or unit is None:
            continue
        is_age = bool(AGE_CUE.match(text, match.end()))
        found.append(Duration(amount, unit, match.group(0), match.start(), match.end(), is_age))
    for mention in extract_focus_time(text, reference_date).mentions:
        ends = year_range(mention.value) if mention.kind == "range" else None
        # a range of months or days ("June-July 1944") states no length in years; one that ends
        # before it starts states none at all (coherence reports it)
        if ends is None or ends[1] < ends[0]:
            continue
        length = years_between(*ends)  # no year 0: 44 BC to AD 14 is 57 years
        found.append(Duration(float(length), "year", mention.text, mention.start, mention.end))
    found.sort(key=lambda d: d.start)
    return found


def parse_duration(text: str) -> Duration | None:
    """The first duration stated in ``text`` that is not an age (how a gold ``reference`` is read)."""
    for duration in parse_durations(text):
        if not duration.is_age:
            return duration
    return None
