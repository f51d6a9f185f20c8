"""The base of metrics with an LLM mode: the bounds on one judgement, validated once and kept with the metric.

Shared by every family with an LLM mode (faithfulness, ranking, timeline): :class:`JudgeSettings`
(``llm_timeout``, ``fix_retries`` and ragas's run timeout), what a judge object reads from its
metric (:class:`JudgedMetric`), and :class:`MetricWithJudge`, the base class holding both.

Every LLM mode: at most ``fix_retries`` ragas ``FixOutputFormat`` repair calls when a reply
cannot be parsed (``BaseRagasLLM``/``LangchainLLMWrapper`` LLMs only), besides the calls its family
module counts.

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
``llm_timeout`` (default ``None``: the client's own timeout stands) bounds each judgement when set, and
``ragas.evaluate`` keeps its default ``raise_exceptions=False``; our modes never raise for LLM
faults anyway, so even ``raise_exceptions=True`` completes the run.

>>> from ragas_temporal.metrics import TemporalCoherence
>>> TemporalCoherence(llm_timeout=5).judging.timeout()
5
>>> TemporalCoherence(fix_retries=-1)
Traceback (most recent call last):
...
ValueError: TemporalCoherence: fix_retries must be an integer >= 0, got -1
>>> settings = JudgeSettings.validated("m", llm_timeout=30.0, fix_retries=1)
>>> settings.timeout(), settings.observe_run_timeout(10) or settings.timeout()
(30.0, 9.0)
"""

from __future__ import annotations

import os
import sys
import typing as t
from dataclasses import dataclass

from ragas.llms.base import BaseRagasLLM
from ragas.metrics.base import MetricWithLLM, SingleTurnMetric

from ragas_temporal.llm.prompt_runner import DEFAULT_FIX_RETRIES, DEFAULT_LLM_TIMEOUT
from ragas_temporal.adapter.base import Case, TemporalMetric
from ragas_temporal.adapter.parameters import count, seconds_or_none

if t.TYPE_CHECKING:
    from ragas.run_config import RunConfig

__all__ = [
    "JudgeSettings", "JudgedMetric", "MetricWithJudge", "judge_call",
    "HOW_TO_BUILD_AN_LLM", "NoLLM", "check_llm", "fill_llm_slot", "llm_problem", "ragas_default_llm_would_fail",
]


#: The advice every LLM message ends with.
HOW_TO_BUILD_AN_LLM = (
    "build one with ragas.llms.llm_factory('gpt-4o-mini', client=openai.AsyncOpenAI()) "
    "or ragas.llms.LangchainLLMWrapper(langchain_openai.ChatOpenAI(model='gpt-4o-mini'))"
)


def llm_problem(llm: t.Any) -> str | None:
    """Why ``llm`` is not an LLM a judge can call (``None`` when it is one, or is absent)."""
    if llm is None:
        return None
    from langchain_core.language_models import BaseLanguageModel
    from ragas.llms.base import BaseRagasLLM, InstructorBaseRagasLLM

    if isinstance(llm, (BaseRagasLLM, InstructorBaseRagasLLM, BaseLanguageModel)):
        return None
    shown = repr(llm)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return f"got {type(llm).__name__} {shown}"


def ragas_default_llm_would_fail() -> bool:
    """True when called (at any depth) from a ``ragas.evaluate`` given no ``llm=`` while no
    ``OPENAI_API_KEY`` is set, i.e. when ragas's default OpenAI client is about to fail.

    False outside ``ragas.evaluate``, or when its frame cannot be found (another ragas version):
    then ``init`` still checks, after ragas has filled the slot.

    >>> ragas_default_llm_would_fail()  # not inside ragas.evaluate
    False
    """
    if os.environ.get("OPENAI_API_KEY"):
        return False
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_name == "aevaluate" and frame.f_globals.get("__name__") == "ragas.evaluation":
            return frame.f_locals.get("llm") is None
        frame = frame.f_back
    return False


def check_llm(metric: t.Any, *, allow_missing: bool = False) -> None:
    """Raise ``ValueError`` (with how to build one) when ``metric.llm`` is missing or not an LLM.

    >>> from ragas_temporal.metrics import TemporalFaithfulness
    >>> check_llm(TemporalFaithfulness(mode="llm"))
    Traceback (most recent call last):
    ...
    ValueError: temporal_faithfulness_llm: mode='llm' needs an LLM: pass llm= or use ragas.evaluate(llm=...); build one ...
    """
    llm = getattr(metric, "llm", None)
    if llm is None and not allow_missing:
        raise ValueError(
            f"{metric.name}: mode={metric.mode!r} needs an LLM: pass llm= or use ragas.evaluate(llm=...); "
            f"{HOW_TO_BUILD_AN_LLM}"
        )
    problem = llm_problem(llm)
    if problem:
        raise ValueError(f"{type(metric).__name__}: llm must be a ragas LLM, {problem}; {HOW_TO_BUILD_AN_LLM}")


class NoLLM(BaseRagasLLM):
    """Fills the ``llm`` slot of a metric whose mode never calls an LLM (focus_time, gold).

    ``ragas.evaluate`` only injects its LLM into metrics whose ``llm`` is ``None``, building a
    default OpenAI client when none is given (an error offline without ``OPENAI_API_KEY``). Any
    call raises, so a wrongly routed call cannot go unnoticed.
    """

    def __init__(self, owner: str = "this metric") -> None:
        super().__init__()
        self.owner = owner

    def _refuse(self) -> t.NoReturn:
        raise RuntimeError(f"{self.owner} does not call an LLM; NoLLM was asked to generate")

    def generate_text(self, prompt, n=1, temperature=0.01, stop=None, callbacks=None):  # type: ignore[override]
        self._refuse()

    async def agenerate_text(self, prompt, n=1, temperature=0.01, stop=None, callbacks=None):  # type: ignore[override]
        self._refuse()

    def is_finished(self, response) -> bool:  # type: ignore[override]
        return True

    def __repr__(self) -> str:
        return "NoLLM()"


def fill_llm_slot(metric: t.Any, calls_llm: bool) -> None:
    """Check ``metric.llm`` (a missing one may come later) and, for a mode that calls no LLM, fill an
    empty slot with :class:`NoLLM` so ``ragas.evaluate`` builds no default OpenAI client for it.

    A metric without an ``llm`` slot (not a ragas ``MetricWithLLM``) is left alone.

    >>> from ragas_temporal.metrics import TemporalFaithfulness
    >>> metric = TemporalFaithfulness()  # focus_time: __post_init__ called this
    >>> metric.llm, metric.llm.owner
    (NoLLM(), "temporal_faithfulness (mode='focus_time')")
    """
    if not isinstance(metric, MetricWithLLM):
        return
    check_llm(metric, allow_missing=True)  # llm="gpt-4o-mini" is a mistake now, not on every row
    if metric.llm is None and not calls_llm:
        metric.llm = NoLLM(f"{metric.name} (mode={metric.mode!r})")


@dataclass
class JudgeSettings:
    """A metric's bounds on one judgement: ``llm_timeout``, ``fix_retries`` and ragas's run timeout.

    When ``ragas.evaluate``'s ``RunConfig.timeout`` is shorter than ``llm_timeout``, 90 % of it is
    used instead, so our reason ("LLM call timed out after ...") wins over ragas's silent NaN.
    """

    llm_timeout: t.Optional[float]
    fix_retries: int
    run_timeout: t.Optional[float] = None

    @classmethod
    def validated(cls, owner: str, llm_timeout: object, fix_retries: object) -> "JudgeSettings":
        """Settings from the metric's arguments; ``ValueError`` naming the fix when invalid."""
        try:
            return cls(seconds_or_none(llm_timeout), count("fix_retries")(fix_retries))
        except ValueError as exc:
            raise ValueError(f"{owner}: {exc}") from None

    def observe_run_timeout(self, run_timeout: t.Optional[float]) -> None:
        """Remember ragas's per-row timeout (from ``RunConfig`` at the metric's ``init``)."""
        self.run_timeout = run_timeout

    def timeout(self) -> t.Optional[float]:
        """Seconds one judgement may take now."""
        run_timeout = self.run_timeout
        if run_timeout and (self.llm_timeout is None or run_timeout <= self.llm_timeout):
            return 0.9 * run_timeout
        return self.llm_timeout

    def call_kwargs(self, callbacks: t.Any) -> dict:
        """The keyword arguments every judge takes for one call."""
        return {"callbacks": callbacks, "timeout": self.timeout(), "fix_retries": self.fix_retries}


class JudgedMetric(t.Protocol):
    """What a judge object reads from its metric at call time."""

    llm: t.Any
    judging: JudgeSettings


def judge_call(host: JudgedMetric, case: Case) -> dict:
    """The keyword arguments of one judge call for ``case`` under ``host``'s settings."""
    return host.judging.call_kwargs(case.callbacks)


@dataclass
class MetricWithJudge(TemporalMetric, MetricWithLLM):
    """A :class:`TemporalMetric` with an LLM mode: ``llm_timeout`` and ``fix_retries`` as ``self.judging``.

    Its instances are what a judge object reads at call time (:class:`JudgedMetric`: ``llm`` and
    ``judging``).

    Parameters
    ----------
    llm_timeout : float or None, default None
        Seconds one judgement may take, ragas retries included. ``None``: no bound of ours, the
        LLM client's own timeout stands (and, under ``ragas.evaluate``, 90 % of its
        ``RunConfig.timeout``). When ``RunConfig.timeout`` is shorter, 90 % of it is used instead.
    fix_retries : int, default 1
        ragas ``FixOutputFormat`` repair calls allowed for an unparsable reply (0 disables them).
    """

    llm_timeout: t.Optional[float] = DEFAULT_LLM_TIMEOUT
    fix_retries: int = DEFAULT_FIX_RETRIES

    _parameter_constraints: t.ClassVar[t.Mapping[str, t.Any]] = {
        "llm_timeout": seconds_or_none,
        "fix_retries": count("fix_retries"),
    }

    def __post_init__(self) -> None:
        super().__post_init__()
        fill_llm_slot(self, self.scorer.calls_llm)
        self.judging = JudgeSettings(self.llm_timeout, self.fix_retries)

    def init(self, run_config: RunConfig) -> None:
        """Check the LLM an LLM mode needs, then let ragas set it up; focus_time and gold modes need none."""
        if self.scorer.calls_llm:
            check_llm(self)
            MetricWithLLM.init(self, run_config)  # type: ignore[arg-type]
        self.judging.observe_run_timeout(getattr(run_config, "timeout", None))

    def check_llm(self) -> None:
        check_llm(self)

    @property  # type: ignore[override]
    def required_columns(self) -> dict[str, set[str]]:
        # ragas.evaluate reads this before it builds its default OpenAI LLM for an empty llm slot:
        # the last moment to say "this metric needs an LLM" instead of "Missing credentials".
        if self.scorer.calls_llm and getattr(self, "llm", None) is None and ragas_default_llm_would_fail():
            check_llm(self)
        return SingleTurnMetric.required_columns.fget(self)  # type: ignore[attr-defined]

    @required_columns.setter
    def required_columns(self, value: t.Any) -> None:
        SingleTurnMetric.required_columns.fset(self, value)  # type: ignore[attr-defined]
