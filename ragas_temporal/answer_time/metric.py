"""Answer-time metrics on focus time: does the answer (or the top-K) cover, and stay in, the periods asked about?

>>> import asyncio
>>> r = asyncio.run(AnswerTemporalPrecision().ascore(
...     user_input="What happened in 2008?", response="Banks failed in 2007 and 2010."))
>>> r.value, r.reason
(0.0, '0 of 2 answer years in the query focus; off-focus: 2007, 2010')
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from ragas_temporal import scores
from ragas_temporal.adapter.base import Case, Outcome, ScorerFactory, TemporalMetric, undated
from ragas_temporal.adapter.parameters import Constraint, optional, positive_int
from ragas_temporal.scores import Score

__all__ = [
    "AnswerTemporalRecall",
    "AnswerTemporalPrecision",
    "TemporalAnchorCoverage",
    "TemporalYearCoverageAtK",
    "TemporalYearPrecisionAtK",
    "TemporalYearRecallAtK",
    "QueryYearRecall",
    "AnswerYearPrecision",
    "AnchorCoverage",
    "RetrievedYearCoverage",
]


@dataclass(frozen=True)
class QueryYearRecall:
    """``|AFT ∩ QFT| / |QFT|``: the share of the question's years the answer covers."""

    columns: tuple[str, ...] = ("user_input", "response")
    focus_of: tuple[str, ...] = ("user_input", "response")
    calls_llm: bool = False

    async def score(self, case: Case) -> Score:
        nothing_dated = undated(case.query, "query", case.reference_date)
        if nothing_dated is not None:
            return nothing_dated
        return scores.answer_temporal_recall(case.answer.years, case.query.years)


@dataclass(frozen=True)
class AnswerYearPrecision:
    """``|AFT ∩ QFT| / |AFT|``: the share of the answer's years inside the period asked about."""

    columns: tuple[str, ...] = ("user_input", "response")
    focus_of: tuple[str, ...] = ("user_input", "response")
    calls_llm: bool = False

    async def score(self, case: Case) -> Outcome:
        return scores.answer_temporal_precision(case.answer.years, case.query.years)


@dataclass(frozen=True)
class AnchorCoverage:
    """Share of the query's anchors (one per temporal mention with years) the answer or the top-K contexts touch."""

    k: int | None = None
    columns: tuple[str, ...] = ("user_input", "response")
    calls_llm: bool = False

    @property
    def focus_of(self) -> tuple[str, ...]:
        return self.columns

    @property
    def context_limit(self) -> int | None:
        return self.k

    async def score(self, case: Case) -> Outcome:
        anchors = [m.years for m in case.query.mentions if m.years]
        if self.k is None:
            covered = case.answer.years
        else:
            covered = frozenset().union(*(c.years for c in case.contexts))
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
    focus_of: tuple[str, ...] = ("user_input", "retrieved_contexts")
    calls_llm: bool = False

    @property
    def context_limit(self) -> int | None:
        return self.k

    async def score(self, case: Case) -> Outcome:
        query = case.query
        documents = [c.years for c in case.contexts]
        function = scores.retrieved_year_precision if self.measure == "precision" else scores.retrieved_year_recall
        score = function(query.years, documents)
        return Score(score.value, f"top {self.k}: {score.reason}")


@dataclass
class AnswerTemporalRecall(TemporalMetric):
    """Share of the question's years that the answer covers: ``|AFT ∩ QFT| / |QFT|``.

    AFT is the focus time of the ``response``, QFT that of the ``user_input``. ``NaN`` when the
    question has no temporal focus. Both sides resolve relative expressions against the sample's
    reference date ("what happened last year?" with reference date 2024-06-01 asks about 2023).

    Columns: ``user_input``, ``response``.

    Parameters
    ----------
    mode : {"focus_time"}
    reference_date : None, date, ISO str or callable(sample) -> date | str | None
    name : str, default "answer_temporal_recall"

    Examples
    --------
    >>> import asyncio
    >>> r = asyncio.run(AnswerTemporalRecall().ascore(
    ...     user_input="What happened to house prices in 2008 and 2009?",
    ...     response="They fell sharply in 2008."))
    >>> r.value
    0.5
    """

    _base_name: t.ClassVar[str] = "answer_temporal_recall"
    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {
        "focus_time": lambda metric: QueryYearRecall(),
    }


@dataclass
class AnswerTemporalPrecision(TemporalMetric):
    """Share of the answer's years inside the period the question asks about: ``|AFT ∩ QFT| / |AFT|``.

    The pair to :class:`~ragas_temporal.metrics.AnswerTemporalRecall`: recall asks whether the
    answer covers the asked years, precision whether it stays in them. "What happened in 2008?"
    answered with 2007 and 2010 events scores 0. ``NaN`` when the question has no temporal focus
    or the answer states no year.

    Columns: ``user_input``, ``response``.

    Parameters
    ----------
    mode : {"focus_time"}
    reference_date : None, date, ISO str or callable(sample) -> date | str | None
    name : str, default "answer_temporal_precision"

    Examples
    --------
    >>> import asyncio
    >>> asyncio.run(AnswerTemporalPrecision().ascore(
    ...     user_input="What happened to house prices in 2008?",
    ...     response="They fell in 2008 and recovered in 2012.")).value
    0.5
    """

    _base_name: t.ClassVar[str] = "answer_temporal_precision"
    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {"focus_time": lambda metric: AnswerYearPrecision()}


@dataclass
class TemporalAnchorCoverage(TemporalMetric):
    """Share of the periods the question names that the answer (or the top-K contexts) covers.

    Each temporal mention of the question with years is one anchor ("compare 2010 with 2020": two;
    "the 1990s versus 2020": two, a decade counting once); an anchor is covered when the covering
    text mentions at least one of its years. ``k=None`` (default): the answer covers; ``k=K``: the
    top-K retrieved contexts cover (a retrieval check). ``NaN`` when the question names no period.

    Columns: ``user_input`` and ``response`` (``k=None``) or ``retrieved_contexts`` (``k`` set).

    Parameters
    ----------
    k : int or None, default None
    mode : {"focus_time"}
    reference_date, context_dates : the date channels of :mod:`ragas_temporal.adapter.base`
    name : str, default "temporal_anchor_coverage" (``temporal_anchor_coverage_at_5`` with k=5)

    Examples
    --------
    >>> import asyncio
    >>> r = asyncio.run(TemporalAnchorCoverage().ascore(
    ...     user_input="Compare unemployment in 2010 with 2020.", response="In 2010 it was 9.6%."))
    >>> r.value, r.reason
    (0.5, 'covers 1 of 2 query anchors; not covered: 2020')
    """

    k: t.Optional[int] = None

    _base_name: t.ClassVar[str] = "temporal_anchor_coverage"
    _parameter_constraints: t.ClassVar[t.Mapping[str, Constraint]] = {"k": optional(positive_int)}
    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {
        "focus_time": lambda metric: AnchorCoverage(
            metric.k, ("user_input", "response") if metric.k is None else ("user_input", "retrieved_contexts")
        ),
    }

    def _name_parts(self) -> list[str]:
        return [] if self.k is None else [f"at_{self.k}"]


@dataclass
class TemporalYearCoverageAtK(TemporalMetric):
    """Precision or recall of the query's years among the years of the top-K contexts (base class).

    ``precision = |QFT ∩ Y_K| / |Y_K|`` and ``recall = |QFT ∩ Y_K| / |QFT|`` with ``Y_K`` the union of
    the top-K contexts' focus times. Use :class:`TemporalYearPrecisionAtK` or
    :class:`TemporalYearRecallAtK`.
    """

    k: int = 5

    _measure: t.ClassVar[str] = "precision"
    _parameter_constraints: t.ClassVar[t.Mapping[str, Constraint]] = {"k": positive_int}
    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {
        "focus_time": lambda metric: RetrievedYearCoverage(metric.k, metric._measure),
    }

    def _name_parts(self) -> list[str]:
        return [f"at_{self.k}"]


@dataclass
class TemporalYearPrecisionAtK(TemporalYearCoverageAtK):
    """Share of the years in the top-K contexts that the query asks about: ``|QFT ∩ Y_K| / |Y_K|``.

    ``NaN`` when the query has no temporal focus or no top-K context mentions a year.

    Columns: ``user_input``, ``retrieved_contexts``.

    Examples
    --------
    >>> import asyncio
    >>> r = asyncio.run(TemporalYearPrecisionAtK(k=2).ascore(
    ...     user_input="What happened in 2020?",
    ...     retrieved_contexts=["Lockdowns began in 2020 and eased in 2021.", "The 2019 budget.", "2020 again."]))
    >>> r.value, r.reason
    (0.3333333333333333, 'top 2: 1 of 3 retrieved years in the query focus; off-focus: 2019, 2021')
    """

    _base_name: t.ClassVar[str] = "temporal_year_precision"
    _measure: t.ClassVar[str] = "precision"


@dataclass
class TemporalYearRecallAtK(TemporalYearCoverageAtK):
    """Share of the query's years that the top-K contexts mention: ``|QFT ∩ Y_K| / |QFT|``.

    ``NaN`` when the query has no temporal focus.

    Columns: ``user_input``, ``retrieved_contexts``.

    Examples
    --------
    >>> import asyncio
    >>> r = asyncio.run(TemporalYearRecallAtK(k=1).ascore(
    ...     user_input="Compare 2020 and 2021.", retrieved_contexts=["In 2020 ...", "In 2021 ..."]))
    >>> r.value, r.reason
    (0.5, 'top 1: 1 of 2 query years retrieved; missing: 2021')
    """

    _base_name: t.ClassVar[str] = "temporal_year_recall"
    _measure: t.ClassVar[str] = "recall"
