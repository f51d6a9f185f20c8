"""Ray Data: :func:`score_frame` and :func:`focus_time_frame` through ``Dataset.map_batches(batch_format="pandas")``.

Workers need this package installed (a wheel in the cluster image, or
``ray.init(runtime_env={"pip": ["ragas-temporal-0.1.0-py3-none-any.whl"]})``).

Example (needs the ``[ray]`` extra)::

    import ray
    from ragas_temporal.batch import ray_score

    ray.init(num_cpus=2)                                  # or ray.init(address="ray://head:10001")
    logs = ray.data.read_parquet("rag_logs.parquet")
    ray_score(logs, "temporal_precision@5,temporal_ndcg@10").write_parquet("scores")
"""

from __future__ import annotations

import datetime as dt
import functools
import typing as t

from ragas_temporal.batch.engines import check_engine_data, require
from ragas_temporal.batch.frame import check_focus_time_columns, focus_time_batch, parse_date, score_batch
from ragas_temporal.batch.plan import MetricLike, ScorePlan

if t.TYPE_CHECKING:
    from ray.data import Dataset

#: rows per pandas batch: large enough to amortise the call, small enough to stream
BATCH_SIZE = 4096


def ray_score(
    dataset: Dataset,
    metrics: MetricLike | t.Iterable[MetricLike],
    reference_date: dt.date | str | None = None,
    columns: t.Mapping[str, str] | None = None,
    keep: t.Iterable[str] | None = None,
    batch_size: int = BATCH_SIZE,
    **map_batches_options: t.Any,
) -> Dataset:
    """``dataset`` scored by :func:`ragas_temporal.batch.score_frame` on each batch (lazy, like any Ray Data transform).

    Arguments as for ``score_frame``; ``map_batches_options`` (``concurrency=``, ``num_cpus=`` ...)
    go to ``map_batches``. Bad arguments and missing columns raise ``ValueError`` here.
    """
    require("ray")
    check_engine_data(dataset, "map_batches", "a Ray dataset", "ray_score")
    plan = ScorePlan.build(metrics, reference_date, columns, keep)
    plan.check_columns(dataset.columns())
    return dataset.map_batches(
        functools.partial(score_batch, plan), batch_format="pandas", batch_size=batch_size, **map_batches_options
    )


def ray_focus_time(
    dataset: Dataset,
    text_column: str,
    reference_date_column: str | None = None,
    reference_date: dt.date | str | None = None,
    batch_size: int = BATCH_SIZE,
    **map_batches_options: t.Any,
) -> Dataset:
    """``dataset`` with ``years``, ``mentions`` and ``focus_time_reason`` columns (see :func:`focus_time_frame`)."""
    require("ray")
    check_engine_data(dataset, "map_batches", "a Ray dataset", "ray_focus_time")
    check_focus_time_columns(dataset.columns(), text_column, reference_date_column)
    batch = functools.partial(focus_time_batch, text_column, reference_date_column, parse_date(reference_date))
    return dataset.map_batches(batch, batch_format="pandas", batch_size=batch_size, **map_batches_options)
