"""Timeline metrics: is the answer's own timeline possible, are events in the gold order, durations right?

Each has a rule mode (``"focus_time"``, the default: no LLM) and an ``"llm"`` mode in which a judge
lists evidence (claims and contradictions, event locations, stated durations) in one call and the
score is computed from it (:mod:`ragas_temporal.metrics.timeline_judged`).

>>> import asyncio
>>> from ragas_temporal.metrics import TemporalCoherence
>>> asyncio.run(TemporalCoherence().ascore(response="She was born in 1950 and died in 1940.")).value
0.0
"""

from __future__ import annotations

import math
import typing as t
from dataclasses import dataclass, field

from ragas.prompt import PydanticPrompt

from ragas_temporal.metrics.answer_scorers import CoherenceByRules, DurationByRules, EventOrderByRules
from ragas_temporal.metrics.base import ScorerFactory
from ragas_temporal.metrics.judged import MetricWithJudge
from ragas_temporal.metrics.timeline_judged import CoherenceByJudge, DurationByJudge, EventOrderByJudge
from ragas_temporal.prompts import EventLocationPrompt, StatedDurationPrompt, TimelineClaimsPrompt

__all__ = ["TemporalCoherence", "EventOrderAccuracy", "DurationAccuracy"]


@dataclass
class TemporalCoherence(MetricWithJudge):
    """Is the answer's own timeline possible? ``1 − contradicting claims / dated claims``.

    focus_time mode: the rules of :mod:`ragas_temporal.timeline.coherence` list the dated claims
    (temporal mentions with years, both ends of a range, stated durations and ages) and find what
    rules can: a range that ends before it starts; a closing event dated before its opening one
    (pairs from the lexicon ``timeline/lifecycle.json``: founded → dissolved, born → died, joined →
    left ...), compared at the finest precision both dates state; an event said to follow another
    that is dated earlier, or a stated gap ("five years after") the dates do not give; an age or a
    duration that its own event's dates contradict. Events are related within one sentence or
    adjacent sentences with one subject. A single range is a timeline (forward 1, reversed 0). llm mode: the judge lists
    the dated claims and the groups that contradict each other (one call; none when the answer has
    no temporal expression). Outside knowledge plays no part: a coherent timeline can still be
    wrong (that is faithfulness's job). ``NaN`` with fewer than two dated claims ("nothing to
    compare").

    Columns: ``response``.

    Parameters
    ----------
    mode : {"focus_time", "llm"}
    reference_date : None, date, ISO str or callable(sample) -> date | str | None
        Places relative times ("last year") so they count as dated claims.
    timeline_prompt : PydanticPrompt, default TimelineClaimsPrompt()
    llm_timeout, fix_retries : see :class:`~ragas_temporal.metrics.judged.MetricWithJudge`
    name : str, default "temporal_coherence"

    Examples
    --------
    >>> import asyncio
    >>> r = asyncio.run(TemporalCoherence().ascore(
    ...     response="The firm was founded in 1990 and was 40 years old in 2010."))
    >>> r.value, r.reason
    (0.0, "3 of 3 dated claims contradict another: '40 years old' in 2010, but 2010 - 1990 is 20 years (age since founded)")
    """

    timeline_prompt: PydanticPrompt = field(default_factory=TimelineClaimsPrompt)

    _base_name: t.ClassVar[str] = "temporal_coherence"
    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {
        "focus_time": lambda metric: CoherenceByRules(),
        "llm": lambda metric: CoherenceByJudge(metric),
    }


@dataclass
class EventOrderAccuracy(MetricWithJudge):
    """Does the answer put the gold events in the gold order? Kendall tau-b rescaled to [0, 1].

    The gold order is the sample's ``reference``: one event per line (bullets and numbers are
    dropped) or a JSON list of strings, earliest first. focus_time mode places each gold event in
    the answer by word overlap (:mod:`ragas_temporal.timeline.events`) and gives it the year stated
    next to it, or, when not every found event has a year, its order of mention. llm mode asks the
    judge to locate each event and give its stated time (one call). Score ``(tau_b + 1) / 2`` over
    the events found; the share found is in the reason. **Ties**: events given the same year are
    tied; tau-b counts a tied pair as neither concordant nor discordant and shrinks its
    denominator. ``NaN`` when fewer than two events are found or all found events are tied.

    Columns: ``response``, ``reference``.

    Parameters
    ----------
    mode : {"focus_time", "llm"}
    events_prompt : PydanticPrompt, default EventLocationPrompt()
    llm_timeout, fix_retries : see :class:`~ragas_temporal.metrics.judged.MetricWithJudge`
    name : str, default "event_order_accuracy"

    Examples
    --------
    >>> import asyncio
    >>> r = asyncio.run(EventOrderAccuracy().ascore(
    ...     response="Apollo 11 landed on the Moon in 1969; Sputnik was launched in 1957.",
    ...     reference="Sputnik launch\\nApollo 11 Moon landing"))
    >>> r.value, r.reason
    (1.0, 'found 2 of 2 gold events; Kendall tau-b 1 over 1 concordant, 0 discordant pairs (placed by stated years)')
    """

    events_prompt: PydanticPrompt = field(default_factory=EventLocationPrompt)

    _base_name: t.ClassVar[str] = "event_order_accuracy"
    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {
        "focus_time": lambda metric: EventOrderByRules(),
        "llm": lambda metric: EventOrderByJudge(metric),
    }


@dataclass
class DurationAccuracy(MetricWithJudge):
    """Is the stated duration right? ``1 − |error| / gold``, clipped at 0.

    The gold duration is the sample's ``reference`` ("3 years", "18 months", "7.5 hours", "a
    decade", "1914-1918": a range of years lasts end − start). focus_time mode reads the answer's
    first stated duration by rules ("three years", "a year and a half", "7 hours and 30 minutes",
    "from 2001 to 2004", "an 18-month"; ages such as "40 years old", points in time such as "three
    years ago", rates and event names such as "the Hundred Years' War" are not durations), with
    exact unit arithmetic ("six weeks" against "42 days" is exactly 1); llm
    mode asks the judge for the durations the answer states for the question, main one first (one
    call), for free text the rules cannot read. The reason shows both durations in the gold's unit
    (decades and centuries as years). ``NaN`` when the reference gives no duration or the answer
    states none.

    Columns: ``response``, ``reference`` (llm mode also ``user_input``: what the duration is of).

    Parameters
    ----------
    mode : {"focus_time", "llm"}
    tolerance_years : float, default 0.0
        Absolute error (in years) that still counts as exact.
    durations_prompt : PydanticPrompt, default StatedDurationPrompt()
    llm_timeout, fix_retries : see :class:`~ragas_temporal.metrics.judged.MetricWithJudge`
    name : str, default "duration_accuracy"

    Examples
    --------
    >>> import asyncio
    >>> r = asyncio.run(DurationAccuracy().ascore(response="The war lasted a decade.", reference="8 years"))
    >>> r.value, r.reason
    (0.75, 'predicted 10 years for a gold duration of 8 years: off by 2 (answer: a decade)')
    """

    tolerance_years: float = 0.0
    durations_prompt: PydanticPrompt = field(default_factory=StatedDurationPrompt)

    _base_name: t.ClassVar[str] = "duration_accuracy"
    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {
        "focus_time": lambda metric: DurationByRules(metric.tolerance_years),
        "llm": lambda metric: DurationByJudge(metric),
    }

    def _validate_params(self) -> None:
        tolerance = self.tolerance_years
        if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or not math.isfinite(tolerance) or tolerance < 0:
            raise ValueError(f"DurationAccuracy: tolerance_years must be a finite number >= 0, got {tolerance!r}")
        super()._validate_params()
