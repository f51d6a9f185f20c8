"""What every temporal metric class shares: modes, columns, reference dates, NaN reasons.

A metric class here does three things (see ARCHITECTURE.md): it declares its columns and modes,
turns a ``SingleTurnSample`` into plain values (focus times or gold ids), and calls a pure function
in :mod:`ragas_temporal.scores`. Arithmetic lives in ``scores``; this module is ragas glue.

Scoring is routed per mode: ``_score_sample`` checks the sample's columns (a ``None``, empty or
non-string value gives ``NaN`` with a reason instead of an exception), resolves the sample's
reference date, then calls ``self._score_<mode>(sample, reference_date, callbacks)``, which returns
a :class:`ragas_temporal.scores.Score`. Adding a mode is adding its name to ``_modes`` (and its
columns to ``_columns``) and writing one ``_score_<mode>`` method.

Reference dates
---------------
ragas drops sample fields it does not know, so a per-sample reference date (the date that
"last year" is resolved against) cannot travel as a column through ``ragas.evaluate``. The
metrics take it through two constructor arguments instead:

``reference_date``
    ``None`` (relative expressions stay unresolved), a ``datetime.date`` or ISO ``"YYYY-MM-DD"``
    string (one date for every sample), or a callable ``f(sample) -> date | str | None`` (a date per
    sample, e.g. looked up from ``sample.user_input``). Used for the query and the answer, and for
    any context without a date of its own.
``context_dates``
    ``None``, a mapping ``context id -> date | str`` applied through ``retrieved_context_ids``
    (a news article resolves "last year" against its own publication date), or a callable
    ``f(sample, index, text) -> date | str | None``. A context the channel gives no date (its id is
    not in the mapping, the sample has fewer ids than contexts, or the callable returns ``None``)
    falls back to the sample's reference date.

``ascore(..., reference_date=...)`` and :func:`score_dataset` (rows with a ``reference_date``
field) also take a date per call or per row, overriding the constructor's.

>>> import asyncio
>>> from ragas_temporal.metrics import TemporalFaithfulness
>>> metric = TemporalFaithfulness(reference_date="2024-06-01")
>>> result = asyncio.run(metric.ascore(
...     response="Prices peaked last year.",
...     retrieved_contexts=["Prices peaked in 2023."]))
>>> result.value
1.0
"""

from __future__ import annotations

import datetime as dt
import logging
import math
import typing as t
from dataclasses import dataclass
from collections.abc import Mapping

from ragas.dataset_schema import SingleTurnSample
from ragas.llms.base import BaseRagasLLM
from ragas.metrics.base import MetricType, MetricWithLLM, SingleTurnMetric
from ragas.metrics.result import MetricResult

from ragas_temporal.focus_time import FocusTime, extract_focus_time
from ragas_temporal.focus_time.reference import parse_reference_date
from ragas_temporal.scores import Score

if t.TYPE_CHECKING:
    from langchain_core.callbacks import Callbacks
    from ragas.run_config import RunConfig

logger = logging.getLogger(__name__)

NAN = math.nan

DateLike = t.Union[dt.date, str]
ReferenceDate = t.Union[None, DateLike, t.Callable[[SingleTurnSample], t.Optional[DateLike]]]
ContextDates = t.Union[
    None,
    t.Mapping[t.Union[str, int], DateLike],
    t.Callable[[SingleTurnSample, int, str], t.Optional[DateLike]],
]

#: The sample fields a metric may read; the order is the order problems are reported in.
SAMPLE_COLUMNS = (
    "user_input",
    "response",
    "retrieved_contexts",
    "retrieved_context_ids",
    "reference_context_ids",
    "reference",
)

# Marker: "use the metric's own reference-date channel" (None is a legitimate explicit value).
_FROM_METRIC: t.Any = object()


def to_date(value: object, what: str = "reference_date") -> dt.date | None:
    """Normalise a date-like value to ``datetime.date`` (``None`` stays ``None``).

    Accepts ``datetime.date``, ``datetime.datetime`` (its date is used) and ISO strings
    (``"2024-06-01"`` or ``"2024-06-01T12:00:00"``). Anything else raises ``ValueError`` naming
    ``what``. One normalised type keeps the extractor's memo key stable across callers.

    >>> to_date("2024-06-01")
    datetime.date(2024, 6, 1)
    >>> to_date(dt.datetime(2024, 6, 1, 15, 30))
    datetime.date(2024, 6, 1)
    >>> to_date("June 1st")
    Traceback (most recent call last):
    ...
    ValueError: reference_date must be a date or an ISO 'YYYY-MM-DD' string, got 'June 1st'
    """
    try:
        return parse_reference_date(value, what)  # the extractor's parser: one notion of a date
    except ValueError:  # in the metrics' wording
        raise ValueError(f"{what} must be a date or an ISO 'YYYY-MM-DD' string, got {value!r}") from None


# --- per-column checks: return a reason when the value cannot be scored, else None -------------


def _check_text(value: object, column: str) -> str | None:
    if value is None:
        return f"{column} is missing (None)"
    if not isinstance(value, str):
        return f"{column} is not a string ({type(value).__name__})"
    if not value.strip():
        return f"{column} is empty"
    return None


def _check_list(
    value: object, column: str, items: str, item_ok: t.Callable[[object], bool], item_is: str
) -> str | None:
    # a non-empty list or tuple whose every item passes item_ok; items / item_is word the reasons
    if value is None:
        return f"{column} is missing (None)"
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        return f"{column} must be a list of {items}, got {type(value).__name__}"
    if not value:
        return f"{column} is empty"
    for i, item in enumerate(value):
        if not item_ok(item):
            return f"{column}[{i}] is not {item_is} ({type(item).__name__})"
    return None


def _is_id(item: object) -> bool:
    return isinstance(item, (str, int)) and not isinstance(item, bool)


def _check_texts(value: object, column: str) -> str | None:
    return _check_list(value, column, "strings", lambda item: isinstance(item, str), "a string")


def _check_ids(value: object, column: str) -> str | None:
    return _check_list(value, column, "ids", _is_id, "a str or int id")


_CHECKS: dict[str, t.Callable[[object, str], t.Optional[str]]] = {
    "user_input": _check_text,
    "response": _check_text,
    "reference": _check_text,
    "retrieved_contexts": _check_texts,
    "retrieved_context_ids": _check_ids,
    "reference_context_ids": _check_ids,
}


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


@dataclass
class TemporalMetric(SingleTurnMetric):
    """Shared base of the temporal metrics (a ragas ``SingleTurnMetric``).

    Subclasses set the class attributes ``_base_name``, ``_modes`` and ``_columns`` and write one
    ``async _score_<mode>(sample, reference_date, callbacks) -> Score`` method per mode.

    Parameters
    ----------
    name : str, optional
        Column name in results; by default built from the class, its parameters and, when it is not
        the default, the mode (``temporal_ndcg_at_10_gold``), so two instances never collide.
    mode : str
        How the score is computed; validated against ``_modes`` at construction.
    reference_date : None, date, ISO str or callable(sample) -> date | str | None
        Date that relative expressions in the query and the answer resolve against (see the module
        docstring for the channels).
    context_dates : None, mapping id -> date | str, or callable(sample, index, text) -> date | None
        Per-context reference dates (publication dates); contexts without one use the sample's.
    """

    name: str = ""
    mode: str = "focus_time"
    reference_date: ReferenceDate = None
    context_dates: ContextDates = None

    #: stem of the default name (``temporal_precision``); subclasses set it
    _base_name: t.ClassVar[str] = "temporal_metric"
    #: allowed modes; the first is the default and is left out of the default name
    _modes: t.ClassVar[tuple[str, ...]] = ("focus_time",)
    #: modes that call an LLM (``init`` then needs ``self.llm``); filled in by the LLM-mode work
    _llm_modes: t.ClassVar[tuple[str, ...]] = ()
    #: columns each mode reads, in the order their problems are reported
    _columns: t.ClassVar[dict[str, tuple[str, ...]]] = {"focus_time": ()}

    def __post_init__(self) -> None:
        if not isinstance(self.mode, str) or self.mode not in self._modes:
            allowed = ", ".join(repr(m) for m in self._modes)
            raise ValueError(f"{type(self).__name__}: mode must be one of {allowed}; got {self.mode!r}")
        self._validate_params()
        self._fixed_reference_date: dt.date | None = None
        if not callable(self.reference_date):
            self._fixed_reference_date = to_date(self.reference_date, "reference_date")
        self._context_date_map: dict | None = None
        if isinstance(self.context_dates, Mapping):
            self._context_date_map = {
                key: to_date(value, f"context_dates[{key!r}]") for key, value in self.context_dates.items()
            }
        elif self.context_dates is not None and not callable(self.context_dates):
            raise ValueError(
                "context_dates must be None, a mapping of context id -> date, or a callable "
                f"(sample, index, text) -> date; got {type(self.context_dates).__name__}"
            )
        if not self.name:
            self.name = self._default_name()
        self._needed = self._columns[self.mode]
        # Optional columns are kept by ragas when it trims a sample to the metric's columns: the
        # date channels may read them although the score itself does not.
        optional = set()
        if callable(self.reference_date):
            optional |= {"user_input:optional", "response:optional", "reference:optional"}
        if self.context_dates is not None:
            optional.add("retrieved_context_ids:optional")
        optional = {c for c in optional if c.split(":")[0] not in self._needed}
        self._required_columns = {MetricType.SINGLE_TURN: set(self._needed) | optional}
        self._kept_columns = tuple(c.split(":")[0] for c in self._required_columns[MetricType.SINGLE_TURN])
        # ragas.evaluate builds a default OpenAI LLM for every MetricWithLLM whose llm is None, which
        # fails offline without OPENAI_API_KEY; a mode that never calls an LLM fills the slot instead.
        if isinstance(self, MetricWithLLM) and self.llm is None and self.mode not in self._llm_modes:
            self.llm = NoLLM(f"{self.name} (mode={self.mode!r})")
        super().__post_init__()

    # -- hooks for subclasses -------------------------------------------------------------------

    def _validate_params(self) -> None:
        """Validate subclass parameters (k, gain, ...) at construction; raise ValueError."""

    def _name_parts(self) -> list[str]:
        """Parameter parts of the default name, e.g. ``["at_5"]``."""
        return []

    def _default_name(self) -> str:
        parts = [self._base_name, *self._name_parts()]
        if self.mode != self._modes[0]:
            parts.append(self.mode)
        return "_".join(parts)

    # -- ragas interface ------------------------------------------------------------------------

    def init(self, run_config: RunConfig) -> None:
        """Check what the mode needs. focus_time and gold modes need nothing (never an LLM)."""
        if self.mode in self._llm_modes:
            if getattr(self, "llm", None) is None:
                raise ValueError(
                    f"{self.name}: mode={self.mode!r} needs an LLM: pass llm= or use ragas.evaluate(llm=...)"
                )
            MetricWithLLM.init(self, run_config)  # type: ignore[arg-type]

    def _only_required_columns_single_turn(self, sample: SingleTurnSample) -> SingleTurnSample:
        # ragas trims each sample to the metric's columns by dumping it and validating a new
        # SingleTurnSample: a pydantic round trip per row and metric that costs more than our whole
        # focus-time score. model_construct trims without validating. Trimming still matters: ragas's
        # tracer keeps each metric call's input for the whole run, and a full sample there means
        # more live objects for the garbage collector to walk (measured: 1.35x -> 1.1x the time of a
        # stock string metric over 10,000 rows).
        return SingleTurnSample.model_construct(**{c: getattr(sample, c, None) for c in self._kept_columns})

    async def _single_turn_ascore(self, sample: SingleTurnSample, callbacks: Callbacks) -> float:
        return (await self._score_sample(sample, callbacks)).value

    async def ascore(self, reference_date: t.Any = _FROM_METRIC, **fields: t.Any) -> MetricResult:
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
        missing = [c for c in self._needed if c not in fields]
        if missing:
            raise ValueError(f"{self.name}: missing column(s) {missing}")
        # model_construct skips validation, so bad values reach our checks and become NaN + reason
        sample = SingleTurnSample.model_construct(**fields)
        score = await self._score_sample(sample, None, reference_date)
        return MetricResult(value=score.value, reason=score.reason)

    def score(self, reference_date: t.Any = _FROM_METRIC, **fields: t.Any) -> MetricResult:
        """Synchronous :meth:`ascore` (also inside Jupyter, through ragas's event-loop helper)."""
        from ragas.async_utils import run

        return run(lambda: self.ascore(reference_date=reference_date, **fields))

    def explain(self, dataset: t.Any, show_progress: bool = False):
        """Per-row scores with reasons for a whole dataset: see :func:`score_dataset`."""
        from ragas_temporal.metrics.dataset import score_dataset

        return score_dataset(dataset, [self], show_progress=show_progress)

    # -- the per-sample path (kept lean: it runs once per row and metric) ------------------------

    async def _score_sample(
        self, sample: SingleTurnSample, callbacks: Callbacks = None, reference_date: t.Any = _FROM_METRIC
    ) -> Score:
        for column in self._needed:
            problem = _CHECKS[column](getattr(sample, column, None), column)
            if problem is not None:
                return self._nan(problem)
        try:
            if reference_date is _FROM_METRIC:
                ref = self._sample_reference_date(sample)
            else:
                ref = to_date(reference_date, "reference_date")
        except ValueError as exc:
            return self._nan(str(exc))
        return await getattr(self, f"_score_{self.mode}")(sample, ref, callbacks)

    def _nan(self, reason: str) -> Score:
        logger.debug("%s: NaN: %s", self.name, reason)
        return Score(NAN, reason)

    def _sample_reference_date(self, sample: SingleTurnSample) -> dt.date | None:
        if self._fixed_reference_date is not None or self.reference_date is None:
            return self._fixed_reference_date
        return to_date(self.reference_date(sample), "reference_date(sample)")  # type: ignore[operator]

    # -- focus-time helpers -------------------------------------------------------------------

    @staticmethod
    def _focus_time(text: str, reference_date: dt.date | None) -> FocusTime:
        # memoised by the extractor per (text, reference_date): several metrics, one extraction
        return extract_focus_time(text, reference_date)

    def _context_focus_times(
        self, sample: SingleTurnSample, reference_date: dt.date | None, limit: int | None = None
    ) -> list[FocusTime]:
        """Focus time of each retrieved context (the first ``limit``), each with its own date."""
        contexts = sample.retrieved_contexts
        if limit is not None:
            contexts = contexts[:limit]
        if self.context_dates is None:
            return [extract_focus_time(text, reference_date) for text in contexts]
        return [
            extract_focus_time(text, self._context_date(sample, i, text, reference_date))
            for i, text in enumerate(contexts)
        ]

    def _context_date(
        self, sample: SingleTurnSample, index: int, text: str, fallback: dt.date | None
    ) -> dt.date | None:
        if self._context_date_map is not None:
            ids = sample.retrieved_context_ids
            if ids is None or index >= len(ids):
                return fallback
            key = ids[index]
            found = self._context_date_map.get(key)
            if found is None and not isinstance(key, str):
                found = self._context_date_map.get(str(key))
            return fallback if found is None else found
        try:
            own = to_date(self.context_dates(sample, index, text), "context_dates(sample, index, text)")  # type: ignore[operator]
        except ValueError:
            logger.warning("%s: context_dates returned an invalid date for context %d", self.name, index)
            own = None
        return fallback if own is None else own


def check_k(k: object, owner: str) -> int:
    """k as an int; ValueError unless a positive integer (bool excluded)."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"{owner}: k must be a positive integer, got {k!r}")
    return k


__all__ = [
    "TemporalMetric",
    "NoLLM",
    "ReferenceDate",
    "ContextDates",
    "SAMPLE_COLUMNS",
    "to_date",
    "check_k",
]
