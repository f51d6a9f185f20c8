"""Retrieval metrics: are the retrieved contexts about the question's time, and ranked well?

Two ways to judge a retrieved context relevant:

- ``mode="focus_time"`` (default): by the years of the question (QFT, from ``user_input``) and of
  each context (DFT, from ``retrieved_contexts``). Binary relevance is ``QFT ∩ DFT ≠ ∅``; the graded
  relevance of NDCG is ``4 · Jaccard(QFT, DFT)``. Relevant documents are only known among the
  retrieved ones, so recall and AP divide by the relevant documents *retrieved* (any rank), and the
  ideal NDCG ranking re-orders the retrieved list.
- ``mode="gold"``: by ids, ``retrieved_context_ids`` against ``reference_context_ids`` (binary
  relevance; duplicates count once at their best rank). Recall, AP and the ideal NDCG use every
  gold id, retrieved or not, as trec_eval, ranx and ir_measures do.

Seed example (focus time): QFT {2020, 2021}, contexts about {2020} and {2019}, k = 2: relevance
[1, 0], P@2 = 1/2.

>>> import asyncio
>>> from ragas_temporal.metrics import TemporalPrecisionAtK
>>> r = asyncio.run(TemporalPrecisionAtK(k=2).ascore(
...     user_input="What changed between 2020 and 2021?",
...     retrieved_contexts=["Offices closed in 2020.", "The merger was signed in 2019."]))
>>> r.value
0.5
"""

from __future__ import annotations

import datetime as dt
import typing as t
from dataclasses import dataclass

from ragas.dataset_schema import SingleTurnSample
from ragas.metrics.base import MetricWithLLM

from ragas_temporal import scores
from ragas_temporal.metrics._base import TemporalMetric, check_k
from ragas_temporal.metrics._llm_modes import GradeLLMMode, RelevanceLLMMode
from ragas_temporal.scores import Score, format_years

if t.TYPE_CHECKING:
    from langchain_core.callbacks import Callbacks

_FOCUS_TIME_COLUMNS = ("user_input", "retrieved_contexts")
_GOLD_COLUMNS = ("retrieved_context_ids", "reference_context_ids")


@dataclass
class RankingMetric(TemporalMetric):
    """Shared shape of the rank-cut retrieval metrics (``k`` and the focus-time / gold modes).

    Subclasses implement ``_from_relevance(relevance, n_relevant, ideal)``: the score from the
    per-document grades in rank order, the number of relevant documents known and the ideal grades
    (gold mode only; ``None`` in focus-time mode).
    """

    k: int = 10

    _modes: t.ClassVar[tuple[str, ...]] = ("focus_time", "gold")
    _columns: t.ClassVar[dict[str, tuple[str, ...]]] = {
        "focus_time": _FOCUS_TIME_COLUMNS,
        "gold": _GOLD_COLUMNS,
    }
    #: whether the score needs every retrieved document (recall, AP, NDCG) or only the top k
    _needs_all_retrieved: t.ClassVar[bool] = True

    def _validate_params(self) -> None:
        self.k = check_k(self.k, type(self).__name__)

    def _name_parts(self) -> list[str]:
        return [f"at_{self.k}"]

    # focus-time relevance: binary overlap; NDCG overrides with Jaccard grades
    def _focus_time_grades(self, query_years: frozenset[int], doc_years: list[frozenset[int]]) -> list[float]:
        return scores.overlap_relevance(query_years, doc_years)

    def _from_relevance(self, grades: list[float], n_relevant: int, ideal: list[float] | None) -> Score:
        raise NotImplementedError

    async def _score_focus_time(
        self, sample: SingleTurnSample, reference_date: dt.date | None, callbacks: Callbacks = None
    ) -> Score:
        query = self._focus_time(sample.user_input, reference_date)
        if not query.years:
            return self._nan(scores.no_claim_reason(query.mentions, side="query"))
        limit = None if self._needs_all_retrieved else self.k
        docs = self._context_focus_times(sample, reference_date, limit)
        grades = self._focus_time_grades(query.years, [d.years for d in docs])
        n_relevant = sum(1 for g in grades if g > 0)
        score = self._from_relevance(grades, n_relevant, None)
        return Score(score.value, f"query years {format_years(query.years)}: {score.reason}")

    async def _score_gold(
        self, sample: SingleTurnSample, reference_date: dt.date | None, callbacks: Callbacks = None
    ) -> Score:
        gold = sample.reference_context_ids
        grades = scores.gold_grades(sample.retrieved_context_ids, gold)
        return self._from_relevance(grades, scores.n_relevant_gold(gold), scores.gold_ideal_grades(gold))


@dataclass
class TemporalPrecisionAtK(RelevanceLLMMode, RankingMetric, MetricWithLLM):
    """Share of the top-k retrieved contexts that are temporally relevant: ``P@k = |rel in top k| / k``.

    Divided by ``k`` even when fewer than ``k`` contexts were retrieved (trec_eval ``P_k``).
    focus_time mode: relevant iff the context shares a year with the question (``NaN`` when the
    question has no temporal focus). gold mode: relevant iff its id is in ``reference_context_ids``.

    Columns: ``user_input``, ``retrieved_contexts`` (focus_time); ``retrieved_context_ids``,
    ``reference_context_ids`` (gold).

    Parameters
    ----------
    k : int, default 5
        Cutoff, a positive integer; part of the name (``temporal_precision_at_5``).
    mode : {"focus_time", "gold", "llm"}
        llm: an LLM judge gives a 0/1 verdict per top-k document in one listwise call; see
        :class:`ragas_temporal.metrics._llm_modes.RelevanceLLMMode` for its options.
    reference_date, context_dates
        Reference-date channels (see :mod:`ragas_temporal.metrics._base`).
    name : str, optional

    Examples
    --------
    >>> import asyncio
    >>> metric = TemporalPrecisionAtK(k=5, mode="gold")
    >>> metric.name
    'temporal_precision_at_5_gold'
    >>> asyncio.run(metric.ascore(retrieved_context_ids=["a", "b", "c"], reference_context_ids=["b"])).value
    0.2
    """

    k: int = 5
    _base_name: t.ClassVar[str] = "temporal_precision"
    _modes: t.ClassVar[tuple[str, ...]] = ("focus_time", "gold", "llm")
    _llm_modes: t.ClassVar[tuple[str, ...]] = ("llm",)  # see _llm_modes.RelevanceLLMMode
    _columns: t.ClassVar[dict[str, tuple[str, ...]]] = {**RankingMetric._columns, "llm": _FOCUS_TIME_COLUMNS}
    _needs_all_retrieved: t.ClassVar[bool] = False

    def _from_relevance(self, grades: list[float], n_relevant: int, ideal: list[float] | None) -> Score:
        return scores.precision_at_k(grades, self.k)


@dataclass
class TemporalRecallAtK(RankingMetric):
    """Share of the relevant contexts found in the top k: ``R@k = |rel in top k| / n_relevant``.

    focus_time mode: ``n_relevant`` = contexts sharing a year with the question among *all*
    retrieved (relevance beyond the retrieved list is unknown); ``NaN`` when none is relevant.
    gold mode: ``n_relevant`` = number of distinct ``reference_context_ids``.

    Columns: as :class:`TemporalPrecisionAtK`.

    Parameters
    ----------
    k : int, default 5
    mode : {"focus_time", "gold"}
    reference_date, context_dates
    name : str, optional

    Examples
    --------
    >>> import asyncio
    >>> metric = TemporalRecallAtK(k=2, mode="gold")
    >>> asyncio.run(metric.ascore(retrieved_context_ids=["a", "b", "c"], reference_context_ids=["b", "c"])).value
    0.5
    """

    k: int = 5
    _base_name: t.ClassVar[str] = "temporal_recall"

    def _from_relevance(self, grades: list[float], n_relevant: int, ideal: list[float] | None) -> Score:
        return scores.recall_at_k(grades, self.k, n_relevant)


@dataclass
class TemporalNDCGAtK(GradeLLMMode, RankingMetric, MetricWithLLM):
    """Normalised discounted cumulative gain of the top k: ``DCG@k / IDCG@k``, ``DCG = Σ g_i / log2(i+1)``.

    focus_time mode: ``g_i = 4 · Jaccard(QFT, DFT_i)``; the ideal ranking re-orders the *retrieved*
    contexts by grade (a limitation: relevant documents that were not retrieved are unknown, so the
    score measures ordering, not coverage). gold mode: ``g_i = 1`` iff the id is in
    ``reference_context_ids``, and the ideal ranking holds every gold id (missed ones count).
    ``NaN`` when the ideal DCG is 0 (no relevant context).

    Columns: as :class:`TemporalPrecisionAtK`.

    Parameters
    ----------
    k : int, default 10
    mode : {"focus_time", "gold", "llm"}
        llm: an LLM judge gives a 0-4 grade per retrieved document in one listwise call; see
        :class:`ragas_temporal.metrics._llm_modes.GradeLLMMode` for its options.
    gain : {"linear", "exponential"}, default "linear"
        ``g`` (trec_eval, ranx ``ndcg``) or ``2**g - 1`` (ranx ``ndcg_burges``); part of the name
        when not linear.
    reference_date, context_dates
    name : str, optional

    Examples
    --------
    Seed example: QFT {2020, 2021}, contexts about {2020, 2021} and {2019}: grades [4, 0], already
    ideal, NDCG@2 = 1.0.

    >>> import asyncio
    >>> r = asyncio.run(TemporalNDCGAtK(k=2).ascore(
    ...     user_input="What changed in 2020 and 2021?",
    ...     retrieved_contexts=["Sales fell in 2020 and recovered in 2021.", "The merger closed in 2019."]))
    >>> r.value
    1.0
    """

    k: int = 10
    gain: str = "linear"
    _base_name: t.ClassVar[str] = "temporal_ndcg"
    _modes: t.ClassVar[tuple[str, ...]] = ("focus_time", "gold", "llm")
    _llm_modes: t.ClassVar[tuple[str, ...]] = ("llm",)  # see _llm_modes.GradeLLMMode
    _columns: t.ClassVar[dict[str, tuple[str, ...]]] = {**RankingMetric._columns, "llm": _FOCUS_TIME_COLUMNS}

    def _validate_params(self) -> None:
        super()._validate_params()
        if self.gain not in scores.GAINS:
            raise ValueError(f"TemporalNDCGAtK: gain must be one of {scores.GAINS}, got {self.gain!r}")

    def _name_parts(self) -> list[str]:
        parts = super()._name_parts()
        return parts if self.gain == "linear" else [*parts, self.gain]

    def _focus_time_grades(self, query_years: frozenset[int], doc_years: list[frozenset[int]]) -> list[float]:
        return scores.jaccard_grades(query_years, doc_years)

    def _from_relevance(self, grades: list[float], n_relevant: int, ideal: list[float] | None) -> Score:
        return scores.ndcg_at_k(grades, self.k, ideal_gains=ideal, gain=self.gain)


@dataclass
class TemporalMRR(RankingMetric):
    """Reciprocal rank of the first temporally relevant context in the top k (0 if none).

    Averaged over samples by ``ragas.evaluate`` this is MRR@k. Relevance as in
    :class:`TemporalPrecisionAtK` (focus_time: shares a year with the question; gold: id in
    ``reference_context_ids``).

    Parameters
    ----------
    k : int, default 10
    mode : {"focus_time", "gold"}
    reference_date, context_dates
    name : str, optional, default ``temporal_mrr_at_10``

    Examples
    --------
    >>> import asyncio
    >>> asyncio.run(TemporalMRR(mode="gold").ascore(
    ...     retrieved_context_ids=["a", "b", "c"], reference_context_ids=["c"])).value
    0.3333333333333333
    """

    k: int = 10
    _base_name: t.ClassVar[str] = "temporal_mrr"
    _needs_all_retrieved: t.ClassVar[bool] = False

    def _from_relevance(self, grades: list[float], n_relevant: int, ideal: list[float] | None) -> Score:
        return scores.reciprocal_rank_at_k(grades, self.k)


@dataclass
class TemporalMAP(RankingMetric):
    """Average precision at k (trec_eval AP with a cutoff); its mean over samples is MAP@k.

    ``AP@k = Σ_{relevant rank r <= k} P@r / n_relevant``. focus_time mode: ``n_relevant`` = relevant
    contexts among all retrieved (stated limitation: unretrieved relevant documents are unknown);
    gold mode: the number of distinct gold ids. ``NaN`` when ``n_relevant`` is 0.

    Parameters
    ----------
    k : int, default 10
    mode : {"focus_time", "gold"}
    reference_date, context_dates
    name : str, optional, default ``temporal_map_at_10``

    Examples
    --------
    Relevant at ranks 1 and 3 of 2 gold ids: (1/1 + 2/3) / 2 = 0.8333...

    >>> import asyncio
    >>> round(asyncio.run(TemporalMAP(mode="gold").ascore(
    ...     retrieved_context_ids=["a", "b", "c"], reference_context_ids=["a", "c"])).value, 4)
    0.8333
    """

    k: int = 10
    _base_name: t.ClassVar[str] = "temporal_map"

    def _from_relevance(self, grades: list[float], n_relevant: int, ideal: list[float] | None) -> Score:
        return scores.average_precision_at_k(grades, self.k, n_relevant)
