"""`evaluate --output` / `--resume`: the partial file follows no link, keeps its promise of 50 ms,
and a resumed run reuses a row only when its scored content is the same.

One test (or a few) per item of the "Nothing lost 3" issue (36) that concerns the partial output,
``--resume`` and the command's messages, each failing before its fix: a link or a FIFO at
``OUT.partial`` (items 1 and 13), a finished row left in a buffer (2), held rows whose data changed
(3) or whose language changed (4), a held line that is not UTF-8 (11), a torn last line (12), a full
disk (13), SIGTERM's asyncio noise (14), and ``--resume`` after a finished run (15).
"""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from ragas_temporal.cli import main
from ragas_temporal.commands.partial_output import PartialOutput
from ragas_temporal.data.readers import read_rows
from tests.support.fake_judges import rule_based_judge

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "RAGAS_DO_NOT_TRACK": "true", "OPENAI_API_KEY": "sk-test"}
JUDGED = "temporal_faithfulness:llm"


def dataset(n: int = 4, *, supported: bool = True, ids: bool = True) -> list[dict]:
    """Row i states year 1900+i; its context states it (score 1.0) or another year (0.0)."""
    rows = []
    for i in range(n):
        year = 1900 + i
        row = {"user_input": f"When did event {i} happen?", "response": f"Event {i} happened in {year}.",
               "retrieved_contexts": [f"Event {i} happened in {year if supported else year - 50}."]}
        rows.append({"id": f"r{i}", **row} if ids else row)
    return rows


def write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def evaluate(data: Path, out: Path, *extra: str) -> int:
    return main(["evaluate", str(data), "--metrics", JUDGED, "--offline-judge", "--no-progress",
                 "--max-concurrency", "1", "-o", str(out), *extra])


def interrupted_after(monkeypatch, rows_kept: int):
    """Make the next run stop (Ctrl-C) right after its ``rows_kept``-th row is kept; returns the undo."""
    add = PartialOutput.add
    kept = []

    def add_then_interrupt(self, key, record):
        add(self, key, record)
        kept.append(key)
        if len(kept) == rows_kept:
            raise KeyboardInterrupt

    monkeypatch.setattr(PartialOutput, "add", add_then_interrupt)
    return lambda: monkeypatch.setattr(PartialOutput, "add", add)


def counting_adds(monkeypatch) -> list:
    """The keys of the rows the next runs score (each kept row is one scored)."""
    add = PartialOutput.add
    keys: list = []

    def counted(self, key, record):
        keys.append(key)
        add(self, key, record)

    monkeypatch.setattr(PartialOutput, "add", counted)
    return keys


def scores(path: Path) -> list:
    return [row["temporal_faithfulness_llm"] for row in read_rows(path)]


# --- item 1 (and 13): OUT.partial that is not a regular file of ours --------------------------------


def test_a_symlink_at_the_partial_path_is_not_followed(tmp_path, capsys):
    # before: the link's target was read (a warning per line), truncated to 0 bytes and overwritten
    data = write_jsonl(tmp_path / "d.jsonl", dataset(2))
    victim = tmp_path / "victim.txt"
    victim.write_text("precious line 1\nprecious line 2\n")
    out = tmp_path / "out.jsonl"
    (tmp_path / "out.jsonl.partial").symlink_to(victim)
    assert evaluate(data, out) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"ragas-temporal evaluate: error: {out}.partial is a symbolic link; a partial output is never "
                   "written through a link: delete the link, or choose another --output"]
    assert victim.read_text() == "precious line 1\nprecious line 2\n"
    assert (tmp_path / "out.jsonl.partial").is_symlink() and not out.exists()


def test_a_fifo_or_a_folder_at_the_partial_path_is_one_line_naming_it(tmp_path, capsys):
    # before: "error: File or stream is not seekable." naming no file (and a FIFO could block)
    data = write_jsonl(tmp_path / "d.jsonl", dataset(2))
    out = tmp_path / "out.jsonl"
    partial = tmp_path / "out.jsonl.partial"
    os.mkfifo(partial)
    assert evaluate(data, out, "--resume") == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"ragas-temporal evaluate: error: {partial} is a FIFO (named pipe), not a partial output: delete it, or "
        "choose another --output"]
    partial.unlink()
    partial.mkdir()
    assert evaluate(data, out) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"ragas-temporal evaluate: error: {partial} is a directory, not a partial output: move it, or choose "
        "another --output"]


def test_a_file_that_is_not_our_partial_output_is_never_cut(tmp_path, capsys):
    # before: its lines were skipped as "not valid JSON", then the file was truncated and reused
    data = write_jsonl(tmp_path / "d.jsonl", dataset(2))
    out = tmp_path / "out.jsonl"
    partial = tmp_path / "out.jsonl.partial"
    partial.write_bytes(b"my own notes\nno newline at the end")
    for extra in ((), ("--resume",)):
        assert evaluate(data, out, *extra) == 2
        assert capsys.readouterr().err.strip().splitlines() == [
            f"ragas-temporal evaluate: error: {partial} is not a partial output of ragas-temporal evaluate, so it is "
            "left as it is: move or delete it, or choose another --output"]
        assert partial.read_bytes() == b"my own notes\nno newline at the end"
    # a hard link to another file is refused too: writing it would change that file
    partial.unlink()
    other = tmp_path / "other.jsonl"
    other.write_text("kept\n")
    os.link(other, partial)
    assert evaluate(data, out) == 2
    assert "has 2 names (hard links)" in capsys.readouterr().err
    assert other.read_text() == "kept\n"


# --- item 2: a finished row reaches the disk within 50 ms, whatever comes next -----------------------


def test_a_finished_row_is_on_disk_while_the_next_row_is_pending(tmp_path, openai_server_factory):
    # before: FLUSH_EVERY flushed only when the next row arrived: two replies that came together left
    # the second in the buffer for as long as the third took (a SIGKILL then lost it)
    pair = threading.Barrier(2, timeout=60)
    release = threading.Event()
    seen = []
    lock = threading.Lock()

    def batching_judge(request) -> str:  # answers the first two requests together, then holds the third
        with lock:
            seen.append(request)
            number = len(seen)
        if number <= 2:
            pair.wait()
        else:
            release.wait(60)
        return rule_based_judge(request.user_text or request.prompt_text)

    server = openai_server_factory(batching_judge)
    data = write_jsonl(tmp_path / "d.jsonl", dataset(3))
    out = tmp_path / "out.jsonl"
    partial = tmp_path / "out.jsonl.partial"
    argv = ["evaluate", str(data), "--metrics", JUDGED, "--llm-model", "judge", "--base-url", server.base_url,
            "-o", str(out), "--no-progress", "--max-concurrency", "2"]
    run = threading.Thread(target=lambda: codes.append(main(argv)))
    codes: list = []
    run.start()
    try:
        deadline = time.monotonic() + 60
        while len(seen) < 3 and time.monotonic() < deadline:
            time.sleep(0.005)
        assert len(seen) == 3  # both replies are in, the third row is pending
        time.sleep(0.3)  # well past the promised 50 ms
        lines = partial.read_bytes().splitlines()
        assert len(lines) == 3, lines  # the header and both finished rows
    finally:
        release.set()
        run.join(120)
    assert codes == [0] and scores(out) == [1.0, 1.0, 1.0]


# --- items 3 and 4: a held row is reused only when its scored content is the same ---------------------


def interrupted_then_resumed(tmp_path, monkeypatch, capsys, first: list, then: list, kept: int) -> dict:
    """Score ``first`` stopped after ``kept`` rows, then ``--resume`` on ``then``; and ``then`` in one run.

    Returns the resumed output's bytes (``out``), the uninterrupted run's (``fresh``), the keys the
    resumed run scored (``scored``) and what it printed (``stdout``, ``stderr``).
    """
    fresh = tmp_path / "fresh.jsonl"
    assert evaluate(write_jsonl(tmp_path / "then.jsonl", then), fresh) == 0
    out = tmp_path / "out.jsonl"
    undo = interrupted_after(monkeypatch, kept)
    assert evaluate(write_jsonl(tmp_path / "first.jsonl", first), out) == 130
    undo()
    scored = counting_adds(monkeypatch)
    capsys.readouterr()
    assert evaluate(tmp_path / "then.jsonl", out, "--resume") == 0
    printed = capsys.readouterr()
    return {"out": out.read_bytes(), "fresh": fresh.read_bytes(), "scored": scored, "stdout": printed.out,
            "stderr": printed.err, "scores": scores(out)}


def test_resume_with_changed_data_scores_the_changed_rows_again(tmp_path, monkeypatch, capsys):
    # before: file B with A's ids got A's scores: [1.0, 1.0, 1.0, 0.0] where B scores 0.0 everywhere
    run = interrupted_then_resumed(tmp_path, monkeypatch, capsys, dataset(4), dataset(4, supported=False), kept=3)
    assert run["scores"] == [0.0] * 4  # no year of an answer is in its context
    assert "note: 3 held rows dropped: their data changed since they were scored; scoring them again" in run["stderr"]
    assert sorted(run["scored"]) == ["id:r0", "id:r1", "id:r2", "id:r3"]
    assert run["out"] == run["fresh"]


def test_reordered_rows_sharing_an_id_do_not_get_each_others_scores(tmp_path, monkeypatch, capsys):
    rows = [{**dataset(1)[0], "id": "same"}, {**dataset(2, supported=False)[1], "id": "same"}]
    # both rows kept, before the output is written; then the same rows in the other order
    run = interrupted_then_resumed(tmp_path, monkeypatch, capsys, rows, rows[::-1], kept=2)
    assert run["scores"] == [0.0, 1.0]
    assert "note: 2 held rows dropped: their data changed" in run["stderr"]
    assert run["out"] == run["fresh"]


def test_the_row_language_is_part_of_the_key(tmp_path, monkeypatch, capsys):
    # before: rows without ids, language "en" then "de": the English readings were kept
    english = [{**row, "language": "en"} for row in dataset(3, ids=False)]
    german = [{**row, "language": "de"} for row in english]
    run = interrupted_then_resumed(tmp_path, monkeypatch, capsys, english, german, kept=2)
    assert len(run["scored"]) == 3  # no English row is taken for a German one
    assert run["out"] == run["fresh"]
    assert [row["language"] for row in read_rows(tmp_path / "out.jsonl")] == ["de"] * 3


def test_resume_with_the_same_data_reuses_every_held_row(tmp_path, monkeypatch, capsys):
    run = interrupted_then_resumed(tmp_path, monkeypatch, capsys, dataset(4), dataset(4), kept=3)
    assert run["scored"] == ["id:r3"] and "dropped" not in run["stderr"]
    assert "resuming: 3 of 4 rows already scored in out.jsonl.partial" in run["stdout"]
    assert run["out"] == run["fresh"]


# --- items 11 and 12: a bad held line is skipped; a torn one is one plain note ------------------------


def kept_partial(tmp_path, monkeypatch, rows_kept: int = 3) -> tuple[Path, Path, Path]:
    """An interrupted run of 4 rows with ``rows_kept`` rows in its partial file: (data, out, whole run's output)."""
    data = write_jsonl(tmp_path / "d.jsonl", dataset(4))
    whole = tmp_path / "whole.jsonl"
    assert evaluate(data, whole) == 0
    out = tmp_path / "out.jsonl"
    undo = interrupted_after(monkeypatch, rows_kept)
    assert evaluate(data, out) == 130
    undo()
    return data, out, whole


def test_a_held_line_that_is_not_utf8_is_skipped_not_fatal(tmp_path, monkeypatch, capsys):
    # before: "the partial output is not UTF-8 text (byte 326)", exit 2, every held row lost
    data, out, whole = kept_partial(tmp_path, monkeypatch)
    partial = tmp_path / "out.jsonl.partial"
    lines = partial.read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b"Event", b"\xe9vent", 1) if b"Event" in lines[2] else lines[2] + b"\xe9"
    partial.write_bytes(b"\n".join(lines))
    scored = counting_adds(monkeypatch)
    capsys.readouterr()
    assert evaluate(data, out, "--resume") == 0
    err = capsys.readouterr().err
    assert f"warning: {partial}:3: skipped a line that is not UTF-8 text (byte " in err
    assert len(scored) == 2  # the skipped row and the one never scored; the two others were kept
    assert out.read_bytes() == whole.read_bytes()


def test_a_torn_last_line_is_one_plain_note(tmp_path, monkeypatch, capsys):
    # before: a raw "UserWarning" with its source line (evaluate.py:462 ... held = output.start(...))
    data, out, whole = kept_partial(tmp_path, monkeypatch)
    partial = tmp_path / "out.jsonl.partial"
    content = partial.read_bytes()
    partial.write_bytes(content[:-15])  # the last row's line cut mid-write
    capsys.readouterr()
    assert evaluate(data, out, "--resume") == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"note: {partial}: removed a torn last line (")
    assert err[0].endswith("left by an interrupted run; its row is asked again")
    assert out.read_bytes() == whole.read_bytes()


# --- item 13: a full disk ------------------------------------------------------------------------------


def test_a_full_disk_says_the_rows_are_kept_and_resume_continues(tmp_path, monkeypatch, capsys):
    # before: "error: No space left on device", not saying that the finished rows are kept
    data = write_jsonl(tmp_path / "d.jsonl", dataset(4))
    whole = tmp_path / "whole.jsonl"
    assert evaluate(data, whole) == 0
    out = tmp_path / "out.jsonl"
    start = PartialOutput.start

    class FillingDisk:  # the partial file's handle, whose disk is full after two rows
        def __init__(self, handle):
            self.handle, self.rows = handle, 0

        def write(self, data):
            if self.rows == 2:
                raise OSError(errno.ENOSPC, "No space left on device")
            self.rows += 1
            return self.handle.write(data)

        def __getattr__(self, name):
            return getattr(self.handle, name)

    def start_on_a_filling_disk(self, *args, **kwargs):
        held = start(self, *args, **kwargs)
        self._handle = FillingDisk(self._handle)
        return held

    monkeypatch.setattr(PartialOutput, "start", start_on_a_filling_disk)
    capsys.readouterr()
    assert evaluate(data, out) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"ragas-temporal evaluate: error: cannot write {out}.partial: No space left on device; the rows already "
        "written to it are kept: free some space, then run the same command with --resume to continue"]
    monkeypatch.setattr(PartialOutput, "start", start)
    scored = counting_adds(monkeypatch)
    assert evaluate(data, out, "--resume") == 0
    assert len(scored) == 2 and out.read_bytes() == whole.read_bytes()


# --- item 15: --resume after a finished run ---------------------------------------------------------


def test_resume_after_a_finished_run_reads_the_output_back(tmp_path, monkeypatch, capsys):
    # before: every row was scored (and paid) again
    data = write_jsonl(tmp_path / "d.jsonl", dataset(4))
    out = tmp_path / "out.jsonl"
    assert evaluate(data, out) == 0
    before = out.read_bytes()
    mtime = out.stat().st_mtime_ns
    scored = counting_adds(monkeypatch)
    capsys.readouterr()
    assert evaluate(data, out, "--resume") == 0
    captured = capsys.readouterr()
    assert scored == []
    assert captured.err.strip().splitlines() == [
        "note: out.jsonl already holds all 4 rows of this data with these metrics' columns (a finished run): "
        "nothing is scored again; delete it to score again"]
    assert "temporal_faithfulness_llm" in captured.out and "1.000" in captured.out  # the summary, from the file
    assert out.read_bytes() == before and out.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.jsonl", "out.jsonl"]
    # other data (one answer changed): the output is not this run's, every row is scored
    rows = dataset(4)
    rows[1]["response"] = "Event 1 happened in 1850."
    write_jsonl(data, rows)
    assert evaluate(data, out, "--resume") == 0
    assert len(scored) == 4 and scores(out) == [1.0, 0.0, 1.0, 1.0]
    assert "no finished row in out.jsonl.partial to resume: scoring every row" in capsys.readouterr().err


# --- item 14: SIGTERM prints its line and nothing after it --------------------------------------------


def slow_judge(request) -> str:
    time.sleep(random.uniform(0, 0.01))
    return rule_based_judge(request.user_text or request.prompt_text)


def test_sigterm_on_a_judged_run_prints_one_line(tmp_path, openai_server_factory):
    # before: "Task was destroyed but it is pending!" blocks after the line, with many rows waiting
    # their turn (1 of 5 tries with 10,000 rows, 1 of 4 with 30,000; 3 of 5 in the probe)
    server = openai_server_factory(slow_judge)
    rows = 10_000
    data = write_jsonl(tmp_path / "d.jsonl", dataset(rows))
    out = tmp_path / "out.jsonl"
    partial = tmp_path / "out.jsonl.partial"
    argv = [sys.executable, "-m", "ragas_temporal", "evaluate", str(data), "--metrics", JUDGED, "--llm-model",
            "judge", "--base-url", server.base_url, "-o", str(out), "--no-progress", "--max-concurrency", "16"]
    rng = random.Random(14)
    for attempt in range(3):
        process = subprocess.Popen([*argv, *(["--resume"] if attempt else [])], env=ENV,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        target = (partial.read_bytes().count(b"\n") if partial.exists() else 0) + 40 + rng.randrange(40)
        deadline = time.monotonic() + 120
        while process.poll() is None and time.monotonic() < deadline:
            if partial.exists() and partial.read_bytes().count(b"\n") >= target:
                break
            time.sleep(0.01)
        time.sleep(rng.uniform(0, 0.2))
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=120)
        kept = partial.read_bytes().count(b"\n") - 1
        assert process.returncode == 143, err
        assert err.strip().splitlines() == [
            f"ragas-temporal evaluate: stopped after {kept:,} of {rows:,} rows; run the same command with --resume "
            "to continue"
        ], err[:3000]
