"""`ragas-temporal tecfap run|score` with hostile files: one line naming the problem, exit code 2.

Exit codes: 2 for a problem the user can fix (an argument or a file), 1 when every row failed
(the cause is printed), never a traceback.
"""

from __future__ import annotations

import json

import pytest

from ragas_temporal.cli import main
from ragas_temporal.tecfap import build_probe, load_example
from tests.hostile.conftest import hostile_path
from tests.support.openai_server import HTTPReply


def _record(**changes):
    row = build_probe(load_example(), split="test")[0].to_dict()
    row.update(prediction=row["gold"], error=None, **changes)
    return row


def _one_line_error(capsys, code, expected_code=2):
    err = capsys.readouterr().err
    assert code == expected_code, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize("literal", ["Infinity", "-Infinity", "NaN", "1e400"])
@pytest.mark.parametrize("field", ["relation", "key_step"])
def test_score_non_finite_number_in_a_key_field(tmp_path, capsys, field, literal):
    path = tmp_path / "preds.jsonl"
    good = json.dumps(_record())
    bad = json.dumps(_record(**{field: 999})).replace(": 999", f": {literal}")
    path.write_text(good + "\n" + bad + "\n")
    line = _one_line_error(capsys, main(["tecfap", "score", str(path)]))
    assert f"preds.jsonl:2: {field}: expected an integer" in line


def test_score_non_finite_number_in_another_field_is_just_data(tmp_path, capsys):
    path = tmp_path / "preds.jsonl"
    path.write_text(json.dumps(_record(attempts=1)).replace('"attempts": 1', '"attempts": 1e400') + "\n")
    assert main(["tecfap", "score", str(path)]) == 0


def test_score_a_deeply_nested_line_is_skipped_with_a_warning(tmp_path, capsys):
    path = tmp_path / "preds.jsonl"
    path.write_text(json.dumps(_record()) + "\n" + "[" * 100_000 + "]" * 100_000 + "\n")
    assert main(["tecfap", "score", str(path)]) == 0
    assert "preds.jsonl:2: skipped a line that is JSON nested too deeply" in capsys.readouterr().err


@pytest.mark.parametrize("kind, message", [
    ("directory", "the predictions file is a directory, not a file"),
    ("fifo", "the predictions file is a FIFO (named pipe); give a regular file"),
    ("binary", "the predictions file is not UTF-8 text"),
    ("too_long", "cannot open the predictions file: File name too long"),
])
def test_score_input_that_is_not_a_readable_file(tmp_path, capsys, kind, message):
    path = hostile_path(tmp_path / "preds.jsonl", kind)
    line = _one_line_error(capsys, main(["tecfap", "score", str(path)]))
    assert message in line and len(line) < 400


@pytest.mark.parametrize("kind, message", [
    ("directory", "the predictions file is a directory"),
    ("fifo", "the predictions file is a FIFO"),
    ("too_long", "File name too long"),
])
def test_run_out_that_is_not_a_writable_file(tmp_path, capsys, kind, message):
    out = hostile_path(tmp_path / "preds.jsonl", kind)
    code = main(["tecfap", "run", "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--no-progress",
                 "--out", str(out)])
    assert message in _one_line_error(capsys, code)


@pytest.mark.parametrize("kind, message", [
    ("directory", "the context descriptions file is a directory"),
    ("fifo", "the context descriptions file is a FIFO"),
    ("deep", "JSON nested too deeply"),
])
def test_run_context_descriptions_hostile(tmp_path, capsys, kind, message):
    path = hostile_path(tmp_path / "desc.json", kind)
    code = main(["tecfap", "run", "--model", "m", "--context-descriptions", str(path), "--out", str(tmp_path / "o")])
    assert message in _one_line_error(capsys, code)


def test_run_data_path_too_long(tmp_path, capsys):
    code = main(["tecfap", "run", "--data", "d" * 5000, "--model", "m", "--out", str(tmp_path / "o.jsonl")])
    line = _one_line_error(capsys, code)
    assert "File name too long" in line and len(line) < 600


def test_run_data_with_a_broken_index(tmp_path, capsys, temp_cofac):
    (temp_cofac / "test_index.csv").write_text("test_index\n1e400\n")
    code = main(["tecfap", "run", "--data", str(temp_cofac), "--model", "m", "--out", str(tmp_path / "o.jsonl")])
    assert "test_index.csv: test_index (line 2): expected an integer, got '1e400'" in _one_line_error(capsys, code)


def test_run_where_every_row_fails_exits_1_with_the_most_common_cause(openai_server_factory, tmp_path, capsys):
    server = openai_server_factory(lambda request: HTTPReply(404, {"error": {"message": "model 'nope' not found"}}))
    out = tmp_path / "preds.jsonl"
    code = main(["tecfap", "run", "--model", "nope", "--base-url", server.base_url, "--max-retries", "0",
                 "--no-progress", "--out", str(out)])
    captured = capsys.readouterr()
    assert code == 1, captured.err
    assert "54 rows (54 failed)" in captured.out
    line = captured.err.strip().splitlines()[-1]
    assert line.startswith("ragas-temporal tecfap: error: every row failed: OpenAIModelNotFoundError: ")
    assert "model 'nope' not found" in line and "(54 of 54 rows)" in line
    assert len(out.read_text().splitlines()) == 54  # the failures are still recorded


def test_run_where_some_rows_fail_exits_0(openai_server_factory, tmp_path, capsys):
    calls = []

    def flaky(request):
        calls.append(1)
        return HTTPReply(500, {"error": {"message": "boom"}}) if len(calls) % 2 else "x"

    server = openai_server_factory(flaky)
    code = main(["tecfap", "run", "--model", "m", "--base-url", server.base_url, "--max-retries", "0",
                 "--max-concurrency", "1", "--no-progress", "--out", str(tmp_path / "p.jsonl")])
    assert code == 0
    assert "rerun the same command to retry the 27 failed row(s)" in capsys.readouterr().err


@pytest.mark.parametrize("option, value", [("--timeout", "1e400"), ("--timeout", "inf"), ("--timeout", "0"),
                                           ("--max-concurrency", "0"), ("--max-retries", "-1")])
def test_run_numeric_options_out_of_range_are_usage_errors(tmp_path, capsys, option, value):
    with pytest.raises(SystemExit) as exited:
        main(["tecfap", "run", "--model", "m", option, value, "--out", str(tmp_path / "o.jsonl")])
    assert exited.value.code == 2
    assert f"argument {option}: must be a" in capsys.readouterr().err


def test_run_on_a_file_another_run_is_writing_refuses_in_one_line(tmp_path, capsys, openai_server_factory):
    import fcntl

    server = openai_server_factory(lambda request: "x")
    out = tmp_path / "preds.jsonl"
    out.write_text("")
    with open(out, "a") as other_run:
        fcntl.flock(other_run.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        code = main(["tecfap", "run", "--model", "m", "--base-url", server.base_url, "--no-progress",
                     "--out", str(out)])
    line = _one_line_error(capsys, code)
    assert "preds.jsonl is being written by another run; wait for it to finish, or write to another --out" in line
    assert server.requests == []  # refused before asking anything
