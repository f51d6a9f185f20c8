"""Temporal faithfulness: are the answer's dates grounded in the retrieved contexts?

The metric class, its modes' scorers and the claims judge they share; the arithmetic is
:mod:`ragas_temporal.faithfulness.formula`'s. LLM calls per sample: ``llm`` 1 (none when the answer
has no temporal expression); ``hybrid`` 1 for the claims the dates did not reject (none when none
is left; with ``granularity="year"``, none when an answer year is in no context).

>>> import asyncio
>>> contexts = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
>>> metric = TemporalFaithfulness()
>>> asyncio.run(metric.ascore(response="The crisis occurred in 2008 and continued into 2009.",
...                           retrieved_contexts=contexts)).value
1.0
"""

from __future__ import annotations

import operator
import typing as t
from dataclasses import dataclass, field, replace

from ragas.prompt import PydanticPrompt

from ragas_temporal import scores
from ragas_temporal.faithfulness import formula
from ragas_temporal.scores import Judgement
from ragas_temporal.faithfulness.judge import grounding_flags, judge_temporal_claims, own_claims, ungrounded_reason
from ragas_temporal.adapter.base import Outcome, ScorerFactory, undated
from ragas_temporal.adapter.case import FROM_METRIC, Case, Failed, read_case
from ragas_temporal.adapter.judged import JudgedMetric, MetricWithJudge, judge_call
from ragas_temporal.adapter.parameters import Constraint, one_of
from ragas_temporal.faithfulness.prompts import TemporalClaimsPrompt
from ragas_temporal.scores import JudgeFellBack, Score

__all__ = [
    "TemporalFaithfulness",
    "GRANULARITIES",
    "FaithfulnessByFocusTime",
    "FaithfulnessByJudge",
    "HybridFaithfulness",
    "ClaimsJudge",
]

#: How TemporalFaithfulness counts what the answer states; the first is the default.
GRANULARITIES = ("claim", "year")

_NOT_SUPPORTED_SHOWN = 3  # claims quoted in a reason; more are counted, not listed
NO_EXPRESSION = "answer makes no temporal claim (no temporal expression; no LLM call)"


@dataclass
class TemporalFaithfulness(MetricWithJudge):
    """Share of the answer's temporal claims that the retrieved contexts support.

    ``granularity="claim"`` (default): each dated mention of the answer is one claim at its own
    precision: supported (1) when a context states it or something finer inside it ("14 March
    1879" supports "March 1879"), partially supported (½) when a context only contains it, else not
    supported (0); score = (supported + ½ · partially supported) / claims, the LLM mode's formula
    (the rules: docs/METRICS.md). The reason names each claim short of full credit and the nearest
    date the contexts give; :meth:`claim_verdicts` gives the verdicts as data.
    ``granularity="year"``: the year-set formula ``|AFT ∩ ∪DFT_i| / |AFT|``, where one 33-year range
    weighs 33 years. NaN, with a reason saying what to do, when the answer states no datable time
    or a column cannot be read.

    Columns: ``response``, ``retrieved_contexts``.

    Parameters
    ----------
    mode : {"focus_time", "llm", "hybrid"}
        focus_time never calls the LLM; llm: a judge labels each temporal claim of the answer;
        hybrid: the claims no context states score 0 without a call, the judge reads the rest.
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
    llm_timeout, fix_retries : see :class:`~ragas_temporal.adapter.judged.MetricWithJudge`
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

    The year formula counts 1516..1546 as 31 unsupported years; the claim reads one supported range.

    >>> contexts = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
    >>> r = asyncio.run(TemporalFaithfulness().ascore(
    ...     response="The crisis started in 2007 and ended in 2010.", retrieved_contexts=contexts))
    >>> r.value, r.reason
    (0.0, "'2007', '2010' not found in the retrieved contexts")
    """

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
    _parameter_constraints: t.ClassVar[t.Mapping[str, Constraint]] = {
        "granularity": one_of("granularity", GRANULARITIES, wording="or"),
    }

    def _name_parts(self) -> list[str]:
        # the default (claim) stays out of the name, as the default mode does
        return [] if self.granularity == GRANULARITIES[0] else [self.granularity]

    def claim_verdicts(
        self, sample: t.Any, reference_date: t.Any = FROM_METRIC, language: t.Any = FROM_METRIC
    ) -> list[dict] | None:
        """The date rules' verdict on each claim of ``sample.response`` as plain values
        (:func:`~ragas_temporal.faithfulness.formula.claim_verdicts`), or ``None`` when the sample
        cannot be read, has no temporal expression or the granularity is ``"year"``. No LLM call in
        any mode: in ``hybrid`` these decide which claims go to the judge.

        >>> from ragas.dataset_schema import SingleTurnSample
        >>> sample = SingleTurnSample(response="Einstein was born on 20 March 1879.",
        ...                           retrieved_contexts=["Albert Einstein (born 14 March 1879) was a physicist."])
        >>> TemporalFaithfulness().claim_verdicts(sample)
        [{'claim': '20 March 1879', 'verdict': 'NOT_SUPPORTED', 'credit': 0.0, 'note': 'the contexts give 14 March 1879'}]
        """
        if self.granularity != "claim":
            return None
        case = read_case(self, sample, None, reference_date, language, focus_of=FaithfulnessByFocusTime.focus_of)
        if isinstance(case, Failed):
            return None
        credits = formula.claim_credits(case.answer, case.contexts)
        return None if not credits else formula.claim_verdicts(credits)


@dataclass(frozen=True)
class FaithfulnessByFocusTime:
    """``mode="focus_time"``: supported claims / claims (``"claim"``) or ``|AFT ∩ ∪DFT| / |AFT|`` (``"year"``)."""

    granularity: str = GRANULARITIES[0]
    columns: tuple[str, ...] = ("response", "retrieved_contexts")
    focus_of: tuple[str, ...] = ("response", "retrieved_contexts")
    calls_llm: bool = False

    async def score(self, case: Case) -> Score:
        answer, contexts = case.answer, case.contexts
        if self.granularity == "year":
            nothing_dated = undated(answer, "answer", case.reference_date)
            if nothing_dated is not None:
                return nothing_dated
            return scores.temporal_faithfulness(answer.years, [c.years for c in contexts])
        credits = formula.claim_credits(answer, contexts)
        return formula.credits_score(credits or [], formula.why_nothing_checked(answer, credits, case.reference_date))


@dataclass
class FaithfulnessByJudge:
    """``mode="llm"``: (supported + ½ · partially supported) / claims, from one judge call.

    No call when the answer holds no temporal expression. Only the answer's own claims count, each
    once (:mod:`ragas_temporal.faithfulness.judge`), so a judge that answered about something
    else never gives the answer a score.
    """

    judge: ClaimsJudge
    columns: tuple[str, ...] = ("response", "retrieved_contexts")
    calls_llm: bool = True

    focus_of: tuple[str, ...] = ("response",)

    async def score(self, case: Case) -> Outcome:
        if not case.answer.mentions:
            return scores.undefined(NO_EXPRESSION)
        return await self.judge.score(case)


@dataclass
class HybridFaithfulness:
    """``mode="hybrid"``: focus time rejects what no context states, for free; the judge reads the rest.

    ``granularity="claim"``: each claim the dates did not reject earns ``min(date credit, judge
    credit)`` (:func:`~ragas_temporal.faithfulness.formula.capped_claim_faithfulness`): the judge can
    lower what the dates allow, never raise it, and when it fails the date credit stands, so hybrid
    is never worse than focus time. ``granularity="year"``: an answer year in no context decides by
    the year-set formula; otherwise the judge's verdict score is the result.
    """

    judge: ClaimsJudge
    granularity: str = "claim"
    columns: tuple[str, ...] = ("response", "retrieved_contexts")
    focus_of: tuple[str, ...] = ("response", "retrieved_contexts")
    calls_llm: bool = True

    async def score(self, case: Case) -> Outcome:
        answer = case.answer
        if not answer.mentions:
            return scores.undefined(NO_EXPRESSION)
        if self.granularity == "year":
            return await self._by_years(case, answer)
        credits = formula.claim_credits(answer, case.contexts)
        nothing = formula.why_nothing_checked(answer, credits, case.reference_date)
        if nothing:
            return scores.undefined(f"{nothing} (no LLM call)")
        to_judge = formula.claims_for_judge(credits)
        if not to_judge:
            return formula.capped_claim_faithfulness(credits, [])
        judgement = await self.judge.judge(case, [claim.text for claim in to_judge])
        if not judgement.ok:  # never worse than focus time: the dates' credits stand
            return formula.capped_claim_faithfulness(credits, [None] * len(to_judge), judgement.error)
        flags = grounding_flags(
            judgement, case.sample.response, case.reference_date, focus_time=answer, language=case.language
        )
        verdicts = [label if grounded else None for label, grounded in zip(judgement.values, flags)]
        problem = ungrounded_reason(flags.count(False)) if not all(flags) else ""
        score = formula.capped_claim_faithfulness(credits, verdicts, problem)
        shown = replace(judgement, details=tuple(d for d, grounded in zip(judgement.details, flags) if grounded))
        return score._replace(reason=_claims_reason(score, shown))  # a JudgeFellBack stays one

    async def _by_years(self, case: Case, answer: t.Any) -> Outcome:
        context_years = [c.years for c in case.contexts]
        if scores.unsupported_years(answer.years, context_years):
            score = scores.temporal_faithfulness(answer.years, context_years)
            return Score(score.value, f"{score.reason} (judged by focus time; no LLM call)")
        score = await self.judge.score(case)
        if isinstance(score, Failed):  # never worse than focus time: the year-set score stands
            years = scores.temporal_faithfulness(answer.years, context_years)
            return JudgeFellBack(years.value, f"{years.reason}; LLM judge failed ({score.reason}): focus-time score kept")
        if score.is_nan:
            return score
        return Score(score.value, f"every answer year occurs in the contexts; LLM judge: {score.reason}")


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
            **judge_call(self.host, case),
        )

    async def score(self, case: Case) -> Outcome:
        judgement = await self.judge(case)
        if not judgement.ok:
            return Failed.judge(judgement.error)
        if not judgement.values:
            return scores.undefined("answer makes no temporal claim (the LLM judge found none)")
        # a claim the judge made up, copied from the prompt's example or from a context, a fragment
        # or a repeat is not one more claim of the answer: only the answer's own, each once
        own = own_claims(judgement, case.sample.response, case.answer, case.reference_date, case.language)
        notes = own.notes()
        if not own.judgement.values:
            return Failed.judge(f"{'; '.join(replace(own, unjudged=()).notes())}; none left to score")
        if not own.judged_dated:  # what was judged is not what the answer dates: no score from it
            return Failed.judge(f"the judge gave no verdict on the answer's dated claims; {'; '.join(notes)}")
        score = formula.verdicts_score(own.judgement.values)
        reason = _claims_reason(score, own.judgement)
        return Score(score.value, "; ".join([reason, *notes]))


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
