"""Answer and coverage metrics on focus time: does the answer stay in, and cover, the periods asked about?

- :class:`AnswerTemporalPrecision`: ``|AFT ∩ QFT| / |AFT|``, the pair to ``AnswerTemporalRecall``;
- :class:`TemporalAnchorCoverage`: the share of the query's anchors (periods it names) the answer,
  or the top-K contexts, touch;
- :class:`TemporalYearPrecisionAtK`, :class:`TemporalYearRecallAtK` (TemporalYearCoverage@K):
  precision and recall of the query's years among the years of the top-K contexts.

>>> import asyncio
>>> r = asyncio.run(AnswerTemporalPrecision().ascore(
...     user_input="What happened in 2008?", response="Banks failed in 2007 and 2010."))
>>> r.value, r.reason
(0.0, '0 of 2 answer years in the query focus; off-focus: 2007, 2010')
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from ragas_temporal.metrics.answer_scorers import AnchorCoverage, AnswerYearPrecision, RetrievedYearCoverage
from ragas_temporal.metrics.base import ScorerFactory, TemporalMetric

__all__ = [
    "AnswerTemporalPrecision",
    "TemporalAnchorCoverage",
    "TemporalYearCoverageAtK",
    "TemporalYearPrecisionAtK",
    "TemporalYearRecallAtK",
]


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
    reference_date, context_dates : the date channels of :mod:`ragas_temporal.metrics.base`
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
    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {
        "focus_time": lambda metric: AnchorCoverage(
            metric.k, ("user_input", "response") if metric.k is None else ("user_input", "retrieved_contexts")
        ),
    }

    def _validate_params(self) -> None:
        if self.k is not None:
            self.k = self._checked_k(self.k)

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
    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {
        "focus_time": lambda metric: RetrievedYearCoverage(metric.k, metric._measure),
    }

    def _validate_params(self) -> None:
        self.k = self._checked_k(self.k)

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
