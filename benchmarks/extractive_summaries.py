"""False flags of TemporalFaithfulness on extractive summaries of real documents: faithful by construction.

An extractive summary copies sentences of its source, so every date it states is the source's:
any flag (score < 1) is a false flag. Copying only some sentences is what makes it a test of the
rules: a day without a year or an anaphoric date ("two years later", "the following March") is
read against what comes before it in the summary, which is not what came before it in the
source. This is where a metric ties a date "to a year from elsewhere" (issue 34), and where a
rule fitted to one document shows on thousands.

The sources are the distinct documents of ``../shared/data/summaries/`` (FRANK: CNN/DM and XSum
articles; SummEdits: news, earnings calls, podcasts, meetings, e-mails, sales calls, dialogues,
science; see ``real_summaries.py``). Each is split into sentences (the package's sentence
break, ``interpret.core.SENTENCE_GAP``, not after a month's abbreviation or an initial: "Jan. 18", "J. Smith"); a source of at least four
sentences gives its lead (the first three sentences, in order) and ``--picks`` (default 3)
summaries of three sentences drawn at random (a fixed seed), kept in source order. The default
``TemporalFaithfulness()`` scores each with the whole source as the one context and no reference
date, as ``real_summaries.py`` does.

``--tokenized`` writes each summary as the CNN/DM systems of FRANK write theirs: lower-cased, with
punctuation split off by spaces ("on march 8 , 1985 ."; a number's own point or comma stays),
while the source keeps its case: the same dates in the other way real summaries are written.

Per data set family (``frank``, ``summedits``) and in total it prints: summaries, those with a
temporal claim scored (not NaN), flagged, and the flagged share of the scored. ``--misses`` lists
each flag with its reason and summary (the material of an error analysis).

Run: ``python benchmarks/extractive_summaries.py [--data DIR] [--dataset NAME] [--picks N] [--seed S] [--limit N] [--tokenized] [--misses]``
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import sys
import warnings
from collections import Counter
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")
warnings.simplefilter("ignore", DeprecationWarning)

from real_summaries import data_arguments, load_rows, no_data

from ragas_temporal.focus_time.interpret.core import SENTENCE_GAP
from ragas_temporal.focus_time.patterns import MONTHS

#: Sentences copied into each summary.
SENTENCES = 3
#: A source needs more sentences than a summary copies, or its summary is the whole source.
MIN_SENTENCES = SENTENCES + 1
# A period after a month's abbreviation ("Jan. 18") or an initial ("J. Smith") ends no sentence.
_NOT_AN_END = re.compile(
    r"(?:\b(?:" + "|".join(sorted((m for m in MONTHS if len(m) <= 4), key=len, reverse=True)) + r")|\b[A-Za-z])\.\s+$",
    re.IGNORECASE,
)


# Punctuation a tokenizer splits off: a point or comma unless between digits ("87.2", "1,000").
_PUNCTUATION = re.compile(r"(?<!\d)[.,]|[.,](?!\d)|[;:!?()\"]")
# ...but the point of an abbreviation stays with it: a month's ("jan.") or an initial's ("j.").
_ABBREVIATION = re.compile(
    r"(?<![\w'])(" + "|".join(sorted((m for m in MONTHS if len(m) <= 4), key=len, reverse=True)) + r"|[a-z]) \. "
)


def tokenized(text: str) -> str:
    """``text`` lower-cased, punctuation split off by spaces and "'s" split from its word, as
    FRANK's CNN/DM system summaries are written.

    >>> tokenized("On Jan. 8, 1985, Smith's firm (est. 1901) grew 87.2% in the 1950's.")
    "on jan. 8 , 1985 , smith 's firm ( est . 1901 ) grew 87.2% in the 1950's ."
    """
    text = _PUNCTUATION.sub(lambda m: f" {m.group(0)} ", text.lower())
    text = _ABBREVIATION.sub(r"\1. ", " ".join(text.split()) + " ")
    return " ".join(re.sub(r"(?<=[a-z])'s\b", " 's", text).split())


class Case(NamedTuple):
    """One extractive summary of one source."""

    family: str  # the data set family: frank, summedits
    how: str  # "lead" or "pick"
    summary: str
    source: str


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, stripped, in order.

    >>> sentences("Sales rose on Jan. 18 in Paris. J. Smith left.\\nThen it fell.")
    ['Sales rose on Jan. 18 in Paris.', 'J. Smith left.', 'Then it fell.']
    """
    out: list[str] = []
    start = 0
    for found in SENTENCE_GAP.finditer(text):
        if _NOT_AN_END.search(text, max(start, found.start() - 12), found.end()):
            continue
        out.append(text[start:found.start()])
        start = found.end()
    out.append(text[start:])
    return [s.strip() for s in out if s.strip()]


def make_cases(rows: list[dict], picks: int, seed: int, tokenize: bool = False) -> list[Case]:
    """The lead and ``picks`` random extractive summaries of each distinct source of ``rows``
    (sources in sorted order, so a seed gives the same cases on every machine); with
    ``tokenize``, each summary :func:`tokenized`."""
    families: dict[str, str] = {}
    for row in rows:
        families.setdefault(row["source"], row["dataset"].split("-")[0])
    rng = random.Random(seed)
    cases = []
    for source in sorted(families):
        parts = sentences(source)
        if len(parts) < MIN_SENTENCES:
            continue
        summaries = [("lead", parts[:SENTENCES])]
        for _ in range(picks):
            summaries.append(("pick", [parts[i] for i in sorted(rng.sample(range(len(parts)), SENTENCES))]))
        for how, copied in summaries:
            summary = " ".join(copied)
            cases.append(Case(families[source], how, tokenized(summary) if tokenize else summary, source))
    return cases


def score_cases(cases: list[Case]) -> list[tuple[float, str]]:
    """(score, reason) of each case by the default ``TemporalFaithfulness()`` (the source as the one
    context, no reference date), in one ``score_dataset`` batch."""
    from ragas_temporal.metrics import TemporalFaithfulness, score_dataset

    metric = TemporalFaithfulness()
    frame = score_dataset([{"response": c.summary, "retrieved_contexts": [c.source]} for c in cases], [metric])
    return list(zip((float(v) for v in frame[metric.name]), (str(r) for r in frame[f"{metric.name}_reason"])))


def tally(cases: list[Case], scores: list[tuple[float, str]]) -> dict[str, Counter]:
    """Per family and how (``frank lead``, ``frank pick``, ...) and in total: summaries, scored, flagged."""
    groups: dict[str, Counter] = {}
    for case, (value, _) in zip(cases, scores):
        for name in (f"{case.family} {case.how}", "total"):
            c = groups.setdefault(name, Counter(summaries=0, scored=0, flagged=0))
            c["summaries"] += 1
            c["scored"] += not math.isnan(value)
            c["flagged"] += not math.isnan(value) and value < 1.0
    return {k: groups[k] for k in sorted(k for k in groups if k != "total") + ["total"] if k in groups}


def format_table(groups: dict[str, Counter]) -> str:
    lines = ["| summaries of | summaries | with a claim scored | flagged (false flags) |", "|---|---|---|---|"]
    for name, c in groups.items():
        share = f"{100 * c['flagged'] / c['scored']:.2f} % ({c['flagged']}/{c['scored']})" if c["scored"] else "n/a"
        lines.append(f"| {name} | {c['summaries']:,} | {c['scored']:,} | {share} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    data_arguments(parser)
    parser.add_argument("--picks", type=int, default=3, help="random extractive summaries per source (default 3)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the random picks (default 7)")
    parser.add_argument("--tokenized", action="store_true", help="summaries lower-cased and tokenized, as FRANK's CNN/DM ones")
    parser.add_argument("--misses", action="store_true", help="list each flag with its reason and summary")
    args = parser.parse_args(argv)
    if args.picks < 0:
        print("--picks must be 0 or more", file=sys.stderr)
        return 2
    if no_data(args.data):
        return 0
    rows = load_rows(args.data, args.dataset, args.limit)
    if not rows:
        print(f"no rows of data set {args.dataset!r} in {args.data}", file=sys.stderr)
        return 1
    cases = make_cases(rows, args.picks, args.seed, args.tokenized)
    if not cases:
        print(f"no source of {MIN_SENTENCES} sentences or more in {args.data}")
        return 0
    scores = score_cases(cases)
    if args.misses:
        flags = [(c, s) for c, s in zip(cases, scores) if not math.isnan(s[0]) and s[0] < 1.0]
        print(f"{len(flags)} false flags:")
        for case, (value, reason) in flags:
            print(f"[{case.family} {case.how}] score {value:.3g}: {reason}\n    summary: {' '.join(case.summary.split())[:400]}")
        print()
    print(f"{len(cases):,} extractive summaries, default TemporalFaithfulness(), the source as the one context, no reference date")
    print(format_table(tally(cases, scores)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
