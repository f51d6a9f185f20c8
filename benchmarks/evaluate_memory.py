"""What a local `evaluate` run costs as its row count grows: wall time and peak RSS, focus-time and judged.

Each run is one `python -m ragas_temporal evaluate DATA -o OUT` in a fresh subprocess (start-up and
imports included), on N tiny synthetic rows written as JSON Lines: a question, an answer with a
year, two contexts, drawn from a pool of a few thousand texts (so the extractor's memo, bounded
by bytes, fills as in a real run without dominating). Two runs per N:

- ``focus-time``: the default metrics the columns feed (no ``--metrics``), no judge;
- ``judged``: ``temporal_faithfulness:llm`` with the offline stand-in judge (``--offline-judge``),
  so every row goes through the judge path and is kept in ``OUT.partial`` as it finishes.

Peak RSS is the child's ``ru_maxrss`` (``resource.getrusage(RUSAGE_CHILDREN)``, read after each
run in a process of its own so runs do not mix). Figures in docs/scaling-out.md ("Memory of a local run").

Run:  .venv/bin/python benchmarks/evaluate_memory.py [--rows 20000,200000] [--modes focus-time,judged]
      [--output .jsonl]
Never part of the test run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the runs compared; each mode's extra arguments to ``evaluate``
MODES = {
    "focus-time": [],
    "judged": ["--metrics", "temporal_faithfulness:llm", "--offline-judge", "--max-concurrency", "16"],
}
#: distinct answers and contexts the rows are drawn from
POOL = 5_000

#: runs `evaluate` in this process's child and prints its wall time and peak RSS as JSON
_MEASURE = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
wall = time.perf_counter() - start
peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"code": done.returncode, "wall": wall, "rss_mb": peak_kb / 1024, "err": done.stderr[-500:]}))
"""


def write_rows(path: Path, n: int) -> Path:
    """N tiny rows as JSON Lines (a distinct id each; texts from a pool of POOL)."""
    with path.open("w", encoding="utf-8") as handle:
        for i in range(n):
            k = i % POOL
            year = 1800 + k % 220
            handle.write(json.dumps({
                "id": i,
                "user_input": f"When did event {k} begin?",
                "response": f"Event {k} began in {year}." + (f" It ended in {year + 3}." if k % 3 == 0 else ""),
                "retrieved_contexts": [f"Event {k} began in {year} and lasted three years.", f"Note {k % 97}: see {year}."],
            }) + "\n")
    return path


def measure(data: Path, output: Path, mode: str) -> dict:
    """``{"code", "wall", "rss_mb", "err"}`` of one `evaluate` run of ``mode`` on ``data``."""
    argv = [sys.executable, "-m", "ragas_temporal", "evaluate", str(data), "--no-progress", "-o", str(output), *MODES[mode]]
    env = {**os.environ, "RAGAS_DO_NOT_TRACK": "true", "PYTHONPATH": os.environ.get("PYTHONPATH", str(ROOT))}
    done = subprocess.run([sys.executable, "-c", _MEASURE, *argv], capture_output=True, text=True, env=env, check=True)
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", default="20000,200000", help="comma-separated row counts (default: 20000,200000)")
    parser.add_argument("--modes", default=",".join(MODES), help=f"comma-separated, of {', '.join(MODES)}")
    parser.add_argument("--output", default=".jsonl", choices=[".jsonl", ".csv", ".parquet"], help="output format")
    args = parser.parse_args(argv)
    counts = [int(n.replace("_", "")) for n in args.rows.split(",") if n.strip()]
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        parser.error(f"unknown mode(s) {', '.join(unknown)}; known: {', '.join(MODES)}")
    print(f"evaluate, tiny rows, -o out{args.output}, one subprocess per run; load average {os.getloadavg()[0]:.1f}")
    print(f"{'rows':>10}  {'run':<11}  {'wall s':>8}  {'rows/s':>8}  {'peak RSS MB':>11}  {'KB/row':>7}")
    with tempfile.TemporaryDirectory(prefix="ragas-temporal-memory-") as tmp:
        for n in counts:
            data = write_rows(Path(tmp) / f"rows-{n}.jsonl", n)
            for mode in modes:
                result = measure(data, Path(tmp) / f"out-{n}-{mode}{args.output}", mode)
                if result["code"] != 0:
                    print(f"{n:>10,}  {mode:<11}  failed (exit {result['code']}): {result['err'].strip().splitlines()[-1:]}")
                    continue
                print(f"{n:>10,}  {mode:<11}  {result['wall']:>8.1f}  {n / result['wall']:>8,.0f}  "
                      f"{result['rss_mb']:>11,.0f}  {result['rss_mb'] * 1024 / n:>7.2f}", flush=True)
            data.unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
