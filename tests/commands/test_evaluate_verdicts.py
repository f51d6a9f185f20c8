"""ragas-temporal evaluate --verdicts: the per-claim verdict column in every output format."""

from __future__ import annotations

import json

import pandas as pd

from ragas_temporal.cli import main

ROW = {"response": "Einstein was born on 20th March 1879 in Ulm.",
       "retrieved_contexts": ["Albert Einstein (born 14 March 1879) was a physicist."]}
EXPECTED = [{"claim": "20th March 1879", "verdict": "NOT_SUPPORTED", "credit": 0.0, "note": "the contexts give 14 March 1879"}]


def test_verdicts_flag_adds_the_column_as_json(tmp_path, capsys) -> None:
    data = tmp_path / "rows.jsonl"
    data.write_text(json.dumps(ROW) + "\n", encoding="utf-8")
    out_jsonl, out_csv, plain = tmp_path / "out.jsonl", tmp_path / "out.csv", tmp_path / "plain.jsonl"
    args = [str(data), "--metrics", "temporal_faithfulness", "--no-progress"]
    assert main(["evaluate", *args, "--verdicts", "-o", str(out_jsonl)]) == 0
    assert json.loads(out_jsonl.read_text(encoding="utf-8"))["temporal_faithfulness_verdicts"] == EXPECTED
    assert main(["evaluate", *args, "--verdicts", "-o", str(out_csv)]) == 0
    assert json.loads(pd.read_csv(out_csv)["temporal_faithfulness_verdicts"][0]) == EXPECTED
    assert main(["evaluate", *args, "-o", str(plain)]) == 0  # opt-in: absent by default
    assert "temporal_faithfulness_verdicts" not in json.loads(plain.read_text(encoding="utf-8"))


def test_verdicts_without_an_output_file_is_refused_before_any_work(tmp_path, capsys) -> None:
    data = tmp_path / "rows.jsonl"
    data.write_text(json.dumps(ROW) + "\n", encoding="utf-8")
    assert main(["evaluate", str(data), "--metrics", "temporal_faithfulness", "--no-progress", "--verdicts"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["ragas-temporal evaluate: error: --verdicts adds a column to the per-row output: give --output PATH (.csv, .jsonl or .parquet)"]
    out = tmp_path / "out.jsonl"
    args = [str(data), "--metrics", "temporal_faithfulness", "--verdicts", "-o", str(out), "--engine", "spark"]
    assert main(["evaluate", *args]) == 2
    assert "--verdicts runs on the local engine only" in capsys.readouterr().err
    assert not out.exists()
