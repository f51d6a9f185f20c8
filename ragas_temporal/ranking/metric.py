"""Ranking metrics: are the retrieved contexts about the question's time, and ranked well?

Each mode only grades the retrieved documents (:class:`Grades`); :class:`RankingScorer` hands the
grades to the metric's ``score_grades``, so every mode turns grades into a score the same way.

Seed example (focus time): QFT {2020, 2021}, contexts about {2020} and {2019}, k = 2: relevance
[1, 0], P@2 = 1/2.

>>> import asyncio
>>> r = asyncio.run(TemporalPrecisionAtK(k=2).ascore(
...     user_input="What changed between 2020 and 2021?",
...     retrieved_contexts=["Offices closed in 2020.", "The merger was signed in 2019."]))
>>> r.value
0.5
>>> metric = TemporalPrecisionAtK(k=2)
>>> asyncio.run(metric.ascore(user_input="What happened in 2008?",
...     retrieved_contexts=["Lehman fell in 2008.", "Banks are old."])).reason
'query years 2008: 1 of the top 2 documents relevant (rank 1)'
"""

from __future__ import annotations

import operator
import typing as t
from dataclasses import dataclass, field

from ragas.prompt import PydanticPrompt

from ragas_temporal import scores
from ragas_temporal.ranking.gold import gold_grades, gold_ideal_grades, n_relevant_gold
from ragas_temporal.ranking import formula
from ragas_temporal.ranking.judge import judge_relevance, judge_temporal_focus
from ragas_temporal.adapter.base import Case, Failed, Outcome, ScorerFactory, TemporalMetric, undated
from ragas_temporal.adapter.judged import JudgedMetric, MetricWithJudge, judge_call
from ragas_temporal.adapter.parameters import Constraint, boolean, one_of, positive_int
from ragas_temporal.ranking.prompts import FOCUS_FOR_JUDGE, TemporalGradePrompt, TemporalRelevancePrompt
from ragas_temporal.ranking.focus_prompt import TemporalFocusPrompt
from ragas_temporal.scores import Score, format_years

__all__ = [
    "RankingMetric",
    "JudgedRankingMetric",
    "TemporalPrecisionAtK",
    "TemporalRecallAtK",
    "TemporalNDCGAtK",
    "TemporalMRR",
    "TemporalMAP",
    "Grades",
    "GradeSource",
    "FocusTimeGrades",
    "GoldGrades",
    "ListwiseJudge",
    "RankingScorer",
    "FOCUS_TIME_GRADERS",
    "FOCUS_TIME_COLUMNS",
    "GOLD_COLUMNS",
]

#: Columns of the modes that judge relevance from the question and the context texts.
FOCUS_TIME_COLUMNS = ("user_input", "retrieved_contexts")
#: Columns of the gold mode: retrieved ids against reference ids.
GOLD_COLUMNS = ("retrieved_context_ids", "reference_context_ids")

#: How relevance is graded: 0/1 (precision, recall, MRR, MAP) or 0-4 (NDCG).
RelevanceScale = t.Literal["binary", "graded"]
#: scale -> focus-time grading of documents' years against the query's
FOCUS_TIME_GRADERS: t.Mapping[str, t.Callable[..., list[float]]] = {
    "binary": scores.overlap_relevance,
    "graded": scores.jaccard_grades,
}

@dataclass(frozen=True)
class Grades:
    """What a ranking mode produces: grades in rank order, or the reason there are none.

    ``n_relevant``: relevant documents known (recall, AP divide by it); ``ideal``: the ideal grades
    when known (gold ids), else ``None`` (the ideal ranking re-orders the retrieved grades);
    ``label``: prefix of the score's reason (``"query years 2008"``); ``instead``: the outcome when
    the sample cannot be graded (a NaN score or a :class:`~ragas_temporal.adapter.base.Failed`).
    """

    values: list[float]
    n_relevant: int = 0
    ideal: list[float] | None = None
    label: str = ""
    instead: Outcome | None = None

    @classmethod
    def ungraded(cls, outcome: Outcome) -> "Grades":
        """No grades: the sample's outcome is ``outcome`` (NaN with its reason)."""
        return cls(values=[], instead=outcome)

    @classmethod
    def of(cls, values: t.Sequence[float], label: str = "") -> "Grades":
        """Grades whose relevant count is the number of positive grades (focus time, LLM)."""
        values = [float(v) for v in values]
        return cls(values=values, n_relevant=sum(1 for v in values if v > 0), label=label)


class GradeSource(t.Protocol):
    """Grades the retrieved documents of a case (a ranking mode minus the arithmetic)."""

    columns: tuple[str, ...]
    calls_llm: bool

    async def grades(self, case: Case) -> Grades: ...


@dataclass(frozen=True)
class FocusTimeGrades:
    """Grades by years: overlap (binary) or ``4 · Jaccard`` (graded) of each context with the query.

    ``limit``: grade only the first ``limit`` contexts (``None``: all retrieved).
    """

    scale: RelevanceScale = "binary"
    limit: int | None = None
    columns: tuple[str, ...] = FOCUS_TIME_COLUMNS
    focus_of: tuple[str, ...] = FOCUS_TIME_COLUMNS
    calls_llm: bool = False

    @property
    def context_limit(self) -> int | None:
        return self.limit

    async def grades(self, case: Case) -> Grades:
        query = case.query
        nothing_dated = undated(query, "query", case.reference_date)
        if nothing_dated is not None:
            return Grades.ungraded(nothing_dated)
        values = FOCUS_TIME_GRADERS[self.scale](query.years, [d.years for d in case.contexts])
        return Grades.of(values, label=f"query years {format_years(query.years)}")


@dataclass(frozen=True)
class GoldGrades:
    """Grades by ids: 1 iff a retrieved id is among ``reference_context_ids`` (best rank counts)."""

    columns: tuple[str, ...] = GOLD_COLUMNS
    calls_llm: bool = False

    async def grades(self, case: Case) -> Grades:
        gold = case.sample.reference_context_ids
        return Grades(
            values=gold_grades(case.sample.retrieved_context_ids, gold),
            n_relevant=n_relevant_gold(gold),
            ideal=gold_ideal_grades(gold),
        )


@dataclass(frozen=True)
class RankingScorer:
    """A ranking mode: a grade source, then the metric's one function from grades to a score."""

    grades: GradeSource
    score_grades: t.Callable[[Grades], Score]

    @property
    def columns(self) -> tuple[str, ...]:
        return self.grades.columns

    @property
    def calls_llm(self) -> bool:
        return self.grades.calls_llm

    @property
    def focus_of(self) -> tuple[str, ...]:
        return getattr(self.grades, "focus_of", ())

    @property
    def context_limit(self) -> int | None:
        return getattr(self.grades, "context_limit", None)

    async def score(self, case: Case) -> Outcome:
        grades = await self.grades.grades(case)
        if grades.instead is not None:
            return grades.instead
        score = self.score_grades(grades)
        return Score(score.value, f"{grades.label}: {score.reason}") if grades.label else score
class ListwiseJudgedMetric(JudgedMetric, t.Protocol):
    """What a listwise judge reads besides: how the query's temporal focus is found."""

    temporal_focus: t.Any
    focus_llm: bool
    focus_prompt: t.Any


def focus_label(value: object) -> t.Any:
    """``temporal_focus``: ``None``, a callable(sample) -> label, or one of the focus labels."""
    if value is not None and not callable(value) and value not in FOCUS_FOR_JUDGE:
        raise ValueError(
            f"temporal_focus must be None, a callable(sample) -> label, or one of "
            f"{', '.join(FOCUS_FOR_JUDGE)}; got {value!r}"
        )
    return value


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
            **judge_call(self.host, case),
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
            document_dates=case.own_dates(documents), **judge_call(self.host, case),
        )
        if not judgement.ok:
            return Grades.ungraded(Failed.judge(judgement.error))
        label = f"LLM judge (focus {focus})"
        if self.scale == "graded":
            label += f", grades {list(judgement.values)}"
        return Grades.of(judgement.values, label=label)


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

    Every mode only grades the retrieved documents (:class:`Grades`);
    subclasses implement ``_score_from_grades(grades)``: the score from the per-document grades in
    rank order, the number of relevant documents known and the ideal grades (gold mode only).
    """

    k: int = 10

    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {"focus_time": _focus_time_mode, "gold": _gold_mode}
    #: whether the score needs every retrieved document (recall, AP, NDCG) or only the top k
    _needs_all_retrieved: t.ClassVar[bool] = True
    #: 0/1 relevance, or 0-4 grades (NDCG)
    _relevance_scale: t.ClassVar[RelevanceScale] = "binary"
    _parameter_constraints: t.ClassVar[t.Mapping[str, Constraint]] = {"k": positive_int}

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
    llm_timeout, fix_retries : see :class:`~ragas_temporal.adapter.judged.MetricWithJudge`
    """

    temporal_focus: t.Any = None
    focus_llm: bool = False
    focus_prompt: PydanticPrompt = field(default_factory=TemporalFocusPrompt)

    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {**RankingMetric._mode_scorers, "llm": _llm_mode}
    #: reads the listwise prompt from the metric at call time (users may ``set_prompts``)
    _listwise_prompt: t.ClassVar[t.Callable[[t.Any], PydanticPrompt]]

    _parameter_constraints: t.ClassVar[t.Mapping[str, Constraint]] = {
        "temporal_focus": focus_label,
        "focus_llm": boolean("focus_llm"),
    }


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
        Reference-date channels (see :mod:`ragas_temporal.adapter.base`).
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
        return formula.precision_at_k(grades.values, self.k)


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
        return formula.recall_at_k(grades.values, self.k, grades.n_relevant)


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
    _parameter_constraints: t.ClassVar[t.Mapping[str, Constraint]] = {"gain": one_of("gain", formula.GAINS)}

    def _name_parts(self) -> list[str]:
        parts = super()._name_parts()
        return parts if self.gain == "linear" else [*parts, self.gain]

    def _score_from_grades(self, grades: Grades) -> Score:
        return formula.ndcg_at_k(grades.values, self.k, ideal_gains=grades.ideal, gain=self.gain)


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
        return formula.reciprocal_rank_at_k(grades.values, self.k)


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
        return formula.average_precision_at_k(grades.values, self.k, grades.n_relevant)
