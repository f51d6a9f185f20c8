"""Cold start: a whole process that imports the library and extracts one sentence, against datefinder.

What a short-lived process pays (the CLI, a Spark or Ray worker's first task, a serverless
function, a notebook kernel restart): interpreter start, ``import ragas_temporal``, and
``extract_focus_time`` on one sentence, timed as the wall time of the whole child process. The
yardstick is the same process with datefinder (``import datefinder`` and ``datefinder.extract``
on the same sentence), measured in the same run: each round runs the two processes back to back,
in alternating order, and the table gives the median of the per-round ratios with their spread
(this machine is shared and its speed drifts: ratios side by side, not absolute times).

Bytecode: an installed package has its ``.pyc`` files (pip compiles them at install), so by
default both children run with bytecode caching on, in a temporary cache folder
(``PYTHONPYCACHEPREFIX``; nothing is written into the checkout) warmed by one untimed run each.
``--no-bytecode`` adds the worst case: no bytecode is written (``PYTHONDONTWRITEBYTECODE``, as in
a read-only editable checkout), so our modules are compiled from source in every process, while
datefinder keeps the ``.pyc`` files of its site-packages install.

Run:  .venv/bin/python benchmarks/cold_start.py [--rounds 21] [--no-bytecode]
datefinder >= 1.0 is in the ``bench`` extra (``pip install -e ".[bench]"``); without it the
benchmark says so and exits. Never part of the test run.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterable

REPO = Path(__file__).resolve().parents[1]
SENTENCE = "The war ended on 3 May 1945."

#: The two children: import the library, extract the sentence, print what was found (so the work
#: cannot be skipped and the output is checked).
OURS = (
    "import ragas_temporal\n"
    f"print(sorted(ragas_temporal.extract_focus_time({SENTENCE!r}).years))\n"
)
DATEFINDER = (
    "import datefinder\n"
    f"print([m.value.datetime_value.year for m in datefinder.extract({SENTENCE!r}) if m.kind == 'absolute'])\n"
)


def _env(bytecode: bool, cache: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), RAGAS_DO_NOT_TRACK="true")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if bytecode:
        env["PYTHONPYCACHEPREFIX"] = cache
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def run_once(code: str, env: dict[str, str]) -> tuple[float, str]:
    """(wall seconds of the whole child process, its stdout)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"child failed: {done.stderr.strip().splitlines()[-1:]}")
    return elapsed, done.stdout.strip()


def measure(rounds: int, bytecode: bool) -> dict:
    """Paired rounds (order alternating) of the two children; the ratios ours / datefinder."""
    with tempfile.TemporaryDirectory(prefix="cold-start-pyc-") as cache:
        env = _env(bytecode, cache)
        outputs = (run_once(OURS, env)[1], run_once(DATEFINDER, env)[1])  # warm-up (and .pyc)
        ours, theirs = [], []
        for i in range(rounds):
            pair = [(OURS, ours), (DATEFINDER, theirs)]
            for code, times in pair if i % 2 == 0 else pair[::-1]:
                times.append(run_once(code, env)[0])
    ratios = sorted(a / b for a, b in zip(ours, theirs))
    return {
        "outputs": outputs,
        "ours": statistics.median(ours),
        "datefinder": statistics.median(theirs),
        "ratio": statistics.median(ratios),
        "spread": (ratios[len(ratios) // 4], ratios[(3 * len(ratios)) // 4]),
        "range": (ratios[0], ratios[-1]),
    }


def table(results: dict[str, dict], rounds: int) -> str:
    lines = [
        f"Cold start: one process imports the library and extracts {SENTENCE!r} "
        f"(wall, {rounds} paired rounds, median; ratio = ragas-temporal / datefinder per round)",
        "",
        "| bytecode | datefinder 1.0 | ragas-temporal | ratio (median) | ratio IQR | ratio min-max |",
        "|---|---|---|---|---|---|",
    ]
    for name, r in results.items():
        lines.append(
            f"| {name} | {1000 * r['datefinder']:.0f} ms | {1000 * r['ours']:.0f} ms | **{r['ratio']:.2f}x** "
            f"| {r['spread'][0]:.2f}-{r['spread'][1]:.2f} | {r['range'][0]:.2f}-{r['range'][1]:.2f} |"
        )
    return "\n".join(lines)


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=21, help="paired rounds (default 21)")
    ap.add_argument("--no-bytecode", action="store_true", help="also time our modules compiled from source")
    args = ap.parse_args(list(argv) if argv is not None else None)
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")
    if importlib.util.find_spec("datefinder") is None:
        print('datefinder>=1.0 is not installed: nothing to compare with (pip install -e ".[bench]")', file=sys.stderr)
        return 1
    modes = {"cached (.pyc, as installed)": True}
    if args.no_bytecode:
        modes["none (compiled from source)"] = False
    results = {name: measure(args.rounds, bytecode) for name, bytecode in modes.items()}
    for name, r in results.items():
        print(f"[{name}] ragas-temporal printed {r['outputs'][0]}, datefinder printed {r['outputs'][1]}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(table(results, args.rounds))
    print(f"\nload average (1 min) during the run: {load:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
