"""An alteration audit of TemporalFaithfulness on real source documents: each dated sentence of a
source, restated faithfully or with its date moved by one unit, against the whole source (and
verbatim against the source without it).

The sources are the distinct ``source`` texts of ``../shared/data/summaries/frank.jsonl`` (FRANK:
CNN/DM and BBC articles) and ``summedits.jsonl`` (SummEdits: news, earnings calls, podcasts,
meetings, e-mails, sales calls, dialogues, science), sorted; they are not shipped (the script says
so and exits 0 when they are absent). Each source is split into sentences by the package's
sentence break (``interpret.core.SENTENCE_GAP``: ``patterns.sentence_break`` and line breaks:
dialogues and e-mails end a line without a stop). Each temporal mention ``extract_focus_time(sentence)`` finds (no reference date)
of one of these shapes makes cases:

* **day without a year** ("June 4", "4 June"; a holiday such as "Christmas" has no day number to
  move and is skipped), **month without a year** ("in March"), **weekday** ("on Saturday"),
  **quarter** ("Q2", "the second quarter"), **season**: the mention's ``yearless`` reading;
* **dated day** ("4 June 2019", or "June 4" tied to a year the sentence writes), **dated month**
  ("March 2019"), **year** (four digits);
* **relative**: a relative date counted in a calendar unit its words name ("last year", "two
  weeks ago", "the previous quarter", "yesterday"; the mention's ``relative`` reading, or the
  words of one the sentence resolved); not a stretch of time after "within", "for" or "over"
  ("within the next month"), nor a bare unit ("of the week").

The ANSWER of a case is the sentence, rewritten; the CONTEXT is the whole source, so the claim's
own words are in the context along with every other date of the document:

* **restatements** (faithful, must not be flagged): the same date in another written form: "June 4"
  / "4 June" / "the 4th of June"; "Q2" / "the second quarter"; "on Saturday" -> "Saturday"; "fall" /
  "autumn", "this summer" -> "summer"; "in March" -> "in the month of March"; "last year" / "a year
  ago", "the prior year" / "the previous year" / "a year earlier"; coarser, which is faithful too: a
  dated day -> its month and year, its year, its day and month without the year; a dated month ->
  its year, its month without the year; a year after "in" -> its decade;
* **altered** (unfaithful, must be flagged): the date moved by one unit: a day +1 (-1 when +1 leaves
  the month or is stated), a month, weekday, quarter (Q4 -> Q1) or season to the next, a year +1, a
  relative count +1 away from now ("last year" -> "two years ago", "this year" -> "next year",
  "that year" -> "the following year"; the unit is never changed).

A rewrite is kept only when the extractor reads the new sentence with the rewritten mention at the
intended value (the same value for a restatement) and every other mention unchanged (for an
alteration their texts: a day tied to an altered year moves with it); otherwise it is skipped and
counted (*not read*). An alteration whose new value the source states anywhere, at the claim's
precision (the same day and month, a day or month in the altered month, quarter or season, the
same weekday or a full date on it, the same year as a point or range end, the same relative count
or the date the sentence resolves it to), is not invented: it is skipped and counted (*stated*).
One alteration is made per mention (a day's -1 only when its +1 is stated or not read). The
sentence itself, verbatim, is scored as a control (*verbatim flagged*: a sentence of the source
flagged against its own source is a fault whatever the rewrite).

Every case is scored by the default ``TemporalFaithfulness()`` through ``score_dataset``, no
reference date. Flagged means a score below 1; NaN counts as not flagged and is given apart. The
table gives per shape (the relative dates also by base: from now, from a date in the text) and
per data set family (frank, summedits): cases (altered and restated), sentences (verbatim
flagged), altered flagged (n/N), altered NaN, alterations skipped (stated, not read),
restatements flagged (n/N), restatements NaN, restatements skipped (no other form, not read).
Below the table: how many flagged alterations are flagged on the altered claim itself (its verdict
short of supported), not on another claim of the sentence. ``--misses`` lists each altered case
not flagged and each restatement flagged (or NaN), with the sentence, the claim, the score and the
reason, and whether the verbatim sentence is flagged too.

The context of those cases always states the original date (the sentence is in it), so a claim
the context has nothing of its unit to check against is not exercised by them. A second table
does: **removed**, each sentence verbatim against its source *without the sentence*, one case per
date of the sentence that the rest of the source never writes at the claim's precision (the same
check as an alteration's; dates written elsewhere are skipped and counted). Such a date is
invented with the document's other dates as distractors, the situation of a summary that adds a
date; the table gives the share flagged, flagged on that claim itself, and NaN.

Run: ``python benchmarks/altered_dates.py [--data DIR] [--dataset NAME] [--limit N] [--misses]``
"""

from __future__ import annotations

import argparse
import calendar
import datetime as dt
import math
import os
import re
import sys
import warnings
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")
warnings.simplefilter("ignore", DeprecationWarning)

from real_summaries import (  # a sibling benchmark
    _excerpt,
    _share,
    data_arguments,
    load_rows,
    no_data,
)

from ragas_temporal import extract_focus_time
from ragas_temporal.focus_time.interpret.core import SENTENCE_GAP
from ragas_temporal.focus_time.patterns import (
    DAY_OFFSETS,
    MONTHS,
    NUMBER_WORDS,
    QUARTER_ORDINALS,
    SEASONS,
    WEEKDAYS,
)  # fmt: skip
from ragas_temporal.focus_time.spans import SEASON_MONTHS, read_relative
from ragas_temporal.focus_time.units import UNIT_WORDS
from ragas_temporal.focus_time.words_alone import written_relative

SHAPES = (
    "day without a year", "month without a year", "weekday", "quarter", "season",
    "dated day", "dated month", "year", "relative",
)  # fmt: skip
FAMILIES = ("frank", "summedits")
_YEARLESS_SHAPES = {"day": SHAPES[0], "month": SHAPES[1], "weekday": SHAPES[2], "quarter": SHAPES[3], "season": SHAPES[4]}
#: units a relative date may be counted in here (calendar units, not hours or fortnights)
#: the sub-rows of the relative dates, by base (deictic or not)
_BASES = {True: "from now", False: "from a date in the text"}
_CALENDAR_UNITS = ("day", "week", "weekend", "month", "quarter", "year", "decade", "century")


def _alternation(words) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_MONTH = rf"(?P<month>{_alternation(MONTHS)})\b\.?"
_DAY = r"(?P<day>[0-3]?\d)(?P<suffix>st|nd|rd|th)?\b"
_MONTH_DAY = re.compile(rf"\b{_MONTH}\s+{_DAY}", re.IGNORECASE)
_DAY_MONTH = re.compile(rf"\b(?:the\s+)?{_DAY}\s+(?:of\s+)?{_MONTH}", re.IGNORECASE)
_MONTH_WORD = re.compile(rf"\b{_MONTH}", re.IGNORECASE)
_WEEKDAY_WORD = re.compile(rf"\b(?P<w>{_alternation(WEEKDAYS)})\b", re.IGNORECASE)
_SEASON_WORD = re.compile(rf"\b(?P<w>{_alternation(SEASONS)})\b", re.IGNORECASE)
_QUARTER_CODE = re.compile(r"\bQ(?P<n>[1-4])\b")
_QUARTER_WORDS = re.compile(rf"\b(?:the\s+)?(?P<w>{_alternation(QUARTER_ORDINALS)})(?P<sep>[\s-])quarter\b", re.IGNORECASE)
_YEAR = re.compile(r"(?<!\d)\d{4}(?!\d)")
_MONTH_NAMES = {number: name.capitalize() for name, number in reversed(list(MONTHS.items()))}  # the full names
_WEEKDAY_NAMES = {number: name.capitalize() for name, number in reversed(list(WEEKDAYS.items()))}
_QUARTER_NAMES = {number: word for word, number in reversed(list(QUARTER_ORDINALS.items())) if word.isalpha()}
_SEASON_ORDER = sorted(SEASON_MONTHS, key=lambda code: SEASON_MONTHS[code][0])  # spring, summer, autumn, winter
_SEASON_WORDS = {code: [w for w, c in SEASONS.items() if c == code] for code in SEASON_MONTHS}
_NUMBER_NAMES = {number: word for word, number in reversed(list(NUMBER_WORDS.items())) if " " not in word}
_DAY_WORDS = {offset: word for word, offset in reversed(list(DAY_OFFSETS.items())) if word.isalpha() or " " in word}


class Case(NamedTuple):
    """One scored answer: the sentence rewritten (or verbatim), against its source (or, for a
    ``"removed"`` case, its source without the sentence)."""

    family: str
    shape: str
    kind: str  # "altered", "restated", "verbatim" or "removed"
    source: int  # index of the source
    sentence: str
    claim: str  # "June 4 -> June 5"; the mention's text for a removed case
    answer: str
    detail: str = ""  # a relative date's base: "from now" or "from a date in the text"
    context: str | None = None  # the context when not the whole source


class Outcome(NamedTuple):
    value: float
    reason: str
    verdicts: tuple = ()  # (claim text, verdict) of each claim, in answer order

    @property
    def flagged(self) -> bool:
        return not math.isnan(self.value) and self.value < 1.0


# --- what a source states, at each precision (for "an alteration the source states is not invented")


class Stated:
    """The values the extractor reads in a source, as the alterations are checked against them."""

    def __init__(self, text: str) -> None:
        self.days: set[tuple[int, int]] = set()  # (month, day), with or without a year
        self.dates: set[tuple[int, int, int]] = set()
        self.months: set[int] = set()  # every month a day or month lies in
        self.year_months: set[tuple[int, int]] = set()
        self.yearless_months: set[int] = set()
        self.weekdays: set[int] = set()  # ISO
        self.quarters: set[int] = set()
        self.seasons: set[str] = set()
        self.years: set[int] = set()
        self.counts: set[tuple[bool, str, int]] = set()
        for m in extract_focus_time(text).mentions:
            count = _count(m)
            if count is not None:
                self.counts.add(count)
            yearless = m.yearless
            if yearless is not None:
                if yearless.unit == "day":
                    self._day(yearless.month, yearless.day)
                    self.yearless_months.add(yearless.month)
                    if m.written_weekday:
                        self.weekdays.add(m.written_weekday)
                elif yearless.unit == "month":
                    self.months.add(yearless.month)
                    self.yearless_months.add(yearless.month)
                elif yearless.unit == "weekday":
                    self.weekdays.add(int(yearless.code))
                elif yearless.unit == "quarter":
                    self.quarters.add(int(yearless.code))
                elif yearless.unit == "season":
                    self.seasons.add(str(yearless.code))
                continue
            span = m.span
            for period in (span.start, span.end) if span is not None else ():
                if period is not None:
                    self._period(period)
        # a quarter or season holding a stated day or month is stated by it (the metric's rule too)
        self.quarters |= {(month - 1) // 3 + 1 for month in self.months}
        self.seasons |= {code for code in SEASON_MONTHS if set(_season_months(code)) & self.months}

    def gives(self, shape: str, mention: Any) -> bool:
        """The source states what a mention of ``shape`` states, at its precision: the same day and
        month; a day or month in its month, quarter or season; the same weekday or a full date on
        it; the same day, month or year with its year (a dated day also by its day and month, a
        dated month by its month alone); the same relative count, or the date the text resolved it
        to."""
        yearless = mention.yearless
        if yearless is not None:
            code = yearless.code
            return {
                "day": lambda: (yearless.month, yearless.day) in self.days,
                "month": lambda: yearless.month in self.months,
                "weekday": lambda: code in self.weekdays,
                "quarter": lambda: code in self.quarters,
                "season": lambda: code in self.seasons,
            }[yearless.unit]()
        if shape == SHAPES[8] and _count(mention) in self.counts:
            return True
        span = mention.span
        if span is None:
            return False
        (y, m, d), _, unit = span.start
        if unit == "day":
            return (y, m, d) in self.dates or (m, d) in self.days
        if unit == "month":
            return (y, m) in self.year_months or m in self.yearless_months
        return y in self.years

    def _day(self, month: int, day: int) -> None:
        self.days.add((month, day))
        self.months.add(month)

    def _period(self, period: Any) -> None:
        (y1, m1, d1), (y2, m2, _), unit = period.first, period.last, period.unit
        if unit in ("day", "month", "quarter", "season", "year", "week", "half") and y1 == y2:
            self.years.add(y1)
        if unit == "day" and period.first == period.last:
            self._day(m1, d1)
            self.dates.add((y1, m1, d1))
            self.year_months.add((y1, m1))
            if 1 <= y1 <= 9999:
                self.weekdays.add(dt.date(y1, m1, d1).isoweekday())
        elif unit == "month" and (y1, m1) == (y2, m2):
            self.months.add(m1)
            self.year_months.add((y1, m1))
        elif unit == "quarter":
            self.quarters.add((m1 - 1) // 3 + 1)
        elif unit == "season":
            self.seasons.update(code for code in SEASON_MONTHS if SEASON_MONTHS[code][0] % 12 == m1 % 12)


def _season_months(code: str) -> tuple[int, ...]:
    first, last = SEASON_MONTHS[code]
    return tuple((m - 1) % 12 + 1 for m in range(first, last + 1))


def _count(mention: Any) -> tuple[bool, str, int] | None:
    """``(deictic, unit, offset)`` of a relative date, resolved by the text or not."""
    return mention.relative or read_relative(written_relative(mention))


# --- the shapes and their rewrites


def shape_of(mention: Any, before: str = "") -> str | None:
    """The shape of a mention (one of :data:`SHAPES`), or ``None`` for any other mention; a
    relative date after ``before`` ending in "within", "for" or "over" is a stretch of time
    ("within the next month"), not a date.

    >>> text = "On Saturday sales rose 3% on last year, as in June 2019 and over the next week."
    >>> [(m.text, shape_of(m, text[: m.start])) for m in extract_focus_time(text).mentions]
    [('On Saturday', 'weekday'), ('last year', 'relative'), ('June 2019', 'dated month'), ('the next week', None)]
    """
    yearless = mention.yearless
    if yearless is not None:
        return _YEARLESS_SHAPES.get(yearless.unit)
    count = _count(mention)
    if count is not None:
        words = re.findall(r"[a-z]+", mention.text.lower())
        named = count[1] in {UNIT_WORDS.get(w) for w in words} or (count[0] and mention.text.lower() in DAY_OFFSETS)
        # "of the week", "during the day": a unit with nothing to count it from is not a date
        counted = set(words) - {"the"} - set(UNIT_WORDS)
        stretch = re.search(r"\b(?:within|for|over)\s+$", before, re.IGNORECASE)
        return SHAPES[8] if count[1] in _CALENDAR_UNITS and named and counted and not stretch else None
    value = mention.value or ""
    named = _MONTH_WORD.search(mention.text) is not None  # not "night" or "dawn" tied to a dated day
    if mention.years and named and re.fullmatch(r"\d{4}-\d\d-\d\d", value):
        return SHAPES[5]
    if mention.years and named and re.fullmatch(r"\d{4}-\d\d", value):
        return SHAPES[6]
    if mention.kind == "year" and re.fullmatch(r"\d{4}", value) and value in mention.text:
        return SHAPES[7]
    return None


class Rewrite(NamedTuple):
    """A mention's new text and the test its new reading must pass."""

    text: str
    reads: Callable[[Any], bool]


def _same(mention: Any) -> Callable[[Any], bool]:
    value, count = mention.value, _count(mention)
    return lambda new: new.value == value and _count(new) == count


def _value_is(value: str) -> Callable[[Any], bool]:
    return lambda new: new.value == value


def _like(word: str, new: str) -> str:
    """``new`` in the capitals of ``word``."""
    return new.upper() if word.isupper() and len(word) > 1 else new.capitalize() if word[:1].isupper() else new.lower()


def _ordinal(day: int) -> str:
    return f"{day}{'th' if 10 <= day % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(day % 10, 'th')}"


def _replace(text: str, match: re.Match, new: str, group: int | str = 0) -> str:
    return text[: match.start(group)] + new + text[match.end(group) :]


def _month_day(mention: Any) -> tuple[int | None, int, int] | None:
    """(year or None, month, day) of a day mention."""
    yearless = mention.yearless
    if yearless is not None:
        return None, yearless.month, yearless.day
    y, m, d = (int(p) for p in mention.value.split("-"))
    return y, m, d


def day_rewrites(mention: Any) -> tuple[list[Rewrite], list[Rewrite]]:
    """(restatements, alterations) of a day, with or without a year."""
    year, month, day = _month_day(mention)
    text = mention.text
    match = _MONTH_DAY.search(text) or _DAY_MONTH.search(text)
    if match is None or MONTHS[match["month"].lower()] != month or int(match["day"]) != day:
        return [], []
    word = match["month"] + ("." if text[match.end("month") : match.end("month") + 1] == "." else "")
    forms = [f"{word} {day}", f"{day} {word}", f"the {_ordinal(day)} of {word}"]
    written = " ".join(match[0].lower().split())
    restated = [Rewrite(_replace(text, match, form), _same(mention)) for form in forms if form.lower() != written]
    if year is not None and str(year) in text:  # coarser: the month and year, the year, the day without its year
        name = _MONTH_NAMES[month]
        restated.append(Rewrite(f"{name} {year}", _value_is(f"{year}-{month:02d}")))
        restated.append(Rewrite(str(year), _value_is(str(year))))
        restated.append(Rewrite(f"{name} {day}", _value_is(f"XXXX-{month:02d}-{day:02d}")))
    altered = []
    for new_day in (day + 1, day - 1):
        if not 1 <= new_day <= calendar.monthrange(year or 2000, month)[1]:
            continue
        new = _ordinal(new_day) if match["suffix"] else str(new_day)
        new_text = text[: match.start("day")] + new + text[match.end("suffix" if match["suffix"] else "day") :]
        if year is None:
            altered.append(Rewrite(new_text, _value_is(f"XXXX-{month:02d}-{new_day:02d}")))
        else:
            altered.append(Rewrite(new_text, _value_is(f"{year}-{month:02d}-{new_day:02d}")))
    return restated, altered


def month_rewrites(mention: Any) -> tuple[list[Rewrite], list[Rewrite]]:
    """(restatements, alterations) of a month, with or without a year."""
    text = mention.text
    match = _MONTH_WORD.search(text)
    if match is None:
        return [], []
    month = MONTHS[match["month"].lower().rstrip(".")]
    new_month = month % 12 + 1
    new_name = _MONTH_NAMES[new_month]
    new_text = _replace(text, match, new_name)
    if mention.years:
        year = int(mention.value[:4])
        name = _MONTH_NAMES[month]  # coarser: the year; the month without its year
        restated = [Rewrite(str(year), _value_is(str(year))), Rewrite(name, _value_is(f"XXXX-{month:02d}"))] if str(year) in text else []
        altered = Rewrite(new_text, _value_is(f"{year}-{new_month:02d}"))
        return restated, [altered]
    plain = text[: match.start()].strip().lower() in ("", "in", "during")  # not "last November"
    restated = [Rewrite(_replace(text, match, f"the month of {_MONTH_NAMES[month]}"), _same(mention))] if plain else []
    return restated, [Rewrite(new_text, _value_is(f"XXXX-{new_month:02d}"))]


def weekday_rewrites(mention: Any) -> tuple[list[Rewrite], list[Rewrite]]:
    text = mention.text
    match = _WEEKDAY_WORD.search(text)
    if match is None:
        return [], []
    iso = WEEKDAYS[match["w"].lower()] + 1
    new_iso = iso % 7 + 1
    restated = []
    if re.match(r"on\s", text, re.IGNORECASE) and match.start() > 0:
        restated.append(Rewrite(text[match.start() :], _same(mention)))
    new_text = _replace(text, match, _like(match["w"], _WEEKDAY_NAMES[new_iso - 1]))
    return restated, [Rewrite(new_text, _value_is(f"XXXX-WXX-{new_iso}"))]


def quarter_rewrites(mention: Any) -> tuple[list[Rewrite], list[Rewrite]]:
    text, q = mention.text, int(mention.yearless.code)
    new_q = q % 4 + 1
    expect = _value_is(f"XXXX-Q{new_q}")
    match = _QUARTER_CODE.search(text)
    if match is not None and int(match["n"]) == q:
        restated = [Rewrite(_replace(text, match, f"the {_QUARTER_NAMES[q]} quarter"), _same(mention))]
        return restated, [Rewrite(_replace(text, match, str(new_q), "n"), expect)]
    match = _QUARTER_WORDS.search(text)
    if match is None or QUARTER_ORDINALS[match["w"].lower()] != q:
        return [], []
    word = match["w"]
    new_word = _ordinal(new_q) if word[0].isdigit() else _like(word, _QUARTER_NAMES[new_q])
    return [Rewrite(_replace(text, match, f"Q{q}"), _same(mention))], [Rewrite(_replace(text, match, new_word, "w"), expect)]


def season_rewrites(mention: Any) -> tuple[list[Rewrite], list[Rewrite]]:
    text = mention.text
    match = _SEASON_WORD.search(text)
    if match is None:
        return [], []
    code = SEASONS[match["w"].lower()]
    restated = [Rewrite(_replace(text, match, _like(match["w"], other)), _same(mention))
                for other in _SEASON_WORDS[code] if other != match["w"].lower()]  # fmt: skip
    if re.match(r"this\s", text, re.IGNORECASE):
        restated.append(Rewrite(text[5:].lstrip(), _same(mention)))
    new_code = _SEASON_ORDER[(_SEASON_ORDER.index(code) + 1) % 4]
    new_text = _replace(text, match, _like(match["w"], _SEASON_WORDS[new_code][0]))
    return restated, [Rewrite(new_text, _value_is(f"XXXX-{new_code}"))]


def year_rewrites(mention: Any, before: str) -> tuple[list[Rewrite], list[Rewrite]]:
    text, year = mention.text, int(mention.value)
    match = _YEAR.search(text)
    if match is None:
        return [], []
    restated = []
    if text == match[0] and re.search(r"\bin\s$", before, re.IGNORECASE):  # "in 1995" -> "in the 1990s"
        restated.append(Rewrite(f"the {year // 10}0s", _value_is(str(year // 10))))
    altered = Rewrite(_replace(text, match, str(year + 1)), _value_is(str(year + 1)))
    return restated, [altered]


def relative_forms(deictic: bool, unit: str, offset: int) -> list[str]:
    """Written forms of a relative date, the plainest first.

    >>> relative_forms(True, "year", -1), relative_forms(False, "quarter", -1)[:2]
    (['last year', 'a year ago'], ['the previous quarter', 'the prior quarter'])
    >>> relative_forms(True, "day", -2), relative_forms(False, "century", 2)
    (['the day before yesterday', 'two days ago', '2 days ago'], ['two centuries later', '2 centuries later'])
    """
    n = abs(offset)
    plural = "centuries" if unit == "century" else f"{unit}s"
    counted = [f"{_NUMBER_NAMES[n]} {plural}", f"{n} {plural}"] if n in _NUMBER_NAMES else [f"{n} {plural}"]
    if deictic:
        if unit == "day" and offset in (-1, 0, 1):  # "a day ago"; "the current day" is not written
            return [_DAY_WORDS[offset]] + (["a day ago"] if offset == -1 else [])
        day = [_DAY_WORDS[offset]] if unit == "day" and offset in _DAY_WORDS else []
        if offset == 0:
            forms = [f"this {unit}", f"the current {unit}"]
        elif offset == -1:
            forms = [f"last {unit}", f"a {unit} ago"]
        elif offset == 1:
            forms = [f"next {unit}", f"the coming {unit}"]
        else:
            forms = [f"{c} {'ago' if offset < 0 else 'from now'}" for c in counted]
        return day + forms
    if offset == 0:
        return [f"that {unit}", f"the same {unit}"]
    if offset == -1:
        return [f"the previous {unit}", f"the prior {unit}", f"a {unit} earlier", f"the {unit} before"]
    if offset == 1:
        return [f"the following {unit}", f"the next {unit}", f"a {unit} later"]
    return [f"{c} {'earlier' if offset < 0 else 'later'}" for c in counted]


def relative_rewrites(mention: Any) -> tuple[list[Rewrite], list[Rewrite]]:
    text = mention.text
    deictic, unit, offset = _count(mention)
    same = _same(mention)
    written = text.lower()
    restated = [Rewrite(_like(text, form), same) for form in relative_forms(deictic, unit, offset) if form != written]
    new = (deictic, unit, offset - 1 if offset < 0 else offset + 1)
    forms = relative_forms(*new)
    if any(c.isdigit() for c in text):  # "10 years later" -> "11 years later"
        forms = [f for f in forms if any(c.isdigit() for c in f)] or forms
    altered = Rewrite(_like(text, forms[0]), lambda m: _count(m) == new)
    return restated[:2], [altered]


def rewrites(shape: str, mention: Any, sentence: str) -> tuple[list[Rewrite], list[Rewrite]]:
    """(restatements, alterations) of a mention of ``shape``."""
    if shape in (SHAPES[0], SHAPES[5]):
        return day_rewrites(mention)
    if shape in (SHAPES[1], SHAPES[6]):
        return month_rewrites(mention)
    if shape == SHAPES[2]:
        return weekday_rewrites(mention)
    if shape == SHAPES[3]:
        return quarter_rewrites(mention)
    if shape == SHAPES[4]:
        return season_rewrites(mention)
    if shape == SHAPES[7]:
        return year_rewrites(mention, sentence[: mention.start])
    return relative_rewrites(mention)


def _others(mentions, start: int, end: int) -> list[tuple[str, Any]]:
    return sorted((m.text, m.value) for m in mentions if m.end <= start or m.start >= end)


def _read(sentence: str, mention: Any, rewrite: Rewrite, others: list, values: bool = True) -> tuple[str, Any] | None:
    """The sentence with ``mention`` rewritten, and the new mention, when the extractor reads it
    as intended and finds the other mentions unchanged (their texts only, unless ``values``: a
    date tied to an altered year moves with it)."""
    text = rewrite.text
    if mention.start == 0 and sentence[:1].isupper():  # "Q2 revenue rose." -> "The second quarter revenue rose."
        text = text[:1].upper() + text[1:]
    new = sentence[: mention.start] + text + sentence[mention.end :]
    end = mention.start + len(text)
    mentions = extract_focus_time(new).mentions
    hits = [m for m in mentions if m.start < end and m.end > mention.start]
    now = _others(mentions, mention.start, end)
    same = now == others if values else [t for t, _ in now] == [t for t, _ in others]
    if len(hits) != 1 or not rewrite.reads(hits[0]) or not same:
        return None
    return new, hits[0]


class Skips(NamedTuple):
    """Rewrites not made, per (family, shape)."""

    stated: Counter  # alterations the source states
    altered_unread: Counter  # alterations the extractor does not read as written (or none written)
    restated_unread: Counter  # restatements the extractor does not read with the same value
    restated_no_form: Counter  # mentions with no other written form here
    removed_stated: Counter  # mentions the source states elsewhere than in their sentence


def build_cases(sources: list[tuple[str, str]]) -> tuple[list[Case], Skips]:
    """The cases of ``(family, source text)`` pairs, and the skipped rewrites per (family, shape)."""
    cases: list[Case] = []
    skips = Skips(Counter(), Counter(), Counter(), Counter(), Counter())
    seen: set[tuple[int, str]] = set()
    for index, (family, source) in enumerate(sources):
        stated: Stated | None = None
        for sentence in SENTENCE_GAP.split(source):
            if not sentence.strip():
                continue
            mentions = extract_focus_time(sentence).mentions
            verbatim = set()
            rest: tuple[str, Stated] | None = None  # the source without the sentence
            for mention in mentions:
                shape = shape_of(mention, sentence[: mention.start])
                if shape is None:
                    continue
                detail = _BASES[_count(mention)[0]] if shape == SHAPES[8] else ""
                key = (family, shape, detail)
                stated = stated or Stated(source)
                others = _others(mentions, mention.start, mention.end)
                restated, altered = rewrites(shape, mention, sentence)
                made = []
                for rewrite in restated:
                    read = _read(sentence, mention, rewrite, others)
                    if read is None:
                        skips.restated_unread[key] += 1
                    else:
                        made.append(("restated", rewrite, read[0]))
                was_stated = False
                for rewrite in altered:  # the first that is read and invented (a day: +1, else -1)
                    read = _read(sentence, mention, rewrite, others, values=False)
                    if read is not None and stated.gives(shape, read[1]):
                        was_stated = True
                    elif read is not None:
                        made.append(("altered", rewrite, read[0]))
                        break
                else:
                    (skips.stated if was_stated else skips.altered_unread)[key] += 1
                if not restated:
                    skips.restated_no_form[key] += 1
                for kind, rewrite, new in made:
                    if (index, new) not in seen:
                        seen.add((index, new))
                        cases.append(Case(family, shape, kind, index, sentence, f"{mention.text} -> {rewrite.text}", new, detail))
                if made and key not in verbatim:
                    verbatim.add(key)
                    cases.append(Case(family, shape, "verbatim", index, sentence, mention.text, sentence, detail))
                if rest is None:
                    text = " ".join(source.replace(sentence, " ").split(" "))
                    rest = (text, Stated(text))
                if rest[1].gives(shape, mention):
                    skips.removed_stated[key] += 1
                else:  # the sentence's date is written nowhere else: without the sentence, it is invented
                    cases.append(Case(family, shape, "removed", index, sentence, mention.text, sentence, detail, rest[0]))
    return cases, skips


def score_cases(cases: list[Case], sources: list[tuple[str, str]]) -> list[Outcome]:
    """Each case scored by the default ``TemporalFaithfulness()`` in one ``score_dataset`` batch."""
    from ragas_temporal.metrics import TemporalFaithfulness, score_dataset

    metric = TemporalFaithfulness()
    answers = sorted({(c.source, c.answer, c.context or "") for c in cases})
    rows = [{"response": a, "retrieved_contexts": [context or sources[i][1]]} for i, a, context in answers]
    frame = score_dataset(rows, [metric], verdicts=True)
    columns = (frame[metric.name], frame[f"{metric.name}_reason"], frame[f"{metric.name}_verdicts"])
    scored = {
        key: Outcome(float(v), str(r), tuple((d["claim"], d["verdict"]) for d in verdicts or ()))
        for key, v, r, verdicts in zip(answers, *columns)
    }
    return [scored[c.source, c.answer, c.context or ""] for c in cases]


def on_the_altered_claim(case: Case, outcome: Outcome) -> bool:
    """The case is flagged by its altered claim (a verdict short of supported on the new words),
    not by another claim of the sentence."""
    new = case.claim.split(" -> ", 1)[-1].lower()
    return outcome.flagged and any(
        verdict != "SUPPORTED" and (claim.lower() in new or new in claim.lower()) for claim, verdict in outcome.verdicts
    )


def load_sources(folder: Path, dataset: str | None = None, limit: int | None = None) -> list[tuple[str, str]]:
    """The distinct sources as ``(family, text)``, sorted (the first ``limit`` when given)."""
    found = {}
    for row in load_rows(folder, dataset):
        found.setdefault(row["source"], row["dataset"].split("-")[0])
    sources = sorted((family, text) for text, family in found.items())
    return sources[:limit] if limit is not None else sources


COUNTS = ("sentences", "verbatim_flagged", "altered", "altered_flagged", "altered_nan", "stated", "altered_unread",
          "restated", "restated_flagged", "restated_nan", "restated_unread", "restated_no_form",
          "removed", "removed_flagged", "removed_on_claim", "removed_nan", "removed_stated")  # fmt: skip


def tally(cases: list[Case], outcomes: list[Outcome], skips: Skips) -> dict[str, Counter]:
    """Per shape, per family total and in total: the counts of :data:`COUNTS`."""
    names = (*SHAPES, *(f"{SHAPES[8]}, {base}" for base in _BASES.values()), *(f"total {f}" for f in FAMILIES), "total")
    groups: dict[str, Counter] = {name: Counter({key: 0 for key in COUNTS}) for name in names}

    def add(family: str, shape: str, detail: str, key: str, n: int = 1) -> None:
        for name in (shape, f"{shape}, {detail}" if detail else None, f"total {family}", "total"):
            if name is not None:
                groups[name][key] += n

    for case, outcome in zip(cases, outcomes):
        where = (case.family, case.shape, case.detail)
        if case.kind == "verbatim":
            add(*where, "sentences")
            add(*where, "verbatim_flagged", outcome.flagged)
        else:
            add(*where, case.kind)
            add(*where, f"{case.kind}_flagged", outcome.flagged)
            add(*where, f"{case.kind}_nan", math.isnan(outcome.value))
            if case.kind == "removed":
                add(*where, "removed_on_claim", on_the_altered_claim(case, outcome))
    for key, counter in zip(Skips._fields, skips):
        for where, n in counter.items():
            add(*where, key, n)
    return groups


def format_table(groups: dict[str, Counter]) -> str:
    """A Markdown table, one line per group of :func:`tally`."""
    lines = [
        (
            "| shape | cases | sentences (verbatim flagged) | altered flagged | altered NaN "
            "| altered skipped (stated, not read) | restatements flagged | restatements NaN "
            "| restatements skipped (no other form, not read) |"
        ),
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, c in groups.items():
        lines.append(
            f"| {name} | {c['altered'] + c['restated']:,} | {c['sentences']:,} ({c['verbatim_flagged']}) | {_share(c['altered_flagged'], c['altered'])} "
            f"| {c['altered_nan']} | {c['stated']}, {c['altered_unread']} | "
            f"{_share(c['restated_flagged'], c['restated'])} | {c['restated_nan']} "
            f"| {c['restated_no_form']}, {c['restated_unread']} |"
        )
    return "\n".join(lines)


def format_removed_table(groups: dict[str, Counter]) -> str:
    """The removed cases as a Markdown table, one line per group of :func:`tally`."""
    lines = [
        "| shape | invented claims | flagged | flagged on the claim | NaN | skipped (stated elsewhere) |",
        "|---|---|---|---|---|---|",
    ]
    for name, c in groups.items():
        lines.append(
            f"| {name} | {c['removed']:,} | {_share(c['removed_flagged'], c['removed'])} "
            f"| {_share(c['removed_on_claim'], c['removed'])} | {c['removed_nan']} | {c['removed_stated']} |"
        )
    return "\n".join(lines)


def misses(cases: list[Case], outcomes: list[Outcome]) -> list[str]:
    """One entry per altered case not flagged, per restatement flagged or NaN, and per removed
    case not flagged on its claim."""
    verbatim = {(c.source, c.sentence): o for c, o in zip(cases, outcomes) if c.kind == "verbatim"}
    out = []
    for case, o in zip(cases, outcomes):
        if case.kind == "altered" and not o.flagged:
            what = "altered, NaN" if math.isnan(o.value) else "altered, not flagged"
        elif case.kind == "restated" and (o.flagged or math.isnan(o.value)):
            what = "restated, NaN" if math.isnan(o.value) else "restated, flagged"
        elif case.kind == "removed" and not on_the_altered_claim(case, o):
            what = "removed, NaN" if math.isnan(o.value) else "removed, not flagged on the claim"
        else:
            continue
        control = verbatim.get((case.source, case.sentence))
        note = "; verbatim also flagged" if control is not None and control.flagged else ""
        out.append(
            f"[{what}, {case.shape}, {case.family}] source {case.source}: {case.claim!r} score {o.value:.3g}{note}\n"
            f"    sentence: {_excerpt(case.sentence)}\n    reason: {_excerpt(o.reason)}"
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    data_arguments(parser, "sources")
    parser.add_argument("--misses", action="store_true",
                        help="list altered cases not flagged, restatements flagged, removed dates not flagged")  # fmt: skip
    args = parser.parse_args(argv)
    if no_data(args.data):
        return 0
    sources = load_sources(args.data, args.dataset, args.limit)
    if not sources:
        print(f"no sources of data set {args.dataset!r} in {args.data}", file=sys.stderr)
        return 1
    cases, skips = build_cases(sources)
    outcomes = score_cases(cases, sources)
    if args.misses:
        listing = misses(cases, outcomes)
        print(f"{len(listing)} altered cases not flagged, restatements flagged or NaN, removed dates not flagged:")
        print("\n".join(listing) or "    none")
        print()
    n_altered = sum(c.kind == "altered" for c in cases)
    n_restated = sum(c.kind == "restated" for c in cases)
    print(
        f"{len(sources):,} sources, {n_altered:,} altered and {n_restated:,} restated sentences, default "
        "TemporalFaithfulness(), the whole source as the one context, no reference date"
    )
    print(format_table(tally(cases, outcomes, skips)))
    flagged = [(c, o) for c, o in zip(cases, outcomes) if c.kind == "altered" and o.flagged]
    on_claim = sum(on_the_altered_claim(c, o) for c, o in flagged)
    print(f"{on_claim:,} of the {len(flagged):,} flagged alterations are flagged on the altered claim itself")
    print(
        "\nThe sentence verbatim against its source without the sentence, for each date of it the rest "
        "of the source never writes (an invented date with the source's other dates as distractors):"
    )
    print(format_removed_table(tally(cases, outcomes, skips)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
