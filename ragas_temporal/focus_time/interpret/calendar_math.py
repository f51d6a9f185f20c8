"""Calendar arithmetic shared by the interpreters: valid days, shifting an anchor by units, the
year a month without one falls in, and the value and years of a unit (week, quarter, decade) around
an anchor.

>>> shift_anchor(Anchor(2020, 2, 29), "year", 1)
Anchor(year=2021, month=2, day=28)
"""

from __future__ import annotations

import calendar
import datetime as dt
import functools
from typing import Callable

from ragas_temporal.focus_time.interpret.core import Anchor
from ragas_temporal.focus_time.normalise import MAX_SPAN_YEARS, format_year, in_era, year_span
from ragas_temporal.focus_time.patterns import PARTS_OF_DAY


_MONTH_DAYS = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def valid_day(year: int, month: int, day: int) -> bool:
    if not 1 <= month <= 12 or day < 1:
        return False
    if day <= _MONTH_DAYS[month]:
        return True
    # February 29: a leap year (proleptic; before year 1 any leap year will do)
    return month == 2 and day == 29 and (year < 1 or calendar.isleap(year))


def tensed_year(base: Anchor, month: int, day: int | None, when: str | None) -> int:
    """Year of a month (and day) given without one: the latest such date not after the base for a
    past-tense sentence, the earliest not before it for a future one, else the base's own year.

    >>> tensed_year(Anchor(2010, 1, 25), 12, 11, "past"), tensed_year(Anchor(2010, 1, 25), 12, 11, None)
    (2009, 2010)
    """
    if base.month is None or when is None:
        return base.year
    here = (base.month, base.day or 31 if when == "past" else base.day or 1)
    there = (month, day or (1 if when == "past" else 31))
    if when == "past":
        return base.year - 1 if there > here else base.year
    return base.year + 1 if there < here else base.year


def year_by_tense(base: Anchor, month: int, day: int | None, tense_of: Callable[[], str | None]) -> int:
    """``tensed_year`` reading the sentence's tense (``tense_of()``: a regex pass over the
    sentence) only when a tense could move the year: not without the base's month, nor for the
    base's own date ("in March" written in March is this March whatever the tense).

    >>> year_by_tense(Anchor(2010, 1, 25), 12, 11, lambda: "past"), year_by_tense(Anchor(2010, 1), 1, None, None)
    (2009, 2010)
    """
    if base.month is None:
        return base.year
    later = (month, day or 1) > (base.month, base.day or 31)  # a past tense moves it back a year
    earlier = (month, day or 31) < (base.month, base.day or 1)  # a future tense forward
    if not (later or earlier):
        return base.year
    return tensed_year(base, month, day, tense_of())


def shift_months(year: int, month: int, k: int) -> tuple[int, int]:
    t = year * 12 + (month - 1) + k
    return t // 12, t % 12 + 1


def shift_anchor(anchor: Anchor, unit: str, k: int) -> Anchor | None:
    """Move ``anchor`` by k units, keeping (at most) the anchor's own granularity; None when that
    leaves the era (``normalise.in_era``): "tomorrow" on 9999-12-31 has no year.

    >>> shift_anchor(Anchor(9999, 12, 31), "day", 1) is None, shift_anchor(Anchor(1, 1, 1), "year", -1)
    (True, Anchor(year=-1, month=1, day=1))
    """
    moved = _moved(anchor, unit, k)
    return moved if moved is not None and in_era(moved.year) else None


_YEARS_PER_UNIT = {"year": 1, "decade": 10, "century": 100}
_DAYS_PER_UNIT = {"day": 1, "week": 7, "fortnight": 14}


def _moved(anchor: Anchor, unit: str, k: int) -> Anchor | None:
    if k == 0:
        return anchor
    if unit in ("year", "decade", "century"):
        step = _YEARS_PER_UNIT[unit] * k
        y = anchor.year + step
        if anchor.year > 0 >= y or anchor.year < 0 <= y:  # no year 0 in historical numbering
            y += -1 if step < 0 else 1
        if anchor.month is not None and anchor.day is not None and not valid_day(y, anchor.month, anchor.day):
            return Anchor(y, anchor.month, 28)
        return Anchor(y, anchor.month, anchor.day)
    if unit == "month":
        if anchor.month is None:
            return Anchor(anchor.year)
        y, m = shift_months(anchor.year, anchor.month, k)
        if anchor.day is None:
            return Anchor(y, m)
        return Anchor(y, m, min(anchor.day, calendar.monthrange(y if y >= 1 else 4, m)[1]))
    days = _DAYS_PER_UNIT[unit] * k
    d = anchor.as_date()
    if d is None:
        return anchor
    try:
        return Anchor.of(d + dt.timedelta(days=days))
    except OverflowError:  # before 0001-01-01 or after 9999-12-31
        return None


def at_granularity(anchor: Anchor, unit: str) -> Anchor | None:
    """The anchor a resolved relative date leaves for later anaphora, at the unit's granularity:
    "last year" -> the year, "last month" -> the month, "yesterday"/"last week" -> the day.
    Quarters, decades and centuries leave none (no single year to continue from)."""
    if unit == "year":
        return Anchor(anchor.year)
    if unit == "month":
        return Anchor(anchor.year, anchor.month)
    if unit in ("day", "week", "weekend", "fortnight"):
        return anchor
    return None


def qualified_years(first: int, n: int, qual: str | None, limit: int | None = MAX_SPAN_YEARS) -> frozenset[int]:
    """The ``n`` years from ``first``, or their early (first 40%), mid (30%-80%) or late (last
    40%) part; no year 0.

    A decade's early/mid/late are its years 0-3, 3-7 and 6-9 (METRICS.md); a century scales the
    same shares: 00-39, 30-79, 60-99.

    >>> sorted(qualified_years(1990, 10, "early")), sorted(qualified_years(1990, 10, "Late"))
    ([1990, 1991, 1992, 1993], [1996, 1997, 1998, 1999])
    """
    return _qualified_span(first, n, (qual or "").lower(), limit)


@functools.lru_cache(maxsize=2048)  # every decade, century and millennium of the era, each qualifier: shared sets
def _qualified_span(first: int, n: int, q: str, limit: int | None) -> frozenset[int]:
    if q == "early":
        lo, hi = 0, round(n * 0.4)
    elif q == "mid":
        lo, hi = round(n * 0.3), round(n * 0.8)
    elif q:
        lo, hi = n - round(n * 0.4), n
    else:
        lo, hi = 0, n
    return year_span(first + lo, first + hi - 1, limit=limit)


def day_value(anchor: Anchor, part: str | None) -> str:
    v = anchor.value()
    code = PARTS_OF_DAY.get((part or "").lower().rstrip("s"), "DT" if part else None)
    if code and anchor.day is not None:
        v += "T" + code
    return v


def unit_value(anchor: Anchor, unit: str) -> str:
    y = format_year(anchor.year)
    d = anchor.as_date()
    if unit == "month" and anchor.month is not None:
        return f"{y}-{anchor.month:02d}"
    if unit in ("week", "weekend", "fortnight") and d is not None:
        iso = d.isocalendar()
        return f"{iso[0]:04d}-W{iso[1]:02d}" + ("-WE" if unit == "weekend" else "")
    if unit == "quarter" and anchor.month is not None:
        return f"{y}-Q{(anchor.month - 1) // 3 + 1}"
    if unit == "decade":
        return f"{anchor.year // 10:03d}" if anchor.year > 0 else y
    if unit == "century":
        return f"{anchor.year // 100:02d}" if anchor.year > 0 else y
    if unit == "day" and d is not None:
        return d.isoformat()
    return y


def unit_years(anchor: Anchor, unit: str) -> frozenset[int]:
    if unit == "decade" and anchor.year > 0:
        s = anchor.year // 10 * 10
        return year_span(s, s + 9)
    if unit == "century" and anchor.year > 0:
        s = anchor.year // 100 * 100
        return year_span(s, s + 99)
    if unit in ("week", "weekend", "fortnight"):
        d = anchor.as_date()
        if d is not None:
            return frozenset({d.isocalendar()[0]})
    return frozenset({anchor.year})


def shift_unit(anchor: Anchor, unit: str, k: int) -> Anchor | None:
    if unit == "quarter":
        return shift_anchor(anchor, "month", 3 * k) if anchor.month is not None else anchor
    if unit == "weekend":
        return shift_anchor(anchor, "week", k)
    return shift_anchor(anchor, unit, k)
