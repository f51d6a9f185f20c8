"""What keeping rows as they finish costs `evaluate`: rows/s with and without `--output`, same process.

``evaluate -o OUT`` appends every finished row to ``OUT.partial`` (a JSON line, flushed) and writes
``OUT`` whole at the end (temporary file, ``os.replace``). Without ``-o`` it does neither. Both runs
score the same synthetic rows of ``benchmarks/scale.py`` with its focus-time metrics (the local
engine's cheapest path, where writing weighs most), alternately in one process after a warm-up, so
the extractor's memo treats them alike. The run without ``-o`` is the yardstick: the table gives
the ratio to it (the median of ``--repeats`` pairs), in CPU time of the process (what the writes
cost, little moved by other work on a shared machine) and in wall time (which includes waiting
for the disk, and the machine's load).

Run:  .venv/bin/python benchmarks/output_streaming.py [--rows 5000] [--repeats 3]
Never part of the test run.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import scale  # noqa: E402  (the synthetic rows and metrics of the scale benchmark)


def timed_run(data: Path, output: Path | None) -> tuple[float, float]:
    """``(CPU seconds, wall seconds)`` one ``evaluate`` takes (printing suppressed)."""
    from ragas_temporal.cli import main

    argv = ["evaluate", str(data), "--metrics", scale.METRICS, "--no-progress"]
    if output is not None:
        argv += ["-o", str(output)]
    start, cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = main(argv)
    elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    if code != 0:
        raise SystemExit(f"evaluate exited {code}")
    return used, elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ragas-temporal-streaming-") as tmp:
        data = Path(tmp) / "rows.parquet"
        scale.write_rows(data, args.rows, 2_000)
        timed_run(data, None)  # warm-up: imports, the extractor's memo
        plain, streamed = [], []
        for n in range(args.repeats):
            plain.append(timed_run(data, None))
            streamed.append(timed_run(data, Path(tmp) / f"out-{n}.jsonl"))
        print(f"evaluate, {args.rows:,} rows, metrics {scale.METRICS} (focus_time), median of {args.repeats} pairs; "
              f"load average {os.getloadavg()[0]:.1f}")
        print(f"{'run':<26}  {'rows/CPU s':>10}  {'ratio':>6}  {'rows/wall s':>11}  {'ratio':>6}")
        for name, runs in (("no --output (yardstick)", plain), ("-o out.jsonl", streamed)):
            cpu = [p[0] / r[0] for p, r in zip(plain, runs)]
            wall = [p[1] / r[1] for p, r in zip(plain, runs)]
            print(f"{name:<26}  {args.rows / statistics.median(r[0] for r in runs):>10,.0f}  {statistics.median(cpu):>6.3f}"
                  f"  {args.rows / statistics.median(r[1] for r in runs):>11,.0f}  {statistics.median(wall):>6.3f}")
        print("per-pair CPU ratios: " + ", ".join(f"{p[0] / s[0]:.3f}" for p, s in zip(plain, streamed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
