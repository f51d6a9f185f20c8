"""How well TemporalCoherence and DurationAccuracy (rule mode) do on timelines and durations written by hand.

Cases, one JSON object a line, written from public facts before measuring:

- ``benchmarks/data/coherence_cases.jsonl``: ``{"kind", "coherent", "text"}``; half contradictory,
  half coherent, across every lifecycle pair (organisation, opening, activity, life, membership,
  building, production), one-sided order words with and without a stated gap, day-level dates,
  ages, durations next to their range, and single ranges. A contradictory case is *right* when it
  scores below 1; a coherent one when it does not (1, or NaN with fewer than two dated claims).
  Target: >= 95 % right in both halves.
- ``benchmarks/data/duration_cases.jsonl``: ``{"form", "response", "reference", "expected"}``; a
  duration in every form the rules read (weeks against days, event names that are not durations,
  "a year and a half", "two and a half", decimals, hours and minutes, hyphenated, "a decade and a
  half", "half a", compounds, ranges, units from minutes to centuries), the expected score
  computed by hand. *Exact* = the score equals it to the last bit. Target: >= 95 % exact.

Run: ``python benchmarks/coherence_cases.py [--coherence PATH] [--durations PATH] [--misses]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import sys
import warnings
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")
warnings.simplefilter("ignore", DeprecationWarning)

DATA = Path(__file__).resolve().parent / "data"


class CaseError(ValueError):
    """A case file that cannot be read: the message names the file and line."""


def read_cases(path: Path, fields: tuple[str, ...]) -> list[dict]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise CaseError(f"{path}: cannot read ({exc.strerror})") from None
    cases = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            case = json.loads(line)
        except json.JSONDecodeError:
            raise CaseError(f"{path}:{number}: not JSON") from None
        missing = [f for f in fields if not isinstance(case, dict) or f not in case]
        if missing:
            raise CaseError(f"{path}:{number}: missing {', '.join(missing)}")
        cases.append(case)
    if not cases:
        raise CaseError(f"{path}: no cases")
    return cases


def coherence_rows(cases: list[dict]) -> tuple[list[tuple], list[str]]:
    """Per kind and in total: (kind, contradictory right/n, coherent right/n); and the misses."""
    from ragas_temporal.metrics import TemporalCoherence

    metric = TemporalCoherence()
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # bad right, bad n, good right, good n
    misses = []
    for case in cases:
        result = asyncio.run(metric.ascore(response=case["text"]))
        flagged = not math.isnan(result.value) and result.value < 1
        right = flagged != bool(case["coherent"])
        for key in (case["kind"], "all"):
            slot = 2 if case["coherent"] else 0
            tally[key][slot] += right
            tally[key][slot + 1] += 1
        if not right:
            misses.append(f"{'coherent' if case['coherent'] else 'contradictory'} [{case['kind']}] {case['text']} -> {result.value} ({result.reason})")
    rows = [(kind, *tally[kind]) for kind in sorted(tally, key=lambda k: (k == "all", k))]
    return rows, misses


def duration_rows(cases: list[dict]) -> tuple[list[tuple], list[str]]:
    """Per form and in total: (form, exact, n); and the misses."""
    from ragas_temporal.metrics import DurationAccuracy

    metric = DurationAccuracy()
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    misses = []
    for case in cases:
        result = asyncio.run(metric.ascore(response=case["response"], reference=case["reference"]))
        exact = result.value == case["expected"]
        for key in (case["form"], "all"):
            tally[key][0] += exact
            tally[key][1] += 1
        if not exact:
            misses.append(f"[{case['form']}] {case['response']} vs {case['reference']!r} -> {result.value} (want {case['expected']}; {result.reason})")
    rows = [(form, *tally[form]) for form in sorted(tally, key=lambda k: (k == "all", k))]
    return rows, misses


def _share(right: int, n: int) -> str:
    return f"{right}/{n} ({100 * right / n:.1f} %)" if n else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coherence", type=Path, default=DATA / "coherence_cases.jsonl")
    parser.add_argument("--durations", type=Path, default=DATA / "duration_cases.jsonl")
    parser.add_argument("--misses", action="store_true", help="print every case scored wrong")
    args = parser.parse_args(argv)

    try:
        timelines = read_cases(args.coherence, ("kind", "coherent", "text"))
        durations = read_cases(args.durations, ("form", "response", "reference", "expected"))
    except CaseError as exc:
        print(f"coherence_cases: {exc}", file=sys.stderr)
        return 1
    rows, coherence_misses = coherence_rows(timelines)
    print("TemporalCoherence (focus_time): right = contradictory scored < 1, coherent not")
    print(f"{'kind':<14}{'contradictory right':>24}{'coherent right':>24}")
    for kind, bad_right, bad_n, good_right, good_n in rows:
        print(f"{kind:<14}{_share(bad_right, bad_n):>24}{_share(good_right, good_n):>24}")
    rows, duration_misses = duration_rows(durations)
    print()
    print("DurationAccuracy (focus_time): exact = score equals the hand-computed value")
    print(f"{'form':<20}{'exact':>20}")
    for form, exact, n in rows:
        print(f"{form:<20}{_share(exact, n):>20}")
    if args.misses:
        print()
        print("\n".join(coherence_misses + duration_misses) or "no misses")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
