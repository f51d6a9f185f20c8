"""Long LLM-judged runs lose nothing that was paid for: kill `evaluate` at random points, resume, compare.

A 200-row ``temporal_faithfulness:llm`` run against the loopback OpenAI-compatible server is the
yardstick (run once, uninterrupted). The same command then runs as a subprocess and is killed at a
random moment of its scoring (SIGTERM, SIGINT and SIGKILL, twice each), resumed with ``--resume``
each time, and finished. Checked: the final output is byte for byte the uninterrupted one, no row
appears twice, and each row's judge was asked at most once more than in the uninterrupted run.
The same chain with ``--cache``; and a repeated run on a warm cache sends no request at all.
And `tecfap run` (its predictions file is the same append store): killed, rerun, its predictions are
the uninterrupted run's, each row once.

Each kill happens after the killed run has finished more rows than it has requests in flight
(``--max-concurrency``), at a random row count and a random delay after it, so every run does
some work and a row can be in flight at one kill only.
"""

from __future__ import annotations

import collections
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ragas_temporal.cli import main
from tests.support.fake_judges import rule_based_judge

ROOT = Path(__file__).resolve().parents[2]
ROWS = 200
CONCURRENCY = 4
#: each signal twice without the cache, once with it (every launch pays the CLI's start-up)
SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGKILL) * 2
CACHED_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGKILL)
EXPECTED_EXIT = {signal.SIGTERM: 143, signal.SIGINT: 130, signal.SIGKILL: -signal.SIGKILL}
ROW_MARK = re.compile(r"Row (\d+):")


def rows() -> list[dict]:
    """Row i: a supported year and, on every third row, an invented one (so verdicts differ)."""
    out = []
    for i in range(ROWS):
        year = 1800 + i
        extra = f" It ended in {year + 5}." if i % 3 == 0 else ""
        out.append({
            "id": f"r{i}",
            "user_input": f"When did event {i} begin?",
            "response": f"Row {i}: it began in {year}.{extra}",
            "retrieved_contexts": [f"Event {i} began in {year}."],
        })
    return out


def judge(request) -> str:
    time.sleep(0.004)  # a little latency, so that requests are in flight when the run is killed
    return rule_based_judge(request.user_text or request.prompt_text)


def calls_per_row(server) -> collections.Counter:
    """Judge requests per row; key -1: requests whose body never arrived (the client died sending it)."""
    counts: collections.Counter = collections.Counter()
    for request in server.requests:
        if not request.body:
            counts[-1] += 1
            continue
        found = ROW_MARK.search(request.user_text or request.prompt_text)
        assert found, request.body  # every request that arrived is a row's judgement
        counts[int(found.group(1))] += 1
    return counts


def argv(data: Path, out: Path, base_url: str, *extra: str) -> list[str]:
    return ["evaluate", str(data), "--metrics", "temporal_faithfulness:llm", "--llm-model", "judge",
            "--base-url", base_url, "-o", str(out), "--no-progress", "--max-concurrency", str(CONCURRENCY), *extra]


def finished_rows(partial: Path, header_lines: int = 1) -> int:
    try:
        return max(0, partial.read_bytes().count(b"\n") - header_lines)  # the partial's first line is its header
    except FileNotFoundError:
        return 0


def run_and_kill(
    command: list[str], partial: Path, sig: int, rng: random.Random, header_lines: int = 1,
) -> tuple[int, int]:
    """Start the CLI, kill it with ``sig`` once it has finished enough rows; ``(exit code, rows finished then)``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "RAGAS_DO_NOT_TRACK": "true", "OPENAI_API_KEY": "sk-test"}
    finished = lambda: finished_rows(partial, header_lines)  # noqa: E731
    before = finished()
    target = before + CONCURRENCY + 1 + rng.randrange(25)
    process = subprocess.Popen([sys.executable, "-m", "ragas_temporal", *command], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while finished() < target and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    time.sleep(rng.uniform(0, 0.02))
    if process.poll() is None:
        process.send_signal(sig)
    _, err = process.communicate(timeout=60)
    if command[0] == "evaluate" and sig != signal.SIGKILL and process.returncode == EXPECTED_EXIT[sig]:
        assert f"stopped after {finished():,} of {ROWS} rows; run the same command with --resume" in err
    return process.returncode, finished()


def kill_chain(tmp_path: Path, server, *extra: str, seed: int, signals=SIGNALS) -> dict:
    data = tmp_path / "data.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows()), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    partial = tmp_path / "out.jsonl.partial"
    rng = random.Random(seed)
    server.requests.clear()
    exits = []
    for n, sig in enumerate(signals):
        command = argv(data, out, server.base_url, *extra, *(["--resume"] if n else []))
        code, kept = run_and_kill(command, partial, sig, rng)
        exits.append((signal.Signals(sig).name, code, kept))
    assert main(argv(data, out, server.base_url, *extra, "--resume")) == 0
    assert not partial.exists() and not (tmp_path / "out.jsonl.lock").exists()
    return {"out": out.read_bytes(), "calls": calls_per_row(server), "exits": exits}


@pytest.fixture(scope="module")
def server():
    from tests.support.openai_server import LoopbackOpenAIServer

    with LoopbackOpenAIServer(judge) as running:
        yield running


@pytest.fixture(scope="module")
def uninterrupted(server, tmp_path_factory):
    folder = tmp_path_factory.mktemp("whole")
    data = folder / "data.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows()), encoding="utf-8")
    server.requests.clear()
    assert main(argv(data, folder / "out.jsonl", server.base_url)) == 0
    return {"out": (folder / "out.jsonl").read_bytes(), "calls": calls_per_row(server)}


def check_against(chain: dict, whole: dict, max_extra_per_row: int) -> int:
    assert chain["out"] == whole["out"]  # byte for byte
    ids = [json.loads(line)["id"] for line in chain["out"].decode("utf-8").split("\n") if line]
    assert len(ids) == ROWS and len(set(ids)) == ROWS  # every row once
    extra = {i: chain["calls"][i] - whole["calls"][i] for i in range(ROWS)}
    assert min(extra.values()) >= 0 and max(extra.values()) <= max_extra_per_row, extra
    assert chain["calls"][-1] <= CONCURRENCY * len(chain["exits"])  # requests cut off by a kill
    # each signal ended its run the way it should (a run may finish before a late signal lands)
    for name, code, _ in chain["exits"]:
        assert code in (EXPECTED_EXIT[signal.Signals[name]], 0), chain["exits"]
    return sum(extra.values())


def test_uninterrupted_run_asks_each_row_once(uninterrupted):
    assert [uninterrupted["calls"][i] for i in range(ROWS)] == [1] * ROWS
    assert uninterrupted["calls"][-1] == 0


def test_killed_and_resumed_runs_end_as_the_uninterrupted_run(server, uninterrupted, tmp_path):
    chain = kill_chain(tmp_path, server, seed=23)
    extra = check_against(chain, uninterrupted, max_extra_per_row=1)
    # at most the rows in flight at each kill are asked again
    assert extra <= CONCURRENCY * len(SIGNALS)
    print(f"\nno cache: {len(SIGNALS)} kills {chain['exits']}; judge requests {sum(chain['calls'].values())} "
          f"for {ROWS} rows ({extra} more than uninterrupted, {chain['calls'][-1]} cut off by a kill)")


def test_with_cache_killed_runs_ask_no_stored_judgement_again(server, uninterrupted, tmp_path):
    chain = kill_chain(tmp_path, server, "--cache", str(tmp_path / "cache"), seed=25, signals=CACHED_SIGNALS)
    extra = check_against(chain, uninterrupted, max_extra_per_row=1)
    assert extra <= CONCURRENCY * len(CACHED_SIGNALS)  # only requests whose reply never reached the client
    print(f"\nwith --cache: {len(CACHED_SIGNALS)} kills {chain['exits']}; judge requests {sum(chain['calls'].values())} "
          f"for {ROWS} rows ({extra} more than uninterrupted, {chain['calls'][-1]} cut off by a kill)")
    # a rerun from scratch on the warm cache asks nothing, and says where its answers came from
    server.requests.clear()
    again = tmp_path / "again.jsonl"
    assert main([*argv(tmp_path / "data.jsonl", again, server.base_url, "--cache", str(tmp_path / "cache"))]) == 0
    assert len(server.requests) == 0
    assert again.read_bytes() == uninterrupted["out"]


# --- tecfap run: the same chain on the TeCFaP probe's predictions file (the same append store) ----------

#: SIGTERM ends `tecfap run` at once (Python's default action), as SIGKILL does: not launched twice
TECFAP_SIGNALS = (signal.SIGINT, signal.SIGKILL)
TECFAP_EXIT = {signal.SIGINT: 130, signal.SIGKILL: -signal.SIGKILL}


def tecfap_responder():
    """The gold answer of the probe row whose query the prompt holds, a little late; rows asked, by query."""
    from ragas_temporal.tecfap import build_probe, load_example

    rows = build_probe(load_example(), split="all")
    gold = {r.query: r.gold for r in rows}  # a query may be two rows' (one pattern text for both directions)

    def responder(request) -> str:
        time.sleep(0.01)
        return gold[next(line for line in request.prompt_text.splitlines() if line in gold)]

    return responder, gold, len(rows)


def tecfap_calls(server, gold) -> collections.Counter:
    return collections.Counter(
        next((line for line in request.prompt_text.splitlines() if line in gold), None) for request in server.requests
    )


def tecfap_argv(base_url: str, out: Path) -> list[str]:
    return ["tecfap", "run", "--model", "m", "--base-url", base_url, "--split", "all", "--no-progress",
            "--max-concurrency", str(CONCURRENCY), "--out", str(out)]


def test_killed_and_resumed_tecfap_runs_end_as_the_uninterrupted_run(openai_server_factory, tmp_path):
    from ragas_temporal.tecfap.records import read_predictions, row_key

    responder, gold, rows = tecfap_responder()
    server = openai_server_factory(responder)
    whole = tmp_path / "whole.jsonl"
    assert main(tecfap_argv(server.base_url, whole)) == 0
    uninterrupted = tecfap_calls(server, gold)
    assert rows == 122 and sum(uninterrupted.values()) == rows and None not in uninterrupted
    server.requests.clear()

    out = tmp_path / "preds.jsonl"
    rng = random.Random(37)
    exits = []
    for sig in TECFAP_SIGNALS:
        code, kept = run_and_kill(tecfap_argv(server.base_url, out), out, sig, rng, header_lines=0)
        assert code in (TECFAP_EXIT[sig], 0), (signal.Signals(sig).name, code)
        exits.append((signal.Signals(sig).name, code, kept))
    assert main(tecfap_argv(server.base_url, out)) == 0

    def answers(path: Path) -> dict:
        return {row_key(r): (r["prediction"], r["error"]) for r in read_predictions(path)}

    assert answers(out) == answers(whole)
    lines = out.read_bytes().split(b"\n")
    assert lines[-1] == b"" and len(lines) - 1 == rows  # every row once, no torn line left
    calls = tecfap_calls(server, gold)
    assert None not in calls and all(calls[q] <= 2 * n for q, n in uninterrupted.items()), calls  # asked again once at most
    extra = sum(calls.values()) - rows
    assert 0 <= extra <= CONCURRENCY * len(TECFAP_SIGNALS), exits  # the rows in flight at each kill
    print(f"\ntecfap run: {len(TECFAP_SIGNALS)} kills {exits}; {sum(calls.values())} requests for {rows} rows")
