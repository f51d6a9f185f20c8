"""`ragas-temporal extract` with hostile input: output or one line with exit code 2."""

from __future__ import annotations

import io
import json

import pytest

from ragas_temporal.cli import main


def test_undecodable_argument_bytes_are_extracted_and_printed(capsys):
    # a byte that is not UTF-8 reaches argv as a lone surrogate (surrogateescape)
    assert main(["extract", "in 2008 \udcff", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["years"] == [2008]


def test_binary_stdin_is_one_line(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"in 2008 \xff\xfe"), encoding="utf-8"))
    code = main(["extract", "-"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "can't decode byte 0xff" in err


@pytest.mark.parametrize("date, message", [
    ("99999-99-99", "must be an ISO date 'YYYY-MM-DD'"),
    ("2024-02-30", "is not a valid date"),
    ("x" * 5000, "must be an ISO date"),
])
def test_bad_reference_date_is_one_short_line(capsys, date, message):
    code = main(["extract", "last year", "--reference-date", date])
    line = capsys.readouterr().err.strip()
    assert code == 2 and message in line and "\n" not in line and len(line) <= 600
