"""When a dated claim can start and end, at the precision it states (year, month or day).

The one place the timeline rules read a mention's normalised value: :func:`mention_bounds`. A
point or period gives one :class:`Bounds`; a range gives two (its start and its end). Rules compare
two claims at the finest precision **both** state (:func:`certainly_before`): day against day,
month against month, and a year against a date compares years.

>>> from ragas_temporal.focus_time import extract_focus_time
>>> birth, death = extract_focus_time("born on 14 March 1879, died on 2 March 1879").mentions
>>> certainly_before(mention_bounds(death)[0], mention_bounds(birth)[0])
True
>>> year, = extract_focus_time("died in 1879").mentions
>>> certainly_before(mention_bounds(year)[0], mention_bounds(birth)[0])
False
>>> [b.lo for b in mention_bounds(extract_focus_time("from March 1990 to 1992").mentions[0])]
[(1990, 3), (1992,)]
"""

from __future__ import annotations

import calendar
import datetime as dt
from fractions import Fraction
from typing import NamedTuple

__all__ = ["Bounds", "mention_bounds", "certainly_before", "years_between", "span_years"]

_DAYS_PER_YEAR = Fraction(1461, 4)


class Bounds(NamedTuple):
    """Earliest and latest calendar point of a claim, as ``(year,)``, ``(year, month)`` or ``(year, month, day)``."""

    lo: tuple[int, ...]
    hi: tuple[int, ...]

    @property
    def precision(self) -> int:
        """1 = year, 2 = month, 3 = day."""
        return min(len(self.lo), len(self.hi))


# the precision a unit is compared at: a year or coarser by years, a month by months, anything
# finer than a month (a week, a season, a quarter, a half, a day) by its first and last day
_YEAR_UNITS = frozenset({"year", "decade", "century", "millennium"})


def _bounds(period) -> Bounds:
    if period.unit in _YEAR_UNITS:
        return Bounds(period.first[:1], period.last[:1])
    if period.unit == "month":
        return Bounds(period.first[:2], period.last[:2])
    return Bounds(tuple(period.first), tuple(period.last))


def mention_bounds(mention) -> tuple[Bounds, ...]:
    """Bounds of a temporal mention with years: one for a point or period, two (start, end) for a range.

    Reads the mention's span (:attr:`TemporalMention.span`, the extractor's one reader of values):
    a day is compared by days, a month by months, a week, season, quarter or half by its first and
    last day, a year or coarser by years. A mention without a span (no value the reader knows)
    falls back to its years; an open range ends at its start.
    """
    years = sorted(mention.years)
    span = mention.span
    if span is None:
        return (Bounds((years[0],), (years[-1],)),)
    if not span.is_range:
        return (_bounds(span.start),)
    start = _bounds(span.start)
    return (start, start if span.end is None else _bounds(span.end))


def certainly_before(a: Bounds, b: Bounds) -> bool:
    """``a`` ends before ``b`` starts, compared at the finest precision both state."""
    n = min(a.precision, b.precision)
    return a.hi[:n] < b.lo[:n]


def _day(point: tuple[int, ...], last: bool) -> Fraction:
    """Days from year 0 to the first (or last) day ``point`` covers; exact within 1..9999."""
    year = point[0]
    month = point[1] if len(point) > 1 else (12 if last else 1)
    if len(point) > 2:
        day = point[2]
    elif 1 <= year <= 9999:
        day = calendar.monthrange(year, month)[1] if last else 1
    else:
        day = 30 if last else 1
    if 1 <= year <= 9999:
        try:
            return Fraction(dt.date(year, month, day).toordinal() + (1 if last else 0))
        except ValueError:
            pass
    return year * _DAYS_PER_YEAR + (month - 1) * _DAYS_PER_YEAR / 12 + day - 1 + (1 if last else 0)


def span_years(start: Bounds, end: Bounds) -> tuple[Fraction, Fraction]:
    """Shortest and longest length (in years) of a span from ``start`` to ``end`` (ends included).

    >>> [round(float(x), 3) for x in span_years(Bounds((1914,), (1914,)), Bounds((1918,), (1918,)))]
    [3.001, 4.999]

    (1 January 1915 to 1 January 1918 is 1,096 days; 1 January 1914 to 1 January 1919, 1,826.)
    """
    shortest = max(Fraction(0), _day(end.lo, False) - _day(start.hi, True))
    longest = _day(end.hi, True) - _day(start.lo, False)
    return shortest / _DAYS_PER_YEAR, longest / _DAYS_PER_YEAR


def years_between(origin: Bounds, at: Bounds) -> tuple[int, int]:
    """Smallest and largest whole number of years (an age) from ``origin`` to ``at``.

    >>> years_between(Bounds((1960,), (1960,)), Bounds((1975,), (1975,)))
    (14, 15)
    >>> years_between(Bounds((1960, 5, 2), (1960, 5, 2)), Bounds((1975, 5, 1), (1975, 5, 1)))
    (14, 14)
    """
    if origin.precision == 3 and at.precision == 3:
        low = at.lo[0] - origin.hi[0] - ((at.lo[1:] < origin.hi[1:]))
        high = at.hi[0] - origin.lo[0] - ((at.hi[1:] < origin.lo[1:]))
        return low, high
    return at.lo[0] - origin.hi[0] - 1, at.hi[0] - origin.lo[0]
