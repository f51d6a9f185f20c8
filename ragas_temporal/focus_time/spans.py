"""THE reader of the extractor's TIMEX values: a value becomes a :class:`TimeSpan` of calendar days.


A span is one :class:`Period` (a point: a day, a month, a season, a year, a decade ...) or two
(a range, its ends **as written**: a reversed range stays reversed, and coherence reports it), or a
start and no end (an open range, "2015–present"). A period is its first and last calendar day
and the unit it was stated in. Days are ``(year, month, day)`` tuples: they compare in calendar
order, BCE years are negative, there is no year 0.

Conventions (the one place they are written):

- **the day is the finest unit**: a time or a part of a day ("T15:00", "TMO") folds into its day;
- **seasons by month**, northern-hemisphere meteorological: spring = March–May, summer = June–
  August, autumn = September–November, winter ``Y`` = December ``Y`` – February ``Y+1`` (the
  extractor's "the winter of 1942-43" is ``1942-WI``);
- **quarters** Q1 = January–March ...; **halves** H1 = January–June, H2 = July–December;
- **weeks per ISO 8601** (``2005-W34`` runs Monday to Sunday; a weekend ``-WE`` is its week);
- **fiscal years as calendar years** (the extractor writes FY2021 as ``2021``);
- ``YYY`` / ``YYYX`` a decade, ``YY`` / ``YYXX`` a century, ``Y`` / ``YXXX`` a millennium;
- a suffix this reader does not know keeps the year it follows (coarser is safe); a value with
  no year (``PRESENT_REF``, ``XXXX-12-25``, a duration ``P3Y``) has no span: nothing orders it on
  a timeline;
- **yearless** values (a calendar name the text ties to no year, TIMEX3 ``X`` for the unknown
  digits) are read by :func:`read_yearless` as what they do state: ``XXXX-06-04`` a day,
  ``XXXX-03`` a month, ``XXXX-Q2`` a quarter, ``XXXX-H1`` a half (January–June), ``XXXX-SU`` a
  season, ``XXXX-WXX-6`` a weekday (ISO: Monday 1 ... Sunday 7);
- **relative** values with nothing to resolve them against are HeidelTime's: ``UNDEF-this-year-MINUS-1``
  ("last year", "a year ago": from the moment of writing), ``UNDEF-REF-week-MINUS-1`` ("a week
  earlier", "the week before": from the last date of the text), ``UNDEF-this-day`` ("today"):
  written by :func:`relative_value`, read by :func:`read_relative`; the same meaning is the same value.

>>> read_value("1879-03-14")
TimeSpan(start=Period(first=(1879, 3, 14), last=(1879, 3, 14), unit='day'), end=Period(first=(1879, 3, 14), last=(1879, 3, 14), unit='day'), is_range=False)
>>> read_value("1987-SP").start
Period(first=(1987, 3, 1), last=(1987, 5, 31), unit='season')
>>> s = read_value("BC0044/0014"); (s.start.first, s.end.last, s.is_range, s.precision)
((-44, 1, 1), (14, 12, 31), True, 'range')
>>> read_value("2015/PRESENT_REF").end is None, read_value("PRESENT_REF")
(True, None)
"""

from __future__ import annotations

import calendar
import datetime as dt
import functools
import re
from typing import NamedTuple

__all__ = [
    "Day",
    "UNITS",
    "OPEN_RANGE_END_WORDS",
    "Period",
    "TimeSpan",
    "read_value",
    "mention_span",
    "year_ends",
    "years_between",
    "part_of_value",
    "Yearless",
    "read_yearless",
    "relative_value",
    "read_relative",
]

Day = tuple  # (year, month, day); BCE years negative

#: The units a value states, finest first.
UNITS = ("day", "week", "month", "season", "quarter", "half", "year", "decade", "century", "millennium")

#: Season codes of TIMEX3 -> (first month, last month); a last month above 12 is in the next year.
SEASON_MONTHS = {"SP": (3, 5), "SU": (6, 8), "FA": (9, 11), "WI": (12, 14)}

#: THE words that end an open range ("2015–present", "since 1990 to now"). A mention written with
#: one is open here: the extractor closes such a range at the reference year, so the open end is
#: read from its text.
OPEN_RANGE_END_WORDS: tuple[str, ...] = ("present", "now", "today")
_OPEN_END = re.compile(rf"(?i)(?:{'|'.join(OPEN_RANGE_END_WORDS)})\W*$")
_YEAR = r"(?P<bc>BC)?(?P<digits>\d{1,4})(?P<fill>X{0,3})"
_POINT = re.compile(
    _YEAR + r"(?:-(?P<month>\d\d)(?:-(?P<day>\d\d))?(?:T.*)?"
    r"|-Q(?P<quarter>[1-4])|-H(?P<half>[12])|-(?P<season>SP|SU|FA|WI)|-W(?P<week>\d\d)(?:-WE|-\d)?)?(?P<rest>.*)$"
)
# A part of a date resolved on its own (a time or part of a day on a day; a quarter, a half or a
# season on a year): the date it hangs on, and the part.
_PART = re.compile(r"^(?P<anchor>(?:BC)?\d{4}(?:-\d\d-\d\d)?)(?P<part>T.+|-(?:Q[1-4]|H[12]|SP|SU|FA|WI))$")


class Period(NamedTuple):
    """One stated unit of time: its first and last day and the unit it was stated in."""

    first: Day
    last: Day
    unit: str

    @property
    def year(self) -> int:
        """The year the unit is named by: its first day's, an ISO week's Thursday's ("2020-W01"
        starts on 30 December 2019 and is a week of 2020).

        >>> read_value("2020-W01").start.year, read_value("1942-WI").start.year
        (2020, 1942)
        """
        if self.unit == "week":
            return (dt.date(*self.first) + dt.timedelta(days=3)).year
        return self.first[0]

    def contains(self, other: "Period") -> bool:
        """Whether ``other`` lies inside this period (ends included).

        >>> read_value("1879").start.contains(read_value("1879-03-14").start)
        True
        """
        return self.first <= other.first and other.last <= self.last


class TimeSpan(NamedTuple):
    """What a value states: ``start`` and ``end`` periods as written (``end is start``'s equal for a
    point, ``None`` when open), and whether it is a range."""

    start: Period
    end: Period | None
    is_range: bool

    @property
    def precision(self) -> str:
        """The unit of a point; ``"range"`` for a range (each end has its own unit)."""
        return "range" if self.is_range else self.start.unit

    @property
    def is_open(self) -> bool:
        return self.end is None

    @property
    def first(self) -> Day:
        """The earliest day the span covers (a reversed range: its earlier end)."""
        return self.start.first if self.end is None else min(self.start.first, self.end.first)

    @property
    def last(self) -> Day | None:
        """The latest day the span covers; ``None`` when open."""
        return None if self.end is None else max(self.start.last, self.end.last)


def _month_days(year: int, month: int) -> int:
    if month != 2:
        return (31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)[month - 1]
    astronomical = year + 1 if year < 0 else year  # 1 BC is a leap year (astronomical 0)
    return 29 if calendar.isleap(astronomical) else 28


def _months(year: int, first: int, last: int, unit: str) -> Period:
    end_year, end_month = (year + 1, last - 12) if last > 12 else (year, last)
    if year == -1 and end_year == 0:
        end_year = 1  # no year 0: the winter of 1 BC ends in AD 1
    return Period((year, first, 1), (end_year, end_month, _month_days(end_year, end_month)), unit)


def _years(first: int, last: int, unit: str) -> Period:
    return Period((first, 1, 1), (last, 12, 31), unit)


def _iso_week(year: int, week: int) -> Period | None:
    if not 1 <= year <= 9999:
        return None
    try:
        monday = dt.date.fromisocalendar(year, week, 1)
    except ValueError:
        return None
    sunday = monday + dt.timedelta(days=6)
    return Period((monday.year, monday.month, monday.day), (sunday.year, sunday.month, sunday.day), "week")


def _read_point(part: str) -> Period | None:
    match = _POINT.match(part.strip())
    if match is None:
        return None
    digits, fill, bc = match["digits"], match["fill"], match["bc"]
    sign = -1 if bc else 1
    if fill and len(digits) + len(fill) != 4:
        return None
    if len(digits) < 4:  # a decade, a century or a millennium ("199", "19XX", "1")
        if match["month"] or match["quarter"] or match["half"] or match["season"] or match["week"] or match["rest"]:
            return None
        size = 10 ** (4 - len(digits))
        unit = {10: "decade", 100: "century", 1000: "millennium"}[size]
        low = int(digits) * size
        if sign < 0:  # "BC019": 199..190 BC, stated as the later year first
            return _years(-(low + size - 1), -low if low else -1, unit)
        return _years(max(low, 1), low + size - 1, unit)
    year = sign * int(digits)
    if year == 0:
        return None
    if match["month"]:
        month = int(match["month"])
        if not 1 <= month <= 12:
            return _years(year, year, "year")
        if match["day"]:
            day = int(match["day"])
            if 1 <= day <= _month_days(year, month):
                return Period((year, month, day), (year, month, day), "day")
        return _months(year, month, month, "month")
    if match["quarter"]:
        q = int(match["quarter"])
        return _months(year, 3 * q - 2, 3 * q, "quarter")
    if match["half"]:
        h = int(match["half"])
        return _months(year, 6 * h - 5, 6 * h, "half")
    if match["season"]:
        return _months(year, *SEASON_MONTHS[match["season"]], "season")
    if match["week"]:
        return _iso_week(year, int(match["week"])) or _years(year, year, "year")
    return _years(year, year, "year")  # a bare year, or a suffix we do not read: its year


@functools.lru_cache(maxsize=4096)
def read_value(value: str | None) -> TimeSpan | None:
    """The span a TIMEX value states, or ``None`` when it states no calendar time (see above).

    >>> read_value("1990-03-03/1992-06-05").end
    Period(first=(1992, 6, 5), last=(1992, 6, 5), unit='day')
    >>> read_value("199").start, read_value("BC0753").start.unit
    (Period(first=(1990, 1, 1), last=(1999, 12, 31), unit='decade'), 'year')
    >>> read_value("2024-06-15T15:00").start.unit, read_value("2005-W34").start
    ('day', Period(first=(2005, 8, 22), last=(2005, 8, 28), unit='week'))
    >>> read_value("P3Y"), read_value("XXXX-12-25"), read_value(None)
    (None, None, None)
    """
    if not value or not isinstance(value, str):
        return None
    if "/" in value:
        first, _, second = value.partition("/")
        start = _read_point(first)
        if start is None:
            return None
        end = _read_point(second)
        return TimeSpan(start, end, True)
    point = _read_point(value)
    return None if point is None else TimeSpan(point, point, False)


@functools.lru_cache(maxsize=4096)
def mention_span(value: str | None, kind: str | None = None, text: str = "", years: frozenset = frozenset()) -> TimeSpan | None:
    """A mention's span: its value read by :func:`read_value`, with what the value cannot say.

    - a range whose text ends in "present", "now" or "today" is open, although the extractor
      closed it at the reference year ("2015–present" read on 2024-06-15 is ``2015/2024``);
    - a decade or century narrowed by "early", "mid" or "late" keeps its unit but only the years
      the extractor gave it ("the late 1970s": 1976–1979, TIMEX3 writes the part as a ``mod``).

    >>> mention_span("2015/2024", "range", "2015–present").is_open
    True
    >>> mention_span("197", "decade", "the late 1970s", frozenset(range(1976, 1980))).start
    Period(first=(1976, 1, 1), last=(1979, 12, 31), unit='decade')
    """
    span = read_value(value)
    if span is None:
        return None
    if span.is_range and _OPEN_END.search(text or ""):
        return TimeSpan(span.start, None, True)
    if not span.is_range and years and span.start.unit in ("decade", "century", "millennium"):
        low, high = min(years), max(years)
        period = span.start
        if period.first[0] <= low and high <= period.last[0] and (low, high) != (period.first[0], period.last[0]):
            narrowed = _years(low, high, period.unit)
            return TimeSpan(narrowed, narrowed, False)
    return span


def _named_years(period: Period) -> tuple[int, int]:
    if UNITS.index(period.unit) < UNITS.index("year"):
        return period.year, period.year  # a winter or a week across New Year: the year it is named by
    return period.first[0], period.last[0]


def year_ends(span: TimeSpan | None) -> tuple[int, int] | None:
    """(start, end) years of a range of years **as written** (a reversed range stays reversed),
    else ``None`` (a point, an open range, or a range of months or days, which states no length
    in years).

    >>> year_ends(read_value("1999/1990")), year_ends(read_value("BC0044/0014")), year_ends(read_value("1944-06/1944-07"))
    ((1999, 1990), (-44, 14), None)
    """
    if span is None or not span.is_range or span.end is None:
        return None
    if span.start.unit != "year" or span.end.unit != "year":
        return None
    return span.start.first[0], span.end.first[0]


def years_between(start: int, end: int) -> int:
    """Years from ``start`` to ``end`` (there is no year 0: 44 BC to AD 14 is 57 years).

    >>> years_between(1914, 1918), years_between(-44, 14), years_between(2000, 1990)
    (4, 57, -10)
    """
    length = end - start
    if start < 0 < end:
        length -= 1
    elif end < 0 < start:
        length += 1
    return length


def part_of_value(value: str | None) -> tuple[str, str] | None:
    """``(what it needs, part)`` of a value that is a part of a date resolved on its own: a time or
    part of a day needs a ``"day"``, a quarter, half or season a ``"year"``; else ``None``.

    >>> part_of_value("2024-06-15TMO"), part_of_value("2024-Q3"), part_of_value("2019-03-03")
    (('day', 'TMO'), ('year', '-Q3'), None)
    """
    match = _PART.match(value or "")
    if match is None:
        return None
    part = match["part"]
    needs = "day" if part.startswith("T") else "year"
    if needs == "day" and len(match["anchor"]) < 10:
        return None
    return needs, part


class Yearless(NamedTuple):
    """What a yearless value states: its unit (``"day"``, ``"month"``, ``"quarter"``, ``"half"``,
    ``"season"``, ``"weekday"`` or ``"weekend"``) and the unit's number within its year (a month
    and a day; a month; 1-4; 1-2; a season code; an ISO weekday, Monday 1; ``"WE"``). ``months``
    are the months it covers (none for a weekday or a weekend).
    """

    unit: str
    month: int | None = None
    day: int | None = None
    code: str | int | None = None  # the quarter (1-4), half (1-2), season ("SU") or weekday (1-7)

    @property
    def months(self) -> tuple[int, ...]:
        """The months of the year the value lies in (a winter: December, January, February).

        >>> read_yearless("XXXX-Q2").months, read_yearless("XXXX-WI").months, read_yearless("XXXX-H2").months
        ((4, 5, 6), (12, 1, 2), (7, 8, 9, 10, 11, 12))
        """
        if self.month is not None:
            return (self.month,)
        if self.unit in ("quarter", "half"):
            size = 3 if self.unit == "quarter" else 6
            return tuple(range(size * int(self.code) - size + 1, size * int(self.code) + 1))
        if self.unit == "season":
            first, last = SEASON_MONTHS[str(self.code)]
            return tuple((m - 1) % 12 + 1 for m in range(first, last + 1))
        return ()


_YEARLESS = re.compile(
    r"XXXX-(?:(?P<month>\d\d)(?:-(?P<day>\d\d))?(?:T.*)?|Q(?P<quarter>[1-4])|H(?P<half>[12])|(?P<season>SP|SU|FA|WI)|WXX-(?P<weekday>[1-7]|WE))$"
)


@functools.lru_cache(maxsize=1024)
def read_yearless(value: str | None) -> Yearless | None:
    """What a value with an unknown year states (see above), or ``None`` for any other value (a
    day that no year has, "February 30", is not a day).

    >>> read_yearless("XXXX-06-04"), read_yearless("XXXX-WXX-6")
    (Yearless(unit='day', month=6, day=4, code=None), Yearless(unit='weekday', month=None, day=None, code=6))
    >>> read_yearless("XXXX-WXX-WE").unit
    'weekend'
    >>> read_yearless("XXXX-03").unit, read_yearless("XXXX-SU").code, read_yearless("XXXX-02-30"), read_yearless("2019-06")
    ('month', 'SU', None, None)
    >>> read_yearless("XXXX-H1"), read_value("2021-H1").start
    (Yearless(unit='half', month=None, day=None, code=1), Period(first=(2021, 1, 1), last=(2021, 6, 30), unit='half'))
    """
    if not value or not value.startswith("XXXX-"):
        return None
    match = _YEARLESS.match(value)
    if match is None:
        return None
    if match["month"]:
        month = int(match["month"])
        if not 1 <= month <= 12:
            return None
        if match["day"]:
            day = int(match["day"])
            return Yearless("day", month, day) if 1 <= day <= _month_days(2000, month) else None
        return Yearless("month", month)
    if match["quarter"]:
        return Yearless("quarter", code=int(match["quarter"]))
    if match["half"]:
        return Yearless("half", code=int(match["half"]))
    if match["season"]:
        return Yearless("season", code=match["season"])
    if match["weekday"] == "WE":
        return Yearless("weekend", code="WE")
    return Yearless("weekday", code=int(match["weekday"]))


#: The units a relative value may count in.
RELATIVE_UNITS = ("day", "week", "weekend", "month", "quarter", "year", "decade", "century")
_RELATIVE = re.compile(r"UNDEF-(?P<base>this|REF)-(?P<unit>[a-z]+)(?:-(?P<sign>PLUS|MINUS)-(?P<n>\d+))?$")


@functools.lru_cache(maxsize=1024)
def relative_value(deictic: bool, unit: str, offset: int) -> str:
    """The value of a relative date with nothing to resolve it against: ``offset`` units from the
    moment of writing (``deictic``) or from the last date of the text (HeidelTime's ``UNDEF``).

    >>> relative_value(True, "year", -1), relative_value(False, "day", 2), relative_value(True, "week", 0)
    ('UNDEF-this-year-MINUS-1', 'UNDEF-REF-day-PLUS-2', 'UNDEF-this-week')
    """
    base = "this" if deictic else "REF"
    if not offset:
        return f"UNDEF-{base}-{unit}"
    return f"UNDEF-{base}-{unit}-{'PLUS' if offset > 0 else 'MINUS'}-{abs(offset)}"


def read_relative(value: str | None) -> tuple[bool, str, int] | None:
    """``(deictic, unit, offset)`` of a value written by :func:`relative_value`, else ``None``.

    >>> read_relative("UNDEF-REF-year-MINUS-1"), read_relative("UNDEF-this-day"), read_relative("2019")
    ((False, 'year', -1), (True, 'day', 0), None)
    """
    match = _RELATIVE.match(value or "")
    if match is None:
        return None
    n = int(match["n"] or 0)
    return match["base"] == "this", match["unit"], -n if match["sign"] == "MINUS" else n


#: The direction from the moment of writing that TIMEX3 names without a date (``now``, ``recently``, ``soon``).
_DIRECTIONS = {-1: "PAST_REF", 0: "PRESENT_REF", 1: "FUTURE_REF"}


@functools.lru_cache(maxsize=1024)
def implied_values(value: str | None) -> tuple[str, ...]:
    """What else a relative value with nothing to resolve it against states: the same date counted
    from the other base (an anaphoric date with no earlier date to count from counts from the
    moment of writing, HeidelTime's rule for news, so "the next day" is "tomorrow"), and its
    direction from the moment of writing ("next year" is in the future, as "soon" says).

    >>> implied_values("UNDEF-REF-day-PLUS-1"), implied_values("UNDEF-this-year")
    (('UNDEF-this-day-PLUS-1', 'FUTURE_REF'), ('UNDEF-REF-year', 'PRESENT_REF'))
    >>> implied_values("2019"), implied_values("PAST_REF")
    ((), ())
    """
    relative = read_relative(value)
    if relative is None:
        return ()
    deictic, unit, offset = relative
    return relative_value(not deictic, unit, offset), _DIRECTIONS[(offset > 0) - (offset < 0)]

