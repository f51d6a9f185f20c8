"""How often TemporalFaithfulness flags unfaithful answers, and how often it wrongly flags faithful ones.

The cases (``benchmarks/data/faithfulness_cases.jsonl``, one JSON object a line) were written by
hand from public facts in the styles RAG systems meet: Wikipedia biographies (lifespans in
brackets) and filmographies ("(1997 film)"), news with datelines, sports seasons ("2015–16"),
financial quarters and fiscal years, decades and centuries, relative dates read against a
``reference_date``, and tokenized sources ("( 1997 )", "1991 -- 2000"). Each has::

    {"answer": str, "contexts": [str, ...], "label": "faithful" | "unfaithful",
     "style": str, "note": str, "reference_date": "YYYY-MM-DD" | null,
     "context_dates": ["YYYY-MM-DD" | null, ...]}   (optional: publication dates of the contexts)

Faithful answers paraphrase the contexts' time (ranges for separately stated dates, lifespans,
seasons, decades, "the following year"); unfaithful ones invent a year, shift one, change a range
end or name the wrong decade. The cases were written before any measurement, from how real text
looks, and are not tuned to the rules.

Date-level styles (issue 19), from public facts (Wikipedia's dates of Einstein's birth, Apollo 11,
the fall of the Berlin Wall, ...): ``date_altered_day``, ``date_altered_month`` and
``date_altered_quarter_season`` (unfaithful: one unit of a stated date changed, or a quarter or
season that does not contain the stated date); ``date_format`` (faithful: the stated date in
another format, "14 March 1879", "March 14, 1879", "the 14th of March 1879", "Mar. 14, 1879",
"1879-03-14"); ``date_coarser`` (faithful: the month, season, quarter, half, year or decade of a
stated date); ``date_part_of_day`` (a time or part of the day written before its date, read
against a 2024 reference date: faithful on the stated date, unfaithful on an altered one).

A case is *flagged* when its score is below 1. The table gives, per configuration, the share of
unfaithful cases flagged (want: high) and of faithful cases flagged (want: low), plus the cases
scored NaN (no datable claim found: counted as not flagged). Targets for the default
(``granularity="claim"``, focus time): >= 95 % unfaithful flagged, <= 3 % faithful flagged; on the
date-level styles, >= 95 % of altered days, months, quarters and seasons flagged and <= 2 % of
restatements (another format, coarser) flagged (``--styles`` prints each style).

Configurations: focus time at claim and year granularity; hybrid and llm modes with the
package's offline rule-based judge (``ragas_temporal.llm.offline.offline_llm``), which reads
dates with the same extractor and judges them by the same date rules as focus time, so those rows
show the plumbing, not what a real LLM would add (a right date tied to the wrong event).

Run: ``python benchmarks/faithfulness_cases.py [--cases PATH] [--misses] [--styles]``
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

DEFAULT_CASES = Path(__file__).resolve().parent / "data" / "faithfulness_cases.jsonl"
LABELS = ("faithful", "unfaithful")
#: (row label, constructor arguments); the first row is the default metric
CONFIGURATIONS = (
    ("focus_time, claim (default)", {"mode": "focus_time", "granularity": "claim"}),
    ("focus_time, year", {"mode": "focus_time", "granularity": "year"}),
    ("hybrid, claim (offline judge)", {"mode": "hybrid", "granularity": "claim"}),
    ("llm (offline judge)", {"mode": "llm"}),
)


class CaseError(ValueError):
    """A case file that cannot be read: the message names the file and line."""


def load_cases(path: Path) -> list[dict]:
    """The cases of a JSONL file, each checked for the fields the benchmark reads."""
    if not path.is_file():
        raise CaseError(f"{path}: no such file")
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            case = json.loads(line)
        except json.JSONDecodeError as exc:
            raise CaseError(f"{path}:{number}: not JSON ({exc.msg})") from None
        if not isinstance(case, dict):
            raise CaseError(f"{path}:{number}: expected an object")
        if not isinstance(case.get("answer"), str) or not isinstance(case.get("contexts"), list):
            raise CaseError(f"{path}:{number}: needs 'answer' (text) and 'contexts' (list of texts)")
        if case.get("label") not in LABELS:
            raise CaseError(f"{path}:{number}: label must be 'faithful' or 'unfaithful', got {case.get('label')!r}")
        cases.append(case)
    if not cases:
        raise CaseError(f"{path}: no cases")
    return cases


def _metric(arguments: dict, context_dates):
    from ragas_temporal.metrics import TemporalFaithfulness

    arguments = dict(arguments, context_dates=context_dates)
    if arguments["mode"] in ("llm", "hybrid"):
        from ragas import RunConfig

        from ragas_temporal.llm.offline import offline_llm

        metric = TemporalFaithfulness(llm=offline_llm(), **arguments)
        metric.init(RunConfig())
        return metric
    return TemporalFaithfulness(**arguments)


async def score_cases(cases: list[dict], arguments: dict) -> list[tuple[float, str]]:
    """(value, reason) of every case under one configuration."""
    current: dict = {}
    # a news context is read against its own publication date, as users pass it via context_dates
    metric = _metric(arguments, lambda sample, index, text: (current.get("context_dates") or {}).get(index))
    results = []
    for case in cases:
        current["context_dates"] = dict(enumerate(case.get("context_dates") or []))
        result = await metric.ascore(
            response=case["answer"],
            retrieved_contexts=case["contexts"],
            reference_date=case.get("reference_date"),
        )
        results.append((result.value, result.reason))
    return results


def flag_rates(cases: list[dict], results: list[tuple[float, str]]) -> dict[str, tuple[int, int, int]]:
    """Per label: (flagged, NaN, total); a case is flagged when its score is below 1."""
    counts: dict[str, list[int]] = {label: [0, 0, 0] for label in LABELS}
    for case, (value, _) in zip(cases, results):
        row = counts[case["label"]]
        row[2] += 1
        if math.isnan(value):
            row[1] += 1
        elif value < 1.0:
            row[0] += 1
    return {label: tuple(row) for label, row in counts.items()}  # type: ignore[misc]


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f} % ({part}/{whole})" if whole else "   n/a"


def format_table(rows: list[tuple[str, dict[str, tuple[int, int, int]]]]) -> str:
    header = f"{'configuration':32} {'unfaithful flagged':>22} {'faithful flagged':>22} {'NaN':>5}"
    lines = [header, "-" * len(header)]
    for name, rates in rows:
        unfaithful, faithful = rates["unfaithful"], rates["faithful"]
        lines.append(
            f"{name:32} {_share(unfaithful[0], unfaithful[2]):>22} {_share(faithful[0], faithful[2]):>22} "
            f"{unfaithful[1] + faithful[1]:5d}"
        )
    return "\n".join(lines)


def _misses(cases: list[dict], results: list[tuple[float, str]]) -> list[str]:
    out = []
    for case, (value, reason) in zip(cases, results):
        flagged = not math.isnan(value) and value < 1.0
        if flagged != (case["label"] == "unfaithful"):
            out.append(f"  [{case['label']}, {case.get('style')}, {case.get('note')}] {value:.2f} {case['answer']!r}: {reason}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=Path, default=DEFAULT_CASES, help="JSONL file of cases")
    parser.add_argument("--only", choices=[name for name, _ in CONFIGURATIONS], action="append",
                        help="run only these configurations (repeatable)")
    parser.add_argument("--misses", action="store_true", help="list the cases each configuration gets wrong")
    parser.add_argument("--styles", action="store_true", help="also print the default's table per style")
    args = parser.parse_args(argv)
    try:
        cases = load_cases(args.cases)
    except CaseError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    n_unfaithful = sum(case["label"] == "unfaithful" for case in cases)
    print(f"{len(cases)} cases ({n_unfaithful} unfaithful, {len(cases) - n_unfaithful} faithful) from {args.cases.name}")
    rows, details = [], []
    for name, arguments in CONFIGURATIONS:
        if args.only and name not in args.only:
            continue
        results = asyncio.run(score_cases(cases, arguments))
        rows.append((name, flag_rates(cases, results)))
        if args.misses:
            details.append(f"{name}: misclassified cases")
            details.extend(_misses(cases, results) or ["  none"])
        if args.styles and name == CONFIGURATIONS[0][0]:
            by_style: dict[str, list[int]] = defaultdict(list)
            for i, case in enumerate(cases):
                by_style[str(case.get("style"))].append(i)
            style_rows = [
                (f"  {style}", flag_rates([cases[i] for i in idx], [results[i] for i in idx]))
                for style, idx in sorted(by_style.items())
            ]
    print(format_table(rows))
    if args.styles and rows and rows[0][0] == CONFIGURATIONS[0][0]:
        print(f"\nper style, {CONFIGURATIONS[0][0]}:")
        print(format_table(style_rows))
    if details:
        print()
        print("\n".join(details))
    print("\ntargets for the default: >= 95 % of unfaithful flagged, <= 3 % of faithful flagged")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
