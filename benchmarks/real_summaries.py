"""TemporalFaithfulness on real model-written summaries that people labelled faithful or not.

The default ``TemporalFaithfulness()`` as a new user runs it: the source document is the one
retrieved context, the summary is the response, and there is no reference date. The data are
``../shared/data/summaries/frank.jsonl`` (FRANK: CNN/DM and XSum summaries) and
``summedits.jsonl`` (SummEdits: LLM edits of seed summaries in 8 domains); their README says what
each field means. They are not shipped: the script says so and exits 0 when they are absent.

Per data set (the ``dataset`` field: ``frank-cnndm``, ``frank-xsum``, ``summedits-<domain>``) and
in total it prints:

* **rows**, and **flagged**: scored below 1;
* **flags right**: the share of the flagged rows that people marked unfaithful (``label`` 1).
  Labels are about the whole summary, so a flag on a faithful summary is a false flag, while an
  unfaithful summary whose error is not a date is expected to score 1.0. SummEdits rows are many
  edits of one seed summary (clustered), so the total is also given without them;
* **state a date**: the extractor finds at least one temporal mention of any kind in the
  summary ("now", "soon", "in the future", "7 pm" included); **NaN with a date**: of those, the
  rows left NaN, and in brackets how many of those carry a human-marked date error
  (``date_error`` true);
* **state a calendar date** and **NaN with a calendar date**: the same counts for the summaries
  with a calendar date (:func:`is_calendar_date`: a year, a day, month, quarter, season, weekday
  or weekend, or a relative date counted in calendar units such as "last year" or "the previous
  quarter"; not a vague "now", "soon" or "in the future", not a time or part of a day alone, not a
  stretch the extractor gives no value such as "the next 30 years"). These are the expressions
  issue 34 names, and the count its figures compare with;
* **invented dates flagged**: of the rows where people marked a year or month-day the source
  never writes (``date_unsupported`` true), how many are flagged.

``--misses`` (also ``--nan``: only the NaN rows) lists every NaN row that states a date and every false flag (flagged, label 0) with
the mentions found, the score, the reason and the start of the summary: the material of the error
analysis.

Run: ``python benchmarks/real_summaries.py [--data DIR] [--dataset NAME] [--limit N] [--misses] [--nan]``
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import warnings
from collections import Counter
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")
warnings.simplefilter("ignore", DeprecationWarning)

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "summaries"
FILES = ("frank.jsonl", "summedits.jsonl")
#: the data sets whose rows are clustered (many edits of one seed summary)
CLUSTERED_PREFIX = "summedits-"
_EXCERPT = 240


class Outcome(NamedTuple):
    """One scored row: the metric's value and reason, and the mentions the extractor finds in the summary."""

    value: float
    reason: str
    mentions: tuple[str, ...]
    calendar: bool = False  # a mention is a calendar date (:func:`is_calendar_date`)

    @property
    def flagged(self) -> bool:
        return not math.isnan(self.value) and self.value < 1.0


def load_rows(folder: Path, dataset: str | None = None, limit: int | None = None) -> list[dict]:
    """The rows of the data files in ``folder`` (in file order), only ``dataset``'s when given,
    the first ``limit`` when given."""
    rows = []
    for name in FILES:
        path = folder / name
        if not path.is_file():
            continue
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                if not line.strip():
                    continue
                row = json.loads(line)
                if dataset is None or row["dataset"] == dataset:
                    rows.append(row)
    return rows[:limit] if limit is not None else rows


def _count(text: str) -> int:
    """An ``argparse`` type: a whole number of 1 or more (a negative ``--limit`` would cut rows
    off the end without a word)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not 1 or more")
    return value


def data_arguments(parser: argparse.ArgumentParser, unit: str = "rows") -> None:
    """``--data``, ``--dataset`` and ``--limit``: the data folder and which of its ``unit`` to read."""
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder of frank.jsonl and summedits.jsonl")
    parser.add_argument("--dataset", default=None, help=f"only the {unit} of this data set (e.g. frank-xsum)")
    parser.add_argument("--limit", type=_count, default=None, help=f"only the first N {unit} (after --dataset)")


def no_data(folder: Path) -> bool:
    """Whether ``folder`` holds none of the data files; if so, says so in one line."""
    if any((folder / name).is_file() for name in FILES):
        return False
    print(f"no data at {folder}: nothing to measure (the summaries are not shipped)")
    return True


def is_calendar_date(mention) -> bool:
    """A mention that names a calendar date: it has years, a reading without a year (a day,
    month, quarter, season, weekday or weekend) or a relative value counted in calendar units
    ("last year", "the previous quarter"); not a vague reference (``PAST_REF``...), a time or part
    of a day alone, or a stretch without a value ("the next 30 years").

    >>> from ragas_temporal import extract_focus_time
    >>> [(m.text, is_calendar_date(m)) for m in extract_focus_time("Soon, on Friday at 7 pm, not last year.").mentions]
    [('Soon', False), ('on Friday', True), ('7 pm', False), ('last year', True)]
    """
    return bool(mention.years) or mention.yearless is not None or mention.relative is not None


def score_rows(rows: list[dict]) -> list[Outcome]:
    """Each row scored by the default ``TemporalFaithfulness()`` through ``score_dataset`` (the
    source as the one context, no reference date), with the summary's mentions."""
    from ragas_temporal import extract_focus_time
    from ragas_temporal.metrics import TemporalFaithfulness, score_dataset

    metric = TemporalFaithfulness()
    frame = score_dataset(
        [{"response": row["response"], "retrieved_contexts": [row["source"]]} for row in rows], [metric]
    )
    values, reasons = frame[metric.name].tolist(), frame[f"{metric.name}_reason"].tolist()
    outcomes = []
    for row, value, reason in zip(rows, values, reasons):
        mentions = extract_focus_time(row["response"]).mentions
        texts = tuple(m.text for m in mentions)
        outcomes.append(Outcome(float(value), str(reason), texts, any(is_calendar_date(m) for m in mentions)))
    return outcomes


COUNTS = (
    "rows", "flagged", "flagged_right", "dated", "nan_dated", "nan_dated_error",
    "calendar", "nan_calendar", "nan_calendar_error", "invented", "invented_flagged",
)  # fmt: skip


def tally(rows: list[dict], outcomes: list[Outcome]) -> dict[str, Counter]:
    """Per data set, and for ``"total"`` and ``"total without SummEdits"``, the counts of ``COUNTS``."""
    groups: dict[str, Counter] = {}
    for row, outcome in zip(rows, outcomes):
        names = [row["dataset"], "total"]
        if not row["dataset"].startswith(CLUSTERED_PREFIX):
            names.append("total without SummEdits")
        dated = bool(outcome.mentions)
        nan_dated = dated and math.isnan(outcome.value)
        nan_calendar = outcome.calendar and math.isnan(outcome.value)
        invented = row.get("date_unsupported") is True
        for name in names:
            c = groups.setdefault(name, Counter({key: 0 for key in COUNTS}))
            c["rows"] += 1
            c["flagged"] += outcome.flagged
            c["flagged_right"] += outcome.flagged and row["label"] == 1
            c["dated"] += dated
            c["nan_dated"] += nan_dated
            c["nan_dated_error"] += nan_dated and row.get("date_error") is True
            c["calendar"] += outcome.calendar
            c["nan_calendar"] += nan_calendar
            c["nan_calendar_error"] += nan_calendar and row.get("date_error") is True
            c["invented"] += invented
            c["invented_flagged"] += invented and outcome.flagged
    order = sorted(k for k in groups if not k.startswith("total"))
    return {k: groups[k] for k in order + [t for t in ("total", "total without SummEdits") if t in groups]}


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} % ({part}/{whole})" if whole else "n/a"


def format_table(groups: dict[str, Counter]) -> str:
    """A Markdown table, one line per group of :func:`tally`."""
    lines = [
        "| data set | rows | flagged | flags right | state a date (a calendar date) "
        "| NaN with a date (date error) | NaN with a calendar date (date error) | invented dates flagged |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, c in groups.items():
        invented = f"{c['invented_flagged']} of {c['invented']}" if c["invented"] else "-"
        lines.append(
            f"| {name} | {c['rows']:,} | {c['flagged']:,} | {_share(c['flagged_right'], c['flagged'])} | "
            f"{c['dated']:,} ({c['calendar']:,}) | {c['nan_dated']:,} ({c['nan_dated_error']}) | "
            f"{c['nan_calendar']:,} ({c['nan_calendar_error']}) | {invented} |"
        )
    return "\n".join(lines)


def _excerpt(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _EXCERPT else text[: _EXCERPT - 3] + "..."


def misses(rows: list[dict], outcomes: list[Outcome], flags: bool = True) -> list[str]:
    """One entry per NaN row that states a date and, with ``flags``, per false flag (flagged, label 0)."""
    out = []
    for row, o in zip(rows, outcomes):
        if o.mentions and math.isnan(o.value):
            what = "NaN with a " + ("calendar date" if o.calendar else "date")
            what += ", date error" if row.get("date_error") is True else ""
        elif flags and o.flagged and row["label"] == 0:
            what = "false flag"
        else:
            continue
        out.append(
            f"[{what}] {row['id']} score {o.value:.3g}; mentions {list(o.mentions)}\n"
            f"    summary: {_excerpt(row['response'])}\n    reason: {_excerpt(o.reason)}"
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    data_arguments(parser)
    parser.add_argument("--misses", action="store_true", help="list NaN rows that state a date, and false flags")
    parser.add_argument("--nan", action="store_true", help="list only the NaN rows that state a date")
    args = parser.parse_args(argv)
    if no_data(args.data):
        return 0
    rows = load_rows(args.data, args.dataset, args.limit)
    if not rows:
        print(f"no rows of data set {args.dataset!r} in {args.data}", file=sys.stderr)
        return 1
    outcomes = score_rows(rows)
    if args.misses or args.nan:
        listing = misses(rows, outcomes, flags=args.misses)
        print(f"{len(listing)} NaN rows that state a date" + (" and false flags:" if args.misses else ":"))
        print("\n".join(listing) or "    none")
        print()
    print(f"{len(rows):,} summaries, default TemporalFaithfulness(), the source as the one context, no reference date")
    print(format_table(tally(rows, outcomes)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
