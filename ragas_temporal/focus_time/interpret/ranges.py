"""Interpreters of the table's ranges: "2008-2010", "from 1990 to 1995", "44 BC to AD 14",
"2020–present", "12 September 1494 – 31 March 1547"."""

from __future__ import annotations

import re

from ragas_temporal.focus_time import year_lexicon as lex
from ragas_temporal.focus_time.context_rules import is_not_a_year, short_year_rejection
from ragas_temporal.focus_time.interpret.calendar_math import valid_day
from ragas_temporal.focus_time.interpret.core import Anchor, Context, Groups, Reading, era_sign, explicit_reading
from ragas_temporal.focus_time.normalise import format_year, in_era
from ragas_temporal.focus_time.patterns import MONTHS


def era_range(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """from 27 BC to AD 14, 500-450 BC, AD 14-37, between 200 and 900 CE, c. 356 – 323 BC: the
    era word of the end dates a start that has none.

    >>> from ragas_temporal.focus_time.extract import scan
    >>> [m.value for m in scan("Alexander (356–323 BC) ruled between 336 and 323 BCE.")]
    ['BC0356/BC0323', 'BC0336/BC0323']
    """
    y1 = int(g("y1") or g("by1"))
    y2 = int(g("y2") or g("y2a"))
    end_sign = 1 if g("ad2") else era_sign(g("era2"))
    start_sign = 1 if g("ad1") or g("bad1") else (era_sign(g("era1") or g("bera1")) or end_sign)
    if y1 == 0 or y2 == 0:
        return None
    a, b = y1 * start_sign, y2 * end_sign
    if a > b or not (in_era(a) and in_era(b)):
        return None
    return Reading(kind, f"{format_year(a)}/{format_year(b)}", ctx.span(a, b), Anchor(b))


def year_range(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """2008-2010, 2008–10, from 1990 to 1995, between 1990 and 1995; "2019-03" is a month; a
    lifespan from three digits to a date, "(980 – 3 May 1037)".

    >>> from ragas_temporal.focus_time.extract import scan
    >>> [(m.text, m.value) for m in scan("Al-Biruni (973 – 13 December 1050) and Ibn Sina (980 – June 1037).")]
    [('973 – 13 December 1050', '0973/1050-12-13'), ('980 – June 1037', '0980/1037-06')]
    """
    if g("s1") is not None:
        y1, end = int(g("s1")), end_anchor(int(g("s2")), g.lower("sm") or g.lower("sm2"), g("sd") or g("sd2"))
        if is_not_a_year(ctx.text, *g.match.span("s1")):  # "(No. 120 – 3 May 2019)": the date alone
            return explicit_reading("date", end)
        return Reading(kind, f"{format_year(y1)}/{end.value()}", ctx.span(y1, end.year), end)
    if g("b1") is not None:
        y1, y2 = int(g("b1")), int(g("b2"))
    elif g("present") is not None:
        return _open_range(g, ctx, kind)
    else:
        y1, raw = int(g("y1")), g("y2")
        sep = g("sep").strip()
        if len(raw) == 1:  # "1947-8": the next year's last digit; "won 2010-2" is a score
            y2 = y1 // 10 * 10 + int(raw)
            if y2 != y1 + 1:
                return None
        elif len(raw) == 2:
            yy = int(raw)
            y2 = y1 // 100 * 100 + yy
            if y2 <= y1:
                y2 = y2 + 100 if y2 + 100 - y1 <= 10 else None  # "1999-00"
            if y2 is None:
                if sep == "-" and 1 <= yy <= 12 and not g("from"):
                    return explicit_reading("date", Anchor(y1, yy))  # ISO year-month
                return None if is_not_a_year(ctx.text, g.start, g.end) else explicit_reading("year", Anchor(y1))
        else:
            y2 = int(raw)
        if y2 == y1:  # "(1849–1849)": one year
            return None if is_not_a_year(ctx.text, g.start, g.end) else explicit_reading("year", Anchor(y1))
        if y2 < y1:
            # "From 1998 until 1993" (a slip, or two years named): both years, no span between
            if len(raw) < 4 or is_not_a_year(ctx.text, g.start, g.end):
                return None
            return Reading("year", format_year(y1), frozenset({y1, y2}), Anchor(y2))
    if is_not_a_year(ctx.text, g.start, g.end, plural_nouns=y2 - y1 > 30):  # "1000-2000 people" counts
        return None
    return Reading(kind, f"{format_year(y1)}/{format_year(y2)}", ctx.span(y1, y2), Anchor(y2))


def _open_range(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """"2020–present": from the year to the reference date's year; without a reference date (or
    one before the start) only the start year is known."""
    y1 = int(g("y1"))
    if is_not_a_year(ctx.text, g.start, g.end):
        return None
    ref = ctx.ref
    if ref is None or ref.year <= y1:
        return explicit_reading("year", Anchor(y1))
    return Reading(kind, f"{format_year(y1)}/{format_year(ref.year)}", ctx.span(y1, ref.year), Anchor(ref.year))


def end_anchor(year: int, month: str | None, day: str | None) -> Anchor:
    """A range's end written as a date: the year, its month (lower-case name) and its day when
    valid ("31 February 632" keeps the month).

    >>> end_anchor(632, "june", "8").value(), end_anchor(632, "feb", "31").value(), end_anchor(632, None, None).value()
    ('0632-06-08', '0632-02', '0632')
    """
    m = MONTHS[month] if month else None
    d = int(day) if day and m is not None and valid_day(year, m, int(day)) else None
    return Anchor(year, m, d)


def _range_end(g: Groups, p: str) -> Anchor | None:
    """One end of a ``date_range`` match (groups ``{p}_...``, see ``patterns._range_date``)."""
    for d, m, y in ((f"{p}_d", f"{p}_m", f"{p}_y"), (f"{p}_d2", f"{p}_m2", f"{p}_y2"), (None, f"{p}_m3", f"{p}_y3")):
        if g(y) is None:
            continue
        year, month = int(g(y)), MONTHS[g.lower(m)]
        day = int(g(d)) if d is not None else None
        if day is not None and valid_day(year, month, day):
            return Anchor(year, month, day)
        return Anchor(year, month)
    year = g(f"{p}_y4")
    return Anchor(int(year)) if year is not None else None


def date_range(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """12 September 1494 – 31 March 1547, May 26, 1982–1987, Sept 1962 to 1984: the years from the
    first date to the second. A bare end year that is a count ("March 2019 - 1500 people") or
    an end before the start leaves the first date alone.

    >>> from ragas_temporal.focus_time.extract import scan
    >>> [(m.value, len(m.years)) for m in scan("Henry (28 June 1491 – 28 January 1547) was king.")]
    [('1491-06-28/1547-01-28', 57)]
    """
    a, b = _range_end(g, "a"), _range_end(g, "b")
    end_year = g.match.span("b_y4") if g("b_y4") is not None else None
    if (b.year, b.month or 0, b.day or 0) < (a.year, a.month or 0, a.day or 0) or end_year is not None and is_not_a_year(ctx.text, *end_year):
        return explicit_reading("date", a)
    return Reading(kind, f"{a.value()}/{b.value()}", ctx.span(a.year, b.year), b)


def range_end(first: int, raw_end: str) -> int:
    """The end of a range written with fewer digits than its start: "870–95" ends in 895, "618–907"
    in 907; an end that cannot follow the start that way is kept as written ("899–871").

    >>> range_end(870, "95"), range_end(618, "907"), range_end(899, "871"), range_end(1947, "8")
    (895, 907, 871, 1948)
    """
    end = int(raw_end)
    if end < first and len(raw_end) < len(str(first)):
        scale = 10 ** len(raw_end)
        expanded = first // scale * scale + end
        if expanded > first:
            return expanded
    return end


def _short_range_years(g: Groups, ctx: Context, reversed_ok: bool = False) -> tuple[int, int] | None:
    """The two years of a range of short years, when increasing (or, ``reversed_ok``, at least
    different) and not a count after."""
    y1 = int(g("y1"))
    y2 = range_end(y1, g("y2"))
    if y2 == y1 or y2 < y1 and not reversed_ok or short_year_rejection(ctx.text, *g.match.span("y2")):
        return None
    return y1, y2


def _range_reading(kind: str, ctx: Context, y1: int, y2: int) -> Reading:
    """A range of years; one that ends before it starts keeps its two years and its reversed
    value ("from 809 until 786"), for the timeline rules to report."""
    if y2 < y1:
        return Reading(kind, f"{format_year(y1)}/{format_year(y2)}", frozenset({y1, y2}), Anchor(y2))
    return Reading(kind, f"{format_year(y1)}/{format_year(y2)}", ctx.span(y1, y2), Anchor(y2))


def bracketed_range(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """(618–907): two short years alone in brackets, after a name, are its dates. Two-digit
    starts ("(18–35)": ages) and ranges of round numbers ("(100–200)") only in a paragraph dated
    before AD 1000.

    >>> from ragas_temporal.focus_time.extract import scan
    >>> [m.value for m in scan("The Tang dynasty (618–907) was an imperial dynasty.")]
    ['0618/0907']
    >>> scan("Adults (18–35) and doses (100–200) took part.")
    ()
    """
    years = _short_range_years(g, ctx)
    if years is None:
        return None
    y1, y2 = years
    if (y1 < 100 or y1 % 50 == 0 and y2 % 50 == 0) and not ctx.dated_in_era(g.start):
        return None
    return _range_reading(kind, ctx, y1, y2)


_SENTENCE_START = re.compile(r"[.!?;\n]")
_WORD = re.compile(r"[A-Za-z]+")


def from_range(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """from 786 until 809 ("until" and "till" name a time, also before words: "from 843 until her
    death" is the year 843); "from 618 to 907" when a word of rule
    comes before it in the sentence ("ruled China from 618 to 907", ``year_lexicon.REIGN_WORDS``)
    or the paragraph is dated before AD 1000 ("rose from 618 to 907" alone is an amount).

    >>> from ragas_temporal.focus_time.extract import scan
    >>> [m.value for m in scan("The Tang ruled China from 618 to 907.")]
    ['0618/0907']
    >>> scan("Shares rose from 618 to 907."), scan("Staff grew from 300 until 500 workers.")
    ((), ())
    >>> [(m.text, m.value) for m in scan("She was queen from 843 until her death.")]
    [('from 843', '0843')]
    >>> scan("The bar is open from 9 until late.")
    ()
    """
    if g("y2") is None:  # "from 843 until her death": the start year (three digits, as for "in 476")
        raw = g("y1")
        if not (len(raw) == 3 and int(raw) % 100 or ctx.dated_in_era(g.start)):
            return None  # "open from 9 until late": an hour
        if short_year_rejection(ctx.text, *g.match.span("y1")):
            return None
        return explicit_reading("year", Anchor(int(g("y1"))))
    years = _short_range_years(g, ctx, reversed_ok=True)
    if years is None:
        return None
    if g.lower("sep") == "to" and not ctx.dated_in_era(g.start):
        lo = max(0, g.start - 120)
        cut = max((m.end() for m in _SENTENCE_START.finditer(ctx.text, lo, g.start)), default=lo)
        words = {w.lower() for w in _WORD.findall(ctx.text, cut, g.start)}
        if not words & lex.REIGN_WORDS:
            return None
    return _range_reading(kind, ctx, *years)
