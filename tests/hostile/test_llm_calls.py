"""Judge LLM calls that misbehave: rate limits, replies that quote JSON, LLMs that block the loop.

Every case ends as that row's NaN with a reason (or its score), with a bounded number of calls.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
import warnings

import pytest
from langchain_core.outputs import Generation, LLMResult
from ragas.llms.base import BaseRagasLLM

from ragas_temporal.llm import prompt_runner
from ragas_temporal.faithfulness.judge import judge_temporal_claims
from ragas_temporal.llm.llm_calls import BoundedLLM, json_first
from ragas_temporal.metrics import TemporalFaithfulness, score_dataset
from tests.support.fake_llm import ScriptedLLM
from tests.support.openai_server import HTTPReply

warnings.filterwarnings("ignore", category=DeprecationWarning)

CTX = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
ROW = {"user_input": "What happened in 2008?", "response": "It happened in 2008.", "retrieved_contexts": CTX}


def _claims_reply(reason: str, second: bool = False) -> str:
    claims = [{"claim": "It happened in 2008.", "verdict": "SUPPORTED", "reason": reason, "quote": "In 2008"}]
    if second:
        claims.append({"claim": "It ended in 2010.", "verdict": "NOT_SUPPORTED", "reason": "no 2010", "quote": ""})
    return json.dumps({"claims": claims})


def test_429_with_the_default_langchain_client_is_bounded_and_said(openai_server_factory):
    from langchain_openai import ChatOpenAI
    from ragas.llms import LangchainLLMWrapper

    server = openai_server_factory(lambda request: HTTPReply(
        429, {"error": {"message": "Rate limit reached", "type": "requests"}}, {"retry-after-ms": "10"}))
    llm = LangchainLLMWrapper(ChatOpenAI(model="m", base_url=server.base_url, api_key="k"))  # default retries
    started = time.monotonic()
    frame = score_dataset([ROW], [TemporalFaithfulness(mode="llm", llm=llm, llm_timeout=20)])
    elapsed = time.monotonic() - started
    # 3 attempts of ours, each of which the OpenAI client retries twice: 9 requests, not 20+
    assert len(server.requests) == 9
    assert 3.0 <= elapsed < 10  # back-off 1 s then 2 s, far inside llm_timeout
    assert math.isnan(frame.loc[0, "temporal_faithfulness_llm"])
    reason = frame.loc[0, "temporal_faithfulness_llm_reason"]
    assert reason.startswith("LLM call rate limited (HTTP 429) after 3 attempts with back-off: ")
    assert "RateLimitError: Error code: 429" in reason and "Rate limit reached" in reason
    assert frame.loc[0, "temporal_faithfulness_llm_failure"] == "judge"


def test_run_config_with_fewer_retries_is_honoured():
    from ragas.run_config import RunConfig

    llm = ScriptedLLM([ConnectionError("down")] * 5)
    llm.set_run_config(RunConfig(max_retries=1))
    result = asyncio.run(TemporalFaithfulness(mode="llm", llm=llm).ascore(response="in 2008", retrieved_contexts=CTX))
    assert llm.calls == 1 and result.reason == "LLM call failed: ConnectionError: down"


def test_a_transient_failure_is_retried_then_scored():
    from ragas.run_config import RunConfig

    llm = ScriptedLLM([ConnectionError("blip"), _claims_reply("ok")], run_config=RunConfig(max_wait=0))
    metric = TemporalFaithfulness(mode="llm", llm=llm, llm_timeout=10)
    result = asyncio.run(metric.ascore(response="It happened in 2008.", retrieved_contexts=CTX))
    assert llm.calls == 2 and result.value == 1.0


@pytest.mark.parametrize("quoted", [
    'the context says {"year": [2008]}]} verbatim',
    "a fenced snippet ```json\n{\"year\": 2008}\n``` in the reason",
    "brackets ] } [ { unbalanced",
])
def test_reply_whose_strings_quote_json_is_parsed_whole(quoted):
    # ragas's extraction counts brackets inside strings too: it cut such replies short, and its
    # lenient parser then closed them, silently dropping the second claim
    llm = ScriptedLLM([_claims_reply(quoted, second=True)])
    judgement = asyncio.run(judge_temporal_claims(llm, "It happened in 2008. It ended in 2010.", CTX, fix_retries=0))
    assert llm.calls == 1  # no repair call
    assert judgement.values == ("SUPPORTED", "NOT_SUPPORTED")
    assert judgement.reasons == (quoted, "no 2010")


def test_reply_in_a_code_fence_is_parsed():
    llm = ScriptedLLM(["```json\n" + _claims_reply("fine }]}") + "\n```"])
    judgement = asyncio.run(judge_temporal_claims(llm, "It happened in 2008.", CTX, fix_retries=0))
    assert judgement.reasons == ("fine }]}",) and llm.calls == 1


def test_reply_with_prose_around_the_json_still_goes_to_ragas_extraction():
    llm = ScriptedLLM(["Here you go: " + _claims_reply("ok") + " Hope it helps."])
    result = asyncio.run(TemporalFaithfulness(mode="llm", llm=llm, fix_retries=0)
                         .ascore(response="It happened in 2008.", retrieved_contexts=CTX))
    assert result.value == 1.0


def test_json_first_keeps_the_value():
    reply = _claims_reply('x }]} ``` [')
    assert json.loads(json_first(reply)) == json.loads(reply)
    assert "}]}" not in json_first(reply).split('"reason"')[1].split(",")[0]


class BlockingLLM(BaseRagasLLM):
    """An LLM whose async method blocks the event loop (a synchronous client called inside it)."""

    def __init__(self, seconds: float, reply: str):
        super().__init__()
        self.seconds, self.reply, self.calls = seconds, reply, 0

    def generate_text(self, prompt, n=1, temperature=0.01, stop=None, callbacks=None):
        self.calls += 1
        time.sleep(self.seconds)
        return LLMResult(generations=[[Generation(text=self.reply)]])

    async def agenerate_text(self, prompt, n=1, temperature=0.01, stop=None, callbacks=None):
        return self.generate_text(prompt, n, temperature, stop, callbacks)  # blocks: no await

    def is_finished(self, response):
        return True


def test_llm_that_blocks_the_loop_is_the_documented_limit():
    # The timeout needs the event loop; a blocking call holds it, so the call ends when it ends.
    llm = BlockingLLM(0.5, _claims_reply("ok"))
    metric = TemporalFaithfulness(mode="llm", llm=llm, llm_timeout=0.1)
    started = time.monotonic()
    result = asyncio.run(metric.ascore(response="It happened in 2008.", retrieved_contexts=CTX))
    assert time.monotonic() - started >= 0.5 and llm.calls == 1
    assert result.value == 1.0 or result.reason.startswith("LLM call timed out")  # never lost, never raised
    assert "blocks the event loop" in prompt_runner.__doc__
    from ragas_temporal.llm import llm_calls

    assert "blocks the event loop" in llm_calls.__doc__


def test_bounded_llm_wraps_only_ragas_llms():
    from ragas_temporal.llm.llm_calls import bounded

    llm = ScriptedLLM(["{}"])
    assert isinstance(bounded(llm), BoundedLLM) and bounded(bounded(llm)).inner is llm
    assert bounded("not an llm") == "not an llm"
