"""Scorers of the timeline metrics' ``"llm"`` modes: a judge lists evidence in one call, our code scores it.

- :class:`CoherenceByJudge`: the answer's dated claims and contradicting groups
  (:class:`~ragas_temporal.prompts.TimelineClaimsPrompt`) -> ``1 − contradicting / dated claims``;
- :class:`EventOrderByJudge`: where the answer places each gold event
  (:class:`~ragas_temporal.prompts.EventLocationPrompt`) -> Kendall tau rescaled to [0, 1];
- :class:`DurationByJudge`: the durations the answer states
  (:class:`~ragas_temporal.prompts.StatedDurationPrompt`) -> graded duration accuracy.

Cost per sample: at most one call. No call when the rules already know the answer cannot be
scored: an answer without any temporal expression or duration (coherence), a reference without two
gold events or a gold duration (the input is bad whatever the judge says). Faults (timeouts, bad
replies, claim numbers out of range) make that row NaN with the reason.
"""

from __future__ import annotations

import operator
import typing as t
from dataclasses import dataclass

from ragas_temporal import scores
from ragas_temporal.judging.timeline import judge_event_locations, judge_stated_durations, judge_timeline
from ragas_temporal.metrics.answer_scorers import duration_score, event_order_score, gold_duration, gold_events
from ragas_temporal.metrics.base import Case, Failed, Outcome
from ragas_temporal.metrics.llm_scorers import JudgedMetric
from ragas_temporal.scores import Score
from ragas_temporal.timeline import parse_durations

__all__ = ["CoherenceByJudge", "EventOrderByJudge", "DurationByJudge"]

NO_EXPRESSION = "answer has no temporal expression or duration: nothing to compare (no LLM call)"


def _call(host: JudgedMetric, case: Case) -> dict:
    return host.judging.call_kwargs(case.callbacks)


@dataclass(frozen=True)
class CoherenceByJudge:
    """The judge lists dated claims and contradictions; ``scores.timeline_coherence`` counts."""

    host: JudgedMetric
    prompt_of: t.Callable[[t.Any], t.Any] = operator.attrgetter("timeline_prompt")
    columns: tuple[str, ...] = ("response",)
    calls_llm: bool = True

    async def score(self, case: Case) -> Outcome:
        answer = case.sample.response
        if not case.focus_time(answer).mentions and not parse_durations(answer):
            return scores.undefined(NO_EXPRESSION)
        judgement = await judge_timeline(
            self.host.llm, answer, reference_date=case.reference_date, prompt=self.prompt_of(self.host), **_call(self.host, case)
        )
        if not judgement.ok:
            return Failed.judge(judgement.error)
        n_claims, contradictions = judgement.values
        score = scores.timeline_coherence(n_claims, contradictions)
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
            prompt=self.prompt_of(self.host), **_call(self.host, case),
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
            reference_date=case.reference_date, prompt=self.prompt_of(self.host), **_call(self.host, case),
        )
        if not judgement.ok:
            return Failed.judge(judgement.error)
        if not judgement.values:
            return scores.undefined("answer states no duration (the LLM judge found none)")
        return duration_score(gold, judgement.values, self.host.tolerance_years)
