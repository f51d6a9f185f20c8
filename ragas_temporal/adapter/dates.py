"""Reference dates of a metric: the date "last year" resolves against, per sample and per context.

ragas drops sample fields it does not know, so a per-sample reference date cannot travel as a
column through ``ragas.evaluate``. The metrics take it through two constructor arguments, which
:class:`DateChannels` validates once and then answers per sample:

``reference_date``
    ``None`` (relative expressions stay unresolved), a ``datetime.date`` or ISO ``"YYYY-MM-DD"``
    string (one date for every sample), or a callable ``f(sample) -> date | str | None``.
``context_dates``
    ``None``, a mapping ``context id -> date | str`` applied through ``retrieved_context_ids``, or
    a callable ``f(sample, index, text) -> date | str | None``. A context the channel gives no date
    falls back to the sample's reference date. Ids are compared as text, as in gold mode
    (:func:`ragas_temporal.scores.id_key`: the key ``7`` finds the id ``"7"``); a sample whose ids
    are not all text or integers is NaN with a reason (:meth:`DateChannels.ids_problem`).

>>> channels = DateChannels.build("2024-06-01", {"d1": "2021-05-01"}, owner="m")
>>> channels.fixed
datetime.date(2024, 6, 1)
>>> from types import SimpleNamespace
>>> sample = SimpleNamespace(retrieved_context_ids=["d1", "d2"])
>>> channels.context_date(sample, 0, "text", channels.fixed), channels.context_date(sample, 1, "text", channels.fixed)
(datetime.date(2021, 5, 1), datetime.date(2024, 6, 1))
"""

from __future__ import annotations

import datetime as dt
import logging
import typing as t
from collections.abc import Mapping
from dataclasses import dataclass

from ragas_temporal.focus_time.reference import parse_reference_date
from ragas_temporal.adapter.columns import column_problem
from ragas_temporal.scores.ids import id_key, keyed_by_id

if t.TYPE_CHECKING:
    from ragas.dataset_schema import SingleTurnSample

logger = logging.getLogger(__name__)

__all__ = ["DateLike", "ReferenceDate", "ContextDates", "to_date", "DateChannels", "FROM_METRIC"]

#: Marker: "use the metric's own reference-date channel" (None is a legitimate explicit value).
FROM_METRIC: t.Any = object()

DateLike = t.Union[dt.date, str]
ReferenceDate = t.Union[None, DateLike, t.Callable[["SingleTurnSample"], t.Optional[DateLike]]]
ContextDates = t.Union[
    None,
    t.Mapping[t.Union[str, int], DateLike],
    t.Callable[["SingleTurnSample", int, str], t.Optional[DateLike]],
]


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

    Build it with :meth:`build` (which raises ``ValueError`` for invalid arguments).
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
        """A row's dates in one answer: its reference date (``reference_date`` when given, else the
        channel's) and, when ``contexts``, each of the first ``limit`` contexts' own date (the
        reference date where the channel gives none; ``None`` without ``contexts``).
        ``ValueError`` when a given or per-sample date is bad.

        >>> from types import SimpleNamespace
        >>> channels = DateChannels.build("2024-06-01", {"d1": "2021-05-01"}, owner="m")
        >>> sample = SimpleNamespace(retrieved_contexts=["a", "b"], retrieved_context_ids=["d1", "d2"])
        >>> channels.row_dates(sample, contexts=True)
        (datetime.date(2024, 6, 1), [datetime.date(2021, 5, 1), datetime.date(2024, 6, 1)])
        """
        # every date of the row is gathered first (the channel's lookups, the user's callables) and
        # read in one pass through the parser: data goes down once, never back and forth
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
