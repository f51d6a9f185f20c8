"""run_probe with ragas LLMs: a scripted BaseRagasLLM and llm_factory over a loopback server."""

from __future__ import annotations

import json

import pytest

from ragas_temporal.tecfap import build_probe, load_example, run_probe, score_probe
from ragas_temporal.tecfap.probe_runner import extract_completion, openai_compatible_llm
from tests.support.fake_llm import ScriptedLLM, langchain_wrapped
from tests.support.openai_server import HTTPReply


@pytest.fixture(scope="module")
def rows():
    return build_probe(load_example(), split="test")  # 54 rows


def gold_by_query(rows):
    """A 'model' that knows the answers: the last prompt line is the query."""
    table = {r.prompt: r.gold for r in rows}
    return lambda prompt: table[prompt].title()


def test_scripted_llm_gold_answers_score_one(rows, tmp_path):
    llm = ScriptedLLM(gold_by_query(rows))
    out = tmp_path / "preds.jsonl"
    records = run_probe(rows, llm, out=out, show_progress=False, max_concurrency=4)
    assert llm.calls == len(rows) == 54
    assert [r["row_id"] for r in records] == [r.row_id for r in rows]
    assert all(r["error"] is None and r["attempts"] == 1 for r in records)
    assert len(out.read_text().splitlines()) == 54
    table = score_probe(out)
    assert table.loc["temporally_consistent_factuality", "average"] == 1.0


def test_arun_probe_inside_a_running_loop(rows):
    import asyncio

    from ragas_temporal.tecfap import arun_probe

    async def main():
        return await arun_probe(rows[:5], ScriptedLLM(gold_by_query(rows)), show_progress=False)

    records = asyncio.run(main())
    assert [r["prediction"] for r in records] == [r.gold.title() for r in rows[:5]]


def test_langchain_wrapper_path_and_echoed_sentence(rows, tmp_path):
    # the chat model repeats the sentence before answering; the runner keeps what follows it
    queries = {r.prompt: (r.query, r.gold) for r in rows}

    def reply(prompt_text):
        query, gold = queries[prompt_text]
        return f"{query.capitalize()} {gold}."

    records = run_probe(rows[:6], langchain_wrapped(reply), show_progress=False)
    assert [r["prediction"] for r in records] == [f"{r.gold}." for r in rows[:6]]


def test_resume_skips_answered_rows_and_retries_failed(rows, tmp_path):
    out = tmp_path / "preds.jsonl"
    first = rows[:10]
    # first run: the model fails on one row every time
    bad = first[3].prompt
    answers = gold_by_query(rows)

    def flaky(prompt):
        if prompt == bad:
            return RuntimeError("server exploded")
        return answers(prompt)

    llm1 = ScriptedLLM(flaky)
    recs1 = run_probe(first, llm1, out=out, show_progress=False, max_retries=2, retry_wait=0)
    assert llm1.calls == 9 + 3  # 1 + 2 retries on the bad row
    failed = [r for r in recs1 if r["error"]]
    assert len(failed) == 1 and failed[0]["attempts"] == 3
    assert failed[0]["error"] == "RuntimeError: server exploded" and failed[0]["prediction"] == ""
    # second run over all 54 rows: only the failed row and the 44 new ones are asked
    llm2 = ScriptedLLM(answers)
    recs2 = run_probe(rows, llm2, out=out, show_progress=False)
    assert llm2.calls == 1 + 44
    assert all(r["error"] is None for r in recs2)
    table = score_probe(out)  # the later success replaces the failure
    assert table.attrs["n_failed"] == 0 and table.attrs["n_rows"] == 54
    # a third run asks nothing
    llm3 = ScriptedLLM(answers)
    run_probe(rows, llm3, out=out, show_progress=False)
    assert llm3.calls == 0


def test_a_predictions_file_saved_with_a_byte_order_mark_is_read_and_resumed(rows, tmp_path):
    # issue 21 item 5: a predictions file re-saved by Excel/Notepad starts with a UTF-8 BOM
    from ragas_temporal.tecfap.records import read_predictions

    out = tmp_path / "preds.jsonl"
    run_probe(rows[:4], ScriptedLLM(gold_by_query(rows)), out=out, show_progress=False)
    plain, plain_table = read_predictions(out), score_probe(out)
    out.write_bytes(b"\xef\xbb\xbf" + out.read_bytes())
    assert read_predictions(out) == plain and len(plain) == 4
    llm = ScriptedLLM(gold_by_query(rows))
    run_probe(rows[:4], llm, out=out, show_progress=False)
    assert llm.calls == 0  # every row read back as answered, the first one included
    assert score_probe(out).equals(plain_table)  # the scores of the same four rows


def test_resume_refuses_a_file_from_a_different_probe(rows, tmp_path):
    out = tmp_path / "preds.jsonl"
    run_probe(rows[:2], ScriptedLLM(gold_by_query(rows)), out=out, show_progress=False)
    other = build_probe(load_example(), split="test", shots=1)
    with pytest.raises(ValueError, match="different prompt"):
        run_probe(other[:2], ScriptedLLM("x"), out=out, show_progress=False)


def test_timeout_counts_as_a_failed_attempt(rows):
    from tests.support.fake_llm import Delay

    llm = ScriptedLLM(lambda prompt: Delay(5, "too late"))
    records = run_probe(rows[:2], llm, timeout=0.05, max_retries=1, retry_wait=0, show_progress=False)
    assert all(r["error"] == "TimeoutError" and r["attempts"] == 2 for r in records)


def test_closed_vocabulary_snaps_to_a_candidate():
    rows = build_probe(load_example(), split="test", closed_vocabulary=True)
    row = next(r for r in rows if r.gold == "charles f. bolden, jr.")
    replies = {row.prompt: "I think it was Charles Bolden."}
    records = run_probe([row], ScriptedLLM(lambda p: replies[p]), show_progress=False)
    rec = records[0]
    assert rec["snapped"] is True
    assert rec["prediction"] == "charles f. bolden, jr." and rec["completion"] == "I think it was Charles Bolden."
    nothing = run_probe([row], ScriptedLLM("Neil Armstrong"), show_progress=False)[0]
    assert nothing["snapped"] is False and nothing["prediction"] == "Neil Armstrong"


def test_invalid_arguments(rows):
    with pytest.raises(ValueError, match="max_concurrency"):
        run_probe(rows, ScriptedLLM("x"), max_concurrency=0)
    with pytest.raises(ValueError, match="max_retries"):
        run_probe(rows, ScriptedLLM("x"), max_retries=-1)
    with pytest.raises(TypeError, match="BaseRagasLLM"):
        run_probe(rows[:1], object(), show_progress=False, max_retries=0)
    with pytest.raises(ValueError, match="repeat"):
        run_probe([rows[0], rows[0]], ScriptedLLM("x"))
    with pytest.raises(ValueError, match=r"^timeout must be positive, got 0$"):
        run_probe(rows, ScriptedLLM("x"), timeout=0)
    with pytest.raises(TypeError, match=r"^unknown option 'retries'; the options are max_concurrency, "):
        run_probe(rows, ScriptedLLM("x"), retries=3)  # a misspelt option asks nothing


def test_extract_completion():
    assert extract_completion("kid a was followed by", "KID A was followed by Amnesiac") == "Amnesiac"
    assert extract_completion("kid a was followed by", " Amnesiac ") == "Amnesiac"


def test_llm_factory_instructor_path(rows, openai_server_factory):
    by_query = {r.query: r.gold for r in rows}

    def responder(request):
        lines = request.user_text.splitlines()
        query = next(l for l in lines if l in by_query)
        return json.dumps({"completion": by_query[query].upper()})

    server = openai_server_factory(responder)
    llm = openai_compatible_llm("loopback-model", base_url=server.base_url, api_key="sk-test", structured=True)
    records = run_probe(rows[:8], llm, show_progress=False, max_retries=0)
    assert [r["prediction"] for r in records] == [r.gold.upper() for r in rows[:8]]
    assert all(req.body["model"] == "loopback-model" for req in server.requests)


def test_openai_compatible_chat_path_and_http_errors(rows, openai_server_factory):
    by_query = {r.query: r.gold for r in rows}
    calls = {"n": 0}

    def responder(request):
        calls["n"] += 1
        if calls["n"] == 1:
            return HTTPReply(500, {"error": {"message": "overloaded"}})
        query = next(l for l in request.prompt_text.splitlines() if l in by_query)
        return by_query[query]

    server = openai_server_factory(responder)
    llm = openai_compatible_llm("m", base_url=server.base_url)
    records = run_probe(rows[:3], llm, show_progress=False, max_concurrency=1, max_retries=1, retry_wait=0)
    assert [r["prediction"] for r in records] == [r.gold for r in rows[:3]]
    assert records[0]["attempts"] == 2  # the 500 was retried once


def test_the_offline_judge_runs_a_probe_end_to_end(tmp_path):
    from ragas_temporal.llm.offline import offline_llm

    listed = build_probe(load_example(), split="test", shots=1, with_context=True)
    records = run_probe(listed, offline_llm(), out=tmp_path / "p.jsonl", show_progress=False)
    assert all(r["error"] is None for r in records)
    for row, record in zip(listed, records):
        # the stand-in guesses the entity listed after the key (cyclically) in the row's own prompt
        entities = row.listed
        assert record["prediction"] == entities[(entities.index(row.key) + 1) % len(entities)]
    table = score_probe(tmp_path / "p.jsonl")
    assert 0.0 < table.loc["temporal_factuality", "average"] < 1.0  # a guess: some right, most wrong
    # without a list of entities it has nothing to choose from: an empty answer, not an error
    bare = build_probe(load_example(), split="test", with_context=False)[:3]
    assert [(r["error"], r["prediction"]) for r in run_probe(bare, offline_llm(), show_progress=False)] == [(None, "")] * 3
