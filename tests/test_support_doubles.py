"""Tests of the shared LLM test doubles in tests/support (they must fail when broken too)."""

from __future__ import annotations

import asyncio
import doctest
import json
import time
import urllib.error
import urllib.request

import pytest
from langchain_core.prompt_values import StringPromptValue
from ragas.cost import CostCallbackHandler, get_token_usage_for_openai
from ragas.exceptions import LLMDidNotFinishException

from tests.support.doctests import docstring_examples_test
from tests.support.fake_llm import (
    Delay,
    ScriptedLLM,
    count_tokens,
    fake_list_chat_llm,
    langchain_wrapped,
)
from tests.support.openai_server import (
    HANG,
    HTTPReply,
    LoopbackOpenAIServer,
    refused_base_url,
)

test_docstring_examples = docstring_examples_test(
    ["tests.support.fake_llm", "tests.support.fake_judges", "tests.support.openai_server", "tests.support.doctests",
     "tests.support.doc_blocks"],
    optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
)


def _prompt(text: str) -> StringPromptValue:
    return StringPromptValue(text=text)


def test_count_tokens_counts_words_and_punctuation():
    # "a, b." -> a | , | b | .  = 4
    assert count_tokens("a, b.") == 4
    assert count_tokens("") == 0


def test_scripted_llm_canned_replies_records_and_token_usage():
    llm = ScriptedLLM(["one two", "three"], model_name="m1")
    first = asyncio.run(llm.agenerate_text(_prompt("hello there world")))
    second = llm.generate_text(_prompt("x"))
    assert [first.generations[0][0].text, second.generations[0][0].text] == ["one two", "three"]
    assert llm.calls == 2 and llm.prompts == ["hello there world", "x"]
    usage = get_token_usage_for_openai(first)
    # prompt "hello there world" = 3 tokens, reply "one two" = 2 tokens
    assert (usage.input_tokens, usage.output_tokens, usage.model) == (3, 2, "m1")
    assert (llm.prompt_tokens, llm.completion_tokens) == (3 + 1, 2 + 1)
    with pytest.raises(RuntimeError, match="ran out of canned replies"):
        llm.generate_text(_prompt("again"))


def test_scripted_llm_rule_based_and_faults():
    def script(prompt: str):
        if "boom" in prompt:
            return ConnectionError("endpoint down")
        if "slow" in prompt:
            return Delay(5.0, "too late")
        return prompt.upper()

    llm = ScriptedLLM(script)
    assert asyncio.run(llm.agenerate_text(_prompt("abc"))).generations[0][0].text == "ABC"
    with pytest.raises(ConnectionError, match="endpoint down"):
        asyncio.run(llm.agenerate_text(_prompt("boom")))
    started = time.monotonic()
    with pytest.raises(asyncio.TimeoutError):
        asyncio.run(asyncio.wait_for(llm.agenerate_text(_prompt("slow")), timeout=0.2))
    assert time.monotonic() - started < 2.0  # the Delay was cancelled, not slept through
    assert llm.calls == 3


def test_scripted_llm_unfinished_generation_raises_in_ragas_generate():
    llm = ScriptedLLM(["partial"], finish_reason="length")
    with pytest.raises(LLMDidNotFinishException):
        asyncio.run(llm.generate(_prompt("p")))


def test_scripted_llm_fires_callbacks_for_ragas_cost_handler():
    llm = ScriptedLLM(["a b c"], model_name="m")
    handler = CostCallbackHandler(token_usage_parser=get_token_usage_for_openai)
    asyncio.run(llm.agenerate_text(_prompt("one two"), callbacks=[handler]))
    # 2 prompt tokens, 3 completion tokens; cost at 1.0 / 10.0 per token = 2 + 30
    assert handler.total_tokens().input_tokens == 2
    assert handler.total_cost(cost_per_input_token=1.0, cost_per_output_token=10.0) == 32.0


def test_langchain_wrapped_scripted_chat_model_reports_usage():
    llm = langchain_wrapped(lambda text: f"echo {text}")
    result = asyncio.run(llm.agenerate_text(_prompt("hi there")))
    assert result.generations[0][0].text == "echo hi there"
    usage = get_token_usage_for_openai(result)
    assert (usage.input_tokens, usage.output_tokens) == (2, 3)
    assert llm.langchain_llm.prompts == ["hi there"]


def test_fake_list_chat_llm_replies_in_order():
    llm = fake_list_chat_llm(["r1", "r2"])
    texts = [asyncio.run(llm.agenerate_text(_prompt("q"))).generations[0][0].text for _ in range(2)]
    assert texts == ["r1", "r2"]


def _post(url: str, body: dict, timeout: float = 5.0) -> tuple[int, dict]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


def test_server_chat_completion_shape_and_recording(openai_server):
    openai_server.responder = lambda req: f"got {len(req.messages)}"
    status, reply = _post(
        openai_server.base_url + "/chat/completions",
        {"model": "mm", "messages": [{"role": "system", "content": "s"}, {"role": "user", "content": "u v"}]},
    )
    assert status == 200
    assert reply["model"] == "mm" and reply["object"] == "chat.completion"
    assert reply["choices"][0]["message"] == {"role": "assistant", "content": "got 2"}
    # prompt text "s\nu v" = 3 tokens; reply "got 2" = 2 tokens
    assert reply["usage"] == {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5}
    assert openai_server.requests[0].user_text == "u v"


def test_server_tool_calls_completions_and_errors(openai_server_factory):
    def responder(req):
        if "fail" in req.prompt_text:
            raise ValueError("scripted failure")
        if "teapot" in req.prompt_text:
            return HTTPReply(418, {"error": {"message": "teapot"}})
        return '{"x": 1}'

    server = openai_server_factory(responder)
    status, reply = _post(
        server.base_url + "/chat/completions",
        {"model": "m", "messages": [{"role": "user", "content": "q"}],
         "tools": [{"type": "function", "function": {"name": "A"}}, {"type": "function", "function": {"name": "B"}}],
         "tool_choice": {"type": "function", "function": {"name": "B"}}},
    )
    call = reply["choices"][0]["message"]["tool_calls"][0]["function"]
    assert status == 200 and call == {"name": "B", "arguments": '{"x": 1}'}
    status, reply = _post(server.base_url + "/completions", {"model": "m", "prompt": "q"})
    assert status == 200 and reply["choices"][0]["text"] == '{"x": 1}'
    assert _post(server.base_url + "/chat/completions", {"messages": [{"role": "user", "content": "fail"}]})[0] == 500
    assert _post(server.base_url + "/chat/completions", {"messages": [{"role": "user", "content": "teapot"}]})[0] == 418


def test_server_streaming_through_langchain_openai(openai_server):
    from langchain_openai import ChatOpenAI

    openai_server.responder = lambda req: "streamed reply"
    model = ChatOpenAI(model="m", base_url=openai_server.base_url, api_key="k", streaming=True, max_retries=0)
    assert asyncio.run(model.ainvoke("hi")).content == "streamed reply"
    assert openai_server.requests[-1].body["stream"] is True


def test_server_hang_is_bounded_by_client_timeout_and_stop():
    server = LoopbackOpenAIServer(lambda req: HANG, hang_limit=10).start()
    try:
        client = server.sync_client(timeout=0.3)
        started = time.monotonic()
        with pytest.raises(Exception) as info:
            client.chat.completions.create(model="m", messages=[{"role": "user", "content": "q"}])
        assert "Timeout" in type(info.value).__name__
        assert time.monotonic() - started < 3.0
    finally:
        started = time.monotonic()
        server.stop()
        assert time.monotonic() - started < 6.0  # stop releases the hanging handler


def test_refused_base_url_refuses_connections():
    from openai import APIConnectionError, OpenAI

    client = OpenAI(base_url=refused_base_url(), api_key="k", max_retries=0, timeout=2)
    with pytest.raises(APIConnectionError):
        client.chat.completions.create(model="m", messages=[{"role": "user", "content": "q"}])


def test_llm_factory_json_mode_round_trip(openai_server):
    from pydantic import BaseModel
    from ragas.llms import llm_factory

    class Reply(BaseModel):
        label: str

    openai_server.responder = lambda req: '{"label": "yes"}'
    llm = llm_factory("gpt-4o-mini", client=openai_server.async_client())
    out = asyncio.run(llm.agenerate("Answer yes", Reply))
    assert out.label == "yes"
    # ragas's Instructor adapter uses JSON mode: response_format json_object
    assert openai_server.requests[0].body["response_format"] == {"type": "json_object"}
    assert "Answer yes" in openai_server.requests[0].user_text
