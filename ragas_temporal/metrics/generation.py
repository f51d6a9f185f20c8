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

import typing as t
from dataclasses import dataclass, field

from ragas.metrics.base import MetricWithLLM
from ragas.prompt import PydanticPrompt

from ragas_temporal.judging import DEFAULT_FIX_RETRIES, DEFAULT_LLM_TIMEOUT
from ragas_temporal import scores
from ragas_temporal.focus_time.languages import check_language
from ragas_temporal.metrics.base import FROM_METRIC, Case, ScorerFactory, TemporalMetric
from ragas_temporal.metrics.columns import column_problem
from ragas_temporal.metrics.dates import to_date
from ragas_temporal.metrics.llm_scorers import ClaimsJudge, FaithfulnessByJudge, HybridFaithfulness, JudgeSettings
from ragas_temporal.metrics.scorers import GRANULARITIES, FaithfulnessByFocusTime, QueryYearRecall, claim_credits
from ragas_temporal.prompts import TemporalClaimsPrompt

if t.TYPE_CHECKING:
    from ragas.run_config import RunConfig


@dataclass
class TemporalFaithfulness(TemporalMetric, MetricWithLLM):
    """Share of the answer's temporal claims that the retrieved contexts support.

    focus_time mode, ``granularity="claim"`` (default): every answer mention that has years is one
    claim at its own precision (a day, month, season, quarter, year, decade ...; a time folds into
    its day), judged as a reader would (see :mod:`ragas_temporal.scores.claims` and
    docs/METRICS.md): supported when a context states it or something finer inside it ("14 March
    1879" supports "March 1879" and "1879"), partially supported when a context only contains it
    ("20 March 1879" against "1879"; "2008" inside "2007–2009"), not supported otherwise; a range by
    its ends, an open range by its start. Score = (supported + ½ · partially supported) / claims,
    the LLM mode's formula; the reason lists each claim short of full credit with its verdict and
    the nearest date the contexts give ("'20 March 1879' not supported: the contexts give 14 March
    1879"). :meth:`claim_verdicts` gives the verdicts as data.

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
        (one call; none when the answer has no temporal expression); hybrid: the claims focus time
        finds unsupported score 0 without a call, and the LLM judges only the rest, in one call
        (none when no claim is left; see :mod:`ragas_temporal.metrics.llm_scorers` for costs).
        ``llm=`` or ``ragas.evaluate(llm=...)`` supplies the judge.
    granularity : {"claim", "year"}, default "claim"
        What a unit of support is in focus_time and hybrid modes: a claim (a stated year, range
        or period) or an expanded year. A non-default granularity is part of the default name:
        ``temporal_faithfulness_year`` (the spec ``temporal_faithfulness_year`` builds it).
    reference_date : None, date, ISO str or callable(sample) -> date | str | None
        Date that "last year" in the answer (and in contexts without a date of their own)
        resolves against. A callable sees the sample's ``user_input``, ``response`` and
        ``reference`` too.
    context_dates : None, mapping id -> date, or callable(sample, index, text) -> date | None
        Per-context reference dates (e.g. publication dates by ``retrieved_context_ids``).
    claims_prompt : PydanticPrompt, default TemporalClaimsPrompt()
        The prompt run in the llm and hybrid modes (``get_prompts()`` name ``temporal_claims``).
    llm_timeout : float or None, default None
        Seconds one judgement may take, ragas retries included. ``None``: no bound of ours, the
        LLM client's own timeout stands (and, under ``ragas.evaluate``, 90 % of its
        ``RunConfig.timeout``). When ``RunConfig.timeout`` is shorter, 90 % of it is used instead.
    fix_retries : int, default 1
        ragas ``FixOutputFormat`` repair calls allowed for an unparsable reply (0 disables them).
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

    llm_timeout: t.Optional[float] = DEFAULT_LLM_TIMEOUT
    fix_retries: int = DEFAULT_FIX_RETRIES
    claims_prompt: PydanticPrompt = field(default_factory=TemporalClaimsPrompt)
    granularity: str = "claim"

    _base_name: t.ClassVar[str] = "temporal_faithfulness"
    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {
        "focus_time": lambda metric: FaithfulnessByFocusTime(metric.granularity),
        "llm": lambda metric: FaithfulnessByJudge(ClaimsJudge(metric)),
        "hybrid": lambda metric: HybridFaithfulness(ClaimsJudge(metric), metric.granularity),
    }
    #: name part -> constructor arguments, read by the spec grammar (``temporal_faithfulness_year``)
    _spec_options: t.ClassVar[t.Mapping[str, t.Mapping[str, t.Any]]] = {
        granularity: {"granularity": granularity} for granularity in GRANULARITIES[1:]
    }

    def _validate_params(self) -> None:
        if self.granularity not in GRANULARITIES:
            allowed = " or ".join(repr(g) for g in GRANULARITIES)
            raise ValueError(f"{type(self).__name__}: granularity must be {allowed}; got {self.granularity!r}")
        self.judging = JudgeSettings.validated(type(self).__name__, self.llm_timeout, self.fix_retries)

    def _name_parts(self) -> list[str]:
        # the default (claim) stays out of the name, as the default mode does
        return [] if self.granularity == GRANULARITIES[0] else [self.granularity]

    def init(self, run_config: RunConfig) -> None:
        super().init(run_config)
        self.judging.observe_run_timeout(getattr(run_config, "timeout", None))

    def claim_verdicts(
        self, sample: t.Any, reference_date: t.Any = FROM_METRIC, language: t.Any = FROM_METRIC
    ) -> list[dict] | None:
        """The date rules' verdict on each claim of ``sample.response`` as plain values
        (:func:`ragas_temporal.scores.claim_verdicts`: claim, verdict, credit, note), or ``None``
        when the sample cannot be scored (a bad column, no datable claim) or the granularity is
        ``"year"``. No LLM call in any mode: in ``hybrid`` these are the verdicts that decide which
        claims go to the judge (the not-supported ones do not).

        >>> from ragas.dataset_schema import SingleTurnSample
        >>> sample = SingleTurnSample(response="Einstein was born on 20 March 1879.",
        ...                           retrieved_contexts=["Albert Einstein (born 14 March 1879) was a physicist."])
        >>> TemporalFaithfulness().claim_verdicts(sample)
        [{'claim': '20 March 1879', 'verdict': 'NOT_SUPPORTED', 'credit': 0.0, 'note': 'the contexts give 14 March 1879'}]
        """
        if self.granularity != "claim" or any(
            column_problem(column, getattr(sample, column, None)) for column in ("response", "retrieved_contexts")
        ):
            return None
        try:
            ref = self.dates.reference_for(sample) if reference_date is FROM_METRIC else to_date(reference_date, "reference_date")
            lang = self.language if language is FROM_METRIC or language is None else check_language(language)
        except ValueError:
            return None
        credits = claim_credits(Case(sample, ref, None, self.dates, lang))
        return None if credits is None else scores.claim_verdicts(credits)


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
