"""Interpreters of the table's ranges of years: "2008-2010", "from 1990 to 1995", "44 BC to AD 14"."""

from __future__ import annotations

from ragas_temporal.focus_time.context_rules import is_not_a_year
from ragas_temporal.focus_time.interpret.core import Anchor, Context, Groups, Reading, _era_sign, _explicit
from ragas_temporal.focus_time.normalise import format_year, in_era


def era_range(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """from 27 BC to AD 14, 500-450 BC, AD 14-37."""
    y1 = int(g("y1"))
    y2 = int(g("y2") or g("y2a"))
    end_sign = 1 if g("ad2") else _era_sign(g("era2"))
    start_sign = 1 if g("ad1") else (_era_sign(g("era1")) or end_sign)
    if y1 == 0 or y2 == 0:
        return None
    a, b = y1 * start_sign, y2 * end_sign
    if a > b or not (in_era(a) and in_era(b)):
        return None
    return Reading(kind, f"{format_year(a)}/{format_year(b)}", ctx.span(a, b), Anchor(b))


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
    return Reading(kind, f"{format_year(y1)}/{format_year(y2)}", ctx.span(y1, y2), Anchor(y2))
