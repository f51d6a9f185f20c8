"""Score a whole dataset with reasons, and build metrics from names such as ``temporal_precision@5``.

``ragas.evaluate`` keeps only the float of each score. :func:`score_dataset` runs the same metric
code over every row and returns a ``pandas.DataFrame`` with a ``<metric>`` and a
``<metric>_reason`` column per metric; the ``ragas-temporal evaluate`` command uses it. Rows may
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
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
import typing as t

from ragas.dataset_schema import SingleTurnSample

from ragas_temporal.metrics._base import _FROM_METRIC, SAMPLE_COLUMNS, TemporalMetric
from ragas_temporal.scores import Score

if t.TYPE_CHECKING:
    import pandas as pd

logger = logging.getLogger(__name__)

#: Extra row field that carries a per-row reference date in :func:`score_dataset`.
REFERENCE_DATE_FIELD = "reference_date"


def _metric_classes() -> dict[str, type[TemporalMetric]]:
    from ragas_temporal.metrics.generation import AnswerTemporalRecall, TemporalFaithfulness
    from ragas_temporal.metrics.retrieval import (
        TemporalMAP,
        TemporalMRR,
        TemporalNDCGAtK,
        TemporalPrecisionAtK,
        TemporalRecallAtK,
    )

    classes = (
        TemporalFaithfulness,
        AnswerTemporalRecall,
        TemporalPrecisionAtK,
        TemporalRecallAtK,
        TemporalNDCGAtK,
        TemporalMRR,
        TemporalMAP,
    )
    return {cls._base_name: cls for cls in classes}


#: The metric set ``ragas-temporal evaluate`` runs when no ``--metrics`` is given.
DEFAULT_METRICS = (
    "temporal_faithfulness",
    "temporal_precision@5",
    "temporal_recall@5",
    "temporal_ndcg@10",
    "temporal_mrr@10",
    "temporal_map@10",
    "answer_temporal_recall",
)

_K_SUFFIX = re.compile(r"^(?P<base>.+?)(?:@|_at_)(?P<k>[^@_]+)$")


def metric_from_spec(spec: str, **kwargs: t.Any) -> TemporalMetric:
    """Build one metric from a name such as ``temporal_precision@5``.

    Accepted forms: ``<metric>``, ``<metric>@<k>`` or ``<metric>_at_<k>`` for the ranking metrics,
    each optionally followed by a mode as ``:<mode>`` or ``_<mode>`` (``temporal_ndcg@10:gold``,
    ``temporal_ndcg_at_10_gold``). ``kwargs`` (``reference_date``, ``context_dates``, ``llm`` ...)
    go to the constructor.

    >>> metric_from_spec("temporal_precision@5").name
    'temporal_precision_at_5'
    >>> metric_from_spec("temporal_ndcg_at_10_gold").name
    'temporal_ndcg_at_10_gold'
    >>> metric_from_spec("temporal_precison@5")
    Traceback (most recent call last):
    ...
    ValueError: unknown metric 'temporal_precison@5'; known: answer_temporal_recall, temporal_faithfulness, temporal_map@K, temporal_mrr@K, temporal_ndcg@K, temporal_precision@K, temporal_recall@K (modes as ':gold', ':llm', ':hybrid')
    """
    from ragas_temporal.metrics.retrieval import RankingMetric

    classes = _metric_classes()
    text = spec.strip().lower()
    mode = None
    if ":" in text:
        text, mode = (part.strip() for part in text.split(":", 1))
    else:
        all_modes = sorted({m for cls in classes.values() for m in cls._modes}, key=len, reverse=True)
        for candidate in all_modes:
            suffix = "_" + candidate
            if text.endswith(suffix):
                text, mode = text[: -len(suffix)], candidate
                break
    k: int | None = None
    match = _K_SUFFIX.match(text)
    if match and match.group("base") in classes:
        text = match.group("base")
        raw_k = match.group("k")
        if not raw_k.isdigit() or int(raw_k) < 1:
            raise ValueError(f"metric {spec!r}: k must be a positive integer, got {raw_k!r}")
        k = int(raw_k)
    cls = classes.get(text)
    if cls is None:
        known = sorted(f"{name}@K" if issubclass(c, RankingMetric) else name for name, c in classes.items())
        raise ValueError(f"unknown metric {spec!r}; known: {', '.join(known)} (modes as ':gold', ':llm', ':hybrid')")
    if k is not None:
        if not issubclass(cls, RankingMetric):
            raise ValueError(f"metric {spec!r}: {text} takes no k")
        kwargs["k"] = k
    if mode is not None:
        kwargs["mode"] = mode
    return cls(**kwargs)


def metrics_from_spec(specs: str | t.Iterable[str], **kwargs: t.Any) -> list[TemporalMetric]:
    """Build metrics from a comma-separated string or a list of names (see :func:`metric_from_spec`).

    >>> [m.name for m in metrics_from_spec("temporal_faithfulness, temporal_ndcg@10")]
    ['temporal_faithfulness', 'temporal_ndcg_at_10']
    """
    items = specs.split(",") if isinstance(specs, str) else list(specs)
    items = [s.strip() for s in items if s.strip()]
    if not items:
        raise ValueError("no metric given")
    metrics = [metric_from_spec(s, **kwargs) for s in items]
    _check_unique_names(metrics)
    return metrics


def _check_unique_names(metrics: t.Sequence[TemporalMetric]) -> None:
    seen: set[str] = set()
    for m in metrics:
        if m.name in seen:
            raise ValueError(f"two metrics are named {m.name!r}; give one a different name=")
        seen.add(m.name)


def _is_missing(value: object) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def dataset_rows(data: t.Any) -> list[dict]:
    """Rows as dicts from an ``EvaluationDataset``, a Hugging Face ``Dataset``, a DataFrame or a list.

    Missing values (``None``, pandas ``NaN``) become ``None``.
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
            if _is_missing(value):
                row[key] = None
    return rows


def check_columns(rows: t.Sequence[dict], metrics: t.Sequence[TemporalMetric]) -> None:
    """Raise ``ValueError`` naming the columns a metric needs that no row has."""
    available = {k for row in rows for k, v in row.items() if v is not None}
    for m in metrics:
        missing = [c for c in m._needed if c not in available]
        if missing:
            raise ValueError(
                f"metric {m.name} needs column(s) {', '.join(missing)}, missing from the dataset "
                f"(it has: {', '.join(sorted(available)) or 'nothing'})"
            )


async def _score_rows(
    rows: list[dict],
    metrics: t.Sequence[TemporalMetric],
    show_progress: bool,
    max_concurrency: int,
    callbacks: t.Any = None,
) -> list[list[Score]]:
    from tqdm.auto import tqdm

    results: list[list[Score]] = [[] for _ in rows]
    semaphore = asyncio.Semaphore(max_concurrency)
    bar = tqdm(total=len(rows), desc="Scoring", unit="row", disable=not show_progress)

    async def one(i: int, row: dict) -> None:
        sample = SingleTurnSample.model_construct(**{c: row.get(c) for c in SAMPLE_COLUMNS})
        ref = row.get(REFERENCE_DATE_FIELD)
        ref = _FROM_METRIC if ref is None else ref
        async with semaphore:
            for m in metrics:
                try:
                    score = await m._score_sample(sample, callbacks, ref)
                except Exception as exc:  # one failing row never loses the others
                    logger.warning("%s failed on row %d: %r", m.name, i, exc)
                    score = Score(math.nan, f"error: {type(exc).__name__}: {exc}")
                results[i].append(score)
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

    Returns
    -------
    pandas.DataFrame
        The input columns, then ``<metric>`` (float, NaN when undefined) and ``<metric>_reason``
        for each metric, one row per input row (no row is dropped).

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
    _check_unique_names(metrics)
    rows = dataset_rows(dataset)
    check_columns(rows, metrics)
    from ragas.async_utils import run
    from ragas.run_config import RunConfig

    for m in metrics:  # as ragas.evaluate does: an LLM mode without an LLM fails here, before any row
        m.init(run_config or getattr(getattr(m, "llm", None), "run_config", None) or RunConfig())

    results = run(lambda: _score_rows(rows, metrics, show_progress, max(1, int(max_concurrency)), callbacks))
    frame = pd.DataFrame(rows)
    for j, m in enumerate(metrics):
        frame[m.name] = [r[j].value for r in results]
        frame[f"{m.name}_reason"] = [r[j].reason for r in results]
    return frame


__all__ = [
    "DEFAULT_METRICS",
    "REFERENCE_DATE_FIELD",
    "metric_from_spec",
    "metrics_from_spec",
    "score_dataset",
    "dataset_rows",
    "check_columns",
]
