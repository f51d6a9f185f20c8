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

import operator
import typing as t
from dataclasses import dataclass, field

from ragas.prompt import PydanticPrompt

from ragas_temporal import scores
from ragas_temporal.metrics.base import ScorerFactory, TemporalMetric
from ragas_temporal.metrics.judged import MetricWithJudge
from ragas_temporal.metrics.llm_scorers import ListwiseJudge, check_temporal_focus
from ragas_temporal.metrics.scorers import FocusTimeGrades, GoldGrades, Grades, RankingScorer, RelevanceScale
from ragas_temporal.prompts import TemporalFocusPrompt, TemporalGradePrompt, TemporalRelevancePrompt
from ragas_temporal.scores import Score


def _focus_time_mode(metric: "RankingMetric") -> RankingScorer:
    return RankingScorer(FocusTimeGrades(metric._relevance_scale, metric._grading_limit()), metric.score_grades)


def _gold_mode(metric: "RankingMetric") -> RankingScorer:
    return RankingScorer(GoldGrades(), metric.score_grades)


def _llm_mode(metric: "JudgedRankingMetric") -> RankingScorer:
    judge = ListwiseJudge(metric, metric._relevance_scale, metric._listwise_prompt, metric._grading_limit())
    return RankingScorer(judge, metric.score_grades)


@dataclass
class RankingMetric(TemporalMetric):
    """Shared shape of the rank-cut retrieval metrics (``k`` and the focus-time / gold modes).

    Every mode only grades the retrieved documents (:class:`~ragas_temporal.metrics.scorers.Grades`);
    subclasses implement ``_score_from_grades(grades)``: the score from the per-document grades in
    rank order, the number of relevant documents known and the ideal grades (gold mode only).
    """

    k: int = 10

    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {"focus_time": _focus_time_mode, "gold": _gold_mode}
    #: whether the score needs every retrieved document (recall, AP, NDCG) or only the top k
    _needs_all_retrieved: t.ClassVar[bool] = True
    #: 0/1 relevance, or 0-4 grades (NDCG)
    _relevance_scale: t.ClassVar[RelevanceScale] = "binary"

    def _validate_params(self) -> None:
        self.k = self._checked_k(self.k)
        super()._validate_params()  # cooperative: a judged ranking metric validates its judge settings too

    def _name_parts(self) -> list[str]:
        return [f"at_{self.k}"]

    def _grading_limit(self) -> int | None:
        return None if self._needs_all_retrieved else self.k

    def score_grades(self, grades: Grades) -> Score:
        """The one path from grades (any mode) to this metric's score."""
        return self._score_from_grades(grades)

    def _score_from_grades(self, grades: Grades) -> Score:
        raise NotImplementedError


@dataclass
class JudgedRankingMetric(RankingMetric, MetricWithJudge):
    """A ranking metric with an ``"llm"`` mode: one listwise judge call grades the documents.

    Parameters
    ----------
    temporal_focus : None, label or callable(sample) -> label
        The query's focus (``specific_time``, ``recency``, ``duration``, ``trend``,
        ``before_after``, ``none`` or ``infer``). ``None``: rules on ``user_input``; when they cannot
        tell, the judge infers it in the same call (or the focus prompt does, with ``focus_llm=True``).
    focus_llm : bool, default False
        Spend a separate call (``temporal_focus`` prompt) when the rules cannot tell.
    focus_prompt : PydanticPrompt, default TemporalFocusPrompt()
    llm_timeout : float or None, default None
        Seconds one judgement may take, ragas retries included. ``None``: no bound of ours, the
        LLM client's own timeout stands (and, under ``ragas.evaluate``, 90 % of its
        ``RunConfig.timeout``). When ``RunConfig.timeout`` is shorter, 90 % of it is used instead.
    fix_retries : int, default 1
        ragas ``FixOutputFormat`` repair calls allowed for an unparsable reply (0 disables them).
    """

    temporal_focus: t.Any = None
    focus_llm: bool = False
    focus_prompt: PydanticPrompt = field(default_factory=TemporalFocusPrompt)

    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {**RankingMetric._mode_scorers, "llm": _llm_mode}
    #: reads the listwise prompt from the metric at call time (users may ``set_prompts``)
    _listwise_prompt: t.ClassVar[t.Callable[[t.Any], PydanticPrompt]]

    def _validate_params(self) -> None:
        super()._validate_params()  # k, then the judge settings (MetricWithJudge)
        check_temporal_focus(type(self).__name__, self.temporal_focus, self.focus_llm)


@dataclass
class TemporalPrecisionAtK(JudgedRankingMetric):
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
        :class:`JudgedRankingMetric` for its options.
    relevance_prompt : PydanticPrompt, default TemporalRelevancePrompt()
        The listwise prompt (``get_prompts()`` name ``temporal_relevance``).
    reference_date, context_dates
        Reference-date channels (see :mod:`ragas_temporal.metrics.base`).
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
    relevance_prompt: PydanticPrompt = field(default_factory=TemporalRelevancePrompt)

    _base_name: t.ClassVar[str] = "temporal_precision"
    _needs_all_retrieved: t.ClassVar[bool] = False
    _listwise_prompt = operator.attrgetter("relevance_prompt")

    def _score_from_grades(self, grades: Grades) -> Score:
        return scores.precision_at_k(grades.values, self.k)


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

    def _score_from_grades(self, grades: Grades) -> Score:
        return scores.recall_at_k(grades.values, self.k, grades.n_relevant)


@dataclass
class TemporalNDCGAtK(JudgedRankingMetric):
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
        llm: an LLM judge gives a 0-4 grade per retrieved document in one listwise call (every
        retrieved document, so the ideal ranking can hold a relevant one ranked below k); see
        :class:`JudgedRankingMetric` for its options.
    grade_prompt : PydanticPrompt, default TemporalGradePrompt()
        The listwise prompt (``get_prompts()`` name ``temporal_grade``).
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
    grade_prompt: PydanticPrompt = field(default_factory=TemporalGradePrompt)

    _base_name: t.ClassVar[str] = "temporal_ndcg"
    _relevance_scale: t.ClassVar[RelevanceScale] = "graded"
    _listwise_prompt = operator.attrgetter("grade_prompt")

    def _validate_params(self) -> None:
        super()._validate_params()
        if self.gain not in scores.GAINS:
            raise ValueError(f"TemporalNDCGAtK: gain must be one of {scores.GAINS}, got {self.gain!r}")

    def _name_parts(self) -> list[str]:
        parts = super()._name_parts()
        return parts if self.gain == "linear" else [*parts, self.gain]

    def _score_from_grades(self, grades: Grades) -> Score:
        return scores.ndcg_at_k(grades.values, self.k, ideal_gains=grades.ideal, gain=self.gain)


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

    def _score_from_grades(self, grades: Grades) -> Score:
        return scores.reciprocal_rank_at_k(grades.values, self.k)


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

    def _score_from_grades(self, grades: Grades) -> Score:
        return scores.average_precision_at_k(grades.values, self.k, grades.n_relevant)
