"""Gold events from a ``reference`` and where an answer places them.

A gold order is written one event per line (bullets and numbering are dropped) or as a JSON list
of strings, earliest first. An event is **found** in the answer when at least half of its content
words (stopwords and words under three letters left out; words compared by their first five
letters, so "collapse" finds "collapsed") occur in one sentence, including one of its name words
if it has any (a capitalised word after the first, an acronym, a number: "ISS" in "Launch of the
ISS", so that "Sputnik was launched" does not find it); the sentence with the largest share wins,
the earliest on a tie. Its **time** is the year of the temporal mention nearest to
the matched words in that sentence (the first year of a period), and its **position** the offset
of its first matched word; words the event shares with other gold events ("Lehman" in "Lehman
founded" and "Lehman failed") are left out of both when it has words of its own.

:func:`event_times` turns placements into what the order is scored on: the stated years when
every found event has one, else the order in which the answer mentions the events (a year next
to only some events cannot be compared with the position of the others).

>>> answer = "Sputnik launched in 1957. Apollo 11 landed on the Moon in 1969."
>>> places = locate_events(answer, ["Apollo 11 Moon landing", "Sputnik launch", "Fall of the Berlin Wall"])
>>> [(p.event, p.year) for p in places if p.found]
[('Apollo 11 Moon landing', 1969), ('Sputnik launch', 1957)]
>>> event_times(places)
({'Apollo 11 Moon landing': 1969, 'Sputnik launch': 1957}, 'stated years')
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections import Counter
from dataclasses import dataclass

from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.timeline.sentences import sentence_index, sentence_spans
from ragas_temporal.timeline.vocabulary import EVENT_STOPWORDS

__all__ = ["EventPlacement", "parse_gold_events", "locate_events", "event_times", "MAX_EVENTS"]

#: More gold events than this are refused (the order is compared pair by pair).
MAX_EVENTS = 200
_STEM = 5
_MIN_SHARE = 0.5
_WORD = re.compile(r"[^\W_]+")
_BULLET = re.compile(r"^\s*(?:[-*•·]|\(?\d{1,3}[.):]|[a-zA-Z][.)])\s+")


@dataclass(frozen=True)
class EventPlacement:
    """Where the answer mentions one gold event: ``position`` (offset) and ``year``, or not found."""

    event: str
    found: bool
    position: int | None = None
    year: int | None = None


def parse_gold_events(reference: str) -> list[str]:
    """The gold events of a ``reference``, earliest first.

    Raises ``ValueError`` naming the fix when the reference is not a JSON list of strings (when it
    starts with ``[``), lists an event twice, or holds more than ``MAX_EVENTS`` events.

    >>> parse_gold_events("1. Sputnik launch\\n2. Moon landing\\n")
    ['Sputnik launch', 'Moon landing']
    >>> parse_gold_events('["Sputnik launch", "Moon landing"]')
    ['Sputnik launch', 'Moon landing']
    """
    text = reference.strip()
    if text.startswith("["):
        try:
            items = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"reference looks like a JSON list but does not parse ({exc.msg}); give one event per line or a JSON list of strings") from None
        except RecursionError:  # nested too deeply to be a list of events
            raise ValueError("reference is a JSON list nested too deeply; give one event per line or a flat JSON list of strings") from None
        if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
            raise ValueError("reference must be a JSON list of strings (events, earliest first)")
        events = [" ".join(item.split()) for item in items]
    else:
        events = [_BULLET.sub("", line).strip() for line in text.splitlines()]
    events = [e for e in events if e]
    if len(events) > MAX_EVENTS:
        raise ValueError(f"reference lists {len(events)} events; at most {MAX_EVENTS} can be ordered")
    seen: set[str] = set()
    for event in events:
        key = event.lower()
        if key in seen:
            raise ValueError(f"reference lists the event {event!r} twice; list each event once")
        seen.add(key)
    return events


def _stems(text: str) -> list[tuple[str, int]]:
    """(stem, offset) of each content word."""
    return [
        (m.group(0).lower()[:_STEM], m.start())
        for m in _WORD.finditer(text)
        if len(m.group(0)) >= 3 and m.group(0).lower() not in EVENT_STOPWORDS
    ]


def _name_stems(event: str) -> set[str]:
    """Stems of the words that name this event in particular (see the module docstring)."""
    names = set()
    for k, m in enumerate(_WORD.finditer(event)):
        word = m.group(0)
        if len(word) < 3 or word.lower() in EVENT_STOPWORDS:
            continue
        if word.isdigit() or (word.isupper() and len(word) > 1) or (k > 0 and word[0].isupper()):
            names.add(word.lower()[:_STEM])
    return names


def locate_events(answer: str, events: list[str], reference_date: dt.date | None = None) -> list[EventPlacement]:
    """Place each gold event in ``answer`` (module docstring); one placement per event, in gold order."""
    spans = sentence_spans(answer)
    words = _stems(answer)
    by_sentence: list[dict[str, int]] = [{} for _ in spans]
    for stem, offset in words:
        if spans:
            by_sentence[sentence_index(spans, offset)].setdefault(stem, offset)
    mentions = [m for m in extract_focus_time(answer, reference_date).mentions if m.years]
    event_stems = [{stem for stem, _ in _stems(event)} for event in events]
    shared = Counter(stem for stems in event_stems for stem in stems)
    placements = []
    for event, wanted in zip(events, event_stems):
        names = _name_stems(event)
        best: tuple[float, int] | None = None
        for k, present in enumerate(by_sentence):
            share = len(wanted & present.keys()) / len(wanted) if wanted else 0.0
            if names and names.isdisjoint(present):
                continue
            if share >= _MIN_SHARE and (best is None or share > best[0]):
                best = (share, k)
        if best is None:
            placements.append(EventPlacement(event, False))
            continue
        present = by_sentence[best[1]]
        # where the event is: its own words ("failed"), not those it shares with other events ("Lehman")
        own = [present[stem] for stem in wanted if stem in present and shared[stem] == 1]
        offsets = own or [present[stem] for stem in wanted if stem in present]
        first, last = min(offsets), max(offsets)
        start, end = spans[best[1]]
        near = [m for m in mentions if start <= m.start < end]
        year = None
        if near:
            nearest = min(near, key=lambda m: max(m.start - last, first - m.end, 0))
            year = min(nearest.years)
        placements.append(EventPlacement(event, True, first, year))
    return placements


def event_times(placements: list[EventPlacement]) -> tuple[dict[str, int], str]:
    """Found event -> time: its year when every found event has one, else its position; and which."""
    found = [p for p in placements if p.found]
    if found and all(p.year is not None for p in found):
        return {p.event: p.year for p in found}, "stated years"  # type: ignore[misc]
    return {p.event: p.position for p in found}, "order of mention"  # type: ignore[misc]
