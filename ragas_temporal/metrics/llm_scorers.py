"""Scorers for the ``"llm"`` and ``"hybrid"`` modes: each holds a judge object reading from its metric.

A judge object (:class:`ClaimsJudge`, :class:`ListwiseJudge`) holds the metric that owns it and
reads from it at call time what may change after construction: the LLM (``ragas.evaluate``
injects it), the prompt (``set_prompts``) and the time bound (``init`` sees ragas's run config,
kept in :class:`JudgeSettings`). Judging itself (prompt calls, fault handling) lives in
:mod:`ragas_temporal.judging`, arithmetic in :mod:`ragas_temporal.scores`; the ranking LLM mode
only produces :class:`~ragas_temporal.metrics.scorers.Grades`, which the metric scores exactly as
its focus-time and gold grades.

Cost per sample (one ragas ``SingleTurnSample``):

- ``TemporalFaithfulness(mode="llm")``: 0 calls when the focus-time extractor finds no temporal
  expression in the answer (NaN, "answer makes no temporal claim"), else 1 call;
- ``TemporalFaithfulness(mode="hybrid")``: the answer's claims that no context states score 0
  without a call; the rest (which only a reader can tell from a true year tied to the wrong
  event) go to the judge in 1 call, none when no claim is left. With ``granularity="year"``: 0
  calls when the answer names a year no context holds, else 1 call;
- ``TemporalPrecisionAtK(mode="llm")``, ``TemporalNDCGAtK(mode="llm")``: 1 call judging all
  documents at once (listwise); the query's temporal focus comes from rules, and when they cannot
  tell, the same call infers it (``focus_llm=True`` spends a separate call on the focus prompt).
- plus at most ``fix_retries`` ragas ``FixOutputFormat`` repair calls when a reply cannot be
  parsed (``BaseRagasLLM``/``LangchainLLMWrapper`` LLMs only).

Reference dates reach the judge as data: the sample's reference date (the metric's
``reference_date`` channel, or ``ascore(reference_date=...)``) as the prompt's ``reference_date``,
and, with ``context_dates``, each context's or document's own date (``{"date": ..., "text": ...}``
where it differs), so "last year" is placed exactly as focus-time mode places it.

Faults (malformed JSON, an unknown label, an exception, a timeout) make that row NaN with the
reason; ``ascore`` returns it, ``ragas.evaluate`` keeps the other rows.

Recommended settings so a dead endpoint costs seconds per row, not minutes:
``ragas.evaluate(..., run_config=RunConfig(timeout=60, max_retries=2, max_wait=5))`` (ragas's
defaults, ``max_retries=10`` with waits up to 60 s, apply to ``LangchainLLMWrapper`` LLMs) and, for
``llm_factory``, a client with a short timeout and few retries plus Instructor's ``max_retries``
(3 by default: up to 4 requests for an invalid reply; 0 for exactly one):
``llm_factory(model, client=AsyncOpenAI(base_url=..., timeout=20, max_retries=1), max_retries=1)``.
``llm_timeout`` (default ``None``: the client's own timeout stands) bounds each judgement when set, and
``ragas.evaluate`` keeps its default ``raise_exceptions=False``; our modes never raise for LLM
faults anyway, so even ``raise_exceptions=True`` completes the run.

>>> settings = JudgeSettings.validated("m", llm_timeout=30.0, fix_retries=1)
>>> settings.timeout(), settings.observe_run_timeout(10) or settings.timeout()
(30.0, 9.0)
"""

from __future__ import annotations

import math
import operator
import typing as t
from dataclasses import dataclass, replace

from ragas_temporal import scores
from ragas_temporal.judging import Judgement, judge_relevance, judge_temporal_claims, judge_temporal_focus
from ragas_temporal.judging.grounding import grounded_claims, grounding_flags, ungrounded_reason
from ragas_temporal.metrics.base import Case, Failed, Outcome
from ragas_temporal.metrics.scorers import FOCUS_TIME_COLUMNS, Grades, RelevanceScale, undated
from ragas_temporal.prompts import FOCUS_FOR_JUDGE
from ragas_temporal.scores import Score

__all__ = [
    "JudgeSettings",
    "JudgedMetric",
    "ListwiseJudgedMetric",
    "ClaimsJudge",
    "FaithfulnessByJudge",
    "HybridFaithfulness",
    "ListwiseJudge",
    "check_temporal_focus",
]

_NOT_SUPPORTED_SHOWN = 3  # claims quoted in a reason; more are counted, not listed
NO_EXPRESSION = "answer makes no temporal claim (no temporal expression; no LLM call)"


@dataclass
class JudgeSettings:
    """A metric's bounds on one judgement: ``llm_timeout``, ``fix_retries`` and ragas's run timeout.

    When ``ragas.evaluate``'s ``RunConfig.timeout`` is shorter than ``llm_timeout``, 90 % of it is
    used instead, so our reason ("LLM call timed out after ...") wins over ragas's silent NaN.
    """

    llm_timeout: t.Optional[float]
    fix_retries: int
    run_timeout: t.Optional[float] = None

    @classmethod
    def validated(cls, owner: str, llm_timeout: object, fix_retries: object) -> "JudgeSettings":
        """Settings from the metric's arguments; ``ValueError`` naming the fix when invalid."""
        if llm_timeout is not None and (
            isinstance(llm_timeout, bool) or not isinstance(llm_timeout, (int, float)) or not llm_timeout > 0
            or math.isinf(llm_timeout)
        ):
            raise ValueError(f"{owner}: llm_timeout must be a positive number of seconds or None, got {llm_timeout!r}")
        if isinstance(fix_retries, bool) or not isinstance(fix_retries, int) or fix_retries < 0:
            raise ValueError(f"{owner}: fix_retries must be an integer >= 0, got {fix_retries!r}")
        return cls(llm_timeout, fix_retries)

    def observe_run_timeout(self, run_timeout: t.Optional[float]) -> None:
        """Remember ragas's per-row timeout (from ``RunConfig`` at the metric's ``init``)."""
        self.run_timeout = run_timeout

    def timeout(self) -> t.Optional[float]:
        """Seconds one judgement may take now."""
        run_timeout = self.run_timeout
        if run_timeout and (self.llm_timeout is None or run_timeout <= self.llm_timeout):
            return 0.9 * run_timeout
        return self.llm_timeout

    def call_kwargs(self, callbacks: t.Any) -> dict:
        """The keyword arguments every judge takes for one call."""
        return {"callbacks": callbacks, "timeout": self.timeout(), "fix_retries": self.fix_retries}


class JudgedMetric(t.Protocol):
    """What a judge object reads from its metric at call time."""

    llm: t.Any
    judging: JudgeSettings


class ListwiseJudgedMetric(JudgedMetric, t.Protocol):
    """What a listwise judge reads besides: how the query's temporal focus is found."""

    temporal_focus: t.Any
    focus_llm: bool
    focus_prompt: t.Any


def check_temporal_focus(owner: str, temporal_focus: object, focus_llm: object) -> None:
    """``ValueError`` unless ``temporal_focus`` is None, a callable or a label, and ``focus_llm`` a bool."""
    if temporal_focus is not None and not callable(temporal_focus) and temporal_focus not in FOCUS_FOR_JUDGE:
        raise ValueError(
            f"{owner}: temporal_focus must be None, a callable(sample) -> label, or one of "
            f"{', '.join(FOCUS_FOR_JUDGE)}; got {temporal_focus!r}"
        )
    if not isinstance(focus_llm, bool):
        raise ValueError(f"{owner}: focus_llm must be True or False, got {focus_llm!r}")


def _claims_reason(score: Score, judgement: Judgement) -> str:
    """The score's reason plus the claims that were not fully supported, with the judge's why."""
    weak = [(claim, verdict, reason) for claim, verdict, reason, _ in judgement.details if verdict != "SUPPORTED"]
    if not weak:
        return score.reason
    shown = "; ".join(
        f"{verdict.lower().replace('_', ' ')}: {scores.clip_copied(claim)!r} ({scores.clip_copied(reason)})"
        for claim, verdict, reason in weak[:_NOT_SUPPORTED_SHOWN]
    )
    more = f"; and {len(weak) - _NOT_SUPPORTED_SHOWN} more" if len(weak) > _NOT_SUPPORTED_SHOWN else ""
    return f"{score.reason}. {shown}{more}"


@dataclass
class ClaimsJudge:
    """Labels the answer's temporal claims against the contexts in one call; the verdict score.

    ``host`` is the metric (its ``llm`` and ``judging`` settings); ``prompt_of`` reads the prompt
    from it at call time, so ``set_prompts`` takes effect.
    """

    host: JudgedMetric
    prompt_of: t.Callable[[t.Any], t.Any] = operator.attrgetter("claims_prompt")

    async def judge(self, case: Case, claims: t.Sequence[str] | None = None) -> Judgement:
        """One call: the judge's verdicts on ``claims`` (the answer's time expressions), or on the
        claims it finds itself when ``claims`` is ``None``."""
        sample = case.sample
        return await judge_temporal_claims(
            self.host.llm,
            sample.response,
            sample.retrieved_contexts,
            reference_date=case.reference_date,
            context_dates=case.own_dates(sample.retrieved_contexts),
            claims=claims,
            prompt=self.prompt_of(self.host),
            **self.host.judging.call_kwargs(case.callbacks),
        )

    async def score(self, case: Case) -> Outcome:
        judgement = await self.judge(case)
        if not judgement.ok:
            return Failed.judge(judgement.error)
        if not judgement.values:
            return scores.undefined("answer makes no temporal claim (the LLM judge found none)")
        # a claim the judge made up (or copied from the prompt's example) is not the answer's
        judgement, dropped = grounded_claims(judgement, case.sample.response, case.reference_date)
        if not judgement.values:
            return Failed.judge(f"{ungrounded_reason(dropped)}; none left to score")
        score = scores.claim_verdict_score(judgement.values)
        reason = _claims_reason(score, judgement)
        return Score(score.value, f"{reason}; {ungrounded_reason(dropped)}" if dropped else reason)


@dataclass
class FaithfulnessByJudge:
    """``mode="llm"``: (supported + 0.5 × partially supported) / claims, from one judge call.

    No call (NaN) when the answer holds no temporal expression; NaN when the judge finds no claim.
    Claims that are not the answer's (:mod:`ragas_temporal.judging.grounding`) are dropped and
    counted in the reason; none left: NaN with that reason.
    """

    judge: ClaimsJudge
    columns: tuple[str, ...] = ("response", "retrieved_contexts")
    calls_llm: bool = True

    async def score(self, case: Case) -> Outcome:
        if not case.focus_time(case.sample.response).mentions:
            return scores.undefined(NO_EXPRESSION)
        return await self.judge.score(case)


@dataclass
class HybridFaithfulness:
    """``mode="hybrid"``: focus time rejects what no context states, for free; the judge reads the rest.

    ``granularity="claim"`` (default): the answer's claims are credited by focus time
    (:func:`ragas_temporal.scores.credit_claims`); those earning 0 (no context states them) cost no
    call, the others go to the judge by their text in one call, and each earns
    ``min(date credit, judge credit)`` (:func:`ragas_temporal.scores.capped_claim_faithfulness`):
    the judge can lower what the dates allow, never raise it. When the judge fails, or returns a
    claim that is not the answer's, the claim keeps its date credit and the reason says so: hybrid
    is never worse than focus time. No call when no claim is left to judge.

    ``granularity="year"``: answer years that no context holds (``scores.unsupported_years``) are
    scored by the year-set formula without a call; only when every answer year occurs in the
    contexts is the LLM asked, and its verdict score is the result.
    """

    judge: ClaimsJudge
    granularity: str = "claim"
    columns: tuple[str, ...] = ("response", "retrieved_contexts")
    calls_llm: bool = True

    async def score(self, case: Case) -> Outcome:
        answer = case.focus_time(case.sample.response)
        if not answer.mentions:
            return scores.undefined(NO_EXPRESSION)
        if self.granularity == "year":
            return await self._by_years(case, answer)
        nothing_dated = undated(answer, "answer", case.reference_date)
        if nothing_dated is not None:
            return Score(nothing_dated.value, f"{nothing_dated.reason} (no LLM call)")
        credits = scores.credit_claims(
            scores.claims_from_focus_time(answer),
            [scores.claims_from_focus_time(c) for c in case.context_focus_times()],
        )
        to_judge = scores.claims_for_judge(credits)
        if not to_judge:
            return scores.judged_claim_faithfulness(credits, [])
        judgement = await self.judge.judge(case, [claim.text for claim in to_judge])
        if not judgement.ok:  # never worse than focus time: the dates' credits stand
            return scores.capped_claim_faithfulness(credits, [None] * len(to_judge), judgement.error)
        flags = grounding_flags(judgement, case.sample.response, case.reference_date)
        verdicts = [label if grounded else None for label, grounded in zip(judgement.values, flags)]
        problem = ungrounded_reason(flags.count(False)) if not all(flags) else ""
        score = scores.capped_claim_faithfulness(credits, verdicts, problem)
        shown = replace(judgement, details=tuple(d for d, grounded in zip(judgement.details, flags) if grounded))
        return Score(score.value, _claims_reason(score, shown))

    async def _by_years(self, case: Case, answer: t.Any) -> Outcome:
        context_years = [c.years for c in case.context_focus_times()]
        if scores.unsupported_years(answer.years, context_years):
            score = scores.temporal_faithfulness(answer.years, context_years)
            return Score(score.value, f"{score.reason} (judged by focus time; no LLM call)")
        score = await self.judge.score(case)
        if isinstance(score, Failed):  # never worse than focus time: the year-set score stands
            years = scores.temporal_faithfulness(answer.years, context_years)
            return Score(years.value, f"{years.reason}; LLM judge failed ({score.reason}): focus-time score kept")
        if score.is_nan:
            return score
        return Score(score.value, f"every answer year occurs in the contexts; LLM judge: {score.reason}")


@dataclass
class ListwiseJudge:
    """A ranking LLM mode's grade source: the query's focus, then one listwise call grading documents.

    ``scale`` ``"binary"`` (0/1 verdicts) or ``"graded"`` (0-4); ``limit`` grades only the first
    ``limit`` documents (``None``: all retrieved). ``host`` is the metric: its ``llm``,
    ``judging``, ``temporal_focus``, ``focus_llm`` and ``focus_prompt``; ``prompt_of`` reads the
    listwise prompt from it at call time.
    """

    host: ListwiseJudgedMetric
    scale: RelevanceScale
    prompt_of: t.Callable[[t.Any], t.Any]
    limit: int | None = None
    columns: tuple[str, ...] = FOCUS_TIME_COLUMNS
    calls_llm: bool = True

    async def query_focus(self, case: Case) -> tuple[str, Failed | None]:
        """(focus label, failure): a given label, else rules, else the focus prompt or "infer"."""
        focus = self.host.temporal_focus
        if callable(focus):
            focus = focus(case.sample)
            if focus is not None and focus not in FOCUS_FOR_JUDGE:
                return "", Failed.input(
                    f"temporal_focus(sample) returned {focus!r}, not one of {', '.join(FOCUS_FOR_JUDGE)}"
                )
        if focus is not None:
            return focus, None
        judgement = await judge_temporal_focus(
            case.sample.user_input,
            self.host.llm if self.host.focus_llm else None,
            prompt=self.host.focus_prompt,
            reference_date=case.reference_date,
            **self.host.judging.call_kwargs(case.callbacks),
        )
        if not judgement.ok:
            return "", Failed.judge(f"temporal focus: {judgement.error}")
        return judgement.values, None

    async def grades(self, case: Case) -> Grades:
        focus, failure = await self.query_focus(case)
        if failure is not None:
            return Grades.ungraded(failure)
        documents = list(case.sample.retrieved_contexts[: self.limit])
        judgement = await judge_relevance(
            self.host.llm, case.sample.user_input, documents, scale=self.scale, focus=focus,
            prompt=self.prompt_of(self.host), reference_date=case.reference_date,
            document_dates=case.own_dates(documents), **self.host.judging.call_kwargs(case.callbacks),
        )
        if not judgement.ok:
            return Grades.ungraded(Failed.judge(judgement.error))
        label = f"LLM judge (focus {focus})"
        if self.scale == "graded":
            label += f", grades {list(judgement.values)}"
        return Grades.of(judgement.values, label=label)
