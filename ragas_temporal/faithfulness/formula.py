"""Temporal faithfulness, pure: each dated mention of the answer is one claim at its own precision,
credited by what the contexts state (1), only contain (½) or neither (0).

The rules (a day, month, season, quarter ... against what the contexts state; ranges by their ends;
yearless and relative claims; the reasons) are docs/METRICS.md "TemporalFaithfulness". A year-set
score would expand "from 1515 to 1547" into 33 years and count 1516..1546 as unsupported; a claim
reads one supported range. Mentions are read through their attributes (``text``, ``kind``,
``years``, ``span``: :mod:`ragas_temporal.focus_time.spans`), so nothing here imports ragas or
the extractor.

Examples
--------
>>> from ragas_temporal import extract_focus_time
>>> def claims(text): return claims_from_focus_time(extract_focus_time(text))
>>> context = claims("Albert Einstein (born 14 March 1879) was a German-born physicist.")
>>> claim_faithfulness(claims("Einstein was born in Germany on 20th March 1879."), [context])
Score(value=0.0, reason="'20th March 1879' not supported: the contexts give 14 March 1879")
>>> claim_faithfulness(claims("Einstein was born in March 1879."), [context]).value
1.0
>>> claim_faithfulness(claims("Francis I reigned from 1515 to 1547."), [claims("He was crowned in 1515 and died in 1547.")]).value
1.0
"""

from __future__ import annotations

import bisect
import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from ragas_temporal.focus_time.spans import read_relative
from ragas_temporal.focus_time.words_alone import clock_time, written_relative
from ragas_temporal.scores._result import JudgeFellBack, Score, undefined
from ragas_temporal.scores._validation import as_ordered
from ragas_temporal.scores._result import plural, year_label
from ragas_temporal.scores.year_sets import NO_ANSWER_CLAIM, no_claim_reason

__all__ = [
    "VERDICT_LABELS",
    "UNVERIFIABLE",
    "VERDICT_CREDIT",
    "verdict_spelling",
    "normalise_verdict",
    "claim_verdict_score",
    "verdicts_score",
    "CLAIM_SHAPES",
    "TemporalClaim",
    "ClaimCredit",
    "claim_from_mention",
    "claims_from_mentions",
    "claims_from_focus_time",
    "credit_claims",
    "credits_reason",
    "credits_score",
    "claim_faithfulness",
    "claim_verdicts",
    "claims_for_judge",
    "capped_claim_faithfulness",
    "claim_credits",
    "why_nothing_checked",
]

#: The labels a judge may give a temporal claim, best first.
VERDICT_LABELS = ("SUPPORTED", "PARTIALLY_SUPPORTED", "NOT_SUPPORTED", "CONTRADICTED")

#: The label the date rules give a claim nothing can check ("the previous year" with no date to
#: count from and no context saying the same, "recently"): listed with the verdicts, left out of
#: the score. Not a judge's label (a judge reads the claim and decides).
UNVERIFIABLE = "UNVERIFIABLE"

#: Credit each label earns in :func:`claim_verdict_score`.
VERDICT_CREDIT = MappingProxyType(
    {"SUPPORTED": 1.0, "PARTIALLY_SUPPORTED": 0.5, "NOT_SUPPORTED": 0.0, "CONTRADICTED": 0.0}
)


def verdict_spelling(label: str) -> str:
    """A label in the canonical spelling, known or not: stripped, upper-case, spaces and hyphens as ``_``.

    The one spelling rule for verdicts (:func:`normalise_verdict` checks the result against
    :data:`VERDICT_LABELS`).

    >>> verdict_spelling(" partially-supported ")
    'PARTIALLY_SUPPORTED'
    """
    return "_".join(label.strip().upper().replace("-", " ").split())


def normalise_verdict(label: str) -> str:
    """Canonical form of a verdict label: stripped, upper-case, spaces and hyphens as underscores.

    Raises ``ValueError`` naming the label when it is not one of :data:`VERDICT_LABELS`.

    >>> normalise_verdict(" partially supported ")
    'PARTIALLY_SUPPORTED'
    >>> normalise_verdict("not-supported")
    'NOT_SUPPORTED'
    """
    if not isinstance(label, str):
        raise TypeError(f"verdict labels must be strings, got {label!r}")
    canonical = verdict_spelling(label)
    if canonical not in VERDICT_CREDIT:
        raise ValueError(f"unknown verdict label {label!r}; expected one of {', '.join(VERDICT_LABELS)}")
    return canonical


def claim_verdict_score(labels: Sequence[str]) -> Score:
    """Share of the answer's temporal claims supported by the contexts, partial support counting half.

    ``(n_SUPPORTED + 0.5 · n_PARTIALLY_SUPPORTED) / n_claims``. Labels are matched case-insensitively,
    ignoring surrounding blanks; spaces and hyphens stand for underscores (``"partially supported"``).

    Parameters
    ----------
    labels : sequence of str
        One verdict per temporal claim, each one of :data:`VERDICT_LABELS`.

    Returns
    -------
    Score
        Value in [0, 1]. NaN when there are no claims ("answer makes no temporal claim").

    Raises
    ------
    ValueError
        For a label that is not a known verdict (the message names it).

    Examples
    --------
    >>> claim_verdict_score(["SUPPORTED", "partially_supported", "CONTRADICTED"])  # (1 + 0.5) / 3
    Score(value=0.5, reason='3 temporal claims: 1 supported, 1 partially supported, 1 contradicted')
    >>> claim_verdict_score([]).reason
    'answer makes no temporal claim'
    """
    return verdicts_score([normalise_verdict(label) for label in as_ordered(labels, "labels")])


def verdicts_score(canonical: Sequence[str]) -> Score:
    """:func:`claim_verdict_score` of labels already in :data:`VERDICT_LABELS` (a judgement's values,
    which its output model spelled): the arithmetic alone; an unknown label is a ``KeyError``.

    >>> verdicts_score(("SUPPORTED", "NOT_SUPPORTED")).value
    0.5
    """
    if not canonical:
        return undefined("answer makes no temporal claim")
    counts = {label: 0 for label in VERDICT_LABELS}
    for label in canonical:
        counts[label] += 1
    value = sum(VERDICT_CREDIT[label] * n for label, n in counts.items()) / len(canonical)
    detail = ", ".join(f"{n} {label.lower().replace('_', ' ')}" for label, n in counts.items() if n)
    return Score(value, f"{len(canonical)} temporal {plural(len(canonical), 'claim')}: {detail}")


#: What a claim states: one unit, a closed span, a span open at its end, a coarse period, a
#: calendar name the text ties to no year ("June 4", "Q2", "on Saturday"), a time nothing places
#: on the calendar ("the previous year" without a date to count from, "recently").
CLAIM_SHAPES = ("point", "range", "open_range", "period", "yearless", "relative")

# Mention kinds whose span is one coarse period even when written as a range ("the 3rd century
# BC"; "World War II" is 1939-1945, and 1945 is a date inside it, not one end of a range).
_PERIOD_KINDS = frozenset({"decade", "century", "named_period"})
_NO_WEEKDAY = "the contexts give no weekday or full date to check it against"
# Why a relative claim cannot be checked, by its granularity (``_undated_class``).
_UNVERIFIABLE_NOTES = {
    "relative": "needs a reference date, and no context says the same",
    "anaphoric": "needs an earlier date in the same text or a reference date, and no context says the same",
    "vague": "names no particular time",
    "duration": "a length of time, not a date",
    "undated": "names no date to check",
    "clock": "a time of day on a day nothing names, and no context gives a time",
}
# Relative claims compared with the contexts' as values: what they count from, or "now", "recently".
_COMPARED = frozenset({"relative", "anaphoric", "vague"})
# Reasons quote at most this many claims of one kind; the rest are counted.
_MAX_QUOTED = 5
# The verdict each credit stands for (focus time gives three of the four labels; CONTRADICTED is a reader's).
_VERDICT_OF_CREDIT = {1.0: "SUPPORTED", 0.5: "PARTIALLY_SUPPORTED", 0.0: "NOT_SUPPORTED"}

#: One claimed unit as plain values: (first day, last day, unit); days are (year, month, day), BCE negative.
Unit = tuple


def _year_unit(first: int, last: int, unit: str = "year") -> Unit:
    return ((first, 1, 1), (last, 12, 31), unit)


@dataclass(frozen=True, slots=True)
class TemporalClaim:
    """One temporal claim: the answer's words and the calendar units they commit to.

    ``shape`` is one of :data:`CLAIM_SHAPES`; ``start``/``end`` are the first and last years
    (BCE negative; ``end == start`` for an open range, judged by its start); ``granularity`` is
    the unit of a point or period ("day", "month", "season", "year", "decade", ...), of a range's
    start for a range. ``units`` are the claimed units, ``(first day, last day, unit)``: one for a
    point, a period or an open range, a range's two ends; built from the years when not given.
    Equality ignores ``text``, so "2016–17" and "2016–2017" are the same claim.

    >>> TemporalClaim("2016–17", "range", 2016, 2017) == TemporalClaim("2016–2017", "range", 2016, 2017)
    True
    >>> TemporalClaim("1995", "point", 1995, 1995).units
    (((1995, 1, 1), (1995, 12, 31), 'year'),)
    """

    text: str
    shape: str
    start: int
    end: int
    granularity: str = "year"
    units: tuple = field(default=(), repr=False)
    #: a yearless claim's ``(months, day, code)`` (the months it covers, the day of a day, the ISO
    #: weekday of a weekday); a relative claim's value (``UNDEF-this-year-MINUS-1``; ``None`` unknown)
    value: Any = field(default=None, repr=False)
    #: other relative values its words state, not part of what it equals: a resolved claim's words
    #: read alone ("the previous year" after 2021 is 2020, written ``UNDEF-REF-year-MINUS-1``); what
    #: a relative claim implies (the mention's ``implied_relative``: "the next day" is "tomorrow"
    #: when nothing precedes it, and "soon")
    also: tuple = field(default=(), repr=False)
    #: a relative claim's ``(deictic, unit, offset)`` (the mention's ``relative``: "two years ago"
    #: is ``(True, 'year', -2)``), compared with the contexts' counts of the same unit; ``None``
    #: for any other claim
    count: tuple | None = field(default=None, repr=False)
    #: the times of day its words state, ``(value, text)`` ("12.30am" on a stated day:
    #: ``(("XXXX-XX-XXT00:30", "12.30am"),)``), for the answer's times at no named day
    times: tuple = field(default=(), repr=False)

    def __post_init__(self) -> None:
        if not self.units and self.shape not in ("yearless", "relative"):
            if self.shape == "range":
                units = (_year_unit(self.start, self.start), _year_unit(self.end, self.end))
            elif self.shape == "period":
                units = (_year_unit(self.start, self.end, self.granularity),)
            else:
                units = (_year_unit(self.start, self.start),)
            object.__setattr__(self, "units", units)

    @property
    def key(self) -> tuple:
        """What the claim states, without its wording (a relative claim of no value: its words)."""
        if self.shape == "relative":
            return (self.shape, self.granularity, self.value if self.value is not None else self.text.lower())
        return (self.shape, self.units, self.granularity if self.shape == "yearless" else None, self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TemporalClaim) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)


@dataclass(frozen=True, slots=True)
class ClaimCredit:
    """How much one claim earns (1, 0.5 or 0), its verdict label, and, when less than 1, what the
    contexts give instead."""

    claim: TemporalClaim
    credit: float | None
    note: str = ""

    @property
    def verdict(self) -> str:
        """``SUPPORTED``, ``PARTIALLY_SUPPORTED``, ``NOT_SUPPORTED``, or ``UNVERIFIABLE`` (credit
        ``None``: nothing can check the claim, and it is left out of the score)."""
        return UNVERIFIABLE if self.credit is None else _VERDICT_OF_CREDIT[self.credit]

    @property
    def checked(self) -> bool:
        return self.credit is not None


def _unit_of(period: Any) -> Unit:
    return (tuple(period.first), tuple(period.last), str(period.unit))


def _claim_from_span(text: str, kind: Any, span: Any) -> TemporalClaim:
    start = _unit_of(span.start)
    if kind in _PERIOD_KINDS:  # one coarse period, even when the value is a range of years
        last = span.start.last if span.end is None else max(span.start.last, span.end.last)
        first = span.start.first if span.end is None else min(span.start.first, span.end.first)
        unit = (tuple(first), tuple(last), str(kind))
        return TemporalClaim(text, "period", unit[0][0], unit[1][0], str(kind), (unit,))
    if not span.is_range or (span.end is not None and _unit_of(span.end) == start):
        return TemporalClaim(text, "point", start[0][0], start[1][0], start[2], (start,))
    if span.end is None:
        return TemporalClaim(text, "open_range", start[0][0], start[0][0], start[2], (start,))
    ends = sorted((start, _unit_of(span.end)))  # a claim's range is read in calendar order
    return TemporalClaim(text, "range", ends[0][0][0], ends[1][1][0], ends[0][2], tuple(ends))


def _undated_class(mention: Any) -> str:
    """Why a mention with no year and no yearless value names no date (a key of ``_UNVERIFIABLE_NOTES``)."""
    relative = getattr(mention, "relative", None)
    kind = getattr(mention, "kind", None)
    if relative is not None:
        return "relative" if relative[0] else "anaphoric"
    value = getattr(mention, "value", None)
    if value is None:
        return kind if kind in ("relative", "anaphoric") else "undated"
    if str(value).endswith("_REF"):
        return "vague"
    if str(value).startswith("P"):
        return "duration"
    return "undated"


def claim_from_mention(mention: Any) -> TemporalClaim:
    """The claim a mention makes: what it states, or what it leaves unstated.

    Reads ``mention.text``, ``.kind``, ``.years`` and ``.span`` (the extractor's
    :class:`~ragas_temporal.focus_time.spans.TimeSpan`: start and end periods, open ends). A
    record without a span is read at year precision: a decade or century as a period, one year as
    a point, several as a range from the smallest to the largest. A mention without years is a
    ``"yearless"`` claim when it has a ``yearless`` reading (a day, month, quarter, season or
    weekday whose year the text does not give, :class:`~ragas_temporal.focus_time.spans.Yearless`),
    else a ``"relative"`` claim: its value ("last year" without a reference date is
    ``UNDEF-this-year-MINUS-1``; "7 pm" at no named day, granularity ``"clock"``, is
    ``XXXX-XX-XXT19:00``), compared with the contexts' relative values and times as it stands.

    >>> from ragas_temporal.focus_time import TemporalMention as M
    >>> claim_from_mention(M(0, 7, "2016–17", "range", "2016/2017", frozenset({2016, 2017})))
    TemporalClaim(text='2016–17', shape='range', start=2016, end=2017, granularity='year')
    >>> claim_from_mention(M(0, 12, "2015–present", "range", "2015/2024", frozenset(range(2015, 2025)))).shape
    'open_range'
    >>> claim_from_mention(M(0, 9, "the 1990s", "decade", "199", frozenset(range(1990, 2000))))
    TemporalClaim(text='the 1990s', shape='period', start=1990, end=1999, granularity='decade')
    >>> claim_from_mention(M(0, 13, "14 March 1879", "date", "1879-03-14", frozenset({1879})))
    TemporalClaim(text='14 March 1879', shape='point', start=1879, end=1879, granularity='day')
    >>> claim_from_mention(M(0, 6, "June 4", "anaphoric", "XXXX-06-04")).granularity
    'day'
    >>> claim_from_mention(M(0, 9, "last year", "relative", "UNDEF-this-year-MINUS-1")).shape
    'relative'
    """
    kind = getattr(mention, "kind", None)
    text = str(getattr(mention, "text", ""))
    years = list(getattr(mention, "years", None) or ())
    clock = clock_time(mention)  # "7 pm": compared with the contexts' times of day
    if not years:
        yearless = getattr(mention, "yearless", None)
        if yearless is not None:
            # a day keeps the weekday its words name ("Monday 8 June"): a weekday claim checks against it
            code = yearless.code if yearless.unit in ("weekday", "weekend") else getattr(mention, "written_weekday", None)
            times = ((clock, text),) if clock else ()
            return TemporalClaim(
                text, "yearless", 0, 0, yearless.unit, (), (yearless.months, yearless.day, code), times=times
            )
        value = getattr(mention, "value", None)
        if value is None and clock:
            return TemporalClaim(text, "relative", 0, 0, "clock", (), clock)
        implied = tuple(getattr(mention, "implied_relative", None) or ())
        count = getattr(mention, "relative", None)
        return TemporalClaim(text, "relative", 0, 0, _undated_class(mention), (), value, implied, count)
    span = getattr(mention, "span", None)
    if span is not None:
        claim = _claim_from_span(text, kind, span)
        written = written_relative(mention)
        claim = replace(claim, also=(written,)) if written else claim
        return replace(claim, times=((clock, text),)) if clock else claim
    start, end = min(years), max(years)
    if kind in _PERIOD_KINDS:
        return TemporalClaim(text, "period", start, end, kind)
    if start == end:
        return TemporalClaim(text, "point", start, end)
    return TemporalClaim(text, "range", start, end)


def claims_from_mentions(mentions: Iterable[Any]) -> list[TemporalClaim]:
    """Claims of the mentions, in order, each distinct claim once (:func:`claim_from_mention`).

    >>> from types import SimpleNamespace as M
    >>> [c.text for c in claims_from_mentions([
    ...     M(text="2016–17", kind="range", value="2016/2017", years={2016, 2017}),
    ...     M(text="last year", kind="relative", value=None, years=set()),
    ...     M(text="2016–2017", kind="range", value="2016/2017", years={2016, 2017})])]
    ['2016–17', 'last year']
    """
    seen: dict[TemporalClaim, TemporalClaim] = {}
    for mention in mentions:
        claim = claim_from_mention(mention)
        kept = seen.setdefault(claim, claim)
        also = tuple(v for v in claim.also if v not in kept.also)
        times = tuple(v for v in claim.times if v not in kept.times)
        if also or times:  # "12.30am" on "March 13, 2014" is that day, and keeps the time its words state
            seen[claim] = replace(kept, also=kept.also + also, times=kept.times + times)
    return list(seen.values())


def claims_from_focus_time(focus_time: Any) -> list[TemporalClaim]:
    """Claims of a focus time (any object with ``mentions`` and ``years``).

    The mentions' claims (:func:`claims_from_mentions`), then one point claim for each year no
    mention accounts for: a focus time built from bare years (``FocusTime.from_years``) still
    makes its claims.

    >>> from types import SimpleNamespace as M
    >>> built = M(years={1995, 2008}, mentions=[M(text="2008", kind="year", value="2008", years={2008})])
    >>> claims_from_focus_time(built)
    [TemporalClaim(text='2008', shape='point', start=2008, end=2008, granularity='year'), \
TemporalClaim(text='1995', shape='point', start=1995, end=1995, granularity='year')]
    """
    mentions = tuple(getattr(focus_time, "mentions", None) or ())
    claims = claims_from_mentions(mentions)
    accounted = set().union(*(getattr(m, "years", None) or () for m in mentions))
    for year in sorted(set(getattr(focus_time, "years", None) or ()) - accounted):
        claim = TemporalClaim(year_label(year), "point", year, year)
        if claim not in claims:
            claims.append(claim)
    return claims


def _day_number(day: Any) -> float:
    """A day's rough position on the calendar, for "nearest" only (BCE years negative)."""
    return day[0] * 365.25 + (day[1] - 1) * 30.44 + day[2]


def _middle(unit: Unit) -> float:
    return (_day_number(unit[0]) + _day_number(unit[1])) / 2


class _Reach:
    """Units sorted by first day, with the farthest-reaching unit of each prefix: "is something
    inside [f, l]" and "does something contain [f, l]" in O(log n) plus the candidates looked at
    (an answer of thousands of dates against contexts of thousands stays near-linear)."""

    def __init__(self, units: Iterable[tuple[Any, Any, str]]) -> None:
        self.units = sorted(units, key=lambda u: (u[0], u[1]))
        self.firsts = [u[0] for u in self.units]
        self.reach: list[int] = []  # index of the unit with the latest last day among units[: i + 1]
        best = -1
        for i, unit in enumerate(self.units):
            if best < 0 or unit[1] > self.units[best][1]:
                best = i
            self.reach.append(best)

    def inside(self, first: Any, last: Any) -> bool:
        start = bisect.bisect_left(self.firsts, first)
        end = bisect.bisect_right(self.firsts, last)
        return any(self.units[i][1] <= last for i in range(start, end))

    def container(self, first: Any, last: Any) -> str | None:
        end = bisect.bisect_right(self.firsts, first)
        if not end:
            return None
        unit = self.units[self.reach[end - 1]]
        return unit[2] if unit[1] >= last else None

    def nearest(self, unit: Unit) -> str | None:
        """The text of the unit starting nearest to ``unit`` within its years, if any."""
        low, high = (unit[0][0], 1, 1), (unit[1][0], 12, 31)
        at = bisect.bisect_left(self.firsts, unit[0])
        near = [
            (abs(_middle(self.units[i]) - _middle(unit)), self.units[i][2])
            for i in range(max(0, at - 2), min(len(self.units), at + 2))
            if low <= self.units[i][0] <= high or low <= self.units[i][1] <= high
        ]
        return min(near)[1] if near else None


def _group_months(first: int, count: int = 3) -> tuple[int, ...]:
    """The months of a quarter or season starting in month ``first`` (a winter wraps: 12, 1, 2);
    ``count`` 6 for a half."""
    return tuple((m - 1) % 12 + 1 for m in range(first, first + count))


#: The units of a few months the calendar compares whatever the year, and how many months each has.
_GROUP_MONTHS = {"quarter": 3, "season": 3, "half": 6}


def _day_of_year(month: int, day: int) -> int:
    return (month - 1) * 31 + day


def _circular(a: int, b: int, period: int) -> int:
    return min((a - b) % period, (b - a) % period)


def _nearest(index: dict, key: Any, distance: Any) -> str | None:
    """The text of the entry of ``index`` nearest ``key`` (first written on a tie)."""
    best = min(index, key=lambda other: distance(other, key), default=None)
    return None if best is None else index[best]


def _minutes_apart(a: str, b: str) -> int:
    """Minutes between two times of day (``XXXX-XX-XXTHH:MM``), round the clock."""
    minutes = [int(v[-5:-3]) * 60 + int(v[-2:]) for v in (a, b)]
    return _circular(minutes[0], minutes[1], 1440)


class _Calendar:
    """What the contexts state about the calendar whatever the year: the days, months, quarters,
    halves, seasons and weekdays they give, with or without a year (first text of each), for claims the
    answer makes without a year."""

    def __init__(self) -> None:
        self.days: dict[tuple[int, int], str] = {}  # (month, day) of every stated day
        self.months: dict[int, str] = {}  # every month a stated day or month lies in
        self.month_units: dict[int, str] = {}  # months stated as months
        self.groups: dict[tuple[str, tuple[int, ...]], str] = {}  # stated quarters, halves and seasons, by months
        self.weekdays: dict[int, str] = {}  # ISO weekday of every stated day (and stated weekdays)
        self.weekend = ""  # a weekend stated without a date ("over the weekend")
        self.yearless_days: dict[tuple[int, int], str] = {}  # days stated without a year
        self.yearless_months: dict[int, str] = {}
        self.yearless_groups: dict[tuple[str, tuple[int, ...]], str] = {}  # quarters, halves and seasons without a year

    def add_unit(self, unit: Unit, text: str) -> None:
        first, last, name = unit
        if name == "day" and first == last:
            self._day(first[1], first[2], text)
            if 1 <= first[0] <= 9999:
                self.weekdays.setdefault(dt.date(*first).isoweekday(), text)
        elif name == "month" and first[:2] == last[:2]:
            self.month_units.setdefault(first[1], text)
            self.months.setdefault(first[1], text)
        elif name in _GROUP_MONTHS:
            self.groups.setdefault((name, _group_months(first[1], _GROUP_MONTHS[name])), text)

    def _day(self, month: int, day: int, text: str) -> None:
        self.days.setdefault((month, day), text)
        self.months.setdefault(month, text)

    def add_yearless(self, claim: TemporalClaim) -> None:
        months, day, code = claim.value
        text, unit = claim.text, claim.granularity
        if unit == "day":
            self._day(months[0], day, text)
            self.yearless_days.setdefault((months[0], day), text)
            self.yearless_months.setdefault(months[0], text)
            if code is not None:
                self.weekdays.setdefault(code, text)
        elif unit == "month":
            self.month_units.setdefault(months[0], text)
            self.months.setdefault(months[0], text)
            self.yearless_months.setdefault(months[0], text)
        elif unit == "weekday":
            self.weekdays.setdefault(code, text)
        elif unit == "weekend":
            self.weekend = self.weekend or text
        else:
            self.groups.setdefault((unit, tuple(months)), text)
            self.yearless_groups.setdefault((unit, tuple(months)), text)

    def has_weekend(self) -> bool:
        """The contexts state a weekend, a Saturday or a Sunday."""
        return bool(self.weekend) or 6 in self.weekdays or 7 in self.weekdays

    def _group_of(self, month: int) -> str | None:
        return next((text for (_, months), text in self.groups.items() if month in months), None)

    def verdict(self, claim: TemporalClaim) -> tuple[float | None, str]:
        """(credit, note) of a claim without a year: supported by the same day, month, quarter,
        season, weekday or weekend (or something finer inside it), partly by something that contains it,
        else not supported, with the nearest the contexts give at the claim's unit. A weekday the
        contexts give no weekday and no full date to check against is unverifiable (``None``):
        a source rarely names the weekday of what it dates by "tomorrow" or "this week"."""
        months, day, code = claim.value
        unit = claim.granularity
        if unit == "day":
            key = (months[0], day)
            if key in self.days:
                return 1.0, ""
            container = self.month_units.get(months[0]) or self._group_of(months[0])
            if container is not None:
                return 0.5, f"the contexts give {container}"
            near = _nearest(self.days, key, lambda a, b: _circular(_day_of_year(*a), _day_of_year(*b), 372))
        elif unit == "month":
            if months[0] in self.months:
                return 1.0, ""
            container = self._group_of(months[0])
            if container is not None:
                return 0.5, f"the contexts give {container}"
            near = _nearest(self.month_units or self.months, months[0], lambda a, b: _circular(a, b, 12))
        elif unit == "weekend":  # a weekend: a stated one, a Saturday or a Sunday
            if self.has_weekend():
                return 1.0, ""
            if not self.weekdays:
                return None, _NO_WEEKDAY
            near = _nearest(self.weekdays, 6, lambda a, b: min(_circular(a, 6, 7), _circular(a, 7, 7)))
        elif unit == "weekday":
            if code in self.weekdays:
                return 1.0, ""
            if not self.weekdays:
                return None, _NO_WEEKDAY
            near = _nearest(self.weekdays, code, lambda a, b: _circular(a, b, 7))
        else:  # a quarter, half or season: the same one, or a day, month or quarter inside it
            if (unit, tuple(months)) in self.groups or any(m in self.months for m in months) \
                    or any(set(inner) <= set(months) for _, inner in self.groups):
                return 1.0, ""
            container = next((text for (_, outer), text in self.groups.items() if set(months) <= set(outer)), None)
            if container is not None:  # "Q2" against "the first half": partly
                return 0.5, f"the contexts give {container}"
            same_unit = {key: text for key, text in self.groups.items() if key[0] == unit}
            near = _nearest(same_unit, (unit, tuple(months)), lambda a, b: _circular(a[1][0], b[1][0], 12))
        return 0.0, f"the contexts give {near}" if near else ""

    def yearless_container(self, unit: Unit) -> str | None:
        """A context's day, month, quarter, half or season without a year that has a dated claim's
        day, month, quarter, half or season."""
        first, last, name = unit
        if name == "day" and first == last:
            return self.yearless_days.get((first[1], first[2]))
        if name == "month" and first[:2] == last[:2]:
            return self.yearless_months.get(first[1])
        if name in _GROUP_MONTHS:
            return self.yearless_groups.get((name, _group_months(first[1], _GROUP_MONTHS[name])))
        return None


class _Evidence:
    """What the contexts state and contain, indexed for the support rules."""

    def __init__(self, context_claims: Iterable[Iterable[TemporalClaim]]) -> None:
        # Stated units: points, range ends, open starts, periods (with the text that stated them).
        # Containers: every stated unit, and the whole of each closed range (its inner years are
        # not stated, but they are inside what a context says).
        stated: list[tuple[Any, Any, str]] = []
        spans: list[tuple[Any, Any, str]] = []
        self.calendar = _Calendar()
        self.relative: dict[Any, str] = {}  # relative values the contexts leave unresolved ("now" too)
        self.implied: set[Any] = set()  # what those imply (``TemporalClaim.also``): "tomorrow", "soon"
        self.written: set[Any] = set()  # relative values of the words of what the contexts resolved
        self.words: set[str] = set()  # the words of what the contexts give no value at all ("the next 10 days")
        # the contexts' unresolved counts by base and unit: {(deictic, unit): {offset: text}}
        self.counts: dict[tuple[bool, str], dict[int, str]] = {}
        self.clocks: dict[str, str] = {}  # the times of day the contexts give ("7pm", "19:30 on 3 May")
        for claims in context_claims:
            for claim in claims:
                for value, text in claim.times:
                    self.clocks.setdefault(value, text)
                if claim.granularity == "clock":
                    self.clocks.setdefault(claim.value, claim.text)
                if claim.shape == "yearless":
                    self.calendar.add_yearless(claim)
                    continue
                if claim.shape == "relative":
                    if claim.value is None:
                        self.words.add(_words(claim.text))
                    elif claim.granularity in _COMPARED:
                        self.relative.setdefault(claim.value, claim.text)
                        self.implied.update(claim.also)
                    if claim.count is not None:
                        deictic, unit, offset = claim.count
                        self.counts.setdefault((deictic, unit), {}).setdefault(offset, claim.text)
                    continue
                self.written.update(claim.also)
                for value in claim.also:  # "two years later" after 2001: a count from a text's date
                    count = read_relative(value)
                    if count is not None and not count[0]:
                        self.counts.setdefault((False, count[1]), {}).setdefault(count[2], claim.text)
                for unit in claim.units:
                    self.calendar.add_unit(unit, claim.text)
                stated.extend((unit[0], unit[1], claim.text) for unit in claim.units)
                if claim.shape == "range":
                    spans.append((claim.units[0][0], claim.units[-1][1], claim.text))
        self.stated, self.spans = _Reach(stated), _Reach(spans)
        self._span_list = [(first, last) for first, last, _ in spans]

    def verdict(self, unit: Unit) -> tuple[float, str]:
        """(credit, note) of one claimed unit: stated inside it, else contained, else neither."""
        first, last = unit[0], unit[1]
        if self.stated.inside(first, last):
            return 1.0, ""
        yearless = self.calendar.yearless_container(unit)
        if yearless is not None and self.stated.inside((first[0], 1, 1), (last[0], 12, 31)):
            # "August 2022" against "on 17 August" and "December 2022": the contexts state the
            # day or month and the year, and tie neither to the other
            return 1.0, ""
        text = self.stated.container(first, last)
        if text is not None:
            return 0.5, f"the contexts give {text}"
        text = self.spans.container(first, last)
        if text is not None:
            return 0.5, f"inside {text}"
        if yearless is not None:  # "4 June 1990" against a context's "June 4": the day, not the year
            return 0.5, f"the contexts give {yearless}"
        near = self.stated.nearest(unit)
        return 0.0, f"the contexts give {near}" if near else ""

    def has_span_around(self, claim: TemporalClaim) -> bool:
        # A sub-period of a stated range is supported; a range that shares exactly one end with the
        # stated range and stops short at the other is that range with an end changed ("2005–2019"
        # against "2005–2021"), so it is judged by its ends instead.
        first, last = claim.units[0][0], claim.units[-1][1]
        return any(s <= first and last <= e and (first == s) == (last == e) for s, e in self._span_list)


def _words(text: str) -> str:
    return " ".join(text.lower().split())


def _credit(claim: TemporalClaim, evidence: _Evidence) -> ClaimCredit:
    if claim.shape == "yearless":
        return ClaimCredit(claim, *evidence.calendar.verdict(claim))
    if claim.shape == "relative":
        value = claim.value
        if value is None and _words(claim.text) in evidence.words:
            return ClaimCredit(claim, 1.0)  # nothing gives it a value: the same words say the same
        if value is not None and (
            value in evidence.relative or value in evidence.implied or value in evidence.written or value in evidence.clocks
        ):
            return ClaimCredit(claim, 1.0)
        if claim.granularity == "clock" and evidence.clocks:
            # "8 pm" against the contexts' "7pm": another time of day, the nearest named
            return ClaimCredit(claim, 0.0, f"the contexts give {_nearest(evidence.clocks, value, _minutes_apart)}")
        if claim.count is not None and _holds_this(claim.count, evidence.counts):
            return ClaimCredit(claim, 1.0)  # "this year" against "this month": something inside it, as "2015" by "March 2015"
        if claim.count is not None:
            # "36 years ago" against the contexts' "35 years ago", "next year" against "this
            # year": the same unit counted from the moment of writing, another count (a
            # different weekday likewise); "two years later" against the contexts' "a year
            # later" and "the following year": the same unit counted from a text's own dates,
            # another count. The nearest count is named. "That year", "the same day" count
            # nothing: they point back to a date, which may be any of the text's
            deictic, unit, offset = claim.count
            given = evidence.counts.get((deictic, unit), {})
            if not deictic:
                given = {n: text for n, text in given.items() if n} if offset else {}
            if given:
                return ClaimCredit(claim, 0.0, f"the contexts give {_nearest(given, offset, lambda a, b: abs(a - b))}")
            if unit == "weekend" and evidence.calendar.has_weekend():
                return ClaimCredit(claim, 1.0)  # "this weekend" against a stated weekend, Saturday or Sunday
        return ClaimCredit(claim, None, _UNVERIFIABLE_NOTES[claim.granularity])
    if claim.shape != "range":
        credit = ClaimCredit(claim, *evidence.verdict(claim.units[0]))
        if credit.credit < 1.0 and any(value in evidence.relative for value in claim.also):
            return ClaimCredit(claim, 1.0)  # "the previous year" (2020 here) against the same words left unresolved
        return credit
    if evidence.has_span_around(claim):
        return ClaimCredit(claim, 1.0)
    ends = [evidence.verdict(unit) for unit in claim.units]
    credits = [credit for credit, _ in ends]
    if credits == [1.0, 1.0]:
        return ClaimCredit(claim, 1.0)
    if credits == [0.0, 0.0]:
        return ClaimCredit(claim, 0.0)
    if 1.0 in credits:
        found = claim.start if credits[0] == 1.0 else claim.end
        return ClaimCredit(claim, 0.5, f"only {year_label(found)} found")
    return ClaimCredit(claim, 0.5, "; ".join(note for _, note in ends if note))


#: Calendar units of relative dates, finer first: "this week" lies inside "this month".
_UNIT_ORDER = ("day", "weekend", "week", "month", "quarter", "year", "decade", "century")


def _holds_this(count: tuple, counts: dict) -> bool:
    """A "this <unit>" claim holds a "this <finer unit>" of the contexts ("this year" holds
    "this month", "today"), as a year holds a stated day."""
    deictic, unit, offset = count
    if not deictic or offset or unit not in _UNIT_ORDER:
        return False
    return any(0 in counts.get((True, finer), ()) for finer in _UNIT_ORDER[: _UNIT_ORDER.index(unit)])


def _as_claims(claims: object, name: str) -> list[TemporalClaim]:
    if isinstance(claims, (str, bytes)) or not isinstance(claims, Iterable):
        raise TypeError(f"{name} must be an iterable of TemporalClaim, got {type(claims).__name__}")
    out = list(claims)
    for i, claim in enumerate(out):
        if not isinstance(claim, TemporalClaim):
            raise TypeError(f"{name}[{i}] must be a TemporalClaim, got {type(claim).__name__}")
    return out


def credit_claims(
    answer_claims: Iterable[TemporalClaim], context_claims: Iterable[Iterable[TemporalClaim]]
) -> list[ClaimCredit]:
    """The credit of each distinct answer claim against the claims of all retrieved contexts.

    >>> year = lambda y: TemporalClaim(str(y), "point", y, y)
    >>> [c.verdict for c in credit_claims([year(1995), TemporalClaim("1990s", "period", 1990, 1999, "decade")],
    ...                                   [[TemporalClaim("the 1990s", "period", 1990, 1999, "decade")]])]
    ['PARTIALLY_SUPPORTED', 'SUPPORTED']
    """
    answer = list(dict.fromkeys(_as_claims(answer_claims, "answer_claims")))
    if isinstance(context_claims, (str, bytes)) or not isinstance(context_claims, Iterable):
        raise TypeError(f"context_claims must be an iterable of claim lists, got {type(context_claims).__name__}")
    evidence = _Evidence(_as_claims(claims, f"context_claims[{i}]") for i, claims in enumerate(context_claims))
    return [_credit(claim, evidence) for claim in answer]


def claim_credits(answer: Any, contexts: Iterable[Any]) -> list[ClaimCredit] | None:
    """:func:`credit_claims` of focus times (objects with ``mentions`` and ``years``): the answer's
    claims against the contexts', the unverifiable ones included; ``None`` when the answer has no
    temporal expression.

    >>> from types import SimpleNamespace as F
    >>> [c.verdict for c in claim_credits(F(years={2008}, mentions=()), [F(years={2008}, mentions=())])]
    ['SUPPORTED']
    >>> claim_credits(F(years=set(), mentions=()), []) is None
    True
    """
    if not answer.mentions and not answer.years:
        return None
    return credit_claims(claims_from_focus_time(answer), [claims_from_focus_time(c) for c in contexts])


def why_nothing_checked(answer: Any, credits: Iterable[ClaimCredit] | None, reference_date: Any = None) -> str:
    """Why no claim of the answer can be checked, naming what it found and what would date it;
    ``""`` when some claim can be checked (or is a yearless one, whose own reason says why).

    >>> from types import SimpleNamespace as M
    >>> why_nothing_checked(M(mentions=[M(text="last year", kind="relative", years=set())]), None)
    "'last year' needs a reference date: pass reference_date=... or a reference_date column"
    """
    if credits and any(c.checked or c.claim.shape == "yearless" for c in credits):
        return ""
    return no_claim_reason(answer.mentions, side="answer", reference_date=reference_date)


def _weak_part(credit: ClaimCredit) -> str:
    if credit.note.startswith("only "):  # a range with one end stated: the note says it all
        return f"{credit.claim.text!r}: {credit.note}"
    label = "partially supported" if credit.credit else "not supported"
    return f"{credit.claim.text!r} {label}: {credit.note}"


def credits_reason(credits: Iterable[ClaimCredit]) -> str:
    """The reason for a list of credits: every claim short of full credit, by its text, with its verdict.

    Claims the contexts say nothing near are listed together ("not found"); then, in answer order,
    each claim not supported with the nearest date the contexts give in its year, and each partly
    supported claim with what the contexts give. At most five of each are quoted, the rest counted
    (:func:`claim_verdicts` lists them all).

    >>> credits_reason([ClaimCredit(TemporalClaim("1995", "point", 1995, 1995), 0.0),
    ...                 ClaimCredit(TemporalClaim("2007–11", "range", 2007, 2011), 0.5, "only 2007 found")])
    "'1995' not found in the retrieved contexts; '2007–11': only 2007 found"
    """
    everything = list(credits)
    credits = [c for c in everything if c.checked]
    unchecked = _unverifiable_part(everything)
    weak = [c for c in credits if c.credit < 1.0]
    if not weak:
        if not credits:
            return unchecked
        found = f"every temporal claim ({_quoted([repr(c.claim.text) for c in credits])}) found in the retrieved contexts"
        return f"{found}; {unchecked}" if unchecked else found
    missing = [c for c in weak if not c.note]
    parts = []
    if missing:
        parts.append(f"{_quoted([repr(c.claim.text) for c in missing])} not found in the retrieved contexts")
    noted = [c for c in weak if c.note]
    parts.extend(_weak_part(c) for c in noted[:_MAX_QUOTED])
    if len(noted) > _MAX_QUOTED:
        parts.append(f"and {len(noted) - _MAX_QUOTED} more not fully supported")
    if unchecked:
        parts.append(unchecked)
    return "; ".join(parts)


def _unverifiable_part(credits: Iterable[ClaimCredit]) -> str:
    """The claims nothing can check, each with why, for a reason ("" when there are none)."""
    unchecked = [c for c in credits if not c.checked]
    if not unchecked:
        return ""
    return f"unverifiable, left out of the score: {_quoted([f'{c.claim.text!r} {c.note}' for c in unchecked], '; ')}"


def _quoted(parts: list[str], joint: str = ", ") -> str:
    """The first :data:`_MAX_QUOTED` parts joined, the rest counted ("'a', 'b' and 2 more"; "a; b; and 2 more")."""
    more = len(parts) - _MAX_QUOTED
    if more <= 0:
        return joint.join(parts)
    return joint.join(parts[:_MAX_QUOTED]) + (f" and {more} more" if joint == ", " else f"{joint}and {more} more")


def credits_score(credits: Iterable[ClaimCredit], nothing_checked: str = "") -> Score:
    """``(supported + ½ · partially supported) / checked claims``; the unverifiable claims are
    listed in the reason and left out. NaN when no claim can be checked: the reason is
    ``nothing_checked`` when given, else it lists each claim and why it cannot be checked.

    >>> last = ClaimCredit(TemporalClaim("last year", "relative", 0, 0, "relative"), None, "needs a reference date")
    >>> credits_score([ClaimCredit(TemporalClaim("2008", "point", 2008, 2008), 1.0), last])
    Score(value=1.0, reason="every temporal claim ('2008') found in the retrieved contexts; unverifiable, left out of the score: 'last year' needs a reference date")
    >>> credits_score([last]).reason
    "nothing to check: unverifiable, left out of the score: 'last year' needs a reference date"
    """
    credits = list(credits)
    if not credits:
        return undefined(NO_ANSWER_CLAIM)
    checked = [c for c in credits if c.checked]
    if not checked:
        return undefined(nothing_checked or f"nothing to check: {_unverifiable_part(credits)}")
    return Score(sum(VERDICT_CREDIT[c.verdict] for c in checked) / len(checked), credits_reason(credits))


def claim_verdicts(credits: Iterable[ClaimCredit]) -> list[dict[str, Any]]:
    """Every claim's verdict as plain values, in answer order: ``{"claim": text, "verdict": label,
    "credit": 1.0 | 0.5 | 0.0, "note": what the contexts give instead ("" when supported)}``.

    The shape of ``score_dataset(..., verdicts=True)``'s ``<metric>_verdicts`` column.

    >>> claim_verdicts([ClaimCredit(TemporalClaim("1995", "point", 1995, 1995), 0.0),
    ...                 ClaimCredit(TemporalClaim("2008", "point", 2008, 2008), 1.0)])
    [{'claim': '1995', 'verdict': 'NOT_SUPPORTED', 'credit': 0.0, 'note': ''}, {'claim': '2008', 'verdict': 'SUPPORTED', 'credit': 1.0, 'note': ''}]
    """
    return [{"claim": c.claim.text, "verdict": c.verdict, "credit": c.credit, "note": c.note} for c in credits]


def claim_faithfulness(
    answer_claims: Iterable[TemporalClaim], context_claims: Iterable[Iterable[TemporalClaim]]
) -> Score:
    """Share of the answer's claims (identical ones count once) that the claims of the contexts
    support: ``(supported + ½ · partially supported) / claims``; NaN when there is no claim.

    >>> rage = [TemporalClaim("1991–2000", "range", 1991, 2000), TemporalClaim("2007–2011", "range", 2007, 2011)]
    >>> context = [TemporalClaim("1991 -- 2000", "range", 1991, 2000), TemporalClaim("2007 -- 11", "range", 2007, 2011)]
    >>> claim_faithfulness(rage, [context]).value
    1.0
    >>> claim_faithfulness([TemporalClaim("1995", "point", 1995, 1995)], [context])  # inside, not stated
    Score(value=0.5, reason="'1995' partially supported: inside 1991 -- 2000")
    >>> claim_faithfulness([TemporalClaim("2012", "point", 2012, 2012)], [context])
    Score(value=0.0, reason="'2012' not found in the retrieved contexts")
    >>> claim_faithfulness([], [context]).reason
    'answer makes no temporal claim'
    """
    return credits_score(credit_claims(answer_claims, context_claims))


def claims_for_judge(credits: Iterable[ClaimCredit]) -> list[TemporalClaim]:
    """The claims a judge still has to read: those focus time did not reject (credit above 0).

    A claim no context states earns 0 whoever reads it; the rest may be a right year tied to the
    wrong event, which only a reader can tell.

    >>> year = lambda y: TemporalClaim(str(y), "point", y, y)
    >>> [c.text for c in claims_for_judge([ClaimCredit(year(2007), 0.0), ClaimCredit(year(2008), 1.0)])]
    ['2008']
    """
    return [c.claim for c in credits if c.checked and c.credit > 0]


def capped_claim_faithfulness(
    credits: Iterable[ClaimCredit], verdicts: Iterable[str | None], judge_problem: str = ""
) -> Score:
    """Hybrid score with the dates as a ceiling: ``Σ min(date credit, judge credit) / claims``.

    ``verdicts`` run parallel to :func:`claims_for_judge` of ``credits``; a ``None`` verdict (the
    judge failed, or said nothing usable about that claim) keeps the claim's date credit, and
    ``judge_problem`` says why in the reason. Claims no context states earn 0 without a call.

    >>> year = lambda y: TemporalClaim(str(y), "point", y, y)
    >>> ran = ClaimCredit(TemporalClaim("from 2010 to 2012", "range", 2010, 2012), 0.5, "only 2010 found")
    >>> capped_claim_faithfulness([ran], ["SUPPORTED"])  # an obedient judge cannot lift the dates' 0.5
    Score(value=0.5, reason="LLM judge: 1 of 1 claim supported; capped by the dates: 'from 2010 to 2012': only 2010 found")
    >>> capped_claim_faithfulness([ClaimCredit(year(2007), 0.0), ran], [None], "LLM call timed out after 60 s")
    JudgeFellBack(value=0.25, reason="'2007' not found in the retrieved contexts (no LLM call); LLM judge failed (LLM call timed out after 60 s): focus-time credit kept for 1 claim ('from 2010 to 2012': only 2010 found)")
    """
    everything = list(credits)
    credits = [c for c in everything if c.checked]
    labels = [None if v is None else normalise_verdict(v) for v in verdicts]
    kept = [c for c in credits if c.credit > 0]
    if len(labels) != len(kept):
        raise ValueError(f"verdicts must give one label (or None) per claim left to judge: {len(kept)} claims, {len(labels)} labels")
    if not credits:
        return credits_score(everything)
    rejected = [c for c in credits if c.credit == 0]
    parts = [f"{credits_reason(rejected)} (no LLM call)"] if rejected else []
    judged = [(c, label) for c, label in zip(kept, labels) if label is not None]
    undecided = [c for c, label in zip(kept, labels) if label is None]
    if judged:
        supported = sum(label == "SUPPORTED" for _, label in judged)
        other = "other " if rejected else ""
        parts.append(f"LLM judge: {supported} of {len(judged)} {other}{plural(len(judged), 'claim')} supported")
        capped = [c for c, label in judged if VERDICT_CREDIT[label] > c.credit]
        if capped:
            parts.append(f"capped by the dates: {credits_reason(capped)}")
    if undecided:
        why = f" ({judge_problem})" if judge_problem else ""
        weak = [c for c in undecided if c.credit < 1.0]
        detail = f" ({credits_reason(weak)})" if weak else ""
        parts.append(
            f"LLM judge failed{why}: focus-time credit kept for {len(undecided)} {plural(len(undecided), 'claim')}{detail}"
        )
    unchecked = _unverifiable_part(everything)
    if unchecked:
        parts.append(unchecked)
    # the judge can lower what the dates allow, never raise it; no usable verdict: the date credit stands
    value = sum(c.credit if label is None else min(c.credit, VERDICT_CREDIT[label]) for c, label in zip(kept, labels))
    value /= len(credits)
    return (JudgeFellBack if undecided else Score)(value, "; ".join(parts))
