"""The offline judge's replies to the timeline prompts: the timeline rules' evidence, as JSON a judge would send.

Like the rest of the offline judge this is a stand-in for trying the ``llm`` modes without a key:
it answers from the same rules as the ``focus_time`` modes (:mod:`ragas_temporal.timeline`), so
the two modes agree offline. A real model also reads free text the rules miss.

>>> timeline_reply({"answer": "She was born in 1950 and died in 1940."})["contradictions"]
[{'claims': [1, 2], 'reason': "'died in 1940' is before 'born in 1950' (born → died)"}]
>>> stated_durations_reply({"topic": "How long?", "answer": "It took 18 months."})
{'durations': [{'quote': '18 months', 'amount': 18.0, 'unit': 'months'}]}
"""

from __future__ import annotations

import datetime as dt
import typing as t

from ragas_temporal.timeline.prompts import DURATION_UNITS
from ragas_temporal.timeline import locate_events, parse_durations, read_timeline
from ragas_temporal.timeline.vocabulary import unit_of

__all__ = ["timeline_reply", "event_locations_reply", "stated_durations_reply", "PLURAL_UNITS"]

#: A unit as the duration prompt spells it ("month" -> "months"), read from the prompt's units.
PLURAL_UNITS = {unit_of(plural): plural for plural in DURATION_UNITS}
_QUOTE_CHARS = 40


def _date(value: t.Any) -> dt.date | None:
    try:
        return dt.date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


def timeline_reply(data: dict) -> dict:
    """Dated claims and contradictions found by :func:`read_timeline`, numbered from 1."""
    timeline = read_timeline(data["answer"], _date(data.get("reference_date")))
    return {
        "claims": [{"claim": c.text, "time": c.text} for c in timeline.claims],
        "contradictions": [{"claims": [i + 1 for i in c.claims], "reason": c.explanation} for c in timeline.contradictions],
    }


def event_locations_reply(data: dict) -> dict:
    """Each event located by :func:`locate_events`: found, a quote from where it is, its year."""
    answer = data["answer"]
    placements = locate_events(answer, list(data["events"]), _date(data.get("reference_date")))
    out = []
    for number, place in enumerate(placements, start=1):
        if not place.found or place.position is None:
            out.append({"event": number, "found": False, "quote": "", "time": ""})
            continue
        quote = answer[place.position : place.position + _QUOTE_CHARS].strip()
        out.append({"event": number, "found": True, "quote": quote, "time": "" if place.year is None else str(place.year)})
    return {"events": out}


def stated_durations_reply(data: dict) -> dict:
    """The durations :func:`parse_durations` reads (ages left out), in text order."""
    durations = [d for d in parse_durations(data["answer"], _date(data.get("reference_date"))) if not d.is_age]
    return {"durations": [_stated(d) for d in durations]}


def _stated(d) -> dict:
    """A duration as the prompt's reply states it: hours and minutes (no unit of the prompt) in days."""
    if d.unit in PLURAL_UNITS:
        return {"quote": d.text, "amount": float(d.amount), "unit": PLURAL_UNITS[d.unit]}
    return {"quote": d.text, "amount": float(d.in_unit("day")), "unit": PLURAL_UNITS["day"]}
