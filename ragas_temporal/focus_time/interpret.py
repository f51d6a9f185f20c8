"""Interpreters: turn one rule match into a mention reading (kind, normalised value, years).

Each rule in ``patterns.RULES`` names one function here. An interpreter receives the match's
groups (``Groups``, local names), the scan ``Context`` (text, reference date, current anchor)
and returns a ``Reading``, or ``None`` to reject the match (a number that is not a year).

Resolution policy (documented once, here):

* **deictic** expressions ("yesterday", "last year", "three years ago", "last Friday") resolve
  against the reference date only; without one the mention is kept with ``value=None`` and no years;
* **anaphoric** expressions ("the following year", "two years later", "that March", a bare
  "in March", "March 3", "the next day", clock times, "tonight"-style parts of day used without
  "this/last") resolve against the *anchor*: the last date earlier in the same text, whether
  written out ("in 2010") or itself resolved ("last year", "the following year", "in March");
  else against the reference date, else they stay unresolved. So "Revenue fell last year and
  recovered the following year" (reference 2024-03-15) is 2023 then 2024, and "In 2010 ... The
  following year ... Two years later" is 2010, 2011, 2013. A resolved relative date anchors at
  its own granularity (year, month or day; quarters, decades and centuries leave the anchor as
  it was). A month, day or quarter without a year takes the base's year; when the base is the
  moment of writing (the reference date, a dateline equal to it, or a date found from it such
  as "last week") it moves back (or forward) one year if the sentence is in the past (or future) tense
  and the date would otherwise lie after (or before) the base: "was introduced in January"
  written in September 2005 is January 2005, "11 December" in a past-tense sentence written in
  January 2010 is December 2009. After another explicit date, narration moves forward from it:
  "On 22 June 1941 ... By December ..." is December 1941;
* "the past/next N years|months|weeks|days" is a TIMEX3 DURATION (value ``P5Y``); its years are
  every calendar year touched by the span from N units before (or after) the base date to the
  base date: "the past 5 years" on 2019-03-03 covers 2014-2019;
* "now", "currently", "recently", "a few years ago" are TIMEX3 ``PRESENT_REF``/``PAST_REF``/
  ``FUTURE_REF``: mentions without years (a present-tense sentence does not claim a year);
* a bare weekday is the nearest such day to the reference date (ties and up to 4 days back go to
  the past: news reports past events); "this"/"coming" weekday is the next one (today included),
  "last"/"past" the previous one, "next" the first one after today.

>>> import datetime as dt
>>> from ragas_temporal.focus_time.extract import extract_focus_time
>>> sorted(extract_focus_time("the past 5 years", dt.date(2019, 3, 3)).years)
[2014, 2015, 2016, 2017, 2018, 2019]
"""

from __future__ import annotations

import calendar
import datetime as dt
import functools
import re
from typing import Callable, NamedTuple

from ragas_temporal.focus_time.context_rules import is_not_a_year, tense
from ragas_temporal.focus_time.named_periods import NAMED_PERIODS
from ragas_temporal.focus_time.normalise import format_year, two_digit_year, year_span
from ragas_temporal.focus_time.patterns import (
    DECADE_WORDS,
    HOLIDAYS,
    MONTHS,
    NUMBER_WORDS,
    ORDINAL_WORDS,
    PARTS_OF_DAY,
    SEASONS,
    VAGUE_NUMBERS,
    WEEKDAYS,
    CUE_MONTHS,
    RULES,
)


class Anchor(NamedTuple):
    """A date of year, month or day granularity (month/day ``None`` when unknown)."""

    year: int
    month: int | None = None
    day: int | None = None

    @classmethod
    def of(cls, d: dt.date) -> "Anchor":
        return cls(d.year, d.month, d.day)

    def as_date(self) -> dt.date | None:
        if self.month is None or self.day is None or not 1 <= self.year <= 9999:
            return None  # outside what datetime.date can hold
        return dt.date(self.year, self.month, self.day)

    def value(self) -> str:
        return _anchor_value(self.year, self.month, self.day)


@functools.lru_cache(maxsize=4096)
def _anchor_value(year: int, month: int | None, day: int | None) -> str:
    """TIMEX3 value of a date at its granularity (cached: the same dates recur across documents)."""
    out = format_year(year)
    if month is not None:
        out += f"-{month:02d}"
        if day is not None:
            out += f"-{day:02d}"
    return out


class Reading(NamedTuple):
    kind: str
    value: str | None
    years: frozenset[int]
    # set when later anaphora resolve against this mention: explicit dates, and resolved deictic or
    # anaphoric dates of year, month or day granularity ("last year", "the following day")
    anchor: Anchor | None = None


class Context:
    """What a scan knows at one point: the text, the reference date and the current anchor.

    ``anchor`` is the date anaphoric expressions resolve against: the last explicit date, or the
    last resolved deictic or anaphoric one ("last year", "the following year"). ``narrative`` says
    whether that anchor comes from an explicit date (possibly shifted by anaphora) rather than
    from the moment of writing: only then does it stop the sentence tense from moving a bare
    month's year (see ``tense_at``).
    """

    __slots__ = ("text", "reference", "anchor", "narrative", "_ref")

    def __init__(self, text: str, reference: dt.date | None, anchor: Anchor | None = None) -> None:
        self.text = text
        self.reference = reference
        self.anchor = anchor
        self.narrative = anchor is not None
        self._ref = Anchor(reference.year, reference.month, reference.day) if reference is not None else None

    @property
    def base(self) -> Anchor | None:
        """What anaphoric expressions resolve against: the anchor, else the reference date."""
        return self.anchor if self.anchor is not None else self._ref

    @property
    def calendar_base(self) -> Anchor | None:
        """What a calendar name without a year ("in March", "May 5", "Christmas", "the fourth
        quarter") resolves against: the anchor when it comes from a written date (possibly moved
        by anaphora), else the moment of writing. Deictic anchors ("a year ago", "last year") do
        not move these: "sales fell in January, compared to a year ago, as firms reported their
        January sales" is read as this January both times."""
        return self.anchor if self.narrative and self.anchor is not None else self._ref

    @property
    def ref(self) -> Anchor | None:
        """What deictic expressions resolve against: the reference date only."""
        return self._ref

    def tense_at(self, start: int, end: int) -> str | None:
        """The sentence tense, when it matters: only when the base is the moment of writing (the
        reference date, a dateline equal to it, or a date found from it such as "last week").
        Past-tense narration after an explicit date ("On 22 June 1941 ... By December ...")
        moves forward from that date, so it is ignored."""
        if self.narrative and self.anchor is not None and self.anchor != self._ref:
            return None
        return tense(self.text, start, end)


class Groups:
    """A rule's view of its match: groups by name, None when absent."""

    __slots__ = ("match", "start", "end")

    def __init__(self, match: re.Match):
        self.match = match  # a match of the rule's own regex (patterns.RULE_REGEX)
        self.start, self.end = match.span()

    def __call__(self, name: str) -> str | None:
        """The group's text, or None when it did not take part (or the rule has no such group)."""
        try:
            return self.match.group(name)
        except IndexError:
            return None

    def lower(self, name: str) -> str | None:
        v = self(name)
        return v.lower() if v is not None else None


Interpreter = Callable[[Groups, Context, str], "Reading | None"]

# ---------------------------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=8192)
def _explicit(kind: str, anchor: Anchor, value: str | None = None) -> Reading:
    """The reading of an explicit date (cached: readings are immutable and the same dates recur)."""
    return Reading(kind, value or anchor.value(), frozenset({anchor.year}), anchor)


@functools.lru_cache(maxsize=8192)
def _year_reading(kind: str, digits: str) -> Reading:
    """The reading of a year written in digits ("2008")."""
    return _explicit(kind, Anchor(int(digits)))


def _resolved(kind: str, anchor: Anchor | None, value: str | None = None) -> Reading:
    """A relative/anaphoric reading: no anchor update; unresolved when ``anchor`` is None."""
    if anchor is None:
        return Reading(kind, None, frozenset())
    return Reading(kind, value or anchor.value(), frozenset({anchor.year}))


def _unresolved(kind: str) -> Reading:
    return Reading(kind, None, frozenset())


_MONTH_DAYS = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _valid_day(year: int, month: int, day: int) -> bool:
    if not 1 <= month <= 12 or day < 1:
        return False
    if day <= _MONTH_DAYS[month]:
        return True
    # February 29: a leap year (proleptic; before year 1 any leap year will do)
    return month == 2 and day == 29 and (year < 1 or calendar.isleap(year))


def _year_from(g: Groups, ctx: Context, name: str = "year") -> int | None:
    y = g(name)
    if y is not None:
        return int(y)
    yy = g(name + "_yy")
    if yy is not None:
        return two_digit_year(int(yy), ctx.reference.year if ctx.reference else None)
    return None


def _tensed_year(base: Anchor, month: int, day: int | None, when: str | None) -> int:
    """Year of a month (and day) given without one: the latest such date not after the base for a
    past-tense sentence, the earliest not before it for a future one, else the base's own year.

    >>> _tensed_year(Anchor(2010, 1, 25), 12, 11, "past"), _tensed_year(Anchor(2010, 1, 25), 12, 11, None)
    (2009, 2010)
    """
    if base.month is None or when is None:
        return base.year
    here = (base.month, base.day or 31 if when == "past" else base.day or 1)
    there = (month, day or (1 if when == "past" else 31))
    if when == "past":
        return base.year - 1 if there > here else base.year
    return base.year + 1 if there < here else base.year


def _shift_months(year: int, month: int, k: int) -> tuple[int, int]:
    t = year * 12 + (month - 1) + k
    return t // 12, t % 12 + 1


def _shift(anchor: Anchor, unit: str, k: int) -> Anchor:
    """Move ``anchor`` by k units, keeping (at most) the anchor's own granularity."""
    if k == 0:
        return anchor
    if unit in ("year", "decade", "century"):
        step = {"year": 1, "decade": 10, "century": 100}[unit] * k
        y = anchor.year + step
        if anchor.year > 0 >= y or anchor.year < 0 <= y:  # no year 0 in historical numbering
            y += -1 if step < 0 else 1
        if anchor.month is not None and anchor.day is not None and not _valid_day(y, anchor.month, anchor.day):
            return Anchor(y, anchor.month, 28)
        return Anchor(y, anchor.month, anchor.day)
    if unit == "month":
        if anchor.month is None:
            return Anchor(anchor.year)
        y, m = _shift_months(anchor.year, anchor.month, k)
        if anchor.day is None:
            return Anchor(y, m)
        return Anchor(y, m, min(anchor.day, calendar.monthrange(y if y >= 1 else 4, m)[1]))
    days = {"day": 1, "week": 7, "fortnight": 14}[unit] * k
    d = anchor.as_date()
    if d is None:
        return anchor
    try:
        return Anchor.of(d + dt.timedelta(days=days))
    except OverflowError:
        return anchor


def _at_granularity(anchor: Anchor, unit: str) -> Anchor | None:
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


def _unit(word: str) -> str:
    w = word.lower().rstrip("s")
    return {"yr": "year", "wk": "week", "centurie": "century", "centurie ": "century"}.get(w, w)


def _number(word: str) -> int | None:
    w = " ".join(word.lower().split()).replace(",", "")
    if w.isdigit():
        return int(w)
    return NUMBER_WORDS.get(w)


def _qualified(years: list[int], qual: str | None) -> frozenset[int]:
    """early = first 40%, mid = 30%-80%, late = last 40% of the span.

    A decade's early/mid/late are its years 0-3, 3-7 and 6-9 (METRICS.md); a century scales the
    same shares: 00-39, 30-79, 60-99.
    """
    if not qual:
        return frozenset(years)
    n = len(years)
    q = qual.lower()
    if q == "early":
        return frozenset(years[: round(n * 0.4)])
    if q == "mid":
        return frozenset(years[round(n * 0.3) : round(n * 0.8)])
    return frozenset(years[n - round(n * 0.4) :])


# ---------------------------------------------------------------------------------------------
# interpreters: explicit dates and years
# ---------------------------------------------------------------------------------------------


def ymd(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """Full dates: 2019-03-03, March 3, 2019, 3rd of March 2019, 2019/03/03."""
    y = _year_from(g, ctx)
    mo = g("month")
    m = MONTHS[mo.lower()] if not mo.isdigit() else int(mo)
    d = int(g("day"))
    if not _valid_day(y, m, d):
        return _explicit(kind, Anchor(y, m)) if 1 <= m <= 12 else None
    anchor = Anchor(y, m, d)
    d2 = g("day2")
    if d2 is not None and _valid_day(y, m, int(d2)) and int(d2) > d:
        end = Anchor(y, m, int(d2))
        return Reading("date", f"{anchor.value()}/{end.value()}", frozenset({y}), end)
    return _explicit(kind, anchor)


def month_range(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """June–July 1944, 30 June – 2 July 1944, between May and August 2008 (one year, both ends)."""
    y = _year_from(g, ctx)
    m1, m2 = MONTHS[g.lower("m1")], MONTHS[g.lower("m2")]
    if g("pre") and g.lower("pre") == "from" and " and " in g.match.group().lower():
        return None  # "from May and June 2008" is not a range form
    d1, d2 = g("d1") or g("d1b"), g("d2") or g("d2b")
    a = Anchor(y, m1, int(d1)) if d1 and _valid_day(y, m1, int(d1)) else Anchor(y, m1)
    b = Anchor(y, m2, int(d2)) if d2 and _valid_day(y, m2, int(d2)) else Anchor(y, m2)
    if m2 < m1:  # "December–January 2009": the first month is in the previous year
        a = Anchor(y - 1, a.month, a.day)
    return Reading(kind, f"{a.value()}/{b.value()}", year_span(a.year, b.year), b)


_DATEPARSER_SETTINGS = {"STRICT_PARSING": True, "REQUIRE_PARTS": ["day", "month", "year"]}


def rare_date(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """2019 March 3, March the 3rd, 2019, the 3rd day of March, 2019.

    These rarer word orders are normalised by ``dateparser`` on the matched span only (it is
    imported on first use and never scans a whole document); if it declines, the year stays.
    """
    import dateparser  # lazy: most texts never need it

    year = int(g("year") or g("year2") or g("year3"))
    parsed = dateparser.parse(g.match.group(), languages=["en"], settings=_DATEPARSER_SETTINGS)
    if parsed is None or parsed.year != year:
        return _explicit(kind, Anchor(year))
    return _explicit(kind, Anchor(parsed.year, parsed.month, parsed.day))


def numeric_date(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """3/3/2019, 03.03.2019, 9/9/99: month-first for '/', day-first for '.' and '-' unless impossible."""
    a, b, sep = int(g("a")), int(g("b")), g("sep")
    if g("year") is not None:
        y = int(g("year"))
    else:
        if sep != "/" and not (len(g("a")) == 2 and len(g("b")) == 2):
            return None  # "3.3.19" is more often a version or a score than a date; "27.03.15" is a date
        y = two_digit_year(int(g("yy")), ctx.reference.year if ctx.reference else None)
    month_first = sep == "/"
    if a > 12 >= b:
        month_first = False
    elif b > 12 >= a:
        month_first = True
    m, d = (a, b) if month_first else (b, a)
    if not _valid_day(y, m, d):
        return None
    return _explicit(kind, Anchor(y, m, d))


def _era_sign(era: str | None) -> int | None:
    if not era:
        return None
    return -1 if era.replace(".", "").upper().startswith("B") else 1


def era_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """753 BC, 44 BCE, AD 14, 14 AD, 300 CE (historical numbering: 753 BC = -753)."""
    y = int(g("year").replace(",", ""))
    if y == 0:
        return None
    y *= _era_sign(g("era"))
    return _explicit(kind, Anchor(y))


def era_range(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """from 27 BC to AD 14, 500-450 BC, AD 14-37."""
    y1 = int(g("y1"))
    y2 = int(g("y2") or g("y2a"))
    end_sign = 1 if g("ad2") else _era_sign(g("era2"))
    start_sign = 1 if g("ad1") else (_era_sign(g("era1")) or end_sign)
    if y1 == 0 or y2 == 0:
        return None
    a, b = y1 * start_sign, y2 * end_sign
    if a > b:
        return None
    return Reading(kind, f"{format_year(a)}/{format_year(b)}", year_span(a, b), Anchor(b))


def year_range(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """2008-2010, 2008–10, from 1990 to 1995, between 1990 and 1995; "2019-03" is a month."""
    if g("b1") is not None:
        y1, y2 = int(g("b1")), int(g("b2"))
    else:
        y1, raw = int(g("y1")), g("y2")
        sep = g("sep").strip()
        if len(raw) == 2:
            yy = int(raw)
            y2 = y1 // 100 * 100 + yy
            if y2 <= y1:
                y2 = y2 + 100 if y2 + 100 - y1 <= 10 else None  # "1999-00"
            if y2 is None:
                if sep == "-" and 1 <= yy <= 12 and not g("from"):
                    return _explicit("date", Anchor(y1, yy))  # ISO year-month
                return None if is_not_a_year(ctx.text, g.start, g.end) else _explicit("year", Anchor(y1))
        else:
            y2 = int(raw)
        if y2 <= y1:
            return None
    if is_not_a_year(ctx.text, g.start, g.end, plural_nouns=y2 - y1 > 30):  # "1000-2000 people" counts
        return None
    return Reading(kind, f"{format_year(y1)}/{format_year(y2)}", year_span(y1, y2), Anchor(y2))


def month_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """March 2019, Mar. 2019, March of 2019, early June 2019."""
    y = _year_from(g, ctx)
    return _explicit(kind, Anchor(y, MONTHS[g.lower("month")]))


def apostrophe_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """in '08 -> 2008 (century chosen near the reference year; fixed pivot without one)."""
    if is_not_a_year(ctx.text, g.start, g.end):
        return None
    y = two_digit_year(int(g("yy")), ctx.reference.year if ctx.reference else None)
    return _explicit(kind, Anchor(y))


def the_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """the year 850."""
    y = int(g("year"))
    return _explicit(kind, Anchor(y)) if y > 0 else None


def bare_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """2008, unless the context says it is a count, an amount, an id or a phone number."""
    if is_not_a_year(ctx.text, g.start, g.end):
        return None
    return _year_reading(kind, g("year"))


def fiscal_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """FY2021, FY21, fiscal 2021, fiscal year 2021: the year named; FY2021/22 covers both years."""
    raw = g("y") or g("y4")
    y = int(raw) if len(raw) == 4 else two_digit_year(int(raw), ctx.reference.year if ctx.reference else None)
    raw2 = g("y2")
    if raw2:
        y2 = int(raw2) if len(raw2) == 4 else y // 100 * 100 + int(raw2)
        if y < y2 <= y + 1:
            return Reading(kind, f"{format_year(y)}/{format_year(y2)}", year_span(y, y2), Anchor(y2))
    return _explicit(kind, Anchor(y))


# ---------------------------------------------------------------------------------------------
# decades, centuries, named periods
# ---------------------------------------------------------------------------------------------


def _decade(kind: str, start: int, qual: str | None) -> Reading:
    return Reading(kind, f"{start // 10:03d}", _qualified(list(range(start, start + 10)), qual))


def _century(start: int, qual: str | None) -> Reading:
    return Reading("century", f"{start // 100:02d}", _qualified(list(range(start, start + 100)), qual))


def decade_digits(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """1990s, the 1990s, early 1990s, mid-1700s and the 1800s (centuries), 2000s (a decade)."""
    d = int(g("d"))
    if d % 10 == 0 and d != 200:
        return _century(d * 10, g("qual"))
    return _decade(kind, d * 10, g("qual"))


_POSSESSIVES = re.compile(r"(?:his|her|their|my|your|our|its|whose|in)\s+$", re.IGNORECASE)


def decade_short(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """the '90s, '90s, 90s; not ages ("in his 30s")."""
    if _POSSESSIVES.search(ctx.text[max(0, g.start - 8) : g.start]) and not g("the") and not g("apos"):
        return None
    d = int(g("d"))
    ref = ctx.reference.year if ctx.reference else None
    if ref is None:
        start = 2000 + d * 10 if d <= 1 else 1900 + d * 10
    else:
        start = 2000 + d * 10 if 2000 + d * 10 <= ref else 1900 + d * 10
    return _decade(kind, start, g("qual"))


def decade_words(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """the nineties, the early sixties, the noughties."""
    w = g.lower("w")
    start = 2000 if w == "noughties" else 1900 + DECADE_WORDS[w] * 10
    return _decade(kind, start, g("qual"))


def century(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """19th century (1800-1899), the twenty-first century, 5th century BC (500-401 BC)."""
    n = int(g("n")) if g("n") else ORDINAL_WORDS[" ".join(g.lower("w").split())]
    if n == 0:
        return None
    if _era_sign(g("era")) == -1:
        years = list(range(-n * 100, -(n - 1) * 100))  # chronological: 500 BC ... 401 BC
        ys = _qualified(years, g("qual"))
        return Reading(kind, f"{format_year(min(ys))}/{format_year(max(ys))}", ys)
    return _century((n - 1) * 100, g("qual"))


def named_period(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """World War II, the Cold War, ... (table in named_periods.py)."""
    for i, period in enumerate(NAMED_PERIODS):
        if g(f"p{i}") is not None:
            value = format_year(period.first)
            if period.last != period.first:
                value += "/" + format_year(period.last)
            return Reading(kind, value, year_span(period.first, period.last))
    return None


# ---------------------------------------------------------------------------------------------
# quarters, seasons, holidays
# ---------------------------------------------------------------------------------------------

_ORDINAL_QUARTER = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
                    "final": 4, "last": 4}  # fmt: skip


def quarter(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """Q3 2008, the third quarter of 2008, the first quarter of last year, the fourth quarter."""
    q = int(g("q")[1]) if g("q") else _ORDINAL_QUARTER[g.lower("ord")]
    y = _year_from(g, ctx)
    if y is not None:
        return _explicit("date", Anchor(y), f"{format_year(y)}-Q{q}")
    rel = g.lower("rel")
    if rel in ("this", "current", "last", "next"):
        base = ctx.ref
        kind = "relative"
        if base is not None:
            base = _shift(base, "year", {"this": 0, "current": 0, "last": -1, "next": 1}[rel])
    else:
        kind = "anaphoric"
        base = ctx.calendar_base if rel is None else ctx.base
        if base is not None and rel in ("previous", "following"):
            base = _shift(base, "year", -1 if rel == "previous" else 1)
        elif base is not None and rel is None and not g("the_year") and base.month is not None:
            # "the fourth quarter" in a past-tense sentence written in March: last year's
            year = _tensed_year(base, 3 * q, 28, ctx.tense_at(g.start, g.end))
            base = Anchor(year)
    if base is None:
        return _unresolved(kind)
    return Reading(kind, f"{format_year(base.year)}-Q{q}", frozenset({base.year}))


_SEASON_MONTHS = {"SP": (3, 5), "SU": (6, 8), "FA": (9, 11), "WI": (12, 14)}


def season(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """winter 2014, last summer, in the spring, this fall (bare "fall" needs a determiner)."""
    word, mod = g.lower("s"), (" ".join(g.lower("mod").split()) if g("mod") else None)
    code = SEASONS[word]
    y = _year_from(g, ctx)
    if y is not None:
        raw2 = g("y2")
        if raw2:  # "the winter of 1942-43"
            y2 = int(raw2) if len(raw2) == 4 else y // 100 * 100 + int(raw2)
            if y2 == y + 1:
                return Reading("date", f"{format_year(y)}-{code}", frozenset({y, y2}), Anchor(y2))
        return _explicit("date", Anchor(y), f"{format_year(y)}-{code}")
    if word == "fall" and mod not in ("last", "next", "this", "that", "the", "in the", "during", "over",
                                      "the following", "the next", "the previous", "the preceding", "following"):
        return None
    if mod in ("the following", "the next", "following", "the previous", "the preceding"):
        base = ctx.base  # "the following spring": the base's year plus one
        if base is None:
            return _unresolved("anaphoric")
        year = base.year + (-1 if mod in ("the previous", "the preceding") else 1)
        return Reading("anaphoric", f"{format_year(year)}-{code}", frozenset({year}))
    if mod in ("last", "next", "this"):
        ref = ctx.ref
        if ref is None:
            return _unresolved("relative")
        first, last = _SEASON_MONTHS[code]
        ym = ref.month if ref.month >= first or code != "WI" else ref.month + 12
        year = ref.year if ref.month >= 3 or code != "WI" else ref.year - 1  # Jan/Feb belong to last winter
        if mod == "last" and not ym > last:
            year -= 1
        elif mod == "next" and not ym < first:
            year += 1
        return Reading("relative", f"{format_year(year)}-{code}", frozenset({year}))
    base = ctx.calendar_base
    if base is None:
        return _unresolved("anaphoric")
    return Reading("anaphoric", f"{format_year(base.year)}-{code}", frozenset({base.year}))


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> dt.date:
    """n-th (1-based; -1 = last) given weekday of a month."""
    if n > 0:
        first = dt.date(year, month, 1)
        return first + dt.timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = dt.date(year, month, calendar.monthrange(year, month)[1])
    return last - dt.timedelta(days=(last.weekday() - weekday) % 7)


def easter(year: int) -> dt.date:
    """Western Easter Sunday (anonymous Gregorian computus).

    >>> easter(2019), easter(2024)
    (datetime.date(2019, 4, 21), datetime.date(2024, 3, 31))
    """
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l_) // 451
    month = (h + l_ - 7 * m + 114) // 31
    return dt.date(year, month, (h + l_ - 7 * m + 114) % 31 + 1)


_MOVABLE: dict[str, Callable[[int], dt.date]] = {
    "easter": easter,
    "good_friday": lambda y: easter(y) - dt.timedelta(days=2),
    "easter_monday": lambda y: easter(y) + dt.timedelta(days=1),
    "thanksgiving_us": lambda y: _nth_weekday(y, 11, 3, 4),
    "labor_day_us": lambda y: _nth_weekday(y, 9, 0, 1),
    "memorial_day_us": lambda y: _nth_weekday(y, 5, 0, -1),
    "mothers_day_us": lambda y: _nth_weekday(y, 5, 6, 2),
    "fathers_day_us": lambda y: _nth_weekday(y, 6, 6, 3),
}


def _holiday_value(spec: object, year: int) -> tuple[str, dt.date | None]:
    if year < 1 or year > 9999:
        return format_year(year), None
    if isinstance(spec, tuple):
        d = dt.date(year, spec[0], spec[1])
    elif isinstance(spec, str):
        d = _MOVABLE[spec](year)
    else:
        return format_year(year), None
    return d.isoformat(), d


def holiday(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """Christmas, Xmas 2013, last Easter, Thanksgiving, New Year's Eve, Halloween."""
    spec = next(s for i, (_, s) in enumerate(HOLIDAYS) if g(f"h{i}") is not None)
    y = _year_from(g, ctx)
    if y is not None:
        value, _ = _holiday_value(spec, y)
        return _explicit("date", Anchor(y), value)
    mod = g.lower("mod")
    if mod in ("last", "next"):
        ref = ctx.reference
        if ref is None:
            return _unresolved("relative")
        year = ref.year
        _, d = _holiday_value(spec, year)
        if mod == "last" and d is not None and d >= ref:
            year -= 1
        elif mod == "next" and d is not None and d <= ref:
            year += 1
        value, _ = _holiday_value(spec, year)
        return Reading("relative", value, frozenset({year}))
    base = ctx.calendar_base
    if base is None:
        return _unresolved("anaphoric")
    year = base.year
    if isinstance(spec, tuple) and spec == (1, 1) and base.month == 12:
        year += 1  # "New Year's Day" said in December is the coming one
    value, _ = _holiday_value(spec, year)
    return Reading("anaphoric", value, frozenset({year}))


# ---------------------------------------------------------------------------------------------
# deictic and anaphoric expressions
# ---------------------------------------------------------------------------------------------

_DAY_OFFSETS = {
    "today": 0, "tonight": 0, "tonite": 0, "tdy": 0, "2day": 0, "2nite": 0, "2night": 0,
    "yesterday": -1, "yday": -1,
    "tomorrow": 1, "tmr": 1, "tmrw": 1, "tmrrw": 1, "tomoz": 1, "2moro": 1, "2morrow": 1,
    "the day before yesterday": -2, "the day after tomorrow": 2,
}  # fmt: skip


def _day_value(anchor: Anchor, part: str | None) -> str:
    v = anchor.value()
    code = PARTS_OF_DAY.get((part or "").lower().rstrip("s"), "DT" if part else None)
    if code and anchor.day is not None:
        v += "T" + code
    return v


def day_relative(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """today, tonight, yesterday, tomorrow (and chat spellings: tmr, 2day), optional part of day."""
    w = g.lower("w")
    if " " in w or "\t" in w or "\n" in w:
        w = " ".join(w.split())
    ref = ctx.ref
    if ref is None:
        return _unresolved(kind)
    a = _shift(ref, "day", _DAY_OFFSETS.get(w, 0))
    part = g("part") or ("night" if w in ("tonight", "tonite", "2nite", "2night") else None)
    return Reading(kind, _day_value(a, part), frozenset({a.year}), a)


def part_of_day(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """this morning, last night, yesterday evening, tomorrow afternoon."""
    mod = g.lower("mod")
    ref = ctx.ref
    if ref is None:
        return _unresolved(kind)
    offset = {"this": 0, "last": -1, "yesterday": -1}.get(mod, 1)
    a = _shift(ref, "day", offset)
    return Reading(kind, _day_value(a, g("part")), frozenset({a.year}), a)


def _unit_value(anchor: Anchor, unit: str) -> str:
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


def _unit_years(anchor: Anchor, unit: str) -> frozenset[int]:
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


def _shift_unit(anchor: Anchor, unit: str, k: int) -> Anchor:
    if unit == "quarter":
        return _shift(anchor, "month", 3 * k) if anchor.month is not None else anchor
    if unit == "weekend":
        return _shift(anchor, "week", k)
    return _shift(anchor, unit, k)


def unit_relative(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """this/last/next year|month|week|weekend|quarter|decade|century; the following/previous/same year."""
    mod, unit, the = g.lower("mod"), _unit(g("unit")), g("the")
    mod = {"nxt": "next"}.get(mod, mod)
    if the and mod in ("past", "last") and unit in ("decade", "century"):
        the = None  # "the past decade" names the previous decade (TimeML: 200), like "last decade"
    if the and mod in ("past", "last"):  # "the past year": a duration of one unit before the base
        return _duration(ctx, kind, -1, 1, unit)
    if the and mod in ("next", "following", "previous", "preceding", "same") or mod in ("that", "same"):
        base = ctx.base
        kind = "anaphoric"
    else:
        base = ctx.ref
        kind = "relative"
    if base is None:
        return _unresolved(kind)
    k = {"last": -1, "past": -1, "previous": -1, "preceding": -1, "next": 1, "coming": 1, "upcoming": 1,
         "following": 1}.get(mod, 0)  # fmt: skip
    a = _shift_unit(base, unit, k)
    # "this year", "the same year": the base itself stays the anchor (at its own, finer granularity)
    anchor = base if k == 0 and unit not in ("decade", "century", "quarter") else _at_granularity(a, unit)
    return Reading(kind, _unit_value(a, unit), _unit_years(a, unit), anchor)


def unit_before_after(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """the year before, the year after, the day before, the month earlier."""
    unit, direction = _unit(g("unit")), g.lower("dir")
    base = ctx.base
    if base is None:
        return _unresolved(kind)
    a = _shift(base, unit, -1 if direction in ("before", "earlier", "previous", "prior") else 1)
    return Reading(kind, _unit_value(a, unit), frozenset({a.year}), _at_granularity(a, unit))


def day_anaphoric(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """the same day, that day, the next day, the following morning, the previous evening."""
    mod, unit = g.lower("mod"), g.lower("unit") or g.lower("unit2")
    base = ctx.ref if mod == "this" else ctx.base
    if base is None:
        return _unresolved(kind)
    if unit == "week":  # "the week": the base's week
        return Reading(kind, _unit_value(base, "week"), _unit_years(base, "week"))
    a = _shift(base, "day", {"next": 1, "following": 1, "previous": -1, "preceding": -1}.get(mod, 0))
    return Reading(kind, _day_value(a, None if unit in ("day", "hour") else unit), frozenset({a.year}), a)


def _duration(ctx: Context, kind: str, sign: int, n: int, unit: str) -> Reading:
    base = ctx.ref if kind == "relative" else ctx.base
    if base is None:
        return _unresolved(kind)
    if unit == "quarter":
        unit, n = "month", 3 * n
    far = _shift(base, "week" if unit == "weekend" else unit, sign * n)
    code = {"year": "Y", "month": "M", "week": "W", "weekend": "W", "day": "D", "decade": "DE", "century": "CE",
            "fortnight": "W"}[unit]  # fmt: skip
    count = 2 * n if unit == "fortnight" else n
    return Reading(kind, f"P{count}{code}", year_span(far.year, base.year))


def past_n(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """the past 5 years, the last three months, the next two decades, the following 3 years."""
    n = _number(g("num"))
    direction, unit = g.lower("dir"), _unit(g("unit"))
    kind = "anaphoric" if direction in ("previous", "preceding", "following") and g("the") else "relative"
    if n is None:  # "the past few years": vague
        return Reading(kind, "PAST_REF" if direction in ("past", "last", "previous", "preceding") else "FUTURE_REF",
                       frozenset())  # fmt: skip
    sign = -1 if direction in ("past", "last", "previous", "preceding") else 1
    return _duration(ctx, kind, sign, n, unit)


def ago(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """three years ago, a week ago, two years later, a decade earlier, 5 days from now."""
    n = _number(g("num"))
    unit, direction = _unit(g("unit")), " ".join(g.lower("dir").split())
    anaphoric = direction in ("earlier", "later")
    kind = "anaphoric" if anaphoric else "relative"
    sign = 1 if direction in ("later", "from now", "hence") else -1
    if n is None:
        return Reading(kind, "PAST_REF" if sign < 0 else "FUTURE_REF", frozenset())
    base = ctx.base if anaphoric else ctx.ref
    if base is None:
        return _unresolved(kind)
    if unit == "fortnight":
        unit, n = "week", 2 * n
    if unit in ("hour", "hr", "minute", "min"):  # "3 hours ago": the base day, or the day before
        unit, n = "day", (n // 24 if unit in ("hour", "hr") else n // 1440)
    a = _shift(base, unit, sign * n)
    gran = "day" if unit in ("day", "week") else ("month" if unit == "month" else "year")
    return Reading(kind, _unit_value(a, gran), frozenset({a.year}), _at_granularity(a, gran))


def _weekday_date(ref: dt.date, weekday_: int, mod: str | None) -> dt.date:
    forward = (weekday_ - ref.weekday()) % 7
    if mod in ("last", "past", "this past"):
        delta = -(7 - forward) if forward else -7
    elif mod in ("next", "nxt"):
        delta = forward or 7
    elif mod in ("this", "coming", "this coming"):
        delta = forward
    else:  # bare or "on": nearest, news-style past preference for ties
        delta = forward if forward <= 2 else forward - 7
    return ref + dt.timedelta(days=delta)


def weekday(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """Monday, on Friday, last Friday, next Tuesday, this sat, Friday night; "every Monday" is a set."""
    word = g.lower("weekday")
    mod = " ".join(g.lower("mod").split()) if g("mod") else None
    if len(word) <= 5 and word not in ("monday", "friday", "sunday") and mod is None:
        return None  # bare abbreviations (Sun, Sat, Wed) are too often other words
    if mod == "every":
        return Reading("relative", f"XXXX-WXX-{WEEKDAYS[word] + 1}", frozenset())
    ref = ctx.reference
    if ref is None:
        return _unresolved(kind)
    try:
        a = Anchor.of(_weekday_date(ref, WEEKDAYS[word], mod))
    except OverflowError:  # a reference date in the first or last week of year 1 or 9999
        return _unresolved(kind)
    return Reading(kind, _day_value(a, g("part")), frozenset({a.year}), a)


def weekday_the_day(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """Friday the 13th: the nearest month to the base date whose 13th is a Friday."""
    base = ctx.calendar_base
    day_, wd = int(g("day")), WEEKDAYS[g.lower("weekday")]
    if base is None or base.year < 2 or base.year > 9998:
        return _unresolved("anaphoric")
    month = base.month or 6
    for k in sorted(range(-14, 15), key=abs):
        y, m = _shift_months(base.year, month, k)
        if _valid_day(y, m, day_) and dt.date(y, m, day_).weekday() == wd:
            return Reading("anaphoric", Anchor(y, m, day_).value(), frozenset({y}))
    return _unresolved("anaphoric")


def month_day(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """March 3, 3rd of March, the 14th of June: the year of the last written date (or of a date
    continued from it), else of the reference (see ``Context.calendar_base``)."""
    mname, dname = ("month", "day") if g("month") else ("month2", "day2")
    m, d = MONTHS[g.lower(mname)], int(g(dname))
    if not _valid_day(2000, m, d):
        return None
    base = ctx.calendar_base
    if base is None:
        return _unresolved(kind)
    year = _tensed_year(base, m, d, ctx.tense_at(g.start, g.end))
    a = Anchor(year, m, d)
    return Reading(kind, a.value(), frozenset({year}), a)


def month_bare(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """in March, that June, last March, next May, early June; bare May/March and abbreviations need a cue."""
    word = g.lower("month")
    mod = " ".join(g.lower("mod").split()) if g("mod") else None
    if mod is None and (word in CUE_MONTHS or word not in ("june", "july") and len(word) <= 4):
        return None
    m = MONTHS[word]
    rel = g.lower("rel")
    if rel:  # "October of next year"
        ref = ctx.ref
        if ref is None:
            return _unresolved("relative")
        year = ref.year + {"this": 0, "last": -1, "next": 1}[rel]
        return Reading("relative", Anchor(year, m).value(), frozenset({year}), Anchor(year, m))
    if mod in ("last", "next", "nxt", "this"):
        ref = ctx.ref
        if ref is None:
            return _unresolved("relative")
        year = ref.year
        if mod == "last" and m >= ref.month:
            year -= 1
        elif mod in ("next", "nxt") and m <= ref.month:
            year += 1
        return Reading("relative", Anchor(year, m).value(), frozenset({year}), Anchor(year, m))
    base = ctx.calendar_base
    if base is None:
        return _unresolved(kind)
    year = base.year if mod == "that" else _tensed_year(base, m, None, ctx.tense_at(g.start, g.end))
    return Reading(kind, Anchor(year, m).value(), frozenset({year}), Anchor(year, m))


def clock(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """9am, 10:30 pm, 14:00 UTC, 1400 GMT: a time on the day of the last date, else of the reference."""
    h = int(g("h"))
    mi = int(g("mi") or 0)
    ap = g.lower("ap")
    if ap:
        if h == 0 or h > 12:
            return None
        h = h % 12 + (12 if ap.startswith("p") else 0)
    base = ctx.base
    if base is None:
        return _unresolved("anaphoric")
    value = base.value()
    if base.day is not None:
        value += f"T{h:02d}:{mi:02d}"
    return Reading("anaphoric", value, frozenset({base.year}))


def part_of_day_bare(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """tonight-style words on their own (the night, at midnight, overnight, the weekend)."""
    part = g.lower("part")
    if (g.lower("mod") or "") in ("every", "each"):
        return Reading(kind, "XXXX-XX-XX", frozenset())  # a set ("every night"), not a date
    base = ctx.base
    if base is None:
        return _unresolved(kind)
    if part == "weekend":
        return Reading(kind, _unit_value(base, "weekend"), _unit_years(base, "weekend"))
    return Reading(kind, _day_value(base, part), frozenset({base.year}))


_REF_WORDS = {
    "now": "PRESENT_REF", "right now": "PRESENT_REF", "nowadays": "PRESENT_REF", "currently": "PRESENT_REF",
    "at present": "PRESENT_REF", "presently": "PRESENT_REF", "at the moment": "PRESENT_REF",
    "these days": "PRESENT_REF", "recently": "PAST_REF", "lately": "PAST_REF", "in recent years": "PAST_REF",
    "in the past": "PAST_REF", "soon": "FUTURE_REF", "in the near future": "FUTURE_REF",
    "in the future": "FUTURE_REF",
}  # fmt: skip


def ref_word(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """now, currently, recently, soon: TIMEX3 PRESENT_REF/PAST_REF/FUTURE_REF, no years."""
    return Reading(kind, _REF_WORDS[" ".join(g.lower("w").split())], frozenset())


#: Rule interpreter name -> function; every rule of the table must name one defined above.
INTERPRETERS: dict[str, Interpreter] = {rule.interpreter: globals()[rule.interpreter] for rule in RULES}
