"""What every interpreter works with: a match's groups, the scan context, and the reading it returns.

>>> Anchor(2019, 3).value()
'2019-03'
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from typing import Callable, NamedTuple, Sequence

from ragas_temporal.focus_time.context_rules import dated_in_era, era_cue_positions, tense
from ragas_temporal.focus_time.normalise import (
    SPAN_YEARS_BASE,
    SPAN_YEARS_PER_CHAR,
    format_year,
    two_digit_year,
    year_span,
)
from ragas_temporal.focus_time.patterns import ERA_WORDS, sentence_break
from ragas_temporal.focus_time.spans import relative_value


class Anchor(NamedTuple):
    """A date of year, month or day granularity (month/day ``None`` when unknown)."""

    year: int
    month: int | None = None
    day: int | None = None

    @classmethod
    def of(cls, d: dt.date) -> "Anchor":
        return cls(d.year, d.month, d.day)

    def as_date(self) -> dt.date | None:
        if self.month is None or self.day is None or not 1 <= self.year <= 9999:
            return None  # outside what datetime.date can hold
        return dt.date(self.year, self.month, self.day)

    def value(self) -> str:
        return _anchor_value(self.year, self.month, self.day)


@functools.lru_cache(maxsize=4096)
def _anchor_value(year: int, month: int | None, day: int | None) -> str:
    """TIMEX3 value of a date at its granularity (cached: the same dates recur across documents)."""
    out = format_year(year)
    if month is not None:
        out += f"-{month:02d}"
        if day is not None:
            out += f"-{day:02d}"
    return out


@functools.lru_cache(maxsize=1024)
def _reference_anchor(reference: dt.date) -> Anchor:
    """The reference date as an anchor (cached: a corpus shares few reference dates, and this is
    paid once per scanned text)."""
    return Anchor(reference.year, reference.month, reference.day)


class Reading(NamedTuple):
    kind: str
    value: str | None
    years: frozenset[int]
    # set when later anaphora resolve against this mention: explicit dates, and resolved deictic or
    # anaphoric dates of year, month or day granularity ("last year", "the following day")
    anchor: Anchor | None = None


class Context:
    """What a scan knows at one point: the text, the reference date and the current anchor.

    ``anchor`` is the date anaphoric expressions resolve against: the last explicit date, or the
    last resolved deictic or anaphoric one ("last year", "the following year"). ``narrative`` says
    whether that anchor comes from an explicit date (possibly shifted by anaphora) rather than
    from the moment of writing: only then does it stop the sentence tense from moving a bare
    month's year (see ``tense_at``).
    """

    __slots__ = (
        "text", "reference", "anchor", "narrative", "_ref", "span_budget", "era_cues", "anchor_end", "_tie", "period",
        "tense_of",
    )

    def __init__(self, text: str, reference: dt.date | None, anchor: Anchor | None = None) -> None:
        self.text = text
        self.reference = reference
        self.anchor = anchor
        self.narrative = anchor is not None
        self._ref = _reference_anchor(reference) if reference is not None else None
        self.span_budget = SPAN_YEARS_PER_CHAR * len(text) + SPAN_YEARS_BASE
        #: where the text is dated before AD 1000 (``context_rules.era_cue_positions``), found on
        #: first need: most texts never ask
        self.era_cues: list[int] | None = None
        #: where the text that set ``anchor`` ends (the scan sets it with the anchor), and the
        #: sentence end after it, found on first need: ``(anchor_end, sentence end)``
        self.anchor_end = 0
        self._tie: tuple[int, int] = (-1, -1)
        #: the last quarter the text named, ``(year, quarter, end)`` (``quarter_in_discussion``)
        self.period: tuple[int, int, int] | None = None
        #: the reader of a sentence's tense (``context_rules.tense``: English cues); a language's
        #: table sets its own while it reads a yearless date (``languages.table``)
        self.tense_of = tense

    def span(self, first: int, last: int) -> frozenset[int]:
        """The years of a range written in the text (``normalise.year_span``), its two ends only
        once the text's range-year budget is spent (memory stays linear in the text's length).

        >>> ctx = Context("x", None)
        >>> ctx.span_budget = 150
        >>> len(ctx.span(1901, 2000)), sorted(ctx.span(1801, 1900))
        (100, [1801, 1900])
        """
        years = year_span(first, last)
        if len(years) > 2:
            if self.span_budget < len(years):
                return year_span(first, last, limit=1)
            self.span_budget -= len(years)
        return years

    @property
    def base(self) -> Anchor | None:
        """What anaphoric expressions resolve against: the anchor, else the reference date."""
        return self.anchor if self.anchor is not None else self._ref

    @property
    def calendar_base(self) -> Anchor | None:
        """What a calendar name without a year resolves against, ignoring where it is written
        (``calendar_base_at`` is the rule; this is its answer for a name right after the anchor)."""
        return self.anchor if self.narrative and self.anchor is not None else self._ref

    def calendar_base_at(self, start: int) -> Anchor | None:
        """What a calendar name without a year ("in March", "May 5", "Christmas", "the fourth
        quarter") written at ``start`` resolves against: TimeML's rule, a year only where the
        text ties one to it. The anchor ties it when it comes from a written date (possibly moved
        by anaphora) that has a month ("On 3 May 1990 ... on 4 June" is 1990-06-04), or from a
        year written earlier in the same sentence ("In 2010, on June 4"); else the moment of
        writing (the reference date, or a context's own date) does; else nothing does and the
        name keeps its year unknown (``XXXX-06-04``): a year that merely appears in another
        sentence does not date it. Deictic anchors ("a year ago", "last year") do not move
        these: "sales fell in January, compared to a year ago, as firms reported their January
        sales" is read as this January both times.

        A name coordinated with that year ("up on 2020 and the first quarter", "than the
        previous year and the first quarter") is another period beside it, not a part of it: no tie.

        >>> ctx = Context("In 2010 it grew. On June 4 it fell.", None, Anchor(2010))
        >>> ctx.anchor_end = 7
        >>> ctx.calendar_base_at(3) , ctx.calendar_base_at(20)
        (Anchor(year=2010, month=None, day=None), None)
        """
        anchor = self.anchor
        if self.narrative and anchor is not None:
            if anchor.month is not None:
                return anchor
            if start < self._sentence_end() and not _COORDINATED.match(self.text, self.anchor_end, start):
                return anchor
            # a narrative of another age ("1940 ... am 27. Mai", "一九八四年……十月一日") goes on in
            # its own year, as annotators read it; a year near the moment of writing is news of it
            ref = self._ref
            if ref is not None and abs(anchor.year - ref.year) > NARRATIVE_YEARS:
                return anchor
        return self._ref

    def name_quarter(self, year: int, quarter: int, end: int) -> None:
        """Note a quarter the text names (its text ends at ``end``) as the one it reports on,
        unless it lies after the reference date's quarter: a forecast ("the third quarter of
        1990" in 1989) is not what "a year ago" compares with.

        >>> ctx = Context("x", dt.date(1989, 10, 26))
        >>> ctx.name_quarter(1989, 3, 10); ctx.name_quarter(1990, 3, 20); ctx.period
        (1989, 3, 10)
        """
        ref = self._ref
        if ref is None or ref.month is None or (year, quarter) <= (ref.year, (ref.month - 1) // 3 + 1):
            self.period = (year, quarter, end)

    def quarter_in_discussion(self, start: int) -> tuple[int, int] | None:
        """``(year, quarter)`` of the quarter a text reports on at ``start``: the last one it named
        before, within ``PERIOD_WINDOW`` characters (financial news names its quarter, then
        compares it "with a year ago", "in the quarter"); None when none was named.

        >>> ctx = Context("x" * 3000, None)
        >>> ctx.period = (1989, 3, 100)
        >>> ctx.quarter_in_discussion(400), ctx.quarter_in_discussion(2900)
        ((1989, 3), None)
        """
        period = self.period
        if period is None or start - period[2] > PERIOD_WINDOW:
            return None
        return period[0], period[1]

    def _sentence_end(self) -> int:
        """Where the sentence holding the anchor's text ends (searched once per anchor, at most
        ``_TIE_WINDOW`` characters: a text without sentence ends stays linear)."""
        end = self.anchor_end
        if self._tie[0] != end:
            found = SENTENCE_GAP.search(self.text, end, end + _TIE_WINDOW)
            self._tie = (end, found.start() if found else end + _TIE_WINDOW)
        return self._tie[1]

    @property
    def ref(self) -> Anchor | None:
        """What deictic expressions resolve against: the reference date only."""
        return self._ref

    def dated_in_era(self, start: int) -> bool:
        """Is the paragraph around ``start`` dated before AD 1000 ("in 119 BC", "c. 570")? The
        evidence is found once per text, on first need (``context_rules.dated_in_era``)."""
        if self.era_cues is None:
            self.era_cues = era_cue_positions(self.text)
        return dated_in_era(self.text, start, self.era_cues)

    def tense_at(self, start: int, end: int) -> str | None:
        """The sentence tense, when it matters: only when the base is the moment of writing (the
        reference date, a dateline equal to it, or a date found from it such as "last week").
        Past-tense narration after an explicit date ("On 22 June 1941 ... By December ...")
        moves forward from that date, so it is ignored."""
        if self.narrative and self.anchor is not None and self.anchor != self._ref and self.calendar_base_at(start) is self.anchor:
            return None
        return self.tense_of(self.text, start, end)


#: A sentence ends at a sentence mark and the blanks after it, or at a line break (one definition:
#: ``patterns.sentence_break``); a year ties calendar names up to there, within ``_TIE_WINDOW`` characters.
SENTENCE_GAP = re.compile(sentence_break() + r"|\n")
_TIE_WINDOW = 2000
# Between a year and a calendar name: "and" or "or" and at most two words that are no preposition
# ("the year before and the pre-crisis third quarter"), which coordinates the name with the year
# instead of placing it inside; ", and on May 5 it opened" goes on in that year.
_COORDINATED = re.compile(
    r"\s+(?:and|or|versus|vs\.?)\s+(?:(?!(?:on|in|at|by|from|until|till|since|during|after|before|for|of|to|then)\s)[\w-]+\s+){0,2}$",
    re.IGNORECASE,
)
#: How far (in years) a text's last written year must be from the reference date for the text to be a
#: narrative of another age rather than news of the moment of writing (``calendar_base_at``; the
#: language tables read it too).
NARRATIVE_YEARS = 10
#: How far (in characters) a named quarter stays the period a text reports on
#: (``Context.quarter_in_discussion``): a short news item, a few paragraphs.
PERIOD_WINDOW = 1500


class Groups(dict):
    """A rule's view of its match: groups by name, None when absent.

    A dict of the match's named groups (``match.groupdict()``, made once in C) whose call is
    ``dict.get``: interpreters read several groups per match, and a dict read is cheaper than a
    Python ``__call__``.

    >>> import re
    >>> g = Groups(re.match(r"(?P<day>\\d+) (?P<month>\\w+)(?P<year> \\d{4})?", "3 May"))
    >>> g("day"), g("year"), g("no_such_group"), g.lower("month"), (g.start, g.end)
    ('3', None, None, 'may', (0, 5))
    """

    __slots__ = ("match", "start", "end")

    def __init__(self, match: re.Match):
        super().__init__(match.groupdict())
        self.match = match  # a match of the rule's own regex (patterns.RULE_REGEX)
        self.start, self.end = match.span()

    #: The group's text, or None when it did not take part (or the rule has no such group).
    __call__ = dict.get

    def lower(self, name: str) -> str | None:
        v = self(name)
        return v.lower() if v is not None else None

    def first_present(self, names: Sequence[str]) -> int:
        """The index of the first of ``names`` whose group took part in the match (-1: none):
        which entry of a table rule ("(?P<h0>...)|(?P<h1>...)") matched, in one pass."""
        get = dict.get
        for i, name in enumerate(names):
            if get(self, name) is not None:
                return i
        return -1


_NEW_DICT, _FILL = dict.__new__, dict.update


def groups_of(match: re.Match) -> Groups:
    """``Groups(match)`` without a Python ``__init__`` (the extractor makes one per match)."""
    g = _NEW_DICT(Groups)
    _FILL(g, match.groupdict())
    g.match = match
    g.start, g.end = match.span()
    return g


Interpreter = Callable[[Groups, Context, str], "Reading | None"]


@functools.lru_cache(maxsize=8192)
def explicit_reading(kind: str, anchor: Anchor, value: str | None = None) -> Reading:
    """The reading of an explicit date (cached: readings are immutable and the same dates recur)."""
    return Reading(kind, value or anchor.value(), frozenset({anchor.year}), anchor)


@functools.lru_cache(maxsize=8192)
def year_reading(kind: str, digits: str) -> Reading:
    """The reading of a year written in digits ("2008")."""
    return explicit_reading(kind, Anchor(int(digits)))


def unresolved_reading(kind: str) -> Reading:
    return Reading(kind, None, frozenset())


def yearless_reading(kind: str, value: str) -> Reading:
    """A calendar name no written date or reference date gives a year: its TIMEX value with the
    year unknown (``XXXX-06-04``, ``XXXX-Q2``, ``XXXX-SU``, ``XXXX-WXX-6``; ``spans.read_yearless``
    reads them) and no years."""
    return Reading(kind, value, frozenset())


def relative_reading(kind: str, unit: str, offset: int) -> Reading:
    """A relative date with nothing to resolve it against: a value that is the same for the same
    meaning (``spans.relative_value``: "last year" and "a year ago" are ``UNDEF-this-year-MINUS-1``,
    "the previous year" and "the year before" ``UNDEF-REF-year-MINUS-1``), and no years.

    >>> relative_reading("anaphoric", "week", -1).value
    'UNDEF-REF-week-MINUS-1'
    """
    return Reading(kind, relative_value(kind != "anaphoric", unit, offset), frozenset())


def year_from(g: Groups, ctx: Context, name: str = "year") -> int | None:
    y = g(name)
    if y is not None:
        return int(y)
    yy = g(name + "_yy")
    if yy is not None:
        return two_digit_year(int(yy), ctx.reference.year if ctx.reference else None)
    return None


def era_sign(era: str | None) -> int | None:
    """The sign an era word gives its years (``patterns.ERA_WORDS``); None without one.

    >>> era_sign("B.C."), era_sign("AD"), era_sign(None)
    (-1, 1, None)
    """
    if not era:
        return None
    return ERA_WORDS.get(era.upper(), 1)
