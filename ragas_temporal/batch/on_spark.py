"""Spark: :func:`score_frame` and :func:`focus_time_frame` through ``DataFrame.mapInPandas`` with an explicit schema.

Each executor runs the same pandas function as a laptop does, so the values are those of
``score_dataset``. Installing the package on the workers and choosing their Python
(``PYSPARK_PYTHON``, a ``local`` master's workers): ``docs/scaling-out.md``.

Example (needs the ``[spark]`` extra and Java 17)::

    from pyspark.sql import SparkSession
    from ragas_temporal.batch import spark_score

    spark = SparkSession.builder.master("local[2]").getOrCreate()
    logs = spark.createDataFrame(
        [("q1", "What happened in 2008?", ["Lehman fell in 2008.", "Rates rose in 2022."])],
        "query_id string, user_input string, retrieved_contexts array<string>",
    )  # or spark.read.parquet("rag_logs.parquet"): user_input, retrieved_contexts, reference_date, ...
    scored = spark_score(logs, ["temporal_precision@2"], keep=["query_id"])
    print(scored.collect())  # [Row(query_id='q1', temporal_precision_at_2=0.5, temporal_precision_at_2_reason=...)]
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import sys
import typing as t
import warnings

from ragas_temporal.batch.engines import check_engine_data, each_batch, require
from ragas_temporal.batch.frame import FOCUS_TIME_FIELDS, check_focus_time_columns, focus_time_batch, parse_date, score_batch
from ragas_temporal.batch.plan import REFERENCE_DATE, MetricLike, ScorePlan

if t.TYPE_CHECKING:
    import pyarrow as pa
    from pyspark.sql import DataFrame, SparkSession


def spark_score(
    spark_df: DataFrame,
    metrics: MetricLike | t.Iterable[MetricLike],
    reference_date: dt.date | str | None = None,
    columns: t.Mapping[str, str] | None = None,
    keep: t.Iterable[str] | None = None,
) -> DataFrame:
    """``spark_df`` scored by :func:`ragas_temporal.batch.score_frame` on each partition (lazy, like any Spark transform).

    Arguments as for ``score_frame``. The schema is the kept input columns, then ``<metric>``
    (double) and ``<metric>_reason`` (string) per metric. Bad arguments and missing columns raise
    ``ValueError`` here, on the driver, before any task runs.
    """
    require("pyspark")
    check_engine_data(spark_df, "mapInPandas", "a Spark DataFrame", "spark_score")
    plan = ScorePlan.build(metrics, reference_date, columns, keep)
    plan.check_columns(spark_df.columns)
    if plan.keep is not None:  # ship only what the metrics read and what the output keeps
        wanted = {*plan.keep, *plan.needed_columns(), *_optional_columns(plan)}
        spark_df = spark_df.select(*[c for c in spark_df.columns if c in wanted])
    kept = [spark_df.schema[c] for c in plan.kept(spark_df.columns)]
    schema = _schema(kept, plan.output_fields())
    _set_local_worker_python(spark_df)
    return spark_df.mapInPandas(functools.partial(each_batch, functools.partial(score_batch, plan)), schema)


def spark_focus_time(
    spark_df: DataFrame,
    text_column: str,
    reference_date_column: str | None = None,
    reference_date: dt.date | str | None = None,
) -> DataFrame:
    """``spark_df`` with ``years``, ``mentions`` and ``focus_time_reason`` columns (see :func:`focus_time_frame`)."""
    require("pyspark")
    check_engine_data(spark_df, "mapInPandas", "a Spark DataFrame", "spark_focus_time")
    check_focus_time_columns(spark_df.columns, text_column, reference_date_column)
    batch = functools.partial(focus_time_batch, text_column, reference_date_column, parse_date(reference_date))
    schema = _schema(list(spark_df.schema.fields), FOCUS_TIME_FIELDS)
    _set_local_worker_python(spark_df)
    return spark_df.mapInPandas(functools.partial(each_batch, batch), schema)


def local_worker_python(master: str) -> str | None:
    """The Python that workers of ``master`` should run when nobody chose one: this interpreter for a
    ``local`` master without ``PYSPARK_PYTHON``, else ``None`` (leave Spark's choice alone).

    >>> import os, sys
    >>> local_worker_python("yarn") is None
    True
    >>> local_worker_python("local[2]") == (None if "PYSPARK_PYTHON" in os.environ else sys.executable)
    True
    """
    if not master.startswith("local") or "PYSPARK_PYTHON" in os.environ:
        return None
    return sys.executable


def _set_local_worker_python(spark_df: DataFrame) -> None:
    # Spark wraps each Python function with SparkContext.pythonExec (PYSPARK_PYTHON, else PATH's
    # python3, read when the context was made), so setting it here, before mapInPandas, decides
    # which Python the job's local workers start. Spark Connect has no SparkContext: left alone.
    try:
        context = spark_df.sparkSession.sparkContext
    except Exception:  # noqa: BLE001 - Spark Connect raises on sparkContext
        return
    python = local_worker_python(str(context.master))
    if python is not None:
        context.pythonExec = python


def _optional_columns(plan: ScorePlan) -> list[str]:
    # columns a metric's date channels may read, and the rows' own reference dates
    names = {c for m in plan.metrics for c in m.get_required_columns(with_optional=True)["SINGLE_TURN"]}
    return [plan.columns[c] for c in (*sorted(names), REFERENCE_DATE)]


def _schema(kept: list, added: t.Iterable[pa.Field]):
    from pyspark.sql.pandas.types import from_arrow_type
    from pyspark.sql.types import StructField, StructType

    return StructType([*kept, *(StructField(f.name, from_arrow_type(f.type), True) for f in added)])


def local_session(master: str = "local[2]", app_name: str = "ragas-temporal") -> SparkSession:
    """A quiet ``SparkSession``; for a ``local`` master the workers run this interpreter (unless ``PYSPARK_PYTHON`` says otherwise)."""
    require("pyspark")
    from pyspark.sql import SparkSession

    # pyspark 4.x warns on every pandas conversion that it does not fully support pandas 3 (the
    # conversions used here are tested with it)
    warnings.filterwarnings("ignore", message="PySpark does not yet fully support pandas", category=FutureWarning)
    python = local_worker_python(master)
    if python is not None:  # local workers would start PATH's python3, which may not have this package
        os.environ["PYSPARK_PYTHON"] = python
    builder = SparkSession.builder.master(master).appName(app_name)
    builder = builder.config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    return spark
