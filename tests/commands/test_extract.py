"""`ragas-temporal extract` through cli.main and capsys."""

from __future__ import annotations

import io
import json

from ragas_temporal.cli import main


def test_text_output_lists_mentions_and_focus_time(capsys):
    assert main(["extract", "From 2008 to 2010, and last year.", "--reference-date", "2019-06-01"]) == 0
    out = capsys.readouterr().out.splitlines()
    # "From 2008 to 2010" spans 0..17; "last year" 23..32 -> 2018
    assert out == [
        "[0, 17)  'From 2008 to 2010'  range  2008/2010  years 2008-2010",
        "[23, 32)  'last year'  relative  2018  years 2018",
        "focus time: 2008, 2009, 2010, 2018",
    ]


def test_json_output(capsys):
    assert main(["extract", "in 44 BC", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["years"] == [-44]
    assert data["mentions"] == [{"start": 3, "end": 8, "text": "44 BC", "kind": "year", "value": "BC0044", "years": [-44]}]
    assert data["reference_date"] is None


def test_relative_without_reference_date_shows_unresolved(capsys):
    assert main(["extract", "yesterday"]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines() == ["[0, 9)  'yesterday'  relative  UNDEF-this-day-MINUS-1  no years", "focus time: (empty)"]
    # before: no word of what would resolve it
    assert captured.err.splitlines() == [
        "hint: 1 mention has no year ('yesterday'): add --reference-date YYYY-MM-DD to resolve them"]


def test_the_hint_counts_yearless_and_relative_mentions_and_goes_with_a_reference_date(capsys):
    text = "Sales dipped the week before, on Friday, March 6, and in the third quarter; the prior year was worse. In 2015 too."
    assert main(["extract", text, "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["years"] == [2015]  # stdout is the JSON alone
    assert captured.err.splitlines() == [
        "hint: 4 mentions have no year ('the week before', 'Friday, March 6', 'the third quarter', ...): "
        "add --reference-date YYYY-MM-DD to resolve them"]
    assert main(["extract", text, "--reference-date", "2020-05-01"]) == 0
    assert capsys.readouterr().err == ""


def test_text_from_stdin(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("Founded in 1999.\n"))
    assert main(["extract", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["years"] == [1999]


def test_bad_reference_date_is_exit_2_with_message(capsys):
    assert main(["extract", "x", "--reference-date", "01/02/2019"]) == 2
    assert "ragas-temporal extract: error: reference_date must be an ISO date" in capsys.readouterr().err


def test_no_mentions(capsys):
    assert main(["extract", "nothing here"]) == 0
    assert capsys.readouterr().out.splitlines() == ["no temporal mentions", "focus time: (empty)"]
