"""The dataset runner: score every row of a dataset with every metric, keeping reasons and failures.

``ragas.evaluate`` keeps only the float of each score. :func:`score_dataset` runs the same metric
code over every row and returns a ``pandas.DataFrame`` with ``<metric>``, ``<metric>_reason`` and
``<metric>_failure`` columns per metric (the failure kind: ``"input"``, ``"judge"``, ``"error"``,
``"judge_fell_back"`` for a hybrid row scored by its dates alone because its judge failed, or
``None`` when the row was scored or its score is undefined; see
:class:`~ragas_temporal.adapter.base.Failed`); the ``ragas-temporal evaluate`` command uses it. Rows may
carry a ``reference_date`` field (ISO string or date), which overrides the metrics'
``reference_date`` channel for that row: this is how a JSONL/CSV file gives each sample its date.
A ``language`` field ("de", "zh", "auto", ...) likewise overrides the metrics' ``language``.

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
from ragas_temporal.adapter.base import (
    FROM_METRIC,
    JUDGE_FELL_BACK,
    SAMPLE_COLUMNS,
    Failed,
    Outcome,
    TemporalMetric,
    check_unique_names,
)
from ragas_temporal.adapter.columns import as_plain_list, printable_text
from ragas_temporal.llm.runner import progress_bar, run_each
from ragas_temporal.scores import JudgeFellBack

if t.TYPE_CHECKING:
    import pandas as pd

logger = logging.getLogger(__name__)

#: Extra row field that carries a per-row reference date in :func:`score_dataset`.
REFERENCE_DATE_FIELD = "reference_date"
#: Extra row field that carries a per-row language in :func:`score_dataset`.
LANGUAGE_FIELD = "language"
#: Suffix of the per-metric column holding a failed row's kind (see ``Failed``).
FAILURE_SUFFIX = "_failure"
#: Key of ``frame.attrs`` holding the run's judge calls and tokens (a ``JudgeUsage``), when a metric called a judge.
USAGE_ATTR = "judge_usage"
#: ``on_row(index, outcomes)``: called as each row finishes, with its outcomes in metric order.
RowCallback = t.Callable[[int, t.List[Outcome]], None]


class UnreadableRow(dict):
    """An item of a list dataset that is no mapping of columns (``None``, a string, a number).

    It stays in the rows, empty, so that row count and order hold: every metric gives it
    ``Failed.input(problem)`` and the rest of the batch is scored.

    >>> dataset_rows([{"response": "In 2008."}, None])[1].problem
    "row 1 is a NoneType, not a mapping of columns: give each row as a dict such as {'response': ..., 'retrieved_contexts': [...]}"
    """

    def __init__(self, index: int, item: t.Any) -> None:
        super().__init__()
        self.problem = (
            f"row {index} is a {type(item).__name__}, not a mapping of columns: give each row as a dict "
            "such as {'response': ..., 'retrieved_contexts': [...]}"
        )


def _list_row(index: int, item: t.Any) -> dict:
    """A list item as a dict of columns (a mapping, or anything ``dict()`` reads as pairs), else an UnreadableRow."""
    if isinstance(item, (str, bytes)):  # dict() would read "ab" pairs out of a string's characters
        return UnreadableRow(index, item)
    try:
        return dict(item)
    except (TypeError, ValueError):
        return UnreadableRow(index, item)


def dataset_rows(data: t.Any) -> list[dict]:
    """Rows as dicts from an ``EvaluationDataset``, a Hugging Face ``Dataset``, a DataFrame or a list.

    Missing values (``None``, pandas ``NaN`` and ``NaT``) become ``None``; list columns that arrive
    as numpy arrays (pandas from a ``datasets.Dataset`` or from parquet) become lists. An item of a
    list that is no mapping of columns becomes an empty :class:`UnreadableRow` saying so.
    """
    if hasattr(data, "samples") and hasattr(data, "get_sample_type"):  # ragas EvaluationDataset
        rows = [{c: getattr(s, c, None) for c in SAMPLE_COLUMNS} for s in data.samples]
    elif hasattr(data, "to_dict") and hasattr(data, "columns"):  # pandas DataFrame
        rows = data.to_dict(orient="records")
    elif hasattr(data, "to_list") and hasattr(data, "features"):  # datasets.Dataset
        rows = data.to_list()
    elif isinstance(data, (list, tuple)):
        rows = [_list_row(i, r) for i, r in enumerate(data)]
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
    check_available_columns({k for row in rows for k, v in row.items() if v is not None}, metrics)


def check_available_columns(available: t.Collection[str], metrics: t.Sequence[TemporalMetric]) -> None:
    """:func:`check_columns` given the columns that hold a value in some row."""
    for m in metrics:
        missing = [c for c in m.needed_columns if c not in available]
        if missing:
            raise ValueError(
                f"metric {m.name} needs column(s) {', '.join(missing)}, missing from the dataset "
                f"(it has: {', '.join(sorted(available)) or 'nothing'})"
            )


def _sample_of(row: dict) -> tuple[SingleTurnSample, t.Any, t.Any]:
    """The row's sample (unvalidated: bad values become NaN with a reason), its reference date and its language."""
    sample = SingleTurnSample.model_construct(**{c: row.get(c) for c in SAMPLE_COLUMNS})
    ref, language = row.get(REFERENCE_DATE_FIELD), row.get(LANGUAGE_FIELD)
    return sample, FROM_METRIC if ref is None else ref, FROM_METRIC if language is None else language


def _row_error(metric: TemporalMetric, i: int, exc: Exception) -> Failed:
    logger.warning("%s failed on row %d: %r", metric.name, i, exc)
    return Failed.error(f"error: {type(exc).__name__}: {exc}")


def _unreadable(row: dict, metrics: t.Sequence[TemporalMetric]) -> list[Outcome] | None:
    """Every metric's outcome for an :class:`UnreadableRow` (``None`` for a readable row)."""
    if isinstance(row, UnreadableRow):
        return [Failed.input(row.problem) for _ in metrics]
    return None


def _run_is_cancelled() -> bool:
    """Whether the current row task was cancelled from outside (the run), not by a call inside it.

    ``Task.cancelling()`` (Python 3.11+) counts the ``cancel()`` requests a task received; a
    ``CancelledError`` that a judge call raises by itself leaves it at 0. Python 3.10 cannot tell
    the two apart, so there every ``CancelledError`` is taken for a cancellation of the run.
    """
    task = asyncio.current_task()
    cancelling = getattr(task, "cancelling", None)
    return cancelling is None or cancelling() > 0


def _cancelled_inside(metric: TemporalMetric, i: int) -> Failed:
    logger.warning("%s: a call inside row %d was cancelled (the run was not)", metric.name, i)
    return Failed.error("error: CancelledError: a call inside this row was cancelled, although the run was not")


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
        unreadable = _unreadable(row, metrics)
        if unreadable is not None:
            results.append(unreadable)
            continue
        sample, ref, language = _sample_of(row)
        outcomes = []
        for m in metrics:
            try:
                outcomes.append(m.score_sample_now(sample, ref, language))
            except Exception as exc:  # one failing row never loses the others
                outcomes.append(_row_error(m, i, exc))
        results.append(outcomes)
    return results


def score_columns(metric: TemporalMetric) -> tuple[str, str, str]:
    """The metric's output columns: ``(<metric>, <metric>_reason, <metric>_failure)``."""
    return metric.name, f"{metric.name}_reason", f"{metric.name}{FAILURE_SUFFIX}"


def _failure_kind(outcome: Outcome) -> str | None:
    if isinstance(outcome, Failed):
        return outcome.kind
    return JUDGE_FELL_BACK if isinstance(outcome, JudgeFellBack) else None


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
    callbacks: t.Any,
    results: list[list[Outcome] | None],
    on_row: RowCallback | None = None,
    *,
    semaphore: asyncio.Semaphore | None = None,
    bar: t.Any = None,
) -> None:
    """Fill ``results[i]`` with row ``i``'s outcomes as each row finishes (so a cancelled run keeps
    them), and hand each finished row to ``on_row``, through the one runner (:func:`run_each`). A
    ``semaphore`` and progress ``bar`` given are shared with other batches of the run (the bar is
    then not closed here)."""
    semaphore = semaphore or asyncio.Semaphore(max_concurrency)
    own_bar = bar is None
    if own_bar:
        bar = progress_bar(len(rows), "Scoring", show_progress, unit="row")

    async def score(i: int, row: dict) -> list[Outcome]:
        outcomes = _unreadable(row, metrics)
        if outcomes is not None:
            return outcomes
        sample, ref, language = _sample_of(row)
        outcomes = []
        for m in metrics:
            try:
                outcome = await m.score_sample(sample, callbacks, ref, language)
            except asyncio.CancelledError:
                if _run_is_cancelled():  # Ctrl-C or task.cancel(): the whole run stops
                    raise
                outcome = _cancelled_inside(m, i)
            except Exception as exc:  # one failing row never loses the others
                outcome = _row_error(m, i, exc)
            outcomes.append(outcome)
        return outcomes

    def keep(i: int, outcomes: list[Outcome]) -> None:
        results[i] = outcomes
        if on_row is not None:  # e.g. the CLI appends the finished row to its partial output file
            on_row(i, outcomes)

    try:
        await run_each(rows, score, keep, semaphore, bar)
    finally:
        if own_bar:
            bar.close()


def _outcome_frame(
    rows: t.Sequence[dict], results: t.Sequence[t.Sequence[Outcome]], metrics: t.Sequence[TemporalMetric],
    index: t.Sequence[int] | None = None,
) -> pd.DataFrame:
    """The input columns, then each metric's value, reason and failure columns."""
    import pandas as pd

    failure_columns = {f"{m.name}{FAILURE_SUFFIX}" for m in metrics}
    # the frame keeps every row: text that is not valid Unicode is shown with U+FFFD (that row's
    # score is NaN with the reason), so the frame can be written as UTF-8
    frame = pd.DataFrame([{key: printable_text(value) for key, value in row.items()} for row in rows], index=index)
    for name, values in outcome_columns(results, metrics).items():
        # object dtype keeps a failure column's None as None (pandas would infer strings, None -> NaN)
        frame[name] = pd.Series(values, index=frame.index, dtype=object) if name in failure_columns else values
    return frame


def score_dataset(
    dataset: t.Any,
    metrics: t.Sequence[TemporalMetric],
    show_progress: bool = False,
    max_concurrency: int = 16,
    run_config: t.Any = None,
    callbacks: t.Any = None,
    verdicts: bool = False,
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
    verdicts : bool, default False
        Also write ``<metric>_verdicts`` for each metric that judges claims
        (``TemporalFaithfulness`` at claim granularity): per row, the list of its claims' verdicts
        by the date rules, ``[{"claim", "verdict", "credit", "note"}, ...]`` in answer order
        (:func:`ragas_temporal.scores.claim_verdicts`), ``None`` where the row has no claim or
        could not be read. No LLM call.
    on_row : callable, optional
        ``on_row(index, outcomes)`` as each row finishes (rows finish in any order), with the
        row's ``Score``/``Failed`` outcomes in metric order: e.g. to append it to a file.

    Returns
    -------
    pandas.DataFrame
        The input columns, then ``<metric>`` (float, NaN when undefined), ``<metric>_reason`` and
        ``<metric>_failure`` (``"input"``, ``"judge"``, ``"error"`` or ``None``) for each metric,
        one row per input row (no row is dropped). When a metric called a judge,
        ``frame.attrs["judge_usage"]`` is a :class:`~ragas_temporal.llm.usage.JudgeUsage`:
        judge calls (failed ones, ones answered from a ``MeteredDiskCache``) and the prompt and
        completion tokens the endpoint reported (``.summary()`` says it in one line).

    Raises
    ------
    ValueError
        When a metric needs a column that no row has (the message names it), two metrics share
        a name, or a metric's mode needs an LLM it was not given.
    KeyboardInterrupt, asyncio.CancelledError
        When the run itself is stopped (Ctrl-C, or ``cancel()`` on the task that runs it): rows
        still being scored are cancelled, and the exception's ``scored_rows`` attribute holds the
        rows that finished (a DataFrame shaped like the result, indexed by input position). A
        ``CancelledError`` raised by a call inside one row, while the run goes on, is that row's
        ``"error"`` instead (Python 3.11+, which tells the two apart with ``Task.cancelling()``;
        on Python 3.10 it stops the run like a real cancellation).

    A list item that is not a mapping of columns (``None``, a string) is one row whose every
    metric is NaN with failure kind ``"input"`` and a reason naming the row.
    """
    metrics = list(metrics)
    for m in metrics:
        if not isinstance(m, TemporalMetric):
            raise TypeError(f"score_dataset takes ragas_temporal metrics, got {type(m).__name__}")
    check_unique_names(metrics)
    rows = dataset_rows(dataset)
    check_columns(rows, metrics)
    from ragas.async_utils import run

    metering = _Metering(metrics, run_config, callbacks)
    callbacks = metering.callbacks
    results: list[list[Outcome] | None] = [None] * len(rows)
    try:
        run(lambda: _score_rows(
            rows, metrics, show_progress, max(1, int(max_concurrency)), callbacks, results, on_row
        ))
    except (asyncio.CancelledError, KeyboardInterrupt) as stopped:
        finished = [i for i, outcomes in enumerate(results) if outcomes is not None]
        stopped.scored_rows = _outcome_frame(  # type: ignore[attr-defined]
            [rows[i] for i in finished], [results[i] for i in finished], metrics, index=finished
        )
        raise
    frame = _outcome_frame(rows, t.cast("list[list[Outcome]]", results), metrics)
    if verdicts:
        import pandas as pd

        for name, values in verdict_columns(rows, metrics).items():
            frame[name] = pd.Series(values, index=frame.index, dtype=object)
    usage = metering.usage()
    if usage is not None:
        frame.attrs[USAGE_ATTR] = usage
    return frame


class _Metering:
    """What a run sets up before its first row: each metric's ``init`` (as ``ragas.evaluate`` does:
    an LLM mode without an LLM fails here), the judge-usage meter on the callbacks, watching the
    judges' caches and request meters."""

    def __init__(self, metrics: t.Sequence[TemporalMetric], run_config: t.Any, callbacks: t.Any) -> None:
        from ragas.run_config import RunConfig

        for m in metrics:
            m.init(run_config or getattr(getattr(m, "llm", None), "run_config", None) or RunConfig())
        self.meter = None
        if any(m.scorer.calls_llm for m in metrics):
            from ragas_temporal.llm.usage import UsageMeter, metered_callbacks

            self.meter = UsageMeter()
            self.meter.watch(getattr(m, "llm", None) for m in metrics if m.scorer.calls_llm)  # caches, request meters
            callbacks = metered_callbacks(callbacks, self.meter)
        self.callbacks = callbacks

    def usage(self) -> t.Any:
        """The run's ``JudgeUsage`` so far, or ``None`` when no metric calls a judge."""
        if self.meter is None:
            return None
        return self.meter.usage()


#: ``on_batch(rows, outcomes)``: called as each batch of :func:`score_batches` finishes, its outcomes in row order.
BatchCallback = t.Callable[[t.List[dict], t.List[t.List[Outcome]]], None]


def score_batches(
    batches: t.Iterable[t.Sequence[t.Any]],
    metrics: t.Sequence[TemporalMetric],
    on_batch: BatchCallback,
    *,
    total: int | None = None,
    show_progress: bool = False,
    max_concurrency: int = 16,
    run_config: t.Any = None,
    callbacks: t.Any = None,
    on_row: RowCallback | None = None,
) -> t.Any:
    """Score rows a batch at a time, so that memory holds one batch whatever the dataset's size.

    The rows and outcomes are :func:`score_dataset`'s, in one event loop (one judge client, one
    progress bar over ``total`` rows, ``max_concurrency`` rows at once within a batch). The next
    batch is read from ``batches`` when the previous one has finished and gone to
    ``on_batch(rows, outcomes)``; ``on_row(index in its batch, outcomes)`` is called as each row
    finishes. Unlike ``score_dataset`` it does not check that some row has each needed column
    (it never sees every row at once: :func:`check_available_columns` does, given the columns).
    Returns the run's ``JudgeUsage`` (``None`` when no metric calls a judge). An interrupt
    (``KeyboardInterrupt``, ``CancelledError``) stops the run: the rows already handed to
    ``on_row`` are the ones that finished.

    >>> from ragas_temporal.metrics import TemporalFaithfulness
    >>> seen = []
    >>> batches = [[{"response": "In 2008.", "retrieved_contexts": ["2008"]}], [{"response": "In 2009.", "retrieved_contexts": ["2008"]}]]
    >>> score_batches(batches, [TemporalFaithfulness()], lambda rows, outcomes: seen.append(outcomes[0][0].value))
    >>> seen
    [1.0, 0.0]
    """
    metrics = list(metrics)
    check_unique_names(metrics)
    from ragas.async_utils import run

    metering = _Metering(metrics, run_config, callbacks)

    async def score_all() -> None:
        semaphore = asyncio.Semaphore(max(1, int(max_concurrency)))
        bar = progress_bar(total, "Scoring", show_progress, unit="row")
        try:
            for batch in batches:
                rows = dataset_rows(list(batch))
                results: list[list[Outcome] | None] = [None] * len(rows)
                await _score_rows(rows, metrics, show_progress, max_concurrency, metering.callbacks, results,
                                  on_row, semaphore=semaphore, bar=bar)
                on_batch(rows, t.cast("list[list[Outcome]]", results))
        finally:
            bar.close()

    run(score_all)
    return metering.usage()


#: Suffix of the per-metric column holding each claim's verdict (``score_dataset(verdicts=True)``).
VERDICTS_SUFFIX = "_verdicts"


def verdict_columns(rows: t.Sequence[dict], metrics: t.Sequence[TemporalMetric]) -> dict[str, list]:
    """``<metric>_verdicts`` for each metric with ``claim_verdicts`` (see :func:`score_dataset`).

    >>> from ragas_temporal.metrics import TemporalFaithfulness
    >>> verdict_columns([{"response": "In March 1879.", "retrieved_contexts": ["On 14 March 1879."]}], [TemporalFaithfulness()])
    {'temporal_faithfulness_verdicts': [[{'claim': 'March 1879', 'verdict': 'SUPPORTED', 'credit': 1.0, 'note': ''}]]}
    """
    columns: dict[str, list] = {}
    for m in metrics:
        reader = getattr(m, "claim_verdicts", None)
        if reader is None or getattr(m, "granularity", "claim") != "claim":
            continue
        values = []
        for i, row in enumerate(rows):
            try:
                sample, ref, language = _sample_of(row)
                values.append(reader(sample, ref, language))
            except Exception as exc:  # one failing row never loses the others
                logger.warning("%s verdicts failed on row %d: %r", m.name, i, exc)
                values.append(None)
        columns[f"{m.name}{VERDICTS_SUFFIX}"] = values
    return columns


__all__ = [
    "REFERENCE_DATE_FIELD",
    "LANGUAGE_FIELD",
    "FAILURE_SUFFIX",
    "VERDICTS_SUFFIX",
    "verdict_columns",
    "USAGE_ATTR",
    "score_dataset",
    "score_batches",
    "check_available_columns",
    "score_rows_now",
    "outcome_columns",
    "outcome_fields",
    "score_columns",
    "dataset_rows",
    "UnreadableRow",
    "check_columns",
]
