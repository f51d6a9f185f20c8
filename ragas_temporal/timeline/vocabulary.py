"""The words the timeline rules read: number words and the unit table from the extractor, cue words.

>>> NUMBER_WORDS["three"], UNIT_IN_YEARS["month"] * 18
(3, Fraction(3, 2))
>>> unit_of("Centuries"), unit_of("yrs"), unit_of("fortnights"), unit_of("hours"), unit_of("weekend")
('century', 'year', 'fortnight', 'hour', None)
>>> number_of("twenty-five"), number_of("2.5"), number_of("an")
(Fraction(25, 1), Fraction(5, 2), Fraction(1, 1))
"""

from __future__ import annotations

import re
from fractions import Fraction

from ragas_temporal.focus_time.amounts import number_of
from ragas_temporal.focus_time.amounts import unit_of as _unit_of
from ragas_temporal.focus_time.patterns import EVENT_STOPWORDS, NUMBER_WORDS, sentence_break, year4_group
from ragas_temporal.focus_time.units import UNIT_LENGTHS, UNIT_WORDS

__all__ = [
    "NUMBER_WORDS",
    "sentence_break",
    "UNIT_WORDS",
    "year4_group",
    "UNIT_IN_YEARS",
    "UNIT_FORMS",
    "REPORTING_UNITS",
    "unit_of",
    "number_of",
    "AGE_CUE",
    "POINT_IN_TIME_CUES",
    "CLAUSE_BREAK",
    "EVENT_STOPWORDS",
]


#: Length of one unit in years, exact (the extractor's unit table; weekends and quarters have none).
UNIT_IN_YEARS: dict[str, Fraction] = UNIT_LENGTHS

#: Written forms of the units above (lower case): the extractor's ``UNIT_WORDS``, restricted to them.
UNIT_FORMS: dict[str, str] = {word: unit for word, unit in UNIT_WORDS.items() if unit in UNIT_IN_YEARS}

#: Units a reason shows a duration in: fortnights as weeks, decades and centuries as years.
REPORTING_UNITS: dict[str, str] = {
    "minute": "minute", "hour": "hour", "day": "day", "week": "week", "fortnight": "week", "month": "month",
    "year": "year", "decade": "year", "century": "year",
}  # fmt: skip


def unit_of(word: str) -> str | None:
    """The unit of a length a written form names (``"yrs"`` -> ``"year"``), or ``None``: the
    extractor's reader, units with a length only (a weekend is not a duration's unit)."""
    return _unit_of(word, measured=True)


#: An amount of time that is an age: "40 years old".
AGE_CUE = re.compile(r"\s*(?:-\s*)?old\b", re.IGNORECASE)
#: An amount that points at a date rather than stating a length: "three years ago".
POINT_IN_TIME_CUES = re.compile(r"\s+(?:ago|from\s+now|hence)\b", re.IGNORECASE)
#: Between two times, a break that ends the relation a cue word states ("grew, and after 2008").
CLAUSE_BREAK = re.compile(r"[,;:()]|\b(?:and|but|while|whereas)\b", re.IGNORECASE)
