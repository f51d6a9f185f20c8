"""`ragas-temporal evaluate --engine spark|ray` and Parquet in/out: the local run's scores, one-line errors."""

from __future__ import annotations

import json
import math
import sys

import pandas as pd
import pytest

from ragas_temporal.cli import main
from ragas_temporal.data import example_rows
from ragas_temporal.metrics import metrics_from_spec, score_dataset

METRICS = "temporal_faithfulness,temporal_ndcg@10,temporal_precision@5:gold"


@pytest.fixture()
def example_files(tmp_path):
    rows = example_rows()
    parquet, jsonl = tmp_path / "rows.parquet", tmp_path / "rows.jsonl"
    pd.DataFrame(rows).to_parquet(parquet)
    jsonl.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return rows, parquet, jsonl


def _expected(rows):
    return score_dataset(rows, metrics_from_spec(METRICS))


def _same(got: pd.DataFrame, expected: pd.DataFrame) -> None:
    for m in metrics_from_spec(METRICS):
        for a, b in zip(got[m.name].tolist(), expected[m.name].tolist()):
            assert (pd.isna(a) and math.isnan(b)) or a == b, m.name
        assert got[f"{m.name}_reason"].tolist() == expected[f"{m.name}_reason"].tolist()


def _in_input_order(frame: pd.DataFrame, rows: list[dict]) -> pd.DataFrame:
    # engines write parts in any order; the example's (user_input, response) pairs are unique
    key = [(r["user_input"], r["response"]) for r in rows]
    position = {k: i for i, k in enumerate(key)}
    frame = frame.assign(_pos=[position[(u, r)] for u, r in zip(frame["user_input"], frame["response"])])
    return frame.sort_values("_pos").reset_index(drop=True)


def test_local_engine_reads_and_writes_parquet(example_files, tmp_path, capsys):
    rows, parquet, _ = example_files
    out = tmp_path / "scores.parquet"
    assert main(["evaluate", str(parquet), "--metrics", METRICS, "--no-progress", "-o", str(out)]) == 0
    _same(pd.read_parquet(out), _expected(rows))


def test_spark_engine_gives_the_local_scores(spark, example_files, tmp_path, capsys):
    rows, parquet, _ = example_files
    out = tmp_path / "scores.parquet"
    assert main(["evaluate", str(parquet), "--engine", "spark", "--metrics", METRICS, "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    _same(_in_input_order(pd.read_parquet(out), rows), _expected(rows))
    # the summary table, summed by Spark: faithfulness 19 of 20 rows scored (one answer has no year)
    line = next(x for x in printed.splitlines() if x.startswith("temporal_faithfulness "))
    expected = _expected(rows)["temporal_faithfulness"]
    assert line.split()[1:] == [f"{expected.mean():.4f}", "19", "1"]


def test_ray_engine_gives_the_local_scores_from_jsonl(ray_local, example_files, tmp_path, capsys):
    rows, _, jsonl = example_files
    out = tmp_path / "scores.parquet"
    assert main(["evaluate", str(jsonl), "--engine", "ray", "--metrics", METRICS, "-o", str(out)]) == 0
    _same(_in_input_order(pd.read_parquet(out), rows), _expected(rows))
    assert "20 rows, 3 metrics (ray)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--engine", "spark", "--metrics", "temporal_faithfulness:hybrid"], "calls an LLM"),
        (["--engine", "ray", "--offline-judge"], "run LLM modes with --engine local"),
        (["--engine", "spark", "-o", "scores.csv"], "--output with --engine spark must end in .parquet or .jsonl"),
        (["--engine", "bogus"], None),
    ],
)
def test_engine_errors_are_one_line_before_any_engine_starts(argv, message, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspark", None)  # were an engine started, the test would fail on import
    monkeypatch.setitem(sys.modules, "ray", None)
    if message is None:  # argparse's own error for a bad choice
        with pytest.raises(SystemExit):
            main(["evaluate", "--example", *argv])
        assert "invalid choice" in capsys.readouterr().err
        return
    assert main(["evaluate", "--example", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err, err


def test_a_missing_extra_is_named_in_one_line(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspark", None)  # import pyspark now raises ImportError
    assert main(["evaluate", "--example", "--engine", "spark"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "ragas-temporal evaluate: error: pyspark is not installed: pip install 'ragas-temporal[spark]'"
