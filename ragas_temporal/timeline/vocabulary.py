"""The words the timeline rules read: number and unit words from the extractor's table, cue words.

This is the one place the timeline package imports the extractor's rule table (number words, unit
words and the four-digit year pattern are written once, in
:mod:`ragas_temporal.focus_time.patterns`), and the one place its own word lists live: the length
of each unit in years and the cue words of the coherence rules.

>>> NUMBER_WORDS["three"], UNIT_IN_YEARS["month"] * 18
(3, 1.5)
>>> unit_of("Centuries"), unit_of("yrs"), unit_of("fortnights"), unit_of("hours")
('century', 'year', 'fortnight', None)
"""

from __future__ import annotations

import re

from ragas_temporal.focus_time.patterns import NUMBER_WORDS, UNIT_WORDS, year4_group

__all__ = [
    "NUMBER_WORDS",
    "UNIT_WORDS",
    "YEAR",
    "UNIT_IN_YEARS",
    "UNIT_FORMS",
    "REPORTING_UNITS",
    "unit_of",
    "number_of",
    "AFTER_CUES",
    "BEFORE_CUES",
    "BIRTH_CUES",
    "DEATH_CUES",
    "ORIGIN_CUES",
    "AGE_CUE",
    "POINT_IN_TIME_CUES",
    "CLAUSE_BREAK",
    "EVENT_STOPWORDS",
]

#: A four-digit year, as the extractor writes it (group name ``year``).
YEAR = year4_group

#: Length of one unit in years (a month is 1/12 year, a week 7 of the 365.25 days of a year).
#: The extractor's other units (hours, weekends, quarters) do not state a duration here.
UNIT_IN_YEARS: dict[str, float] = {
    "day": 1 / 365.25,
    "week": 7 / 365.25,
    "fortnight": 14 / 365.25,
    "month": 1 / 12,
    "year": 1.0,
    "decade": 10.0,
    "century": 100.0,
}

#: Written forms of the units above (lower case): the extractor's ``UNIT_WORDS``, restricted to them.
UNIT_FORMS: dict[str, str] = {word: unit for word, unit in UNIT_WORDS.items() if unit in UNIT_IN_YEARS}

#: Units a reason shows a duration in: fortnights as weeks, decades and centuries as years.
REPORTING_UNITS: dict[str, str] = {
    "day": "day", "week": "week", "fortnight": "week", "month": "month", "year": "year", "decade": "year",
    "century": "year",
}  # fmt: skip


def unit_of(word: str) -> str | None:
    """The unit a written form names (``"yrs"`` -> ``"year"``), or ``None``."""
    return UNIT_FORMS.get(word.lower())


def number_of(word: str) -> float | None:
    """A written amount as a number: digits (``"18"``, ``"2.5"``) or a number word (``"three"``)."""
    text = " ".join(word.lower().split()).replace(",", "")
    try:
        return float(text)
    except ValueError:
        value = NUMBER_WORDS.get(text)
        return None if value is None else float(value)


def _words(*phrases: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(p.replace(" ", r"\s+") for p in phrases) + r")\b", re.IGNORECASE)


#: "X followed Y": the time before the cue should not be earlier than the one after it.
AFTER_CUES = _words("followed", "follows", "follow", "came after", "comes after", "after", "succeeded", "later than")
#: "X preceded Y": the time before the cue should not be later than the one after it.
BEFORE_CUES = _words("preceded", "precedes", "precede", "came before", "comes before", "before", "earlier than")
BIRTH_CUES = _words("born", "birth")
DEATH_CUES = _words("died", "dies", "death", "passed away", "killed", "executed")
#: The start of something whose age may be stated later ("founded in 1990 ... 40 years old").
ORIGIN_CUES = _words(
    "founded", "established", "born", "built", "created", "formed", "started", "opened", "launched",
    "incorporated", "set up",
)
#: An amount of time that is an age: "40 years old".
AGE_CUE = re.compile(r"\s*(?:-\s*)?old\b", re.IGNORECASE)
#: An amount that points at a date rather than stating a length: "three years ago".
POINT_IN_TIME_CUES = re.compile(r"\s+(?:ago|from\s+now|hence)\b", re.IGNORECASE)
#: Between two times, a break that ends the relation a cue word states ("grew, and after 2008").
CLAUSE_BREAK = re.compile(r"[,;:()]|\b(?:and|but|while|whereas)\b", re.IGNORECASE)

#: Words that say nothing about which event is meant: left out when an event is looked for in an answer.
EVENT_STOPWORDS = frozenset(
    """a an the of in on at to for from by with and or but as is was were be been being are it its
    this that these those his her their our your my he she they we you i which who whom whose when
    where what how than then there into onto over under after before during about first second
    third last next new""".split()
)
