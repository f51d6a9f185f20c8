"""Interpreters of single years: bare years (after the context rules), BC/AD years, "'08",
"the year 850" and fiscal years."""

from __future__ import annotations

from ragas_temporal.focus_time.context_rules import is_not_a_year
from ragas_temporal.focus_time.interpret.core import (
    Anchor,
    Context,
    Groups,
    Reading,
    era_sign,
    explicit_reading,
    year_reading,
)
from ragas_temporal.focus_time.normalise import format_year, in_era, two_digit_year, year_span


def era_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """753 BC, 44 BCE, AD 14, 14 AD, 300 CE (historical numbering: 753 BC = -753); not a year
    outside the era ("34402 AD", "12,345,678 BC")."""
    y = int(g("year").replace(",", "")) * era_sign(g("era"))
    if not in_era(y):
        return None
    return explicit_reading(kind, Anchor(y))


def apostrophe_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """in '08 -> 2008 (century chosen near the reference year; fixed pivot without one)."""
    if is_not_a_year(ctx.text, g.start, g.end):
        return None
    y = two_digit_year(int(g("yy")), ctx.reference.year if ctx.reference else None)
    return explicit_reading(kind, Anchor(y))


def the_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """the year 850."""
    y = int(g("year"))
    return explicit_reading(kind, Anchor(y)) if y > 0 else None


def bare_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """2008, unless the context says it is a count, an amount, an id or a phone number."""
    if is_not_a_year(ctx.text, g.start, g.end):
        return None
    return year_reading(kind, g("year"))


def fiscal_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """FY2021, FY21, fiscal 2021, fiscal year 2021: the year named; FY2021/22 covers both years."""
    raw = g("y") or g("y4")
    y = int(raw) if len(raw) == 4 else two_digit_year(int(raw), ctx.reference.year if ctx.reference else None)
    raw2 = g("y2")
    if raw2:
        y2 = int(raw2) if len(raw2) == 4 else y // 100 * 100 + int(raw2)
        if y < y2 <= y + 1:
            return Reading(kind, f"{format_year(y)}/{format_year(y2)}", year_span(y, y2), Anchor(y2))
    return explicit_reading(kind, Anchor(y))
