"""The ``"llm"`` and ``"hybrid"`` modes of the temporal metrics, as mixins for the metric classes.

Each mixin adds the dataclass fields an LLM mode needs (the ragas prompt it runs, a time bound,
a repair budget) and one ``_score_<mode>`` method per mode; the metric classes in
``generation.py`` / ``retrieval.py`` list the mixin first among their bases and name the modes in
``_modes`` / ``_llm_modes`` / ``_columns``. Judging (prompt calls, fault handling) lives in
:mod:`ragas_temporal.metrics._llm_judge`, arithmetic in :mod:`ragas_temporal.scores`.

Cost per sample (one ragas ``SingleTurnSample``):

- ``TemporalFaithfulness(mode="llm")``: 0 calls when the focus-time extractor finds no temporal
  expression in the answer (NaN, "answer makes no temporal claim"), else 1 call;
- ``TemporalFaithfulness(mode="hybrid")``: 0 calls when the answer names a year that no context
  holds (an invented year: scored by focus time), else 1 call (every answer year occurs in the
  contexts, so only a reader can tell a true year tied to the wrong event);
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
Whatever the client does, ``llm_timeout`` (default 30 s) bounds each judgement, and
``ragas.evaluate`` keeps its default ``raise_exceptions=False``; our modes never raise for LLM
faults anyway, so even ``raise_exceptions=True`` completes the run.
"""

from __future__ import annotations

import datetime as dt
import math
import typing as t
from dataclasses import dataclass, field

from ragas.prompt import PydanticPrompt

from ragas_temporal import scores
from ragas_temporal.metrics._llm_judge import (
    DEFAULT_FIX_RETRIES,
    DEFAULT_LLM_TIMEOUT,
    Judgement,
    judge_binary_relevance,
    judge_graded_relevance,
    judge_temporal_claims,
    judge_temporal_focus,
)
from ragas_temporal.prompts import (
    FOCUS_FOR_JUDGE,
    TemporalClaimsPrompt,
    TemporalFocusPrompt,
    TemporalGradePrompt,
    TemporalRelevancePrompt,
)
from ragas_temporal.scores import Score

if t.TYPE_CHECKING:
    from langchain_core.callbacks import Callbacks
    from ragas.dataset_schema import SingleTurnSample
    from ragas.run_config import RunConfig

__all__ = ["LLMJudgeOptions", "FaithfulnessLLMModes", "RelevanceLLMMode", "GradeLLMMode"]

_NOT_SUPPORTED_SHOWN = 3  # claims quoted in a reason; more are counted, not listed


@dataclass
class LLMJudgeOptions:
    """Fields shared by every LLM mode.

    Parameters
    ----------
    llm_timeout : float or None, default 30.0
        Seconds one judgement may take, ragas retries included; ``None`` for no bound. When
        ``ragas.evaluate``'s ``RunConfig.timeout`` is shorter, 90 % of it is used instead so our
        reason ("LLM call timed out after ...") wins over ragas's silent NaN.
    fix_retries : int, default 1
        ragas ``FixOutputFormat`` repair calls allowed for an unparsable reply (0 disables them).
    """

    llm_timeout: t.Optional[float] = DEFAULT_LLM_TIMEOUT
    fix_retries: int = DEFAULT_FIX_RETRIES

    def _validate_params(self) -> None:
        super()._validate_params()  # type: ignore[misc]
        timeout = self.llm_timeout
        if timeout is not None and (
            isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0
            or math.isinf(timeout)
        ):
            raise ValueError(f"{type(self).__name__}: llm_timeout must be a positive number of seconds or None, got {timeout!r}")
        if isinstance(self.fix_retries, bool) or not isinstance(self.fix_retries, int) or self.fix_retries < 0:
            raise ValueError(f"{type(self).__name__}: fix_retries must be an integer >= 0, got {self.fix_retries!r}")
        self._run_timeout: t.Optional[float] = None

    def init(self, run_config: RunConfig) -> None:
        super().init(run_config)  # type: ignore[misc]
        self._run_timeout = getattr(run_config, "timeout", None)

    def _judge_timeout(self) -> t.Optional[float]:
        run_timeout = getattr(self, "_run_timeout", None)
        if run_timeout and (self.llm_timeout is None or run_timeout <= self.llm_timeout):
            return 0.9 * run_timeout
        return self.llm_timeout

    def _judge_kwargs(self, callbacks: Callbacks) -> dict:
        return {"callbacks": callbacks, "timeout": self._judge_timeout(), "fix_retries": self.fix_retries}

    def _own_dates(self, sample: SingleTurnSample, texts: t.Sequence[str]) -> list[dt.date | None] | None:
        """Each text's own date from the ``context_dates`` channel (``None`` where it gives none).

        ``None`` overall when the metric has no ``context_dates``: every text is then read
        against the sample's reference date, as in focus-time mode.
        """
        if self.context_dates is None:  # type: ignore[attr-defined]
            return None
        return [self._context_date(sample, i, text, None) for i, text in enumerate(texts)]  # type: ignore[attr-defined]


def _claims_reason(score: Score, judgement: Judgement) -> str:
    """The score's reason plus the claims that were not fully supported, with the judge's why."""
    weak = [(claim, verdict, reason) for claim, verdict, reason, _ in judgement.details if verdict != "SUPPORTED"]
    if not weak:
        return score.reason
    shown = "; ".join(
        f"{verdict.lower().replace('_', ' ')}: {claim!r} ({reason})" for claim, verdict, reason in weak[:_NOT_SUPPORTED_SHOWN]
    )
    more = f"; and {len(weak) - _NOT_SUPPORTED_SHOWN} more" if len(weak) > _NOT_SUPPORTED_SHOWN else ""
    return f"{score.reason}. {shown}{more}"


@dataclass
class FaithfulnessLLMModes(LLMJudgeOptions):
    """``mode="llm"`` and ``mode="hybrid"`` for :class:`TemporalFaithfulness`.

    llm: the judge lists the answer's temporal claims and labels each against the contexts in one
    call; score = (supported + 0.5 × partially supported) / claims. No call (NaN) when the answer
    holds no temporal expression; NaN when the judge finds no claim.

    hybrid: answer years that no context holds are invented: scored by focus time
    (``|AFT ∩ ∪DFT| / |AFT|``) without a call. Only when every answer year occurs in the contexts
    is the LLM asked, and its verdict score is the result.

    Parameters
    ----------
    claims_prompt : PydanticPrompt, default TemporalClaimsPrompt()
        The prompt run in these modes (``get_prompts()`` name ``temporal_claims``).
    """

    claims_prompt: PydanticPrompt = field(default_factory=TemporalClaimsPrompt)

    async def _judge_claims(
        self, sample: SingleTurnSample, reference_date: dt.date | None, callbacks: Callbacks
    ) -> Score:
        judgement = await judge_temporal_claims(
            self.llm,  # type: ignore[attr-defined]
            sample.response,
            sample.retrieved_contexts,
            reference_date=reference_date,
            context_dates=self._own_dates(sample, sample.retrieved_contexts),
            prompt=self.claims_prompt,
            **self._judge_kwargs(callbacks),
        )
        if not judgement.ok:
            return self._nan(judgement.error)  # type: ignore[attr-defined]
        if not judgement.values:
            return self._nan("answer makes no temporal claim (the LLM judge found none)")  # type: ignore[attr-defined]
        score = scores.claim_verdict_score(judgement.values)
        return Score(score.value, _claims_reason(score, judgement))

    async def _score_llm(
        self, sample: SingleTurnSample, reference_date: dt.date | None, callbacks: Callbacks = None
    ) -> Score:
        answer = self._focus_time(sample.response, reference_date)  # type: ignore[attr-defined]
        if not answer.mentions:
            return self._nan("answer makes no temporal claim (no temporal expression; no LLM call)")  # type: ignore[attr-defined]
        return await self._judge_claims(sample, reference_date, callbacks)

    async def _score_hybrid(
        self, sample: SingleTurnSample, reference_date: dt.date | None, callbacks: Callbacks = None
    ) -> Score:
        answer = self._focus_time(sample.response, reference_date)  # type: ignore[attr-defined]
        if not answer.mentions:
            return self._nan("answer makes no temporal claim (no temporal expression; no LLM call)")  # type: ignore[attr-defined]
        contexts = self._context_focus_times(sample, reference_date)  # type: ignore[attr-defined]
        context_years = frozenset().union(*(c.years for c in contexts))
        if answer.years - context_years:
            score = scores.temporal_faithfulness(answer.years, [c.years for c in contexts])
            return Score(score.value, f"{score.reason} (judged by focus time; no LLM call)")
        score = await self._judge_claims(sample, reference_date, callbacks)
        if score.is_nan:
            return score
        return Score(score.value, f"every answer year occurs in the contexts; LLM judge: {score.reason}")


@dataclass
class _ListwiseLLMMode(LLMJudgeOptions):
    """Shared part of the listwise relevance modes: the query's temporal focus."""

    temporal_focus: t.Any = None
    focus_llm: bool = False
    focus_prompt: PydanticPrompt = field(default_factory=TemporalFocusPrompt)

    def _validate_params(self) -> None:
        super()._validate_params()
        focus = self.temporal_focus
        if focus is not None and not callable(focus) and focus not in FOCUS_FOR_JUDGE:
            raise ValueError(
                f"{type(self).__name__}: temporal_focus must be None, a callable(sample) -> label, or one of "
                f"{', '.join(FOCUS_FOR_JUDGE)}; got {focus!r}"
            )
        if not isinstance(self.focus_llm, bool):
            raise ValueError(f"{type(self).__name__}: focus_llm must be True or False, got {self.focus_llm!r}")

    async def _query_focus(
        self, sample: SingleTurnSample, reference_date: dt.date | None, callbacks: Callbacks
    ) -> tuple[str, str | None]:
        """(focus label, error): a given label, else rules, else the focus prompt or "infer"."""
        focus = self.temporal_focus
        if callable(focus):
            focus = focus(sample)
            if focus is not None and focus not in FOCUS_FOR_JUDGE:
                return "", f"temporal_focus(sample) returned {focus!r}, not one of {', '.join(FOCUS_FOR_JUDGE)}"
        if focus is not None:
            return focus, None
        judgement = await judge_temporal_focus(
            sample.user_input,
            self.llm if self.focus_llm else None,  # type: ignore[attr-defined]
            prompt=self.focus_prompt,
            reference_date=reference_date,
            **self._judge_kwargs(callbacks),
        )
        if not judgement.ok:
            return "", f"temporal focus: {judgement.error}"
        return judgement.values, None

    async def _listwise(
        self, sample: SingleTurnSample, reference_date: dt.date | None, callbacks: Callbacks, documents: list[str]
    ) -> tuple[str, Judgement]:
        focus, error = await self._query_focus(sample, reference_date, callbacks)
        if error:
            return focus, Judgement.failed(error)
        judge, prompt = self._listwise_judge()
        judgement = await judge(
            self.llm, sample.user_input, documents, focus=focus, prompt=prompt,  # type: ignore[attr-defined]
            reference_date=reference_date, document_dates=self._own_dates(sample, documents),
            **self._judge_kwargs(callbacks),
        )
        return focus, judgement

    def _listwise_judge(self) -> tuple[t.Callable[..., t.Awaitable[Judgement]], PydanticPrompt]:
        """The judge function of this mode and the prompt it runs."""
        raise NotImplementedError


@dataclass
class RelevanceLLMMode(_ListwiseLLMMode):
    """``mode="llm"`` for :class:`TemporalPrecisionAtK`: a 0/1 verdict per top-k document, one call.

    Parameters
    ----------
    relevance_prompt : PydanticPrompt, default TemporalRelevancePrompt()
        The listwise prompt (``get_prompts()`` name ``temporal_relevance``).
    temporal_focus : None, label or callable(sample) -> label
        The query's focus (``specific_time``, ``recency``, ``duration``, ``trend``,
        ``before_after``, ``none`` or ``infer``). ``None``: rules on ``user_input``; when they cannot
        tell, the judge infers it in the same call (or the focus prompt does, with ``focus_llm=True``).
    focus_llm : bool, default False
        Spend a separate call (``temporal_focus`` prompt) when the rules cannot tell.
    """

    relevance_prompt: PydanticPrompt = field(default_factory=TemporalRelevancePrompt)

    def _listwise_judge(self) -> tuple[t.Callable[..., t.Awaitable[Judgement]], PydanticPrompt]:
        return judge_binary_relevance, self.relevance_prompt

    async def _score_llm(
        self, sample: SingleTurnSample, reference_date: dt.date | None, callbacks: Callbacks = None
    ) -> Score:
        documents = list(sample.retrieved_contexts[: self.k])  # type: ignore[attr-defined]
        focus, judgement = await self._listwise(sample, reference_date, callbacks, documents)
        if not judgement.ok:
            return self._nan(judgement.error)  # type: ignore[attr-defined]
        score = scores.precision_at_k(list(judgement.values), self.k)  # type: ignore[attr-defined]
        return Score(score.value, f"LLM judge (focus {focus}): {score.reason}")


@dataclass
class GradeLLMMode(_ListwiseLLMMode):
    """``mode="llm"`` for :class:`TemporalNDCGAtK`: a 0-4 grade per retrieved document, one call.

    Every retrieved document is graded (not only the top k) so that the ideal ranking, built from
    the retrieved documents sorted by grade, can hold a relevant document ranked below k. As in
    focus-time mode, relevant documents that were not retrieved are unknown: the score measures the
    ordering of what was retrieved.

    Parameters
    ----------
    grade_prompt : PydanticPrompt, default TemporalGradePrompt()
        The listwise prompt (``get_prompts()`` name ``temporal_grade``).
    temporal_focus, focus_llm
        As for :class:`RelevanceLLMMode`.
    """

    grade_prompt: PydanticPrompt = field(default_factory=TemporalGradePrompt)

    def _listwise_judge(self) -> tuple[t.Callable[..., t.Awaitable[Judgement]], PydanticPrompt]:
        return judge_graded_relevance, self.grade_prompt

    async def _score_llm(
        self, sample: SingleTurnSample, reference_date: dt.date | None, callbacks: Callbacks = None
    ) -> Score:
        focus, judgement = await self._listwise(sample, reference_date, callbacks, list(sample.retrieved_contexts))
        if not judgement.ok:
            return self._nan(judgement.error)  # type: ignore[attr-defined]
        grades = [float(g) for g in judgement.values]
        score = scores.ndcg_at_k(grades, self.k, gain=self.gain)  # type: ignore[attr-defined]
        return Score(score.value, f"LLM judge (focus {focus}), grades {list(judgement.values)}: {score.reason}")
