"""Score a pandas frame, or extract focus times over it: the unit that Spark and Ray hand to user code.

Both functions are engine-neutral: :func:`score_frame` is what ``spark_score`` runs in
``mapInPandas`` and ``ray_score`` in ``map_batches``, so a value computed on a cluster is the value
:func:`ragas_temporal.metrics.score_dataset` gives for the same row, reason included.

>>> import pandas as pd
>>> frame = pd.DataFrame({
...     "user_input": ["What changed in 2020?", "What happened last year?"],
...     "retrieved_contexts": [["Offices closed in 2020.", "The 2019 merger."], ["Prices peaked in 2023."]],
...     "reference_date": [None, "2024-06-01"],
... })
>>> scored = score_frame(frame, ["temporal_precision@2"])
>>> scored["temporal_precision_at_2"].tolist()
[0.5, 0.5]
>>> scored["temporal_precision_at_2_reason"].tolist()[1]
'query years 2023: 1 of the top 2 documents relevant (rank 1); only 1 retrieved, P@k divides by k'
>>> focus_time_frame(frame, "user_input")[["years", "focus_time_reason"]].values.tolist()
[[[2020], None], [[], None]]
"""

from __future__ import annotations

import datetime as dt
import typing as t

import pandas as pd
import pyarrow as pa

from ragas_temporal.batch.cells import plain, plain_column
from ragas_temporal.batch.plan import REFERENCE_DATE, MetricLike, ScorePlan

if t.TYPE_CHECKING:
    from ragas_temporal.focus_time import FocusTime


def _check_frame(frame: object) -> None:
    """``ValueError`` naming the fix unless ``frame`` is a pandas DataFrame."""
    import pandas as pd

    if not isinstance(frame, pd.DataFrame):
        raise ValueError(
            f"frame must be a pandas DataFrame, got {type(frame).__name__}: build one with pandas.DataFrame(rows); "
            "for a Spark DataFrame use spark_score, for a Ray dataset ray_score"
        )


def score_frame(
    frame: pd.DataFrame,
    metrics: MetricLike | t.Iterable[MetricLike],
    reference_date: dt.date | str | None = None,
    columns: t.Mapping[str, str] | None = None,
    keep: t.Iterable[str] | None = None,
) -> pd.DataFrame:
    """The frame's rows scored with focus-time and gold-mode metrics: ``<metric>``, ``<metric>_reason``, ``<metric>_failure``.

    Parameters
    ----------
    frame : pandas.DataFrame
        One row per sample, ragas column names (``user_input``, ``response``, ``retrieved_contexts``,
        ``retrieved_context_ids``, ``reference_context_ids``) unless ``columns`` maps them. List cells
        may be lists or numpy arrays (as pandas gives them from Arrow or Parquet).
    metrics : metric objects or spec strings
        ``[TemporalNDCGAtK(k=10), "temporal_precision@5", "temporal_recall@5:gold"]`` or
        ``"temporal_faithfulness,temporal_ndcg@10"``. LLM modes raise ``ValueError``.
    reference_date : date or ISO str, optional
        The date of rows whose ``reference_date`` column is absent or null; a row's own date wins.
    columns : mapping, optional
        Ragas name (or ``reference_date``) -> this frame's column name, e.g. ``{"user_input": "query"}``.
    keep : iterable of str, optional
        Input columns to carry to the output (default: all of them).

    Returns
    -------
    pandas.DataFrame
        The kept input columns, then per metric ``<metric>`` (float, NaN when undefined),
        ``<metric>_reason`` and ``<metric>_failure`` (``"input"`` when a column or date could not be
        read, else ``None``), one row per input row in the same order: what ``score_dataset`` gives.
    """
    _check_frame(frame)
    plan = ScorePlan.build(metrics, reference_date, columns, keep)
    plan.check_columns(frame.columns)
    return score_batch(plan, frame)


def score_batch(plan: ScorePlan, frame: pd.DataFrame) -> pd.DataFrame:
    """Apply a checked :class:`ScorePlan` to one batch (the function the engines run on each batch)."""
    from ragas_temporal.adapter.dataset_scoring import outcome_columns, score_rows_now

    columns = outcome_columns(score_rows_now(_rows(plan, frame), plan.metrics), plan.metrics)
    out = frame[plan.kept(frame.columns)].copy()
    for field in plan.output_fields():
        dtype = "float64" if pa.types.is_floating(field.type) else object  # object: None stays None
        out[field.name] = pd.Series(columns[field.name], index=frame.index, dtype=dtype)
    return out


def _rows(plan: ScorePlan, frame: pd.DataFrame) -> list[dict]:
    """Rows as ``score_dataset`` reads them: plain values, and each row's reference date or the plan's."""
    n = len(frame)
    fields: dict[str, list] = {}
    for name, column in plan.columns.items():
        if name != REFERENCE_DATE and column in frame.columns:
            fields[name] = plain_column(frame[column])
    date_column = plan.columns[REFERENCE_DATE]
    dates = plain_column(frame[date_column]) if date_column in frame.columns else [None] * n
    fields[REFERENCE_DATE] = [plan.reference_date if d is None else d for d in dates]
    return [{name: values[i] for name, values in fields.items()} for i in range(n)]


# --- focus times -------------------------------------------------------------------------------

#: Output columns of :func:`focus_time_frame`, with their Arrow types (Spark's schema is read from these).
MENTION_TYPE = pa.struct(
    [
        pa.field("start", pa.int32()),
        pa.field("end", pa.int32()),
        pa.field("text", pa.string()),
        pa.field("kind", pa.string()),
        pa.field("value", pa.string()),
        pa.field("years", pa.list_(pa.int32())),
    ]
)
YEARS, MENTIONS, FOCUS_TIME_REASON = "years", "mentions", "focus_time_reason"
FOCUS_TIME_FIELDS = (
    pa.field(YEARS, pa.list_(pa.int32())),
    pa.field(MENTIONS, pa.list_(MENTION_TYPE)),
    pa.field(FOCUS_TIME_REASON, pa.string()),
)


def focus_time_frame(
    frame: pd.DataFrame,
    text_column: str,
    reference_date_column: str | None = None,
    reference_date: dt.date | str | None = None,
) -> pd.DataFrame:
    """The frame with each text's focus time: ``years`` (list of int), ``mentions`` (list of struct), ``focus_time_reason``.

    A mention is ``{start, end, text, kind, value, years}`` as
    :meth:`ragas_temporal.focus_time.TemporalMention.to_dict` gives it. A row whose text is missing
    or not a string, or whose reference date is not a date, has null ``years`` and ``mentions`` and
    says why in ``focus_time_reason`` (null for every extracted row). ``reference_date`` is the date
    of rows without one in ``reference_date_column``.

    >>> import pandas as pd
    >>> out = focus_time_frame(pd.DataFrame({"text": ["Sales fell last year.", None]}), "text", reference_date="2024-06-01")
    >>> out["years"].tolist(), out["mentions"][0][0]["text"], out["focus_time_reason"][1]
    ([[2023], None], 'last year', 'text is missing (None)')
    """
    _check_frame(frame)
    check_focus_time_columns(frame.columns, text_column, reference_date_column)
    return focus_time_batch(text_column, reference_date_column, parse_date(reference_date), frame)


def parse_date(value: dt.date | str | None) -> dt.date | None:
    from ragas_temporal.focus_time.reference import parse_reference_date

    return parse_reference_date(value, "reference_date")


def check_focus_time_columns(available: t.Iterable[str], text_column: str, reference_date_column: str | None) -> None:
    """``ValueError`` when an input column is absent or an output column would overwrite one."""
    available = list(available)
    for column in (text_column, reference_date_column):
        if column is not None and column not in available:
            raise ValueError(f"no column {column!r} in the frame (it has: {', '.join(available)})")
    clash = [f.name for f in FOCUS_TIME_FIELDS if f.name in available]
    if clash:
        raise ValueError(f"the frame already has column(s) {', '.join(clash)}: rename or drop them first")


def focus_time_batch(
    text_column: str, reference_date_column: str | None, reference_date: dt.date | None, frame: pd.DataFrame
) -> pd.DataFrame:
    """:func:`focus_time_frame` on one checked batch (the function the engines run)."""
    texts = plain_column(frame[text_column])
    dates = plain_column(frame[reference_date_column]) if reference_date_column else [None] * len(frame)
    years, mentions, reasons = [], [], []
    for text, date in zip(texts, dates):
        focus, reason = _focus_time(text, reference_date if date is None else date)
        years.append(None if focus is None else sorted(focus.years))
        mentions.append(None if focus is None else [m.to_dict() for m in focus.mentions])
        reasons.append(reason)
    out = frame.copy()
    out[YEARS] = pd.Series(years, index=frame.index, dtype=object)
    out[MENTIONS] = pd.Series(mentions, index=frame.index, dtype=object)
    out[FOCUS_TIME_REASON] = pd.Series(reasons, index=frame.index, dtype=object)
    return out


def _focus_time(text: t.Any, date: t.Any) -> tuple[FocusTime | None, str | None]:
    from ragas_temporal.focus_time import extract_focus_time
    from ragas_temporal.focus_time.reference import parse_reference_date

    if text is None:
        return None, "text is missing (None)"
    if not isinstance(text, str):
        return None, f"text is not a string ({type(text).__name__})"
    try:
        return extract_focus_time(text, parse_reference_date(date, "reference_date")), None
    except ValueError as exc:
        return None, str(exc)
