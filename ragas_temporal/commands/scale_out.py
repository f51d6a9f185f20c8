"""``ragas-temporal evaluate --engine spark|ray``: the same scores, computed by Spark or Ray.

The command reads ``DATA`` (a ``.parquet`` or ``.jsonl`` file or folder of parts, or ``--example``)
with the engine, scores it with :mod:`ragas_temporal.batch` (focus-time and gold modes), writes
``--output`` as a folder of ``.parquet`` or ``.jsonl`` parts, and prints the same summary table as
the local run, aggregated by the engine. ``--master local[2]`` (Spark) or no ``--ray-address``
(Ray) runs on this machine; a cluster's address runs the same command there.

The engines write ``--output`` at the end, not row by row (no ``--resume``: the modes they run call
no judge, so a rerun costs time, not money); a local output folder still appears whole
(:func:`folder_in_place`).
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import shutil
import tempfile
import typing as t
from pathlib import Path

#: data and output formats the engines read and write
ENGINE_SUFFIXES = (".parquet", ".jsonl")


def check_engine_args(args: argparse.Namespace) -> None:
    """Refuse, before any engine starts, what only the local engine does."""
    engine = args.engine
    if args.hf:
        raise ValueError(f"--engine {engine} reads DATA (.parquet or .jsonl) or --example; --hf runs with --engine local")
    for what, value in (("DATA", args.data), ("--output", args.output)):
        if value and Path(value).suffix.lower() not in ENGINE_SUFFIXES:
            raise ValueError(
                f"{what} with --engine {engine} must end in .parquet or .jsonl (a file or a folder of parts), "
                f"got {Path(value).name}"
            )
    if getattr(args, "resume", False):
        raise ValueError(
            f"--engine {engine} writes --output at the end, so there is no run to resume: run the command again"
        )
    if getattr(args, "verdicts", False):
        raise ValueError(f"--verdicts runs on the local engine only: drop --engine {engine}, or drop --verdicts")
    if args.llm_model or args.offline_judge:
        raise ValueError(
            f"--engine {engine} runs the focus_time and gold modes only (an LLM judge is bounded by the "
            "provider, not by machines): run LLM modes with --engine local"
        )


def run_on_engine(args: argparse.Namespace) -> int:
    """Score with Spark or Ray; print the summary; write ``--output``."""
    from ragas_temporal.batch.engines import MissingEngine
    from ragas_temporal.batch.plan import resolve_metrics

    check_engine_args(args)
    if args.metrics:  # a bad metric fails before the engine starts
        resolve_metrics(_metrics(args, columns=()))
    try:
        run = _run_spark if args.engine == "spark" else _run_ray
        rows, stats = run(args)
    except MissingEngine as exc:
        raise ValueError(str(exc)) from None
    from ragas_temporal.commands.summary import format_summary

    print(f"{rows} rows, {len(stats)} metrics ({args.engine})")
    print(format_summary(stats))
    if args.output:
        print(f"per-row scores and reasons written to {args.output} (a folder of parts)")
    return 0


@contextlib.contextmanager
def folder_in_place(output: str) -> t.Iterator[str]:
    """Where the engine writes ``output``: a new folder beside it, moved into place when the write ends.

    A local ``output`` appears whole: the engine writes ``.NAME.parts-XXXX`` in the same folder, and
    only a finished write takes the name (an old output is moved aside first and then removed; a
    crash in between leaves it as ``.NAME.old-XXXX``). A URL (``hdfs://``, ``s3://``) is written in
    place by the engine, as its own ``mode("overwrite")`` does.
    """
    if "://" in output:
        yield output
        return
    target = Path(output)
    staging = tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.parts-")
    os.rmdir(staging)  # the engines refuse to write into an existing folder
    try:
        yield staging
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    old = None
    if target.exists() or target.is_symlink():
        old = tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.old-")
        os.rmdir(old)
        os.replace(target, old)
    os.replace(staging, target)
    if old is not None:
        (shutil.rmtree if os.path.isdir(old) and not os.path.islink(old) else os.unlink)(old)


def _metrics(args: argparse.Namespace, columns: t.Iterable[str]) -> list:
    from ragas_temporal.commands.metric_choice import choose_metrics_for_columns

    return choose_metrics_for_columns(args, set(columns))


def _example_frame():
    import pandas as pd

    from ragas_temporal.data import example_rows

    return pd.DataFrame(example_rows())


def _run_spark(args: argparse.Namespace) -> tuple[int, list]:
    from ragas_temporal.batch.engines import require

    require("pyspark")
    from pyspark.sql import functions as F

    from pyspark.sql import SparkSession

    from ragas_temporal.batch.on_spark import local_session, spark_score

    running = SparkSession.getActiveSession()  # in a notebook or a test: use it, leave it running
    spark = running or local_session(args.master)
    try:
        if args.example:
            frame = spark.createDataFrame(_example_frame())
        elif args.data.lower().endswith(".parquet"):
            frame = spark.read.parquet(args.data)
        else:
            frame = spark.read.json(args.data)
        metrics = _metrics(args, frame.columns)
        scored = spark_score(frame, metrics)
        if args.output:
            with folder_in_place(args.output) as folder:
                writer = scored.write.mode("overwrite")
                (writer.parquet if args.output.lower().endswith(".parquet") else writer.json)(folder)
            scored = spark.read.parquet(args.output) if args.output.lower().endswith(".parquet") else scored
        aggregates = [F.count(F.lit(1)).alias("rows")]
        for m in metrics:
            value = F.col(m.name)
            scored_value = F.when(value.isNotNull() & ~F.isnan(value), value)
            aggregates += [F.avg(scored_value).alias(f"{m.name}:mean"), F.count(scored_value).alias(f"{m.name}:n")]
        result = scored.agg(*aggregates).first()
        total = int(result["rows"])
        return total, [(m.name, result[f"{m.name}:mean"], int(result[f"{m.name}:n"]), total) for m in metrics]
    finally:
        if running is None:
            spark.stop()


def _run_ray(args: argparse.Namespace) -> tuple[int, list]:
    from ragas_temporal.batch.engines import require

    ray = require("ray")
    from ray.data.aggregate import Count, Mean

    from ragas_temporal.batch.on_ray import ray_score

    logging.getLogger("ray").setLevel(logging.WARNING)  # Ray Data logs each execution plan at INFO
    running = ray.is_initialized()  # in a notebook or a test: use it, leave it running
    if running:
        pass
    elif args.ray_address:
        ray.init(address=args.ray_address, log_to_driver=False)
    else:
        ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        ray.data.DataContext.get_current().enable_progress_bars = False
        if args.example:
            dataset = ray.data.from_pandas(_example_frame())
        elif args.data.lower().endswith(".parquet"):
            dataset = ray.data.read_parquet(args.data)
        else:
            dataset = ray.data.read_json(args.data)
        metrics = _metrics(args, dataset.columns())
        scored = ray_score(dataset, metrics).materialize()  # computed once: written and summed
        if args.output:
            with folder_in_place(args.output) as folder:
                (scored.write_parquet if args.output.lower().endswith(".parquet") else scored.write_json)(folder)
        total = scored.count()
        # a NaN score is null once Ray stores the batch in Arrow, so ignoring nulls counts the scored rows
        aggregates = [agg for m in metrics for agg in (
            Mean(m.name, ignore_nulls=True, alias_name=f"{m.name}:mean"),
            Count(m.name, ignore_nulls=True, alias_name=f"{m.name}:n"),
        )]  # fmt: skip
        result = scored.aggregate(*aggregates)
        return total, [(m.name, result[f"{m.name}:mean"], int(result[f"{m.name}:n"]), total) for m in metrics]
    finally:
        if not running:
            ray.shutdown()
