"""Interpreters of decades, centuries and named periods ("the 1990s", "the 19th century",
"World War II")."""

from __future__ import annotations

import functools
import re

from ragas_temporal.focus_time.interpret.calendar_math import qualified_years
from ragas_temporal.focus_time.interpret.core import Context, Groups, Reading, era_sign
from ragas_temporal.focus_time.named_periods import NAMED_PERIODS
from ragas_temporal.focus_time.normalise import format_year, year_span
from ragas_temporal.focus_time.patterns import DECADE_WORDS, NAMED_PERIOD_GROUPS, ORDINAL_WORDS


def _decade(kind: str, start: int, qual: str | None) -> Reading:
    return Reading(kind, f"{start // 10:03d}", qualified_years(start, 10, qual))


def _century(start: int, qual: str | None) -> Reading:
    return Reading("century", f"{start // 100:02d}", qualified_years(start, 100, qual))


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
    start = DECADE_WORDS[w]
    return _decade(kind, start, g("qual"))


def century(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """19th century (1800-1899), the twenty-first century, 5th century BC (500-401 BC), the 1st
    millennium BCE (1000-1 BC), the 2nd millennium (1000-1999).

    One convention throughout, TIMEX3's: the Nth century is the years (N-1)00 to (N-1)99 ("04":
    the 5th century = 400-499), the Nth millennium (N-1)000 to (N-1)999 ("1"); BC ones count
    back from 1 BC and are written as a range ("BC0500/BC0401"). Early, mid and late take the
    shares of ``calendar_math.qualified_years``.

    >>> from ragas_temporal.focus_time.extract import scan
    >>> [(m.value, min(m.years), max(m.years)) for m in scan("the early 9th century, the 1st millennium BCE")]
    [('08', 800, 839), ('BC1000/BC0001', -1000, -1)]
    """
    n = int(g("n")) if g("n") else ORDINAL_WORDS[" ".join(g.lower("w").split())]
    if n == 0:
        return None
    if g.lower("unit") == "millennium":
        return _millennium(n, era_sign(g("era")) == -1, g("qual"), kind)
    if era_sign(g("era")) == -1:
        ys = qualified_years(-n * 100, 100, g("qual"))  # chronological: 500 BC ... 401 BC
        return Reading(kind, f"{format_year(min(ys))}/{format_year(max(ys))}", ys)
    return _century((n - 1) * 100, g("qual"))


def _millennium(n: int, before_christ: bool, qual: str | None, kind: str) -> Reading | None:
    """The Nth millennium (BC: counted back from 1 BC); every year is kept (a fixed few sets)."""
    if n > 10:
        return None  # beyond the era (``normalise.in_era``)
    if before_christ:
        ys = qualified_years(-n * 1000, 1000, qual, limit=None)
        return Reading(kind, f"{format_year(-n * 1000)}/{format_year(-(n - 1) * 1000 - 1)}", ys)
    return Reading(kind, str(n - 1), qualified_years((n - 1) * 1000, 1000, qual, limit=None))


@functools.lru_cache(maxsize=None)  # one set per entry of a fixed table
def _period_years(i: int) -> frozenset[int]:
    """Every year of named period ``i``: a period is never cut to its ends (``MAX_SPAN_YEARS``
    is for ranges written in a text; the table is fixed, so its sets are made once)."""
    period = NAMED_PERIODS[i]
    return year_span(period.first, period.last, limit=None)


def named_period(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """World War II, the Cold War, ... (table in named_periods.py)."""
    i = g.first_present(NAMED_PERIOD_GROUPS)
    if i < 0:
        return None
    period = NAMED_PERIODS[i]
    value = format_year(period.first)
    if period.last != period.first:
        value += "/" + format_year(period.last)
    return Reading(kind, value, _period_years(i))
