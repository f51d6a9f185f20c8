"""Scorers of the answer-side metrics' rule modes (no LLM): evidence from focus time and the timeline rules.

Each scorer is a small object with the ``columns`` its mode reads, ``calls_llm`` and
``async score(case) -> Score`` (see :mod:`ragas_temporal.metrics.base`); the evidence comes from
:mod:`ragas_temporal.focus_time` and :mod:`ragas_temporal.timeline`, the arithmetic from
:mod:`ragas_temporal.scores`. :func:`duration_score` and :func:`event_order_score` are shared with
the LLM modes (:mod:`ragas_temporal.metrics.timeline_judged`), which gather the same evidence by
asking a judge.

>>> import asyncio
>>> from ragas_temporal.metrics import DurationAccuracy
>>> asyncio.run(DurationAccuracy().ascore(response="It lasted two years.", reference="18 months")).reason
'predicted 24 months for a gold duration of 18 months: off by 6 (answer: two years)'
"""

from __future__ import annotations

import math
import typing as t
from dataclasses import dataclass

from ragas_temporal import scores
from ragas_temporal.metrics.base import Case, Failed, Outcome
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
    "AnswerYearPrecision",
    "AnchorCoverage",
    "RetrievedYearCoverage",
    "CoherenceByRules",
    "EventOrderByRules",
    "DurationByRules",
    "GroupConsistency",
    "gold_duration",
    "gold_events",
    "duration_score",
    "event_order_score",
]

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
    score = scores.duration_accuracy(main.in_unit(unit), gold.in_unit(unit), tolerance=tolerance, unit=unit + "s")
    # in llm mode the texts are the judge's quotes: copied text is bounded
    reason = f"{score.reason} (answer: {scores.clip_copied(main.text)})"
    if len(stated) > 1:
        reason += f"; also stated: {', '.join(scores.clip_copied(d.text) for d in stated[1:4])}"
    return Score(score.value, reason)


def event_order_score(placements: t.Sequence[EventPlacement], events: t.Sequence[str]) -> Score:
    """Kendall tau rescaled to [0, 1] over the gold events the answer places (years, else order of mention)."""
    placed = [p for p in placements if p.found and (p.year is not None or p.position is not None)]
    times, basis = event_times(placed)
    score = scores.event_order_accuracy(times, list(events))
    if len(times) < 2:
        return score
    return Score(score.value, f"{score.reason} (placed by {basis})")


@dataclass(frozen=True)
class AnswerYearPrecision:
    """``|AFT ∩ QFT| / |AFT|``: the share of the answer's years inside the period asked about."""

    columns: tuple[str, ...] = ("user_input", "response")
    calls_llm: bool = False

    async def score(self, case: Case) -> Outcome:
        query = case.focus_time(case.sample.user_input)
        answer = case.focus_time(case.sample.response)
        return scores.answer_temporal_precision(answer.years, query.years)


@dataclass(frozen=True)
class AnchorCoverage:
    """Share of the query's anchors (one per temporal mention with years) the answer or the top-K contexts touch."""

    k: int | None = None
    columns: tuple[str, ...] = ("user_input", "response")
    calls_llm: bool = False

    async def score(self, case: Case) -> Outcome:
        anchors = [m.years for m in case.focus_time(case.sample.user_input).mentions if m.years]
        if self.k is None:
            covered = case.focus_time(case.sample.response).years
        else:
            covered = frozenset().union(*(c.years for c in case.context_focus_times(self.k)))
        score = scores.anchor_coverage(anchors, covered)
        if score.is_nan or self.k is None:
            return score
        return Score(score.value, score.reason.replace("covers", f"the top {self.k} contexts cover", 1))


@dataclass(frozen=True)
class RetrievedYearCoverage:
    """Precision or recall of the query's years among the years of the top-K retrieved contexts."""

    k: int
    measure: str  # "precision" | "recall"
    columns: tuple[str, ...] = ("user_input", "retrieved_contexts")
    calls_llm: bool = False

    async def score(self, case: Case) -> Outcome:
        query = case.focus_time(case.sample.user_input)
        documents = [c.years for c in case.context_focus_times(self.k)]
        function = scores.retrieved_year_precision if self.measure == "precision" else scores.retrieved_year_recall
        score = function(query.years, documents)
        return Score(score.value, f"top {self.k}: {score.reason}")


@dataclass(frozen=True)
class CoherenceByRules:
    """1 − contradicting / dated claims, claims and contradictions found by :func:`read_timeline`."""

    columns: tuple[str, ...] = ("response",)
    calls_llm: bool = False

    async def score(self, case: Case) -> Outcome:
        return scores.timeline_coherence(*read_timeline(case.sample.response, case.reference_date).evidence())


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
class GroupConsistency:
    """Mean Jaccard of this answer's years with the other answers of its group (from the metric's channel)."""

    others_of: t.Callable[[t.Any], t.Union[t.Sequence[str], Failed]]
    columns: tuple[str, ...] = ("response",)
    calls_llm: bool = False

    async def score(self, case: Case) -> Outcome:
        others = self.others_of(case.sample)
        if isinstance(others, Failed):
            return others
        own = case.focus_time(case.sample.response).years
        return scores.consistency_with_others(own, [case.focus_time(text).years for text in others])
