"""Smoke test of benchmarks/scale.py on a few hundred rows: the data it writes, one case, the table's arithmetic."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pandas as pd

from ragas_temporal.batch import score_frame

SCALE = Path(__file__).resolve().parents[2] / "benchmarks" / "scale.py"


def _load_scale():
    spec = importlib.util.spec_from_file_location("benchmark_scale", SCALE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_scale_writes_rows_scores_them_and_reports_rates(tmp_path):
    scale = _load_scale()
    source = tmp_path / "rows.parquet"
    distinct = scale.write_rows(source, 300, n_docs=40)
    rows = pd.read_parquet(source)
    assert len(rows) == 300 and rows["row_id"].tolist() == list(range(300))
    assert all(len(c) == 5 for c in rows["retrieved_contexts"])
    texts = {*rows["user_input"], *rows["response"], *(d for c in rows["retrieved_contexts"] for d in c)}
    assert distinct >= len(texts)  # the corpus may hold documents no row drew

    result = scale.run_case("local", 1, source, tmp_path / "scores.parquet")
    assert result["rows"] == 300 and result["score"] > 0
    written = pd.read_parquet(tmp_path / "scores.parquet")
    expected = score_frame(rows, scale.METRICS, keep=["row_id"])
    assert written["temporal_ndcg_at_10_reason"].tolist() == expected["temporal_ndcg_at_10_reason"].tolist()

    printed = scale.table([{"engine": "local", "workers": 1, "rows": 300, "start": 1.0, "score": 0.5},
                           {"engine": "ray", "workers": 2, "error": "ray is not installed"}], 300, distinct)  # fmt: skip
    assert printed.splitlines()[2].split() == ["local", "1", "1.0", "0.5", "600"]  # 300 rows / 0.5 s
    assert "ray is not installed" in printed
    assert scale.cases(["local", "spark"], [1, 2]) == [("local", 1), ("spark", 1), ("spark", 2)]


def test_scale_rejects_non_positive_sizes(capsys):
    import pytest

    scale = _load_scale()
    for argv in (["--rows", "0"], ["--workers", "1,x"], ["--engines", "spark,hadoop"]):
        with pytest.raises(SystemExit):
            scale.main(argv)
    assert "expected positive integers" in capsys.readouterr().err
