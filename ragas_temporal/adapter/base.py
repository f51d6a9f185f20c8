"""What every temporal metric class shares: :class:`TemporalMetric` (the ragas adapter) and the
:class:`Scorer` protocol a mode implements; a row is read into a ``Case`` by :mod:`ragas_temporal.adapter.case`.

A call (or a row of ``score_dataset``) may bring its own ``reference_date`` and ``language``,
which win over the metric's:

>>> import asyncio
>>> from ragas_temporal.metrics import TemporalFaithfulness
>>> metric = TemporalFaithfulness(reference_date="2024-06-01")
>>> type(metric.scorer).__name__  # the first mode's scorer: focus_time
'FaithfulnessByFocusTime'
>>> sample = dict(response="Prices peaked last year.", retrieved_contexts=["Prices peaked in 2023."])
>>> asyncio.run(metric.ascore(**sample)).value  # "last year" of 2024-06-01 is 2023
1.0
>>> asyncio.run(metric.ascore(**sample, reference_date="2025-06-01")).reason
"'last year' not found in the retrieved contexts"
>>> result = asyncio.run(metric.ascore(**sample, language="xx"))  # that row NaN, not an error
>>> result.value, result.reason.split(":")[0]
(nan, "unknown language 'xx'")
"""

from __future__ import annotations

import logging
import typing as t
from dataclasses import dataclass

from ragas.dataset_schema import SingleTurnSample
from ragas.metrics.base import MetricType, SingleTurnMetric
from ragas.metrics.result import MetricResult

from ragas_temporal.focus_time import FocusTime
from ragas_temporal.focus_time.languages import check_language
from ragas_temporal.adapter.case import (
    FROM_METRIC,
    Case,
    ContextDates,
    DateChannels,
    Failed,
    ReferenceDate,
    read_case,
    to_date,
)
from ragas_temporal.adapter.columns import SAMPLE_COLUMNS, ragas_required_columns, trimmed
from ragas_temporal.adapter.parameters import Constraint, check_parameters, one_of
from ragas_temporal.adapter.registration import REGISTERED, register
from ragas_temporal.scores import Score, undefined
from ragas_temporal.scores.year_sets import no_claim_reason

if t.TYPE_CHECKING:
    from langchain_core.callbacks import Callbacks
    from ragas.run_config import RunConfig

logger = logging.getLogger(__name__)


#: What scoring one sample gives: a score (NaN when undefined; a ``JudgeFellBack`` when a hybrid
#: judge failed and the dates' credit stands) or a failure.
Outcome = t.Union[Score, Failed]
#: The failure column of a hybrid row whose judge failed: scored, by its dates alone.
JUDGE_FELL_BACK = "judge_fell_back"


def undated(focus_time: FocusTime, side: str, reference_date: t.Any = None) -> Score | None:
    """NaN with the reason saying what to do when a text has no datable mention, else ``None``.

    ``reference_date`` is the date the text was read against (the reason differs with and without one).
    """
    if focus_time.years:
        return None
    return undefined(no_claim_reason(focus_time.mentions, side=side, reference_date=reference_date))


class Scorer(t.Protocol):
    """What a mode is: the columns it reads, whether it calls an LLM, and how it scores a case.

    ``focus_of`` (optional, default none) names the columns whose focus times the case must hold
    (``"user_input"``, ``"response"``, ``"retrieved_contexts"``); ``context_limit`` (optional) reads
    only the first contexts.
    """

    columns: tuple[str, ...]
    calls_llm: bool

    async def score(self, case: Case) -> Outcome: ...


#: Builds a mode's scorer from the metric (it may read the metric's parameters: k, prompts, llm).
ScorerFactory = t.Callable[[t.Any], Scorer]


@dataclass
class TemporalMetric(SingleTurnMetric):
    """Shared base of the temporal metrics (a ragas ``SingleTurnMetric``).

    Subclasses set the class attributes ``_base_name`` and ``_mode_scorers`` (mode -> factory
    building that mode's :class:`Scorer` from the metric); nothing else is needed to add a mode.

    Parameters
    ----------
    name : str, optional
        Column name in results; by default built from the class, its parameters and, when it is not
        the default, the mode (``temporal_ndcg_at_10_gold``), so two instances never collide.
    mode : str
        How the score is computed; validated against :meth:`modes` at construction.
    reference_date : None, date, ISO str or callable(sample) -> date | str | None
        Date that relative expressions in the query and the answer resolve against
        (:class:`~ragas_temporal.adapter.case.DateChannels`).
    context_dates : None, mapping id -> date | str, or callable(sample, index, text) -> date | None
        Per-context reference dates (publication dates); contexts without one use the sample's.
    language : str
        The language texts are read in: "en" (default), another supported ISO 639-1 code ("de",
        "zh", ...) or "auto" (per text, from its script and words); a row's ``language`` field
        overrides it. An unknown code raises ``ValueError`` naming the supported ones.
    """

    name: str = ""
    mode: str = "focus_time"
    reference_date: ReferenceDate = None
    context_dates: ContextDates = None
    language: str = "en"

    #: stem of the default name (``temporal_precision``); subclasses set it
    _base_name: t.ClassVar[str] = "temporal_metric"
    #: mode -> factory(metric) -> Scorer, in order; the first mode is the default and is left out
    #: of the default name
    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {}

    #: parameter -> Constraint (:mod:`ragas_temporal.adapter.parameters`), checked at construction;
    #: a subclass declares its own parameters' rules here, once
    # every metric reads its texts in a language: "en", a supported code, or "auto"
    _parameter_constraints: t.ClassVar[t.Mapping[str, Constraint]] = {"language": check_language}

    def __init_subclass__(cls, **kwargs: t.Any) -> None:
        # defining a class with its own _base_name registers it (adapter/registration.py)
        super().__init_subclass__(**kwargs)
        register(cls)

    @classmethod
    def modes(cls) -> tuple[str, ...]:
        """The modes this metric offers, default first.

        >>> from ragas_temporal.metrics import TemporalFaithfulness
        >>> TemporalFaithfulness.modes()
        ('focus_time', 'llm', 'hybrid')
        """
        return tuple(cls._mode_scorers)

    def __post_init__(self) -> None:
        # the mode first (its allowed values come from the mode -> scorer map), then the class's own
        check_parameters(self, {"mode": one_of("mode", self.modes(), wording="listed")})
        if self.name is None or not isinstance(self.name, str) or (self.name and not self.name.strip()):
            raise ValueError(
                f"{type(self).__name__}: name must be a non-empty string (the result column), or left out "
                f"for the default {self._default_name()!r}; got {self.name!r}"
            )
        if not self.name:
            self.name = self._default_name()
        self.dates = DateChannels.build(self.reference_date, self.context_dates, owner=self.name)
        self.scorer: Scorer = self._mode_scorers[self.mode](self)
        self.needed_columns: tuple[str, ...] = self.scorer.columns
        required = ragas_required_columns(self.needed_columns, self.reference_date, self.context_dates)
        self._required_columns = {MetricType.SINGLE_TURN: required}
        self._kept_columns = tuple(c.split(":")[0] for c in required)
        super().__post_init__()

    # -- hooks for subclasses -------------------------------------------------------------------

    def _name_parts(self) -> list[str]:
        """Parameter parts of the default name, e.g. ``["at_5"]``."""
        return []

    def _default_name(self) -> str:
        parts = [self._base_name, *self._name_parts()]
        if self.mode != self.modes()[0]:
            parts.append(self.mode)
        return "_".join(parts)

    # -- ragas interface ------------------------------------------------------------------------

    def init(self, run_config: RunConfig) -> None:
        """Nothing to prepare: a mode without an LLM needs nothing (``MetricWithJudge`` checks its LLM)."""

    def check_llm(self) -> None:
        """Raise ``ValueError`` when an LLM mode has no usable LLM (``MetricWithJudge`` holds the slot)."""

    @property  # type: ignore[override]
    def required_columns(self) -> dict[str, set[str]]:
        return SingleTurnMetric.required_columns.fget(self)  # type: ignore[attr-defined]

    @required_columns.setter
    def required_columns(self, value: t.Any) -> None:
        SingleTurnMetric.required_columns.fset(self, value)  # type: ignore[attr-defined]

    def _only_required_columns_single_turn(self, sample: SingleTurnSample) -> SingleTurnSample:
        return trimmed(sample, self._kept_columns)

    async def _single_turn_ascore(self, sample: SingleTurnSample, callbacks: Callbacks) -> float:
        outcome = await self.score_sample(sample, callbacks)
        if outcome.is_nan:  # ragas keeps the value only: the reason goes to the debug log
            logger.debug("%s: NaN: %s", self.name, outcome.reason)
        return outcome.value

    async def ascore(self, reference_date: t.Any = FROM_METRIC, language: t.Any = FROM_METRIC, **fields: t.Any) -> MetricResult:
        """Score one sample given as keyword columns; the result carries the reason.

        Columns are ``user_input``, ``response``, ``retrieved_contexts``, ``retrieved_context_ids``,
        ``reference_context_ids`` (each metric needs a subset; see ``required_columns``). A column
        the metric needs but that is not passed raises ``ValueError`` naming it; a column passed
        as ``None``, empty or with non-string items gives ``NaN`` with a reason. ``reference_date``
        overrides the metric's reference-date channel for this call.

        >>> import asyncio
        >>> from ragas_temporal.metrics import TemporalFaithfulness
        >>> r = asyncio.run(TemporalFaithfulness().ascore(
        ...     response="The crisis started in 2007 and ended in 2010.",
        ...     retrieved_contexts=["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package"]))
        >>> r.value, r.reason
        (0.0, "'2007', '2010' not found in the retrieved contexts")
        """
        unknown = set(fields) - set(SAMPLE_COLUMNS)
        if unknown:
            raise ValueError(f"{self.name}: unknown column(s) {sorted(unknown)}; known: {list(SAMPLE_COLUMNS)}")
        missing = [c for c in self.needed_columns if c not in fields]
        if missing:
            raise ValueError(f"{self.name}: missing column(s) {missing}")
        if self.scorer.calls_llm:
            self.check_llm()  # one clear error, not a NaN "no LLM configured" per call
        # model_construct skips validation, so bad values reach our checks and become NaN + reason
        sample = SingleTurnSample.model_construct(**fields)
        score = await self.score_sample(sample, None, reference_date, language)
        return MetricResult(value=score.value, reason=score.reason)

    def score(self, reference_date: t.Any = FROM_METRIC, language: t.Any = FROM_METRIC, **fields: t.Any) -> MetricResult:
        """Synchronous :meth:`ascore` (also inside Jupyter, through ragas's event-loop helper)."""
        from ragas.async_utils import run

        return run(lambda: self.ascore(reference_date=reference_date, language=language, **fields))

    # -- the per-sample path (kept lean: it runs once per row and metric) ------------------------

    async def score_sample(
        self,
        sample: SingleTurnSample,
        callbacks: Callbacks = None,
        reference_date: t.Any = FROM_METRIC,
        language: t.Any = FROM_METRIC,
    ) -> Outcome:
        """Score one ``SingleTurnSample`` with the metric's mode; never raises for bad values (NaN + reason).

        ``reference_date`` and ``language`` override the metric's for this sample (``FROM_METRIC``
        or ``None``: use the metric's).
        """
        case = read_case(self, sample, callbacks, reference_date, language)
        if isinstance(case, Failed):
            return case
        return await self.scorer.score(case)

    def score_sample_now(
        self, sample: SingleTurnSample, reference_date: t.Any = FROM_METRIC, language: t.Any = FROM_METRIC
    ) -> Outcome:
        """:meth:`score_sample` without an event loop, for a mode that never calls an LLM (focus_time, gold).

        Those scorers are coroutines that never wait, so this runs one to its result directly: no
        event loop, no task per row (batch scoring calls it millions of times). An LLM mode raises
        ``ValueError``; use :meth:`score_sample` (or ``score_dataset``) for it.

        >>> from ragas.dataset_schema import SingleTurnSample
        >>> from ragas_temporal.metrics import TemporalFaithfulness
        >>> sample = SingleTurnSample(response="It ended in 2010.", retrieved_contexts=["In 2010 it ended."])
        >>> TemporalFaithfulness().score_sample_now(sample).value
        1.0
        """
        if self.scorer.calls_llm:
            raise ValueError(f"{self.name}: mode={self.mode!r} calls an LLM; await score_sample instead")
        return finish_now(self.score_sample(sample, None, reference_date, language), f"{self.name}: mode={self.mode!r}")


__all__ = [
    "TemporalMetric",
    "REGISTERED",
    "Case",
    "read_case",
    "undated",
    "Failed",
    "Outcome",
    "JUDGE_FELL_BACK",
    "Scorer",
    "ScorerFactory",
    "finish_now",
    "FROM_METRIC",
    "ReferenceDate",
    "ContextDates",
    "DateChannels",
    "SAMPLE_COLUMNS",
    "to_date",
]


def finish_now(coroutine: t.Coroutine[t.Any, t.Any, t.Any], owner: str) -> t.Any:
    """Run a coroutine that never waits to its result, without an event loop (no task per call).

    A coroutine that does wait is closed and ``RuntimeError`` names ``owner``.

    >>> async def three():
    ...     return 3
    >>> finish_now(three(), "demo")
    3
    >>> import asyncio
    >>> finish_now(asyncio.sleep(0), "demo")
    Traceback (most recent call last):
    ...
    RuntimeError: demo waited for I/O although it calls no LLM
    """
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    coroutine.close()
    raise RuntimeError(f"{owner} waited for I/O although it calls no LLM")


def check_unique_names(metrics: t.Sequence[TemporalMetric]) -> None:
    """``ValueError`` when two metrics share a name (ragas would overwrite one column with the other)."""
    seen: set[str] = set()
    for m in metrics:
        if m.name in seen:
            raise ValueError(f"two metrics are named {m.name!r}; give one a different name=")
        seen.add(m.name)
