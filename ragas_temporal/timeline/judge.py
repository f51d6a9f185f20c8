"""Judges for the timeline metrics: one call of a timeline prompt, its evidence as plain values.

- :func:`judge_timeline`: the answer's dated claims and the contradictions among them, as the
  input of :func:`ragas_temporal.scores.timeline_coherence` (claim numbers checked, made 0-based);
- :func:`judge_event_locations`: where the answer places each gold event, as
  :class:`~ragas_temporal.timeline.EventPlacement` values (the stated time read by the focus-time
  extractor, the position from the quote);
- :func:`judge_stated_durations`: the durations the answer states, main one first, as
  :class:`~ragas_temporal.timeline.Duration` values.

The judge lists evidence only; the metric computes the score. Nothing here raises for a bad reply
or a failing endpoint (see :func:`ragas_temporal.llm.prompt_runner.run_prompt`).

The offline judge (:func:`~ragas_temporal.llm.offline.offline_llm`) answers from the same inputs
with the timeline rules (:mod:`ragas_temporal.timeline.offline`); no prompt is rendered.

>>> import asyncio
>>> from ragas_temporal.llm.offline import offline_llm
>>> j = asyncio.run(judge_timeline(offline_llm(), "She was born in 1950 and died in 1940."))
>>> j.values
(2, (((0, 1), "'died in 1940' is before 'born in 1950' (born → died)"),))
"""

from __future__ import annotations

import typing as t

from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.llm.offline import answer_offline, is_offline_judge
from ragas_temporal.llm.prompt_runner import (
    DEFAULT_FIX_RETRIES,
    DEFAULT_LLM_TIMEOUT,
    describe_error,
    run_prompt,
)
from ragas_temporal.scores import Judgement
from ragas_temporal.timeline.offline import event_locations_reply, stated_durations_reply, timeline_reply
from ragas_temporal.timeline.prompts import (
    EventLocationInput,
    EventLocationPrompt,
    EventLocationsOutput,
    StatedDurationInput,
    StatedDurationPrompt,
    StatedDurationsOutput,
    TimelineClaimsOutput,
    TimelineClaimsPrompt,
    TimelineInput,
)
from ragas_temporal.llm.dated import DateLike, iso_date
from ragas_temporal.timeline import Duration, EventPlacement
from ragas_temporal.timeline.vocabulary import unit_of

if t.TYPE_CHECKING:
    from langchain_core.callbacks import Callbacks
    from ragas.prompt import PydanticPrompt

__all__ = ["judge_timeline", "judge_event_locations", "judge_stated_durations"]



async def _offline_output(llm: t.Any, output_model: t.Any, task: str, callbacks: Callbacks,
                          rules: t.Callable[..., dict], *args: t.Any) -> tuple[t.Any, str | None]:
    """The offline judge's reply, read by the prompt's output model, as ``run_prompt`` returns it."""
    from pydantic import ValidationError

    reply = await answer_offline(llm, task, callbacks, rules, *args)
    try:
        return output_model.model_validate(reply), None
    except ValidationError as exc:
        return None, describe_error(exc, output_model.__name__)


async def judge_timeline(
    llm: t.Any,
    answer: str,
    *,
    reference_date: DateLike = None,
    prompt: PydanticPrompt | None = None,
    callbacks: Callbacks = None,
    timeout: float | None = DEFAULT_LLM_TIMEOUT,
    fix_retries: int = DEFAULT_FIX_RETRIES,
) -> Judgement[tuple]:
    """``values = (n_dated_claims, ((0-based claim indices, reason), ...))``; ``details``: the claims.

    A contradiction naming a claim number the judge did not list, or fewer than two distinct
    claims, fails the judgement (the row becomes NaN with that reason).
    """
    if is_offline_judge(llm):
        output, error = await _offline_output(
            llm, TimelineClaimsOutput, "timeline_claims", callbacks, timeline_reply, answer, reference_date
        )
    else:
        data = TimelineInput(reference_date=iso_date(reference_date), answer=answer)
        output, error = await run_prompt(
            prompt or TimelineClaimsPrompt(), llm, data, callbacks=callbacks, timeout=timeout, fix_retries=fix_retries
        )
    if error:
        return Judgement.failed(error)
    n = len(output.claims)
    contradictions = []
    for item in output.contradictions:
        numbers = sorted(set(item.claims))
        if len(numbers) < 2 or numbers[0] < 1 or numbers[-1] > n:
            return Judgement.failed(
                f"LLM named claims {item.claims} in a contradiction, but listed claims 1-{n} "
                "(each contradiction needs at least two of them)"
            )
        contradictions.append((tuple(k - 1 for k in numbers), item.reason))
    return Judgement(
        values=(n, tuple(contradictions)),
        reasons=tuple(reason for _, reason in contradictions),
        details=tuple((c.claim, c.time) for c in output.claims),
    )


async def judge_event_locations(
    llm: t.Any,
    answer: str,
    events: t.Sequence[str],
    *,
    reference_date: DateLike = None,
    prompt: PydanticPrompt | None = None,
    callbacks: Callbacks = None,
    timeout: float | None = DEFAULT_LLM_TIMEOUT,
    fix_retries: int = DEFAULT_FIX_RETRIES,
) -> Judgement[tuple[EventPlacement, ...]]:
    """One :class:`EventPlacement` per gold event, in gold order.

    The stated time is read by the focus-time extractor (its first year); the position is where
    the quote occurs in the answer. A found event whose quote is not in the answer keeps its year
    but no position. Every event must be judged exactly once.
    """
    if is_offline_judge(llm):
        output, error = await _offline_output(
            llm, EventLocationsOutput, "event_locations", callbacks, event_locations_reply, answer, events, reference_date
        )
    else:
        data = EventLocationInput(reference_date=iso_date(reference_date), answer=answer, events=list(events))
        output, error = await run_prompt(
            prompt or EventLocationPrompt(), llm, data, callbacks=callbacks, timeout=timeout, fix_retries=fix_retries
        )
    if error:
        return Judgement.failed(error)
    numbers = sorted(item.event for item in output.events)
    if numbers != list(range(1, len(events) + 1)):
        return Judgement.failed(
            f"LLM located events {numbers} but {len(events)} were given (expected each of 1-{len(events)} exactly once)"
        )
    lowered = answer.lower()
    placements = []
    for item in sorted(output.events, key=lambda item: item.event):
        event = events[item.event - 1]
        if not item.found:
            placements.append(EventPlacement(event, False))
            continue
        years = extract_focus_time(item.time, reference_date).years if item.time.strip() else frozenset()
        at = lowered.find(item.quote.lower()) if item.quote.strip() else -1
        placements.append(EventPlacement(event, True, at if at >= 0 else None, min(years) if years else None))
    return Judgement(values=tuple(placements), details=tuple((item.quote, item.time) for item in output.events))


async def judge_stated_durations(
    llm: t.Any,
    answer: str,
    *,
    topic: str = "",
    reference_date: DateLike = None,
    prompt: PydanticPrompt | None = None,
    callbacks: Callbacks = None,
    timeout: float | None = DEFAULT_LLM_TIMEOUT,
    fix_retries: int = DEFAULT_FIX_RETRIES,
) -> Judgement[tuple[Duration, ...]]:
    """The durations the answer states for ``topic``, main one first (positions unknown: -1)."""
    if is_offline_judge(llm):
        output, error = await _offline_output(
            llm, StatedDurationsOutput, "stated_durations", callbacks, stated_durations_reply, answer, reference_date
        )
    else:
        data = StatedDurationInput(topic=topic, reference_date=iso_date(reference_date), answer=answer)
        output, error = await run_prompt(
            prompt or StatedDurationPrompt(), llm, data, callbacks=callbacks, timeout=timeout, fix_retries=fix_retries
        )
    if error:
        return Judgement.failed(error)
    durations = tuple(Duration(d.amount, unit_of(d.unit) or "year", d.quote, -1, -1) for d in output.durations)
    return Judgement(values=durations, reasons=tuple(d.quote for d in output.durations))
