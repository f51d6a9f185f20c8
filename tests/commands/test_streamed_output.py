"""`evaluate` streams its rows (issue 36): memory does not grow with the row count, and a Parquet
output holds what CSV and JSON Lines hold.

- Item 7: a Parquet output with a column of mixed types (ids ``1`` and ``"b"``) or a nested value
  in one row made every judge call, then exited 2 with "Could not convert 'b' with type str"
  (and ``--resume`` failed the same way). Such a column is now written as text, as in CSV.
- The run reads, scores and writes a batch of rows at a time: a batch is read only when the one
  before it is written (``benchmarks/evaluate_memory.py`` measures the peak RSS; before, every row
  was held at once, 2.5 KB a row).
"""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pytest
import pyarrow.parquet as pq

from ragas_temporal.cli import main
from ragas_temporal.data.readers import read_rows

CTX = ["In 2008, Lehman Brothers collapsed."]
JUDGED = "temporal_faithfulness:llm"


def write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def mixed_rows() -> list[dict]:
    return [
        {"id": 1, "meta": "plain", "response": "It began in 2008.", "retrieved_contexts": CTX},
        {"id": "b", "meta": {"source": "wiki", "rank": 2}, "response": "It began in 2007.", "retrieved_contexts": CTX},
    ]


def evaluate(data: Path, out: Path, *extra: str) -> int:
    return main(["evaluate", str(data), "--metrics", JUDGED, "--offline-judge", "--no-progress",
                 "--max-concurrency", "1", "-o", str(out), *extra])


def test_a_parquet_output_writes_a_mixed_type_or_nested_column_as_text(tmp_path, capsys):
    # before: every judge call made, then exit 2: "Could not convert 'b' with type str: tried to convert to int64"
    data = write_jsonl(tmp_path / "d.jsonl", mixed_rows())
    out = tmp_path / "out.parquet"
    assert evaluate(data, out) == 0, capsys.readouterr().err
    table = pq.read_table(out)
    assert str(table.schema.field("id").type) == "string" and str(table.schema.field("meta").type) == "string"
    back = table.to_pylist()
    assert [r["id"] for r in back] == ["1", "b"]  # as the CSV output writes them
    assert [r["meta"] for r in back] == ["plain", '{"source": "wiki", "rank": 2}']
    assert [r["temporal_faithfulness_llm"] for r in back] == [1.0, 0.0]  # 2008 stated; 2007 contradicted
    assert str(table.schema.field("temporal_faithfulness_llm").type) == "double"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.jsonl", "out.parquet"]


def test_a_resumed_run_writes_the_mixed_column_too(tmp_path, capsys, monkeypatch):
    from ragas_temporal.commands.partial_output import PartialOutput

    data = write_jsonl(tmp_path / "d.jsonl", mixed_rows())
    out = tmp_path / "out.parquet"
    add = PartialOutput.add

    def add_then_interrupt(self, key, record):  # Ctrl-C right after the first row is kept
        add(self, key, record)
        raise KeyboardInterrupt

    monkeypatch.setattr(PartialOutput, "add", add_then_interrupt)
    assert evaluate(data, out) == 130
    monkeypatch.setattr(PartialOutput, "add", add)
    assert evaluate(data, out, "--resume") == 0, capsys.readouterr().err
    assert "resuming: 1 of 2 rows already scored" in capsys.readouterr().out
    back = pq.read_table(out).to_pylist()
    assert [(r["id"], r["temporal_faithfulness_llm"]) for r in back] == [("1", 1.0), ("b", 0.0)]


def test_a_column_of_one_type_keeps_it_across_batches(tmp_path):
    from ragas_temporal.data.readers import BATCH_ROWS

    # ints in the first batch, floats and nulls in the next: one double column; lists stay lists
    rows = [{"id": i, "weight": (i if i < BATCH_ROWS else i + 0.5) if i % 7 else None,
             "response": "It began in 2008.", "retrieved_contexts": CTX} for i in range(BATCH_ROWS + 10)]
    data = write_jsonl(tmp_path / "d.jsonl", rows)
    out = tmp_path / "out.parquet"
    assert main(["evaluate", str(data), "--metrics", "temporal_faithfulness", "--no-progress", "-o", str(out)]) == 0
    table = pq.read_table(out)
    assert str(table.schema.field("weight").type) == "double" and str(table.schema.field("id").type) == "int64"
    assert pa.types.is_list(table.schema.field("retrieved_contexts").type)
    assert table.schema.field("retrieved_contexts").type.value_type == pa.string()
    back = table.to_pylist()
    assert back[1]["weight"] == 1.0 and back[BATCH_ROWS + 2]["weight"] == BATCH_ROWS + 2.5 and back[7]["weight"] is None
    assert back == read_rows(out)


def test_jsonl_is_read_a_batch_at_a_time_with_the_same_rows_and_errors(tmp_path):
    from ragas_temporal.data.readers import BATCH_ROWS, iter_row_batches

    rows = [{"id": i, "response": f"In {1900 + i}.\u2028next"} for i in range(2 * BATCH_ROWS + 3)]
    data = write_jsonl(tmp_path / "d.jsonl", rows)
    batches = list(iter_row_batches(data))
    assert [len(b) for b in batches] == [BATCH_ROWS, BATCH_ROWS, 3]
    assert [r for b in batches for r in b] == read_rows(data) == rows
    data.write_bytes(data.read_bytes() + b'{"id": "x", "response": "caf\xe9"}\n')
    try:
        list(iter_row_batches(data))
    except ValueError as exc:
        assert str(exc).endswith("the data file is not UTF-8 text (byte %d); is it a binary file?"
                                 % (len(data.read_bytes()) - 4))
    else:
        raise AssertionError("a Latin-1 byte was read")


@pytest.mark.parametrize("metrics", ["temporal_faithfulness", JUDGED])
@pytest.mark.parametrize("suffix", [".jsonl", ".csv", ".parquet"])
def test_a_run_holds_one_batch_of_rows_at_a_time(tmp_path, monkeypatch, metrics, suffix):
    # before: every row was read, then scored, then written (read-ahead = the whole input); now a
    # batch is read only when the one before it is written. Batches of 10 rows, 95 rows.
    from ragas_temporal.data import readers, writers

    real_batches, real_write = readers.iter_row_batches, writers.RowsWriter.write
    rows = [{"id": i, "response": f"It began in {2000 + i % 4}.", "retrieved_contexts": [f"In {2000 + i % 3}."]}
            for i in range(95)]
    data = write_jsonl(tmp_path / "d.jsonl", rows)
    counts = {"read": 0, "written": 0, "ahead": []}

    def batches(path, split=None, size=None):
        for batch in real_batches(path, split, size=10):
            counts["read"] += len(batch)
            yield batch

    def write(self, records):
        records = list(records)
        counts["written"] += len(records)
        counts["ahead"].append(counts["read"] - counts["written"])
        real_write(self, records)

    monkeypatch.setattr(readers, "iter_row_batches", batches)
    monkeypatch.setattr(writers.RowsWriter, "write", write)
    out = tmp_path / f"out{suffix}"
    extra = ["--offline-judge"] if metrics == JUDGED else []
    assert main(["evaluate", str(data), "--metrics", metrics, "--no-progress", "-o", str(out), *extra]) == 0
    # the first pass read all 95 rows; then each batch was written before the next was read
    assert counts["written"] == 95 and counts["ahead"] == [95] * 10
    assert [int(r["id"]) for r in read_rows(out)] == list(range(95))


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_an_interrupt_while_the_output_file_is_opened_leaves_no_temporary_file(tmp_path, monkeypatch, suffix):
    # before: SIGTERM (raised as an exception) inside __enter__, after the temporary file was created,
    # left it behind: ``with`` calls __exit__ only once __enter__ has returned (seen under load in CI)
    from ragas_temporal.data import writers

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(writers, "_write_csv", interrupted)  # the csv header is written in __enter__
    real_open = open
    if suffix != ".csv":  # no header: interrupt the wrapping of the new file's descriptor instead
        monkeypatch.setattr(writers, "open", lambda *a, **k: interrupted() if isinstance(a[0], int) else real_open(*a, **k),
                            raising=False)
    (tmp_path / f"out{suffix}").write_text("previous")
    with pytest.raises(KeyboardInterrupt):
        with writers.RowsWriter(tmp_path / f"out{suffix}", ["id"]):
            pass
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"out{suffix}"]
    assert (tmp_path / f"out{suffix}").read_text() == "previous"
