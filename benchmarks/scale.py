"""Rows per second of batch scoring per engine: pandas, datasets.map, Spark and Ray, with 1 and 2 workers.

Each case reads the same synthetic Parquet file (default 1,000,000 rows), scores FT precision@5,
NDCG@10 and temporal faithfulness (focus-time mode) with :mod:`ragas_temporal.batch`, and writes
``row_id`` plus the scores and reasons to Parquet: the pipeline a user runs over logs. Every case
runs in a fresh process, so each worker starts with a cold extractor cache; the engine's start-up
(JVM, Ray runtime) is reported apart from the scoring time.

The rows imitate retrieval logs: questions and answers built from (year, place, event) and five
contexts drawn from a corpus of ``--corpus`` documents, so texts repeat as documents do across
queries (the distinct texts are counted and printed: the extractor memoises each text once per
worker process). A few texts are relative ("last year"), resolved against the row's reference date.

Run:  .venv/bin/python benchmarks/scale.py [--rows 1000000] [--engines local,datasets,spark,ray] [--workers 1,2]
Never part of the test run. On a shared machine, note the load average printed beside the table.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Iterable

os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")
warnings.filterwarnings("ignore")

METRICS = "temporal_precision@5,temporal_ndcg@10,temporal_faithfulness"
ENGINES = ("local", "datasets", "spark", "ray")
BATCH_SIZE = 4096
CHUNK = 100_000  # rows generated and written at a time: memory stays bounded at any --rows

PLACES = ["Lyon", "Osaka", "Quito", "Perth", "Tallinn", "Accra", "Leeds", "Bergen", "Porto", "Austin"]
EVENTS = [
    "the bank failed", "the treaty was signed", "the bridge opened", "prices peaked", "the strike ended",
    "the election was held", "the museum reopened", "the merger closed", "the flood hit the valley",
    "the vaccine was approved", "the stadium was built", "the law was repealed",
]
REFERENCE_DATES = ["2024-06-01", "2023-01-15"]


def corpus(n: int, seed: int = 1) -> list[str]:
    """``n`` distinct documents, most with a year, some with a range or a relative expression."""
    rng = random.Random(seed)
    docs = []
    for i in range(n):
        year, place, event = rng.randint(1950, 2024), rng.choice(PLACES), rng.choice(EVENTS)
        shape = rng.random()
        if shape < 0.6:
            docs.append(f"In {place}, {event} in {year} (doc {i}).")
        elif shape < 0.85:
            docs.append(f"Between {year} and {year + 2}, {event} in {place}, doc {i}.")
        elif shape < 0.95:
            docs.append(f"Last year {event} in {place}, doc {i}.")
        else:
            docs.append(f"{place} has {rng.randint(2, 90)} sites, doc {i}.")
    return docs


def write_rows(path: Path, n: int, n_docs: int, seed: int = 0) -> int:
    """Write ``n`` synthetic rows to Parquet in chunks; return the number of distinct texts."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = random.Random(seed)
    docs = corpus(n_docs)
    distinct: set[str] = set(docs)
    writer = None
    for start in range(0, n, CHUNK):
        size = min(CHUNK, n - start)
        cols: dict[str, list] = {"row_id": [], "user_input": [], "response": [], "retrieved_contexts": [], "reference_date": []}
        for i in range(start, start + size):
            year, place, event = rng.randint(1950, 2024), rng.choice(PLACES), rng.choice(EVENTS)
            answer_year = year if rng.random() < 0.7 else year + rng.randint(1, 9)
            cols["row_id"].append(i)
            cols["user_input"].append(f"What happened in {place} in {year}?")
            cols["response"].append(f"In {answer_year}, {event} in {place}.")
            cols["retrieved_contexts"].append(rng.sample(docs, 5))
            cols["reference_date"].append(rng.choice(REFERENCE_DATES))
        distinct.update(cols["user_input"])
        distinct.update(cols["response"])
        table = pa.table(cols)
        if writer is None:
            writer = pq.ParquetWriter(path, table.schema)
        writer.write_table(table, row_group_size=BATCH_SIZE * 8)
    if writer is not None:
        writer.close()
    return len(distinct)


# --- one case per process ----------------------------------------------------------------------


def run_case(engine: str, workers: int, source: Path, target: Path) -> dict:
    """Score ``source`` into ``target`` with one engine; return start-up and scoring seconds and rows."""
    started = time.perf_counter()
    import ragas_temporal.metrics  # noqa: F401  (importing ragas is start-up; Spark/Ray workers pay it in their tasks)
    if engine == "local":
        rows, score_seconds = _local(source, target, workers)
    elif engine == "datasets":
        rows, score_seconds = _datasets(source, target, workers)
    elif engine == "spark":
        rows, score_seconds = _spark(source, target, workers)
    elif engine == "ray":
        rows, score_seconds = _ray(source, target, workers)
    else:
        raise ValueError(f"unknown engine {engine!r}; choose from {', '.join(ENGINES)}")
    total = time.perf_counter() - started
    return {"engine": engine, "workers": workers, "rows": rows, "start": total - score_seconds, "score": score_seconds}


def _local(source: Path, target: Path, workers: int) -> tuple[int, float]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    from ragas_temporal.batch import score_frame

    if workers != 1:
        raise ValueError("the local engine is one process; use datasets, spark or ray for more workers")
    start, rows, writer = time.perf_counter(), 0, None
    for batch in pq.ParquetFile(source).iter_batches(batch_size=BATCH_SIZE):
        scored = score_frame(batch.to_pandas(), METRICS, keep=["row_id"])
        table = pa.Table.from_pandas(scored, preserve_index=False)
        writer = writer or pq.ParquetWriter(target, table.schema)
        writer.write_table(table)
        rows += len(scored)
    if writer is not None:
        writer.close()
    return rows, time.perf_counter() - start


def _score_columns(batch: dict) -> dict:
    import pandas as pd

    from ragas_temporal.batch import score_frame

    return score_frame(pd.DataFrame(dict(batch)), METRICS, keep=["row_id"]).to_dict(orient="list")


def _datasets(source: Path, target: Path, workers: int) -> tuple[int, float]:
    import datasets

    datasets.disable_progress_bars()
    table = datasets.Dataset.from_parquet(str(source), cache_dir=str(target.parent / "hf-cache"))
    start = time.perf_counter()
    out = table.map(
        _score_columns, batched=True, batch_size=BATCH_SIZE, num_proc=workers if workers > 1 else None,
        remove_columns=table.column_names, load_from_cache_file=False,
        cache_file_name=str(target.parent / "hf-cache" / "scores.arrow"),
    )  # fmt: skip
    out.to_parquet(str(target))
    return len(out), time.perf_counter() - start


def _spark(source: Path, target: Path, workers: int) -> tuple[int, float]:
    from ragas_temporal.batch import spark_score
    from ragas_temporal.batch.on_spark import local_session

    spark = local_session(f"local[{workers}]", "ragas-temporal-scale")
    try:
        spark.range(1).collect()  # the JVM and the first task are start-up, not scoring
        start = time.perf_counter()
        frame = spark.read.parquet(str(source))
        spark_score(frame, METRICS, keep=["row_id"]).write.mode("overwrite").parquet(str(target))
        elapsed = time.perf_counter() - start
        rows = spark.read.parquet(str(target)).count()
    finally:
        spark.stop()
    return rows, elapsed


def _ray(source: Path, target: Path, workers: int) -> tuple[int, float]:
    import ray

    from ragas_temporal.batch import ray_score

    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        ray.data.DataContext.get_current().enable_progress_bars = False
        start = time.perf_counter()
        ray_score(ray.data.read_parquet(str(source)), METRICS, keep=["row_id"]).write_parquet(str(target))
        elapsed = time.perf_counter() - start
        rows = ray.data.read_parquet(str(target)).count()
    finally:
        ray.shutdown()
    return rows, elapsed


# --- the table ---------------------------------------------------------------------------------


def table(results: list[dict], n: int, distinct: int) -> str:
    lines = [
        f"batch scoring, {n:,} rows ({distinct:,} distinct texts), metrics {METRICS} (focus_time), "
        f"Parquet in and out, {os.cpu_count()} cores",
        f"{'engine':<10} {'workers':>7} {'start s':>8} {'score s':>8} {'rows/s':>10}",
    ]
    for r in results:
        if "error" in r:
            lines.append(f"{r['engine']:<10} {r['workers']:>7} {'-':>8} {'-':>8} {'-':>10}  {r['error']}")
            continue
        assert r["rows"] == n, r  # every row scored and written
        lines.append(f"{r['engine']:<10} {r['workers']:>7} {r['start']:>8.1f} {r['score']:>8.1f} {n / r['score']:>10,.0f}")
    return "\n".join(lines)


def cases(engines: Iterable[str], workers: Iterable[int]) -> list[tuple[str, int]]:
    return [(e, w) for e in engines for w in workers if not (e == "local" and w != 1)]


def _case_in_subprocess(engine: str, workers: int, source: Path, target: Path) -> dict:
    code = [sys.executable, __file__, "--case", f"{engine}:{workers}", "--source", str(source), "--target", str(target)]
    done = subprocess.run(code, capture_output=True, text=True)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"engine": engine, "workers": workers, "error": last[:120]}
    return json.loads(lines[-1])


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in ENGINES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"engines are {', '.join(ENGINES)}; got {text!r}")
    return names


def _counts(text: str) -> list[int]:
    """Comma-separated positive integers (``1,2``), for ``--workers``."""
    try:
        values = [int(n) for n in text.split(",") if n.strip()]
    except ValueError:
        values = []
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(f"expected positive integers, got {text!r}")
    return values


def _count(text: str) -> int:
    """One positive integer, for ``--rows`` and ``--corpus``."""
    values = _counts(text)
    if len(values) != 1:
        raise argparse.ArgumentTypeError(f"expected one positive integer, got {text!r}")
    return values[0]


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=_count, default=1_000_000)
    parser.add_argument("--corpus", type=_count, default=20_000, help="distinct documents the contexts come from")
    parser.add_argument("--engines", type=_names, default=list(ENGINES), help="comma-separated: " + ",".join(ENGINES))
    parser.add_argument("--workers", type=_counts, default=[1, 2], help="comma-separated worker counts (default 1,2)")
    parser.add_argument("--case", help=argparse.SUPPRESS)  # ENGINE:WORKERS, run by the parent in a fresh process
    parser.add_argument("--source", help=argparse.SUPPRESS)
    parser.add_argument("--target", help=argparse.SUPPRESS)
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.case:
        engine, workers = args.case.split(":")
        print(json.dumps(run_case(engine, int(workers), Path(args.source), Path(args.target))))
        return 0
    with tempfile.TemporaryDirectory(prefix="ragas-temporal-scale-") as tmp:
        source = Path(tmp) / "rows.parquet"
        start = time.perf_counter()
        distinct = write_rows(source, args.rows, args.corpus)
        print(f"wrote {args.rows:,} synthetic rows in {time.perf_counter() - start:.1f} s; load average {os.getloadavg()[0]:.1f}")
        results = []
        for engine, workers in cases(args.engines, args.workers):
            target = Path(tmp) / f"out-{engine}-{workers}"
            target.mkdir()
            results.append(_case_in_subprocess(engine, workers, source, target / "scores.parquet"))
            print(f"  {engine} x{workers}: done", flush=True)
        print()
        print(table(results, args.rows, distinct))
        print(f"load average after the run: {os.getloadavg()[0]:.1f} (the machine may be shared: rates fall with load)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
