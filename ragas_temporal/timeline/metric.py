"""Timeline metrics: is the answer's own timeline possible, are events in the gold order, durations right?

Each has a rule mode (``"focus_time"``, the default: no LLM) and an ``"llm"`` mode in which a judge
lists evidence (claims and contradictions, event locations, stated durations) in one call and the
score is computed from it. One family, one home: the three metric classes, the scorers of their
rule modes (evidence from :mod:`ragas_temporal.timeline`) and of their llm modes (a judge lists the
evidence in one call; :func:`duration_score` and :func:`event_order_score` score both kinds of
evidence alike), the arithmetic in :mod:`ragas_temporal.timeline.coherence_score`.

LLM calls per sample: at most one. No call when the rules already know the answer cannot be
scored: an answer without any temporal expression or duration (coherence), a reference without two
gold events or a gold duration (the input is bad whatever the judge says). Faults (timeouts, bad
replies, claim numbers out of range) make that row NaN with the reason.

>>> import asyncio
>>> asyncio.run(TemporalCoherence().ascore(response="She was born in 1950 and died in 1940.")).value
0.0
>>> asyncio.run(DurationAccuracy().ascore(response="It lasted two years.", reference="18 months")).reason
'predicted 24 months for a gold duration of 18 months: off by 6 (answer: two years)'
"""

from __future__ import annotations

import math
import operator
import typing as t
from dataclasses import dataclass, field

from ragas.prompt import PydanticPrompt

from ragas_temporal import scores
from ragas_temporal.timeline import formula
from ragas_temporal.timeline.judge import judge_event_locations, judge_stated_durations, judge_timeline
from ragas_temporal.adapter.base import Case, Failed, Outcome, ScorerFactory
from ragas_temporal.adapter.judged import JudgedMetric, MetricWithJudge, judge_call
from ragas_temporal.adapter.parameters import Constraint, finite_non_negative
from ragas_temporal.timeline.prompts import EventLocationPrompt, StatedDurationPrompt, TimelineClaimsPrompt
from ragas_temporal.scores import Score
from ragas_temporal.timeline import (
    Duration,
    EventPlacement,
    event_times,
    locate_events,
    parse_duration,
    parse_durations,
    parse_gold_events,
    read_timeline,
)
from ragas_temporal.timeline.vocabulary import UNIT_IN_YEARS

__all__ = [
    "TemporalCoherence",
    "EventOrderAccuracy",
    "DurationAccuracy",
    "CoherenceByRules",
    "EventOrderByRules",
    "DurationByRules",
    "CoherenceByJudge",
    "EventOrderByJudge",
    "DurationByJudge",
    "gold_duration",
    "gold_events",
    "duration_score",
    "event_order_score",
]

NO_EXPRESSION = "answer has no temporal expression or duration: nothing to compare (no LLM call)"
NO_GOLD_DURATION = "reference gives no duration: write it as '3 years', '18 months' or '1914-1918'"


def gold_duration(case: Case) -> Duration | Failed:
    """The gold duration of the sample's ``reference``, or the input failure saying how to write it."""
    duration = parse_duration(case.sample.reference)
    return duration if duration is not None else Failed.input(NO_GOLD_DURATION)


def gold_events(case: Case) -> list[str] | Failed:
    """The gold events of the sample's ``reference`` (at least two), or the input failure saying why not."""
    try:
        events = parse_gold_events(case.sample.reference)
    except ValueError as exc:
        return Failed.input(str(exc))
    if len(events) < 2:
        return Failed.input(f"reference lists {len(events)} event(s); give at least two, one per line or as a JSON list")
    return events


def duration_score(gold: Duration, stated: t.Sequence[Duration], tolerance_years: float = 0.0) -> Score:
    """Score the answer's main (first) stated duration against the gold, both in the gold's unit."""
    if not stated:
        return scores.undefined("answer states no duration")
    main = stated[0]
    unit = gold.reporting_unit
    tolerance = tolerance_years / UNIT_IN_YEARS[unit]
    if not math.isfinite(main.in_unit(unit)):  # e.g. 1e307 centuries: no float holds it in years
        return scores.undefined(
            f"answer's duration ({scores.clip_copied(main.text)}) is too large to compare: not a finite number of {unit}s"
        )
    score = formula.duration_accuracy(main.in_unit(unit), gold.in_unit(unit), tolerance=tolerance, unit=unit + "s")
    # in llm mode the texts are the judge's quotes: copied text is bounded
    reason = f"{score.reason} (answer: {scores.clip_copied(main.text)})"
    if len(stated) > 1:
        reason += f"; also stated: {', '.join(scores.clip_copied(d.text) for d in stated[1:4])}"
    return Score(score.value, reason)


def event_order_score(placements: t.Sequence[EventPlacement], events: t.Sequence[str]) -> Score:
    """Kendall tau rescaled to [0, 1] over the gold events the answer places (years, else order of mention)."""
    placed = [p for p in placements if p.found and (p.year is not None or p.position is not None)]
    times, basis = event_times(placed)
    score = formula.event_order_accuracy(times, list(events))
    if len(times) < 2:
        return score
    return Score(score.value, f"{score.reason} (placed by {basis})")


@dataclass(frozen=True)
class CoherenceByRules:
    """1 − contradicting / dated claims, claims and contradictions found by :func:`read_timeline`."""

    columns: tuple[str, ...] = ("response",)
    calls_llm: bool = False

    async def score(self, case: Case) -> Outcome:
        return formula.timeline_coherence(*read_timeline(case.sample.response, case.reference_date).evidence())


@dataclass(frozen=True)
class EventOrderByRules:
    """Gold events placed by :func:`locate_events` (the year next to each, else the order of mention)."""

    columns: tuple[str, ...] = ("response", "reference")
    calls_llm: bool = False

    async def score(self, case: Case) -> Outcome:
        events = gold_events(case)
        if isinstance(events, Failed):
            return events
        return event_order_score(locate_events(case.sample.response, events, case.reference_date), events)


@dataclass(frozen=True)
class DurationByRules:
    """The answer's first stated duration (not an age) read by :func:`parse_durations`, against the gold."""

    tolerance_years: float = 0.0
    columns: tuple[str, ...] = ("response", "reference")
    calls_llm: bool = False

    async def score(self, case: Case) -> Outcome:
        gold = gold_duration(case)
        if isinstance(gold, Failed):
            return gold
        stated = [d for d in parse_durations(case.sample.response, case.reference_date) if not d.is_age]
        if not stated:
            return scores.undefined("answer states no duration the rules can read (mode='llm' reads free text)")
        return duration_score(gold, stated, self.tolerance_years)


@dataclass(frozen=True)
class CoherenceByJudge:
    """The judge lists dated claims and contradictions; ``formula.timeline_coherence`` counts."""

    host: JudgedMetric
    prompt_of: t.Callable[[t.Any], t.Any] = operator.attrgetter("timeline_prompt")
    columns: tuple[str, ...] = ("response",)
    focus_of: tuple[str, ...] = ("response",)
    calls_llm: bool = True

    async def score(self, case: Case) -> Outcome:
        answer = case.sample.response
        if not case.answer.mentions and not parse_durations(answer):
            return scores.undefined(NO_EXPRESSION)
        judgement = await judge_timeline(
            self.host.llm, answer, reference_date=case.reference_date, prompt=self.prompt_of(self.host), **judge_call(self.host, case)
        )
        if not judgement.ok:
            return Failed.judge(judgement.error)
        n_claims, contradictions = judgement.values
        score = formula.timeline_coherence(n_claims, contradictions)
        if score.is_nan:
            return Score(score.value, score.reason + " (as listed by the LLM judge)")
        return score


@dataclass(frozen=True)
class EventOrderByJudge:
    """The judge locates each gold event and its stated time; the order is scored as in focus-time mode."""

    host: JudgedMetric
    prompt_of: t.Callable[[t.Any], t.Any] = operator.attrgetter("events_prompt")
    columns: tuple[str, ...] = ("response", "reference")
    calls_llm: bool = True

    async def score(self, case: Case) -> Outcome:
        events = gold_events(case)
        if isinstance(events, Failed):
            return events
        judgement = await judge_event_locations(
            self.host.llm, case.sample.response, events, reference_date=case.reference_date,
            prompt=self.prompt_of(self.host), **judge_call(self.host, case),
        )
        if not judgement.ok:
            return Failed.judge(judgement.error)
        return event_order_score(judgement.values, events)


@dataclass(frozen=True)
class DurationByJudge:
    """The judge lists the answer's stated durations (main first); the first is scored against the gold."""

    host: JudgedMetric
    prompt_of: t.Callable[[t.Any], t.Any] = operator.attrgetter("durations_prompt")
    # the question tells the judge which duration is asked about when the answer states several
    columns: tuple[str, ...] = ("user_input", "response", "reference")
    calls_llm: bool = True

    async def score(self, case: Case) -> Outcome:
        gold = gold_duration(case)
        if isinstance(gold, Failed):
            return gold
        judgement = await judge_stated_durations(
            self.host.llm, case.sample.response, topic=case.sample.user_input,
            reference_date=case.reference_date, prompt=self.prompt_of(self.host), **judge_call(self.host, case),
        )
        if not judgement.ok:
            return Failed.judge(judgement.error)
        if not judgement.values:
            return scores.undefined("answer states no duration (the LLM judge found none)")
        return duration_score(gold, judgement.values, self.host.tolerance_years)

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
    llm_timeout, fix_retries : see :class:`~ragas_temporal.adapter.judged.MetricWithJudge`
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
    llm_timeout, fix_retries : see :class:`~ragas_temporal.adapter.judged.MetricWithJudge`
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
    llm_timeout, fix_retries : see :class:`~ragas_temporal.adapter.judged.MetricWithJudge`
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

    _parameter_constraints: t.ClassVar[t.Mapping[str, Constraint]] = {
        "tolerance_years": finite_non_negative("tolerance_years"),
    }
