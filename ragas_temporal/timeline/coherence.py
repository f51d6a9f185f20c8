"""Is an answer's own timeline possible? Its dated claims, and the contradictions rules can find.

A **dated claim** is a temporal mention with years (from the focus-time extractor), the start and
the end of a range (two claims: "from 2008 to 2012" is a timeline of its own), or a stated duration
or age ("three years", "40 years old", "aged 30").

Event words are data (:mod:`.lifecycle`, ``lifecycle.json``). An event word **attaches** to the date
right after it in its clause ("founded in 1990", "died on 2 March 1879"), or to a date that opens
its clause ("In 2015, construction began"). Rules relate two events only when both attach to dates
in the same sentence, or in adjacent sentences with the same subject ("Ada was born in 1815. She
died in 1810."; a pronoun continues the subject before it); a new possessive subject inside a
sentence ("and his father died in 1940") ends the relation. Dates are compared at the finest
precision both state (:mod:`.bounds`).

``reversed_range``
    a range that ends before it starts: "from 2010 to 2005", "2010-2005";
``lifecycle``
    a closing event dated before its opening event of the same kind: founded → dissolved, opened →
    closed, began → completed, born → died, joined → left, built → demolished, recorded → released
    ("'dissolved in 1985' is before 'founded in 1990' (founded → dissolved)");
``order``
    a one-sided order word between two dated events of one sentence: "X in 2005 followed Y in 2008",
    "the reform of 2012 preceded the crisis of 2009", "signed in 1920, five years after the war
    ended in 1918" (a stated gap must match the dates within a year). The first date must locate
    its event ("in/on/of/during 2005", not "the 2017 season"), and no clause break may come between
    the cue and either date;
``age``
    an age ("aged 30", "at the age of 30", "a 30-year-old", "40 years old") at a date of its sentence,
    against the date of the event it counts from (born, founded, built ...: ``age_origin`` in the
    lexicon) in the same sentence or the previous one with the same subject;
``duration``
    a duration written next to the range it measures ("lasted six years, from 1939 to 1945",
    "six years (1939–1945)") that the range cannot have, the range's shortest and longest reading
    allowed ("more than 30 years" is a lower bound). A duration is never compared with a range it
    does not describe: "growth of 10.6% a year", "a six-year stay" and "first time in 22 years" are
    not contradictions.

>>> timeline = read_timeline("The firm was founded in 1990 and was 40 years old in 2010.")
>>> [c.text for c in timeline.claims]
['1990', '40 years old', '2010']
>>> timeline.contradictions[0].explanation
"'40 years old' in 2010, but 2010 - 1990 is 20 years (age since founded)"
>>> read_timeline("The company was founded in 1990 and dissolved in 1985.").contradictions[0].explanation
"'dissolved in 1985' is before 'founded in 1990' (founded → dissolved)"
"""

from __future__ import annotations

import datetime as dt
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.timeline.bounds import Bounds, certainly_before, mention_bounds, span_years, years_between
from ragas_temporal.timeline.durations import Duration, format_amount, overlaps, parse_durations
from ragas_temporal.timeline.lifecycle import (
    AGE_ORIGINS,
    EVENT_WORDS,
    ORDER_DIRECTION,
    ORDER_WORDS,
    PAIRS_OF,
    PERSON_AGE_ORIGINS,
    closes,
    word_key,
)
from ragas_temporal.timeline.sentences import is_subject_only, same_subject, sentence_index, sentence_spans
from ragas_temporal.timeline.vocabulary import CLAUSE_BREAK, UNIT_IN_YEARS, year4_group

__all__ = ["DatedClaim", "Contradiction", "Timeline", "read_timeline", "TOLERANCE_YEARS"]

#: A stated gap ("five years after") within this many years of what the dates imply is coherent.
TOLERANCE_YEARS = 1
# an event word attaches to a date starting within this many characters after it ...
_ATTACH_REACH = 40
# ... or to a date opening its clause, this far before it ("In 2015, construction of the bridge began")
_BACK_REACH = 60
# an age is stated at a date of its sentence this close to it
_AGE_AT_REACH = 60
# how far back in its sentence a rule reads the words before a claim or an event
_WINDOW = 120
# how many neighbours on each side a rule looks at (bounds the work on hostile text)
_NEAREST = 8

_REVERSED_RANGE = re.compile(
    rf"(?<![\w.,/-])(?:(?P<pre>from|between|From|Between)\s+)?{year4_group('y1')}\s*"
    rf"(?P<sep>-|–|—|to|until|till|through|and)\s*{year4_group('y2')}(?![\w.,/-]\d)"
)
_RANGE_SEPARATOR = re.compile(r"\s*(?:-|–|—|/|\bto\b|\buntil\b|\btill\b|\bthrough\b|\band\b)\s*", re.IGNORECASE)
# what may stand between an event word and the date it attaches to: no clause, no other date
_ATTACH_GAP_BREAK = re.compile(r"[;:()\[\]]|\b(?:and|but|while|whereas|which|who|when|after|before)\b", re.IGNORECASE)
# a date that opens its clause and locates the event after it: "In 2015, ...", "; on 2 May 1990 ..."
_CLAUSE_OPENING = re.compile(r"(?:^|[,;:(]\s*|\b(?:and|but)\s+)(?:in|on|during|by)\s+(?:the\s+)?$", re.IGNORECASE)
# a date that locates its event ("in 2005", "of 2012"), not one that modifies a noun ("the 2017 season")
_LOCATING = re.compile(r"\b(?:in|on|of|during|at|by)\s+(?:the\s+)?$|^\s*$", re.IGNORECASE)
# inside a sentence, a new subject starts another person's or thing's events: a possessive one ("and
# his father died"), or a clause with its own subject and verb (", while the prototype was completed")
_NEW_SUBJECT = re.compile(
    r"(?:[,;]|\b(?:and|but|while|whereas|when)\b)\s+(?:(?:his|her|their|its|whose)\s+\w+|"
    r"(?:the|a|an|this|that)\s+(?:\w+\s+){0,3}?(?:was|were|is|are|had|has)\b)|\bwhose\b",
    re.IGNORECASE,
)
_RELATIVE_CLAUSE = re.compile(r",\s*(?:who|which|whom)\b[^,;]*$", re.IGNORECASE)
# between two events, words that state their order themselves ("appointed in 2005, having left
# the ministry in 2003", "joined X after he left Y"): no lifecycle relation is read across them
_OWN_ORDER = re.compile(r"\b(?:having|previously|formerly|earlier|before|after|since|following|prior)\b", re.IGNORECASE)
# between a duration and the range it measures: "six years, from 1939 to 1945", "six years (1939–1945)"
_NEXT_TO = re.compile(r"^\s*[,(:–—-]?\s*(?:from|between|in|during|spanning|over|,)?\s*$", re.IGNORECASE)
# a duration that is a gap between events, not an event's length: "two years later", "in 22 years"
_MEASURED_AFTER = re.compile(
    r"^\s*(?:,\s*(?:lasting\s+|a\s+span\s+of\s+|a\s+period\s+of\s+|or\s+|some\s+)?|lasting\s+)(?:about\s+|nearly\s+|over\s+)?$",
    re.IGNORECASE,
)
_DIGIT = re.compile(r"\d")
# "elected in 1992, before which she had served ... from 1985": the order word points back
_REFERS_BACK = re.compile(r"\s*(?:which|whom|that|this|then)\b", re.IGNORECASE)
# a second order phrase coordinated with the first: "ten years after X in 1989 and five years after Y"
_COORDINATED = re.compile(r"^\s*,?\s*and\s*$", re.IGNORECASE)
_GAP_AFTER = re.compile(r"^\s*(?:later|earlier|after|before|since|prior|previously|on)\b", re.IGNORECASE)
_GAP_BEFORE = re.compile(r"\b(?:in|within|for\s+the\s+first\s+time\s+in)\s+$", re.IGNORECASE)


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


@dataclass(frozen=True)
class _Range:
    """A range of the answer: its two end claims (``first``/``last`` are claim objects) and its span."""

    first: DatedClaim
    last: DatedClaim
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class _Event:
    """An event word and the time claim it attaches to."""

    word: str
    start: int
    end: int
    claim: int
    phrase: str


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


def read_timeline(text: str, reference_date: dt.date | None = None) -> Timeline:
    """The dated claims of ``text`` and the contradictions the rules find (module docstring)."""
    mentions = [m for m in extract_focus_time(text, reference_date).mentions if m.years]
    durations = parse_durations(text, reference_date)
    claims: list[DatedClaim] = []
    ranges: list[_Range] = []
    reversed_ranges: list[_Range] = []
    of_mention: dict[tuple[int, int], list[DatedClaim]] = {}  # the claims read from each mention
    for m in mentions:
        bounds = mention_bounds(m)
        if len(bounds) == 1:
            of_mention[(m.start, m.end)] = [_time_claim(m.text, m.start, m.years, bounds[0])]
            continue
        first, last = _range_claims(m, bounds)
        of_mention[(m.start, m.end)] = [first, last]
        (reversed_ranges if certainly_before(bounds[1], bounds[0]) else ranges).append(_Range(first, last, m.start, m.end, m.text))
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
        reversed_ranges.append(_Range(first, last, match.start(), match.end(), match.group(0)))
    claims += [c for span, read in of_mention.items() if span not in dropped for c in read]
    ranges = [r for r in ranges if (r.start, r.end) not in dropped]
    stated: list[Duration] = []
    for d in durations:
        if overlaps(starts, mentions, d.start, d.end):
            continue  # a range of years: already two time claims
        stated.append(d)
        claims.append(DatedClaim(d.text, d.start, d.end, "age" if d.is_age else "duration", length_years=d.years))
    claims.sort(key=lambda c: (c.start, c.end))
    rules = _Rules(text, claims, ranges, reversed_ranges, {(d.start, d.end): d for d in stated})
    return Timeline(tuple(claims), tuple(rules.run()))


class _Rules:
    """The rules of the module docstring over one answer's claims (in text order)."""

    def __init__(self, text, claims, ranges, reversed_ranges, durations):
        self.text = text
        self.claims: list[DatedClaim] = claims
        self.index = {id(c): i for i, c in enumerate(claims)}
        self.ranges: list[_Range] = ranges
        self.reversed_ranges: list[_Range] = reversed_ranges
        self.durations: dict[tuple[int, int], Duration] = durations
        self.spans = sentence_spans(text)
        self.sentence = [sentence_index(self.spans, c.start) for c in claims]
        self.times = [i for i, c in enumerate(claims) if c.kind == "time"]
        self.time_starts = [claims[i].start for i in self.times]
        self.range_of = {id(r.first): r for r in ranges} | {id(r.last): r for r in ranges}
        self.events = self._attach_events()
        # indexes that keep every rule near-linear on long texts
        self.by_end = sorted(durations.values(), key=lambda d: d.end)
        self.duration_ends = [d.end for d in self.by_end]
        self.index_of_span = {(c.start, c.end): i for i, c in enumerate(claims) if c.kind != "time"}
        self.times_in: dict[int, list[int]] = {}
        for i in self.times:
            self.times_in.setdefault(self.sentence[i], []).append(i)
        self.ranges_in: dict[int, list[_Range]] = {}
        for r in ranges:
            self.ranges_in.setdefault(self._sentence_of(r.start), []).append(r)
        self.found: list[Contradiction] = []

    def run(self) -> list[Contradiction]:
        for r in self.reversed_ranges:
            self._add(
                (self.index[id(r.first)], self.index[id(r.last)]),
                "reversed_range",
                f"the range {r.first.text} to {r.last.text} ends before it starts (reversed range)",
            )
        self._lifecycle()
        self._order()
        self._ages()
        self._durations()
        return self.found

    def _add(self, claims: tuple[int, ...], rule: str, explanation: str) -> None:
        self.found.append(Contradiction(tuple(sorted(set(claims))), rule, explanation))

    # --- events and the dates they attach to -------------------------------------------------

    def _sentence_of(self, position: int) -> int:
        return sentence_index(self.spans, position)

    def _attach_events(self) -> list[_Event]:
        words = list(EVENT_WORDS.finditer(self.text))
        word_starts = [w.start() for w in words]
        events = []
        for n, word in enumerate(words):
            claim = self._forward(word, word_starts[n + 1] if n + 1 < len(words) else len(self.text))
            if claim is not None:
                c = self.claims[claim]
                events.append(_Event(word_key(word.group(0)), word.start(), word.end(), claim, self.text[word.start() : c.end]))
                continue
            claim = self._backward(word, words[n - 1].end() if n else 0)
            if claim is not None:
                c = self.claims[claim]
                events.append(_Event(word_key(word.group(0)), word.start(), word.end(), claim, f"{word.group(0)} ({c.text})"))
        return events

    def _forward(self, word: re.Match[str], next_word: int) -> int | None:
        k = bisect_left(self.time_starts, word.end())
        if k == len(self.times):
            return None
        i = self.times[k]
        claim = self.claims[i]
        if claim.start - word.end() > _ATTACH_REACH or claim.start >= next_word:
            return None
        if self._sentence_of(word.start()) != self.sentence[i] or _ATTACH_GAP_BREAK.search(self.text[word.end() : claim.start]):
            return None
        if ORDER_WORDS.search(self.text[word.end() : claim.start]):
            return None
        return self._range_start(i)

    def _backward(self, word: re.Match[str], previous_word: int) -> int | None:
        k = bisect_right(self.time_starts, word.start())
        if not k:
            return None
        i = self.times[k - 1]
        claim = self.claims[i]
        sentence = self._sentence_of(word.start())
        if self.sentence[i] != sentence or claim.end > word.start() or word.start() - claim.end > _BACK_REACH:
            return None
        if claim.start < previous_word or not _CLAUSE_OPENING.search(self._before(sentence, claim.start)):
            return None
        between = self.text[claim.end : word.start()]
        if re.search(r"[;:()]", between) or ORDER_WORDS.search(between) or _NEW_SUBJECT.search(between):
            return None
        return self._range_start(i)

    def _before(self, sentence: int, position: int) -> str:
        """The words of ``sentence`` before ``position``, at most ``_WINDOW`` characters of them; a
        cut window starts with "…" so that a rule anchored at the sentence start does not match it."""
        start = self.spans[sentence][0]
        if position - start <= _WINDOW:
            return self.text[start:position]
        return "… " + self.text[position - _WINDOW : position]

    def _range_start(self, i: int) -> int:
        """An event attaches to a range by its start ("served from 2008 to 2012")."""
        r = self.range_of.get(id(self.claims[i]))
        return self.index[id(r.first)] if r is not None else i

    def _span(self, event: _Event) -> Bounds:
        """Where the event's date can lie: the claim, or the whole range it starts."""
        claim = self.claims[event.claim]
        r = self.range_of.get(id(claim))
        if r is not None:
            return Bounds(r.first.bounds.lo, r.last.bounds.hi)
        return claim.bounds

    def _related(self, a: _Event, b: _Event) -> bool:
        """Two events of one subject: same sentence (no new possessive subject between), or adjacent sentences with one subject."""
        first, second = (a, b) if a.start < b.start else (b, a)
        s1, s2 = self._sentence_of(first.start), self._sentence_of(second.start)
        if s1 == s2:
            between = self.text[first.end : second.start]
            # "Founded in 1990, the company was dissolved ...": an opening participle is the subject's
            participle = not self._before(s1, first.start).strip()
            if (_NEW_SUBJECT.search(between) and not participle) or _OWN_ORDER.search(between):
                return False
            # "He married Jane, who was born in 1960, and died ...": the relative clause is Jane's (but
            # in "The company, which was founded in 1990, ..." it is the subject's own)
            window = self._before(s1, first.start)
            relative = _RELATIVE_CLAUSE.search(window)
            if not (relative and "," in between):
                return True
            subject = self.text[self.spans[s1][0] : first.start - len(window) + relative.start()]
            return len(subject) <= _WINDOW and is_subject_only(subject)
        if s2 - s1 != 1:
            return False
        return same_subject(self.text[slice(*self.spans[s1])], self.text[slice(*self.spans[s2])])

    # --- rules -------------------------------------------------------------------------------

    def _lifecycle(self) -> None:
        openers: dict[str, list[_Event]] = {}
        for e in self.events:
            if not closes(e.word):
                for pair in PAIRS_OF[e.word]:
                    openers.setdefault(pair.kind, []).append(e)
        starts = {kind: [e.start for e in found] for kind, found in openers.items()}
        for close in self.events:
            if not closes(close.word):
                continue
            for pair in PAIRS_OF[close.word]:
                opening = self._opening_of(close, openers.get(pair.kind, []), starts.get(pair.kind, []))
                if opening is not None and certainly_before(self._span(close), self._span(opening)):
                    self._add(
                        (opening.claim, close.claim),
                        "lifecycle",
                        f"'{close.phrase}' is before '{opening.phrase}' ({opening.word} → {close.word})",
                    )
                    break

    def _opening_of(self, close: _Event, openers: list[_Event], starts: list[int]) -> _Event | None:
        """The nearest opening event before ``close`` and related to it (this or the previous sentence).

        An opening written after the closing is left alone: prose tells a restart that way ("was
        abolished in 1963 and re-established in 1965", "resigned ..., and was appointed ...").
        """
        sentence = self._sentence_of(close.start)
        k = bisect_left(starts, close.start)
        for e in reversed(openers[max(0, k - 8) : k]):
            if self._sentence_of(e.start) < sentence - 1:
                break
            if e.claim != close.claim and self._related(e, close):
                return e
        return None

    def _order(self) -> None:
        head_of: dict[int, int] = {}  # object of an order word -> the date the relation started from
        # an order is checked between stated dates ("the fall of the Berlin Wall" is no season)
        stated = [i for i in self.times if _DIGIT.search(self.claims[i].text)]
        for a, b in zip(stated, stated[1:]):
            first, second = self.claims[a], self.claims[b]
            if self.sentence[a] != self.sentence[b] or second.start < first.end:
                continue
            r = self.range_of.get(id(first))
            if r is not None and r.last is second:
                continue  # the two ends of one range
            between = self.text[first.end : second.start]
            cue = ORDER_WORDS.search(between)
            if cue is None or CLAUSE_BREAK.search(between[cue.end() :]) or _REFERS_BACK.match(between, cue.end()):
                continue
            gap = self._gap(first.end, first.end + cue.start())
            lead = between[: cue.start()] if gap is None else between[: gap.start - first.end]
            if _COORDINATED.match(lead) and a in head_of:
                # "in 1999, ten years after X in 1989 and five years after Y in 1993": from the head date
                a, first = head_of[a], self.claims[head_of[a]]
            elif not _LOCATING.search(self._before(self.sentence[a], first.start)):
                continue
            elif CLAUSE_BREAK.search(lead.replace(",", "", 1) if lead.rstrip().endswith(",") else lead) or re.search(r"[–—-]", lead):
                continue
            head_of[b] = a
            self._check_order(a, b, " ".join(cue.group(0).lower().split()), gap)

    def _check_order(self, a: int, b: int, word: str, gap: Duration | None) -> None:
        """``claims[a]`` <order word> ``claims[b]``, with the gap stated before the word if any."""
        first, second = self.claims[a], self.claims[b]
        later, earlier = (first, second) if ORDER_DIRECTION[word] == "after" else (second, first)
        if certainly_before(later.bounds, earlier.bounds):
            relation = "earlier" if later is first else "later"
            self._add((a, b), "order", f"{first.text} is {relation} than {second.text}, yet the answer says '{word}' (order)")
        elif gap is not None and gap.bound == "exact" and later.bounds.precision == earlier.bounds.precision == 1:
            implied = later.bounds.lo[0] - earlier.bounds.hi[0]
            if abs(implied - gap.in_unit("year")) > TOLERANCE_YEARS:
                self._add(
                    (a, b, self.index_of_duration(gap)),
                    "order",
                    f"'{gap.text} {word}', but {later.text} - {earlier.text} is {format_amount(implied, 'year')} (order gap)",
                )

    def _gap(self, start: int, cue_start: int) -> Duration | None:
        """A duration written right before an order word ("five years after")."""
        k = bisect_right(self.duration_ends, cue_start)  # the last duration ending before the cue
        if not k:
            return None
        d = self.by_end[k - 1]
        if start <= d.start and not d.is_age and not self.text[d.end : cue_start].strip():
            return d
        return None

    def index_of_duration(self, d: Duration) -> int:
        return self.index_of_span[(d.start, d.end)]

    def _ages(self) -> None:
        origins = [e for e in self.events if e.word in AGE_ORIGINS]
        origin_claims = {e.claim for e in origins}
        origin_starts = [e.start for e in origins]
        for i, claim in enumerate(self.claims):
            if claim.kind != "age":
                continue
            age = self.durations[(claim.start, claim.end)]
            at = self._age_at(i, origin_claims)
            if at is None:
                continue
            # "aged 30", "at the age of 30" are a person's age: counted from a birth only
            words = AGE_ORIGINS if claim.text.lower().endswith("old") else PERSON_AGE_ORIGINS
            k = bisect_left(origin_starts, claim.start)
            nearby = origins[max(0, k - _NEAREST) : k + _NEAREST]
            related = [e for e in nearby if e.word in words and e.claim != at and self._age_related(e, claim)]
            if not related:
                continue
            before = [e for e in related if e.start < claim.start]
            origin = before[-1] if before else related[0]
            low, high = years_between(self._span(origin), self.claims[at].bounds)
            stated = age.in_unit("year")
            # "aged 30" holds from the 30th birthday to the day before the 31st; between years
            # stated loosely ("in its 21st year"), one more year is allowed
            slack = 1 if min(self._span(origin).precision, self.claims[at].bounds.precision) == 3 else 1 + TOLERANCE_YEARS
            wrong = {"exact": stated < low or stated >= high + slack, "at_least": stated >= high + slack,
                     "at_most": stated < low, "about": stated < low - 2 or stated > high + 2}[age.bound]
            if wrong:
                at_claim, origin_claim = self.claims[at], self.claims[origin.claim]
                implied = at_claim.bounds.lo[0] - origin_claim.bounds.lo[0]
                self._add(
                    (origin.claim, i, at),
                    "age",
                    f"'{claim.text}' in {at_claim.text}, but {at_claim.bounds.lo[0]} - {origin_claim.bounds.lo[0]} is "
                    f"{format_amount(implied, 'year')} (age since {origin.word})",
                )

    def _age_at(self, i: int, origin_claims: set[int]) -> int | None:
        """The date an age is stated at: the nearest other date of its sentence (a few on each side)."""
        claim = self.claims[i]
        times = self.times_in.get(self.sentence[i], [])
        k = bisect_left(times, i)
        best = None
        for j in times[max(0, k - _NEAREST) : k + _NEAREST]:
            other = self.claims[j]
            if j in origin_claims or other.bounds is None:
                continue
            distance = other.start - claim.end if other.start >= claim.end else claim.start - other.end
            if distance <= _AGE_AT_REACH and (best is None or distance < best[0]):
                best = (distance, j)
        return None if best is None else best[1]

    def _age_related(self, origin: _Event, age: DatedClaim) -> bool:
        s1, s2 = self._sentence_of(origin.start), self._sentence_of(age.start)
        if s1 == s2:
            first_end, second_start = (origin.end, age.start) if origin.start < age.start else (age.end, origin.start)
            return not _NEW_SUBJECT.search(self.text[first_end:second_start])
        return s2 - s1 == 1 and same_subject(self.text[slice(*self.spans[s1])], self.text[slice(*self.spans[s2])])

    def _durations(self) -> None:
        for i, claim in enumerate(self.claims):
            if claim.kind != "duration":
                continue
            d = self.durations[(claim.start, claim.end)]
            if _GAP_AFTER.match(self.text, d.end) or _GAP_BEFORE.search(self.text[max(0, d.start - 30) : d.start]):
                continue
            in_sentence = self.ranges_in.get(self.sentence[i], [])
            k = bisect_left([r.start for r in in_sentence], d.start) if len(in_sentence) > 2 * _NEAREST else 0
            for r in in_sentence[max(0, k - 1) : k + 1] if len(in_sentence) > 2 * _NEAREST else in_sentence:
                if not self._measures(d, r):
                    continue
                shortest, longest = span_years(r.first.bounds, r.last.bounds)
                stated = d.years
                slack = UNIT_IN_YEARS[d.unit] / 2
                low, high = shortest - slack, longest + slack
                if d.bound == "about":
                    low, high = low * 9 / 10, high * 11 / 10
                wrong = {"exact": not low <= stated <= high, "at_least": stated > high,
                         "at_most": stated < low, "about": not low <= stated <= high}[d.bound]
                if wrong:
                    length = r.last.bounds.lo[0] - r.first.bounds.lo[0]
                    self._add(
                        (i, self.index[id(r.first)], self.index[id(r.last)]),
                        "duration",
                        f"{d.text}, but {r.text} is {format_amount(length, 'year')} (duration)",
                    )

    def _measures(self, d: Duration, r: _Range) -> bool:
        """Is the range written right next to the duration, as the span it measures?"""
        if d.end <= r.start:
            between = self.text[d.end : r.start]
            attributive = re.match(r"^-?\s*[a-z]+\s*", between) if d.text.split()[-1:] and "-" in d.text else None
            if attributive and _NEXT_TO.match(between[attributive.end() :]):
                return True
            return bool(_NEXT_TO.match(between))
        # after its range, a duration follows a comma or says so: "from 1999 to 2007, eight years in
        # all", "from 1939 to 1945, lasting six years" ("1982–83 (60 years and 219 days)" is someone's age)
        return r.end <= d.start and bool(_MEASURED_AFTER.match(self.text[r.end : d.start]))
