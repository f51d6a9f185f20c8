"""The benchmark scripts run on a clean machine and score by the shared data's convention.

These are smoke tests on tiny inputs written here (no gold data from ../shared, no timing
assertions): the accuracy figures of ``benchmarks/extraction.py`` are checked against a hand
calculation, the other outputs only for their shape.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import runpy
import sys
import warnings
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    with warnings.catch_warnings():  # a benchmark may silence warnings for its own run only
        spec.loader.exec_module(module)
    return module


@pytest.fixture()
def tiny_corpus(tmp_path: Path) -> Path:
    docs = [
        {
            "id": "a", "corpus": "tiny", "dct": "2019-03-03",
            "text": "Prices rose in 2008 and fell last year.",
            "timexes": [
                {"type": "DATE", "value": "2008", "text": "2008", "is_dct": False},
                {"type": "DATE", "value": "2018", "text": "last year", "is_dct": False},
            ],
        },
        {"id": "b", "corpus": "tiny", "dct": "2019-03-03", "text": "The hotel has 2000 rooms.", "timexes": []},
    ]  # fmt: skip
    path = tmp_path / "tiny.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    return path


def _row(out: str, view: str, system: str) -> tuple[float, float, float]:
    m = re.search(rf"^tiny\s+{view}\s+{re.escape(system)}\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", out, re.MULTILINE)
    assert m, out
    return tuple(float(x) for x in m.groups())


def test_extraction_benchmark_scores_by_the_shared_convention(tiny_corpus, capsys):
    extraction = _load("extraction")
    code = extraction.main(["--corpus", str(tiny_corpus), "--no-adversarial", "--min-seconds", "0", "--stages"])
    out = capsys.readouterr().out
    assert code == 0
    # DCT view, gold {2008, 2018} and {}: ours finds 2008 and "last year" = 2018, and reads
    # "2000 rooms" as a count -> P = R = F1 = 1. The regex finds 2008 and 2000 -> P = 1/2, R = 1/2.
    assert _row(out, "dct", "ragas-temporal") == (1.0, 1.0, 1.0)
    assert _row(out, "dct", "4-digit regex") == (0.5, 0.5, 0.5)
    # no-DCT view: only years written in the expression count, gold {2008}; "last year" has no
    # reference -> no year. Ours P = R = 1; the regex P = 1/2, R = 1, F1 = 2/3.
    assert _row(out, "no-dct", "ragas-temporal") == (1.0, 1.0, 1.0)
    assert _row(out, "no-dct", "4-digit regex") == (0.5, 1.0, 0.667)
    assert "speed-up over dateparser on tiny" in out
    # the summary table: F1 in both views, as above
    assert re.search(r"^\| tiny \| ragas-temporal \| 1\.000 \| 1\.000 \| [\d.]+ \|$", out, re.MULTILINE), out
    assert re.search(r"^\|  \| 4-digit regex \| 0\.500 \| 0\.667 \| [\d.]+ \|$", out, re.MULTILINE), out
    assert "200x dateparser allows" in out and "whole extraction" in out


def test_extraction_benchmark_scores_datefinder_by_the_same_convention(tiny_corpus, capsys):
    pytest.importorskip("datefinder", minversion="1.0")
    extraction = _load("extraction")
    assert extraction.main(["--corpus", str(tiny_corpus), "--no-adversarial", "--no-dateparser", "--min-seconds", "0"]) == 0
    out = capsys.readouterr().out
    # datefinder reads "in 2008" (a year-only date) and neither "last year" nor "2000 rooms":
    # DCT view, gold {2008, 2018}: P = 1, R = 1/2, F1 = 2/3; no-DCT view, gold {2008}: all 1.
    assert _row(out, "dct", "datefinder") == (1.0, 0.5, 0.667)
    assert _row(out, "no-dct", "datefinder") == (1.0, 1.0, 1.0)


def test_extraction_benchmark_skips_a_missing_library_and_says_so(tiny_corpus, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "datefinder", None)  # import datefinder -> ImportError
    extraction = _load("extraction")
    assert extraction.main(["--corpus", str(tiny_corpus), "--no-adversarial", "--no-dateparser", "--min-seconds", "0"]) == 0
    captured = capsys.readouterr()
    assert "datefinder>=1.0 is not installed: skipped" in captured.err
    assert "datefinder" not in captured.out
    assert _row(captured.out, "dct", "ragas-temporal") == (1.0, 1.0, 1.0)


@pytest.mark.parametrize(
    "value, tokens",
    [
        ("1998", {1998}), ("1998-03-12", {1998}), ("1998-Q1", {1998}), ("1998-W12", {1998}), ("1998-SU", {1998}),
        ("1998-03-12T10:00", {1998}), ("BC0499", {-499}), ("199", {"D199"}), ("199X", {"D199"}), ("19", {"C19"}),
        ("19XX", {"C19"}), ("PRESENT_REF", set()), ("PAST_REF", set()), ("XXXX-12-25", set()), ("P5Y", set()),
        (None, set()), ("2008/2010", {2008, 2010}),
    ],
)  # fmt: skip
def test_gold_year_tokens_follow_the_data_readme(value, tokens):
    # the benchmark's own scoring convention (was focus_time.normalise.gold_year_tokens)
    assert _load("extraction").gold_year_tokens(value) == tokens


def test_extraction_benchmark_docstring_examples():
    import doctest

    result = doctest.testmod(_load("extraction"), verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_extraction_benchmark_says_which_corpus_is_missing(tmp_path, capsys):
    extraction = _load("extraction")
    assert extraction.main(["--corpus", str(tmp_path / "absent.jsonl"), "--no-dateparser"]) == 1
    assert "absent.jsonl" in capsys.readouterr().err


def test_metrics_overhead_benchmark_runs_both_parts(capsys, monkeypatch):
    # datasets' map(num_proc=...) leaves os.environ replaced by a copy: put the original back after
    monkeypatch.setattr(os, "environ", os.environ)
    overhead = _load("metrics_overhead")
    overhead.part_one(12, repeats=1, warm_rows=4, only=["temporal_faithfulness", "temporal_ndcg_at_10_gold"])
    overhead.part_two(2_000, num_proc=1)
    out = capsys.readouterr().out
    for name in ("temporal_faithfulness", "temporal_ndcg_at_10_gold"):
        assert re.search(rf"^{name}\s+[\d.]+", out, re.MULTILINE), out
    assert "focus-time extraction alone" in out
    assert re.search(r"temporal_faithfulness \+ precision_at_k\(5\) \+ ndcg_at_k\(10\)\s+[\d.]+\s+[\d,]+", out)


@pytest.mark.parametrize(
    "content, message",
    [
        ("", "no documents"),
        ("{not json\n", ":1: not JSON"),
        ('["a list"]\n', ":1: a document must be a JSON object"),
        ('{"text": "x", "dct": "yesterday", "timexes": []}\n', ":1: 'dct' must be an ISO date"),
        ('{"text": "x", "dct": "2019-03-03", "timexes": []}\n{"dct": "2019-03-03", "timexes": []}\n', ":2: 'text' must be a string"),
        ('{"text": "x", "dct": "2019-03-03", "timexes": [{"type": "DATE"}]}\n', ":1: 'timexes' must be a list"),
    ],
)
def test_extraction_benchmark_names_the_bad_line_of_a_corpus(tmp_path, capsys, content, message):
    extraction = _load("extraction")
    path = tmp_path / "bad.jsonl"
    path.write_text(content, encoding="utf-8")
    assert extraction.main(["--corpus", str(path), "--no-dateparser", "--no-adversarial"]) == 1
    err = capsys.readouterr().err
    assert "Bad gold corpus" in err and message in err


@pytest.mark.parametrize("argv", [["--rows", "0"], ["--pure-rows", "-5"], ["--num-proc", "two"]])
def test_metrics_overhead_benchmark_rejects_non_positive_sizes(argv, capsys):
    overhead = _load("metrics_overhead")
    with pytest.raises(SystemExit) as exc:
        overhead.main(argv)
    assert exc.value.code == 2
    assert "expected a positive integer" in capsys.readouterr().err


@pytest.mark.parametrize("script", sorted(p.name for p in BENCHMARKS.glob("*.py")))
def test_every_benchmark_prints_help_instead_of_running(script, capsys, monkeypatch):
    # the script's own __main__ block, in this process (imports are already warm)
    monkeypatch.setattr(sys, "argv", [script, "--help"])
    with pytest.raises(SystemExit) as exc:
        runpy.run_path(str(BENCHMARKS / script), run_name="__main__")
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: {script}"), out
    assert "|" not in out and "---" not in out  # no result table: nothing was measured


FAITHFULNESS_CASES = [
    {"answer": "Francis I was King of France from 1515 to 1547.", "label": "faithful", "style": "bio",
     "contexts": ["Francis I was crowned in 1515 and reigned until his death in 1547."]},
    {"answer": "The crisis started in 2007.", "label": "unfaithful", "style": "news",
     "contexts": ["In 2008, Lehman Brothers collapsed."]},
    {"answer": "Prices peaked last year.", "label": "faithful", "style": "relative", "reference_date": "2024-06-01",
     "contexts": ["Prices peaked in 2023."]},
    {"answer": "Leicester won the 2016–17 title.", "label": "unfaithful", "style": "sports",
     "contexts": ["Leicester City won the 2015–16 Premier League."]},
]  # fmt: skip


def test_faithfulness_cases_benchmark_counts_flags_by_hand(tmp_path, capsys):
    # claim level: Francis 1.0 (range ends 1515, 1547 stated), 2007 -> 0, last year = 2023 -> 1.0,
    # 2016–17 -> 0.5 (2016 is an end of the context's 2015–16): unfaithful 2/2 flagged, faithful 0/2.
    # year level: Francis 2/33 (flagged), 0, 1.0, {2016, 2017} ∩ {2015, 2016} = 1/2: faithful 1/2 flagged.
    path = tmp_path / "cases.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in FAITHFULNESS_CASES), encoding="utf-8")
    bench = _load("faithfulness_cases")
    code = bench.main(["--cases", str(path), "--only", "focus_time, claim (default)", "--only", "focus_time, year"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert re.search(r"focus_time, claim \(default\)\s+100\.0 % \(2/2\)\s+0\.0 % \(0/2\)\s+0$", out, re.MULTILINE), out
    assert re.search(r"focus_time, year\s+100\.0 % \(2/2\)\s+50\.0 % \(1/2\)\s+0$", out, re.MULTILINE), out


@pytest.mark.parametrize(
    ("content", "message"),
    [("", "no cases"), ("{not json\n", ":1: not JSON"), ('{"answer": "x", "contexts": [], "label": "maybe"}\n', ":1: label")],
)
def test_faithfulness_cases_benchmark_names_the_bad_line(tmp_path, capsys, content, message):
    path = tmp_path / "cases.jsonl"
    path.write_text(content, encoding="utf-8")
    assert _load("faithfulness_cases").main(["--cases", str(path)]) == 1
    assert message in capsys.readouterr().err


def test_llm_cost_benchmark_counts_calls_per_sample():
    import asyncio

    from ragas.dataset_schema import SingleTurnSample

    from ragas_temporal.metrics import TemporalFaithfulness

    llm_cost = _load("llm_cost")
    samples = [
        # a year in the answer: one judge call
        SingleTurnSample(response="It began in 2008.", retrieved_contexts=["Lehman fell in 2008."]),
        # no temporal expression: NaN without a call
        SingleTurnSample(response="It began.", retrieved_contexts=["Lehman fell in 2008."]),
    ]
    stats = asyncio.run(llm_cost._measure(TemporalFaithfulness(mode="llm"), samples, llm_cost.counting_judge()))
    assert (stats["calls"], stats["calls/sample"], stats["max calls"], stats["zero-call samples"]) == (1, 0.5, 1, 1)
    assert stats["NaN rows"] == 1 and stats["prompt tok/sample"] > 0
    table = llm_cost._table("t", [("ours", stats)], "ours")
    assert "| ours | 2 | 1 | 0.50 | 1 | 1 |" in table and table.endswith("| 1.00x |")


def test_coherence_cases_benchmark_counts_by_hand(tmp_path, capsys):
    # contradictory: "dissolved in 1985" before "founded in 1990" -> flagged (right); "2012 to 2008" -> flagged.
    # coherent: "from 2008 to 2012" -> 1 (right); one year only -> NaN (right: not flagged).
    # durations: six weeks vs 42 days -> exactly 1 (as expected); two years vs 18 months -> 2/3, expected 1 -> not exact.
    timelines = [
        {"kind": "organisation", "coherent": False, "text": "The firm was founded in 1990 and dissolved in 1985."},
        {"kind": "range", "coherent": False, "text": "He was mayor from 2012 to 2008."},
        {"kind": "range", "coherent": True, "text": "He was mayor from 2008 to 2012."},
        {"kind": "range", "coherent": True, "text": "It happened in 2008."},
    ]
    durations = [
        {"form": "weeks", "response": "The strike lasted six weeks.", "reference": "42 days", "expected": 1.0},
        {"form": "years", "response": "It lasted two years.", "reference": "18 months", "expected": 1.0},
    ]
    (tmp_path / "t.jsonl").write_text("".join(json.dumps(c) + "\n" for c in timelines), encoding="utf-8")
    (tmp_path / "d.jsonl").write_text("".join(json.dumps(c) + "\n" for c in durations), encoding="utf-8")
    code = _load("coherence_cases").main(["--coherence", str(tmp_path / "t.jsonl"), "--durations", str(tmp_path / "d.jsonl")])
    out = capsys.readouterr().out
    assert code == 0, out
    assert re.search(r"^all\s+2/2 \(100\.0 %\)\s+2/2 \(100\.0 %\)$", out, re.MULTILINE), out
    assert re.search(r"^all\s+1/2 \(50\.0 %\)$", out, re.MULTILINE), out


def test_coherence_cases_benchmark_names_the_bad_line(tmp_path, capsys):
    (tmp_path / "t.jsonl").write_text('{"kind": "x", "text": "y"}\n', encoding="utf-8")
    assert _load("coherence_cases").main(["--coherence", str(tmp_path / "t.jsonl")]) == 1
    assert "t.jsonl:1: missing coherent" in capsys.readouterr().err


def test_coherence_audit_lists_every_paragraph_scored_below_one(tmp_path, capsys):
    rows = [
        {"id": "a", "text": "From 1998 until 1993, she acted in Pärnu.", "tokenized": "From 1998 until 1993 , she acted in Pärnu ."},
        {"id": "b", "text": "He was born in 1950 and died in 2001.", "tokenized": "He was born in 1950 and died in 2001 ."},
        {"id": "c", "text": "No dates here.", "tokenized": "No dates here ."},
    ]
    path = tmp_path / "wiki.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    code = _load("coherence_audit").main(["--data", str(path)])
    out = capsys.readouterr().out
    assert code == 0, out
    # a: the reversed range (2 claims, both clash) -> 0 in both views; b: 2 coherent claims; c: none
    assert "a [text] score 0" in out and "reversed_range: the range 1998 to 1993 ends before it starts" in out
    assert re.search(r"^text\s+3\s+2\s+1\s+33\.333%", out, re.MULTILINE), out
    assert re.search(r"^tokenized\s+3\s+2\s+1\s+33\.333%", out, re.MULTILINE), out


def test_coherence_audit_without_data_says_so(tmp_path, capsys):
    assert _load("coherence_audit").main(["--data", str(tmp_path / "absent.jsonl")]) == 0
    assert "nothing to audit" in capsys.readouterr().out


SUMMARY_ROWS = {
    "frank.jsonl": [
        {"id": "c1", "dataset": "frank-cnndm", "label": 1, "date_error": True, "date_unsupported": None,
         "source": "The bridge opened in 1998 after years of work.", "response": "The bridge opened in 2003."},
        {"id": "c2", "dataset": "frank-cnndm", "label": 0, "date_error": False, "date_unsupported": None,
         "source": "The bridge opened in 1998 after years of work.", "response": "The bridge opened in 1998."},
        {"id": "x1", "dataset": "frank-xsum", "label": 0, "date_error": False, "date_unsupported": None,
         "source": "The bridge opened in 1998.", "response": "The bridge opened in 1998 and closed in 2004."},
    ],
    "summedits.jsonl": [
        {"id": "n1", "dataset": "summedits-news", "label": 1, "date_error": True, "date_unsupported": False,
         "source": "Talks began after a long delay.", "response": "Talks began last year after a delay."},
        {"id": "n2", "dataset": "summedits-news", "label": 1, "date_error": True, "date_unsupported": True,
         "source": "Prices rose in 2010.", "response": "Prices rose in 2012."},
        {"id": "n3", "dataset": "summedits-news", "label": 0, "date_error": False, "date_unsupported": False,
         "source": "Prices rose sharply.", "response": "Prices rose sharply."},
        {"id": "n4", "dataset": "summedits-news", "label": 0, "date_error": False, "date_unsupported": False,
         "source": "Prices rose sharply.", "response": "Prices will rise again soon."},
    ],
}  # fmt: skip


def test_real_summaries_benchmark_counts_by_hand(tmp_path, capsys):
    # c1: 2003 not in the source -> 0, flagged, label 1 (right); c2: 1.0; x1: 1998 supported, 2004 not
    # -> 0.5, flagged, label 0 (a false flag); n1: "last year" with no reference date -> NaN, states a
    # calendar date, date error; n2: 2012 invented and flagged (right); n3: no date -> NaN, states none;
    # n4: "soon" -> NaN, states a date but no calendar date.
    for name, rows in SUMMARY_ROWS.items():
        (tmp_path / name).write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    code = _load("real_summaries").main(["--data", str(tmp_path), "--misses"])
    out = capsys.readouterr().out
    assert code == 0, out
    expected = [
        "| frank-cnndm | 2 | 1 | 100.0 % (1/1) | 2 (2) | 0 (0) | 0 (0) | - |",
        "| frank-xsum | 1 | 1 | 0.0 % (0/1) | 1 (1) | 0 (0) | 0 (0) | - |",
        "| summedits-news | 4 | 1 | 100.0 % (1/1) | 3 (2) | 2 (1) | 1 (1) | 1 of 1 |",
        "| total | 7 | 3 | 66.7 % (2/3) | 6 (5) | 2 (1) | 1 (1) | 1 of 1 |",
        "| total without SummEdits | 3 | 2 | 50.0 % (1/2) | 3 (3) | 0 (0) | 0 (0) | - |",
    ]
    table = [line for line in out.splitlines() if line.startswith("| ") and not line.startswith("| data set")]
    assert table == expected, out
    # --misses lists the NaN rows that state a date and the false flag, nothing else
    assert "3 NaN rows that state a date and false flags:" in out
    assert "[NaN with a calendar date, date error] n1 score nan; mentions ['last year']" in out
    assert "[NaN with a date] n4 score nan; mentions ['soon']" in out
    assert "[false flag] x1 score 0.5;" in out and "] c1 " not in out and "] n3 " not in out
    # --nan lists the NaN rows only
    assert _load("real_summaries").main(["--data", str(tmp_path), "--nan"]) == 0
    out = capsys.readouterr().out
    assert "2 NaN rows that state a date:" in out and "] n1 " in out and "] n4 " in out and "] x1 " not in out
    # --dataset and --limit narrow the rows before scoring
    assert _load("real_summaries").main(["--data", str(tmp_path), "--dataset", "summedits-news", "--limit", "2"]) == 0
    assert "| total | 2 | 1 | 100.0 % (1/1) | 2 (2) | 1 (1) | 1 (1) | 1 of 1 |" in capsys.readouterr().out


def test_real_summaries_benchmark_without_data_says_so(tmp_path, capsys):
    assert _load("real_summaries").main(["--data", str(tmp_path / "absent")]) == 0
    assert "nothing to measure" in capsys.readouterr().out
    (tmp_path / "frank.jsonl").write_text(json.dumps(SUMMARY_ROWS["frank.jsonl"][0]) + "\n", encoding="utf-8")
    assert _load("real_summaries").main(["--data", str(tmp_path), "--dataset", "frank-nowhere"]) == 1
    assert "no rows of data set 'frank-nowhere'" in capsys.readouterr().err


# Two sources (one repeated across rows: a source is read once), written here.
ALTERED_SOURCES = {
    "frank.jsonl": [
        {"id": "a1", "dataset": "frank-cnndm", "label": 0, "response": "-",
         "source": "The match was played on June 4. It ended in 1998. Work began in 1999."},
        {"id": "a2", "dataset": "frank-cnndm", "label": 0, "response": "-",
         "source": "The match was played on June 4. It ended in 1998. Work began in 1999."},
    ],
    "summedits.jsonl": [
        {"id": "b1", "dataset": "summedits-news", "label": 0, "response": "-",
         "source": "Q2 revenue rose. We met on Saturday. A day later, he left."},
    ],
}  # fmt: skip


def test_altered_dates_benchmark_counts_by_hand(tmp_path, capsys):
    # frank: "June 4" is restated as "4 June" and "the 4th of June", altered to "June 5" (flagged);
    # "in 1998" and "in 1999" are restated as "in the 1990s"; 1998 + 1 = 1999 is in the source
    # (skipped: stated), 1999 + 1 = 2000 is flagged. summedits: "Q2" -> "the second quarter" / "Q3",
    # "on Saturday" -> "Saturday" / "on Sunday" (flagged: the source's weekday is Saturday); "A day
    # later" -> "The following day" and "The next day" (the source's words as values: supported) /
    # "Two days later" (another count of days than the source's: flagged). No verbatim sentence is flagged.
    # Removed (each sentence verbatim against the rest of its source): "June 4", 1998, 1999 and "Q2"
    # are written nowhere else and are flagged; "on Saturday" against a source with no weekday or
    # full date that counts days ("A day later") is unverifiable, NaN, and so is "A day later".
    for name, rows in ALTERED_SOURCES.items():
        (tmp_path / name).write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    module = _load("altered_dates")
    assert module.main(["--data", str(tmp_path), "--misses"]) == 0
    out = capsys.readouterr().out
    assert "2 sources, 5 altered and 8 restated sentences" in out, out
    altered, removed = out.split("The sentence verbatim against its source without the sentence")
    rows = {line.split(" | ")[0][2:]: line for line in altered.splitlines() if line.startswith("| ") and "---" not in line}
    assert rows["day without a year"] == "| day without a year | 3 | 1 (0) | 100.0 % (1/1) | 0 | 0, 0 | 0.0 % (0/2) | 0 | 0, 0 |"
    assert rows["year"] == "| year | 3 | 2 (0) | 100.0 % (1/1) | 0 | 1, 0 | 0.0 % (0/2) | 0 | 0, 0 |"
    assert rows["weekday"] == "| weekday | 2 | 1 (0) | 100.0 % (1/1) | 0 | 0, 0 | 0.0 % (0/1) | 0 | 0, 0 |"
    assert rows["quarter"] == "| quarter | 2 | 1 (0) | 100.0 % (1/1) | 0 | 0, 0 | 0.0 % (0/1) | 0 | 0, 0 |"
    assert rows["relative, from a date in the text"].endswith("| 3 | 1 (0) | 100.0 % (1/1) | 0 | 0, 0 | 0.0 % (0/2) | 0 | 0, 0 |")
    assert rows["total frank"] == "| total frank | 6 | 3 (0) | 100.0 % (2/2) | 0 | 1, 0 | 0.0 % (0/4) | 0 | 0, 0 |"
    assert rows["total summedits"] == "| total summedits | 7 | 3 (0) | 100.0 % (3/3) | 0 | 0, 0 | 0.0 % (0/4) | 0 | 0, 0 |"
    assert "5 of the 5 flagged alterations are flagged on the altered claim itself" in out
    removed_rows = {line.split(" | ")[0][2:]: line for line in removed.splitlines() if line.startswith("| ")}
    assert removed_rows["weekday"] == "| weekday | 1 | 0.0 % (0/1) | 0.0 % (0/1) | 1 | 0 |"
    assert removed_rows["year"] == "| year | 2 | 100.0 % (2/2) | 100.0 % (2/2) | 0 | 0 |"
    assert removed_rows["total frank"] == "| total frank | 3 | 100.0 % (3/3) | 100.0 % (3/3) | 0 | 0 |"
    assert removed_rows["total summedits"] == "| total summedits | 3 | 33.3 % (1/3) | 33.3 % (1/3) | 2 | 0 |"
    # --misses lists the two removed dates left NaN, with their reasons (every alteration is flagged)
    assert "2 altered cases not flagged, restatements flagged or NaN, removed dates not flagged:" in out
    assert "[altered, " not in out
    assert "[removed, NaN, weekday, summedits] source 1: 'on Saturday' score nan" in out
    assert "[removed, NaN, relative, summedits] source 1: 'A day later' score nan" in out
    # the rewrites read as intended, the sentence keeps its capital
    cases, _ = module.build_cases(module.load_sources(tmp_path))
    answers = {case.answer for case in cases if case.kind != "verbatim"}
    assert {"The match was played on the 4th of June.", "The second quarter revenue rose.", "We met on Sunday."} <= answers
    # --dataset and --limit narrow the sources
    assert module.main(["--data", str(tmp_path), "--dataset", "summedits-news"]) == 0
    assert "1 sources, 3 altered" in capsys.readouterr().out
    assert module.main(["--data", str(tmp_path), "--limit", "1"]) == 0
    assert "1 sources, 2 altered" in capsys.readouterr().out


def test_altered_dates_benchmark_docstring_examples():
    import doctest

    result = doctest.testmod(_load("altered_dates"), verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_altered_dates_benchmark_without_data_says_so(tmp_path, capsys):
    assert _load("altered_dates").main(["--data", str(tmp_path / "absent")]) == 0
    assert "nothing to measure" in capsys.readouterr().out
    (tmp_path / "frank.jsonl").write_text(json.dumps(ALTERED_SOURCES["frank.jsonl"][0]) + "\n", encoding="utf-8")
    assert _load("altered_dates").main(["--data", str(tmp_path), "--dataset", "frank-nowhere"]) == 1
    assert "no sources of data set 'frank-nowhere'" in capsys.readouterr().err


def test_local_judge_benchmark_skips_with_one_line_without_its_packages(capsys, tmp_path):
    local_judge = _load("local_judge")
    assert local_judge.main(["--model", str(tmp_path / "missing.gguf")]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("local_judge: skipped: ") and "\n" not in out


def test_local_judge_benchmark_table_counts_nan_by_reason(openai_server):
    # the loopback server stands in for llama.cpp's: a judge that copies the worked example
    import asyncio

    from ragas_temporal.commands.judge_llm import UsageMeter, openai_judge_llm
    from tests.support.fake_judges import example_copier

    local_judge = _load("local_judge")
    openai_server.responder = lambda request: example_copier(request.user_text)
    llm = openai_judge_llm("m", openai_server.base_url, "k")
    cases = local_judge.SEED_CASES[:2]
    rows = []
    for mode in ("focus_time", "llm"):
        meter = UsageMeter()
        results = asyncio.run(local_judge.score_mode(mode, cases, llm, meter))
        rows.append(local_judge.summarise(mode, cases, results, meter, 60.0))
    focus, llm_row = rows
    # focus time: Lehman 2008/2009 stated -> 1.0 (agrees: faithful); 2007/2010 not -> 0.0 (agrees)
    assert (focus["scored"], focus["agree"], focus["calls"], focus["rows_per_minute"]) == (2, 2, 0, 2.0)
    # the copied bridge claims are not the answer's: both rows NaN, one call each
    assert (llm_row["scored"], llm_row["calls"], dict(llm_row["nan"])) == (0, 2, {"not in the answer": 2})
    table = local_judge.format_table(rows)
    assert table.endswith("NaN by reason:\n  llm           2  not in the answer")


def test_extraction_benchmark_times_wikipedia_paragraphs_against_datefinder(tiny_corpus, tmp_path, capsys):
    pytest.importorskip("datefinder", minversion="1.0")
    wiki = tmp_path / "paragraphs.jsonl"
    rows = [{"text": "Built in 1794, the house was sold in 1963."}, {"text": "No date here."}, {"id": "no text"}]
    wiki.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    extraction = _load("extraction")
    args = ["--corpus", str(tiny_corpus), "--no-adversarial", "--no-dateparser", "--min-seconds", "0"]
    assert extraction.main([*args, "--wiki", str(wiki), "--rounds", "3"]) == 0
    out = capsys.readouterr().out
    assert "Wikipedia paragraphs (paragraphs.jsonl, first 2;" in out  # the row without text is left out
    assert re.search(r"^\| datefinder \| [\d.]+ \| [\d.]+ \|$", out, re.MULTILINE), out
    # the interleaved comparison: one row per gold corpus and one for the paragraphs
    assert re.search(r"^\| tiny \| 2 \| [\d.]+ \| [\d.]+ \| \*\*[\d.]+x\*\* \| [\d.]+ \|$", out, re.MULTILINE), out
    assert re.search(r"^\| wikipedia \| 2 \| ", out, re.MULTILINE), out


def test_extraction_benchmark_says_when_the_wikipedia_paragraphs_are_missing(tiny_corpus, tmp_path, capsys):
    extraction = _load("extraction")
    args = ["--corpus", str(tiny_corpus), "--no-adversarial", "--no-dateparser", "--no-datefinder", "--min-seconds", "0"]
    assert extraction.main([*args, "--wiki", str(tmp_path / "absent.jsonl")]) == 0
    assert "Wikipedia paragraphs not found at" in capsys.readouterr().err


def test_cold_start_benchmark_compares_whole_processes(capsys):
    pytest.importorskip("datefinder", minversion="1.0")
    cold_start = _load("cold_start")
    assert cold_start.main(["--rounds", "1"]) == 0
    out = capsys.readouterr().out
    # both children really extracted the sentence's year
    assert "ragas-temporal printed [1945], datefinder printed [1945]" in out
    assert re.search(r"^\| cached \(\.pyc, as installed\) \| \d+ ms \| \d+ ms \| \*\*[\d.]+x\*\* \|", out, re.MULTILINE), out


def test_languages_benchmark_scores_values_years_and_pairs(tmp_path, capsys):
    rows = [
        # read exactly: 1 of 1 value, year token 1949
        {"id": "zh-1", "type": "sentence", "text": "中华人民共和国于1949年10月1日成立。",
         "gold": [["1949年10月1日", "1949-10-01"]], "form": "day-month-year", "reference_date": None},
        # a count: nothing to find, nothing found
        {"id": "zh-2", "type": "sentence", "text": "该公司有1500名员工。", "gold": [], "form": "count", "reference_date": None},
        # a gold finer than the text (as if the day were known): 1978-12 found, 1978-12-18 missed;
        # the year token 1978 is on both sides
        {"id": "zh-3", "type": "sentence", "text": "全会于1978年12月召开。",
         "gold": [["1978年12月", "1978-12-18"]], "form": "month-year", "reference_date": None},
        # the unfaithful answer moves the year (flagged), the faithful one is coarser (not flagged)
        {"id": "zh-4", "type": "pair", "context": "香港于1997年7月1日回归中国。",
         "faithful": "香港在1997年回归中国。", "unfaithful": "香港于1998年7月1日回归中国。"},
    ]  # fmt: skip
    (tmp_path / "zh.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    (tmp_path / "xx.jsonl").write_text(json.dumps(rows[0], ensure_ascii=False) + "\n", encoding="utf-8")
    languages = _load("languages")
    assert languages.main(["--data", str(tmp_path), "--misses", "--sentences"]) == 0
    out = capsys.readouterr().out
    # values: 1 true of 2 found, 1 of 2 gold -> P = R = F1 = 0.5; year tokens {1949}, {1978} on
    # both sides -> 1.0; pairs: 1 of 1 unfaithful flagged, 0 of 1 faithful
    assert "| zh | 3 | 0.500 | 0.500 | 0.500 | 1.000 | 1/1 | 0/1 |" in out
    assert re.search(r"^xx: skipped \(", out, re.MULTILINE), out  # an unknown code is never scored
    assert "zh-3 [month-year]" in out and "zh-1 " not in out


def test_instructions_benchmark_table_is_thousands_per_document_and_datefinders_ratio():
    bench = _load("instructions")
    stages = {"triggers": 50_000, "matching": 120_000, "scan": 180_000, "extract_focus_time": 200_000, "datefinder": 150_000}
    lines = bench.table({"news": stages}).splitlines()
    assert lines[0] == "| corpus | triggers | matching | scan | extract_focus_time | datefinder | datefinder / ours |"
    assert lines[2] == "| news | 50k | 120k | 180k | 200k | 150k | **0.75x** |"  # 150k / 200k


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["--corpus", "nope"], "unknown corpus 'nope'; choose from meantime, tweets_train, wikipedia"),
     (["--passes", "0"], "--passes must be at least 1")],
)  # fmt: skip
def test_instructions_benchmark_rejects_bad_arguments_in_one_line(argv, message, capsys):
    assert _load("instructions").main(argv) == 2
    assert capsys.readouterr().err.strip() == message


def test_instructions_benchmark_says_in_one_line_why_the_measured_process_failed(tmp_path, monkeypatch, capsys):
    bench = _load("instructions")
    corpus = tmp_path / "news.jsonl"
    corpus.write_text('{"text": "x", "dct": "2020-01-01", "timexes": []}\n', encoding="utf-8")
    monkeypatch.setattr(bench, "CORPORA", {"news": corpus})
    monkeypatch.setattr(bench.shutil, "which", lambda name: "/usr/bin/" + name)
    failed = bench.subprocess.CompletedProcess([], 1, stdout="", stderr="Traceback ...\nModuleNotFoundError: No module named 'datefinder'\n")
    monkeypatch.setattr(bench.subprocess, "run", lambda *a, **k: failed)
    assert bench.main(["--corpus", "news"]) == 1
    assert capsys.readouterr().err.strip() == "measuring news failed: ModuleNotFoundError: No module named 'datefinder'"


def test_languages_benchmark_scores_gold_corpora_by_year_and_value(tmp_path, capsys):
    def doc(text: str, timexes: list[tuple[str, str]]) -> dict:
        return {"id": text[:8], "lang": "de", "dct": "2020-01-01", "text": text,
                "timex": [{"type": "DATE", "value": v, "text": s, "start": text.index(s), "end": text.index(s) + len(s)}
                          for s, v in timexes]}  # fmt: skip

    rows = [
        # found with its value: a full day, year 1989
        doc("Die Mauer fiel am 9. November 1989.", [("9. November 1989", "1989-11-09")]),
        # read as 1990 where the gold says 1991: one miss and one false mention, year 1990 against 1991
        doc("Die Wahl war 1990.", [("1990", "1991")]),
    ]
    path = tmp_path / "de_tiny.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    languages = _load("languages")
    assert languages.main(["--gold", "--gold-files", str(path), "--misses"]) == 0
    out = capsys.readouterr().out
    # years: 1 of 2 found, 1 of 2 right -> 0.5; values: 1 of 2 gold found, 1 of 2 mentions right -> 0.5;
    # the one gold full day found -> 100%; no published HeidelTime figure for this file
    assert "| de de_tiny | 2 | 2 | 0.500 | 0.500 | 0.500 | 0.500 | 0.500 | 0.500 | 100% | – |" in out
    assert "   1  9999 = 9999 (read 9999)" in out  # the miss by shape (digits as 9), with what was read
    assert languages.main(["--gold", "--gold-files", str(tmp_path / "none.jsonl")]) == 2


def test_languages_benchmark_times_each_language_against_english(tmp_path, capsys):
    def doc(lang: str, text: str) -> dict:
        return {"id": lang, "lang": lang, "dct": "2020-01-01", "text": text, "timex": []}

    (tmp_path / "fr_tiny.jsonl").write_text(json.dumps(doc("fr", "Le 3 mai 1941, la ville tomba.")) + "\n", encoding="utf-8")
    (tmp_path / "en_tiny.jsonl").write_text(json.dumps(doc("en", "On 3 May 1941 the city fell.")) + "\n", encoding="utf-8")
    languages = _load("languages")
    files = [str(tmp_path / "fr_tiny.jsonl"), str(tmp_path / "en_tiny.jsonl")]
    assert languages.main(["--speed", "--rounds", "1", "--min-chars", "100", "--gold-files", *files]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "| language | corpus | docs | MB | MB/s | k chars/s | ratio to en (chars/s) |"
    # English first, its ratio 1 by definition; each row names its corpus, documents and size
    assert re.fullmatch(r"\| en \| en_tiny \| 1 \| 0\.00 \| [\d.]+ \| \d+ \| 1\.00x \|", lines[2]), lines
    assert re.fullmatch(r"\| fr \| fr_tiny \| 1 \| 0\.00 \| [\d.]+ \| \d+ \| [\d.]+x \|", lines[3]), lines
    # without English there is no ratio; bad arguments are one line and exit 2
    assert languages.main(["--speed", "--rounds", "1", "--min-chars", "1", "--gold-files", files[0]]) == 0
    assert capsys.readouterr().out.splitlines()[2].endswith("| – |")
    assert languages.main(["--speed", "--rounds", "0", "--gold-files", *files]) == 2
    assert capsys.readouterr().err.strip() == "error: --rounds must be at least 1"
    assert languages.main(["--speed", "--gold-files", str(tmp_path / "none.jsonl")]) == 2


EXTRACTIVE_SOURCE = "The firm was founded in 2001. It moved on 4 June 2005. Two years later it failed. It was sold."


def test_extractive_summaries_benchmark_copies_sentences_in_source_order(tmp_path, capsys):
    module = _load("extractive_summaries")
    assert module.sentences("Rates rose on Jan. 18 in Paris. J. Smith left.") == ["Rates rose on Jan. 18 in Paris.", "J. Smith left."]
    rows = [{"dataset": "frank-xsum", "source": EXTRACTIVE_SOURCE}, {"dataset": "summedits-news", "source": "Too short. Two."}]
    cases = module.make_cases(rows, picks=2, seed=7)
    # the short source gives nothing; the long one its lead and two picks of three sentences in order
    assert [c.how for c in cases] == ["lead", "pick", "pick"]
    assert cases[0].summary == "The firm was founded in 2001. It moved on 4 June 2005. Two years later it failed."
    parts = module.sentences(EXTRACTIVE_SOURCE)
    for case in cases[1:]:
        picked = [parts.index(s.strip() + ("" if s.endswith(".") else ".")) for s in re.split(r"(?<=\.) ", case.summary)]
        assert len(picked) == 3 and picked == sorted(picked)
    # the lead states what the source states, in the same order: scored 1.0, no flag
    (tmp_path / "frank.jsonl").write_text(json.dumps({**rows[0], "id": "a", "response": "x", "label": 0}) + "\n", encoding="utf-8")
    assert module.main(["--data", str(tmp_path), "--picks", "0", "--misses"]) == 0
    out = capsys.readouterr().out
    assert "0 false flags:" in out and "| frank lead | 1 | 1 | 0.00 % (0/1) |" in out and "| total | 1 | 1 | 0.00 % (0/1) |" in out
    # a summary that drops the sentence "two years later" counts from is a flag, counted by tally
    flagged = module.Case("frank", "pick", "The firm was founded in 2001. Two years later it failed.", EXTRACTIVE_SOURCE)
    (value, reason), = module.score_cases([flagged])
    assert value == 0.5 and reason.startswith("'Two years later' not found")
    assert module.tally([flagged], [(value, reason)])["total"] == {"summaries": 1, "scored": 1, "flagged": 1}
    assert module.main(["--data", str(tmp_path / "absent")]) == 0 and "nothing to measure" in capsys.readouterr().out
    # an unknown data set or a limit below 1 is one line and a non-zero exit, never a table of nothing
    assert module.main(["--data", str(tmp_path), "--dataset", "frank-nowhere"]) == 1
    assert "no rows of data set 'frank-nowhere'" in capsys.readouterr().err
    for limit in ("0", "-1"):
        with pytest.raises(SystemExit) as stopped:
            module.main(["--data", str(tmp_path), "--limit", limit])
        assert stopped.value.code == 2 and f"{limit} is not 1 or more" in capsys.readouterr().err
    # --tokenized writes each summary lower-cased with punctuation split off, abbreviations kept
    assert module.tokenized("It fell on Jan. 4, 2019 (by 3.5%).") == "it fell on jan. 4 , 2019 ( by 3.5% ) ."
    assert [c.summary for c in module.make_cases(rows, picks=0, seed=7, tokenize=True)] == [
        "the firm was founded in 2001 . it moved on 4 june 2005 . two years later it failed ."]
