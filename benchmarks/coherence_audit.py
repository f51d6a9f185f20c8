"""TemporalCoherence (rule mode) on real prose: every Wikipedia paragraph it scores below 1.

Wikipedia paragraphs are coherent text, so a paragraph scored below 1 is either a true
contradiction of the source (a typo such as "From 1998 until 1993") or a false alarm of the rules.
This script runs the rule-mode scorer (``read_timeline`` -> ``scores.timeline_coherence``, what
``TemporalCoherence()`` computes) over ``../shared/data/wiki/timeqa_train_paragraphs.jsonl`` in both
views (``text`` and ``tokenized``), prints the counts (paragraphs, with two or more dated claims,
scored below 1, per rule) and lists every paragraph scored below 1 with the rule, the explanation and
the words around the claims. Paragraphs read by hand are labelled in
``benchmarks/data/coherence_audit_labels.csv`` (``id,verdict,note``; verdict ``true`` = a true
contradiction of the source, ``limit`` = a documented limit of the rules); the listing shows the
label, and the summary counts each. Target: at most 0.1 % of the paragraphs scored below 1.

The data is not shipped: the script says so and exits 0 when it is absent.

Run: ``python benchmarks/coherence_audit.py [--data PATH] [--view text|tokenized|both] [--limit N]``
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "wiki" / "timeqa_train_paragraphs.jsonl"
LABELS = Path(__file__).resolve().parent / "data" / "coherence_audit_labels.csv"
_CONTEXT = 80


def read_labels(path: Path) -> dict[str, tuple[str, str]]:
    if not path.exists():
        return {}
    with path.open(encoding="utf-8", newline="") as handle:
        return {row["id"]: (row["verdict"], row["note"]) for row in csv.DictReader(handle)}


def audit(rows: list[dict], view: str, labels: dict[str, tuple[str, str]]) -> tuple[dict, list[str]]:
    """Counts for one view, and one listing entry per paragraph scored below 1."""
    from ragas_temporal.timeline.formula import timeline_coherence
    from ragas_temporal.timeline import read_timeline

    counts: Counter = Counter()
    listing = []
    for row in rows:
        text = row.get(view) or ""
        timeline = read_timeline(text)
        score = timeline_coherence(*timeline.evidence())
        counts["paragraphs"] += 1
        counts["dated"] += len(timeline.claims) >= 2
        if math.isnan(score.value) or score.value >= 1:
            continue
        counts["below 1"] += 1
        verdict, note = labels.get(row["id"], ("unread", ""))
        counts[f"judged {verdict}"] += 1
        lines = [f"{row['id']} [{view}] score {score.value:.3g} ({verdict}{': ' + note if note else ''})"]
        for c in timeline.contradictions:
            counts[f"rule {c.rule}"] += 1
            claims = [timeline.claims[i] for i in c.claims]
            start = max(0, min(x.start for x in claims) - _CONTEXT)
            end = max(x.end for x in claims) + _CONTEXT // 2
            lines.append(f"    {c.rule}: {c.explanation}")
            lines.append(f"    ...{' '.join(text[start:end].split())}...")
        listing.append("\n".join(lines))
    return counts, listing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--view", choices=("text", "tokenized", "both"), default="both")
    parser.add_argument("--limit", type=int, default=None, help="only the first N paragraphs")
    args = parser.parse_args(argv)
    if not args.data.exists():
        print(f"no data at {args.data}: nothing to audit (the Wikipedia paragraphs are not shipped)")
        return 0
    with args.data.open(encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()][: args.limit]
    labels = read_labels(LABELS)
    views = ("text", "tokenized") if args.view == "both" else (args.view,)
    summaries = []
    for view in views:
        counts, listing = audit(rows, view, labels)
        print(f"== {view}: {len(listing)} paragraph(s) scored below 1")
        print("\n".join(listing) or "    none")
        summaries.append((view, counts))
    print()
    print(f"{'view':<10}{'paragraphs':>11}{'>=2 claims':>11}{'below 1':>9}{'share':>9}{'true':>6}{'limit':>7}{'unread':>8}  rules")
    for view, c in summaries:
        share = 100 * c["below 1"] / c["paragraphs"] if c["paragraphs"] else 0.0
        rules = ", ".join(f"{k[5:]} {v}" for k, v in sorted(c.items()) if k.startswith("rule ")) or "-"
        print(
            f"{view:<10}{c['paragraphs']:>11}{c['dated']:>11}{c['below 1']:>9}{share:>8.3f}%"
            f"{c['judged true']:>6}{c['judged limit']:>7}{c['judged unread']:>8}  {rules}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
