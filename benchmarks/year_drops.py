"""Audit the extractor on paragraphs of prose: which year-like numbers does it drop, and why?

Usage::

    .venv/bin/python benchmarks/year_drops.py                      # ../shared/data/wiki/, both views
    .venv/bin/python benchmarks/year_drops.py --view text --show 50
    .venv/bin/python benchmarks/year_drops.py --corpus my_paragraphs.jsonl
    .venv/bin/python benchmarks/year_drops.py --labels benchmarks/data/year_drops_labels.csv
    .venv/bin/python benchmarks/year_drops.py --short --short-labels benchmarks/data/short_year_labels.csv

A corpus is a JSONL file (or a folder of them) of paragraphs: ``{"id": ..., "text": ...,
"tokenized": ...}``; ``--view`` picks the field (``text``: prose as RAG systems see it,
``tokenized``: "Napoleon ( 1769 -- 1821 )"; default both).

For every number of exactly four digits in 1000-2099 (no digit on either side) the audit asks:

* **kept**: a mention covering it has that year (or is the decade/century the digits open:
  "the 1990s", "the 1800s");
* **dropped**: otherwise, with the name of the rule that rejected it: a context rule of
  ``context_rules.year_rejection`` (``phone_digits``, ``unit_after``, ...), ``in_<rule>`` when
  the number is inside another mention that does not carry it, ``<rule>_declined`` when a rule
  matched but its interpreter gave nothing for another reason, or, when no rule matched, what
  touched the number (``glued_to_letters``: "M1919", ``decimal_or_grouped``, ``number_dash_number``,
  ``amount_sign``; else ``no_rule_matched``).

It prints the counts per rejecting rule, a seeded random sample of drops with their context, a
seeded random sample of kept years (the reverse list: read them to find numbers wrongly taken for
years), and last a short summary, one line per view: the share of year-like numbers dropped.

``--labels FILE`` reads hand labels (CSV: ``view,set,paragraph_id,offset,number,label,note``;
``set`` is ``drop`` or ``year``, the extractor's answer when the sample was drawn; ``label`` is
``year`` or ``not_year``, what the number is in context) and prints the accuracy of the
extractor's answer NOW on the labelled numbers: of those it drops, the share that really are not
years; of those it keeps, the share that really are years.
``--sample-csv FILE`` writes a seeded sample of ``--sample-size`` drops and as many kept years
to label (without labels or paragraph text; a number found in both views is sampled once).

``--short`` audits the numbers of one to three digits (1-999) instead, on the corpus and on
``benchmarks/data/history_sample.jsonl`` (paragraphs of history written for this audit from
general knowledge): every one the extractor reads as a year, with the rule that accepted it
(``short_date``, ``marked_year``, ``era_year_after``, ``in_year``, ...), a seeded sample of them
to check, and the three-digit numbers after (or before) an era-shaped cue ("in", "by", "from",
"c.", "r.", "fl.", "AD", a day and month; an era word after) that are still dropped, with the
reason (a rule of ``context_rules.SHORT_REJECTION_RULES`` or ``REJECTION_RULES``, ``undated``:
the paragraph is not dated before AD 1000, ``<rule>_declined``, or ``no_rule_matched``).
``--short-labels FILE`` prints the share of the labelled accepted numbers that are years
(CSV: ``paragraph_id,offset,number,rule,label,note``; ``label`` year or not_year);
``--short-sample-csv FILE`` writes a seeded sample of ``--sample-size`` accepted numbers to label.

This is a benchmark, not a test: it prints tables and never runs under pytest.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Iterable, Iterator, NamedTuple

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from ragas_temporal.focus_time.context_rules import short_year_rejection, year_rejection  # noqa: E402
from ragas_temporal.focus_time.patterns import (  # noqa: E402
    IN_YEAR_WORDS,
    era_before_group,
    era_group,
    mark_group,
    month_group,
)
from ragas_temporal.focus_time.extract import scan  # noqa: E402
from ragas_temporal.focus_time.scanner import iter_matches  # noqa: E402

DEFAULT_CORPUS = REPO.parent / "shared" / "data" / "wiki"
#: Paragraphs of history written for the short-year audit (facts from general knowledge).
HISTORY_SAMPLE = REPO / "benchmarks" / "data" / "history_sample.jsonl"
VIEWS = ("text", "tokenized")
#: A year-like number: exactly four digits, 1000-2099.
YEAR_LIKE = re.compile(r"(?<!\d)(?:1\d{3}|20\d\d)(?!\d)")
_CONTEXT = 60


class Candidate(NamedTuple):
    """One year-like number of one paragraph view, and what the extractor made of it."""

    view: str
    paragraph_id: str
    offset: int
    number: str
    kept: bool
    rule: str  # the rejecting rule's name when dropped; the mention's kind when kept
    context: str


def load_paragraphs(path: Path) -> list[dict]:
    """Paragraph objects of a JSONL file, or of every ``*.jsonl`` file of a folder (sorted).

    Raises ``FileNotFoundError`` when there is none, ``ValueError`` naming file and line of a bad row.
    """
    files = sorted(path.glob("*.jsonl")) if path.is_dir() else [path]
    if not files or not files[0].exists():
        raise FileNotFoundError(f"no paragraphs at {path}: give --corpus FILE.jsonl or a folder of them")
    rows = []
    for file in files:
        with file.open(encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{file}:{n}: not JSON ({exc.msg})") from None
                if not isinstance(row, dict) or "id" not in row:
                    raise ValueError(f"{file}:{n}: expected an object with an 'id'")
                rows.append(row)
    return rows


def _context(text: str, start: int, end: int) -> str:
    left = text[max(0, start - _CONTEXT) : start]
    right = text[end : end + _CONTEXT]
    return " ".join(f"{left}[[{text[start:end]}]]{right}".split())


def _carries(mention, year: int) -> bool:
    """Does a mention read these digits as a year: the year itself, or the decade/century they open?"""
    return year in mention.years or mention.kind in ("decade", "century")


def _scanned(text: str, numbers_pattern: re.Pattern) -> tuple[list, list, list]:
    """The numbers ``numbers_pattern`` finds in ``text``, and (only when there are some) the
    extractor's mentions and raw rule matches, which both audits compare them with."""
    numbers = list(numbers_pattern.finditer(text))
    if not numbers:
        return [], [], []
    return numbers, scan(text), iter_matches(text)


def audit_text(text: str, view: str = "text", paragraph_id: str = "") -> list[Candidate]:
    """Every year-like number of ``text``, kept or dropped (with the rejecting rule's name).

    >>> [(c.number, c.kept, c.rule) for c in audit_text("Built in 1794 for 2000 people.")]
    [('1794', True, 'year'), ('2000', False, 'counted_noun_after')]
    """
    numbers, mentions, matches = _scanned(text, YEAR_LIKE)
    if not numbers:
        return []
    out = []
    for found in numbers:
        start, end = found.span()
        year = int(found.group())
        covering = [m for m in mentions if m.start <= start and end <= m.end]
        keeper = next((m for m in covering if _carries(m, year)), None)
        if keeper is not None:
            kept, rule = True, keeper.kind
        else:
            kept, rule = False, _rejecting_rule(text, start, end, covering, matches)
        out.append(Candidate(view, paragraph_id, start, found.group(), kept, rule, _context(text, start, end)))
    return out


def _rejecting_rule(text: str, start: int, end: int, covering, matches) -> str:
    if covering:
        return f"in_{covering[0].kind}"
    for rule_name, m in matches:
        if m.start() <= start and end <= m.end():
            reason = year_rejection(text, m.start(), m.end())
            return reason or f"{rule_name}_declined"
    return _no_rule_reason(text, start, end)


_DASH_NUMBER_AFTER = re.compile(r"\s?[-–]\s?\d")


def _no_rule_reason(text: str, start: int, end: int) -> str:
    """Name what kept every rule of the table from matching the number at ``text[start:end]``:
    what touches it.

    >>> _no_rule_reason("Mirage 2000C", 7, 11), _no_rule_reason("$1999", 1, 5), _no_rule_reason("1429.297", 0, 4)
    ('glued_to_letters', 'amount_sign', 'decimal_or_grouped')
    """
    before, after = text[start - 1 : start], text[end : end + 1]
    digit_before, digit_after = text[start - 2 : start - 1].isdigit(), text[end + 1 : end + 2].isdigit()
    if before.isalpha() or after.isalpha() or "_" in (before, after):  # "M1919", "2000C", "1500th"
        return "glued_to_letters"
    if before in (".", ",") and digit_before or after in (".", ",") and digit_after:  # "1429.297"
        return "decimal_or_grouped"
    if before in ("-", "–") and digit_before or _DASH_NUMBER_AFTER.match(text, end):  # "CI57-2018"
        return "number_dash_number"
    if before in ("$", "€", "£", "¥", "#", "@") or after == "%":
        return "amount_sign"
    return "no_rule_matched"


def audit(rows: Iterable[dict], views: Iterable[str]) -> Iterator[Candidate]:
    """Candidates of every row, view by view (rows without the view's field are skipped)."""
    rows = list(rows)
    for view in views:
        for row in rows:
            text = row.get(view)
            if isinstance(text, str):
                yield from audit_text(text, view, str(row["id"]))


# ------------------------------------------------------------------------------------ labels


def read_labels(path: Path) -> list[dict]:
    """Hand labels: rows with view, set (drop/year), paragraph_id, offset, number, label, note."""
    with path.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    for n, row in enumerate(rows, 2):
        if row.get("set") not in ("drop", "year") or row.get("label") not in ("year", "not_year"):
            raise ValueError(f"{path}:{n}: set must be drop|year and label year|not_year")
    return rows


def label_accuracy(labels: list[dict], decisions: dict[tuple[str, str, int], bool] | None = None) -> dict[str, tuple[int, int]]:
    """Per set: (right, total). A number is in the ``drop`` set when the extractor drops it and in
    the ``year`` set when it keeps it: by ``decisions`` ((view, paragraph id, offset) -> kept), the
    extractor's answer now, else by the ``set`` column (its answer when the sample was drawn). A
    drop is right when labelled not_year, a kept year when labelled year.

    >>> label_accuracy([{"set": "drop", "label": "not_year"}, {"set": "year", "label": "not_year"}])
    {'drop': (1, 1), 'year': (0, 1)}
    >>> row = {"view": "text", "paragraph_id": "p", "offset": "0", "set": "year", "label": "not_year"}
    >>> label_accuracy([row], {("text", "p", 0): False})  # dropped now: a right drop
    {'drop': (1, 1)}
    """
    out: dict[str, tuple[int, int]] = {}
    for row in labels:
        name = row["set"]
        if decisions is not None:
            name = "year" if decisions[row["view"], row["paragraph_id"], int(row["offset"])] else "drop"
        right, total = out.get(name, (0, 0))
        good = row["label"] == ("not_year" if name == "drop" else "year")
        out[name] = (right + good, total + 1)
    return out


def decisions_for(labels: list[dict], rows: list[dict]) -> dict[tuple[str, str, int], bool]:
    """The extractor's answer now (kept?) for every labelled number, read from the corpus.

    Raises ``ValueError`` when a labelled number is not at its offset (labels for another corpus).
    """
    by_id = {str(r["id"]): r for r in rows}
    wanted = {(row["view"], row["paragraph_id"]) for row in labels}
    found = {}
    for view, pid in wanted:
        text = by_id.get(pid, {}).get(view)
        if isinstance(text, str):
            found.update({(view, pid, c.offset): c for c in audit_text(text, view, pid)})
    out = {}
    for row in labels:
        key = (row["view"], row["paragraph_id"], int(row["offset"]))
        if key not in found or found[key].number != row["number"]:
            raise ValueError(f"labelled number {row['number']} not found at {key}: labels for another corpus?")
        out[key] = found[key].kept
    return out


def print_label_accuracy(labels: list[dict], decisions: dict | None = None) -> None:
    for name, (right, total) in sorted(label_accuracy(labels, decisions).items()):
        what = "drops that are truly not years" if name == "drop" else "kept years that are years"
        print(f"labelled {name:4s}: {right}/{total} {what} ({right / total:.1%})")


# ------------------------------------------------------------------------------------ report


def report(candidates: list[Candidate], views: list[str], show: int, seed: int) -> None:
    rng = random.Random(seed)
    drops = [c for c in candidates if not c.kept]
    print("dropped year-like numbers per rejecting rule")
    print(f"{'rule':28s} " + " ".join(f"{v:>10s}" for v in views))
    per_rule = Counter((c.rule, c.view) for c in drops)
    for rule in sorted({c.rule for c in drops}, key=lambda r: -sum(per_rule[r, v] for v in views)):
        print(f"{rule:28s} " + " ".join(f"{per_rule[rule, v]:10d}" for v in views))
    for view in views:
        view_drops = [c for c in drops if c.view == view]
        kept = [c for c in candidates if c.kept and c.view == view]
        print(f"\n--- {view}: a random sample of {min(show, len(view_drops))} drops (context, rule)")
        for c in rng.sample(view_drops, min(show, len(view_drops))):
            print(f"{c.paragraph_id} @{c.offset} {c.rule}: {c.context}")
        print(f"\n--- {view}: a random sample of {min(show, len(kept))} kept years, to check they are years")
        for c in rng.sample(kept, min(show, len(kept))):
            print(f"{c.paragraph_id} @{c.offset} {c.rule}: {c.context}")
    print("\nsummary: share of year-like numbers (4 digits, 1000-2099) not read as years")
    for view in views:
        total = sum(1 for c in candidates if c.view == view)
        dropped = sum(1 for c in drops if c.view == view)
        share = dropped / total if total else 0.0
        print(f"{view:10s} dropped {dropped:6d} of {total:6d} = {share:.2%}")


def _once_per_number(candidates: list[Candidate]) -> list[Candidate]:
    """One candidate per number of a paragraph, whichever view comes first: the same number in
    the text and tokenized views is labelled once (key: paragraph, number, its occurrence)."""
    seen, out = set(), []
    per_view: Counter = Counter()
    for c in candidates:
        per_view[c.view, c.paragraph_id, c.number] += 1
        key = (c.paragraph_id, c.number, per_view[c.view, c.paragraph_id, c.number])
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def labelling_sample(candidates: list[Candidate], size: int, seed: int) -> list[tuple[str, Candidate]]:
    """A seeded sample to label by hand: ``size`` drops and ``size`` kept years, over all views
    (a number found in both views counted once)."""
    rng = random.Random(seed)
    unique = _once_per_number(candidates)
    out: list[tuple[str, Candidate]] = []
    for name, pool in (("drop", [c for c in unique if not c.kept]), ("year", [c for c in unique if c.kept])):
        out += [(name, c) for c in rng.sample(pool, min(size, len(pool)))]
    return out


def write_sample(candidates: list[Candidate], path: Path, size: int, seed: int) -> None:
    """Write ``labelling_sample`` as CSV rows to label (no paragraph text)."""
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["view", "set", "paragraph_id", "offset", "number", "rule", "label", "note"])
        for name, c in labelling_sample(candidates, size, seed):
            w.writerow([c.view, name, c.paragraph_id, c.offset, c.number, c.rule, "", ""])


# ------------------------------------------------------------------------------ short years

#: A short number: one to three digits, 1-999, not part of a longer or decimal number or a word.
SHORT_NUMBER = re.compile(r"(?<![\w.,])(?<!\d[.,])[1-9]\d{0,2}(?!\w|[.,]\d)")
#: Era-shaped cues, read from the rule table's fragments: what comes before a short year ...
_CUE_BEFORE = re.compile(
    rf"(?:{mark_group()}|(?<![\w.])(?:{'|'.join(IN_YEAR_WORDS)}|[Ff]rom|[Bb]etween)|{era_before_group()}"
    rf"|(?<![\w.])\d{{1,2}}\s+{month_group()}\.?,?)\s*$"
)
#: ... and after it.
_CUE_AFTER = re.compile(rf"\s*{era_group()}")


class ShortCandidate(NamedTuple):
    """One short number of one paragraph, and what the extractor made of it."""

    paragraph_id: str
    offset: int
    number: str
    kept: bool
    rule: str  # the accepting rule when kept; the reason when dropped
    era_shaped: bool  # three digits after (or before) an era-shaped cue
    context: str


def audit_short_text(text: str, paragraph_id: str = "") -> list[ShortCandidate]:
    """Every short number of ``text``: kept as a year (by which rule) or not (and why).

    >>> [(c.number, c.kept, c.rule) for c in audit_short_text("In 476, 300 men left; in 570 facilities.")]
    [('476', True, 'in_year'), ('300', False, 'no_rule_matched'), ('570', False, 'count_after')]
    """
    numbers, mentions, matches = _scanned(text, SHORT_NUMBER)
    if not numbers:
        return []
    out = []
    for found in numbers:
        start, end = found.span()
        n = int(found.group())
        keeper = next((m for m in mentions if m.start <= start and end <= m.end and (n in m.years or -n in m.years)), None)
        match = next(((name, m) for name, m in matches if m.start() <= start and end <= m.end()), None)
        if keeper is not None:
            kept, rule = True, match[0] if match else keeper.kind
        else:
            kept, rule = False, _short_drop_reason(text, start, end, match, mentions)
        era_shaped = len(found.group()) == 3 and bool(
            _CUE_BEFORE.search(text[max(0, start - 24) : start]) or _CUE_AFTER.match(text, end)
        )
        out.append(ShortCandidate(paragraph_id, start, found.group(), kept, rule, era_shaped, _context(text, start, end)))
    return out


def _short_drop_reason(text: str, start: int, end: int, match, mentions) -> str:
    if match is None:
        return "no_rule_matched"
    name, m = match
    covering = [x for x in mentions if x.start <= start and end <= x.end]
    if covering:
        return f"in_{covering[0].kind}"
    return short_year_rejection(text, start, end) or ("undated" if name in ("in_year", "from_range", "bracketed_range") else f"{name}_declined")


def audit_short(rows: Iterable[dict]) -> Iterator[ShortCandidate]:
    for row in rows:
        text = row.get("text")
        if isinstance(text, str):
            yield from audit_short_text(text, str(row["id"]))


def report_short(candidates: list[ShortCandidate], show: int, seed: int) -> None:
    rng = random.Random(seed)
    kept = [c for c in candidates if c.kept]
    print("short numbers (1-999) read as years, per accepting rule")
    for rule, n in Counter(c.rule for c in kept).most_common():
        print(f"  {rule:24s} {n:6d}")
    print(f"  {'total':24s} {len(kept):6d} of {len(candidates)} short numbers")
    print(f"\n--- a random sample of {min(show, len(kept))} accepted short years (context, rule)")
    for c in rng.sample(kept, min(show, len(kept))):
        print(f"{c.paragraph_id} @{c.offset} {c.rule}: {c.context}")
    dropped = [c for c in candidates if c.era_shaped and not c.kept]
    print(f"\n--- three-digit numbers after an era-shaped cue still dropped: {len(dropped)} "
          f"of {sum(c.era_shaped for c in candidates)}")
    for rule, n in Counter(c.rule for c in dropped).most_common():
        print(f"  {rule:24s} {n:6d}")
    for c in dropped:
        print(f"{c.paragraph_id} @{c.offset} {c.rule}: {c.context}")


def short_label_precision(labels: list[dict], candidates: list[ShortCandidate]) -> tuple[int, int, int]:
    """(labelled year among those accepted now, accepted now, labelled): the labels were drawn
    from the accepted numbers of an earlier run; a number dropped since is left out.

    >>> c = ShortCandidate("p", 3, "476", True, "in_year", True, "")
    >>> short_label_precision([{"paragraph_id": "p", "offset": "3", "number": "476", "label": "year"}], [c])
    (1, 1, 1)
    """
    now = {(c.paragraph_id, c.offset): c for c in candidates}
    good = accepted = 0
    for row in labels:
        if row.get("label") not in ("year", "not_year"):
            raise ValueError(f"label must be year|not_year: {row}")
        c = now.get((row["paragraph_id"], int(row["offset"])))
        if c is None or c.number != row["number"]:
            raise ValueError(f"labelled number {row['number']} not found at {row['paragraph_id']} @{row['offset']}")
        if c.kept:
            accepted += 1
            good += row["label"] == "year"
    return good, accepted, len(labels)


def write_short_sample(candidates: list[ShortCandidate], path: Path, size: int, seed: int) -> None:
    kept = [c for c in candidates if c.kept]
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["paragraph_id", "offset", "number", "rule", "label", "note"])
        for c in random.Random(seed).sample(kept, min(size, len(kept))):
            w.writerow([c.paragraph_id, c.offset, c.number, c.rule, "", c.context])


def main_short(args) -> int:
    rows = []
    for corpus in (args.corpus, HISTORY_SAMPLE):
        if corpus.exists():
            rows += load_paragraphs(corpus)
        else:
            print(f"skipped: no corpus at {corpus}", file=sys.stderr)
    candidates = list(audit_short(rows))
    if args.short_sample_csv:
        write_short_sample(candidates, args.short_sample_csv, args.sample_size, args.seed)
    if args.short_labels:
        with args.short_labels.open(encoding="utf-8", newline="") as fh:
            labels = list(csv.DictReader(fh))
        good, accepted, total = short_label_precision(labels, candidates)
        years = sum(row["label"] == "year" for row in labels)
        print(f"labelled sample: {years}/{total} are years ({years / total:.1%}) when drawn; "
              f"accepted now: {accepted}, of which {good} are years ({good / max(accepted, 1):.1%})\n")
    report_short(candidates, args.show, args.seed)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="a JSONL file or a folder of them")
    ap.add_argument("--view", choices=[*VIEWS, "both"], default="both")
    ap.add_argument("--show", type=int, default=30, help="how many drops and kept years to print per view")
    ap.add_argument("--seed", type=int, default=10)
    ap.add_argument("--labels", type=Path, help="hand labels (CSV) whose accuracy to print")
    ap.add_argument("--sample-csv", type=Path, help="write a seeded sample to label to this CSV")
    ap.add_argument("--sample-size", type=int, default=100)
    ap.add_argument("--short", action="store_true", help="audit numbers of 1-3 digits (corpus + history sample)")
    ap.add_argument("--short-labels", type=Path, help="hand labels of accepted short years (CSV)")
    ap.add_argument("--short-sample-csv", type=Path, help="write a seeded sample of accepted short years to label")
    args = ap.parse_args(argv)
    if args.show < 0 or args.sample_size < 1:
        print("error: --show must be >= 0 and --sample-size >= 1", file=sys.stderr)
        return 2
    if not args.corpus.exists():
        print(f"skipped: no corpus at {args.corpus} (give --corpus FILE.jsonl)", file=sys.stderr)
        return 0 if args.corpus == DEFAULT_CORPUS else 1
    try:
        rows = load_paragraphs(args.corpus)
        labels = read_labels(args.labels) if args.labels else None
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.short:
        try:
            return main_short(args)
        except (OSError, ValueError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    views = list(VIEWS) if args.view == "both" else [args.view]
    candidates = list(audit(rows, views))
    if args.sample_csv:
        write_sample(candidates, args.sample_csv, args.sample_size, args.seed)
    if labels is not None:
        try:
            decisions = decisions_for(labels, rows)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        print_label_accuracy(labels, decisions)
        print()
    report(candidates, views, args.show, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
