"""An answer's dated claims: its time mentions (a range gives two), stated durations and ages.

What the coherence rules (:mod:`.rules`) compare. A range of years is two time claims, never a
duration; a range written backwards ("from 2010 to 2005") is read here even where the extractor
reads the words another way.

>>> read = read_dated_claims("Ada served from 2008 to 2012, four years. It ran 2010-2005.")
>>> [(c.text, c.kind) for c in read.claims]
[('2008', 'time'), ('2012', 'time'), ('four years', 'duration'), ('2010', 'time'), ('2005', 'time')]
>>> [r.text for r in read.ranges], [r.text for r in read.reversed_ranges], list(read.durations)
(['from 2008 to 2012'], ['2010-2005'], [(30, 40)])
"""

from __future__ import annotations

import datetime as dt
import re
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import NamedTuple

from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.timeline.bounds import Bounds, certainly_before, mention_bounds
from ragas_temporal.timeline.durations import Duration, overlaps, parse_durations
from ragas_temporal.timeline.vocabulary import year4_group

__all__ = ["DatedClaim", "Range", "DatedClaims", "read_dated_claims"]

_REVERSED_RANGE = re.compile(
    rf"(?<![\w.,/-])(?:(?P<pre>from|between|From|Between)\s+)?{year4_group('y1')}\s*"
    rf"(?P<sep>-|–|—|to|until|till|through|and)\s*{year4_group('y2')}(?![\w.,/-]\d)"
)
_RANGE_SEPARATOR = re.compile(r"\s*(?:-|–|—|/|\bto\b|\buntil\b|\btill\b|\bthrough\b|\band\b)\s*", re.IGNORECASE)


@dataclass(frozen=True)
class DatedClaim:
    """One claim that places something in time, at ``text[start:end]`` of the answer.

    ``kind`` is ``"time"`` (``years`` and ``bounds`` set), ``"duration"`` or ``"age"``
    (``length_years`` set).
    """

    text: str
    start: int
    end: int
    kind: str
    years: frozenset[int] = frozenset()
    length_years: object = None
    bounds: Bounds | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Range:
    """A range of the answer: its two end claims (``first``/``last`` are claim objects) and its span."""

    first: DatedClaim
    last: DatedClaim
    start: int
    end: int
    text: str


class DatedClaims(NamedTuple):
    """The claims in text order, the ranges (forwards and backwards) and the durations by span."""

    claims: list[DatedClaim]
    ranges: list[Range]
    reversed_ranges: list[Range]
    durations: dict[tuple[int, int], Duration]


def _time_claim(text: str, start: int, years: frozenset[int], bounds: Bounds) -> DatedClaim:
    return DatedClaim(text, start, start + len(text), "time", years, None, bounds)


def _range_claims(mention, ends: tuple[Bounds, Bounds]) -> tuple[DatedClaim, DatedClaim]:
    """The start and end claims of a range mention: the words before and after its separator."""
    text, offset = mention.text, mention.start
    years = sorted(mention.years)
    parts = None
    for sep in _RANGE_SEPARATOR.finditer(text):
        left, right = text[: sep.start()], text[sep.end() :]
        if re.search(r"\d", left) and re.search(r"\d", right):
            lead = re.match(r"(?i)(?:from|between)\s+", left)
            skip = lead.end() if lead else 0
            parts = ((left[skip:], offset + skip), (right, offset + sep.end()))
            break
    if parts is None:  # written in another form: both ends are the whole mention
        parts = ((text, offset), (text, offset))
    first_years = frozenset(range(ends[0].lo[0], ends[0].hi[0] + 1)) if ends[0].lo[0] <= ends[0].hi[0] else frozenset({years[0]})
    last_years = frozenset(range(ends[1].lo[0], ends[1].hi[0] + 1)) if ends[1].lo[0] <= ends[1].hi[0] else frozenset({years[-1]})
    return _time_claim(*parts[0], first_years, ends[0]), _time_claim(*parts[1], last_years, ends[1])


def _year_bounds(year: int) -> Bounds:
    return Bounds((year,), (year,))


def read_dated_claims(text: str, reference_date: dt.date | None = None) -> DatedClaims:
    """The dated claims of ``text`` (module docstring)."""
    mentions = [m for m in extract_focus_time(text, reference_date).mentions if m.years]
    durations = parse_durations(text, reference_date)
    claims: list[DatedClaim] = []
    ranges: list[Range] = []
    reversed_ranges: list[Range] = []
    of_mention: dict[tuple[int, int], list[DatedClaim]] = {}  # the claims read from each mention
    for m in mentions:
        bounds = mention_bounds(m)
        if len(bounds) == 1:
            of_mention[(m.start, m.end)] = [_time_claim(m.text, m.start, m.years, bounds[0])]
            continue
        first, last = _range_claims(m, bounds)
        of_mention[(m.start, m.end)] = [first, last]
        (reversed_ranges if certainly_before(bounds[1], bounds[0]) else ranges).append(Range(first, last, m.start, m.end, m.text))
    starts = [m.start for m in mentions]  # mentions never overlap and come in text order
    reversed_spans = {(r.start, r.end) for r in reversed_ranges}
    dropped: set[tuple[int, int]] = set()
    for match in _REVERSED_RANGE.finditer(text):
        first_year, last_year = int(match.group("y1")), int(match.group("y2"))
        if last_year >= first_year or (match.group("sep") == "and" and match.group("pre") is None):
            continue
        overlapping = []
        k = bisect_left(starts, match.end())  # mentions starting before the match ends
        while k and mentions[k - 1].end > match.start():
            k -= 1
            overlapping.append((mentions[k].start, mentions[k].end))
        if reversed_spans.intersection(overlapping):
            continue  # already read as a reversed range above
        dropped.update(overlapping)  # the extractor's other reading of these words ("2010 and 2005") gives way
        first = _time_claim(match.group("y1"), match.start("y1"), frozenset({first_year}), _year_bounds(first_year))
        last = _time_claim(match.group("y2"), match.start("y2"), frozenset({last_year}), _year_bounds(last_year))
        claims += [first, last]
        reversed_ranges.append(Range(first, last, match.start(), match.end(), match.group(0)))
    claims += [c for span, read in of_mention.items() if span not in dropped for c in read]
    ranges = [r for r in ranges if (r.start, r.end) not in dropped]
    stated: list[Duration] = []
    for d in durations:
        if overlaps(starts, mentions, d.start, d.end):
            continue  # a range of years: already two time claims
        stated.append(d)
        claims.append(DatedClaim(d.text, d.start, d.end, "age" if d.is_age else "duration", length_years=d.years))
    claims.sort(key=lambda c: (c.start, c.end))
    return DatedClaims(claims, ranges, reversed_ranges, {(d.start, d.end): d for d in stated})
