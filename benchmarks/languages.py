"""Focus time and temporal faithfulness per language, on hand-checked sentences of public facts.

Usage::

    .venv/bin/python benchmarks/languages.py                    # benchmarks/data/languages/*.jsonl
    .venv/bin/python benchmarks/languages.py --languages zh,de --misses

Data: one JSON Lines file per language, ``benchmarks/data/languages/<code>.jsonl`` (ISO 639-1
code), written by hand from public facts (Wikipedia-style statements: founding days, wars, reigns,
heights and lengths) and checked by hand; nothing in it was produced by the extractor. Two kinds
of line::

    {"id": "zh-01", "type": "sentence", "text": "...", "gold": [["1949年10月1日", "1949-10-01"], ...],
     "form": "day-month-year" | "month-year" | "year" | "decade" | "range" | "count" | "relative",
     "reference_date": "YYYY-MM-DD" | null}
    {"id": "zh-24", "type": "pair", "context": "...", "faithful": "...", "unfaithful": "..."}

``gold`` lists every temporal expression of the sentence with its TIMEX3 value as this package
writes it (``1949-10-01``, ``1978-12``, ``1914/1918``, ``198`` for the 1980s, ``BC0202``); a
"count" sentence has none ("1500名员工", "1500 Mitglieder", "2000年的历史": numbers that are
not years). A "relative" sentence is read against its ``reference_date`` ("去年" = 2023 against
2024-05-01).

Per language the table gives:

* **mentions P / R / F1**: the values of the extractor's mentions against the gold values (a
  multiset per sentence; a mention counts when its value is a gold value of that sentence, so a
  day read as its month is both a false positive and a miss);
* **year-set F1**: the years of the values, by the shared convention of ``benchmarks/extraction.py``
  (``extraction.gold_year_tokens``, the gold corpora's convention: a range gives both ends, a decade one token), micro-averaged;
* **pairs**: each unfaithful answer should score below 1 against its context (flagged) and each
  faithful one 1 (not flagged), scored by the claim rules (``scores.claim_faithfulness``, the
  deterministic mode of ``TemporalFaithfulness``) on the extractor's claims; a NaN is not flagged.

Every call is ``extract_focus_time(text, reference_date, language=code)``. A language whose code
the extractor refuses (``ValueError``), or any language but zh/ja/ko on a version of the package
without the ``language`` parameter (CJK dates are read in every language), is skipped with a note.

**Gold corpora** (``--gold``; both tables by default): the human-annotated TIMEX corpora of
``shared/data/timex_ml/`` (one JSON object a line, ``timex`` with ``start``/``end`` spans; their
README gives the convention) and the English MEANTIME control (``shared/data/timex/meantime.jsonl``,
``timexes`` without spans: each is found in the text in order). Each document is read with
``extract_focus_time(text, reference_date=dct, language=<its lang>)``. Per corpus:

* **year P / R / F1**: per document, the years of the gold DATE/TIME values against the years of
  the mentions' values (``gold_year_tokens``: range ends count; named periods skipped), micro;
* **value P / R / F1** (TempEval-3 style, relaxed extent): a gold DATE/TIME timex is found when a
  mention overlapping its span has its value or has it as one end of a range; a mention is right
  when it overlaps a gold DATE/TIME timex with its value. A mention overlapping only a gold
  DURATION or SET is left out of precision (those types are not scored), any other is wrong;
* **full days**: the share of gold values that are full dates (``YYYY-MM-DD``) found as above;
* HeidelTime's published value F1 (TempEval-3 scorer; whole corpus or its test part) beside it.

**Speed** (``--speed``): ``extract_focus_time`` on the gold corpora's texts, per language (English
on MEANTIME), in MB/s (UTF-8) and thousand characters a second, and each language's ratio to
English in characters a second (text of the same length: issue 35 asks at least 0.5x). CPU time of
this process (``time.process_time``: other jobs on a shared machine do not count), the memo
cleared before each reading; ``--rounds`` rounds (default 5), each timing every language once in
turn (a load that comes and goes falls on all of them), and the median round per language. A
pass reads a language's texts until ``--min-chars`` characters are read (250,000: a small corpus
read once measures the load more than the extractor). A first untimed pass builds each
language's table.

``--misses`` lists the missed gold timexes and the false mentions of the gold corpora counted by
shape (digits as ``9``, letters kept: "31. August" -> "99. August"), most frequent first.
"""

from __future__ import annotations

import argparse
import inspect
import json
import datetime as dt
import math
import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Callable

from ragas_temporal import extract_focus_time
from ragas_temporal.faithfulness.formula import claim_faithfulness, claims_from_focus_time

sys.path.insert(0, str(Path(__file__).resolve().parent))
from extraction import gold_year_tokens  # noqa: E402  (one value-to-year convention for every benchmark)

DEFAULT_DATA = Path(__file__).resolve().parent / "data" / "languages"
#: ``shared/data`` beside the repository (or beside a folder of worktrees holding it)
_SHARED = next((p / "shared" / "data" for p in Path(__file__).resolve().parents[1:4] if (p / "shared" / "data").is_dir()),
               Path(__file__).resolve().parents[1].parent / "shared" / "data")
#: The annotated corpora (development halves) and the English control.
DEFAULT_GOLD = (*sorted((_SHARED / "timex_ml").glob("*.jsonl")), _SHARED / "timex" / "meantime.jsonl")
#: HeidelTime's published value F1 (TempEval-3 scorer), by corpus file stem.
HEIDELTIME = {
    "de_wikiwarsde": "82.5", "es_te3train": "84.1 (test 85.3)", "fr_ftib": "73.6",
    "zh_tempeval2": "value accuracy 80–92%", "meantime": "77.6 (TE3 platinum)",
}  # fmt: skip
_SCORED_TYPES = ("DATE", "TIME")
_FULL_DAY = re.compile(r"\d{4}-\d\d-\d\d")
#: Languages whose dates the extractor reads without a language parameter (CJK unit characters).
READ_IN_EVERY_LANGUAGE = ("zh", "ja", "ko")

Extract = Callable[[str, "str | None"], object]


def load(path: Path) -> tuple[list[dict], list[dict]]:
    """The sentences and the pairs of one language file (blank lines skipped)."""
    sentences, pairs = [], []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        row = json.loads(line)
        kind = row.get("type")
        if kind == "sentence":
            sentences.append(row)
        elif kind == "pair":
            pairs.append(row)
        else:
            raise ValueError(f"{path.name} line {number}: type must be 'sentence' or 'pair', not {kind!r}")
    return sentences, pairs


def extractor_for(code: str) -> tuple[Extract | None, str]:
    """``(extract(text, reference_date), "")`` for a language the extractor takes, else ``(None, why)``."""
    if "language" in inspect.signature(extract_focus_time).parameters:
        try:
            extract_focus_time("", language=code)
        except ValueError as exc:
            return None, f"refused: {exc}"
        return (lambda text, reference: extract_focus_time(text, reference, language=code)), ""
    if code in READ_IN_EVERY_LANGUAGE:
        return (lambda text, reference: extract_focus_time(text, reference)), ""
    return None, "extract_focus_time has no language parameter in this version (issue 27, item 2)"


def _prf(tp: int, n_pred: int, n_gold: int) -> tuple[float, float, float]:
    p = tp / n_pred if n_pred else 1.0
    r = tp / n_gold if n_gold else 1.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def measure_extraction(sentences: list[dict], extract: Extract) -> tuple[dict, list[str]]:
    """Mention-value and year-set counts over ``sentences``, and a line per sentence not read exactly."""
    counts = Counter()
    misses = []
    for row in sentences:
        focus = extract(row["text"], row.get("reference_date"))
        # a relative date nothing resolved ("heute" without a reference date: UNDEF-this-day)
        # states no calendar value, as an unresolved one did before it had a value
        found = Counter(m.value for m in focus.mentions if m.value is not None and getattr(m, "relative", None) is None)
        gold = Counter(value for _, value in row["gold"])
        counts["tp"] += sum((found & gold).values())
        counts["pred"] += sum(found.values())
        counts["gold"] += sum(gold.values())
        found_years = set().union(*(gold_year_tokens(v) for v in found)) if found else set()
        gold_years = set().union(*(gold_year_tokens(v) for v in gold)) if gold else set()
        counts["ytp"] += len(found_years & gold_years)
        counts["ypred"] += len(found_years)
        counts["ygold"] += len(gold_years)
        if found != gold:
            misses.append(f"  {row['id']} [{row['form']}] {row['text']}  gold {sorted(gold.elements())}"
                          f"  found {sorted(found.elements())}")
    return counts, misses


def measure_pairs(pairs: list[dict], extract: Extract) -> tuple[int, int, list[str]]:
    """(unfaithful answers flagged, faithful answers flagged, a line per pair judged wrongly)."""
    def score(answer: str, context: str) -> float:
        claims = claims_from_focus_time(extract(answer, None))
        return claim_faithfulness(claims, [claims_from_focus_time(extract(context, None))]).value

    unfaithful_flagged = faithful_flagged = 0
    misses = []
    for row in pairs:
        bad, good = score(row["unfaithful"], row["context"]), score(row["faithful"], row["context"])
        flagged_bad, flagged_good = not math.isnan(bad) and bad < 1, not math.isnan(good) and good < 1
        unfaithful_flagged += flagged_bad
        faithful_flagged += flagged_good
        if not flagged_bad or flagged_good:
            misses.append(f"  {row['id']} context {row['context']}  faithful {good:.2f}: {row['faithful']}"
                          f"  unfaithful {bad:.2f}: {row['unfaithful']}")
    return unfaithful_flagged, faithful_flagged, misses


# ------------------------------------------------------------------------------- gold corpora


def load_gold(path: Path) -> list[dict]:
    """The documents of a gold corpus, each with ``lang`` and ``timex`` spans (``start``/``end``).

    A document with ``timexes`` but no spans (MEANTIME) has each found in its text in order (the
    next occurrence after the previous one, else the first); one not found is kept without a span
    (it can only be missed)."""
    docs = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        doc = json.loads(line)
        if not isinstance(doc.get("text"), str) or not isinstance(doc.get("dct"), str):
            raise ValueError(f"{path.name} line {number}: a document needs 'text' and 'dct'")
        doc.setdefault("lang", "en")
        if "timex" not in doc:
            doc["timex"], at = [], 0
            for t in doc.get("timexes", ()):
                start = doc["text"].find(t["text"], at)
                start = doc["text"].find(t["text"]) if start < 0 else start
                span = {"start": start, "end": start + len(t["text"])} if start >= 0 and t["text"] else {"start": -1, "end": -1}
                doc["timex"].append(t | span)
                at = span["end"] if start >= 0 else at
        docs.append(doc)
    return docs


def _ends(value: str | None) -> set[str]:
    """A value and, for a range, its two ends ("1914/1918" -> itself, "1914", "1918")."""
    if value is None:
        return set()
    return {value, *value.split("/")} if "/" in value else {value}


def shape(text: str) -> str:
    """A surface with its digits as 9 (``--misses`` counts misses by shape).

    >>> shape("31. August"), shape("21 h 45")
    ('99. August', '99 h 99')
    """
    return re.sub(r"\d", "9", " ".join(text.split()))


def score_gold(docs: list[dict], extract: Callable[[str, str, str], object]) -> tuple[Counter, Counter, Counter]:
    """Year and value counts over ``docs`` (``extract(text, dct, lang)`` gives a focus time), the
    missed gold timexes by shape and the false mentions by shape."""
    c, missed, false = Counter(), Counter(), Counter()
    for doc in docs:
        mentions = [m for m in extract(doc["text"], doc["dct"], doc["lang"]).mentions if m.value is not None]
        gold = [t for t in doc["timex"] if t["type"] in _SCORED_TYPES]
        others = [t for t in doc["timex"] if t["type"] not in _SCORED_TYPES]
        overlap = lambda m, t: m.start < t["end"] and t["start"] < m.end  # noqa: E731
        gold_years = set().union(*(gold_year_tokens(t["value"]) for t in gold)) if gold else set()
        found_years = set().union(*(gold_year_tokens(m.value) for m in mentions if m.kind != "named_period")) if mentions else set()
        c["ytp"] += len(gold_years & found_years)
        c["ypred"] += len(found_years)
        c["ygold"] += len(gold_years)
        for t in gold:
            hit = any(overlap(m, t) and t["value"] in _ends(m.value) for m in mentions)
            c["gold"] += 1
            c["tp_gold"] += hit
            if _FULL_DAY.fullmatch(t["value"]):
                c["days"] += 1
                c["days_found"] += hit
            if not hit:
                found = [m.value for m in mentions if overlap(m, t)]
                missed[f"{shape(t['text'])} = {t['value'][:4] and shape(t['value'])}" + (f" (read {shape(found[0])})" if found else "")] += 1
        for m in mentions:
            if any(overlap(m, t) and t["value"] in _ends(m.value) for t in gold):
                c["pred"] += 1
                c["tp_pred"] += 1
            elif any(overlap(m, t) for t in gold) or not any(overlap(m, t) for t in others):
                c["pred"] += 1
                false[shape(m.text)] += 1
    return c, missed, false


def gold_table(paths: list[Path], extract: Callable[[str, str, str], object], *, misses: bool = False) -> list[str]:
    """The lines of the gold table (and, with ``misses``, the misses by shape per corpus)."""
    lines = [
        "| corpus | docs | gold DATE/TIME | year P | year R | year F1 | value P | value R | value F1 | full days found | HeidelTime value F1 (published) |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    details = []
    for path in paths:
        docs = load_gold(path)
        c, missed, false = score_gold(docs, extract)
        yp, yr, yf = _prf(c["ytp"], c["ypred"], c["ygold"])
        vp, vr = (c["tp_pred"] / c["pred"] if c["pred"] else 1.0), (c["tp_gold"] / c["gold"] if c["gold"] else 1.0)
        vf = 2 * vp * vr / (vp + vr) if vp + vr else 0.0
        days = f"{c['days_found'] / c['days']:.0%}" if c["days"] else "–"
        lines.append(f"| {docs[0]['lang']} {path.stem} | {len(docs)} | {c['gold']} | {yp:.3f} | {yr:.3f} | {yf:.3f} "
                     f"| {vp:.3f} | {vr:.3f} | {vf:.3f} | {days} | {HEIDELTIME.get(path.stem, '–')} |")
        if misses:
            details.append(f"\n{path.stem}: missed gold timexes by shape (text = value)")
            details += [f"  {n:4d}  {s}" for s, n in missed.most_common(40)]
            details.append(f"{path.stem}: false mentions by shape")
            details += [f"  {n:4d}  {s}" for s, n in false.most_common(25)]
    return lines + details


def speed_table(paths: list[Path], rounds: int = 5, min_chars: int = 250_000) -> list[str]:
    """The lines of the speed table: per language of ``paths``' documents, ``extract_focus_time``
    in MB/s and thousand characters a second (the median of ``rounds`` interleaved rounds of CPU
    time), and the ratio to English's characters a second. A pass reads a language's documents
    as many times as it takes to read ``min_chars`` characters (a small corpus timed once would
    measure the machine's load more than the extractor)."""
    by_language: dict[str, list[tuple[str, dt.date]]] = {}
    corpora: dict[str, dict[str, None]] = {}  # language -> its corpora's names, in order
    for path in paths:
        for doc in load_gold(path):
            by_language.setdefault(doc["lang"], []).append((doc["text"], dt.date.fromisoformat(doc["dct"])))
            corpora.setdefault(doc["lang"], {})[path.stem] = None
    languages = sorted(by_language, key=lambda code: (code != "en", code))

    size = {code: sum(len(t) for t, _ in docs) for code, docs in by_language.items()}
    repeats = {code: max(1, -(-min_chars // max(size[code], 1))) for code in languages}

    def one_pass(code: str) -> float:
        """CPU seconds to read the language's documents once (the mean of its repeats)."""
        t0 = time.process_time()
        for _ in range(repeats[code]):
            extract_focus_time.cache_clear()  # every text extracted, none served from the memo
            for text, dct in by_language[code]:
                extract_focus_time(text, dct, language=code)
        return max(time.process_time() - t0, 1e-9) / repeats[code]

    for code in languages:  # untimed: each language's table is built on first use
        one_pass(code)
    seconds: dict[str, list[float]] = {code: [] for code in languages}
    for _ in range(rounds):
        for code in languages:
            seconds[code].append(one_pass(code))
    lines = [
        "| language | corpus | docs | MB | MB/s | k chars/s | ratio to en (chars/s) |",
        "|---|---|---|---|---|---|---|",
    ]
    chars_per_s = {code: size[code] / statistics.median(seconds[code]) for code in languages}
    for code in languages:
        docs = by_language[code]
        mb = sum(len(t.encode("utf-8")) for t, _ in docs) / 1e6
        ratio = f"{chars_per_s[code] / chars_per_s['en']:.2f}x" if "en" in chars_per_s else "–"
        lines.append(f"| {code} | {', '.join(corpora[code])} | {len(docs)} | {mb:.2f} | {mb / statistics.median(seconds[code]):.2f} "
                     f"| {chars_per_s[code] / 1e3:.0f} | {ratio} |")
    return lines


def _gold_extract(text: str, dct: str, lang: str):
    return extract_focus_time(text, dt.date.fromisoformat(dct), language=lang)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder of <code>.jsonl files")
    parser.add_argument("--languages", help="comma-separated codes (default: every file in --data)")
    parser.add_argument("--misses", action="store_true", help="list the sentences and pairs read wrongly, the gold misses by shape")
    parser.add_argument("--gold", action="store_true", help="the annotated corpora only (default, or both flags: both tables)")
    parser.add_argument("--sentences", action="store_true", help="the hand-written sentences only")
    parser.add_argument("--gold-files", type=Path, nargs="+", default=DEFAULT_GOLD, help="gold corpora (JSON Lines)")
    parser.add_argument("--speed", action="store_true", help="only the speed per language on the gold corpora's texts")
    parser.add_argument("--rounds", type=int, default=5, help="--speed: interleaved rounds, the median reported (default 5)")
    parser.add_argument("--min-chars", type=int, default=250_000, help="--speed: characters read per language in a pass (default 250000)")
    args = parser.parse_args(argv)
    if args.speed:
        missing = [str(p) for p in args.gold_files if not p.is_file()]
        if missing or args.rounds < 1:
            print(f"error: {'no gold corpus ' + ', '.join(missing) if missing else '--rounds must be at least 1'}", file=sys.stderr)
            return 2
        print("\n".join(speed_table(list(args.gold_files), args.rounds, args.min_chars)))
        return 0
    if args.gold == args.sentences:
        args.gold = args.sentences = False  # neither or both: both tables
    if not args.sentences:
        missing = [str(p) for p in args.gold_files if not p.is_file()]
        if missing and (args.gold or args.gold_files is not DEFAULT_GOLD):
            print(f"error: no gold corpus {', '.join(missing)}", file=sys.stderr)
            return 2
        if missing:  # the default run on a machine without ../shared: the sentences only
            print(f"gold corpora skipped: not found at {_SHARED}\n")
        else:
            print("\n".join(gold_table(list(args.gold_files), _gold_extract, misses=args.misses)))
            if args.gold:
                return 0
            print()
    paths = sorted(args.data.glob("*.jsonl"))
    if args.languages:
        wanted = [c.strip() for c in args.languages.split(",") if c.strip()]
        paths = [args.data / f"{code}.jsonl" for code in wanted]
    missing = [p.name for p in paths if not p.is_file()]
    if missing or not paths:
        print(f"error: no language file {', '.join(missing) or '*.jsonl'} in {args.data}", file=sys.stderr)
        return 2
    print("| language | sentences | mentions P | mentions R | mentions F1 | year-set F1 | unfaithful flagged | faithful flagged |")
    print("|---|---|---|---|---|---|---|---|")
    notes, details = [], []
    for path in paths:
        code = path.stem
        sentences, pairs = load(path)
        extract, why = extractor_for(code)
        if extract is None:
            notes.append(f"{code}: skipped ({why})")
            continue
        c, sentence_misses = measure_extraction(sentences, extract)
        p, r, f = _prf(c["tp"], c["pred"], c["gold"])
        yf = _prf(c["ytp"], c["ypred"], c["ygold"])[2]
        bad, good, pair_misses = measure_pairs(pairs, extract)
        n = len(pairs)
        print(f"| {code} | {len(sentences)} | {p:.3f} | {r:.3f} | {f:.3f} | {yf:.3f} | {bad}/{n} | {good}/{n} |")
        details += [f"{code}:"] + sentence_misses + pair_misses if sentence_misses or pair_misses else []
    for note in notes:
        print(note)
    if args.misses and details:
        print("\nread wrongly (gold and found values; pair scores):")
        print("\n".join(details))
    return 0


if __name__ == "__main__":
    sys.exit(main())
