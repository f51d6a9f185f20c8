"""THE table of calendar units: how each is written, and how long each lasts.

Lengths are exact fractions of a year (a year is 365.25 days, a month 1/12 year), so "six weeks" is
exactly "42 days" and no float residue reaches a score or a reason.

>>> UNIT_WORDS["yrs"], UNIT_LENGTHS["week"] * 6 == UNIT_LENGTHS["day"] * 42
('year', True)
>>> UNIT_LENGTHS["month"] * 18
Fraction(3, 2)
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["UNIT_WORDS", "UNIT_LENGTHS"]

#: Calendar units as written -> the unit they name (plurals and abbreviations included).
UNIT_WORDS: dict[str, str] = {
    "year": "year", "years": "year", "yr": "year", "yrs": "year",
    "month": "month", "months": "month",
    "week": "week", "weeks": "week", "wk": "week", "wks": "week",
    "weekend": "weekend", "weekends": "weekend", "fortnight": "fortnight", "fortnights": "fortnight",
    "day": "day", "days": "day", "quarter": "quarter",
    "decade": "decade", "decades": "decade", "century": "century", "centuries": "century",
    "hour": "hour", "hours": "hour", "hr": "hour", "hrs": "hour",
    "minute": "minute", "minutes": "minute", "min": "minute", "mins": "minute",
}  # fmt: skip

_DAY = Fraction(4, 1461)  # 1 / 365.25 of a year
#: Length of one unit in years, exact. Weekends and quarters name a part of the calendar, not a
#: length an answer states, so they have none here.
UNIT_LENGTHS: dict[str, Fraction] = {
    "minute": _DAY / (24 * 60),
    "hour": _DAY / 24,
    "day": _DAY,
    "week": 7 * _DAY,
    "fortnight": 14 * _DAY,
    "month": Fraction(1, 12),
    "year": Fraction(1),
    "decade": Fraction(10),
    "century": Fraction(100),
}
