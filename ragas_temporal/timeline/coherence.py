"""Is an answer's own timeline possible? Its dated claims, and the contradictions rules can find.

A **dated claim** is a temporal mention with years (from the focus-time extractor; a range of
years is one claim), a range the extractor refuses because it ends before it starts (two claims:
its start and its end), or a stated duration or age ("three years", "40 years old").

Rules (each compares claims inside one sentence unless said otherwise):

``reversed_range``
    a range that ends before it starts: "from 2010 to 2005", "2010-2005";
``order``
    "X in 2005 followed Y in 2008": a cue word between two consecutive times (*followed*, *after*,
    *succeeded* ...: the first time must not be earlier; *preceded*, *before* ...: not later), with
    no clause break (comma, "and", "but") between them;
``death_before_birth``
    a year after *died*/*death* earlier than the nearest year after *born*/*birth* (anywhere in the
    answer: the nearest birth before the death, else the first after it). The rule assumes the
    births and deaths it pairs are one person's: "he died in 1940; his son was born in 1950" is a
    false alarm (the ``llm`` mode reads who is who);
``age``
    "40 years old in 2010" with "founded in 1990" (the nearest origin cue before the age: founded,
    born, built, established ...): the age differs from the years between by more than one year;
``duration``
    a stated duration and a range of years in one sentence whose lengths differ by more than one
    year ("lasted ten years, from 1914 to 1918").

>>> timeline = read_timeline("The firm was founded in 1990 and was 40 years old in 2010.")
>>> [c.text for c in timeline.claims]
['1990', '40 years old', '2010']
>>> timeline.contradictions[0].explanation
'40 years old in 2010, but 2010 - 1990 is 20 years'
"""

from __future__ import annotations

import datetime as dt
import re
from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass

from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.timeline.durations import format_amount, parse_durations, year_range
from ragas_temporal.timeline.sentences import sentence_index, sentence_spans
from ragas_temporal.timeline.vocabulary import (
    AFTER_CUES,
    BEFORE_CUES,
    BIRTH_CUES,
    CLAUSE_BREAK,
    DEATH_CUES,
    ORIGIN_CUES,
    YEAR,
)

__all__ = ["DatedClaim", "Contradiction", "Timeline", "read_timeline", "TOLERANCE_YEARS"]

#: Ages and durations within this many years of what the stated years imply are coherent
#: ("1914-1918" is four years and some months).
TOLERANCE_YEARS = 1.0
# a cue word binds to the first time claim starting within this many characters after it
_CUE_REACH = 40
# "40 years old in 2010": the time an age is stated at follows it this closely
_AGE_AT_REACH = 15

_REVERSED_RANGE = re.compile(
    rf"(?<![\w.,/-])(?:(?P<pre>from|between|From|Between)\s+)?{YEAR('y1')}\s*"
    rf"(?P<sep>-|–|—|to|until|till|through|and)\s*{YEAR('y2')}(?![\w.,/-]\d)"
)


@dataclass(frozen=True)
class DatedClaim:
    """One claim that places something in time, at ``text[start:end]`` of the answer.

    ``kind`` is ``"time"`` (``years`` set), ``"duration"`` or ``"age"`` (``length_years`` set).
    A time claim read from a range of years also has ``length_years``.
    """

    text: str
    start: int
    end: int
    kind: str
    years: frozenset[int] = frozenset()
    length_years: float | None = None


@dataclass(frozen=True)
class Contradiction:
    """Claims (indices into ``Timeline.claims``) that cannot all be true, the rule and why."""

    claims: tuple[int, ...]
    rule: str
    explanation: str


@dataclass(frozen=True)
class Timeline:
    """An answer's dated claims in text order and the contradictions among them."""

    claims: tuple[DatedClaim, ...]
    contradictions: tuple[Contradiction, ...]

    def evidence(self) -> tuple[int, list[tuple[tuple[int, ...], str]]]:
        """``(n_dated_claims, [(claim indices, explanation), ...])``: the input of ``timeline_coherence``."""
        return len(self.claims), [(c.claims, c.explanation) for c in self.contradictions]


def _range_ends(text: str, offset: int, first: int, last: int) -> tuple[DatedClaim, DatedClaim]:
    """The start and end claims of a range mention written ``text`` at ``offset``."""
    first_at = text.find(str(first))
    last_at = text.find(str(last), first_at + 1)
    if first_at < 0 or last_at < 0:  # written in another form ("the '90s"): the whole mention twice
        first_at, last_at = 0, 0
        spans = ((offset, offset + len(text)), (offset, offset + len(text)))
    else:
        spans = (
            (offset + first_at, offset + first_at + len(str(first))),
            (offset + last_at, offset + last_at + len(str(last))),
        )
    return (
        DatedClaim(str(first), *spans[0], "time", frozenset({first})),
        DatedClaim(str(last), *spans[1], "time", frozenset({last})),
    )


def _year_text(years: frozenset[int]) -> str:
    low, high = min(years), max(years)
    return str(low) if low == high else f"{low}-{high}"


def read_timeline(text: str, reference_date: dt.date | None = None) -> Timeline:
    """The dated claims of ``text`` and the contradictions the rules find (module docstring)."""
    mentions = [m for m in extract_focus_time(text, reference_date).mentions if m.years]
    durations = parse_durations(text, reference_date)
    range_lengths = {(d.start, d.end): d.years for d in durations}
    times: dict[tuple[int, int], DatedClaim] = {}  # the extractor's mentions, by span
    reversed_pairs: list[tuple[DatedClaim, DatedClaim]] = []
    reversed_spans: set[tuple[int, int]] = set()
    for m in mentions:
        ends = year_range(m.value) if m.kind == "range" else None
        if ends is not None and ends[1] < ends[0]:  # "between 1999 and 1990": its two ends are two claims
            reversed_pairs.append(_range_ends(m.text, m.start, *ends))
            reversed_spans.add((m.start, m.end))
        else:
            times[(m.start, m.end)] = DatedClaim(m.text, m.start, m.end, "time", m.years, range_lengths.get((m.start, m.end)))
    starts = [m.start for m in mentions]  # mentions never overlap and come in text order
    for match in _REVERSED_RANGE.finditer(text):
        first, last = int(match.group("y1")), int(match.group("y2"))
        if last >= first or (match.group("sep") == "and" and match.group("pre") is None):
            continue
        overlapping = []
        k = bisect_left(starts, match.end())  # mentions starting before the match ends
        while k and mentions[k - 1].end > match.start():
            k -= 1
            overlapping.append((mentions[k].start, mentions[k].end))
        if any(span in reversed_spans for span in overlapping):
            continue  # already read as a reversed range above
        for span in overlapping:  # the extractor's other reading of these words ("2010 and 2005") gives way
            times.pop(span, None)
        reversed_pairs.append((
            DatedClaim(match.group("y1"), match.start("y1"), match.end("y1"), "time", frozenset({first})),
            DatedClaim(match.group("y2"), match.start("y2"), match.end("y2"), "time", frozenset({last})),
        ))
    claims = [*times.values(), *(claim for pair in reversed_pairs for claim in pair)]
    taken = {(m.start, m.end) for m in mentions}
    for d in durations:
        if (d.start, d.end) in taken:
            continue  # a range of years: already a time claim
        claims.append(DatedClaim(d.text + (" old" if d.is_age else ""), d.start, d.end, "age" if d.is_age else "duration", length_years=d.years))
    claims.sort(key=lambda c: c.start)
    return Timeline(tuple(claims), tuple(_Rules(text, claims, reversed_pairs).run()))


class _Rules:
    """The rules of the module docstring over one answer's claims (in text order)."""

    def __init__(self, text: str, claims: list[DatedClaim], reversed_pairs: list[tuple[DatedClaim, DatedClaim]]):
        self.text = text
        self.claims = claims
        self.index = {id(c): i for i, c in enumerate(claims)}
        self.reversed_pairs = reversed_pairs
        self.spans = sentence_spans(text)
        self.sentence = [sentence_index(self.spans, c.start) for c in claims]
        self.times = [i for i, c in enumerate(claims) if c.kind == "time"]
        self.found: list[Contradiction] = []

    def run(self) -> list[Contradiction]:
        for start_claim, end_claim in self.reversed_pairs:
            self._add(
                (self.index[id(start_claim)], self.index[id(end_claim)]),
                "reversed_range",
                f"the range {start_claim.text} to {end_claim.text} ends before it starts",
            )
        self._order()
        births, deaths, origins = (self._cued(cues) for cues in (BIRTH_CUES, DEATH_CUES, ORIGIN_CUES))
        self._death_before_birth(births, deaths)
        self._ages(origins)
        self._durations()
        return self.found

    def _add(self, claims: tuple[int, ...], rule: str, explanation: str) -> None:
        self.found.append(Contradiction(tuple(sorted(claims)), rule, explanation))

    def _order(self) -> None:
        for a, b in zip(self.times, self.times[1:]):
            first, second = self.claims[a], self.claims[b]
            if self.sentence[a] != self.sentence[b] or second.start < first.end:
                continue
            between = self.text[first.end : second.start]
            if CLAUSE_BREAK.search(between):
                continue
            after, before = AFTER_CUES.search(between), BEFORE_CUES.search(between)
            if after and max(first.years) < min(second.years):
                self._add((a, b), "order", f"{first.text} is earlier than {second.text}, yet the answer says '{_words(after)}'")
            elif before and min(first.years) > max(second.years):
                self._add((a, b), "order", f"{first.text} is later than {second.text}, yet the answer says '{_words(before)}'")

    def _cued(self, cues: re.Pattern[str]) -> list[int]:
        """Time claims a cue word binds to: the first time claim starting soon after the cue."""
        bound: list[int] = []
        starts = [self.claims[i].start for i in self.times]
        for match in cues.finditer(self.text):
            position = bisect_left(starts, match.end())
            if position == len(starts):
                continue
            i = self.times[position]
            if self.claims[i].start - match.end() <= _CUE_REACH and not CLAUSE_BREAK.search(
                self.text[match.end() : self.claims[i].start].replace(",", "")
            ):
                if not bound or bound[-1] != i:
                    bound.append(i)
        return bound

    def _death_before_birth(self, births: list[int], deaths: list[int]) -> None:
        if not births:
            return
        for d in deaths:
            k = bisect_left(births, d)
            b = births[k - 1] if k else births[0]
            if b == d:
                continue
            birth, death = self.claims[b], self.claims[d]
            if max(death.years) < min(birth.years):
                self._add((b, d), "death_before_birth", f"death in {death.text} before birth in {birth.text}")

    def _ages(self, origins: list[int]) -> None:
        for i, claim in enumerate(self.claims):
            if claim.kind != "age" or claim.length_years is None:
                continue
            k = bisect_left(self.times, i)
            at = self.times[k] if k < len(self.times) else None
            if at is None or self.sentence[at] != self.sentence[i] or self.claims[at].start - claim.end > _AGE_AT_REACH:
                continue
            k = bisect_left(origins, i)
            if not k:
                continue
            origin = origins[k - 1]
            stated_at, began = self.claims[at], self.claims[origin]
            implied = min(stated_at.years) - min(began.years)
            if abs(implied - claim.length_years) > TOLERANCE_YEARS:
                self._add(
                    (origin, i, at),
                    "age",
                    f"{claim.text} in {stated_at.text}, but {_year_text(stated_at.years)} - "
                    f"{_year_text(began.years)} is {format_amount(implied, 'year')}",
                )

    def _durations(self) -> None:
        ranges_by_sentence: dict[int, list[int]] = defaultdict(list)
        for j in self.times:
            if self.claims[j].length_years is not None:
                ranges_by_sentence[self.sentence[j]].append(j)
        for i, claim in enumerate(self.claims):
            if claim.kind != "duration" or claim.length_years is None:
                continue
            for j in ranges_by_sentence.get(self.sentence[i], ()):
                other = self.claims[j]
                if other.length_years is None:
                    continue
                if abs(other.length_years - claim.length_years) > TOLERANCE_YEARS:
                    self._add(
                        (i, j),
                        "duration",
                        f"{claim.text}, but {other.text} is {format_amount(other.length_years, 'year')}",
                    )


def _words(match: re.Match[str]) -> str:
    return " ".join(match.group(0).lower().split())
