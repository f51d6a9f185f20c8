"""Interpreters of the table's full dates and month-and-year rules: written, ISO and numeric
dates, month ranges within one year, and the rarer word orders read by ``dateparser``."""

from __future__ import annotations

from ragas_temporal.focus_time.context_rules import short_year_rejection
from ragas_temporal.focus_time.interpret.anaphoric import month_day
from ragas_temporal.focus_time.interpret.calendar_math import valid_day
from ragas_temporal.focus_time.interpret.core import (
    Anchor,
    Context,
    Groups,
    Reading,
    era_sign,
    explicit_reading,
    year_from,
)
from ragas_temporal.focus_time.cjk_numerals import cjk_number
from ragas_temporal.focus_time.normalise import format_year, two_digit_year, year_span
from ragas_temporal.focus_time.patterns import (
    CJK_COUNT_MARKS_AFTER,
    CJK_COUNT_MARKS_BEFORE,
    CJK_DURATION_CUES,
    CJK_HALVES,
    MONTHS,
)


def ymd(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """Full dates: 2019-03-03, March 3, 2019, 3rd of March 2019, 2019/03/03."""
    y = year_from(g, ctx)
    mo = g("month")
    m = MONTHS[mo.lower()] if not mo.isdigit() else int(mo)
    d = int(g("day"))
    if not valid_day(y, m, d):
        return explicit_reading(kind, Anchor(y, m)) if 1 <= m <= 12 else None
    anchor = Anchor(y, m, d)
    d2 = g("day2")
    if d2 is not None and valid_day(y, m, int(d2)) and int(d2) > d:
        end = Anchor(y, m, int(d2))
        return Reading("date", f"{anchor.value()}/{end.value()}", frozenset({y}), end)
    return explicit_reading(kind, anchor)


def cjk_date(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """Dates written with CJK unit characters, at the precision written: 1949年 and 1988년 are
    years, 1949年10月 a month, 1949年10月1日 and 1948년 8월 15일 days (a day the month does not
    have leaves the month), 2008年上半年 a half and 2008年第一季度 a quarter. Numerals are read as
    digits (一九九一年三月二十八日: ``cjk_numerals``). A count of years followed by a duration
    word (``CJK_DURATION_CUES``: "1000年以上", "2000年的历史", "1000년 동안") is a length of time,
    not a year. A two-digit year ("96年", "九六年") takes its century from the last date of the
    text, else the reference date, as "'96" does, when it is no count (``CJK_COUNT_MARKS_BEFORE``).

    >>> import datetime as dt
    >>> from ragas_temporal.focus_time.extract import scan
    >>> [m.value for m in scan("中华人民共和国于1949年10月1日成立。1949年10月，1988년.")]
    ['1949-10-01', '1949-10', '1988']
    >>> [m.value for m in scan("故宫有1000年以上的历史。1000년 동안")]
    []
    >>> [m.value for m in scan("一九九一年三月二十八日，二〇〇八年上半年，九六年，三十年来", dt.date(1997, 1, 1))]
    ['1991-03-28', '2008-H1', '1996']
    """
    part = g("month") is not None or g("half") is not None or g("q") is not None
    if g("yy") is not None:
        y = _two_digit_cjk_year(g, ctx, part)
        if y is None:
            return None
    else:
        y = int(g("year"))
    if not part:
        if ctx.text[g.match.end() :].lstrip(" \t").startswith(CJK_DURATION_CUES):
            return None  # "1000年以上", "1000년 동안": a length of time
        return explicit_reading("year", Anchor(y))
    return cjk_in_year(g, y, kind)


def _two_digit_cjk_year(g: Groups, ctx: Context, part: bool) -> int | None:
    raw = g("yy")
    if not part:
        text, tens, units = ctx.text, int(raw[0]), int(raw[1])
        if units == 0 or units == tens + 1:
            return None  # "50年" fifty years, "七八年" seven or eight years
        if g.start and text[g.start - 1] in CJK_COUNT_MARKS_BEFORE:
            return None
        if text[g.end :].lstrip(" \t").startswith(CJK_COUNT_MARKS_AFTER + CJK_DURATION_CUES):
            return None
    base = ctx.base
    return two_digit_year(int(raw), base.year if base is not None else None)


def cjk_in_year(g: Groups, year: int, kind: str) -> Reading:
    """The part of ``year`` a CJK date names after it: a month and day ("3月28日"), a half
    ("上半年": 2008-H1), a quarter ("第一季度": 2008-Q1), else the year itself."""
    if g("month") is not None:
        month, raw_day = cjk_number(g("month")), g("day")
        day = cjk_number(raw_day) if raw_day is not None else None
        if day is not None and valid_day(year, month, day):
            return explicit_reading(kind, Anchor(year, month, day))
        return explicit_reading(kind, Anchor(year, month))
    if g("half") is not None:
        return explicit_reading(kind, Anchor(year), f"{format_year(year)}-H{CJK_HALVES[g('half')]}")
    if g("q") is not None:
        return explicit_reading(kind, Anchor(year), f"{format_year(year)}-Q{cjk_number(g('q'))}")
    return explicit_reading(kind, Anchor(year))


def month_range(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """June–July 1944, 30 June – 2 July 1944, between May and August 2008 (one year, both ends)."""
    y = year_from(g, ctx)
    m1, m2 = MONTHS[g.lower("m1")], MONTHS[g.lower("m2")]
    if g("pre") and g.lower("pre") == "from" and " and " in g.match.group().lower():
        # "entries from March and April 1945": not a range form, but both months are of that year
        return Reading("date", Anchor(y, m1).value(), frozenset({y}), Anchor(y, m2))
    d1, d2 = g("d1") or g("d1b"), g("d2") or g("d2b")
    a = Anchor(y, m1, int(d1)) if d1 and valid_day(y, m1, int(d1)) else Anchor(y, m1)
    b = Anchor(y, m2, int(d2)) if d2 and valid_day(y, m2, int(d2)) else Anchor(y, m2)
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
        return explicit_reading(kind, Anchor(year))
    return explicit_reading(kind, Anchor(parsed.year, parsed.month, parsed.day))


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
    if not valid_day(y, m, d):
        return None
    return explicit_reading(kind, Anchor(y, m, d))


def month_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """March 2019, Mar. 2019, March of 2019, early June 2019."""
    y = year_from(g, ctx)
    return explicit_reading(kind, Anchor(y, MONTHS[g.lower("month")]))


_CLOSING = frozenset(",.;:)]")


def short_date(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """25 December 800, 8 June 632, 12 August 30 BC, 19 August AD 14, December 25, 800, August 30 BC: a day and
    month before a short number make it a year, never the reference year; so do a month and three
    digits ("March 799"; a round hundred only in a paragraph dated before AD 1000). Without an era
    word a count after ("On 3 March 500 people marched") leaves the day and month alone, read as
    ``month_day``; so does a month-first date or a year of one or two digits unless punctuation
    closes it ("On March 3, 500 marched").

    >>> from ragas_temporal.focus_time.extract import scan
    >>> [m.value for m in scan("Cleopatra died on 12 August 30 BC; Charlemagne was crowned on 25 December 800.")]
    ['BC0030-08-12', '0800-12-25']
    >>> [m.value for m in scan("The abbey burned in June 793.")], scan("In May 400 workers left.")
    (['0793-06'], ())
    """
    era = g("era") or g("ad")
    sign = era_sign(era) or 1
    if g("year3") is not None:  # "August 30 BC": a month of a year
        return explicit_reading(kind, Anchor(int(g("year3")) * sign, MONTHS[g.lower("month3")]))
    if g("year4") is not None:  # "in March 799": as "in 476", a round hundred only in a dated paragraph
        raw = g("year4")
        if int(raw) % 100 == 0 and not ctx.dated_in_era(g.start) or short_year_rejection(ctx.text, *g.match.span("year4")):
            return None  # "In March 500 protesters marched"
        return explicit_reading(kind, Anchor(int(raw) * sign, MONTHS[g.lower("month4")]))
    name = "year" if g("year") is not None else "year2"
    raw = g(name)
    if era is None:
        after = ctx.text[g.end : g.end + 3].lstrip()
        closed = not after or after[0] in _CLOSING
        if (name == "year2" or len(raw) < 3) and not closed or short_year_rejection(ctx.text, *g.match.span(name)):
            return month_day(g, ctx, "anaphoric")
    year = int(raw) * sign
    month = MONTHS[g.lower("month" if name == "year" else "month2")]
    day = int(g("day" if name == "year" else "day2"))
    if not valid_day(year, month, day):
        return explicit_reading(kind, Anchor(year, month))
    return explicit_reading(kind, Anchor(year, month, day))
