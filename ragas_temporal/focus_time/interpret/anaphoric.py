"""Interpreters of anaphoric expressions, resolved against the last date of the text ("the year
before", "the next day", "March 3", "in March", "10:30", "that night")."""

from __future__ import annotations

import datetime as dt

from ragas_temporal.focus_time.amounts import unit_of
from ragas_temporal.focus_time.interpret.calendar_math import (
    at_granularity,
    day_value,
    shift_anchor,
    shift_months,
    unit_value,
    unit_years,
    valid_day,
    year_by_tense,
)
from ragas_temporal.focus_time.cjk_numerals import cjk_number
from ragas_temporal.focus_time.context_rules import is_passage_reference
from ragas_temporal.focus_time.interpret.core import (
    Anchor,
    Context,
    Groups,
    Reading,
    groups_of,
    relative_reading,
    unresolved_reading,
    yearless_reading,
)
from ragas_temporal.focus_time.patterns import CUE_MONTHS, MONTHS, UNIT_MODIFIERS, UTC_ZONES, WEEKDAYS


def unit_before_after(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """the year before, the year after, the day before, the month earlier."""
    unit, direction = unit_of(g("unit")), g.lower("dir")
    base = ctx.base
    offset = -1 if direction in ("before", "earlier", "previous", "prior") else 1
    if base is None:
        return relative_reading(kind, unit, offset)
    a = shift_anchor(base, unit, offset)
    if a is None:
        return unresolved_reading(kind)
    return Reading(kind, unit_value(a, unit), frozenset({a.year}), at_granularity(a, unit))


def day_anaphoric(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """the same day, that day, the next day, the following morning, the previous evening."""
    mod, unit = g.lower("mod"), g.lower("unit") or g.lower("unit2")
    # "the next hour" is within the day it counts from, not the next day
    days = 0 if unit == "hour" else UNIT_MODIFIERS.get(mod, 0)
    base = ctx.ref if mod == "this" else ctx.base
    if base is None:  # "the next day", "that night": a day from the last date; "this morning": today
        return relative_reading("relative" if mod == "this" else kind, "week" if unit == "week" else "day", days)
    if unit == "week":  # "the week": the base's week
        return Reading(kind, unit_value(base, "week"), unit_years(base, "week"))
    a = shift_anchor(base, "day", days)  # "the day": no move
    if a is None:
        return unresolved_reading(kind)
    return Reading(kind, day_value(a, None if unit in ("day", "hour") else unit), frozenset({a.year}), a)


def weekday_the_day(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """Friday the 13th: the nearest month to the base date whose 13th is a Friday."""
    base = ctx.calendar_base
    day_, wd = int(g("day")), WEEKDAYS[g.lower("weekday")]
    if base is None or base.year < 2 or base.year > 9998:
        return unresolved_reading("anaphoric")
    month = base.month or 6
    for k in sorted(range(-14, 15), key=abs):
        y, m = shift_months(base.year, month, k)
        if valid_day(y, m, day_) and dt.date(y, m, day_).weekday() == wd:
            return Reading("anaphoric", Anchor(y, m, day_).value(), frozenset({y}))
    return unresolved_reading("anaphoric")


def month_day(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """March 3, 3rd of March, the 14th of June: the year of the last written date (or of a date
    continued from it), else of the reference (see ``Context.calendar_base``); "March 3 last
    year": the reference's year moved, else no year."""
    mname, dname = ("month", "day") if g("month") else ("month2", "day2")
    m, d = MONTHS[g.lower(mname)], int(g(dname))
    if not valid_day(2000, m, d):
        return None
    rel = g.lower("rel")
    if rel:  # "17 August last year": the year is the reference date's, moved
        ref = ctx.ref
        if ref is None or not valid_day(ref.year + UNIT_MODIFIERS[rel], m, d):
            return yearless_reading("relative", f"XXXX-{m:02d}-{d:02d}")
        a = Anchor(ref.year + UNIT_MODIFIERS[rel], m, d)
        return Reading("relative", a.value(), frozenset({a.year}), a)
    base = ctx.calendar_base_at(g.start)
    if base is None:
        return yearless_reading(kind, f"XXXX-{m:02d}-{d:02d}")
    year = year_by_tense(base, m, d, lambda: ctx.tense_at(g.start, g.end))
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
            return yearless_reading("relative", f"XXXX-{m:02d}")
        year = ref.year + UNIT_MODIFIERS[rel]
        return Reading("relative", Anchor(year, m).value(), frozenset({year}), Anchor(year, m))
    if mod in ("last", "next", "nxt", "this"):
        ref = ctx.ref
        if ref is None:  # "last March": a March, the year unknown
            return yearless_reading("relative", f"XXXX-{m:02d}")
        year = ref.year
        if mod == "last" and m >= ref.month:
            year -= 1
        elif mod in ("next", "nxt") and m <= ref.month:
            year += 1
        return Reading("relative", Anchor(year, m).value(), frozenset({year}), Anchor(year, m))
    # "that March" points back to the last written date wherever it stands; a bare month is tied
    # only as ``calendar_base_at`` says
    base = ctx.calendar_base if mod == "that" else ctx.calendar_base_at(g.start)
    if base is None:
        return yearless_reading(kind, f"XXXX-{m:02d}")
    year = base.year if mod == "that" else year_by_tense(base, m, None, lambda: ctx.tense_at(g.start, g.end))
    return Reading(kind, Anchor(year, m).value(), frozenset({year}), Anchor(year, m))


def clock(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """9am, 10:30 pm, 14:00 UTC, 1400 GMT: a time on the day of the last date, else of the reference;
    a time in UTC/GMT ends in "Z" (TIMEX3: ``2024-05-01T14:00Z``)."""
    h = int(g("h"))
    mi = int(g("mi") or 0)
    ap = g.lower("ap")
    if not ap and not g("tz") and g("mi") and is_passage_reference(ctx.text, g.start):
        return None  # "John 3:16" is a chapter and verse, not a time
    if ap:
        if h == 0 or h > 12:
            return None
        h = h % 12 + (12 if ap.startswith("p") else 0)
    base = ctx.base
    if base is None:
        return unresolved_reading("anaphoric")
    value = base.value()
    if base.day is not None:
        value += f"T{h:02d}:{mi:02d}" + ("Z" if g.lower("tz") in UTC_ZONES else "")
    return Reading("anaphoric", value, frozenset({base.year}))


def part_of_day_bare(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """tonight-style words on their own (the night, at midnight, overnight, the weekend)."""
    part = g.lower("part")
    if (g.lower("mod") or "") in ("every", "each"):
        return Reading(kind, "XXXX-XX-XX", frozenset())  # a set ("every night"), not a date
    base = ctx.base
    if base is None:  # "the weekend": a weekend of some week (TIMEX3 XXXX-WXX-WE)
        return yearless_reading(kind, "XXXX-WXX-WE") if part == "weekend" else unresolved_reading(kind)
    if part == "weekend":
        return Reading(kind, unit_value(base, "weekend"), unit_years(base, "weekend"))
    return Reading(kind, day_value(base, part), frozenset({base.year}))


def cjk_month_day(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """三月二十八日, 3月28号, 7月份, 8월 15일: a month (and day) of a CJK date without a year, read
    by the English readers of "March 28" and "in July" (the numerals are digits by now, or 十
    alone: ``cjk_numerals``). A day the month does not have leaves the month.

    >>> import datetime as dt
    >>> from ragas_temporal.focus_time.extract import scan
    >>> [(m.text, m.value) for m in scan("新华社北京三月二十八日电，十月十日", dt.date(1997, 4, 2))]
    [('三月二十八日', '1997-03-28'), ('十月十日', '1997-10-10')]
    """
    month, raw_day = cjk_number(g("month")), g("day")
    day = cjk_number(raw_day) if raw_day is not None else None
    english = groups_of(g.match)  # the same match, in the English rules' words
    english["month"] = _MONTH_NAMES[month - 1]
    if day is not None and valid_day(2000, month, day):
        english["day"] = str(day)
        return month_day(english, ctx, kind)
    english["mod"] = "in"  # a month named with its unit is never the verb "may": as "in May"
    return month_bare(english, ctx, kind)


#: Month 1..12 -> its name in ``MONTHS``.
_MONTH_NAMES = tuple(sorted((w for w in MONTHS if len(w) > 3 and w != "sept" or w == "may"), key=MONTHS.get))
