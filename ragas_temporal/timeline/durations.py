"""Durations stated in a text, as a reader writes them: "three years", "a year and a half", "1914-1918".

Two sources, in text order:

- amounts with units (number words and digits; the units of :mod:`.vocabulary`, hours to
  centuries): "three years", "an 18-month siege", "a decade", "1.5 years", "two and a half years",
  "a year and a half", "half a century", "a decade and a half", and compounds of several units
  ("7 hours and 30 minutes", "12 years and three months"), read exactly (fractions, no float
  residue). An age is marked ``is_age``: "40 years old", "a 30-year-old", "aged 30", "at age 30",
  "at the age of thirty". Left out: an amount followed by "ago", "from now" or "hence" (a date);
  a rate ("10.6% a year", "twice a month"); a unit written with a capital inside a name ("the
  Hundred Years' War", "the Six-Day War"); a year number the extractor reads as a year ("the
  1962–1972 decade");
- a range of years found by the focus-time extractor ("from 2001 to 2004", "1914-1918"): it lasts
  ``end − start`` years (1914-1918: 4 years).

Each duration keeps its span, so rules can ask what is "next to" it, and its ``bound``: ``"exact"``,
``"at_least"`` ("more than 30 years"), ``"at_most"`` ("under a year") or ``"about"``.

>>> [(d.text, d.amount, d.unit) for d in parse_durations("The siege lasted 18 months, a decade before the 2001-2004 war.")]
[('18 months', Fraction(18, 1), 'month'), ('a decade', Fraction(1, 1), 'decade'), ('2001-2004', Fraction(3, 1), 'year')]
>>> d = parse_duration("It lasted a year and a half.")
>>> d.amount, d.unit, d.in_unit("month")
(Fraction(3, 2), 'year', Fraction(18, 1))
>>> parse_duration("7 hours and 30 minutes").amount
Fraction(15, 2)
>>> parse_duration("The Hundred Years' War lasted 116 years.").text
'116 years'
"""

from __future__ import annotations

import datetime as dt
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from fractions import Fraction

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

__all__ = ["Duration", "parse_durations", "parse_duration", "format_amount", "year_range", "overlaps"]

_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_ONES = "one|two|three|four|five|six|seven|eight|nine"
_WORD_NUMBER = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(NUMBER_WORDS, key=len, reverse=True))
_NUM = rf"(?<![\w.,])(?:\d{{1,4}}(?:\.\d{{1,3}})?(?!\d|,\d)|(?:{_TENS})[-\s](?:{_ONES})\b|(?:{_WORD_NUMBER})\b)"
_UNIT = "|".join(sorted(UNIT_FORMS, key=len, reverse=True))
_AND_A_HALF = r"\s+and\s+a\s+half"
# one amount and its unit: "two and a half years", "a year and a half", "half a century", "an 18-month"
_TERM = (
    rf"(?:(?P<half>half)\s+an?\s+|(?P<num>{_NUM})(?P<numhalf>{_AND_A_HALF})?[\s-]{{1,3}})"
    rf"(?P<unit>(?:{_UNIT}))(?!\w|-(?!old\b))(?P<unithalf>{_AND_A_HALF}\b)?"
)
_FIRST_TERM = re.compile(_TERM, re.IGNORECASE)
# "2 hours and 31 minutes", "2 hours 31 minutes"; a comma alone separates two durations
_NEXT_TERM = re.compile(r"(?:\s*,?\s*and\s+|\s+)" + _TERM, re.IGNORECASE)
_AGE_PHRASE = re.compile(
    rf"\b(?:aged|at\s+the\s+age\s+of|at\s+age|age)\s+(?P<num>{_NUM})(?P<numhalf>{_AND_A_HALF})?"
    rf"(?:\s+(?:years?|yrs?)(?:\s+old)?)?(?![\w-])",
    re.IGNORECASE,
)
# "10.6% a year", "$5 a day", "twice a month": a rate, not a length
_RATE_BEFORE = re.compile(r"(?:[\d%]|\b(?:times|once|twice|thrice|per|each|every))\s*$", re.IGNORECASE)
_BOUND_BEFORE = (
    ("at_least", re.compile(r"\b(?:more\s+than|over|at\s+least|upwards\s+of|in\s+excess\s+of)\s*$", re.IGNORECASE)),
    ("at_most", re.compile(r"\b(?:less\s+than|under|at\s+most|up\s+to|within|fewer\s+than)\s*$", re.IGNORECASE)),
    ("about", re.compile(r"\b(?:about|around|nearly|almost|some|roughly|approximately|circa|c\.|close\s+to)\s*$", re.IGNORECASE)),
)
_HALF = Fraction(1, 2)


@dataclass(frozen=True)
class Duration:
    """A length of time stated in a text: ``amount`` ``unit`` at ``text[start:end]``.

    ``amount`` is exact (a ``Fraction``) when read by the rules; ``bound`` says whether the text
    states it exactly or as a bound ("more than", "under", "about").
    """

    amount: Fraction | float
    unit: str
    text: str
    start: int
    end: int
    is_age: bool = False
    bound: str = "exact"

    @property
    def years(self) -> Fraction | float:
        """The duration in years."""
        return self.amount * UNIT_IN_YEARS[self.unit]

    def in_unit(self, unit: str) -> Fraction | float:
        """The duration in ``unit`` (a key of ``UNIT_IN_YEARS``)."""
        return self.years / UNIT_IN_YEARS[unit]

    @property
    def reporting_unit(self) -> str:
        """The unit a reason shows this duration in (decades and centuries as years)."""
        return REPORTING_UNITS[self.unit]


def format_amount(amount: Fraction | float, unit: str) -> str:
    """``format_amount(18, "month")`` -> ``"18 months"``; at most two decimals."""
    shown = f"{round(float(amount), 2):g}"
    return f"{shown} {unit}" if shown == "1" else f"{shown} {unit}s"


def year_range(value: str | None) -> tuple[int, int] | None:
    """(start, end) of a normalised range of years as written (``"2001/2004"``, ``"BC0044/0014"``),
    else ``None``.

    >>> year_range("1999/1990"), year_range("1944-06/1944-07"), year_range("BC0044/0014")
    ((1999, 1990), None, (-44, 14))
    """
    return year_ends(read_value(value))


def _term_amount(match: re.Match[str]) -> tuple[Fraction, str] | None:
    unit = unit_of(match.group("unit"))
    if unit is None:
        return None
    if match.group("half"):
        amount: Fraction | None = _HALF
    else:
        amount = number_of(match.group("num"))
        if amount is None:
            return None
        if match.group("numhalf") or match.group("unithalf"):
            amount += _HALF
    return amount, unit


def _is_name(match: re.Match[str]) -> bool:
    """A unit written with a capital is part of a name: "the Hundred Years' War", "Six-Day War"."""
    return match.group("unit")[:1].isupper()


def _bound(text: str, start: int) -> str:
    before = text[max(0, start - 24) : start]
    return next((name for name, cue in _BOUND_BEFORE if cue.search(before)), "exact")


def overlaps(starts: list[int], spans: list, start: int, end: int) -> bool:
    """Does ``[start, end)`` overlap one of ``spans`` (objects with ``start``/``end``, in text order,
    not overlapping each other; ``starts`` their starts)? One bisection: linear texts stay linear."""
    k = bisect_left(starts, end)  # spans starting before the end
    return k > 0 and spans[k - 1].end > start


def _year_spans(mentions) -> list:
    return [m for m in mentions if m.years]


def _amounts(text: str, year_spans: list) -> list[Duration]:
    found: list[Duration] = []
    year_starts = [m.start for m in year_spans]
    position = 0
    while True:
        match = _FIRST_TERM.search(text, position)
        if match is None:
            return found
        position = match.end()
        read = _term_amount(match)
        if read is None or _is_name(match) or POINT_IN_TIME_CUES.match(text, match.end()):
            continue
        amount, unit = read
        if match.group("num") and match.group("num").lower() in ("a", "an") and _RATE_BEFORE.search(text[max(0, match.start() - 12) : match.start()]):
            continue  # "10.6% a year": a rate
        k = bisect_right(year_starts, match.start())  # the year mention holding the number, if any
        if k and year_spans[k - 1].end > match.start() and (year_spans[k - 1].start, year_spans[k - 1].end) != match.span("num"):
            continue  # "the 1962–1972 decade": the number ends a range of years
        end = match.end()
        # "7 hours and 30 minutes": smaller units add to the first one
        while (more := _NEXT_TERM.match(text, end)) is not None:
            extra = _term_amount(more)
            if extra is None or _is_name(more) or UNIT_IN_YEARS[extra[1]] >= UNIT_IN_YEARS[unit]:
                break
            amount += extra[0] * UNIT_IN_YEARS[extra[1]] / UNIT_IN_YEARS[unit]
            end = more.end()
        position = end
        if POINT_IN_TIME_CUES.match(text, end):
            continue
        old = AGE_CUE.match(text, end)
        if old is not None:  # "40 years old": the age's words include "old"
            end = old.end()
        is_age = old is not None
        found.append(Duration(amount, unit, text[match.start() : end], match.start(), end, is_age, _bound(text, match.start())))


def _ages(text: str) -> list[Duration]:
    found = []
    for match in _AGE_PHRASE.finditer(text):
        amount = number_of(match.group("num"))
        if amount is None or match.group("num").lower() in ("a", "an"):
            continue
        if match.group("numhalf"):
            amount += _HALF
        found.append(Duration(amount, "year", match.group(0), match.start(), match.end(), True, _bound(text, match.start())))
    return found


def parse_durations(text: str, reference_date: dt.date | None = None) -> list[Duration]:
    """Every duration stated in ``text``, in text order (see the module docstring)."""
    mentions = extract_focus_time(text, reference_date).mentions
    ages = _ages(text)
    age_starts = [d.start for d in ages]
    found = ages + [d for d in _amounts(text, _year_spans(mentions)) if not overlaps(age_starts, ages, d.start, d.end)]
    for mention in mentions:
        ends = year_range(mention.value) if mention.kind == "range" else None
        # a range of months or days ("June-July 1944") states no length in years; one that ends
        # before it starts states none at all (coherence reports it)
        if ends is None or ends[1] < ends[0]:
            continue
        length = years_between(*ends)  # no year 0: 44 BC to AD 14 is 57 years
        found.append(Duration(Fraction(length), "year", mention.text, mention.start, mention.end))
    found.sort(key=lambda d: d.start)
    return found


def parse_duration(text: str) -> Duration | None:
    """The first duration stated in ``text`` that is not an age (how a gold ``reference`` is read)."""
    for duration in parse_durations(text):
        if not duration.is_age:
            return duration
    return None
