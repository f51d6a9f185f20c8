"""The LLM judges: plain values out of our prompts, and every fault ends as a reason, not a crash."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from ragas_temporal.scores import Judgement
from ragas_temporal.ranking.judge import judge_relevance, judge_temporal_focus
from ragas_temporal.faithfulness.judge import judge_temporal_claims
from ragas_temporal.faithfulness.prompts import TemporalClaimsPrompt
from tests.support.fake_judges import rule_based_judge
from tests.support.fake_llm import Delay, ScriptedLLM, langchain_wrapped
from tests.support.openai_server import HANG, refused_base_url

ANSWER = "The crisis started in 2008. It ended in 2010."
CONTEXTS = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
UNKNOWN_LABEL = '{"claims": [{"claim": "c", "verdict": "MAYBE", "reason": "r"}]}'


def run(coro):
    return asyncio.run(coro)


def _llm_kinds(script, server_factory):
    """The same script behind a BaseRagasLLM, a LangchainLLMWrapper and an llm_factory LLM."""
    from ragas.llms import llm_factory

    server = server_factory(lambda request: script(request.user_text))
    return {
        "scripted": ScriptedLLM(script),
        "langchain": langchain_wrapped(script),
        # max_retries=0: one HTTP request per judgement (Instructor would otherwise retry 3 times)
        "llm_factory": llm_factory("gpt-4o-mini", client=server.async_client(), max_retries=0),
    }, server


@pytest.mark.parametrize("kind", ["scripted", "langchain", "llm_factory"])
def test_claims_judge_returns_labels_reasons_and_quotes(kind, openai_server_factory):
    llms, _ = _llm_kinds(rule_based_judge, openai_server_factory)
    judgement = run(judge_temporal_claims(llms[kind], ANSWER, CONTEXTS, question="When?"))
    # rule-based judge: sentence 1 has 2008 (in contexts) -> SUPPORTED; sentence 2 has 2010, the
    # contexts hold 2008/2009 only -> CONTRADICTED
    assert judgement.ok and judgement.values == ("SUPPORTED", "CONTRADICTED")
    assert judgement.details[0] == ("The crisis started in 2008.", "SUPPORTED", "the contexts give 2008", "2008")
    assert len(judgement.reasons) == 2


@pytest.mark.parametrize("kind", ["scripted", "langchain", "llm_factory"])
def test_relevance_and_grade_judges_are_listwise(kind, openai_server_factory):
    llms, server = _llm_kinds(rule_based_judge, openai_server_factory)
    documents = ["Crash of 2008.", "Stimulus of 2009.", "Banks fail."]

    async def both():  # one event loop: an AsyncOpenAI client must not hop between loops
        binary = await judge_relevance(llms[kind], "What happened in 2008?", documents, focus="specific_time", scale="binary")
        graded = await judge_relevance(llms[kind], "What happened in 2008?", documents, scale="graded")
        return binary, graded

    binary, graded = run(both())
    # shares 2008 -> 1 / grade 4; other year -> 0 / grade 2; no year -> 0 / grade 0
    assert binary.values == (1, 0, 0) and graded.values == (4, 2, 0)
    if kind == "scripted":
        assert llms[kind].calls == 2  # one call per judgement, all documents at once
    if kind == "llm_factory":
        assert len(server.requests) == 2


def test_document_order_follows_the_numbers_not_the_reply_order():
    reply = {"documents": [{"doc": 2, "verdict": 0, "reason": "b"}, {"doc": 1, "verdict": 1, "reason": "a"}]}
    judgement = run(judge_relevance(ScriptedLLM([json.dumps(reply)]), "q", ["d1", "d2"], scale="binary"))
    assert judgement.values == (1, 0) and judgement.reasons == ("a", "b")


@pytest.mark.parametrize(
    "documents_in_reply",
    [[1], [1, 1], [1, 3], [1, 2, 3]],
)
def test_missing_repeated_or_invented_document_numbers_fail_the_judgement(documents_in_reply):
    reply = {"documents": [{"doc": n, "verdict": 1, "reason": "r"} for n in documents_in_reply]}
    judgement = run(judge_relevance(ScriptedLLM([json.dumps(reply)]), "q", ["d1", "d2"], scale="binary"))
    assert not judgement.ok
    assert judgement.error == (
        f"LLM judged documents {documents_in_reply} but 2 were given (expected each of [1, 2] exactly once)"
    )


def test_no_documents_means_no_call():
    llm = ScriptedLLM(["{}"])
    assert run(judge_relevance(llm, "q", [], scale="graded")).values == ()
    assert llm.calls == 0


def test_focus_judge_uses_rules_first_then_the_llm():
    llm = ScriptedLLM(lambda text: '{"focus": "Before After", "reason": "r"}')
    by_rules = run(judge_temporal_focus("How long did the war last?", llm))
    assert (by_rules.values, by_rules.source, llm.calls) == ("duration", "rules", 0)
    assert by_rules.reasons == ("cue 'How long' in the query",)
    assert run(judge_temporal_focus("Who won in 2010?")).reasons == ("a time mention in the query",)
    by_llm = run(judge_temporal_focus("Who won the World Cup?", llm))
    assert (by_llm.values, by_llm.source, llm.calls) == ("before_after", "llm", 1)
    without_llm = run(judge_temporal_focus("Who won the World Cup?"))
    assert without_llm.values == "infer"


# ---------------------------------------------------------------------------------------------
# faults: each ends in Judgement.failed(reason); retries are bounded
# ---------------------------------------------------------------------------------------------
LABEL_REASON = (
    "LLM reply did not match TemporalClaimsOutput: claims.0.verdict: Input should be 'SUPPORTED', "
    "'PARTIALLY_SUPPORTED', 'NOT_SUPPORTED' or 'CONTRADICTED' (got 'MAYBE')"
)


@pytest.mark.parametrize("kind", ["scripted", "langchain", "llm_factory"])
@pytest.mark.parametrize(
    "reply, reason",
    [
        ("the answer is fine", "LLM reply did not match TemporalClaimsOutput: reply is not JSON: 'the answer is fine'"),
        (UNKNOWN_LABEL, LABEL_REASON),
        ('{"claims": [{"claim": "c"}]}', "LLM reply did not match TemporalClaimsOutput: claims.0.verdict: Field required"),
    ],
)
def test_malformed_or_invalid_replies_fail_with_a_precise_reason(kind, reply, reason, openai_server_factory):
    llms, server = _llm_kinds(lambda text: reply, openai_server_factory)
    judgement = run(judge_temporal_claims(llms[kind], ANSWER, CONTEXTS))
    assert judgement.values is None and judgement.error.startswith(reason)
    if kind == "scripted":
        # 1 judge call + 1 FixOutputFormat repair call (fix_retries=1), then give up
        assert llms[kind].calls == 2
    if kind == "llm_factory":
        assert len(server.requests) == 1  # Instructor validates itself; max_retries=0


def test_fix_retries_zero_means_exactly_one_call():
    llm = ScriptedLLM(lambda text: "nonsense")
    judgement = run(judge_temporal_claims(llm, ANSWER, CONTEXTS, fix_retries=0))
    assert llm.calls == 1 and "reply is not JSON" in judgement.error


def test_repair_call_can_rescue_a_reply():
    good = '{"claims": [{"claim": "c", "verdict": "SUPPORTED", "reason": "r"}]}'
    # first reply is prose around nothing parsable; the FixOutputFormat call returns {"text": good}
    llm = ScriptedLLM(["I think it is supported", json.dumps({"text": good})])
    judgement = run(judge_temporal_claims(llm, ANSWER, CONTEXTS))
    assert judgement.values == ("SUPPORTED",) and llm.calls == 2
    assert "The output string did not satisfy the constraints" in llm.prompts[1]


@pytest.mark.parametrize("kind", ["scripted", "langchain"])
def test_exception_in_the_llm_fails_with_its_message(kind):
    script = lambda text: ConnectionError("endpoint down")  # noqa: E731
    llm = ScriptedLLM(script) if kind == "scripted" else langchain_wrapped(script)
    judgement = run(judge_temporal_claims(llm, ANSWER, CONTEXTS))
    assert judgement.error == "LLM call failed: ConnectionError: endpoint down"


def test_timeout_fails_the_judgement_quickly():
    llm = ScriptedLLM(lambda text: Delay(10.0, "{}"))
    started = time.monotonic()
    judgement = run(judge_temporal_claims(llm, ANSWER, CONTEXTS, timeout=0.2))
    assert judgement.error == "LLM call timed out after 0.2 s"
    assert time.monotonic() - started < 2.0


def test_hanging_http_endpoint_is_bounded_by_the_judge_timeout(openai_server_factory):
    from ragas.llms import llm_factory

    server = openai_server_factory(lambda request: HANG, hang_limit=10)
    # a client with library defaults (timeout 600 s, 2 retries) would wait minutes: our timeout rules
    from openai import AsyncOpenAI

    llm = llm_factory("gpt-4o-mini", client=AsyncOpenAI(base_url=server.base_url, api_key="k"))
    started = time.monotonic()
    judgement = run(judge_temporal_claims(llm, ANSWER, CONTEXTS, timeout=0.5))
    assert judgement.error == "LLM call timed out after 0.5 s"
    assert time.monotonic() - started < 3.0


def test_refused_connection_fails_in_seconds():
    from openai import AsyncOpenAI
    from ragas.llms import llm_factory

    llm = llm_factory("gpt-4o-mini", client=AsyncOpenAI(base_url=refused_base_url(), api_key="k", max_retries=0))
    started = time.monotonic()
    judgement = run(judge_temporal_claims(llm, ANSWER, CONTEXTS, timeout=10))
    assert judgement.error.startswith("LLM call failed:") and "Connection error" in judgement.error
    assert time.monotonic() - started < 5.0


def test_no_llm_is_a_reason_not_a_crash():
    assert run(judge_temporal_claims(None, ANSWER, CONTEXTS)) == Judgement.failed("no LLM configured for this metric")


def test_a_changed_prompt_instruction_reaches_the_llm():
    prompt = TemporalClaimsPrompt()
    prompt.instruction = "List every temporal claim, strictly."
    llm = ScriptedLLM(rule_based_judge)
    run(judge_temporal_claims(llm, ANSWER, CONTEXTS, prompt=prompt))
    assert llm.last_prompt.startswith("List every temporal claim, strictly.\n")
