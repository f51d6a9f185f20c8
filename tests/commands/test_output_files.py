"""`evaluate --output`: whole files only, one run at a time, read back equal, and what a run cost.

One test per item of the "Nothing lost" issue (25) that this module covers, each failing before
its fix: columns JSON/CSV cannot hold (item 1), a kill while the output is written (2), two runs
on one output and two checks of one new path (3), JSON Lines with Unicode line separators and
BOM'd files (4), an output name with no stem (10); and the cost line when the endpoint reports no
usage (issue 26, item 8).
"""

from __future__ import annotations

import datetime
import decimal
import json
import math
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pandas as pd
import pytest

from ragas_temporal.cli import main
from ragas_temporal.data.readers import read_rows
from tests.support.fake_judges import rule_based_judge

ROOT = Path(__file__).resolve().parents[2]
CTX = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
# raw U+2028, U+2029 and U+0085 inside strings: valid JSON Lines, and str.splitlines() cuts there
SEPARATORS = "line\u2028sep\u2029para\u0085next"
ROWS = [
    {"id": 1, "user_input": "What happened in 2008?", "response": f"It happened in 2008. {SEPARATORS}",
     "retrieved_contexts": CTX, "retrieved_context_ids": ["a", "b"], "reference_context_ids": ["b"]},
    {"id": 2, "user_input": "And then?", "response": "The crisis started in 2007 and ended in 2010.",
     "retrieved_contexts": CTX, "retrieved_context_ids": ["a", "b"], "reference_context_ids": ["a"]},
]
METRICS = "temporal_faithfulness,temporal_precision@2:gold"
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "RAGAS_DO_NOT_TRACK": "true", "OPENAI_API_KEY": "sk-test"}


def write_jsonl(path: Path, rows: list[dict], bom: bool = False) -> Path:
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8"))
    return path


# --- item 4: every valid line read, and read back ----------------------------------------------


def test_jsonl_with_unicode_line_separators_is_read_whole(tmp_path):
    # before: str.splitlines() cut row 1 into three lines, each not valid JSON
    rows = read_rows(write_jsonl(tmp_path / "d.jsonl", ROWS))
    assert [r["response"] for r in rows] == [ROWS[0]["response"], ROWS[1]["response"]]


@pytest.mark.parametrize("suffix", [".jsonl", ".json", ".csv"])
def test_utf8_with_a_byte_order_mark_is_read(tmp_path, suffix):
    # before: "not valid JSON" (the BOM before the first '{'), and a CSV's first column named '\ufeffid'
    path = tmp_path / f"d{suffix}"
    if suffix == ".jsonl":
        write_jsonl(path, ROWS[1:], bom=True)
    elif suffix == ".json":
        path.write_bytes(b"\xef\xbb\xbf" + json.dumps(ROWS[1:]).encode())
    else:
        path.write_bytes(b"\xef\xbb\xbf" + pd.DataFrame(ROWS[1:]).assign(
            retrieved_contexts=[json.dumps(CTX)]).to_csv(index=False).encode())
    row = read_rows(path)[0]
    assert str(row["id"]) == "2" and row["retrieved_contexts"] == CTX


@pytest.mark.parametrize("suffix", [".jsonl", ".csv", ".parquet"])
def test_every_output_format_reads_back_equal(tmp_path, suffix):
    data = write_jsonl(tmp_path / "d.jsonl", ROWS)
    out = tmp_path / f"out{suffix}"
    assert main(["evaluate", str(data), "--metrics", METRICS, "-o", str(out), "--no-progress"]) == 0
    back = read_rows(out)
    assert len(back) == len(ROWS)
    for written, original in zip(back, ROWS):
        for column in ("user_input", "response", "retrieved_contexts", "retrieved_context_ids"):
            assert written[column] == original[column]  # U+2028 & co. survive every format
        assert str(written["id"]) == str(original["id"])
    # the scores by hand: row 1 AFT {2008} ⊆ contexts -> 1.0; row 2 AFT {2007, 2010}, none stated -> 0.0
    assert [float(r["temporal_faithfulness"]) for r in back] == [1.0, 0.0]
    # gold P@2: ids [a, b], gold {b} -> 1/2; gold {a} -> 1/2
    assert [float(r["temporal_precision_at_2_gold"]) for r in back] == [0.5, 0.5]
    # and the output is itself a dataset the command reads: scoring it again gives the same scores
    again = tmp_path / "again.jsonl"
    assert main(["evaluate", str(out), "--metrics", METRICS, "-o", str(again), "--no-progress"]) == 0
    assert [r["temporal_faithfulness"] for r in read_rows(again)] == [1.0, 0.0]


# --- item 1: columns JSON and CSV cannot hold --------------------------------------------------


def test_bytes_and_decimal_columns_are_written_as_text(tmp_path):
    # before: exit 2 after scoring, and the previous out.jsonl left as a 0-byte file
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pylist([{**ROWS[1], "blob": b"\x00\xffraw", "price": decimal.Decimal("12.50"),
                                   "day": datetime.date(2024, 5, 1)}])
    pq.write_table(table, tmp_path / "d.parquet")
    out = tmp_path / "out.jsonl"
    for suffix in (".jsonl", ".csv"):
        out = tmp_path / f"out{suffix}"
        assert main(["evaluate", str(tmp_path / "d.parquet"), "--metrics", METRICS, "-o", str(out), "--no-progress"]) == 0
        row = read_rows(out)[0]
        assert (row["blob"], row["price"], row["day"]) == ("AP9yYXc=", "12.50", "2024-05-01")  # base64, decimal text, ISO


def test_a_column_no_format_holds_is_refused_before_any_work(tmp_path, capsys, monkeypatch):
    import pyarrow as pa
    import pyarrow.parquet as pq

    from ragas_temporal.adapter import dataset_scoring as runner

    pq.write_table(pa.Table.from_pylist([{**ROWS[1], "took": datetime.timedelta(seconds=5)}]), tmp_path / "d.parquet")
    out = tmp_path / "out.jsonl"
    out.write_text("previous\n")
    monkeypatch.setattr(runner, "_score_rows", lambda *a, **k: pytest.fail("scored before refusing"))
    assert main(["evaluate", str(tmp_path / "d.parquet"), "--metrics", METRICS, "-o", str(out), "--no-progress"]) == 2
    assert "column 'took' holds a timedelta value" in capsys.readouterr().err
    assert out.read_text() == "previous\n" and sorted(p.name for p in tmp_path.iterdir()) == ["d.parquet", "out.jsonl"]


# --- item 10: an output name with no stem ------------------------------------------------------


def test_an_output_name_without_a_stem_says_so(tmp_path, capsys, monkeypatch):
    # before: "--output must end in .csv, .jsonl or .parquet, got .csv"
    monkeypatch.chdir(tmp_path)
    assert main(["evaluate", "--example", "-o", ".csv", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "--output '.csv' has no name before .csv: give one, e.g. scores.csv" in err


# --- item 3: two runs on one output; two checks of one new path --------------------------------


def test_two_checks_of_one_new_output_path_both_pass(tmp_path):
    # before: the check created and removed a probe file, so a check running at the same moment
    # saw it vanish (109 of 4,000 paired checks raised)
    from ragas_temporal.input_files import check_output_file

    errors: list[BaseException] = []

    def check(n: int) -> None:
        for _ in range(n):
            try:
                check_output_file(tmp_path / "new.csv", "--output")
            except BaseException as exc:  # noqa: BLE001 - collected for the assertion
                errors.append(exc)

    threads = [threading.Thread(target=check, args=(1000,)) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and not (tmp_path / "new.csv").exists()


def llm_argv(data: Path, out: Path, base_url: str) -> list[str]:
    return ["-m", "ragas_temporal", "evaluate", str(data), "--metrics", "temporal_faithfulness:llm", "--llm-model",
            "judge", "--base-url", base_url, "-o", str(out), "--no-progress", "--max-concurrency", "1"]


def test_a_second_run_on_the_same_output_stops_with_one_line(tmp_path, openai_server_factory):
    # before: both runs exited 0 and the last writer silently won
    release = threading.Event()

    def held_judge(request) -> str:  # the first run's judge answers only once the second run is over
        release.wait(120)
        return rule_based_judge(request.user_text or request.prompt_text)

    server = openai_server_factory(held_judge)
    rows = [{**ROWS[0], "id": i, "response": f"Row {i} began in {1900 + i}.", "retrieved_contexts": [f"{1900 + i}"]}
            for i in range(5)]
    data = write_jsonl(tmp_path / "d.jsonl", rows)
    out = tmp_path / "out.jsonl"
    first = subprocess.Popen([sys.executable, *llm_argv(data, out, server.base_url)], env=ENV,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not server.requests and first.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)  # the first run holds the output once it asks its judge
        second = subprocess.run([sys.executable, *llm_argv(data, out, server.base_url)], env=ENV,
                                capture_output=True, text=True, timeout=120)
    finally:
        release.set()
    assert second.returncode == 2
    assert second.stderr.strip().splitlines() == [
        f"ragas-temporal evaluate: error: {out} is being written by another run; wait for it to finish, or choose "
        "another --output"
    ]
    _, err = first.communicate(timeout=180)
    assert first.returncode in (0, 1), err  # 1 if every judgement timed out while held: the rows are still written
    assert [r["id"] for r in read_rows(out)] == list(range(5))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.jsonl", "out.jsonl"]  # no partial, no lock left


# --- item 2: a kill while the output is written ------------------------------------------------


def big_rows(n: int) -> list[dict]:
    return [{"user_input": f"What happened in {1900 + i % 100}?", "response": f"Row {i}: it happened in {1900 + i % 100}.",
             "retrieved_contexts": [f"In {1900 + i % 100} it happened."]} for i in range(n)]


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_a_kill_while_the_output_is_written_leaves_the_previous_file_or_the_new_one(tmp_path, sig):
    # before: the output was opened with "w" and written in place: a kill left it partial or empty
    data = write_jsonl(tmp_path / "d.jsonl", big_rows(4000))
    out = tmp_path / "out.csv"
    previous = b"previous,output\n1,2\n"
    whole = tmp_path / "whole.csv"
    assert main(["evaluate", str(data), "--metrics", "temporal_faithfulness", "-o", str(whole), "--no-progress"]) == 0
    outcomes = []
    for attempt in range(2):
        out.write_bytes(previous)
        for leftover in tmp_path.glob("out.csv.*"):
            leftover.unlink()
        process = subprocess.Popen(
            [sys.executable, "-m", "ragas_temporal", "evaluate", str(data), "--metrics", "temporal_faithfulness",
             "-o", str(out), "--no-progress"], env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        # the first attempt is killed as the new file is being written, the second at a random moment
        start = time.monotonic()
        kill_at = start + random.Random(attempt).uniform(0.5, 6.0)
        while process.poll() is None and time.monotonic() < start + 120:
            writing = any(tmp_path.glob(".out.csv.*.tmp"))
            if (attempt == 0 and writing) or (attempt == 1 and time.monotonic() >= kill_at):
                process.send_signal(sig)
                break
            time.sleep(0.0005)
        process.communicate(timeout=60)
        content = out.read_bytes()
        assert content in (previous, whole.read_bytes())
        outcomes.append("new" if content != previous else "previous")
        assert not list(tmp_path.glob(".out.csv.*.tmp"))  or sig == signal.SIGKILL  # SIGTERM cleans its temp file
    print(f"\n{signal.Signals(sig).name}: output after each kill: {outcomes}")


# --- issue 26 item 8: an endpoint that reports no usage -----------------------------------------


def test_cost_line_says_usage_not_reported(tmp_path, capsys, openai_server, monkeypatch):
    # before: an endpoint without usage printed "tokens: 0 prompt + 0 completion", as if free
    from tests.support import chat_replies

    monkeypatch.setattr(chat_replies, "_usage", lambda prompt, reply: None)
    openai_server.responder = lambda request: rule_based_judge(request.user_text or request.prompt_text)
    data = write_jsonl(tmp_path / "d.jsonl", ROWS[:1])
    argv = ["evaluate", str(data), "--metrics", "temporal_faithfulness:llm", "--llm-model", "m",
            "--base-url", openai_server.base_url, "--no-progress"]
    assert main(argv) == 0
    assert "LLM calls: 1 request for 1 judgement; tokens: usage not reported by the endpoint" in capsys.readouterr().out


def test_score_dataset_gives_its_judge_usage_to_the_caller():
    from ragas_temporal.llm.offline import offline_llm
    from ragas_temporal.metrics import TemporalFaithfulness, score_dataset
    from tests.support.fake_llm import ScriptedLLM, count_tokens

    llm = ScriptedLLM(rule_based_judge)
    frame = score_dataset(ROWS, [TemporalFaithfulness(mode="llm", llm=llm)])
    usage = frame.attrs["judge_usage"]
    # the fake counts its own tokens: the meter must agree with it, call for call
    assert (usage.calls, usage.failed, usage.cached) == (llm.calls, 0, 0) == (2, 0, 0)
    assert (usage.prompt_tokens, usage.completion_tokens) == (llm.prompt_tokens, llm.completion_tokens)
    assert usage.prompt_tokens > 0 and count_tokens("a b") == 2
    assert usage.summary() == f"LLM calls: 2; tokens: {llm.prompt_tokens:,} prompt + {llm.completion_tokens:,} completion"
    # the offline judge: the same calls, no tokens (no model ran)
    offline = offline_llm()
    usage = score_dataset(ROWS, [TemporalFaithfulness(mode="llm", llm=offline)]).attrs["judge_usage"]
    assert (usage.calls, usage.prompt_tokens, offline.calls) == (2, 0, 2)
    assert usage.summary() == "LLM calls: 2; tokens: usage not reported by the endpoint"
    # no judge, no usage
    assert "judge_usage" not in score_dataset(ROWS, [TemporalFaithfulness()]).attrs
    assert not math.isnan(frame["temporal_faithfulness_llm"][0])


# --- --resume in-process: what a partial file allows ---------------------------------------------


JUDGED = "temporal_faithfulness:llm,temporal_precision@2:gold"


def test_an_interrupted_run_keeps_its_rows_and_resumes_only_with_the_same_settings(tmp_path, capsys, monkeypatch):
    from ragas_temporal.commands.partial_output import PartialOutput

    data = write_jsonl(tmp_path / "d.jsonl", ROWS)
    whole = tmp_path / "whole.jsonl"

    def evaluate(*extra: str, metrics: str = JUDGED) -> int:
        # one row at a time: the interrupt lands while the second row waits its turn
        return main(["evaluate", str(data), "--metrics", metrics, "--offline-judge", "--no-progress",
                     "--max-concurrency", "1", *extra])

    assert evaluate("-o", str(whole)) == 0
    out = tmp_path / "out.jsonl"
    out.write_text("previous\n")
    add = PartialOutput.add

    def add_then_interrupt(self, key, record):  # Ctrl-C right after the first row is kept
        add(self, key, record)
        raise KeyboardInterrupt

    monkeypatch.setattr(PartialOutput, "add", add_then_interrupt)
    capsys.readouterr()
    assert evaluate("-o", str(out)) == 130
    assert capsys.readouterr().err.strip() == (
        "ragas-temporal evaluate: stopped after 1 of 2 rows; run the same command with --resume to continue")
    assert out.read_text() == "previous\n"  # the previous output stays until a run finishes
    monkeypatch.setattr(PartialOutput, "add", add)
    # the kept row is not thrown away by a run that forgot --resume ...
    assert evaluate("-o", str(out)) == 2
    assert "out.jsonl.partial holds 1 row(s) of an interrupted run: add --resume to continue it" in capsys.readouterr().err
    # ... nor mixed with rows scored by other metrics
    assert evaluate("-o", str(out), "--resume", metrics="temporal_faithfulness:llm") == 2
    assert "was written with other settings (metrics [" in capsys.readouterr().err
    assert evaluate("-o", str(out), "--resume") == 0
    assert "resuming: 1 of 2 rows already scored in out.jsonl.partial" in capsys.readouterr().out
    assert out.read_bytes() == whole.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.jsonl", "out.jsonl", "whole.jsonl"]
    # --resume needs the output it continues
    assert evaluate("--resume") == 2
    assert "--resume continues the run that writes --output" in capsys.readouterr().err
    # a run without a judge keeps no partial file: it is written whole at the end, and stopped, it changes nothing
    monkeypatch.setattr(PartialOutput, "add", lambda *a: pytest.fail("a run without a judge kept a row"))
    assert main(["evaluate", str(data), "--metrics", METRICS, "-o", str(out), "--no-progress"]) == 0
    assert [r["temporal_faithfulness"] for r in read_rows(out)] == [1.0, 0.0]
