"""Generation metrics: is the answer's time grounded in the contexts, does it cover the question's?

>>> import asyncio
>>> from ragas_temporal.metrics import TemporalFaithfulness
>>> contexts = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
>>> metric = TemporalFaithfulness()
>>> asyncio.run(metric.ascore(response="The crisis occurred in 2008 and continued into 2009.",
...                           retrieved_contexts=contexts)).value
1.0
"""

from __future__ import annotations

import datetime as dt
import typing as t
from dataclasses import dataclass

from ragas.dataset_schema import SingleTurnSample
from ragas.metrics.base import MetricWithLLM

from ragas_temporal import scores
from ragas_temporal.metrics._base import TemporalMetric
from ragas_temporal.metrics._llm_modes import FaithfulnessLLMModes
from ragas_temporal.scores import Score

#: How TemporalFaithfulness counts what the answer states; the first is the default.
GRANULARITIES = ("claim", "year")

if t.TYPE_CHECKING:
    from langchain_core.callbacks import Callbacks


@dataclass
class TemporalFaithfulness(FaithfulnessLLMModes, TemporalMetric, MetricWithLLM):
    """Share of the answer's temporal claims that the retrieved contexts support.

    focus_time mode, ``granularity="claim"`` (default): every answer mention that has years is one
    claim, judged as a reader would (see :mod:`ragas_temporal.scores.claims` and docs/METRICS.md):
    a year or date by its year; a range by both of its ends or by lying inside a range a context
    states (one supported end: half credit); an open range by its start; a decade or century by the
    same period or a year inside it. Score = credited claims / claims; the reason quotes each claim
    short of full credit by its text ("'2007–11': only 2007 found").

    ``granularity="year"``: the year-set formula ``|AFT ∩ (DFT_1 ∪ ... ∪ DFT_n)| / |AFT|`` over the
    expanded years of the ``response`` (AFT) and of each context (DFT_i); one 33-year range then
    weighs 33 times a single year.

    ``NaN`` when the answer states no datable time; the reason says what to do ("'last year' needs
    a reference date: pass reference_date=... or a reference_date column"). ``NaN`` too when a
    column is missing, empty or not text (the reason says which).

    Columns: ``response``, ``retrieved_contexts``.

    Parameters
    ----------
    mode : {"focus_time", "llm", "hybrid"}
        focus_time never calls the LLM. llm: an LLM judge labels each temporal claim of the answer
        (one call; none when the answer has no temporal expression); hybrid: invented years are
        scored by focus time without a call, the LLM is asked only when every answer year occurs
        in the contexts. See :class:`ragas_temporal.metrics._llm_modes.FaithfulnessLLMModes` for
        ``claims_prompt``, ``llm_timeout`` and ``fix_retries``; ``llm=`` or
        ``ragas.evaluate(llm=...)`` supplies the judge.
    reference_date : None, date, ISO str or callable(sample) -> date | str | None
        Date that "last year" in the answer (and in contexts without a date of their own)
        resolves against. A callable sees the sample's ``user_input``, ``response`` and
        ``reference`` too.
    context_dates : None, mapping id -> date, or callable(sample, index, text) -> date | None
        Per-context reference dates (e.g. publication dates by ``retrieved_context_ids``).
    granularity : {"claim", "year"}, default "claim"
        What a unit of support is: a claim (a stated year, range or period) or an expanded year. A
        non-default granularity is part of the default name: ``temporal_faithfulness_year``.
    name : str, default "temporal_faithfulness"

    Examples
    --------
    >>> import asyncio
    >>> francis = ["Francis I was crowned King of France in 1515 and reigned until his death in 1547."]
    >>> answer = "Francis I was King of France from 1515 to 1547."
    >>> asyncio.run(TemporalFaithfulness().ascore(response=answer, retrieved_contexts=francis)).value
    1.0
    >>> year_level = TemporalFaithfulness(granularity="year")
    >>> year_level.name, round(asyncio.run(year_level.ascore(response=answer, retrieved_contexts=francis)).value, 2)
    ('temporal_faithfulness_year', 0.06)

    The year formula counted 1516..1546 as 31 unsupported years; the claim reads one supported range.
    >>> contexts = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
    >>> r = asyncio.run(TemporalFaithfulness().ascore(
    ...     response="The crisis started in 2007 and ended in 2010.", retrieved_contexts=contexts))
    >>> r.value, r.reason
    (0.0, "'2007', '2010' not found in the retrieved contexts")
    """

    _base_name: t.ClassVar[str] = "temporal_faithfulness"
    _modes: t.ClassVar[tuple[str, ...]] = ("focus_time", "llm", "hybrid")
    _llm_modes: t.ClassVar[tuple[str, ...]] = ("llm", "hybrid")  # see _llm_modes.FaithfulnessLLMModes
    _columns: t.ClassVar[dict[str, tuple[str, ...]]] = {
        mode: ("response", "retrieved_contexts") for mode in ("focus_time", "llm", "hybrid")
    }

    granularity: str = "claim"

    def _validate_params(self) -> None:
        super()._validate_params()
        if self.granularity not in GRANULARITIES:
            allowed = " or ".join(repr(g) for g in GRANULARITIES)
            raise ValueError(f"{type(self).__name__}: granularity must be {allowed}; got {self.granularity!r}")

    def _name_parts(self) -> list[str]:
        # the default (claim) stays out of the name, as the default mode does
        return [] if self.granularity == GRANULARITIES[0] else [self.granularity]

    async def _score_focus_time(
        self, sample: SingleTurnSample, reference_date: dt.date | None, callbacks: Callbacks = None
    ) -> Score:
        answer = self._focus_time(sample.response, reference_date)
        if not answer.years:
            return self._nan(scores.no_claim_reason(answer.mentions, side="answer"))
        contexts = self._context_focus_times(sample, reference_date)
        if self.granularity == "year":
            return scores.temporal_faithfulness(answer.years, [c.years for c in contexts])
        return scores.claim_faithfulness(
            scores.claims_from_focus_time(answer), [scores.claims_from_focus_time(c) for c in contexts]
        )


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
    _modes: t.ClassVar[tuple[str, ...]] = ("focus_time",)
    _columns: t.ClassVar[dict[str, tuple[str, ...]]] = {"focus_time": ("user_input", "response")}

    async def _score_focus_time(
        self, sample: SingleTurnSample, reference_date: dt.date | None, callbacks: Callbacks = None
    ) -> Score:
        query = self._focus_time(sample.user_input, reference_date)
        if not query.years:
            return self._nan(scores.no_claim_reason(query.mentions, side="query"))
        answer = self._focus_time(sample.response, reference_date)
        return scores.answer_temporal_recall(answer.years, query.years)
