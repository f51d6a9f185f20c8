"""Interpreters of single years: bare years (after the context rules), BC/AD years, "'08",
"the year 850", fiscal years, and short years read from the evidence before them ("c. 570",
"r. 871–899", "in 476")."""

from __future__ import annotations

from ragas_temporal.focus_time.cjk_numerals import cjk_number
from ragas_temporal.focus_time.context_rules import is_not_a_year, short_year_rejection
from ragas_temporal.focus_time.interpret.core import (
    Anchor,
    Context,
    Groups,
    Reading,
    era_sign,
    explicit_reading,
    year_reading,
)
from ragas_temporal.focus_time.interpret.dates import cjk_in_year
from ragas_temporal.focus_time.interpret.ranges import end_anchor, range_end
from ragas_temporal.focus_time.normalise import format_year, in_era, two_digit_year, year_span
from ragas_temporal.focus_time.patterns import CJK_ERAS
from ragas_temporal.focus_time.year_lexicon import APPROXIMATE_WORDS

_APPROXIMATE = frozenset(w.lower() for w in APPROXIMATE_WORDS)


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
    """the year 850; not a count or a score after it ("ended the year 17 points ahead")."""
    y = int(g("year"))
    if y < 1000 and short_year_rejection(ctx.text, *g.match.span("year")):
        return None
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


def in_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """in 476, by 410: a short number after "in" or "by" is a year when the paragraph is dated
    before AD 1000 (an era word, a circa or regnal mark, a day and month with a short year, an
    early century: ``context_rules.era_cue_positions``); "in" and three digits that are not a
    round hundred ("In 476, Odoacer ...") are a year on their own. "around" or "about" before
    three digits is a circa mark in such a paragraph only ("begun around 142"; elsewhere "about
    600 soldiers" is a count). Never a count ("in 570 facilities", "around 300 bishops"), a ratio
    ("1 in 100") or an amount (``context_rules.short_year_rejection``).

    The rule was decided on the wiki dev paragraphs: every "in NNN" there followed by punctuation,
    a name or a new phrase is a year; "in N" and "in NN" are places ("in 5th"), counts ("in 14
    seasons") or titles ("Big in 06") unless the paragraph is about the first millennium, and
    "by N" is a margin ("by 25 points", "by 13 percent") unless it is.

    >>> from ragas_temporal.focus_time.extract import scan
    >>> [(m.text, m.value) for m in scan("In 476, Odoacer deposed Romulus Augustulus.")]
    [('In 476', '0476')]
    >>> [m.value for m in scan("Han forces won in 119 BC. In 60 they fell back.")]
    ['BC0119', '0060']
    >>> scan("Sold in 40 countries in 14 languages, in 16 games."), scan("finished in 9.")
    ((), ())
    >>> [m.value for m in scan("Aksum (c. 100 – 940) adopted Christianity around 330.")], scan("It took about 330.")
    (['0100/0940', '0330'], ())
    """
    raw = g("year")
    year = int(raw)
    cue = g.lower("cue")
    if cue in _APPROXIMATE and len(raw) != 3:  # a circa mark only before three digits
        return None
    on_its_own = cue == "in" and len(raw) == 3 and year % 100 != 0
    if not on_its_own and not ctx.dated_in_era(g.start):
        return None
    if short_year_rejection(ctx.text, *g.match.span("year")):
        return None
    return explicit_reading(kind, Anchor(year))


def marked_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """c. 570, ca. 300 BC, fl. 700, d. 632, and ranges after a mark: r. 871–899, reigned 786–809,
    c. 570 – 8 June 632 (its end a date). The era word of the first year dates the second when it
    has none and is smaller ("c. 44 – 30 BC" is read by ``era_range``). Not a count ("c. 300 men").
    A range that ends before it starts ("r. 899–871") keeps its two years and its reversed value,
    for the timeline rules to report.

    >>> from ragas_temporal.focus_time.extract import scan
    >>> [(m.text, m.value) for m in scan("Muhammad (c. 570 – 8 June 632) and Alfred (r. 871–899).")]
    [('c. 570 – 8 June 632', '0570/0632-06-08'), ('r. 871–899', '0871/0899')]
    """
    y1_start, y1_end = g.match.span("y1")
    sign = era_sign(g("era")) or 1
    first = int(g("y1")) * sign
    raw2 = g("y2") or g("y2s")
    if raw2 is None:
        if g("era") is None and short_year_rejection(ctx.text, y1_start, y1_end):
            return None
        return explicit_reading(kind, Anchor(first))
    second = range_end(first, raw2) if sign > 0 else int(raw2)  # "reigned 870–95": 870 to 895
    if sign < 0 and second < -first:
        second = -second  # "c. 44 BC – 30": still BC
    end_span = g.match.span("y2" if g("y2") else "y2s")
    if second == first or short_year_rejection(ctx.text, *end_span):
        return explicit_reading(kind, Anchor(first))
    if second < first:  # "r. 899–871": a slip the timeline rules report; both years are claims
        return Reading("range", f"{format_year(first)}/{format_year(second)}", frozenset({first, second}), Anchor(second))
    end = end_anchor(second, g.lower("m2"), g("d2"))
    return Reading("range", f"{format_year(first)}/{end.value()}", ctx.span(first, second), end)


def cjk_era_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """平成二十年, 昭和64年, 令和元年 (元: the first year): a year of a Japanese era, counted from the
    era's first year (``patterns.CJK_ERAS``), with the month, day, half or quarter written after it.

    >>> from ragas_temporal.focus_time.extract import scan
    >>> [(m.text, m.value) for m in scan("平成二十年、昭和64年1月7日、令和元年5月1日")]
    [('平成二十年', '2008'), ('昭和64年1月7日', '1989-01-07'), ('令和元年5月1日', '2019-05-01')]
    """
    n = 1 if g("n") == "元" else cjk_number(g("n"))
    if not n:
        return None
    year = CJK_ERAS[g("era")] + n - 1
    if g("month") is None and g("half") is None and g("q") is None:
        return explicit_reading("year", Anchor(year))
    return cjk_in_year(g, year, "date")
