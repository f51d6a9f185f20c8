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
    """19th century (1800-1899), the twenty-first century, 5th century BC (500-401 BC)."""
    n = int(g("n")) if g("n") else ORDINAL_WORDS[" ".join(g.lower("w").split())]
    if n == 0:
        return None
    if era_sign(g("era")) == -1:
        ys = qualified_years(-n * 100, 100, g("qual"))  # chronological: 500 BC ... 401 BC
        return Reading(kind, f"{format_year(min(ys))}/{format_year(max(ys))}", ys)
    return _century((n - 1) * 100, g("qual"))


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
