"""``extract --language`` and ``evaluate --language`` (issue 27): a language per run, a row's column wins."""

from __future__ import annotations

import json

from ragas_temporal.cli import main

WALL = "Die Berliner Mauer fiel am 9. November 1989."
MOVED_DAY = "Die Mauer fiel am 10. November 1989."


def test_extract_reads_the_language(capsys):
    assert main(["extract", WALL, "--language", "de", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(m["text"], m["value"]) for m in out["mentions"]] == [("9. November 1989", "1989-11-09")]
    assert out["language"] == "de"


def test_extract_auto(capsys):
    assert main(["extract", "Юрий Гагарин полетел в космос 12 апреля 1961 года.", "--language", "auto"]) == 0
    assert "1961-04-12" in capsys.readouterr().out


def test_unknown_language_is_one_line_and_exit_2(capsys, tmp_path):
    assert main(["extract", "x", "--language", "xx"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "unknown language 'xx': use one of en, de" in err
    data = tmp_path / "rows.jsonl"
    data.write_text(json.dumps({"response": MOVED_DAY, "retrieved_contexts": [WALL]}) + "\n", encoding="utf-8")
    assert main(["evaluate", str(data), "--metrics", "temporal_faithfulness", "--language", "klingon"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "unknown language 'klingon'" in err


def test_evaluate_language_and_row_column(capsys, tmp_path):
    data = tmp_path / "rows.jsonl"
    rows = [
        {"response": MOVED_DAY, "retrieved_contexts": [WALL]},
        {"response": MOVED_DAY, "retrieved_contexts": [WALL], "language": "en"},  # the row's column wins
    ]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "scores.jsonl"
    assert main(["evaluate", str(data), "--metrics", "temporal_faithfulness", "--language", "de", "--output", str(out)]) == 0
    scored = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["temporal_faithfulness"] for r in scored] == [0.0, 1.0]
