"""What every coherence rule reads, built once per answer: sentences, time claims, ranges and events.

An **event** is an event word of the lexicon (:mod:`.lifecycle`) attached to a time claim: the date
right after it in its clause ("founded in 1990"), or a date that opens its clause ("In 2015,
construction began"). An event attaches to a range by its start ("served from 2008 to 2012").
Two events are **related** (one subject's) in one sentence unless a new subject or an order word
comes between them, or in adjacent sentences with the same subject.

>>> evidence = Evidence.read("Ada was born in 1815. In 1835, she married. She died in 1810.")
>>> evidence.sentence, evidence.times
([0, 1, 2], [0, 1, 2])
>>> [(e.word, e.claim, e.phrase) for e in evidence.events]
[('born', 0, 'born in 1815'), ('married', 1, 'married (1835)'), ('died', 2, 'died in 1810')]
>>> born, married, died = evidence.events
>>> evidence.related(born, married), evidence.related(married, died), evidence.related(born, died)
(True, True, False)
"""

from __future__ import annotations

import datetime as dt
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

from ragas_temporal.timeline.bounds import Bounds
from ragas_temporal.timeline.dated_claims import DatedClaim, Range, read_dated_claims
from ragas_temporal.timeline.durations import Duration
from ragas_temporal.timeline.lifecycle import EVENT_WORDS, ORDER_WORDS, word_key
from ragas_temporal.timeline.sentences import (
    is_subject_only,
    same_subject,
    sentence_index,
    sentence_spans,
)

__all__ = ["Event", "Evidence", "NEW_SUBJECT"]

# an event word attaches to a date starting within this many characters after it ...
_ATTACH_REACH = 40
# ... or to a date opening its clause, this far before it ("In 2015, construction of the bridge began")
_BACK_REACH = 60
# how far back in its sentence a rule reads the words before a claim or an event
_WINDOW = 120

# what may stand between an event word and the date it attaches to: no clause, no other date
_ATTACH_GAP_BREAK = re.compile(r"[;:()\[\]]|\b(?:and|but|while|whereas|which|who|when|after|before)\b", re.IGNORECASE)
# a date that opens its clause and locates the event after it: "In 2015, ...", "; on 2 May 1990 ..."
_CLAUSE_OPENING = re.compile(r"(?:^|[,;:(]\s*|\b(?:and|but)\s+)(?:in|on|during|by)\s+(?:the\s+)?$", re.IGNORECASE)
# inside a sentence, a new subject starts another person's or thing's events: a possessive one ("and
# his father died"), or a clause with its own subject and verb (", while the prototype was completed")
NEW_SUBJECT = re.compile(
    r"(?:[,;]|\b(?:and|but|while|whereas|when)\b)\s+(?:(?:his|her|their|its|whose)\s+\w+|"
    r"(?:the|a|an|this|that)\s+(?:\w+\s+){0,3}?(?:was|were|is|are|had|has)\b)|\bwhose\b",
    re.IGNORECASE,
)
_RELATIVE_CLAUSE = re.compile(r",\s*(?:who|which|whom)\b[^,;]*$", re.IGNORECASE)
# between two events, words that state their order themselves ("appointed in 2005, having left
# the ministry in 2003", "joined X after he left Y"): no lifecycle relation is read across them
_OWN_ORDER = re.compile(r"\b(?:having|previously|formerly|earlier|before|after|since|following|prior)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Event:
    """An event word and the time claim (an index into the claims) it attaches to."""

    word: str
    start: int
    end: int
    claim: int
    phrase: str


@dataclass(frozen=True)
class Evidence:
    """One answer's claims (in text order), ranges and durations, and the indexes the rules share.

    ``sentence[i]`` is claim ``i``'s sentence, ``times`` the indices of the time claims,
    ``index`` a claim object's index (by identity), ``range_of`` the range a claim object ends.
    """

    text: str
    claims: list[DatedClaim]
    ranges: list[Range]
    reversed_ranges: list[Range]
    durations: dict[tuple[int, int], Duration]
    spans: list[tuple[int, int]] = field(init=False, repr=False)
    sentence: list[int] = field(init=False, repr=False)
    index: dict[int, int] = field(init=False, repr=False)
    times: list[int] = field(init=False, repr=False)
    time_starts: list[int] = field(init=False, repr=False)
    range_of: dict[int, Range] = field(init=False, repr=False)
    events: list[Event] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        claims, spans = self.claims, sentence_spans(self.text)
        times = [i for i, c in enumerate(claims) if c.kind == "time"]
        derived = {
            "spans": spans,
            "sentence": [sentence_index(spans, c.start) for c in claims],
            "index": {id(c): i for i, c in enumerate(claims)},
            "times": times,
            "time_starts": [claims[i].start for i in times],
            "range_of": {id(r.first): r for r in self.ranges} | {id(r.last): r for r in self.ranges},
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "events", _attach_events(self))

    @classmethod
    def read(cls, text: str, reference_date: dt.date | None = None) -> Evidence:
        """The evidence of ``text``: its dated claims (:func:`.read_dated_claims`) and their indexes."""
        return cls(text, *read_dated_claims(text, reference_date))

    def sentence_of(self, position: int) -> int:
        return sentence_index(self.spans, position)

    def before(self, sentence: int, position: int) -> str:
        """The words of ``sentence`` before ``position``, at most ``_WINDOW`` characters of them; a
        cut window starts with "…" so that a rule anchored at the sentence start does not match it."""
        start = self.spans[sentence][0]
        if position - start <= _WINDOW:
            return self.text[start:position]
        return "… " + self.text[position - _WINDOW : position]

    def span(self, event: Event) -> Bounds:
        """Where the event's date can lie: the claim, or the whole range it starts."""
        claim = self.claims[event.claim]
        r = self.range_of.get(id(claim))
        if r is not None:
            return Bounds(r.first.bounds.lo, r.last.bounds.hi)
        return claim.bounds

    def one_subject(self, s1: int, s2: int) -> bool:
        """Are adjacent sentences ``s1`` and ``s2`` about one subject?"""
        return same_subject(self.text[slice(*self.spans[s1])], self.text[slice(*self.spans[s2])])

    def related(self, a: Event, b: Event) -> bool:
        """Two events of one subject: same sentence (no new possessive subject between), or adjacent sentences with one subject."""
        first, second = (a, b) if a.start < b.start else (b, a)
        s1, s2 = self.sentence_of(first.start), self.sentence_of(second.start)
        if s1 == s2:
            between = self.text[first.end : second.start]
            # "Founded in 1990, the company was dissolved ...": an opening participle is the subject's
            participle = not self.before(s1, first.start).strip()
            if (NEW_SUBJECT.search(between) and not participle) or _OWN_ORDER.search(between):
                return False
            # "He married Jane, who was born in 1960, and died ...": the relative clause is Jane's (but
            # in "The company, which was founded in 1990, ..." it is the subject's own)
            window = self.before(s1, first.start)
            relative = _RELATIVE_CLAUSE.search(window)
            if not (relative and "," in between):
                return True
            subject = self.text[self.spans[s1][0] : first.start - len(window) + relative.start()]
            return len(subject) <= _WINDOW and is_subject_only(subject)
        if s2 - s1 != 1:
            return False
        return self.one_subject(s1, s2)


def _attach_events(evidence: Evidence) -> list[Event]:
    text, claims = evidence.text, evidence.claims
    words = list(EVENT_WORDS.finditer(text))
    word_starts = [w.start() for w in words]
    events = []
    for n, word in enumerate(words):
        claim = _forward(evidence, word, word_starts[n + 1] if n + 1 < len(words) else len(text))
        if claim is not None:
            c = claims[claim]
            events.append(Event(word_key(word.group(0)), word.start(), word.end(), claim, text[word.start() : c.end]))
            continue
        claim = _backward(evidence, word, words[n - 1].end() if n else 0)
        if claim is not None:
            c = claims[claim]
            events.append(Event(word_key(word.group(0)), word.start(), word.end(), claim, f"{word.group(0)} ({c.text})"))
    return events


def _forward(evidence: Evidence, word: re.Match[str], next_word: int) -> int | None:
    """The time claim right after ``word`` in its clause, before the next event word."""
    k = bisect_left(evidence.time_starts, word.end())
    if k == len(evidence.times):
        return None
    i = evidence.times[k]
    claim = evidence.claims[i]
    if claim.start - word.end() > _ATTACH_REACH or claim.start >= next_word:
        return None
    gap = evidence.text[word.end() : claim.start]
    if evidence.sentence_of(word.start()) != evidence.sentence[i] or _ATTACH_GAP_BREAK.search(gap):
        return None
    if ORDER_WORDS.search(gap):
        return None
    return _range_start(evidence, i)


def _backward(evidence: Evidence, word: re.Match[str], previous_word: int) -> int | None:
    """The time claim opening ``word``'s clause, after the previous event word."""
    k = bisect_right(evidence.time_starts, word.start())
    if not k:
        return None
    i = evidence.times[k - 1]
    claim = evidence.claims[i]
    sentence = evidence.sentence_of(word.start())
    if evidence.sentence[i] != sentence or claim.end > word.start() or word.start() - claim.end > _BACK_REACH:
        return None
    if claim.start < previous_word or not _CLAUSE_OPENING.search(evidence.before(sentence, claim.start)):
        return None
    between = evidence.text[claim.end : word.start()]
    if re.search(r"[;:()]", between) or ORDER_WORDS.search(between) or NEW_SUBJECT.search(between):
        return None
    return _range_start(evidence, i)


def _range_start(evidence: Evidence, i: int) -> int:
    """An event attaches to a range by its start ("served from 2008 to 2012")."""
    r = evidence.range_of.get(id(evidence.claims[i]))
    return evidence.index[id(r.first)] if r is not None else i
