"""Scorers for the modes that never call an LLM, and the one path from relevance grades to a score.

A scorer is a small object: the ``columns`` its mode reads, ``calls_llm``, and
``async score(case) -> Score``. Metric classes compose them in their ``_mode_scorers`` map; the
arithmetic itself is a call into :mod:`ragas_temporal.scores`.

Ranking modes only *grade* the retrieved documents (:class:`Grades`: a grade per document in rank
order, how many relevant ones are known, the ideal grades when known, and a label that prefixes
the reason). :class:`RankingScorer` pairs a grade source (focus time, gold ids, or an LLM judge in
:mod:`ragas_temporal.metrics.llm_scorers`) with the metric's ``score_grades``, so every mode of
every ranking metric turns grades into a score the same way.

>>> import asyncio
>>> from ragas_temporal.metrics import TemporalPrecisionAtK
>>> metric = TemporalPrecisionAtK(k=2)
>>> type(metric.scorer).__name__, type(metric.scorer.grades).__name__
('RankingScorer', 'FocusTimeGrades')
>>> asyncio.run(metric.ascore(user_input="What happened in 2008?",
...     retrieved_contexts=["Lehman fell in 2008.", "Banks are old."])).reason
'query years 2008: 1 of the top 2 documents relevant (rank 1)'
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from ragas_temporal import scores
from ragas_temporal.metrics.base import Case, Outcome
from ragas_temporal.scores import Score, format_years

__all__ = [
    "GRANULARITIES",
    "undated",
    "FOCUS_TIME_COLUMNS",
    "GOLD_COLUMNS",
    "FaithfulnessByFocusTime",
    "QueryYearRecall",
    "Grades",
    "GradeSource",
    "FocusTimeGrades",
    "GoldGrades",
    "RankingScorer",
    "FOCUS_TIME_GRADERS",
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

#: How TemporalFaithfulness counts what the answer states; the first is the default.
GRANULARITIES = ("claim", "year")


def undated(focus_time: t.Any, side: str, reference_date: t.Any = None) -> Score | None:
    """NaN with the reason saying what to do when a text has no datable mention, else ``None``.

    ``reference_date`` is the date the text was read against (the reason differs with and without one).
    """
    if focus_time.years:
        return None
    return scores.undefined(scores.no_claim_reason(focus_time.mentions, side=side, reference_date=reference_date))


@dataclass(frozen=True)
class FaithfulnessByFocusTime:
    """Faithfulness by focus time: supported claims / claims (``"claim"``) or ``|AFT ∩ ∪DFT| / |AFT|`` (``"year"``)."""

    granularity: str = GRANULARITIES[0]
    columns: tuple[str, ...] = ("response", "retrieved_contexts")
    calls_llm: bool = False

    async def score(self, case: Case) -> Score:
        answer = case.focus_time(case.sample.response)
        nothing_dated = undated(answer, "answer", case.reference_date)
        if nothing_dated is not None:
            return nothing_dated
        contexts = case.context_focus_times()
        if self.granularity == "year":
            return scores.temporal_faithfulness(answer.years, [c.years for c in contexts])
        return scores.claim_faithfulness(
            scores.claims_from_focus_time(answer), [scores.claims_from_focus_time(c) for c in contexts]
        )


def claim_credits(case: Case) -> list[t.Any] | None:
    """The date rules' credit (and verdict) of each claim of the case's answer against its contexts;
    ``None`` when the answer has no datable claim. Read by the hybrid mode and the verdicts column."""
    answer = case.focus_time(case.sample.response)
    if not answer.years:
        return None
    return scores.credit_claims(
        scores.claims_from_focus_time(answer), [scores.claims_from_focus_time(c) for c in case.context_focus_times()]
    )


@dataclass(frozen=True)
class QueryYearRecall:
    """``|AFT ∩ QFT| / |QFT|``: the share of the question's years the answer covers."""

    columns: tuple[str, ...] = ("user_input", "response")
    calls_llm: bool = False

    async def score(self, case: Case) -> Score:
        query = case.focus_time(case.sample.user_input)
        nothing_dated = undated(query, "query", case.reference_date)
        if nothing_dated is not None:
            return nothing_dated
        answer = case.focus_time(case.sample.response)
        return scores.answer_temporal_recall(answer.years, query.years)


@dataclass(frozen=True)
class Grades:
    """What a ranking mode produces: grades in rank order, or the reason there are none.

    ``n_relevant``: relevant documents known (recall, AP divide by it); ``ideal``: the ideal grades
    when known (gold ids), else ``None`` (the ideal ranking re-orders the retrieved grades);
    ``label``: prefix of the score's reason (``"query years 2008"``); ``instead``: the outcome when
    the sample cannot be graded (a NaN score or a :class:`~ragas_temporal.metrics.base.Failed`).
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
    calls_llm: bool = False

    async def grades(self, case: Case) -> Grades:
        query = case.focus_time(case.sample.user_input)
        nothing_dated = undated(query, "query", case.reference_date)
        if nothing_dated is not None:
            return Grades.ungraded(nothing_dated)
        docs = case.context_focus_times(self.limit)
        values = FOCUS_TIME_GRADERS[self.scale](query.years, [d.years for d in docs])
        return Grades.of(values, label=f"query years {format_years(query.years)}")


@dataclass(frozen=True)
class GoldGrades:
    """Grades by ids: 1 iff a retrieved id is among ``reference_context_ids`` (best rank counts)."""

    columns: tuple[str, ...] = GOLD_COLUMNS
    calls_llm: bool = False

    async def grades(self, case: Case) -> Grades:
        gold = case.sample.reference_context_ids
        return Grades(
            values=scores.gold_grades(case.sample.retrieved_context_ids, gold),
            n_relevant=scores.n_relevant_gold(gold),
            ideal=scores.gold_ideal_grades(gold),
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

    async def score(self, case: Case) -> Outcome:
        grades = await self.grades.grades(case)
        if grades.instead is not None:
            return grades.instead
        score = self.score_grades(grades)
        return Score(score.value, f"{grades.label}: {score.reason}") if grades.label else score
