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
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import sys
from collections import Counter
from pathlib import Path
from typing import Callable

from ragas_temporal import extract_focus_time
from ragas_temporal.scores import claim_faithfulness, claims_from_focus_time

sys.path.insert(0, str(Path(__file__).resolve().parent))
from extraction import gold_year_tokens  # noqa: E402  (one value-to-year convention for every benchmark)

DEFAULT_DATA = Path(__file__).resolve().parent / "data" / "languages"
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder of <code>.jsonl files")
    parser.add_argument("--languages", help="comma-separated codes (default: every file in --data)")
    parser.add_argument("--misses", action="store_true", help="list the sentences and pairs read wrongly")
    args = parser.parse_args(argv)
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
