"""An answer's timeline as rules read it: stated durations, dated claims and their contradictions, events.

Plain values in, plain values out (no ragas): the metrics turn what these functions find into the
inputs of :mod:`ragas_temporal.scores`, and the offline judge uses them to answer the timeline
prompts. Number words come from the extractor's rule table, through :mod:`.vocabulary` only.

- :mod:`.durations`: "three years", "a decade", "18 months", "from 2001 to 2004";
- :mod:`.coherence`: dated claims and the rule-found contradictions between them (the claims in
  :mod:`.dated_claims`, the rules in :mod:`.rules`, what they read in :mod:`.evidence`);
- :mod:`.events`: gold events from a ``reference`` and where an answer places them.

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
