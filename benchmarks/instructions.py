"""Instructions per document of each extraction stage and of datefinder, counted by valgrind.

CPU time on a shared or virtual machine drifts by a factor of two between runs (other jobs, stolen
time); an instruction count does not: the same code on the same text executes the same
instructions. This benchmark runs one process under ``valgrind --tool=callgrind``, times each
workload by the instructions executed between two markers (``--dump-before=os_getppid``: a call
of ``os.getppid()`` closes one workload's count), and prints instructions per document, with
datefinder's ``extract`` as the yardstick. Instructions are not time (a cache miss costs more
than an addition), but on this workload the ratio of instruction counts tracks the ratio of CPU
times within their noise, and it can be compared across runs and commits.

Stages, each measured on its own (all on the same documents, memo emptied before each pass):

- ``triggers``: the trigger search (``scanner._find_triggers``);
- ``matching``: the trigger search and the rules tried at the triggers (``scanner.iter_matches``);
- ``scan``: matching, then every match read into a mention (``extract.scan``);
- ``extract_focus_time``: the public call (the memo, the reference date, the ``FocusTime``);
- ``datefinder``: ``datefinder.extract`` with the same reference date.

Run:  .venv/bin/python benchmarks/instructions.py [--corpus meantime,tweets_train,wikipedia] [--passes 2]
Needs valgrind (Debian package ``valgrind``) and datefinder (``pip install -e ".[bench]"``); a
corpus that is absent is skipped. A run takes a few minutes per corpus (valgrind runs Python
about 50x slower). Never part of the test run.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable

os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")

sys.path.insert(0, str(Path(__file__).resolve().parent))
# the corpora, their readers and the datefinder call of the CPU-time benchmark: one of each
from extraction import DEFAULT_DIR, DEFAULT_WIKI, datefinder_raw, load_corpus, load_wiki  # noqa: E402

CORPORA = {
    "meantime": DEFAULT_DIR / "meantime.jsonl",
    "tweets_train": DEFAULT_DIR / "tweets_train.jsonl",
    "wikipedia": DEFAULT_WIKI,
}
WIKI_PARAGRAPHS = 300  # valgrind is slow: a sample of the paragraphs
STAGES = ("triggers", "matching", "scan", "extract_focus_time", "datefinder")


def load(name: str) -> list[tuple[str, dt.date | None]]:
    """(text, reference date) of each document of a corpus (Wikipedia: no reference date)."""
    path = CORPORA[name]
    docs = load_wiki(path, WIKI_PARAGRAPHS) if name == "wikipedia" else load_corpus(path)
    return [(d["text"], dt.date.fromisoformat(d["dct"]) if d.get("dct") else None) for d in docs]


def workloads(docs: list[tuple[str, dt.date | None]]) -> dict[str, Callable[[], object]]:
    """One pass over ``docs`` per stage."""
    from ragas_temporal.focus_time import scanner
    from ragas_temporal.focus_time.extract import extract_focus_time, scan
    from ragas_temporal.focus_time.normalise import ascii_digits

    texts = [ascii_digits(text) for text, _ in docs]  # as scan gives them to the scanner

    def public() -> None:
        extract_focus_time.cache_clear()
        for text, ref in docs:
            extract_focus_time(text, ref)

    return {
        "triggers": lambda: [scanner._find_triggers(text, True) for text in texts],
        "matching": lambda: [scanner.iter_matches(text, True) for text in texts],
        "scan": lambda: [scan(text, ref) for text, ref in docs],
        "extract_focus_time": public,
        "datefinder": lambda: [datefinder_raw(text, ref) for text, ref in docs],
    }


def run_inside_valgrind(corpus: str, passes: int) -> None:
    """The measured process: every workload once untimed (what a first call compiles), then each
    ``passes`` times between two ``os.getppid()`` markers."""
    docs = load(corpus)
    work = workloads(docs)
    for fn in work.values():
        fn()
    for name in STAGES:
        os.getppid()
        for _ in range(passes):
            work[name]()
    os.getppid()
    print(json.dumps({"docs": len(docs)}))


class MeasureError(RuntimeError):
    """The process valgrind ran did not finish its workloads."""


def _dump_total(path: Path) -> int:
    for line in path.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise ValueError(f"no instruction total in {path}")


def measure(corpus: str, passes: int) -> dict[str, float]:
    """Instructions per document of each stage on ``corpus``."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg"
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", "--dump-before=os_getppid", f"--callgrind-out-file={out}",
             sys.executable, __file__, "--inside", corpus, "--passes", str(passes)],
            capture_output=True, text=True,
        )  # fmt: skip
        if proc.returncode != 0:  # the measured process failed (no datefinder, a bad corpus line): its last word
            last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
            raise MeasureError(f"measuring {corpus} failed: {last}")
        docs = json.loads(proc.stdout.strip().splitlines()[-1])["docs"]
        dumps = sorted(Path(tmp).glob("cg.*"), key=lambda p: int(p.name.split(".")[1]))
        # dump 1 closes the start-up and warm-up; dumps 2.. close one stage each
        counts = [_dump_total(p) for p in dumps[1 : 1 + len(STAGES)]]
    return {name: count / passes / docs for name, count in zip(STAGES, counts)}


def table(rows: dict[str, dict[str, float]]) -> str:
    """The Markdown table: thousands of instructions per document, and datefinder's count over
    ours for the public call (> 1: ours executes fewer instructions).

    >>> print(table({"news": {"triggers": 1e5, "matching": 2e5, "scan": 3e5, "extract_focus_time": 4e5, "datefinder": 5e5}}))
    | corpus | triggers | matching | scan | extract_focus_time | datefinder | datefinder / ours |
    |---|---|---|---|---|---|---|
    | news | 100k | 200k | 300k | 400k | 500k | **1.25x** |
    """
    lines = [
        "| corpus | " + " | ".join(STAGES) + " | datefinder / ours |",
        "|---|" + "---|" * (len(STAGES) + 1),
    ]
    for corpus, per_stage in rows.items():
        cells = " | ".join(f"{per_stage[s] / 1000:.0f}k" for s in STAGES)
        lines.append(f"| {corpus} | {cells} | **{per_stage['datefinder'] / per_stage['extract_focus_time']:.2f}x** |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=",".join(CORPORA), help="comma-separated: " + ",".join(CORPORA))
    ap.add_argument("--passes", type=int, default=2, help="measured passes per stage (default 2)")
    ap.add_argument("--inside", help=argparse.SUPPRESS)  # the process valgrind runs
    args = ap.parse_args(argv)
    if args.inside:
        run_inside_valgrind(args.inside, args.passes)
        return 0
    names = [n for n in args.corpus.split(",") if n]
    unknown = [n for n in names if n not in CORPORA]
    if unknown or args.passes < 1:
        problem = f"unknown corpus {unknown[0]!r}; choose from {', '.join(CORPORA)}" if unknown else "--passes must be at least 1"
        print(problem, file=sys.stderr)
        return 2
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 1
    rows = {}
    for name in names:
        if not CORPORA[name].exists():
            print(f"skipped {name}: {CORPORA[name]} is absent", file=sys.stderr)
            continue
        try:
            rows[name] = measure(name, args.passes)
        except MeasureError as exc:
            print(exc, file=sys.stderr)
            return 1
        print(f"measured {name}", file=sys.stderr)
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
