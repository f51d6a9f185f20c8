"""`ragas-temporal evaluate` with hostile files and arguments: one line, exit 2, checked before scoring.

Exit codes: 2 for a problem the user can fix (argument, file), 1 when a metric scored no row
(a dead endpoint: the cause is printed, the output file is still written), never a traceback.
"""

from __future__ import annotations

import json
import os
import threading

import pytest

from ragas_temporal.cli import main
from tests.hostile.conftest import DEEP_JSON, hostile_path
from tests.support.openai_server import HTTPReply

CTX = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
ROW = {"user_input": "What happened in 2008?", "response": "It happened in 2008.", "retrieved_contexts": CTX}


def _one_line_error(capsys, code, expected_code=2):
    err = capsys.readouterr().err
    assert code == expected_code, err
    lines = [line for line in err.strip().splitlines() if "error:" in line]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.fixture
def never_scored(monkeypatch):
    """Fail the test if scoring starts: output problems must be found before the work."""
    from ragas_temporal.adapter import dataset_scoring as runner

    def refuse(*args, **kwargs):
        raise AssertionError("scoring started before the output path was checked")

    monkeypatch.setattr(runner, "_score_rows", refuse)


@pytest.mark.parametrize("kind, message", [
    ("missing_folder", "the --output folder 'nodir' does not exist"),
    ("directory", "the --output is a directory, not a file"),
    ("fifo", "the --output is a FIFO"),
    ("too_long", "cannot write the --output: File name too long"),
    ("no_suffix", "--output must end in .csv, .jsonl or .parquet"),
])
def test_output_path_is_checked_before_scoring(tmp_path, capsys, never_scored, monkeypatch, kind, message):
    monkeypatch.chdir(tmp_path)
    out = {"missing_folder": "nodir/x.csv", "directory": "d.csv", "fifo": "f.csv", "too_long": "x" * 300 + ".csv",
           "no_suffix": "scores"}[kind]
    if kind == "directory":
        os.mkdir(out)
    elif kind == "fifo":
        os.mkfifo(out)
    line = _one_line_error(capsys, main(["evaluate", "--example", "-o", out, "--no-progress"]))
    assert message in line and len(line) < 400
    assert not os.path.exists("nodir")


def test_output_check_leaves_no_file_behind(tmp_path, capsys):
    out = tmp_path / "scores.csv"
    assert main(["evaluate", str(tmp_path / "missing.jsonl"), "-o", str(out)]) == 2
    assert not out.exists()


@pytest.mark.parametrize("content, message", [
    ("5\n", "data.jsonl:1: a row must be a JSON object, got a number"),
    ("[1, 2]\n", "data.jsonl:1: a row must be a JSON object, got a list"),
    ('"text"\n', "data.jsonl:1: a row must be a JSON object, got a string"),
    (json.dumps(ROW) + "\nnull\n", "data.jsonl:2: a row must be a JSON object, got null"),
    (DEEP_JSON + "\n", "data.jsonl:1: JSON nested too deeply"),
    ('{"response": "x"\n', "data.jsonl:1: not valid JSON"),
])
def test_jsonl_lines_that_are_not_rows(tmp_path, capsys, content, message):
    path = tmp_path / "data.jsonl"
    path.write_text(content)
    assert message in _one_line_error(capsys, main(["evaluate", str(path), "--no-progress"]))


@pytest.mark.parametrize("content, message", [
    (DEEP_JSON, "data.json: JSON nested too deeply"),
    ("[5]", "data.json: row 1: a row must be a JSON object, got a number"),
    ('{"rows": []}', "data.json: a .json file must hold a list of rows"),
])
def test_json_files_that_are_not_rows(tmp_path, capsys, content, message):
    path = tmp_path / "data.json"
    path.write_text(content)
    assert message in _one_line_error(capsys, main(["evaluate", str(path), "--no-progress"]))


def test_csv_list_cell_nested_100000_deep_is_that_rows_nan(tmp_path, capsys):
    path = tmp_path / "data.csv"
    deep = DEEP_JSON
    path.write_text('user_input,response,retrieved_contexts\n"In 2008?","in 2008","[""In 2008.""]"\n'
                    f'"In 2008?","in 2008","{deep}"\n')
    out = tmp_path / "o.jsonl"
    assert main(["evaluate", str(path), "--metrics", "temporal_faithfulness", "-o", str(out), "--no-progress"]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows[0]["temporal_faithfulness"] == 1.0
    assert rows[1]["temporal_faithfulness"] is None
    assert rows[1]["temporal_faithfulness_reason"] == "retrieved_contexts must be a list of strings, got str"


@pytest.mark.parametrize("kind, message", [
    ("fifo", "data.jsonl: the data file is a FIFO (named pipe); give a regular file"),
    ("binary", "data.jsonl: the data file is not UTF-8 text"),
    ("binary_csv", "data.csv: the data file is not UTF-8 text"),
    ("too_long", "cannot open the data file: File name too long"),
])
def test_data_files_that_cannot_be_read(tmp_path, capsys, kind, message):
    path = tmp_path / ("data.csv" if kind == "binary_csv" else "data.jsonl")
    path = hostile_path(path, "binary" if kind == "binary_csv" else kind)
    # if the command opened the FIFO it would block: a late writer lets a failing test end
    unblock = threading.Timer(5.0, lambda: open(path, "w").close()) if kind == "fifo" else None
    if unblock is not None:
        unblock.start()
    try:
        line = _one_line_error(capsys, main(["evaluate", str(path), "--no-progress"]))
    finally:
        if unblock is not None:
            unblock.cancel()
    assert message in line and len(line) < 400


def test_lone_surrogate_row_is_that_rows_nan_and_the_file_is_written(tmp_path, capsys):
    path = tmp_path / "data.jsonl"
    bad = dict(ROW, response="in 2008 \ud800")  # json.dumps writes the escape "\ud800"
    path.write_text("\n".join(json.dumps(r) for r in [ROW, bad, ROW]) + "\n")
    out = tmp_path / "o.csv"
    assert main(["evaluate", str(path), "--metrics", "temporal_faithfulness", "-o", str(out), "--no-progress"]) == 0
    import pandas as pd

    frame = pd.read_csv(out)
    assert frame["temporal_faithfulness"].tolist()[::2] == [1.0, 1.0]
    assert "lone surrogate (U+D800)" in frame["temporal_faithfulness_reason"][1]
    assert frame["response"][1] == "in 2008 \ufffd"


def test_empty_metrics_says_what_it_chose(capsys):
    assert main(["evaluate", "--example", "--metrics", "", "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert "note: --metrics '' names no metric: using the defaults the data can feed: temporal_faithfulness," in err


@pytest.mark.parametrize("spec, note", [
    ("temporal_precision", "note: temporal_precision has no @K: using k=5 (temporal_precision_at_5)"),
    ("temporal_ndcg:gold", "note: temporal_ndcg:gold has no @K: using k=10 (temporal_ndcg_at_10_gold)"),
])
def test_ranking_metric_without_k_says_what_it_chose(capsys, spec, note):
    assert main(["evaluate", "--example", "--metrics", spec, "--no-progress"]) == 0
    assert note in capsys.readouterr().err


def test_metric_with_k_says_nothing(capsys):
    assert main(["evaluate", "--example", "--metrics", "temporal_precision@3", "--no-progress"]) == 0
    assert "note:" not in capsys.readouterr().err


def test_dead_endpoint_exits_1_with_the_most_common_cause_and_keeps_the_rows(tmp_path, capsys,
                                                                             openai_server_factory):
    server = openai_server_factory(lambda request: HTTPReply(503, {"error": {"message": "overloaded"}}))
    out = tmp_path / "o.jsonl"
    code = main(["evaluate", "--example", "--metrics", "temporal_faithfulness:llm", "--llm-model", "m",
                 "--base-url", server.base_url, "--llm-timeout", "5", "-o", str(out), "--no-progress"])
    line = _one_line_error(capsys, code, expected_code=1)
    assert line.startswith("ragas-temporal evaluate: error: temporal_faithfulness_llm scored no row: ")
    assert "overloaded" in line and "of 19 rows)" in line
    assert len(out.read_text().splitlines()) == 20  # every row written, with its reason
