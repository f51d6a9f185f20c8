"""The offline judge's answers to the timeline judges: the timeline rules' evidence, in the shape of a judge's reply.

A stand-in for trying the ``llm`` modes without a model (see :mod:`ragas_temporal.llm.offline`):
it answers from the same rules as the ``focus_time`` modes (:mod:`ragas_temporal.timeline`), so
the two modes agree offline. A real model also reads free text the rules miss.

>>> timeline_reply("She was born in 1950 and died in 1940.")["contradictions"]
[{'claims': [1, 2], 'reason': "'died in 1940' is before 'born in 1950' (born → died)"}]
>>> stated_durations_reply("It took 18 months.")
{'durations': [{'quote': '18 months', 'amount': 18.0, 'unit': 'months'}]}
"""

from __future__ import annotations

import typing as t

from ragas_temporal.llm.offline import as_date
from ragas_temporal.timeline.prompts import DURATION_UNITS
from ragas_temporal.timeline import locate_events, parse_durations, read_timeline
from ragas_temporal.timeline.vocabulary import unit_of

__all__ = ["timeline_reply", "event_locations_reply", "stated_durations_reply", "PLURAL_UNITS"]

#: A unit as the duration prompt spells it ("month" -> "months"), read from the prompt's units.
PLURAL_UNITS = {unit_of(plural): plural for plural in DURATION_UNITS}
_QUOTE_CHARS = 40


def timeline_reply(answer: str, reference_date: t.Any = None) -> dict:
    """Dated claims and contradictions found by :func:`read_timeline`, numbered from 1."""
    timeline = read_timeline(answer, as_date(reference_date))
    return {
        "claims": [{"claim": c.text, "time": c.text} for c in timeline.claims],
        "contradictions": [{"claims": [i + 1 for i in c.claims], "reason": c.explanation} for c in timeline.contradictions],
    }


def event_locations_reply(answer: str, events: t.Sequence[str], reference_date: t.Any = None) -> dict:
    """Each event located by :func:`locate_events`: found, a quote from where it is, its year."""
    placements = locate_events(answer, list(events), as_date(reference_date))
    out = []
    for number, place in enumerate(placements, start=1):
        if not place.found or place.position is None:
            out.append({"event": number, "found": False, "quote": "", "time": ""})
            continue
        quote = answer[place.position : place.position + _QUOTE_CHARS].strip()
        out.append({"event": number, "found": True, "quote": quote, "time": "" if place.year is None else str(place.year)})
    return {"events": out}


def stated_durations_reply(answer: str, reference_date: t.Any = None) -> dict:
    """The durations :func:`parse_durations` reads (ages left out), in text order."""
    durations = [d for d in parse_durations(answer, as_date(reference_date)) if not d.is_age]
    return {"durations": [_stated(d) for d in durations]}


def _stated(d) -> dict:
    """A duration as the prompt's reply states it: hours and minutes (no unit of the prompt) in days."""
    if d.unit in PLURAL_UNITS:
        return {"quote": d.text, "amount": float(d.amount), "unit": PLURAL_UNITS[d.unit]}
    return {"quote": d.text, "amount": float(d.in_unit("day")), "unit": PLURAL_UNITS["day"]}
