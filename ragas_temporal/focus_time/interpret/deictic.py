"""Interpreters of deictic expressions, resolved against the reference date ("yesterday",
"last year", "three years ago", "the past 5 years", "last Friday", "now"), and of their
anaphoric twins that share a rule ("the following year", "two years later")."""

from __future__ import annotations

import datetime as dt

from ragas_temporal.focus_time.amounts import count_of, unit_of
from ragas_temporal.focus_time.interpret.calendar_math import (
    at_granularity,
    day_value,
    shift_anchor,
    shift_unit,
    unit_value,
    unit_years,
)
from ragas_temporal.focus_time.interpret.core import (
    Anchor,
    Context,
    Groups,
    Reading,
    explicit_reading,
    groups_of,
    relative_reading,
    unresolved_reading,
    yearless_reading,
)
from ragas_temporal.focus_time.interpret.dates import cjk_in_year
from ragas_temporal.focus_time.normalise import format_year
from ragas_temporal.focus_time.patterns import (
    ANAPHORIC_MODIFIERS,
    CJK_AGO_CUES,
    CJK_ANAPHORIC_YEARS,
    CJK_MORE_RELATIVE_YEARS,
    CJK_PARTS_OF_DAY,
    CJK_REF_WORDS,
    CJK_RELATIVE_DAYS,
    CJK_RELATIVE_UNITS,
    CJK_RELATIVE_YEARS,
    CJK_EVERY,
    CJK_WEEKDAY_LETTERS,
    CJK_WEEKDAY_NUMBERS,
    CJK_WEEKDAY_WEEKS,
    DAY_OFFSETS,
    NIGHT_WORDS,
    REF_WORDS,
    UNIT_MODIFIERS,
    WEEKDAYS,
)


def day_relative(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """today, tonight, yesterday, tomorrow (and chat spellings: tmr, 2day), optional part of day."""
    w = g.lower("w")
    if " " in w or "\t" in w or "\n" in w:
        w = " ".join(w.split())
    ref = ctx.ref
    if ref is None:
        return relative_reading(kind, "day", DAY_OFFSETS[w])
    a = shift_anchor(ref, "day", DAY_OFFSETS[w])
    if a is None:  # "tomorrow" on 9999-12-31: no year rather than a wrong one
        return unresolved_reading(kind)
    part = g("part") or ("night" if w in NIGHT_WORDS else None)
    return Reading(kind, day_value(a, part), frozenset({a.year}), a)


def part_of_day(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """this morning, last night, yesterday evening, tomorrow afternoon."""
    mod = g.lower("mod")
    ref = ctx.ref
    offset = DAY_OFFSETS[mod] if mod in DAY_OFFSETS else UNIT_MODIFIERS[mod]  # "yesterday", "this"
    if ref is None:
        return relative_reading(kind, "day", offset)
    a = shift_anchor(ref, "day", offset)
    if a is None:
        return unresolved_reading(kind)
    return Reading(kind, day_value(a, g("part")), frozenset({a.year}), a)


def unit_relative(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """this/last/next year|month|week|weekend|quarter|decade|century; the following/previous/same year."""
    mod, unit, the = g.lower("mod"), unit_of(g("unit")), g("the")
    if the and mod in ("past", "last") and unit in ("decade", "century"):
        the = None  # "the past decade" names the previous decade (TimeML: 200), like "last decade"
    if the and mod in ("past", "last"):  # "the past year": a duration of one unit before the base
        return _duration(ctx, kind, -1, 1, unit)
    if the and mod == "prior":
        # "the prior year" is the year before the report's, in the financial prose that writes it:
        # the reference date's, never a year of the text ("by 2025 ... the prior year" is not
        # 2024); without a reference date it is "the previous year"'s value
        base = ctx.ref
        kind = "anaphoric"
    elif the and (mod in ANAPHORIC_MODIFIERS or mod in ("next", "nxt", "same")) or mod in ("that", "same"):
        base = ctx.base
        kind = "anaphoric"
    else:
        base = ctx.ref
        kind = "relative"
    k = UNIT_MODIFIERS[mod]
    if base is None:
        return relative_reading(kind, "week", 2 * k) if unit == "fortnight" else relative_reading(kind, unit, k)
    a = shift_unit(base, unit, k)
    if a is None:
        return unresolved_reading(kind)
    # "this year", "the same year": the base itself stays the anchor (at its own, finer granularity)
    anchor = base if k == 0 and unit not in ("decade", "century", "quarter") else at_granularity(a, unit)
    return Reading(kind, unit_value(a, unit), unit_years(a, unit), anchor)


def _duration(ctx: Context, kind: str, sign: int, n: int, unit: str) -> Reading:
    base = ctx.ref if kind == "relative" else ctx.base
    if base is None:
        return unresolved_reading(kind)
    if unit == "quarter":
        unit, n = "month", 3 * n
    far = shift_anchor(base, "week" if unit == "weekend" else unit, sign * n)
    code = {"year": "Y", "month": "M", "week": "W", "weekend": "W", "day": "D", "decade": "DE", "century": "CE",
            "fortnight": "W"}[unit]  # fmt: skip
    count = 2 * n if unit == "fortnight" else n
    # beyond the era ("the past 1,000,000 years") the start has no year: the value stays
    return Reading(kind, f"P{count}{code}", ctx.span(far.year, base.year) if far is not None else frozenset())


def past_n(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """the past 5 years, the last three months, the next two decades, the following 3 years."""
    n = count_of(g("num"))
    direction, unit = g.lower("dir"), unit_of(g("unit"))
    kind = "anaphoric" if direction in ANAPHORIC_MODIFIERS and g("the") else "relative"
    sign = UNIT_MODIFIERS[direction]
    if n is None:  # "the past few years": vague
        return Reading(kind, "PAST_REF" if sign < 0 else "FUTURE_REF", frozenset())
    return _duration(ctx, kind, sign, n, unit)


def ago(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """three years ago, a week ago, two years later, a decade earlier, 5 days from now."""
    n = count_of(g("num"))
    unit, direction = unit_of(g("unit")), " ".join(g.lower("dir").split())
    anaphoric = direction in ("earlier", "later")
    kind = "anaphoric" if anaphoric else "relative"
    sign = 1 if direction in ("later", "from now", "hence") else -1
    if n is None:
        return Reading(kind, "PAST_REF" if sign < 0 else "FUTURE_REF", frozenset())
    if n == 1 and sign < 0 and unit == "year":
        discussed = ctx.quarter_in_discussion(g.start)
        if discussed is not None:  # "profit rose in the third quarter from a year ago": 1988-Q3
            return year_earlier_quarter(kind, *discussed)
    base = ctx.base if anaphoric else ctx.ref
    if unit == "fortnight":
        unit, n = "week", 2 * n
    if unit in ("hour", "hr", "minute", "min"):  # "3 hours ago": the base day, or the day before
        unit, n = "day", (n // 24 if unit in ("hour", "hr") else n // 1440)
    if base is None:  # "a year ago" is "last year"; "a week earlier" is "the week before"
        return relative_reading(kind, unit, sign * n)
    a = shift_anchor(base, unit, sign * n)
    if a is None:
        return unresolved_reading(kind)
    gran = "day" if unit in ("day", "week") else ("month" if unit == "month" else "year")
    return Reading(kind, unit_value(a, gran), frozenset({a.year}), at_granularity(a, gran))


def year_earlier_quarter(kind: str, year: int, quarter: int) -> Reading:
    """The quarter a year before the quarter a text reports on: TimeML's reading of "a year ago",
    "a year earlier" and "the same period last year" in a quarterly report (TimeBank: 1988-Q3 in
    a report on the third quarter of 1989). Its year is the anchor later anaphora read.

    >>> year_earlier_quarter("relative", 1989, 3).value
    '1988-Q3'
    """
    return Reading(kind, f"{format_year(year - 1)}-Q{quarter}", frozenset({year - 1}), Anchor(year - 1))


def year_ago_quarter(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """"the year-ago quarter", "the prior-year quarter", "the same quarter last year": the quarter a
    year before the one the text reports on (its last named quarter); else four quarters before
    the last date of the text or the reference date, as "the same quarter" counts from it; with
    neither, that count as a value (``UNDEF-REF-quarter-MINUS-4``: the same value for each form).

    >>> from ragas_temporal.focus_time.extract import scan
    >>> [m.value for m in scan("Q3 2021 sales beat the year-ago quarter.")]
    ['2021-Q3', '2020-Q3']
    >>> [m.value for m in scan("Sales beat the same quarter last year.")]
    ['UNDEF-REF-quarter-MINUS-4']
    """
    discussed = ctx.quarter_in_discussion(g.start)
    if discussed is not None:
        return year_earlier_quarter(kind, *discussed)
    base = ctx.base
    if base is None:
        return relative_reading(kind, "quarter", -4)
    a = shift_anchor(base, "year", -1)  # four quarters back; a base without a month gives the year
    if a is None:
        return unresolved_reading(kind)
    return Reading(kind, unit_value(a, "quarter"), frozenset({a.year}))


def same_period(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """"the same period last year", "el mismo periodo del año anterior", "o período homólogo do ano
    passado": the period the text reports on (its last named quarter), a year before; else the
    year before the reference date, as "last year". With a year written instead ("o período
    homólogo de 1988", group ``year``): that quarter of that year, else that year."""
    discussed = ctx.quarter_in_discussion(g.start)
    written = g("year")
    if written is not None:
        year = int(written)
        value = f"{format_year(year)}-Q{discussed[1]}" if discussed is not None else None
        # its kind stays the rule's: a comparison, never the year of a quarter named before it
        return explicit_reading(kind, Anchor(year), value)
    if discussed is not None:
        return year_earlier_quarter(kind, *discussed)
    return _reference_year(ctx, kind, -1)


def cjk_ago(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """Years ago written with CJK units: "2000年前に", "1000년 전", "约2000年前" are that many years
    before the reference date, never the year 2000. Read only where the grammar says "ago": the
    Korean 전, a Japanese 前 followed by kana, or an "about"/"before today" word before the number
    (``CJK_AGO_CUES``). A bare Chinese "2030年前" may mean "before 2030": no year (the match is
    still taken, so the number is not read as a year either).

    >>> import datetime as dt
    >>> from ragas_temporal.focus_time.extract import scan
    >>> [(m.text, m.value) for m in scan("約2000年前に、1000년 전에", dt.date(2024, 5, 1))]
    [('2000年前', '0024'), ('1000년 전', '1024')]
    >>> [(m.text, m.value) for m in scan("2030年前实现碳达峰。")]
    []
    """
    start, end = g.match.span()
    text = ctx.text
    clear = (
        g("ago") == "전"
        or (end < len(text) and "\u3040" <= text[end] <= "\u309f")  # hiragana: Japanese grammar
        or text[max(0, start - 3) : start].endswith(CJK_AGO_CUES)
    )
    return _reference_year(ctx, kind, -int(g("num"))) if clear else None


def cjk_relative_year(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """去年 / 昨年 / 작년 (last year), 今年 / 올해 (this year), 明年 / 来年 / 내년 (next year), 前年
    (the year before last): the reference date's year, shifted (no year without a reference date);
    当年 / 同年 (that year), 次年 / 翌年 (the year after), 上年 (the year before): the last date's
    year (else the reference date's), shifted. A
    month, day, half or quarter after the word dates that part of the year: "去年十二月", "今年上半年".

    >>> import datetime as dt
    >>> from ragas_temporal.focus_time.extract import scan
    >>> [(m.text, m.value) for m in scan("去年中国经济增长了5.2%。올해는", dt.date(2024, 5, 1))]
    [('去年', '2023'), ('올해', '2024')]
    >>> [(m.text, m.value) for m in scan("前年十二月，今年上半年。1990年建厂，次年投产。", dt.date(2024, 5, 1))]
    [('前年十二月', '2022-12'), ('今年上半年', '2024-H1'), ('1990年', '1990'), ('次年', '1991')]
    """
    word = g("word")
    if word in CJK_ANAPHORIC_YEARS:
        kind, base, shift = "anaphoric", ctx.base, CJK_ANAPHORIC_YEARS[word]
    else:
        base, shift = ctx.ref, CJK_RELATIVE_YEARS.get(word, CJK_MORE_RELATIVE_YEARS.get(word))
    has_part = g("month") is not None or g("half") is not None or g("q") is not None
    if base is None:  # as "last year" / "the following year" with nothing to count from
        return unresolved_reading(kind) if has_part else relative_reading(kind, "year", shift)
    a = shift_anchor(base, "year", shift)
    if a is None:
        return unresolved_reading(kind)
    if has_part:
        return cjk_in_year(g, a.year, kind)
    return Reading(kind, unit_value(a, "year"), frozenset({a.year}), at_granularity(a, "year"))


def cjk_relative_day(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """今天 / 今日 / 오늘 (today), 昨天 (yesterday), 明天 (tomorrow), 前天, 后天, with a part of the day
    after it ("今天上午": this morning); 今晚 (tonight): as "today", "tonight" and "this morning".

    >>> import datetime as dt
    >>> from ragas_temporal.focus_time.extract import scan
    >>> [(m.text, m.value) for m in scan("昨天下午，今晚，내일", dt.date(2024, 5, 1))]
    [('昨天下午', '2024-04-30TAF'), ('今晚', '2024-05-01TNI'), ('내일', '2024-05-02')]
    """
    ref, shift = ctx.ref, 0 if g("tonight") else CJK_RELATIVE_DAYS[g("w")]
    if ref is None:  # as "yesterday" without a reference date
        return relative_reading(kind, "day", shift)
    a = shift_anchor(ref, "day", shift)
    if a is None:
        return unresolved_reading(kind)
    part = "night" if g("tonight") else CJK_PARTS_OF_DAY.get(g("part") or "")
    return Reading(kind, day_value(a, part), frozenset({a.year}), a)


def cjk_relative_unit(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """本月 (this month), 上个月 / 上月 / 先月 / 지난달 (last month), 下周 (next week): as "last month".

    >>> import datetime as dt
    >>> from ragas_temporal.focus_time.extract import scan
    >>> [(m.text, m.value) for m in scan("上个月，本月，下周", dt.date(2024, 1, 10))]
    [('上个月', '2023-12'), ('本月', '2024-01'), ('下周', '2024-W03')]
    """
    k, unit = CJK_RELATIVE_UNITS[" ".join(g("w").split())]
    english = groups_of(g.match)  # the same match, in the words of "last month"
    english.update({"mod": _CJK_UNIT_MODIFIERS[k], "unit": unit, "the": None})
    return unit_relative(english, ctx, kind)


_CJK_UNIT_MODIFIERS = {-1: "last", 0: "this", 1: "next"}


def cjk_weekday(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """星期一, 周三, 礼拜天, 月曜日, 월요일: the nearest such day to the reference date, as "Monday";
    上周一 (the Monday of last week), 下周一 (of next week), 本周一 (of this week), 每周一 (every Monday).

    >>> import datetime as dt
    >>> from ragas_temporal.focus_time.extract import scan
    >>> [(m.text, m.value) for m in scan("星期二，下周一，每周五", dt.date(2024, 5, 1))]  # a Wednesday
    [('星期二', '2024-04-30'), ('下周一', '2024-05-06'), ('每周五', 'XXXX-WXX-5')]
    >>> [(m.text, m.value) for m in scan("上周一，本周五", dt.date(2024, 5, 1))]
    [('上周一', '2024-04-22'), ('本周五', '2024-05-03')]
    """
    # the weekday's character as written (``dict.get``): a language table translates "一" to "1"
    n = dict.get(g, "n")
    day, mod = CJK_WEEKDAY_NUMBERS[n] if n else CJK_WEEKDAY_LETTERS[g("letter")], g("mod")
    if mod is None or mod == CJK_EVERY:  # as "Monday", "every Monday"
        english = groups_of(g.match)
        english.update({"weekday": _WEEKDAY_NAMES[day], "mod": mod and "every", "part": None})
        return weekday(english, ctx, kind)
    ref = ctx.reference
    if ref is None:
        return unresolved_reading(kind)
    try:  # the weekday of the week before, of or after the reference date's
        a = Anchor.of(ref + dt.timedelta(days=7 * CJK_WEEKDAY_WEEKS[mod] + day - ref.weekday()))
    except OverflowError:
        return unresolved_reading(kind)
    return Reading(kind, a.value(), frozenset({a.year}), a)


#: Weekday 0..6 -> its name in ``WEEKDAYS``.
_WEEKDAY_NAMES = tuple(sorted((w for w in WEEKDAYS if len(w) > 5), key=WEEKDAYS.get))


def cjk_ref_word(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """目前 / 现在 / 如今 / 현재 (now), 近年来 / 最近 (recently), 今后 (from now on): TIMEX3
    PRESENT_REF, PAST_REF and FUTURE_REF, no years (as "currently", "recently")."""
    return Reading(kind, CJK_REF_WORDS[g("w")], frozenset())


def _reference_year(ctx: Context, kind: str, shift: int) -> Reading:
    """The reference date's year shifted by ``shift`` years (no year without a reference date,
    or beyond the era)."""
    if ctx.ref is None:
        return relative_reading(kind, "year", shift)
    a = shift_anchor(ctx.ref, "year", shift)
    if a is None:
        return unresolved_reading(kind)
    return Reading(kind, unit_value(a, "year"), frozenset({a.year}), at_granularity(a, "year"))


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
    if ref is None:  # "on Saturday": a Saturday, the week unknown (TIMEX3, ISO: Monday is 1)
        return yearless_reading(kind, f"XXXX-WXX-{WEEKDAYS[word] + 1}")
    try:
        a = Anchor.of(_weekday_date(ref, WEEKDAYS[word], mod))
    except OverflowError:  # a reference date in the first or last week of year 1 or 9999
        return unresolved_reading(kind)
    return Reading(kind, day_value(a, g("part")), frozenset({a.year}), a)


def ref_word(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """now, currently, recently, soon: TIMEX3 PRESENT_REF/PAST_REF/FUTURE_REF, no years."""
    return Reading(kind, REF_WORDS[" ".join(g.lower("w").split())], frozenset())


def year_to_date(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """ytd: the year so far, so the reference date's year (see ``patterns.YEAR_TO_DATE``)."""
    ref = ctx.ref
    if ref is None:
        return relative_reading(kind, "year", 0)
    return Reading(kind, unit_value(ref, "year"), frozenset({ref.year}), Anchor(ref.year))
