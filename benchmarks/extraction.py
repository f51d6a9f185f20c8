"""Benchmark the focus-time extractor on gold TimeML corpora (accuracy and speed).

Usage::

    .venv/bin/python benchmarks/extraction.py                       # ../shared/data/timex/*.jsonl
    .venv/bin/python benchmarks/extraction.py --corpus path/to/gold.jsonl [--corpus ...]
    .venv/bin/python benchmarks/extraction.py --no-dateparser --no-datefinder --no-adversarial

Scoring follows ``shared/data/README.md``: per document, the set of year tokens of the gold
DATE/TIME values is compared with the set of year tokens of our mentions' normalised values,
using the SAME function on both sides (:func:`gold_year_tokens` below, also read by ``languages.py``:
four leading digits -> that year, BC0499 -> -499, decades/centuries -> coarse tokens D199/C19,
``*_REF`` and year-less values -> nothing); precision and recall are micro-averaged over the corpus.

Two views:

* ``dct``: the document creation time is the reference date; all gold years count;
* ``no-dct``: reference date None; only gold years whose digits are written in the expression's
  own text count (a gold ``2008`` from "March 01, 2008" counts, one from "yesterday" does not).
  For dateparser, which has no "no reference" mode, only years written in the matched substring
  are kept.

Systems: our extractor, a plain 4-digit-year regex, ``dateparser.search.search_dates``
(languages ["en"], RELATIVE_BASE = DCT) and ``datefinder.extract`` (datefinder >= 1.0, its default
compiled engine, reference = DCT; in the bench extra, skipped with a message when missing). Their
dates go through the same ``gold_year_tokens`` as the gold; in the no-DCT view the two libraries
keep only the years written in the matched substring. Throughput is the bare extraction call only (no
scoring) in CPU seconds of this process (one core; other jobs on the machine do not count), with
our cache bypassed (the uncached scanner on every document): the fastest of the passes run
within ``--min-seconds``; dateparser is timed on one pass, in the DCT view.
Then the scanner's throughput on plain prose with no temporal expression (what a document
without dates costs), and its time on 1, 2 and 4 MB of adversarial text (runs of digits, dashes,
apostrophes, slashes, month names), which shows that it grows linearly.

Wikipedia paragraphs (``--wiki``; without ``--corpus``, by default
``shared/data/wiki/timeqa_train_paragraphs.jsonl``; the first ``--wiki-docs``; skipped with a
message when absent) have no gold: they are timed only,
each system's MB/s beside the 4-digit regex's of the same run. Last, with datefinder installed,
the public ``extract_focus_time`` (memo emptied before each pass) against ``datefinder.extract``
on every corpus and the Wikipedia paragraphs: CPU time in one process, ``--rounds`` interleaved
rounds, the median of the per-round ratios and their spread.

``--stages`` adds where the time goes, per corpus (DCT view, CPU µs per document): finding the
trigger positions (one regex pass), matching the rules at them (``scanner.iter_matches``, which
includes the trigger pass), and the whole extraction (interpretation of each match: calendar
arithmetic, context rules, anchors, and the result objects). From these it prints the time per
document that 200x dateparser allows, and the speed-up the extractor would reach if a stage cost
nothing: the bound on what a faster regex engine (or a faster trigger search) alone could give.

This is a benchmark, not a test: it prints tables and never runs under pytest.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import re
import sys
import time
import warnings
from pathlib import Path
from typing import Callable, Iterable

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from ragas_temporal.focus_time.extract import extract_focus_time, scan  # noqa: E402
from ragas_temporal.focus_time.model import FocusTime  # noqa: E402
from ragas_temporal.focus_time.scanner import iter_matches, trigger_positions  # noqa: E402
from ragas_temporal.focus_time.spans import Period, read_value  # noqa: E402

DEFAULT_DIR = REPO.parent / "shared" / "data" / "timex"
#: Wikipedia paragraphs (no gold: timed only), the text RAG systems retrieve most.
DEFAULT_WIKI = REPO.parent / "shared" / "data" / "wiki" / "timeqa_train_paragraphs.jsonl"
_YEAR_RE = re.compile(r"(?<!\d)(1\d{3}|20\d{2})(?!\d)")


# ------------------------------------------------------------------------------------ year tokens


def _coarse_token(period: Period) -> int | str | None:
    if period.unit == "millennium":
        return None
    if period.unit in ("decade", "century") and period.first[0] > 0:
        return f"D{period.first[0] // 10}" if period.unit == "decade" else f"C{period.first[0] // 100}"
    return period.year


def gold_year_tokens(value: str | None) -> set:
    """The benchmark's value-to-year convention (``shared/data/README.md``; the same function for
    gold and predictions), through the extractor's one reader of values (``focus_time.spans``).

    Four leading digits give that year, ``BC0499`` gives -499, a decade gives ``"D199"``, a
    century ``"C19"`` (coarse tokens instead of ten or a hundred years); ``PRESENT_REF`` and
    year-less values (``XXXX-12-25``) give nothing. A range ``a/b`` gives the tokens of both ends
    (TimeML annotates "2008-2010" as two TIMEX3s).

    >>> sorted(gold_year_tokens("2008/2010"), key=str)
    [2008, 2010]
    >>> gold_year_tokens("199"), gold_year_tokens("BC0499"), gold_year_tokens("XXXX-12-25")
    ({'D199'}, {-499}, set())
    >>> gold_year_tokens("1998-W12"), gold_year_tokens("19XX"), gold_year_tokens("PRESENT_REF")
    ({1998}, {'C19'}, set())
    """
    span = read_value(value)
    if span is None:
        return set()
    ends = (span.start,) if span.end is None or not span.is_range else (span.start, span.end)
    return {token for token in map(_coarse_token, ends) if token is not None}


# ------------------------------------------------------------------------------------------ data


class CorpusError(ValueError):
    """A gold corpus that does not follow the format of ``shared/data/README.md``."""


def load_corpus(path: Path) -> list[dict]:
    """The documents of a gold JSONL corpus, each checked for ``text``, ``dct`` and ``timexes``.

    Raises ``CorpusError`` naming the file and line of the first bad document, or an empty file.
    """
    docs = []
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                doc = json.loads(line)
            except json.JSONDecodeError as exc:
                raise CorpusError(f"{path}:{number}: not JSON ({exc.msg})") from None
            problem = _corpus_problem(doc)
            if problem:
                raise CorpusError(f"{path}:{number}: {problem}")
            docs.append(doc)
    if not docs:
        raise CorpusError(f"{path}: no documents")
    return docs


def _corpus_problem(doc: object) -> str | None:
    if not isinstance(doc, dict):
        return "a document must be a JSON object"
    if not isinstance(doc.get("text"), str):
        return "'text' must be a string"
    try:
        dt.date.fromisoformat(str(doc.get("dct")))
    except ValueError:
        return f"'dct' must be an ISO date, got {doc.get('dct')!r}"
    timexes = doc.get("timexes")
    if not isinstance(timexes, list) or not all(
        isinstance(t, dict) and isinstance(t.get("type"), str) and isinstance(t.get("value"), str)
        and isinstance(t.get("text"), str) for t in timexes
    ):
        return "'timexes' must be a list of objects with string 'type', 'value' and 'text'"
    return None


def _written(token, text: str) -> bool:
    """Is the gold token's year written in the expression's own text (digits present)?"""
    if isinstance(token, int):
        y = abs(token)
        return str(y) in text or re.search(rf"(?<!\d){y % 100:02d}(?!\d)", text) is not None
    return any(c.isdigit() for c in text)  # decade/century tokens: "1990s", "'90s"


def gold_tokens(doc: dict, view: str) -> set:
    out: set = set()
    for t in doc["timexes"]:
        if t["type"] not in ("DATE", "TIME"):
            continue
        for tok in gold_year_tokens(t["value"]):
            if view == "dct" or _written(tok, t["text"]):
                out.add(tok)
    return out


# ------------------------------------------------------------------------------------- systems


def ours(doc: dict, view: str) -> set:
    ref = dt.date.fromisoformat(doc["dct"]) if view == "dct" else None
    ft = FocusTime.from_mentions(scan(doc["text"], ref))  # uncached: honest timing
    out: set = set()
    for m in ft.mentions:
        out |= gold_year_tokens(m.value)
    return out


def regex_baseline(doc: dict, view: str) -> set:
    return {int(y) for y in _YEAR_RE.findall(doc["text"])}


def make_dateparser() -> Callable[[dict, str], set] | None:
    try:
        from dateparser.search import search_dates
    except ImportError:  # pragma: no cover
        return None

    def run(doc: dict, view: str) -> set:
        base = dt.datetime.fromisoformat(doc["dct"])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            found = search_dates(doc["text"], languages=["en"], settings={"RELATIVE_BASE": base}) or []
        return {d.year for s, d in found if view == "dct" or _written(d.year, s)}

    return run


def make_datefinder() -> Callable[[dict, str], set] | None:
    """datefinder's default engine (the compiled kernel behind ``datefinder.extract``), or None
    when datefinder >= 1.0 is not installed (``pip install -e ".[bench]"``)."""
    try:
        import datefinder
    except ImportError:
        return None
    if not hasattr(datefinder, "extract"):  # releases before 1.0: pure-Python engine only
        return None

    def run(doc: dict, view: str) -> set:
        out: set = set()
        for text, value in _datefinder_values(doc["text"], dt.date.fromisoformat(doc["dct"])):
            out |= {tok for tok in gold_year_tokens(value) if view == "dct" or _written(tok, text)}
        return out

    return run


def _datefinder_values(text: str, ref) -> list[tuple[str, str]]:
    """(matched text, ISO value) of each dated datefinder match; an interval gives "start/end"
    (its last included day: the end is exclusive), so both ends go through the same
    ``gold_year_tokens`` as the gold; durations carry no date."""
    import datefinder

    base = dt.datetime.combine(ref, dt.time()) if ref is not None else None
    out = []
    for m in datefinder.extract(text, reference_dt=base):
        value = m.value
        if m.kind == "absolute":
            out.append((m.text, value.datetime_value.date().isoformat()))
        elif m.kind == "relative":
            out.append((m.text, value.resolved_datetime.date().isoformat()))
        elif m.kind == "interval":
            end = value.end - dt.timedelta(microseconds=1) if value.closed_open.endswith(")") else value.end
            out.append((m.text, f"{value.start.date().isoformat()}/{end.date().isoformat()}"))
    return out


def load_wiki(path: Path, limit: int) -> list[dict]:
    """The first ``limit`` paragraphs of a JSONL file of ``{"text": ...}`` (Wikipedia-style text,
    no gold), as documents with no reference date."""
    docs = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if len(docs) >= limit:
                break
            text = json.loads(line).get("text") if line.strip() else None
            if isinstance(text, str) and text.strip():
                docs.append({"text": text, "dct": None})
    return docs


def _public_ours(text: str, ref) -> FocusTime:
    return extract_focus_time(text, ref)


def datefinder_raw(text: str, ref) -> list:
    """``datefinder.extract``'s matches, with ``ref`` (a date or None) as its reference time."""
    import datefinder

    return list(datefinder.extract(text, reference_dt=dt.datetime.combine(ref, dt.time()) if ref else None))


def interleaved_ratios(corpora: dict[str, list[dict]], rounds: int = 5) -> list[tuple[str, int, float, float, float, float]]:
    """Per corpus: (name, documents, our CPU s, datefinder's CPU s, median ratio theirs/ours,
    its spread as max/min), timing ``extract_focus_time`` (memo emptied before each pass, so
    every call does the work; the reference date as a ``datetime.date``) against
    ``datefinder.extract``, in one process, alternating passes over ``rounds`` rounds after one
    untimed warm-up pass each (which compiles what a first call compiles)."""
    rows = []
    for name, docs in corpora.items():
        args = [(d["text"], dt.date.fromisoformat(d["dct"]) if d.get("dct") else None) for d in docs]

        def cpu(fn) -> float:
            extract_focus_time.cache_clear()
            t0 = time.process_time()
            for text, ref in args:
                fn(text, ref)
            return max(time.process_time() - t0, 1e-9)

        cpu(_public_ours), cpu(datefinder_raw)
        ours, theirs = [], []
        for i in range(rounds):
            pair = [(_public_ours, ours), (datefinder_raw, theirs)]
            for fn, out in pair if i % 2 == 0 else pair[::-1]:
                out.append(cpu(fn))
        ratios = sorted(b / a for a, b in zip(ours, theirs))
        rows.append((name, len(docs), sorted(ours)[rounds // 2], sorted(theirs)[rounds // 2], ratios[rounds // 2],
                     ratios[-1] / ratios[0]))  # fmt: skip
    return rows


def ratio_table(rows) -> str:
    """The interleaved comparison as a Markdown table.

    >>> print(ratio_table([("news", 2, 0.5, 1.0, 2.0, 1.1)]))
    | corpus | docs | ragas-temporal CPU ms | datefinder CPU ms | speed vs datefinder (median) | spread (max/min) |
    |---|---|---|---|---|---|
    | news | 2 | 500.0 | 1000.0 | **2.00x** | 1.10 |
    """
    lines = [
        "| corpus | docs | ragas-temporal CPU ms | datefinder CPU ms | speed vs datefinder (median) | spread (max/min) |",
        "|---|---|---|---|---|---|",
    ]
    for name, n, ours, theirs, ratio, spread in rows:
        lines.append(f"| {name} | {n} | {1000 * ours:.1f} | {1000 * theirs:.1f} | **{ratio:.2f}x** | {spread:.2f} |")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------- scoring


def score(system: Callable[[dict, str], set], docs: list[dict], view: str) -> dict:
    """Micro-averaged set precision/recall/F1 of year tokens over the corpus."""
    tp = n_pred = n_gold = 0
    for doc in docs:
        pred, gold = system(doc, view), gold_tokens(doc, view)
        tp += len(pred & gold)
        n_pred += len(pred)
        n_gold += len(gold)
    p = tp / n_pred if n_pred else 0.0
    r = tp / n_gold if n_gold else 0.0
    return {"P": p, "R": r, "F1": 2 * p * r / (p + r) if p + r else 0.0}


def speed(extract: Callable[[str, object], object], docs: list[dict], view: str, min_seconds: float) -> dict:
    """Documents and MB per CPU second of the bare extraction call (no scoring).

    CPU time of this process (``time.process_time``), so other jobs on a shared machine do not
    count; after one untimed pass (when ``min_seconds`` > 0), the corpus is run repeatedly until
    ``min_seconds`` of CPU time, and the fastest pass is reported (the usual timeit convention).
    """
    args = [(d["text"], dt.date.fromisoformat(d["dct"]) if view == "dct" else None) for d in docs]
    mb = sum(len(t.encode("utf-8")) for t, _ in args) / 1e6
    if min_seconds > 0:  # one untimed pass: what a first call compiles (the scanner's rule groups) is not timed
        for text, ref in args:
            extract(text, ref)
    best, total = float("inf"), 0.0
    while total == 0.0 or total < min_seconds:
        t0 = time.process_time()
        for text, ref in args:
            extract(text, ref)
        elapsed = max(time.process_time() - t0, 1e-9)
        best, total = min(best, elapsed), total + elapsed
    return {"docs/s": len(docs) / best, "MB/s": mb / best}


def _ours_extract(text: str, ref) -> FocusTime:
    return FocusTime.from_mentions(scan(text, ref))  # the uncached path: every call does the work


def _regex_extract(text: str, ref) -> list:
    return _YEAR_RE.findall(text)


def _datefinder_extract(text: str, ref) -> list:
    return _datefinder_values(text, ref)


def _dateparser_extract(text: str, ref) -> list:
    from dateparser.search import search_dates

    base = dt.datetime.combine(ref, dt.time()) if ref is not None else None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return search_dates(text, languages=["en"], settings={"RELATIVE_BASE": base} if base else None) or []


def _cpu_per_doc(fn: Callable[[str, object], object], args: list[tuple[str, object]], passes: int = 7) -> float:
    """CPU seconds per document of ``fn(text, ref)``: the fastest of ``passes`` passes."""
    best = float("inf")
    for _ in range(passes):
        t0 = time.process_time()
        for text, ref in args:
            fn(text, ref)
        best = min(best, time.process_time() - t0)
    return best / len(args)


def time_stages(docs: list[dict]) -> dict[str, float]:
    """CPU µs per document (DCT view) of the extractor's stages, each including the ones before:
    ``triggers`` (the trigger regex pass), ``matching`` (rules tried at the triggers) and
    ``extraction`` (matches interpreted into a ``FocusTime``)."""
    args = [(d["text"], dt.date.fromisoformat(d["dct"])) for d in docs]
    return {
        "triggers": _cpu_per_doc(lambda text, ref: trigger_positions(text), args) * 1e6,
        "matching": _cpu_per_doc(lambda text, ref: iter_matches(text), args) * 1e6,
        "extraction": _cpu_per_doc(_ours_extract, args) * 1e6,
    }


def print_stages(name: str, docs: list[dict], dateparser_mbps: float | None) -> None:
    st = time_stages(docs)
    mb_per_doc = sum(len(d["text"].encode("utf-8")) for d in docs) / len(docs) / 1e6
    trig, match, full = st["triggers"], st["matching"], st["extraction"]
    print(f"{name}: {mb_per_doc * 1e6:.0f} bytes and {sum(len(scan(d['text'])) for d in docs) / len(docs):.1f} "
          f"mentions per document; CPU µs per document (DCT view)")  # fmt: skip
    rows = [
        ("trigger search alone", trig),
        ("rule matching (triggers included)", match),
        ("interpretation and result objects", full - match),
        ("whole extraction", full),
    ]
    for label, cost in rows:
        print(f"  {label:<38} {cost:8.1f} µs   {mb_per_doc / (cost * 1e-6):7.1f} MB/s")
    if dateparser_mbps:
        budget = mb_per_doc / (200 * dateparser_mbps) * 1e6
        print(f"  200x dateparser allows {budget:.1f} µs per document; speed-up over dateparser if a stage cost nothing:")
        for label, rest in (("trigger search", full - trig), ("all rule matching", full - match)):
            print(f"    {label:<20} {mb_per_doc / (rest * 1e-6) / dateparser_mbps:6.0f}x")


def adversarial_text(n_bytes: int, seed: int = 0) -> str:
    rng = random.Random(seed)
    pieces = ["1999", "2008-", "-2010", "'", "’", "/", "//", "3/3/", "--", "–", "March ", "May ", "Sept. ",
              "12 ", "2019-03-", "0" * 40, "9" * 25, "'90s", "the ", "of ", "early ", "BC ", "AD ", "FY",
              "2000 ", "from ", "to ", "between ", "and ", "last ", "year ", "ago ", ", ", ". ", "10:30", "am "]  # fmt: skip
    out, size = [], 0
    while size < n_bytes:
        p = rng.choice(pieces)
        out.append(p)
        size += len(p)
    return "".join(out)


#: Plain prose without any temporal expression (written for this benchmark): what a document
#: without dates costs.
PROSE = (
    "The committee met to discuss the proposal for a new library on the east side of town. "
    "Several members argued that the budget should go to road repairs instead, while others "
    "said a library would serve families, students and anyone looking for a quiet place to work. "
    "After a long debate the chair asked for a vote, and the proposal passed by a narrow margin. "
    "Residents who attended the meeting seemed pleased, although a few of them left before the end. "
)


def time_prose(n_bytes: int = 1_000_000) -> float:
    """MB per CPU second of the scanner on plain prose with no temporal expression, in documents
    of about 1 kB (the fastest of three passes)."""
    doc = PROSE * 2  # about 1 kB
    docs = [doc] * (n_bytes // len(doc))
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        for d in docs:
            scan(d, dt.date(2019, 3, 3))
        best = min(best, time.process_time() - t0)
    return len(doc) * len(docs) / 1e6 / best


def time_adversarial() -> list[tuple[int, float]]:
    """CPU seconds to scan 1, 2 and 4 MB of adversarial text (uncached)."""
    rows = []
    for mb in (1, 2, 4):
        text = adversarial_text(mb * 1_000_000)
        t0 = time.process_time()
        scan(text, dt.date(2019, 3, 3))
        rows.append((mb, time.process_time() - t0))
    return rows


def comparison_table(f1: dict, mbps: dict, corpora: list[str], systems: list[str]) -> str:
    """The run's summary as a Markdown table: F1 in both views and MB/s (DCT view) per system.

    >>> print(comparison_table({("c", "s", "dct"): 0.5, ("c", "s", "no-dct"): 2 / 3}, {("c", "s"): 1.25}, ["c"], ["s"]))
    | corpus | system | F1, with date | F1, without | MB/s |
    |---|---|---|---|---|
    | c | s | 0.500 | 0.667 | 1.25 |
    """
    lines = ["| corpus | system | F1, with date | F1, without | MB/s |", "|---|---|---|---|---|"]
    for corpus in corpora:
        for number, name in enumerate(systems):
            rate = mbps[(corpus, name)]
            shown = f"{rate:.3g}" if rate < 10 else f"{rate:.1f}"  # 0.0712, 6.66, 53.2
            lines.append(f"| {corpus if number == 0 else ''} | {name} | {f1[(corpus, name, 'dct')]:.3f} | "
                         f"{f1[(corpus, name, 'no-dct')]:.3f} | {shown} |")  # fmt: skip
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------- main


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", action="append", type=Path, help="gold JSONL (repeatable); default: shared timex/")
    ap.add_argument("--no-dateparser", action="store_true", help="skip dateparser (slow)")
    ap.add_argument("--no-datefinder", action="store_true", help="skip datefinder")
    ap.add_argument("--no-adversarial", action="store_true", help="skip the 1/2/4 MB adversarial timing")
    ap.add_argument("--stages", action="store_true", help="also print where the extractor's time goes")
    ap.add_argument("--min-seconds", type=float, default=1.0, help="repeat fast systems at least this long")
    ap.add_argument("--wiki", type=Path, help="Wikipedia paragraphs (JSONL, timed only); default: the shared ones, "
                    "when the gold corpora are the shared ones too (no --corpus)")
    ap.add_argument("--wiki-docs", type=int, default=2000, help="paragraphs read from --wiki (default 2000)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds against datefinder (default 5)")
    args = ap.parse_args(list(argv) if argv is not None else None)

    paths = args.corpus or sorted(DEFAULT_DIR.glob("*.jsonl"))
    if not paths:
        print(f"No gold corpora found (looked in {DEFAULT_DIR}); pass --corpus PATH.", file=sys.stderr)
        return 1
    missing = [p for p in paths if not p.is_file()]
    if missing:
        print(f"Gold corpus not found: {', '.join(map(str, missing))}", file=sys.stderr)
        return 1

    systems: list[tuple[str, Callable, Callable]] = [
        ("ragas-temporal", ours, _ours_extract),
        ("4-digit regex", regex_baseline, _regex_extract),
    ]
    dp = None if args.no_dateparser else make_dateparser()
    if dp is not None:
        systems.append(("dateparser", dp, _dateparser_extract))
    elif not args.no_dateparser:
        print("dateparser is not installed: skipped", file=sys.stderr)
    df = None if args.no_datefinder else make_datefinder()
    if df is not None:
        systems.append(("datefinder", df, _datefinder_extract))
    elif not args.no_datefinder:
        print('datefinder>=1.0 is not installed: skipped (pip install -e ".[bench]")', file=sys.stderr)

    try:
        corpora = {path: load_corpus(path) for path in paths}
    except CorpusError as exc:
        print(f"Bad gold corpus: {exc}", file=sys.stderr)
        return 1

    header = f"{'corpus':<14} {'view':<7} {'system':<15} {'P':>6} {'R':>6} {'F1':>6} {'docs/s':>10} {'MB/s':>8}"
    print(header)
    print("-" * len(header))
    mbps: dict[tuple[str, str], float] = {}
    f1: dict[tuple[str, str, str], float] = {}
    for path, docs in corpora.items():
        for view in ("dct", "no-dct"):
            for name, system, extract in systems:
                s = score(system, docs, view)
                if name == "dateparser" and view == "no-dct":
                    s.update(docs_s=float("nan"), mb_s=float("nan"))  # same run as the DCT view: not timed twice
                else:
                    sp = speed(extract, docs, view, 0.0 if name == "dateparser" else args.min_seconds)
                    s.update(docs_s=sp["docs/s"], mb_s=sp["MB/s"])
                if view == "dct":
                    mbps[(path.stem, name)] = s["mb_s"]
                f1[(path.stem, name, view)] = s["F1"]
                print(f"{path.stem:<14} {view:<7} {name:<15} {s['P']:6.3f} {s['R']:6.3f} {s['F1']:6.3f} "
                      f"{s['docs_s']:10.0f} {s['mb_s']:8.3f}")  # fmt: skip
    if dp is not None:
        print()
        for path in paths:
            ratio = mbps[(path.stem, "ragas-temporal")] / mbps[(path.stem, "dateparser")]
            print(f"speed-up over dateparser on {path.stem}: {ratio:.0f}x (MB/s, DCT view, same run)")
    print()
    print(comparison_table(f1, mbps, [p.stem for p in paths], [name for name, _, _ in systems]))
    wiki_path = args.wiki or (None if args.corpus else DEFAULT_WIKI)
    wiki = load_wiki(wiki_path, args.wiki_docs) if wiki_path is not None and wiki_path.is_file() else []
    if wiki:
        print()
        print(f"Wikipedia paragraphs ({wiki_path.name}, first {len(wiki)}; no gold: speed only, no reference date):")
        rates = {name: speed(extract, wiki, "no-dct", 0.0 if name == "dateparser" else args.min_seconds)["MB/s"]
                 for name, _, extract in systems if name != "dateparser"}  # fmt: skip
        print("| system | MB/s | vs the 4-digit regex (same run) |")
        print("|---|---|---|")
        for name, rate in rates.items():
            print(f"| {name} | {rate:.3g} | {rate / rates['4-digit regex']:.3f} |")
    elif wiki_path is not None:
        print(f"\nWikipedia paragraphs not found at {wiki_path}: skipped (pass --wiki PATH)", file=sys.stderr)
    if df is not None:
        timed = {path.stem: docs for path, docs in corpora.items()}
        if wiki:
            timed["wikipedia"] = wiki
        print()
        print(f"extract_focus_time against datefinder.extract, CPU time, one process, {args.rounds} interleaved rounds "
              "(speed = datefinder's time / ours; > 1: ours is faster):")  # fmt: skip
        print(ratio_table(interleaved_ratios(timed, args.rounds)))
    if args.stages:
        for path in paths:
            print()
            print_stages(path.stem, corpora[path], mbps.get((path.stem, "dateparser")))
    print()
    print(f"plain prose without temporal expressions (1 kB documents): {time_prose():.1f} MB/s")
    if not args.no_adversarial:
        print()
        print("adversarial text (digits, dashes, apostrophes, slashes, month names):")
        rows = time_adversarial()
        for mb, secs in rows:
            print(f"  {mb} MB: {secs:6.3f} s CPU  ({mb / secs:5.2f} MB/s, {secs / rows[0][1]:4.2f}x the 1 MB time)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
