"""An answer's timeline as rules read it: stated durations, dated claims and their contradictions, events.

Plain values in, plain values out (no ragas).

>>> from ragas_temporal.timeline import parse_duration
>>> parse_duration("about three years").years
Fraction(3, 1)
"""

from ragas_temporal.timeline.coherence import Contradiction, DatedClaim, Timeline, read_timeline
from ragas_temporal.timeline.durations import Duration, format_amount, parse_duration, parse_durations
from ragas_temporal.timeline.events import EventPlacement, event_times, locate_events, parse_gold_events

__all__ = [
    "Duration",
    "parse_durations",
    "parse_duration",
    "format_amount",
    "DatedClaim",
    "Contradiction",
    "Timeline",
    "read_timeline",
    "EventPlacement",
    "parse_gold_events",
    "locate_events",
    "event_times",
]
