"""The dataset runner: score every row of a dataset with every metric, keeping reasons and failures.

``ragas.evaluate`` keeps only the float of each score. :func:`score_dataset` runs the same metric
code over every row and returns a ``pandas.DataFrame`` with ``<metric>``, ``<metric>_reason`` and
``<metric>_failure`` columns per metric (the failure kind: ``"input"``, ``"judge"``, ``"error"``,
or ``None`` when the row was scored or its score is undefined; see
:class:`~ragas_temporal.metrics.base.Failed`); the ``ragas-temporal evaluate`` command uses it. Rows may
carry a ``reference_date`` field (ISO string or date), which overrides the metrics'
``reference_date`` channel for that row: this is how a JSONL/CSV file gives each sample its date.

>>> from ragas_temporal.metrics import TemporalFaithfulness, score_dataset
>>> rows = [
...     {"response": "It began in 2008.", "retrieved_contexts": ["Lehman fell in 2008."]},
...     {"response": "It ended in 2010.", "retrieved_contexts": ["Lehman fell in 2008."]},
...     {"response": "No dates here.", "retrieved_contexts": ["Lehman fell in 2008."]},
... ]
>>> df = score_dataset(rows, [TemporalFaithfulness()])
>>> df["temporal_faithfulness"].tolist()[:2]
[1.0, 0.0]
>>> df["temporal_faithfulness_reason"].tolist()[2]
'answer makes no temporal claim'
>>> df["temporal_faithfulness_failure"].tolist()  # an undefined score is not a failure
[None, None, None]
"""

from __future__ import annotations

import asyncio
import logging
import typing as t

from ragas.dataset_schema import SingleTurnSample

from ragas_temporal.focus_time.reference import is_missing_date
from ragas_temporal.metrics.base import (
    FROM_METRIC,
    SAMPLE_COLUMNS,
    Failed,
    Outcome,
    TemporalMetric,
    check_unique_names,
)
from ragas_temporal.metrics.columns import as_plain_list, printable_text

if t.TYPE_CHECKING:
    import pandas as pd

logger = logging.getLogger(__name__)

#: Extra row field that carries a per-row reference date in :func:`score_dataset`.
REFERENCE_DATE_FIELD = "reference_date"
#: Suffix of the per-metric column holding a failed row's kind (see ``Failed``).
FAILURE_SUFFIX = "_failure"
#: Key of ``frame.attrs`` holding the run's judge calls and tokens (a ``JudgeUsage``), when a metric called a judge.
USAGE_ATTR = "judge_usage"
#: ``on_row(index, outcomes)``: called as each row finishes, with its outcomes in metric order.
RowCallback = t.Callable[[int, t.List[Outcome]], None]


def dataset_rows(data: t.Any) -> list[dict]:
    """Rows as dicts from an ``EvaluationDataset``, a Hugging Face ``Dataset``, a DataFrame or a list.

    Missing values (``None``, pandas ``NaN`` and ``NaT``) become ``None``; list columns that arrive
    as numpy arrays (pandas from a ``datasets.Dataset`` or from parquet) become lists.
    """
    if hasattr(data, "samples") and hasattr(data, "get_sample_type"):  # ragas EvaluationDataset
        rows = [{c: getattr(s, c, None) for c in SAMPLE_COLUMNS} for s in data.samples]
    elif hasattr(data, "to_dict") and hasattr(data, "columns"):  # pandas DataFrame
        rows = data.to_dict(orient="records")
    elif hasattr(data, "to_list") and hasattr(data, "features"):  # datasets.Dataset
        rows = data.to_list()
    elif isinstance(data, (list, tuple)):
        rows = [dict(r) for r in data]
    else:
        raise TypeError(
            "dataset must be a ragas EvaluationDataset, a datasets.Dataset, a pandas DataFrame or a list of "
            f"dicts, got {type(data).__name__}"
        )
    for row in rows:
        for key, value in row.items():
            row[key] = None if is_missing_date(value) else as_plain_list(value)
    return rows


def check_columns(rows: t.Sequence[dict], metrics: t.Sequence[TemporalMetric]) -> None:
    """Raise ``ValueError`` naming the columns a metric needs that no row has."""
    available = {k for row in rows for k, v in row.items() if v is not None}
    for m in metrics:
        missing = [c for c in m.needed_columns if c not in available]
        if missing:
            raise ValueError(
                f"metric {m.name} needs column(s) {', '.join(missing)}, missing from the dataset "
                f"(it has: {', '.join(sorted(available)) or 'nothing'})"
            )


def _sample_of(row: dict) -> tuple[SingleTurnSample, t.Any]:
    """The row's sample (unvalidated: bad values become NaN with a reason) and its reference date."""
    sample = SingleTurnSample.model_construct(**{c: row.get(c) for c in SAMPLE_COLUMNS})
    ref = row.get(REFERENCE_DATE_FIELD)
    return sample, FROM_METRIC if ref is None else ref


def _row_error(metric: TemporalMetric, i: int, exc: Exception) -> Failed:
    logger.warning("%s failed on row %d: %r", metric.name, i, exc)
    return Failed.error(f"error: {type(exc).__name__}: {exc}")


def score_rows_now(rows: t.Sequence[dict], metrics: t.Sequence[TemporalMetric]) -> list[list[Outcome]]:
    """Score rows synchronously with metrics whose modes never call an LLM (no event loop; batch scoring's path).

    Rows as :func:`score_dataset` reads them (ragas columns, optional ``reference_date``); the
    outcomes are those ``score_dataset`` gives, one list per row in metric order. Unlike
    ``score_dataset`` it does not refuse a column that no row has: each row then gets the
    metric's own reason, so one batch of a larger job never fails for its content.

    >>> from ragas_temporal.metrics import TemporalFaithfulness
    >>> outcomes = score_rows_now([{"response": "In 2008.", "retrieved_contexts": ["2008"]}, {}], [TemporalFaithfulness()])
    >>> outcomes[0][0].value, outcomes[1][0]
    (1.0, Failed(value=nan, reason='response is missing (None)', kind='input'))
    """
    calling = [m.name for m in metrics if m.scorer.calls_llm]
    if calling:
        raise ValueError(f"score_rows_now runs modes without an LLM; {', '.join(calling)} call one: use score_dataset")
    results = []
    for i, row in enumerate(rows):
        sample, ref = _sample_of(row)
        outcomes = []
        for m in metrics:
            try:
                outcomes.append(m.score_sample_now(sample, ref))
            except Exception as exc:  # one failing row never loses the others
                outcomes.append(_row_error(m, i, exc))
        results.append(outcomes)
    return results


def score_columns(metric: TemporalMetric) -> tuple[str, str, str]:
    """The metric's output columns: ``(<metric>, <metric>_reason, <metric>_failure)``."""
    return metric.name, f"{metric.name}_reason", f"{metric.name}{FAILURE_SUFFIX}"


def _failure_kind(outcome: Outcome) -> str | None:
    return outcome.kind if isinstance(outcome, Failed) else None


def outcome_fields(outcomes: t.Sequence[Outcome], metrics: t.Sequence[TemporalMetric]) -> dict[str, t.Any]:
    """One row's :func:`score_columns` values, in metric order (a row of :func:`outcome_columns`)."""
    fields: dict[str, t.Any] = {}
    for outcome, m in zip(outcomes, metrics):
        value, reason, failure = score_columns(m)
        fields[value], fields[reason], fields[failure] = outcome.value, outcome.reason, _failure_kind(outcome)
    return fields


def outcome_columns(results: t.Sequence[t.Sequence[Outcome]], metrics: t.Sequence[TemporalMetric]) -> dict[str, list]:
    """``<metric>``, ``<metric>_reason`` and ``<metric>_failure`` values from per-row outcomes, in metric order."""
    columns: dict[str, list] = {}
    for j, m in enumerate(metrics):
        value, reason, failure = score_columns(m)
        columns[value] = [r[j].value for r in results]
        columns[reason] = [r[j].reason for r in results]
        columns[failure] = [_failure_kind(r[j]) for r in results]
    return columns


async def _score_rows(
    rows: list[dict],
    metrics: t.Sequence[TemporalMetric],
    show_progress: bool,
    max_concurrency: int,
    callbacks: t.Any = None,
    on_row: RowCallback | None = None,
) -> list[list[Outcome]]:
    from tqdm.auto import tqdm

    results: list[list[Outcome]] = [[] for _ in rows]
    semaphore = asyncio.Semaphore(max_concurrency)
    bar = tqdm(total=len(rows), desc="Scoring", unit="row", disable=not show_progress)

    async def one(i: int, row: dict) -> None:
        sample, ref = _sample_of(row)
        async with semaphore:
            for m in metrics:
                try:
                    score = await m.score_sample(sample, callbacks, ref)
                except Exception as exc:  # one failing row never loses the others
                    score = _row_error(m, i, exc)
                results[i].append(score)
        if on_row is not None:  # e.g. the CLI appends the finished row to its partial output file
            on_row(i, results[i])
        bar.update(1)

    try:
        await asyncio.gather(*(one(i, row) for i, row in enumerate(rows)))
    finally:
        bar.close()
    return results


def score_dataset(
    dataset: t.Any,
    metrics: t.Sequence[TemporalMetric],
    show_progress: bool = False,
    max_concurrency: int = 16,
    run_config: t.Any = None,
    callbacks: t.Any = None,
    on_row: RowCallback | None = None,
) -> pd.DataFrame:
    """Score every row with every metric; keep the reasons.

    Parameters
    ----------
    dataset : EvaluationDataset, datasets.Dataset, pandas.DataFrame or list of dict
        Rows with ragas column names. A row's ``reference_date`` field (ISO string or date), when
        present and not null, is that row's reference date for every metric.
    metrics : sequence of TemporalMetric
        Metric instances with distinct names.
    show_progress : bool, default False
        Show a tqdm progress bar.
    max_concurrency : int, default 16
        Rows scored at once (matters for LLM modes).
    run_config : ragas.run_config.RunConfig, optional
        Passed to each metric's ``init`` (timeouts, retries). By default a metric's LLM keeps the
        run config it already has, so an LLM built with few retries is not reset to ragas's
        default of 10 retries with up to 60 s back-off.
    callbacks : list of LangChain callback handlers or a callback manager, optional
        Passed to every LLM judgement (LLM modes), as ``ragas.evaluate(callbacks=...)`` does:
        e.g. ``ragas.cost.CostCallbackHandler(get_token_usage_for_openai)`` to count tokens.
    on_row : callable, optional
        ``on_row(index, outcomes)`` as each row finishes (rows finish in any order), with the
        row's ``Score``/``Failed`` outcomes in metric order: e.g. to append it to a file.

    Returns
    -------
    pandas.DataFrame
        The input columns, then ``<metric>`` (float, NaN when undefined), ``<metric>_reason`` and
        ``<metric>_failure`` (``"input"``, ``"judge"``, ``"error"`` or ``None``) for each metric,
        one row per input row (no row is dropped). When a metric called a judge,
        ``frame.attrs["judge_usage"]`` is a :class:`~ragas_temporal.judging.usage.JudgeUsage`:
        judge calls (failed ones, ones answered from a ``MeteredDiskCache``) and the prompt and
        completion tokens the endpoint reported (``.summary()`` says it in one line).

    Raises
    ------
    ValueError
        When a metric needs a column that no row has (the message names it), two metrics share
        a name, or a metric's mode needs an LLM it was not given.
    """
    import pandas as pd

    metrics = list(metrics)
    for m in metrics:
        if not isinstance(m, TemporalMetric):
            raise TypeError(f"score_dataset takes ragas_temporal metrics, got {type(m).__name__}")
    check_unique_names(metrics)
    rows = dataset_rows(dataset)
    check_columns(rows, metrics)
    from ragas.async_utils import run
    from ragas.run_config import RunConfig

    for m in metrics:  # as ragas.evaluate does: an LLM mode without an LLM fails here, before any row
        m.init(run_config or getattr(getattr(m, "llm", None), "run_config", None) or RunConfig())

    meter = None
    if any(m.scorer.calls_llm for m in metrics):
        from ragas_temporal.judging.usage import UsageMeter, metered_callbacks

        meter = UsageMeter()
        callbacks = metered_callbacks(callbacks, meter)
    caches = _metered_caches(metrics)
    hits_before = sum(cache.hits for cache in caches)
    results = run(lambda: _score_rows(rows, metrics, show_progress, max(1, int(max_concurrency)), callbacks, on_row))
    failure_columns = {f"{m.name}{FAILURE_SUFFIX}" for m in metrics}
    # the frame keeps every row: text that is not valid Unicode is shown with U+FFFD (that row's
    # score is NaN with the reason), so the frame can be written as UTF-8
    frame = pd.DataFrame([{key: printable_text(value) for key, value in row.items()} for row in rows])
    for name, values in outcome_columns(results, metrics).items():
        # object dtype keeps a failure column's None as None (pandas would infer strings, None -> NaN)
        frame[name] = pd.Series(values, index=frame.index, dtype=object) if name in failure_columns else values
    if meter is not None:
        frame.attrs[USAGE_ATTR] = meter.usage(cached=sum(cache.hits for cache in caches) - hits_before)
    return frame


def _metered_caches(metrics: t.Sequence[TemporalMetric]) -> list:
    """The distinct caches that count their hits (``MeteredDiskCache``) on the judging metrics' LLMs."""
    caches = {}
    for m in metrics:
        cache = getattr(getattr(m, "llm", None), "cache", None)
        if m.scorer.calls_llm and isinstance(getattr(cache, "hits", None), int):
            caches[id(cache)] = cache
    return list(caches.values())


__all__ = [
    "REFERENCE_DATE_FIELD",
    "FAILURE_SUFFIX",
    "USAGE_ATTR",
    "score_dataset",
    "score_rows_now",
    "outcome_columns",
    "outcome_fields",
    "score_columns",
    "dataset_rows",
    "check_columns",
]
