"""`run_probe` on interrupted and concurrent runs: no record lost, no row asked twice."""

from __future__ import annotations

import fcntl
import json

import pytest

from ragas_temporal.tecfap import build_probe, load_example, run_probe
from ragas_temporal.llm.append_store import StoreBusy as PredictionsFileBusy
from tests.support.fake_llm import ScriptedLLM


@pytest.fixture(scope="module")
def rows():
    return build_probe(load_example(), split="test")  # 54 rows


def _gold(rows):
    table = {r.prompt: r.gold for r in rows}
    return lambda prompt: table[prompt]


def _lines(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_torn_last_line_is_repaired_and_its_row_redone(rows, tmp_path):
    out = tmp_path / "preds.jsonl"
    run_probe(rows[:10], ScriptedLLM(_gold(rows)), out=out, show_progress=False)
    text = out.read_text(encoding="utf-8")
    last_line = text.splitlines()[-1]
    torn_row = json.loads(last_line)["row_id"]
    out.write_text(text[: len(text) - len(last_line) // 2 - 1], encoding="utf-8")  # killed mid-write

    llm = ScriptedLLM(_gold(rows))
    with pytest.warns(UserWarning, match=r"removed a torn last line .* its row is asked again"):
        records = run_probe(rows[:12], llm, out=out, show_progress=False)
    assert llm.calls == 3  # the torn row and the two new ones
    assert len(records) == 12 and all(r["error"] is None for r in records)
    stored = _lines(out)  # every line parses: the torn fragment is gone
    assert len(stored) == 12
    assert sorted(r["row_id"] for r in stored) == sorted(r.row_id for r in rows[:12])
    assert torn_row in {r["row_id"] for r in stored[-3:]}


def test_complete_last_record_without_newline_is_kept(rows, tmp_path):
    out = tmp_path / "preds.jsonl"
    run_probe(rows[:4], ScriptedLLM(_gold(rows)), out=out, show_progress=False)
    out.write_text(out.read_text(encoding="utf-8").rstrip("\n"), encoding="utf-8")
    llm = ScriptedLLM(_gold(rows))
    run_probe(rows[:5], llm, out=out, show_progress=False)
    assert llm.calls == 1 and len(_lines(out)) == 5


def test_second_run_on_the_same_file_refuses_before_asking(rows, tmp_path):
    out = tmp_path / "preds.jsonl"
    out.write_text("")
    with open(out, "a") as first_run:  # another run holds the file
        fcntl.flock(first_run.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        llm = ScriptedLLM(_gold(rows))
        with pytest.raises(PredictionsFileBusy, match=r"is being written by another run; wait for it"):
            run_probe(rows, llm, out=out, show_progress=False)
        assert llm.calls == 0
    # the lock is gone with the first run: the second one goes ahead
    run_probe(rows[:3], ScriptedLLM(_gold(rows)), out=out, show_progress=False)
    assert len(_lines(out)) == 3


def test_lock_is_released_when_a_run_fails(rows, tmp_path):
    out = tmp_path / "preds.jsonl"
    out.write_text('{"relation": Infinity, "pattern_id": "p", "direction": "forward", "key_step": 0}\n')
    with pytest.raises(ValueError, match=r"preds.jsonl:1: relation: expected an integer, got inf"):
        run_probe(rows[:2], ScriptedLLM(_gold(rows)), out=out, show_progress=False)
    with open(out, "a") as probe:  # not left locked
        fcntl.flock(probe.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


@pytest.mark.parametrize("kind", ["directory", "fifo"])
def test_out_that_is_not_a_regular_file(rows, tmp_path, kind):
    import os

    out = tmp_path / "preds.jsonl"
    out.mkdir() if kind == "directory" else os.mkfifo(out)
    llm = ScriptedLLM(_gold(rows))
    with pytest.raises(ValueError, match="predictions file is (a directory|a FIFO)"):
        run_probe(rows[:2], llm, out=out, show_progress=False)
    assert llm.calls == 0


def test_a_reply_holding_unicode_line_separators_stays_one_record(rows, tmp_path):
    # issue 25 item 5, before: U+2028 in a reply was written raw, read back as two broken lines:
    # the row was skipped with a warning, `tecfap score` used 53 of 54 rows, and --resume asked it again
    from ragas_temporal.tecfap.records import read_predictions

    out = tmp_path / "preds.jsonl"
    odd = {rows[0].prompt: f"{rows[0].gold}\u2028(line\u2029break\u0085)"}
    reply = lambda prompt: odd.get(prompt, _gold(rows)(prompt))  # noqa: E731
    run_probe(rows[:3], ScriptedLLM(reply), out=out, show_progress=False)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no "skipped a line" warning
        stored = read_predictions(out)
    assert len(stored) == 3
    first = next(r for r in stored if r["prompt"] == rows[0].prompt)
    assert "\u2028(line\u2029break\u0085)" in first["raw_response"]
    llm = ScriptedLLM(reply)
    run_probe(rows[:3], llm, out=out, show_progress=False)
    assert llm.calls == 0  # resumed: nothing asked again
