"""Immutable value types for focus time: a text's temporal mentions and the years they cover.

Example
-------
>>> m = TemporalMention(start=3, end=7, text="2008", kind="year", value="2008", years=frozenset({2008}))
>>> ft = FocusTime(years=frozenset({2008}), mentions=(m,))
>>> ft | FocusTime.from_years([2009])
FocusTime(years=[2008, 2009])
>>> ft.jaccard(FocusTime.from_years([2008, 2009]))
0.5
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Iterable

from ragas_temporal.focus_time.spans import TimeSpan, Yearless, implied_values, mention_span, read_relative, read_yearless

#: Kinds of mention the extractor emits (TIMEX3-like granularity plus how the year was found).
MENTION_KINDS = (
    "date",  # a full or partial calendar date: 2019-03-03, March 3, 2019, March 2019
    "year",  # a bare year: 2008, '08, AD 14, 753 BC
    "fiscal_year",  # FY2021, fiscal 2021
    "range",  # 2008-2010, from 1990 to 1995
    "decade",  # 1990s, the '90s, the nineties, early 1990s
    "century",  # 19th century, the 1800s, mid-1700s
    "relative",  # deictic: last year, yesterday, three years ago (needs the reference date)
    "anaphoric",  # the following year, that March (needs an earlier date in the text)
    "named_period",  # World War II, the Cold War
)


@dataclass(frozen=True, slots=True)
class TemporalMention:
    """One temporal expression found in a text.

    ``text == source[start:end]`` always holds. ``value`` is a TIMEX3-style normalised value
    (``2019-03-03``, ``2019-03``, ``2008``, ``199`` for a decade, ``19`` for a century,
    ``2008/2010`` for a range, ``BC0753`` for a BCE year) or ``None`` when the expression could
    not be anchored (a relative expression without a reference date). ``years`` is the set of
    integer years it covers (BCE years negative), empty when unanchored.
    """

    start: int
    end: int
    text: str
    kind: str
    value: str | None
    years: frozenset[int] = field(default_factory=frozenset)

    @property
    def start_year(self) -> int | None:
        """The first year the mention covers (a range's, decade's or century's first end); None
        without years.

        A range wider than ``normalise.MAX_SPAN_YEARS`` holds only its two ends in ``years``:
        ``start_year`` and ``end_year`` are right for every mention.

        >>> m = TemporalMention(0, 21, "from 9999 BC to AD 14", "range", "BC9999/0014", frozenset({-9999, 14}))
        >>> m.start_year, m.end_year
        (-9999, 14)
        """
        return min(self.years) if self.years else None

    @property
    def end_year(self) -> int | None:
        """The last year the mention covers; None without years."""
        return max(self.years) if self.years else None

    @property
    def span(self) -> TimeSpan | None:
        """What the mention states as calendar days: start, end and unit of each end, BC years,
        open ends (see :mod:`ragas_temporal.focus_time.spans`, the one reader of values; read once
        per distinct mention, cached there). ``None`` without a dated value.

        >>> TemporalMention(0, 13, "14 March 1879", "date", "1879-03-14", frozenset({1879})).span.start
        Period(first=(1879, 3, 14), last=(1879, 3, 14), unit='day')
        """
        if not self.years:
            return None
        return mention_span(self.value, self.kind, self.text, self.years)

    @property
    def yearless(self) -> Yearless | None:
        """What a calendar name the text ties to no year states ("June 4": ``XXXX-06-04``, a day
        of June; "on Saturday": ``XXXX-WXX-6``, a Saturday), read by
        :func:`~ragas_temporal.focus_time.spans.read_yearless`; ``None`` for any other mention.

        >>> TemporalMention(0, 6, "June 4", "anaphoric", "XXXX-06-04").yearless
        Yearless(unit='day', month=6, day=4, code=None)
        """
        return None if self.years else read_yearless(self.value)

    @property
    def relative(self) -> tuple[bool, str, int] | None:
        """``(deictic, unit, offset)`` of a relative date nothing resolved ("last year":
        ``(True, 'year', -1)``; "the year before": ``(False, 'year', -1)``), read by
        :func:`~ragas_temporal.focus_time.spans.read_relative`; ``None`` for any other mention."""
        return None if self.years else read_relative(self.value)

    @property
    def implied_relative(self) -> tuple[str, ...]:
        """What else a relative date nothing resolved states (``spans.implied_values``): the same
        date counted from the other base ("the next day" with no earlier date to count from is
        "tomorrow") and its direction from the moment of writing ("next year": ``FUTURE_REF``, as
        "soon"); ``()`` for any other mention.

        >>> TemporalMention(0, 12, "the next day", "anaphoric", "UNDEF-REF-day-PLUS-1").implied_relative
        ('UNDEF-this-day-PLUS-1', 'FUTURE_REF')
        """
        return () if self.years else implied_values(self.value)

    @property
    def written_weekday(self) -> int | None:
        """The ISO weekday a day's words name before it ("Monday 8 June": 1), whether or not the
        text gives the day a year; ``None`` when they name none, or for any mention but a day.
        A day without a year says its weekday only this way, and a weekday claim is checked
        against it. English names (``patterns.WEEKDAYS``).

        >>> TemporalMention(0, 13, "Monday 8 June", "anaphoric", "XXXX-06-08").written_weekday
        1
        >>> TemporalMention(0, 6, "8 June", "anaphoric", "XXXX-06-08").written_weekday is None
        True
        """
        unit = self.yearless.unit if self.yearless is not None else None
        if unit != "day" and not (self.years and self.value and len(self.value) == 10):
            return None
        return _weekday_word(self.text.split(None, 1)[0].rstrip(".,").lower()) if self.text else None

    def to_dict(self) -> dict:
        """Plain JSON-serialisable form (years sorted)."""
        return {
            "start": self.start,
            "end": self.end,
            "text": self.text,
            "kind": self.kind,
            "value": self.value,
            "years": sorted(self.years),
        }


def _weekday_word(word: str) -> int | None:
    """ISO weekday of an English weekday name or abbreviation, else ``None``."""
    from ragas_temporal.focus_time.patterns import WEEKDAYS  # patterns reads spans, as this module does

    day = WEEKDAYS.get(word)
    return None if day is None else day + 1


def _plain_twin(cls: type) -> type:
    """A plain class with the slots of ``cls`` (a frozen, slotted dataclass), in the same order.

    The extractor builds its values fast this way: one is filled in as a twin (ordinary attribute
    stores, not the frozen ``__init__``'s ``object.__setattr__`` per field) and then becomes a
    ``cls`` by ``__class__`` assignment, which Python allows between classes of the same layout
    (it raises TypeError otherwise: each twin is used once at import, below its class).
    """
    return type(f"_{cls.__name__}Fields", (), {"__slots__": tuple(f.name for f in fields(cls))})


_MentionFields = _plain_twin(TemporalMention)


def new_mention(start: int, end: int, text: str, kind: str, value: str | None, years: frozenset[int]) -> TemporalMention:
    """``TemporalMention(start, end, text, kind, value, years)``, built three times as fast: the
    extractor makes one per mention of every text, and a frozen dataclass's ``__init__`` sets each
    field through ``object.__setattr__``. The result is the same object (equal, hashed alike,
    frozen).

    >>> new_mention(3, 7, "2008", "year", "2008", frozenset({2008})) == TemporalMention(3, 7, "2008", "year", "2008", frozenset({2008}))
    True
    """
    mention = _MentionFields()
    mention.start = start
    mention.end = end
    mention.text = text
    mention.kind = kind
    mention.value = value
    mention.years = years
    mention.__class__ = TemporalMention
    return mention


new_mention(0, 4, "2008", "year", "2008", frozenset({2008}))  # the layouts match (else TypeError here)


@dataclass(frozen=True, slots=True)
class FocusTime:
    """The set of years a text is about, with the mentions that put them there.

    Set operators (``|``, ``&``, ``-``) combine the year sets and keep both sides' mentions.
    """

    years: frozenset[int] = field(default_factory=frozenset)
    mentions: tuple[TemporalMention, ...] = ()

    @classmethod
    def from_years(cls, years: Iterable[int]) -> "FocusTime":
        """A focus time with the given years and no mentions (handy in tests and for users' own sets)."""
        return cls(years=frozenset(int(y) for y in years))

    @classmethod
    def from_mentions(cls, mentions: Iterable[TemporalMention]) -> "FocusTime":
        """Union of the mentions' years, mentions kept in order.

        >>> FocusTime.from_mentions([]) == FocusTime(), FocusTime.from_mentions([TemporalMention(0, 4, "2008", "year", "2008", frozenset({2008}))])
        (True, FocusTime(years=[2008]))
        """
        ms = tuple(mentions)
        if cls is not FocusTime:  # a subclass: its own __init__
            return cls(years=frozenset().union(*(m.years for m in ms)), mentions=ms)
        # the extractor's path, once per text: one shared empty value, a single mention's own
        # year set, and no dataclass __init__ (see new_mention)
        if not ms:
            return _EMPTY_FOCUS_TIME
        years = ms[0].years if len(ms) == 1 else frozenset().union(*(m.years for m in ms))
        focus_time = _FocusTimeFields()
        focus_time.years = years if type(years) is frozenset else frozenset(years)
        focus_time.mentions = ms
        focus_time.__class__ = FocusTime
        return focus_time

    @property
    def is_empty(self) -> bool:
        return not self.years

    def __bool__(self) -> bool:
        return bool(self.years)

    def __len__(self) -> int:
        return len(self.years)

    def __contains__(self, year: object) -> bool:
        return year in self.years

    def __iter__(self):
        return iter(sorted(self.years))

    def _years_of(self, other: "FocusTime | Iterable[int]") -> frozenset[int]:
        return other.years if isinstance(other, FocusTime) else frozenset(other)

    def __or__(self, other: "FocusTime") -> "FocusTime":
        other_mentions = other.mentions if isinstance(other, FocusTime) else ()
        return FocusTime(self.years | self._years_of(other), self.mentions + other_mentions)

    def __and__(self, other: "FocusTime") -> "FocusTime":
        return FocusTime(self.years & self._years_of(other), self.mentions)

    def __sub__(self, other: "FocusTime") -> "FocusTime":
        return FocusTime(self.years - self._years_of(other), self.mentions)

    def union(self, *others: "FocusTime") -> "FocusTime":
        out = self
        for o in others:
            out = out | o
        return out

    def intersection(self, other: "FocusTime | Iterable[int]") -> "FocusTime":
        return self & other

    def jaccard(self, other: "FocusTime | Iterable[int]") -> float:
        """|A ∩ B| / |A ∪ B|; 0.0 when both are empty (nothing in common to reward)."""
        b = self._years_of(other)
        union = self.years | b
        return len(self.years & b) / len(union) if union else 0.0

    def to_dict(self) -> dict:
        return {"years": sorted(self.years), "mentions": [m.to_dict() for m in self.mentions]}

    def __repr__(self) -> str:
        return f"FocusTime(years={sorted(self.years)})"


_FocusTimeFields = _plain_twin(FocusTime)
FocusTime.from_mentions([new_mention(0, 4, "2008", "year", "2008", frozenset({2008}))] * 2)  # the layouts match (else TypeError here)
#: The focus time of every text without a mention (most retrieved passages): one immutable value.
_EMPTY_FOCUS_TIME = FocusTime()
