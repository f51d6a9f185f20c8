"""Offline LLMs answering with :func:`ragas_temporal.offline_judge.rules.rule_based_judge`: no key, no network.

Two ways in, one judge behind both:

- :func:`offline_llm` returns :class:`OfflineJudgeLLM`, a ragas ``BaseRagasLLM`` (the same kind of
  object as ``LangchainLLMWrapper``); the shortest path to try the LLM modes;
- :func:`offline_llm_factory` returns what ``ragas.llms.llm_factory`` returns for a real OpenAI
  model, built over an ``AsyncOpenAI`` client whose HTTP transport answers in-process
  (:func:`offline_transport`), so the Instructor client path runs for real up to the socket.

Both report token usage (counted with :func:`~ragas_temporal.offline_judge.rules.count_tokens`):
``OfflineJudgeLLM`` in the ``llm_output`` shape ``ragas.cost.get_token_usage_for_openai`` reads, the
transport in each chat-completion reply's ``usage``.

Example
-------
>>> import asyncio
>>> from ragas_temporal.metrics import TemporalFaithfulness
>>> metric = TemporalFaithfulness(mode="llm", llm=offline_llm(), reference_date="2024-03-15")
>>> result = asyncio.run(metric.ascore(response="Last year revenue grew by 12%.",
...                                    retrieved_contexts=["Revenue rose 12% in 2023."]))
>>> result.value, result.reason
(1.0, '1 temporal claim: 1 supported')
>>> metric.llm.calls
1
"""

from __future__ import annotations

import json
import typing as t

from langchain_core.callbacks import AsyncCallbackManager, CallbackManager
from langchain_core.outputs import Generation, LLMResult
from ragas.llms.base import BaseRagasLLM
from ragas.run_config import RunConfig

from ragas_temporal.llm.prompt_runner import openai_llm_output
from ragas_temporal.offline_judge.rules import count_tokens, rule_based_judge

if t.TYPE_CHECKING:
    import httpx
    from langchain_core.callbacks import Callbacks
    from langchain_core.prompt_values import PromptValue

__all__ = ["OFFLINE_MODEL", "OfflineJudgeLLM", "offline_llm", "offline_transport", "offline_llm_factory"]

#: The model name the offline LLMs report.
OFFLINE_MODEL = "offline-rule-judge"


class OfflineJudgeLLM(BaseRagasLLM):
    """A ragas ``BaseRagasLLM`` answering every prompt with the offline rule-based judge.

    Attributes ``calls``, ``prompt_tokens`` and ``completion_tokens`` are running totals.
    LangChain callbacks fire as for a real model, so ``ragas.evaluate(token_usage_parser=...)``
    counts its tokens.

    Parameters
    ----------
    model_name : str, default OFFLINE_MODEL
    run_config : RunConfig, optional
        One attempt, no back-off by default.
    judge : callable(prompt_text) -> reply_text, default rule_based_judge
        What answers; wrap the rules to see how the metrics cope with faults, e.g. a malformed
        reply now and then (each costs a ragas repair call with ``fix_retries`` >= 1).

    >>> from langchain_core.prompt_values import StringPromptValue
    >>> llm = OfflineJudgeLLM(judge=lambda prompt: "not JSON")
    >>> llm.generate_text(StringPromptValue(text="hello world")).generations[0][0].text
    'not JSON'
    >>> llm.calls, llm.prompt_tokens, llm.completion_tokens
    (1, 2, 2)
    """

    def __init__(
        self,
        model_name: str = OFFLINE_MODEL,
        run_config: RunConfig | None = None,
        *,
        judge: t.Callable[[str], str] = rule_based_judge,
    ):
        # one attempt: the rules either answer or raise ValueError for a prompt they do not know
        super().__init__(run_config=run_config or RunConfig(max_retries=1, max_wait=0))
        self.model_name = model_name
        self.judge = judge
        self.calls = 0
        self.prompt_tokens = 0
        self.completion_tokens = 0

    def is_finished(self, response: LLMResult) -> bool:
        return True

    def _answer(self, text: str, n: int) -> LLMResult:
        self.calls += 1
        reply = self.judge(text)
        prompt_tokens, completion_tokens = count_tokens(text) * n, count_tokens(reply) * n
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens
        return LLMResult(
            generations=[[Generation(text=reply, generation_info={"finish_reason": "stop"}) for _ in range(n)]],
            llm_output=openai_llm_output(prompt_tokens, completion_tokens, self.model_name),
        )

    def generate_text(self, prompt: PromptValue, n: int = 1, temperature: float | None = 0.01,
                      stop: list[str] | None = None, callbacks: Callbacks = None) -> LLMResult:
        text = prompt.to_string()
        run_managers = CallbackManager.configure(inheritable_callbacks=callbacks).on_llm_start(
            {"name": type(self).__name__}, [text])
        try:
            result = self._answer(text, n)
        except BaseException as exc:
            for run_manager in run_managers:
                run_manager.on_llm_error(exc)
            raise
        for run_manager in run_managers:
            run_manager.on_llm_end(result)
        return result

    async def agenerate_text(self, prompt: PromptValue, n: int = 1, temperature: float | None = 0.01,
                             stop: list[str] | None = None, callbacks: Callbacks = None) -> LLMResult:
        text = prompt.to_string()
        run_managers = await AsyncCallbackManager.configure(inheritable_callbacks=callbacks).on_llm_start(
            {"name": type(self).__name__}, [text])
        try:
            result = self._answer(text, n)
        except BaseException as exc:
            for run_manager in run_managers:
                await run_manager.on_llm_error(exc)
            raise
        for run_manager in run_managers:
            await run_manager.on_llm_end(result)
        return result

    def __repr__(self) -> str:
        return f"OfflineJudgeLLM(calls={self.calls})"


def offline_llm() -> OfflineJudgeLLM:
    """A fresh :class:`OfflineJudgeLLM`: pass it as ``llm=`` to a metric or to ``ragas.evaluate``."""
    return OfflineJudgeLLM()


def _chat_completion(request: httpx.Request) -> httpx.Response:
    import httpx

    body = json.loads(request.content)
    messages = body.get("messages") or []
    # Instructor adds its own system message with the schema; the prompt is the user message
    prompt = "\n".join(str(m.get("content") or "") for m in messages if m.get("role") == "user")
    reply = rule_based_judge(prompt)
    prompt_tokens = sum(count_tokens(str(m.get("content") or "")) for m in messages)
    completion_tokens = count_tokens(reply)
    return httpx.Response(200, json={
        "id": "offline", "object": "chat.completion", "created": 0,
        "model": body.get("model", OFFLINE_MODEL),
        "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": reply}}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens},
    })


def offline_transport() -> httpx.MockTransport:
    """An ``httpx`` transport serving OpenAI chat completions from the offline judge, in-process."""
    import httpx

    return httpx.MockTransport(_chat_completion)


def offline_llm_factory(model: str = OFFLINE_MODEL, *, event_hooks: dict | None = None, **factory_kwargs: t.Any):
    """``ragas.llms.llm_factory(model, client=AsyncOpenAI(...))`` over :func:`offline_transport`.

    ``event_hooks`` go to the ``httpx.AsyncClient`` (e.g. ``{"response": [meter]}`` to read each
    reply's ``usage``); ``factory_kwargs`` to ``llm_factory``.
    """
    import httpx
    from openai import AsyncOpenAI
    from ragas.llms import llm_factory

    http = httpx.AsyncClient(transport=offline_transport(), event_hooks=event_hooks or {})
    client = AsyncOpenAI(api_key="offline", base_url="http://offline.invalid/v1", http_client=http, max_retries=0)
    return llm_factory(model, client=client, **factory_kwargs)
