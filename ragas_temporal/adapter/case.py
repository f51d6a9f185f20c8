"""One row read once: :func:`read_case` checks its columns, decides its dates and language, and
extracts the focus times its scorer reads into a :class:`Case`, or says why it cannot (:class:`Failed`).

A bad value never raises here: it is the row's NaN with a reason saying what to do.

>>> from types import SimpleNamespace
>>> column_problem("response", ""), column_problem("retrieved_contexts", ["ok", 3])
('response is empty', 'retrieved_contexts[1] is not a string (int)')
>>> channels = DateChannels.build("2024-06-01", {"d1": "2021-05-01"}, owner="m")
>>> sample = SimpleNamespace(retrieved_contexts=["a", "b"], retrieved_context_ids=["d1", "d2"])
>>> channels.row_dates(sample, contexts=True)  # each context read against its own date, else the row's
(datetime.date(2024, 6, 1), [datetime.date(2021, 5, 1), datetime.date(2024, 6, 1)])
"""

from __future__ import annotations

import datetime as dt
import logging
import math
import typing as t
from collections.abc import Mapping
from dataclasses import dataclass

from ragas_temporal.adapter import columns
from ragas_temporal.focus_time import FocusTime, extract_focus_time
from ragas_temporal.focus_time.languages import check_language
from ragas_temporal.focus_time.reference import parse_reference_date
from ragas_temporal.scores import clip_copied
from ragas_temporal.scores.ids import id_key, keyed_by_id

if t.TYPE_CHECKING:
    from ragas.dataset_schema import SingleTurnSample

logger = logging.getLogger(__name__)

__all__ = [
    "Case",
    "Failed",
    "read_case",
    "column_problem",
    "DateChannels",
    "to_date",
    "FROM_METRIC",
    "DateLike",
    "ReferenceDate",
    "ContextDates",
]

#: Marker: "use the metric's own reference date (or language)"; None is a legitimate explicit value.
FROM_METRIC: t.Any = object()

DateLike = t.Union[dt.date, str]
ReferenceDate = t.Union[None, DateLike, t.Callable[["SingleTurnSample"], t.Optional[DateLike]]]
ContextDates = t.Union[
    None,
    t.Mapping[t.Union[str, int], DateLike],
    t.Callable[["SingleTurnSample", int, str], t.Optional[DateLike]],
]


class Failed(t.NamedTuple):
    """A row that could not be scored, why, and what kind of failure it was.

    Shaped like :class:`~ragas_temporal.scores.Score` (``value`` is NaN, ``reason`` says what to
    do) plus ``kind``: ``"input"`` (a column or date the metric cannot read), ``"judge"`` (the LLM
    judgement failed: timeout, bad reply, endpoint error) or ``"error"`` (an unexpected exception,
    set by the dataset runner). A NaN :class:`Score` is no failure: the score is undefined for the
    sample ("answer makes no temporal claim").

    >>> Failed.judge("LLM call timed out after 30 s")
    Failed(value=nan, reason='LLM call timed out after 30 s', kind='judge')
    """

    value: float
    reason: str
    kind: str

    @property
    def is_nan(self) -> bool:
        return True

    @classmethod
    def input(cls, reason: str) -> "Failed":
        return cls(math.nan, reason, "input")

    @classmethod
    def judge(cls, reason: str) -> "Failed":
        # the sentence may quote the judge's reply or an endpoint's message: bounded, as all copied text
        return cls(math.nan, clip_copied(reason), "judge")

    @classmethod
    def error(cls, reason: str) -> "Failed":
        return cls(math.nan, clip_copied(reason), "error")


@dataclass(frozen=True)
class Case:
    """One sample being scored, read once: plain values for a scorer, which never extracts by itself.

    ``query``, ``answer`` and ``contexts`` are the focus times of ``user_input``, ``response`` and
    the retrieved contexts (the first ``context_limit``, each read against its own date), filled
    for the texts the scorer's ``focus_of`` names (``None`` for the others).
    """

    sample: SingleTurnSample
    reference_date: dt.date | None
    callbacks: t.Any
    dates: DateChannels
    query: FocusTime | None = None
    answer: FocusTime | None = None
    contexts: tuple[FocusTime, ...] | None = None
    language: str = "en"  # the code the texts were read in (the row's, else the metric's; "auto" per text)

    def own_dates(self, texts: t.Sequence[str]) -> list[dt.date | None] | None:
        """Each text's own date from the ``context_dates`` channel (``None`` where it gives none);
        ``None`` overall when the metric has no ``context_dates``. (LLM modes send these to the judge.)"""
        if not self.dates.has_context_dates:
            return None
        return [self.dates.context_date(self.sample, i, text, None) for i, text in enumerate(texts)]


def read_case(
    metric: t.Any,
    sample: SingleTurnSample,
    callbacks: t.Any = None,
    reference_date: t.Any = FROM_METRIC,
    language: t.Any = FROM_METRIC,
    focus_of: t.Sequence[str] | None = None,
) -> Case | Failed:
    """Read one sample for ``metric``'s scorer, once: the one place a row's texts are read.

    Checks the columns the metric needs (``needed_columns``), then decides the row's extraction
    options: its reference date (the call's, e.g. a row's ``reference_date`` field, else the
    metric's ``dates`` channel; each context's own date from ``context_dates``) and its language
    (the call's, else the metric's). The focus times of the texts the scorer's ``focus_of`` names
    (or ``focus_of``) go into the case; the extractor memoises, so several metrics on one sample
    extract each text once. A bad column, date or language code is the row's input failure.
    """
    for column in metric.needed_columns:
        problem = column_problem(column, getattr(sample, column, None))
        if problem is not None:
            return Failed.input(problem)
    dates: DateChannels = metric.dates
    problem = dates.ids_problem(sample)
    if problem is not None:
        return Failed.input(problem)
    needs = getattr(metric.scorer, "focus_of", ()) if focus_of is None else focus_of
    limit = getattr(metric.scorer, "context_limit", None)
    try:
        ref, context_refs = dates.row_dates(sample, reference_date, "retrieved_contexts" in needs, limit)
        lang = metric.language if language is FROM_METRIC or language is None else check_language(language)
    except ValueError as exc:
        return Failed.input(str(exc))
    query = extract_focus_time(sample.user_input, ref, lang) if "user_input" in needs else None
    answer = extract_focus_time(sample.response, ref, lang) if "response" in needs else None
    contexts = None
    if context_refs is not None:
        contexts = tuple(extract_focus_time(text, own, lang) for text, own in zip(sample.retrieved_contexts, context_refs))
    return Case(sample, ref, callbacks, dates, query, answer, contexts, lang)


# -- the columns: a None, empty or wrongly typed value, or a text over the cap, is the row's NaN reason


def column_problem(column: str, value: object) -> str | None:
    """Why ``value`` cannot be scored as ``column`` (a reason sentence), or ``None`` when it can.

    >>> column_problem("reference_context_ids", ["d1", 7]) is None
    True
    >>> column_problem("response", "in 2008 \\ud800")
    "response holds a lone surrogate (U+D800) at position 8: text must be valid Unicode (decode it with errors='replace')"
    """
    return _CHECKS[column](value, column)


def _surrogate_problem(text: str, column: str) -> str | None:
    # A lone surrogate (from bytes decoded with surrogateescape, or JSON "\ud800") cannot be encoded:
    # an LLM request, a CSV or a parquet file would fail on it. It is this row's problem only.
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return (
            f"{column} holds a lone surrogate (U+{ord(text[exc.start]):04X}) at position {exc.start}: "
            "text must be valid Unicode (decode it with errors='replace')"
        )
    return None


def _length_problem(text: str, column: str) -> str | None:
    # the one cap on what a text may cost (columns.TEXT_MAX_CHARS, read at each row so users may raise
    # it): checked before any extraction or judge call
    if len(text) <= columns.TEXT_MAX_CHARS:
        return None
    return (
        f"{column} is {len(text):,} characters, over the cap of {columns.TEXT_MAX_CHARS:,} on one text: split it "
        "into passages, or raise ragas_temporal.adapter.columns.TEXT_MAX_CHARS"
    )


def _check_text(value: object, column: str) -> str | None:
    if value is None:
        return f"{column} is missing (None)"
    if not isinstance(value, str):
        return f"{column} is not a string ({type(value).__name__})"
    if not value.strip():
        return f"{column} is empty"
    return _length_problem(value, column) or _surrogate_problem(value, column)


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
    problem = _check_list(value, column, "strings", lambda item: isinstance(item, str), "a string")
    if problem is None:
        for i, item in enumerate(value):  # type: ignore[arg-type]
            problem = _length_problem(item, f"{column}[{i}]") or _surrogate_problem(item, f"{column}[{i}]")
            if problem:
                break
    return problem


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


# -- the dates: ragas drops sample fields it does not know, so a per-sample date travels through the
# metric's two channels, reference_date and context_dates, validated once by DateChannels.build


def to_date(value: object, what: str = "reference_date") -> dt.date | None:
    """Normalise a date-like value to ``datetime.date`` (``None`` stays ``None``).

    Accepts ``datetime.date``, ``datetime.datetime`` (its date is used) and ISO strings
    (``"2024-06-01"`` or ``"2024-06-01T12:00:00"``). Anything else raises ``ValueError`` naming
    ``what``. One normalised type keeps the extractor's memo key stable across callers.

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


#: How a reason names the ``context_dates`` callable's value.
_CONTEXT_CALLABLE = "context_dates(sample, index, text)"


def _read_date(value: object, what: str) -> dt.date | ValueError | None:
    """:func:`to_date`, with its ``ValueError`` returned rather than raised (the caller decides)."""
    if isinstance(value, ValueError):
        return value
    try:
        return to_date(value, what)
    except ValueError as exc:
        return exc


@dataclass(frozen=True)
class DateChannels:
    """A metric's validated ``reference_date`` and ``context_dates``, answering per sample.

    ``reference_date``: ``None`` (relative expressions stay unresolved), a date or ISO string (one
    date for every sample), or a callable ``f(sample) -> date | str | None``. ``context_dates``:
    ``None``, a mapping ``context id -> date | str`` looked up through ``retrieved_context_ids``
    (ids compare as text: :func:`~ragas_temporal.scores.ids.id_key`), or a callable
    ``f(sample, index, text) -> date | str | None``; a context given no date falls back to the
    sample's. Build it with :meth:`build` (``ValueError`` for invalid arguments).
    """

    #: the one reference date for every sample (``None`` when absent or given per sample)
    fixed: dt.date | None
    per_sample: t.Callable[[t.Any], t.Any] | None
    context_map: dict | None
    context_callable: t.Callable[..., t.Any] | None
    owner: str

    @classmethod
    def build(cls, reference_date: ReferenceDate, context_dates: ContextDates, owner: str) -> "DateChannels":
        fixed = None if callable(reference_date) else to_date(reference_date, "reference_date")
        context_map = None
        if isinstance(context_dates, Mapping):
            context_map = keyed_by_id(
                {key: to_date(value, f"context_dates[{key!r}]") for key, value in context_dates.items()}, "context_dates"
            )
        elif context_dates is not None and not callable(context_dates):
            raise ValueError(
                "context_dates must be None, a mapping of context id -> date, or a callable "
                f"(sample, index, text) -> date; got {type(context_dates).__name__}"
            )
        return cls(
            fixed=fixed,
            per_sample=reference_date if callable(reference_date) else None,
            context_map=context_map,
            context_callable=context_dates if callable(context_dates) else None,
            owner=owner,
        )

    @property
    def has_context_dates(self) -> bool:
        return self.context_map is not None or self.context_callable is not None

    def row_dates(
        self, sample: t.Any, reference_date: t.Any = FROM_METRIC, contexts: bool = False, limit: int | None = None
    ) -> tuple[dt.date | None, list[dt.date | None] | None]:
        """A row's reference date (``reference_date`` when given, else the channel's) and, when
        ``contexts``, each of the first ``limit`` contexts' own date (the reference date where the
        channel gives none; ``None`` without ``contexts``). ``ValueError`` when a given or
        per-sample date is bad."""
        # every date of the row is gathered first (the channel's lookups, the user's callables) and
        # read in one pass through the parser
        if reference_date is not FROM_METRIC:
            wanted = [(reference_date, "reference_date")]
        elif self.per_sample is None:
            wanted = [(self.fixed, "reference_date")]
        else:  # a bad date from the user's callable is this row's failure
            wanted = [(self.per_sample(sample), "reference_date(sample)")]
        texts = sample.retrieved_contexts[:limit] if contexts else ()
        mapped = [self._mapped_date(sample, i) for i in range(len(texts))] if self.context_map is not None else None
        if self.context_callable is not None:
            wanted += [(self._own_value(sample, i, text), _CONTEXT_CALLABLE) for i, text in enumerate(texts)]
        dates = [_read_date(value, what) for value, what in wanted]
        ref = dates[0]
        if isinstance(ref, ValueError):
            raise ref
        if not contexts:
            return ref, None
        if mapped is not None:
            own = mapped
        elif self.context_callable is not None:
            own = [self._checked_own(date, i) for i, date in enumerate(dates[1:])]
        else:
            own = [None] * len(texts)
        return ref, [ref if date is None else date for date in own]

    def _mapped_date(self, sample: t.Any, index: int) -> dt.date | None:
        """Context ``index``'s date in the ``context_dates`` mapping, by its id (``None``: no id, or not in it)."""
        ids = sample.retrieved_context_ids
        if ids is None or index >= len(ids):
            return None
        return self.context_map.get(id_key(ids[index]))

    def _own_value(self, sample: t.Any, index: int, text: str) -> object:
        """What the user's ``context_dates`` callable gives for a context (a ``ValueError`` it raises, returned)."""
        try:
            return self.context_callable(sample, index, text)
        except ValueError as exc:  # an invalid date, as one it returns: logged, and the context falls back
            return exc

    def _checked_own(self, date: dt.date | ValueError | None, index: int) -> dt.date | None:
        """A context's own date from the user's callable; an invalid one is logged and falls back."""
        if isinstance(date, ValueError):
            logger.warning("%s: context_dates returned an invalid date for context %d", self.owner, index)
            return None
        return date

    def ids_problem(self, sample: t.Any) -> str | None:
        """Why the sample's ``retrieved_context_ids`` cannot be looked up in the ``context_dates`` mapping.

        ``None`` without a mapping, without ids (``None`` or empty: every context falls back), or
        when every id is a str or int.

        >>> from types import SimpleNamespace
        >>> channels = DateChannels.build(None, {"d1": "2021-05-01"}, owner="m")
        >>> channels.ids_problem(SimpleNamespace(retrieved_context_ids=["d1", ["d2"]]))
        "retrieved_context_ids[1] is not a str or int id (list): context_dates looks each context's date up by its id"
        """
        ids = getattr(sample, "retrieved_context_ids", None)
        if self.context_map is None or ids is None or (isinstance(ids, (list, tuple)) and not ids):
            return None
        problem = column_problem("retrieved_context_ids", ids)
        return None if problem is None else f"{problem}: context_dates looks each context's date up by its id"

    def context_date(self, sample: t.Any, index: int, text: str, fallback: dt.date | None) -> dt.date | None:
        """Context ``index``'s own date, or ``fallback`` when the channel gives none."""
        if self.context_map is not None:
            found = self._mapped_date(sample, index)
            return fallback if found is None else found
        if self.context_callable is None:
            return fallback
        own = self._checked_own(_read_date(self._own_value(sample, index, text), _CONTEXT_CALLABLE), index)
        return fallback if own is None else own
