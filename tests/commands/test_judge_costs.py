"""What a judged run costs and keeps (issue 36): a damaged cache, the cost line, reply caps.

Through the CLI and the loopback OpenAI-compatible server, whose requests are recorded.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from ragas_temporal.cli import main
from ragas_temporal.judging.usage import MeteredDiskCache
from tests.commands.test_evaluate import ROWS, scores_of, write_jsonl

CLAIMS_REPLY = json.dumps({"claims": [
    {"claim": "The crisis occurred in 2008.", "verdict": "SUPPORTED", "reason": "stated", "quote": ""},
    {"claim": "It continued into 2009.", "verdict": "PARTIALLY_SUPPORTED", "reason": "year only", "quote": ""},
]})


def evaluate(tmp_path, server, *extra):
    data = write_jsonl(tmp_path / "d.jsonl", ROWS[:1])
    out = tmp_path / "s.jsonl"
    argv = ["evaluate", str(data), "--metrics", "temporal_faithfulness:llm", "--llm-model", "m",
            "--base-url", server.base_url, "-o", str(out), "--no-progress", *extra]
    return main(argv), out


# --- a damaged cache -------------------------------------------------------------------------------
def _overwrite(folder):
    (folder / "cache.db").write_bytes(b"this is not a database" * 100)


def _truncate(folder):
    with open(folder / "cache.db", "r+b") as db:
        db.truncate(100)


@pytest.mark.parametrize("damage", [_overwrite, _truncate, "file"])
def test_a_damaged_cache_is_one_line_naming_it_before_any_call(tmp_path, capsys, openai_server, damage):
    openai_server.responder = lambda request: CLAIMS_REPLY
    assert evaluate(tmp_path, openai_server, "--cache", str(tmp_path / "cache"))[0] == 0  # fills the cache
    folder = next((tmp_path / "cache").iterdir())
    capsys.readouterr()
    sent = len(openai_server.requests)
    if damage == "file":  # the model's sub-folder is a file
        for part in folder.iterdir():
            part.unlink()
        folder.rmdir()
        folder.write_text("x")
    else:
        for wal in folder.glob("cache.db-*"):
            wal.unlink()
        damage(folder)
    code, out = evaluate(tmp_path, openai_server, "--cache", str(tmp_path / "cache"))
    err = capsys.readouterr().err
    assert code == 2  # a usage error (before: 70, "internal error: DatabaseError: file is not a database")
    assert len(err.strip().splitlines()) == 1 and "internal error" not in err
    assert f"error: the judge cache {folder} cannot be read (" in err
    assert err.strip().endswith("delete it (it holds only cached judge replies) or use another cache folder")
    assert len(openai_server.requests) == sent  # stopped before any paid call


def test_a_cache_failing_mid_run_is_turned_off_and_the_rows_are_scored(tmp_path, monkeypatch):
    cache = MeteredDiskCache(str(tmp_path / "c"))

    def broken(self, *args):
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr("ragas.cache.DiskCacheBackend.has_key", broken)
    monkeypatch.setattr("ragas.cache.DiskCacheBackend.set", broken)
    assert cache.has_key("k") is False and cache.set("k", "v") is None
    assert cache.problem == (f"the judge cache {tmp_path / 'c'} failed (DatabaseError: database disk image is "
                             "malformed); turned off")
