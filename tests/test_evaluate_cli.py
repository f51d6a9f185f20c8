"""`ragas-temporal evaluate`: every data format offline, metric parsing, output files, errors."""

from __future__ import annotations

import json
import math

import pandas as pd
import pytest

from ragas_temporal.cli import main

CTX = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
ROWS = [
    # faithfulness: AFT {2008, 2009} ⊆ {2008} ∪ {2009} -> 1.0; P@5: QFT {2008}, rel [1, 0] -> 1/5
    {"user_input": "What happened in 2008?", "response": "The crisis occurred in 2008 and continued into 2009.",
     "retrieved_contexts": CTX, "retrieved_context_ids": ["a", "b"], "reference_context_ids": ["b"]},
    # faithfulness: AFT {2007, 2010}, none supported -> 0.0; P@5 as above -> 1/5
    {"user_input": "What happened in 2008?", "response": "The crisis started in 2007 and ended in 2010.",
     "retrieved_contexts": CTX, "retrieved_context_ids": ["a", "b"], "reference_context_ids": ["b"]},
]
METRICS = "temporal_faithfulness,temporal_precision@5,temporal_precision@5:gold"


def table_row(printed: str, name: str) -> list[str]:
    """The cells of the summary-table line of metric ``name``."""
    for line in printed.splitlines():
        cells = line.split()
        if cells and cells[0] == name:
            return cells[1:]
    raise AssertionError(f"no table row for {name} in:\n{printed}")


def write_jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def scores_of(path):
    frame = pd.read_csv(path) if path.suffix == ".csv" else pd.read_json(path, lines=True)
    return frame


def check_seed_scores(frame):
    assert frame["temporal_faithfulness"].tolist() == [1.0, 0.0]
    assert frame["temporal_precision_at_5"].tolist() == pytest.approx([0.2, 0.2])
    # gold: ids [a, b], gold {b}: rel [0, 1] -> 1/5
    assert frame["temporal_precision_at_5_gold"].tolist() == pytest.approx([0.2, 0.2])
    assert frame["temporal_faithfulness_reason"][1] == "answer years 2007, 2010 not found in the retrieved contexts"


def test_jsonl_to_csv(tmp_path, capsys):
    data = write_jsonl(tmp_path / "data.jsonl", ROWS)
    out = tmp_path / "scores.csv"
    assert main(["evaluate", str(data), "--metrics", METRICS, "--output", str(out)]) == 0
    printed = capsys.readouterr().out
    # means: faithfulness (1 + 0) / 2 = 0.5; precision 0.2
    assert table_row(printed, "temporal_faithfulness") == ["0.5000", "2", "0"]  # mean, scored, NaN
    assert table_row(printed, "temporal_precision_at_5") == ["0.2000", "2", "0"]
    frame = scores_of(out)
    check_seed_scores(frame)
    assert json.loads(frame["retrieved_contexts"][0]) == CTX  # list cells written as JSON


def test_csv_with_json_and_python_list_cells_to_jsonl(tmp_path):
    frame = pd.DataFrame(ROWS)
    frame["retrieved_contexts"] = [json.dumps(CTX), repr(CTX)]  # JSON, then ragas's to_csv style
    for column in ("retrieved_context_ids", "reference_context_ids"):
        frame[column] = frame[column].map(json.dumps)
    data = tmp_path / "data.csv"
    frame.to_csv(data, index=False)
    out = tmp_path / "scores.jsonl"
    assert main(["evaluate", str(data), "--metrics", METRICS, "-o", str(out), "--no-progress"]) == 0
    check_seed_scores(scores_of(out))


def test_save_to_disk_folder_and_dataset_dict_split(tmp_path):
    from datasets import Dataset, DatasetDict

    Dataset.from_list(ROWS).save_to_disk(str(tmp_path / "single"))
    out = tmp_path / "a.csv"
    assert main(["evaluate", str(tmp_path / "single"), "--metrics", METRICS, "-o", str(out), "--no-progress"]) == 0
    check_seed_scores(scores_of(out))

    DatasetDict({"test": Dataset.from_list(ROWS), "train": Dataset.from_list(ROWS[:1])}).save_to_disk(str(tmp_path / "dd"))
    out = tmp_path / "b.csv"
    assert main(["evaluate", str(tmp_path / "dd"), "--split", "test", "--metrics", METRICS, "-o", str(out)]) == 0
    check_seed_scores(scores_of(out))


def test_dataset_dict_without_split_is_a_clean_error(tmp_path, capsys):
    from datasets import Dataset, DatasetDict

    DatasetDict({"test": Dataset.from_list(ROWS), "train": Dataset.from_list(ROWS)}).save_to_disk(str(tmp_path / "dd"))
    assert main(["evaluate", str(tmp_path / "dd")]) == 2
    assert "choose one with --split" in capsys.readouterr().err


def test_hf_loads_with_the_given_arguments(monkeypatch, tmp_path):
    from datasets import Dataset

    import ragas_temporal.commands.evaluate as command

    calls = []

    def fake_load(name, config, split):
        calls.append((name, config, split))
        return Dataset.from_list(ROWS)

    monkeypatch.setattr(command, "load_hf_dataset", fake_load)
    out = tmp_path / "s.csv"
    argv = ["evaluate", "--hf", "someone/temporal-rag", "--hf-config", "v1", "--split", "test", "--metrics", METRICS, "-o", str(out)]
    assert main(argv) == 0
    assert calls == [("someone/temporal-rag", "v1", "test")]
    check_seed_scores(scores_of(out))


def test_example_runs_every_default_metric(tmp_path, capsys):
    out = tmp_path / "example.jsonl"
    assert main(["evaluate", "--example", "-o", str(out), "--no-progress"]) == 0
    printed = capsys.readouterr().out
    for name in ("temporal_faithfulness", "temporal_precision_at_5", "temporal_recall_at_5", "temporal_ndcg_at_10",
                 "temporal_mrr_at_10", "temporal_map_at_10", "answer_temporal_recall"):
        assert len(table_row(printed, name)) == 3
    frame = scores_of(out)
    assert len(frame) == 20 and frame["temporal_faithfulness_reason"].notna().all()


def test_reference_date_flag_and_row_field(tmp_path):
    rows = [
        {"response": "Prices peaked last year.", "retrieved_contexts": ["Prices peaked in 2023."]},
        {"response": "Prices peaked last year.", "retrieved_contexts": ["Prices peaked in 2023."], "reference_date": "2021-01-01"},
    ]
    data = write_jsonl(tmp_path / "d.jsonl", rows)
    out = tmp_path / "s.csv"
    assert main(["evaluate", str(data), "--metrics", "temporal_faithfulness", "--reference-date", "2024-06-01", "-o", str(out)]) == 0
    # row 1: 2024 -> "last year" = 2023, grounded; row 2's own date 2021 -> 2020, not grounded
    assert scores_of(out)["temporal_faithfulness"].tolist() == [1.0, 0.0]


def test_default_metrics_skip_what_the_data_cannot_feed(tmp_path, capsys):
    data = write_jsonl(tmp_path / "d.jsonl", [{"response": "In 2008.", "retrieved_contexts": CTX}])
    assert main(["evaluate", str(data), "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert "skipping temporal_precision_at_5: the data has no user_input" in captured.err
    assert table_row(captured.out, "temporal_faithfulness") == ["1.0000", "1", "0"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["evaluate", "missing.jsonl"], "no such file or folder: missing.jsonl"),
        (["evaluate"], "give exactly one of DATA, --example or --hf NAME"),
        (["evaluate", "--example", "--metrics", "temporal_precison@5"], "unknown metric 'temporal_precison@5'"),
        (["evaluate", "--example", "--metrics", "temporal_ndcg@0"], "k must be a positive integer"),
        (["evaluate", "--example", "-o", "scores.parquet"], "--output must end in .csv or .jsonl"),
        (["evaluate", "--example", "--reference-date", "last week"], "--reference-date must be a date"),
        (["evaluate", "--example", "--metrics", "temporal_faithfulness:llm"], "mode='llm' needs an LLM"),
    ],
)
def test_clean_errors(argv, message, capsys):
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_missing_column_for_a_requested_metric(tmp_path, capsys):
    data = write_jsonl(tmp_path / "d.jsonl", [{"response": "In 2008."}])
    assert main(["evaluate", str(data), "--metrics", "temporal_faithfulness"]) == 2
    assert "needs column(s) retrieved_contexts" in capsys.readouterr().err


def test_bad_rows_are_scored_nan_not_dropped(tmp_path):
    rows = [ROWS[0], {**ROWS[0], "retrieved_contexts": []}, {**ROWS[0], "response": ""}]
    data = write_jsonl(tmp_path / "d.jsonl", rows)
    out = tmp_path / "s.jsonl"
    assert main(["evaluate", str(data), "--metrics", "temporal_faithfulness", "-o", str(out)]) == 0
    frame = scores_of(out)
    assert len(frame) == 3 and frame["temporal_faithfulness"][0] == 1.0
    assert all(math.isnan(v) for v in frame["temporal_faithfulness"][1:])
    assert frame["temporal_faithfulness_reason"].tolist()[1:] == ["retrieved_contexts is empty", "response is empty"]
