"""Smoke test of ``benchmarks/year_drops.py`` on a tiny corpus written here (counts by hand)."""

from __future__ import annotations

import csv
import importlib.util
import json
from pathlib import Path

import pytest

_SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "year_drops.py"


@pytest.fixture(scope="module")
def year_drops():
    spec = importlib.util.spec_from_file_location("year_drops", _SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _corpus(tmp_path: Path) -> Path:
    rows = [
        # text: 1997 kept, 2000 dropped (workers), 1850 dropped (horsepower) -> 2 of 3 dropped
        {"id": "p1", "text": "Titanic (1997) had 2000 workers and 1850 horsepower.",
         "tokenized": "Titanic ( 1997 ) had 2000 workers and 1850 horsepower ."},
        # 1909-1965 is one range mention: both kept; 3017 is not year-like (above 2099)
        {"id": "p2", "text": "Giulio Racah (1909–1965) lived at 3017 Main Street.",
         "tokenized": "Giulio Racah ( 1909 -- 1965 ) lived at 3017 Main Street ."},
        {"id": "p3", "text": "No years here."},  # no tokenized view: skipped there
    ]  # fmt: skip
    path = tmp_path / "paragraphs.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return path


def test_audit_counts_and_rules(year_drops, tmp_path):
    rows = year_drops.load_paragraphs(_corpus(tmp_path))
    found = list(year_drops.audit(rows, ["text", "tokenized"]))
    # 5 year-like numbers per view: 1997, 2000, 1850, 1909, 1965
    assert sum(c.view == "text" for c in found) == 5
    assert sum(c.view == "tokenized" for c in found) == 5
    drops = {(c.view, c.number, c.rule) for c in found if not c.kept}
    assert drops == {
        ("text", "2000", "counted_noun_after"),
        ("text", "1850", "unit_after"),
        ("tokenized", "2000", "counted_noun_after"),
        ("tokenized", "1850", "unit_after"),
    }
    kept = next(c for c in found if c.number == "1909" and c.view == "tokenized")
    assert kept.rule == "range" and kept.paragraph_id == "p2" and "[[1909]]" in kept.context


def test_main_prints_counts_and_ends_with_the_summary(year_drops, tmp_path, capsys):
    assert year_drops.main(["--corpus", str(_corpus(tmp_path)), "--show", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # 2 of 5 dropped in each view: 40%
    assert lines[-2:] == [
        "text       dropped      2 of      5 = 40.00%",
        "tokenized  dropped      2 of      5 = 40.00%",
    ]
    assert any(line.startswith("counted_noun_after") and line.split()[1:] == ["1", "1"] for line in lines)


def test_labels_accuracy_and_sample(year_drops, tmp_path, capsys):
    corpus = _corpus(tmp_path)
    sample = tmp_path / "sample.csv"
    assert year_drops.main(["--corpus", str(corpus), "--view", "text", "--sample-csv", str(sample), "--show", "0"]) == 0
    rows = list(csv.DictReader(sample.open(encoding="utf-8")))
    assert sorted((r["set"], r["number"]) for r in rows) == [
        ("drop", "1850"), ("drop", "2000"), ("year", "1909"), ("year", "1965"), ("year", "1997")
    ]  # fmt: skip
    # label: both drops right; one of the three kept years wrong -> drops 2/2, years 2/3. The
    # sets are the extractor's answers now, not the "set" column: a stale column changes nothing.
    for r in rows:
        r["label"] = "not_year" if r["set"] == "drop" or r["number"] == "1965" else "year"
        r["set"] = "drop"
    with sample.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    capsys.readouterr()
    assert year_drops.main(["--corpus", str(corpus), "--view", "text", "--labels", str(sample), "--show", "0"]) == 0
    out = capsys.readouterr().out
    assert "labelled drop: 2/2 drops that are truly not years (100.0%)" in out
    assert "labelled year: 2/3 kept years that are years (66.7%)" in out
    # labels whose number is not at its offset belong to another corpus: one line, exit 1
    rows[0]["offset"] = str(int(rows[0]["offset"]) + 1)
    with sample.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    assert year_drops.main(["--corpus", str(corpus), "--labels", str(sample), "--show", "0"]) == 1
    assert "not found at" in capsys.readouterr().err


def test_bad_input_is_one_line_and_non_zero(year_drops, tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x", "text": "ok"}\nnot json\n', encoding="utf-8")
    assert year_drops.main(["--corpus", str(bad)]) == 1
    assert capsys.readouterr().err.strip() == f"error: {bad}:2: not JSON (Expecting value)"
    assert year_drops.main(["--corpus", str(tmp_path / "missing.jsonl")]) == 1
    labels = tmp_path / "labels.csv"
    labels.write_text("view,set,paragraph_id,offset,number,label,note\ntext,drop,p1,0,2000,maybe,\n", encoding="utf-8")
    assert year_drops.main(["--corpus", str(_corpus(tmp_path)), "--labels", str(labels)]) == 1
    assert "label year|not_year" in capsys.readouterr().err


def test_numbers_no_rule_could_match_are_named_by_what_touches_them(year_drops):
    text = "The Mirage 2000C flew at 1429.297 mph for $1999 on 1500th day, a CI57-2018 show."
    rules = {c.number: c.rule for c in year_drops.audit_text(text) if not c.kept}
    assert rules == {
        "2000": "glued_to_letters",
        "1429": "decimal_or_grouped",
        "1999": "amount_sign",
        "1500": "glued_to_letters",
        "2018": "number_dash_number",
    }


def test_short_year_audit_names_the_accepting_rule_and_the_era_shaped_drops(year_drops):
    # by hand: 476 (in_year), 30 (short_date, BC), 618 and 907 (bracketed_range) are years; 300
    # (men, after a comma: no cue) and 12 (the day of a date) are not; 570 after "in" is a count (count_after),
    # an era-shaped drop
    text = "In 476, 300 men left. Cleopatra died on 12 August 30 BC. The Tang (618–907) sold in 570 facilities."
    found = [(c.number, c.kept, c.rule, c.era_shaped) for c in year_drops.audit_short_text(text, "p")]
    assert found == [
        ("476", True, "in_year", True), ("300", False, "no_rule_matched", False),
        ("12", False, "in_date", False), ("30", True, "short_date", False),
        ("618", True, "bracketed_range", False), ("907", True, "bracketed_range", False),
        ("570", False, "count_after", True),
    ]  # fmt: skip
    labels = [{"paragraph_id": "p", "offset": str(text.index("476")), "number": "476", "label": "year"},
              {"paragraph_id": "p", "offset": str(text.index("300")), "number": "300", "label": "not_year"}]
    candidates = year_drops.audit_short_text(text, "p")
    assert year_drops.short_label_precision(labels, candidates) == (1, 1, 2)  # 300 is not accepted now
