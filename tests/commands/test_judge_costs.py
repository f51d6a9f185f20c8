"""What a judged run costs and keeps (issue 36): a damaged cache, the cost line, reply caps.

Through the CLI and the loopback OpenAI-compatible server, whose requests are recorded.
"""

from __future__ import annotations

import asyncio
import json
import math
import sqlite3

import pytest

from ragas_temporal.cli import main
from tests.support.fake_llm import count_tokens
from ragas_temporal.llm.llm_calls import MAX_REPLY_BYTES
from ragas_temporal.llm.usage import MeteredDiskCache
from tests.commands.test_evaluate import ROWS, scores_of, write_jsonl
from tests.support.fake_llm import ScriptedLLM
from tests.support.openai_server import HANG, HTTPReply

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


# --- the cost line -------------------------------------------------------------------------------------
NO_VERDICT = json.dumps({"claims": [{"claim": "The crisis occurred in 2008.", "reason": "stated"}]})
BUDGET = 32 + 128 * 3  # ROWS[0]: 2 time mentions + 1 sentence


@pytest.mark.parametrize("cached", [False, True])
def test_failed_judgements_count_every_request_and_its_tokens(tmp_path, capsys, openai_server, cached):
    # every reply parses but holds no verdict: Instructor re-asks once, then the judgement fails.
    # before: "LLM calls: 1 (1 failed); tokens: 0 prompt + 0 completion"; with --cache, max_tokens 1024
    openai_server.responder = lambda request: NO_VERDICT
    code, out = evaluate(tmp_path, openai_server, *(["--cache", str(tmp_path / "cache")] if cached else []))
    assert code == 1  # no row scored
    requests = openai_server.requests
    prompt_tokens = sum(count_tokens(r.prompt_text) for r in requests)
    assert len(requests) == 2
    assert (f"LLM calls: 2 requests for 1 judgement (1 failed); tokens: {prompt_tokens:,} prompt + "
            f"{2 * count_tokens(NO_VERDICT):,} completion") in capsys.readouterr().out
    assert [r.body["max_tokens"] for r in requests] == [BUDGET, BUDGET]  # the re-ask keeps the reply budget


def _completion_with_usage(request, usage):
    return HTTPReply(200, {
        "id": "x", "object": "chat.completion", "created": 0, "model": "m",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": CLAIMS_REPLY}, "finish_reason": "stop"}],
        "usage": usage,
    })


def test_impossible_usage_is_not_printed_as_it_came(tmp_path, capsys, openai_server):
    openai_server.responder = lambda request: _completion_with_usage(
        request, {"prompt_tokens": -1000, "completion_tokens": 10**12, "total_tokens": 0})
    assert evaluate(tmp_path, openai_server)[0] == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("LLM calls"))
    assert line == ("LLM calls: 1 request for 1 judgement; tokens: usage not reported by the endpoint "
                    "(impossible usage left out of 1 reply)")
    # one field impossible, the other kept
    openai_server.responder = lambda request: _completion_with_usage(
        request, {"prompt_tokens": 250, "completion_tokens": -5, "total_tokens": 245})
    assert evaluate(tmp_path, openai_server)[0] == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("LLM calls"))
    assert line == "LLM calls: 1 request for 1 judgement; tokens: 250 prompt + 0 completion (impossible usage left out of 1 reply)"


def test_impossible_usage_from_a_python_llm_is_left_out():
    from langchain_core.outputs import Generation, LLMResult

    from ragas_temporal.llm.prompt_runner import openai_llm_output
    from ragas_temporal.llm.usage import UsageMeter

    meter = UsageMeter()
    meter.on_llm_end(LLMResult(generations=[[Generation(text="{}")]], llm_output=openai_llm_output(-1000, 10**12, "m")))
    meter.on_llm_end(LLMResult(generations=[[Generation(text="{}")]], llm_output=openai_llm_output(40, 5, "m")))
    assert meter.summary() == ("LLM calls: 2; tokens: 40 prompt + 5 completion "
                               "(usage reported for 1 of 2 calls; impossible usage left out of 1 reply)")


def test_a_timed_out_request_says_after_how_long(tmp_path, capsys, openai_server_factory):
    # no --llm-timeout: the client's own timeout per request cuts it (before: "LLM call failed:
    # InstructorRetryException: Request timed out.")
    from ragas.llms import llm_factory

    from ragas_temporal.metrics import TemporalFaithfulness

    server = openai_server_factory(lambda request: HANG, hang_limit=5)
    llm = llm_factory("m", client=server.async_client(timeout=0.3), max_retries=0)
    result = asyncio.run(TemporalFaithfulness(mode="llm", llm=llm).ascore(**{k: ROWS[0][k] for k in ("response", "retrieved_contexts")}))
    assert result.reason == "LLM call timed out after 0.3 s (the client's timeout per request)"


# --- a reply's size is capped before it is parsed --------------------------------------------------------
HUGE = '{"claims": [{"claim": "The crisis occurred in 2008.", "verdict": "SUPPORTED", "reason": "' + "x" * 50_000_000 + '"}]}'


def test_a_huge_reply_is_refused_before_it_is_parsed():
    from ragas_temporal.metrics import TemporalFaithfulness

    llm = ScriptedLLM(lambda prompt: HUGE)
    metric = TemporalFaithfulness(mode="llm", llm=llm)
    result = asyncio.run(metric.ascore(**{k: ROWS[0][k] for k in ("response", "retrieved_contexts")}))
    assert math.isnan(result.value)
    assert result.reason == f"judge reply too long ({len(HUGE):,} bytes, cap {MAX_REPLY_BYTES:,})"
    assert llm.calls == 1  # not retried, not repaired: the same judge would ramble again


def test_a_huge_reply_sent_in_chunks_is_refused_once_the_bytes_read_pass_the_cap(tmp_path, openai_server):
    # no Content-Length: before, the whole 50 MB was read and held before its size was checked
    from tests.support.openai_server import ChunkedReply

    openai_server.responder = lambda request: ChunkedReply(HUGE)
    code, out = evaluate(tmp_path, openai_server)
    assert code == 1
    reason = scores_of(out)["temporal_faithfulness_llm_reason"][0]
    assert reason.startswith(f"judge reply too long (more than {MAX_REPLY_BYTES:,} bytes, sent without a length;")
    # the client hung up after the cap: the server could not send the rest (socket buffers hold a few MB at most)
    assert openai_server.chunked_bytes_sent < len(HUGE) // 2


def test_a_reply_sent_in_chunks_scores_as_the_same_reply_sent_whole(tmp_path, openai_server):
    from tests.support.openai_server import ChunkedReply

    openai_server.responder = lambda request: CLAIMS_REPLY
    whole_dir, chunked_dir = tmp_path / "whole", tmp_path / "chunked"
    whole_dir.mkdir(), chunked_dir.mkdir()
    code, whole = evaluate(whole_dir, openai_server)
    assert code == 0
    openai_server.responder = lambda request: ChunkedReply(CLAIMS_REPLY)
    code, chunked = evaluate(chunked_dir, openai_server)
    assert code == 0
    column = "temporal_faithfulness_llm"
    assert list(scores_of(chunked)[column]) == list(scores_of(whole)[column]) == [0.75]  # SUPPORTED 1 + PARTIAL 0.5, of 2
    assert list(scores_of(chunked)[column + "_reason"]) == list(scores_of(whole)[column + "_reason"])


def test_a_huge_reply_from_the_endpoint_is_refused_by_its_length(tmp_path, openai_server):
    openai_server.responder = lambda request: HUGE
    code, out = evaluate(tmp_path, openai_server)
    assert code == 1
    assert scores_of(out)["temporal_faithfulness_llm_reason"][0].startswith("judge reply too long (")
