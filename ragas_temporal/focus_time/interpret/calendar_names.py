"""Interpreters of calendar names that need a year from somewhere: quarters, seasons and
holidays (fixed and movable feasts)."""

from __future__ import annotations

import calendar
import datetime as dt
import re
from typing import Callable

from ragas_temporal.focus_time.cjk_numerals import cjk_number
from ragas_temporal.focus_time.interpret.calendar_math import shift_anchor, year_by_tense
from ragas_temporal.focus_time.interpret.deictic import unit_relative
from ragas_temporal.focus_time.interpret.core import (
    Anchor,
    Context,
    Groups,
    SENTENCE_GAP,
    Reading,
    explicit_reading,
    groups_of,
    relative_reading,
    unresolved_reading,
    year_from,
    yearless_reading,
)
from ragas_temporal.focus_time.normalise import format_year
from ragas_temporal.focus_time.patterns import (
    CJK_HALVES,
    HALF_CUES,
    HALF_ORDINALS,
    HOLIDAY_GROUPS,
    HOLIDAYS,
    MONTHS,
    QUARTER_CUES,
    QUARTER_ORDINALS,
    RESULTS_WORDS,
    SEASONS,
    UNIT_MODIFIERS,
    trie_regex,
)

_OF_AFTER = re.compile(r"\s+of\s", re.IGNORECASE)  # "last quarter of the century": the fourth
_QUARTER_CUE = re.compile(rf"[\s-]+(?i:{trie_regex(QUARTER_CUES)})(?!\w)")
_HALF_CUE = re.compile(rf"[\s-]+(?i:{trie_regex(HALF_CUES)})(?!\w)")
_RESULTS_WORD = re.compile(rf"(?i)(?<!\w)(?:{trie_regex(RESULTS_WORDS)})(?!\w)")
#: How far (in characters) each side of a bare quarter code its sentence is searched for results words.
_RESULTS_REACH = 300


def _in_results_sentence(text: str, start: int, end: int) -> bool:
    """Does the sentence around ``text[start:end]`` (at most ``_RESULTS_REACH`` characters each
    side) have a word of ``RESULTS_WORDS``?

    >>> _in_results_sentence("Margin was higher than Q2. He won.", 23, 25)
    True
    >>> _in_results_sentence("Sales rose. His best lap came in Q2.", 33, 35)
    False
    """
    before = text[max(0, start - _RESULTS_REACH):start]
    breaks = list(SENTENCE_GAP.finditer(before))
    if breaks:
        before = before[breaks[-1].end():]
    after = text[end:end + _RESULTS_REACH]
    found = SENTENCE_GAP.search(after)
    if found:
        after = after[:found.start()]
    return _RESULTS_WORD.search(before) is not None or _RESULTS_WORD.search(after) is not None


def _about_results(g: Groups, ctx: Context) -> bool:
    """Is the match before a results word ("Q2 revenue") or in a sentence about results?"""
    return _QUARTER_CUE.match(ctx.text, g.end) is not None or _in_results_sentence(ctx.text, g.start, g.end)


def _part_of_year(g: Groups, ctx: Context) -> tuple[str, int] | None:
    """``("Q", n)`` or ``("H", n)``: the quarter or half a match of the quarter rules names, or
    ``None`` when a code or half without a year is no part of a year here (see ``quarter``)."""
    code = g("qb") or g("qbn") or g("hb") or g("hbn") or g("q") or g("qn") or g("h") or g("hn")
    if code is not None:  # "Q3", "3Q", "H1", "1H": the letter names the part, the digit its number
        letter = "H" if "H" in code or g("hn") or g("hbn") else "Q"
        bare = g("qb") or g("qbn") or g("hb") or g("hbn")
        if bare and not g("fiscal") and not (
            _QUARTER_CUE.match(ctx.text, g.end) is not None if letter == "H" else _about_results(g, ctx)
        ):
            # a code without a year: "Q2 revenue", not "made it to Q3"; a half code only before its
            # cue ("H1-B" is a visa, "1H NMR" a spectrum, "H2" hydrogen even in a results sentence)
            return None
        if g("year_yy") and g.match.group(0)[-3] in "QH" and not _about_results(g, ctx):
            return None  # two digits right after the letter ("3Q21") only about results: "1Q84" is a novel
        return letter, int(code.strip("QH"))
    if g("hord"):
        if g("year") is None and g("year_yy") is None and g("rel") is None and not g("the_year") \
                and _HALF_CUE.match(ctx.text, g.end) is None:
            return None  # "in the second half" is as often a match's half: a half of the year before a cue ("first-half profit")
        return "H", HALF_ORDINALS[g.lower("hord")]
    if g("qmonth"):
        return "Q", (MONTHS[g.lower("qmonth")] - 1) // 3 + 1
    return "Q", QUARTER_ORDINALS[g.lower("ord")]


def quarter(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """Q3 2008, the third quarter of 2008, the first quarter of last year, the fourth quarter,
    Q2 revenue, the March quarter (the quarter that ends in March, as companies name it); the
    forms of financial reports: Q3 FY21, Q3 fiscal 2021, 3Q21, 4Q 2021, fiscal Q3, the third
    fiscal quarter; halves: the first half of 2021, H1 2021, 1H21, the second half of the year,
    first-half profit (TIMEX3 ``2021-H1``). A fiscal quarter or half is read as that quarter or
    half of its fiscal year's number, as "fiscal 2021" is read as 2021 (a fiscal year that starts
    in another month is not known here). No year tied to it: ``XXXX-Q3``, ``XXXX-H2``.

    >>> from ragas_temporal.focus_time.extract import scan
    >>> [m.value for m in scan("Results for 2Q20 and H2 FY2019. Sales rose in the third fiscal quarter.")]
    ['2020-Q2', '2019-H2', 'XXXX-Q3']
    """
    ordinal = g.lower("ord")
    if ordinal == "last" and g.match.group(0)[0] in "lL" and g("year") is None and g("year_yy") is None \
            and g("rel") is None and not g("the_year") and _OF_AFTER.match(ctx.text, g.end) is None:
        # "up from last quarter" is the quarter before this one, read as "last month" is; "the
        # last quarter", "last quarter of 2019" and "last quarter of the century" are the fourth
        deictic = groups_of(g.match)
        deictic.update(mod="last", unit="quarter", the=None)
        return unit_relative(deictic, ctx, "relative")
    part = _part_of_year(g, ctx)
    if part is None:
        return None
    letter, q = part
    y = year_from(g, ctx)
    if y is not None:
        if letter == "Q":
            ctx.name_quarter(y, q, g.end)
        return explicit_reading("date", Anchor(y), f"{format_year(y)}-{letter}{q}")
    rel = g.lower("rel")
    if rel in ("this", "current", "last", "next"):
        base = ctx.ref
        kind = "relative"
        if base is not None:  # (None past the era)
            base = shift_anchor(base, "year", UNIT_MODIFIERS[rel])
    else:
        kind = "anaphoric"
        base = ctx.calendar_base_at(g.start) if rel is None else ctx.base
        if base is not None and rel in ("previous", "following"):
            base = shift_anchor(base, "year", -1 if rel == "previous" else 1)
        elif base is not None and rel is None and not g("the_year") and base.month is not None:
            # "the fourth quarter" in a past-tense sentence written in March: last year's
            year = year_by_tense(base, (3 if letter == "Q" else 6) * q, 28, lambda: ctx.tense_at(g.start, g.end))
            base = Anchor(year)
    if base is None and rel is not None and letter == "H":
        # "the second half of last year" with nothing to count from: the relative year, as "last
        # year" alone (the scheme's values name no part of a year; "the fourth quarter of last
        # year" is left XXXX-Q4, as before)
        return relative_reading(kind, "year", UNIT_MODIFIERS[rel])
    if base is None:  # "Q2", "the second quarter" with no year the text ties to it
        return yearless_reading(kind, f"XXXX-{letter}{q}")
    if letter == "Q":
        ctx.name_quarter(base.year, q, g.end)
    return Reading(kind, f"{format_year(base.year)}-{letter}{q}", frozenset({base.year}))


def discussed_quarter(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """"the quarter", "no trimestre", "en el trimestre" (a quarter word after a definite article,
    no ordinal): the quarter the text reports on, its last named one (TimeBank: 1989-Q3 in a
    report on the third quarter of 1989); no mention when it named none ("a quarter" in general).

    >>> import datetime as dt
    >>> from ragas_temporal.focus_time.extract import scan
    >>> [(m.text, m.value) for m in scan("Lucro do segundo trimestre subiu. No trimestre, as vendas caíram.", dt.date(2024, 8, 1), "pt")]
    [('segundo trimestre', '2024-Q2'), ('trimestre', '2024-Q2')]
    """
    discussed = ctx.quarter_in_discussion(g.start)
    if discussed is None:
        return None
    year, q = discussed
    ctx.name_quarter(year, q, g.end)  # named again: still the one in discussion further on
    return Reading(kind, f"{format_year(year)}-Q{q}", frozenset({year}))


def cjk_part_of_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """上半年 / 下半年 (the first / second half), 第一季度 / 一季度 / 第1四半期 / 1분기 (the first
    quarter) without a year: of the year of the last written date, else of the reference date
    (as "the third quarter").

    >>> import datetime as dt
    >>> from ragas_temporal.focus_time.extract import scan
    >>> [(m.text, m.value) for m in scan("1998年经济增长，下半年放缓，第四季度回升。", dt.date(2024, 5, 1))]
    [('1998年', '1998'), ('下半年', '1998-H2'), ('第四季度', '1998-Q4')]
    """
    if g("half") is not None:
        n = CJK_HALVES[g("half")]
        code, last_month = f"H{n}", 6 * n
    else:
        n = cjk_number(g("q"))
        code, last_month = f"Q{n}", 3 * n
    base = ctx.calendar_base
    if base is None:  # a quarter without a year keeps its TIMEX value, as "the third quarter" does
        return yearless_reading(kind, f"XXXX-{code}") if code[0] == "Q" else unresolved_reading(kind)
    year = year_by_tense(base, last_month, 28, lambda: ctx.tense_at(g.start, g.end))
    if code[0] == "Q":
        ctx.name_quarter(year, n, g.end)
    return Reading(kind, f"{format_year(year)}-{code}", frozenset({year}))


_SEASON_MONTHS = {"SP": (3, 5), "SU": (6, 8), "FA": (9, 11), "WI": (12, 14)}
# "fall of" + anything but a year ("the fall of 1944" keeps its year in the match): the fall of something.
_FALL_OF_A_THING = re.compile(r"(?i)\s+of\s+(?!(?:that|this|the\s+same|the\s+following|the\s+next|the\s+previous)\s+year)")


def season(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """winter 2014, last summer, in the spring, this fall (bare "fall" needs a determiner)."""
    word, mod = g.lower("s"), (" ".join(g.lower("mod").split()) if g("mod") else None)
    code = SEASONS[word]
    y = year_from(g, ctx)
    if y is not None:
        raw2 = g("y2")
        if raw2:  # "the winter of 1942-43"
            y2 = int(raw2) if len(raw2) == 4 else y // 100 * 100 + int(raw2)
            if y2 == y + 1:
                return Reading("date", f"{format_year(y)}-{code}", frozenset({y, y2}), Anchor(y2))
        return explicit_reading("date", Anchor(y), f"{format_year(y)}-{code}")
    if word == "fall" and mod not in ("last", "next", "this", "that", "the", "in the", "during", "over",
                                      "the following", "the next", "the previous", "the preceding", "following"):
        return None
    if word == "fall" and _FALL_OF_A_THING.match(ctx.text, g.end):
        return None  # "the fall of the Qing dynasty", "after the fall of Ava": a fall, not autumn
    if mod in ("the following", "the next", "following", "the previous", "the preceding"):
        base = ctx.base  # "the following spring": the base's year plus one
        if base is None:
            return yearless_reading("anaphoric", f"XXXX-{code}")
        year = base.year + (-1 if mod in ("the previous", "the preceding") else 1)
        return Reading("anaphoric", f"{format_year(year)}-{code}", frozenset({year}))
    if mod in ("last", "next", "this"):
        ref = ctx.ref
        if ref is None:
            return yearless_reading("relative", f"XXXX-{code}")
        first, last = _SEASON_MONTHS[code]
        ym = ref.month if ref.month >= first or code != "WI" else ref.month + 12
        year = ref.year if ref.month >= 3 or code != "WI" else ref.year - 1  # Jan/Feb belong to last winter
        if mod == "last" and not ym > last:
            year -= 1
        elif mod == "next" and not ym < first:
            year += 1
        return Reading("relative", f"{format_year(year)}-{code}", frozenset({year}))
    base = ctx.calendar_base_at(g.start)
    if base is None:
        return yearless_reading("anaphoric", f"XXXX-{code}")
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


def _yearless_holiday(kind: str, spec: object) -> Reading:
    """A holiday on a fixed day with no year: that day, the year unknown ("Christmas" is
    ``XXXX-12-25``); a movable feast without a year names no day."""
    if isinstance(spec, tuple):
        return yearless_reading(kind, f"XXXX-{spec[0]:02d}-{spec[1]:02d}")
    return unresolved_reading(kind)


def holiday(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """Christmas, Xmas 2013, last Easter, Thanksgiving, New Year's Eve, Halloween."""
    spec = HOLIDAYS[g.first_present(HOLIDAY_GROUPS)][1]
    y = year_from(g, ctx)
    if y is not None:
        value, _ = _holiday_value(spec, y)
        return explicit_reading("date", Anchor(y), value)
    mod = g.lower("mod")
    if mod in ("last", "next"):
        ref = ctx.reference
        if ref is None:
            return _yearless_holiday("relative", spec)
        year = ref.year
        _, d = _holiday_value(spec, year)
        if mod == "last" and d is not None and d >= ref:
            year -= 1
        elif mod == "next" and d is not None and d <= ref:
            year += 1
        value, _ = _holiday_value(spec, year)
        return Reading("relative", value, frozenset({year}))
    base = ctx.calendar_base_at(g.start)
    if base is None:
        return _yearless_holiday("anaphoric", spec)
    year = base.year
    if isinstance(spec, tuple) and spec == (1, 1) and base.month == 12:
        year += 1  # "New Year's Day" said in December is the coming one
    value, _ = _holiday_value(spec, year)
    return Reading("anaphoric", value, frozenset({year}))
