"""Scripted LLM test doubles that implement ragas's and LangChain's LLM interfaces.

Two doubles live here:

- :class:`ScriptedLLM` subclasses ``ragas.llms.BaseRagasLLM`` directly. It answers every
  prompt from a script (a callable ``prompt_text -> reply`` or a list of canned replies),
  records the prompts it received, counts calls and tokens, can inject faults (raise, sleep
  past a timeout, return malformed text), and reports token usage in the ``llm_output`` shape
  that ``ragas.cost.get_token_usage_for_openai`` reads. It fires LangChain ``on_llm_start`` /
  ``on_llm_end`` callbacks, so ``ragas.evaluate(..., token_usage_parser=...)`` counts its cost.
- :class:`ScriptedChatModel` is a LangChain ``BaseChatModel`` driven by the same kind of
  script; :func:`langchain_wrapped` wraps it (or any chat model) in ``LangchainLLMWrapper`` so
  the LangChain code path of ragas runs. :func:`fake_list_chat_llm` does the same with
  LangChain's own ``FakeListChatModel``.

Script items (returned by the callable or taken from the list, one per generation):

- ``str``: the reply text (malformed JSON is just a string that is not JSON);
- a ``BaseException`` instance: raised from the call;
- :class:`Delay`: sleep ``seconds`` (``asyncio.sleep`` on the async path, so an
  ``asyncio.wait_for`` timeout cancels it), then use ``then`` (any script item).

Example
-------
>>> import asyncio
>>> from langchain_core.prompt_values import StringPromptValue
>>> llm = ScriptedLLM(['{"ok": true}'])
>>> result = asyncio.run(llm.agenerate_text(StringPromptValue(text="Say ok")))
>>> result.generations[0][0].text
'{"ok": true}'
>>> llm.calls, llm.prompts
(1, ['Say ok'])
>>> result.llm_output["token_usage"]["prompt_tokens"]
2
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
import typing as t
from dataclasses import dataclass

from langchain_core.callbacks import AsyncCallbackManager, CallbackManager
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult, Generation, LLMResult
from pydantic import Field
from ragas.llms.base import BaseRagasLLM, LangchainLLMWrapper
from ragas.run_config import RunConfig

from ragas_temporal.llm.prompt_runner import openai_llm_output

if t.TYPE_CHECKING:
    from langchain_core.callbacks import Callbacks
    from langchain_core.prompt_values import PromptValue

__all__ = [
    "Delay",
    "ScriptItem",
    "Script",
    "count_tokens",
    "ScriptedLLM",
    "ScriptedChatModel",
    "langchain_wrapped",
    "fake_list_chat_llm",
]


_TOKEN = re.compile(r"\w+|[^\w\s]")


def count_tokens(text: str) -> int:
    """A rough, deterministic token count: every word and every punctuation mark is one token (the
    one ruler of the test doubles: the scripted LLMs and the loopback server count the same way).

    Not a BPE tokenizer (those need downloaded vocabularies), but monotone in text length, which
    is what relative cost comparisons need.

    >>> count_tokens('Say "ok", please.')
    7
    """
    return len(_TOKEN.findall(text))


@dataclass(frozen=True)
class Delay:
    """Script item: wait ``seconds`` before answering with ``then``.

    >>> Delay(0.5, "late reply").then
    'late reply'
    """

    seconds: float
    then: t.Any = ""


ScriptItem = t.Union[str, BaseException, Delay]
Script = t.Union[t.Callable[[str], ScriptItem], t.Sequence[ScriptItem], str]


class _Scripter:
    """Turns a script into replies and keeps the records (thread-safe)."""

    def __init__(self, script: Script):
        if isinstance(script, str):
            script = [script]
        if not callable(script):
            script = list(script)
            if not script:
                raise ValueError("script must hold at least one canned reply")
        self.script = script
        self.prompts: list[str] = []
        self.replies: list[str] = []
        self._next = 0
        self._lock = threading.Lock()

    def next_item(self, prompt_text: str) -> ScriptItem:
        with self._lock:
            self.prompts.append(prompt_text)
            if callable(self.script):
                return self.script(prompt_text)
            if self._next >= len(self.script):
                raise RuntimeError(
                    f"script ran out of canned replies after {len(self.script)} generation(s); "
                    f"prompt was: {prompt_text[:200]!r}"
                )
            item = self.script[self._next]
            self._next += 1
            return item

    def resolve_sync(self, item: ScriptItem) -> str:
        while isinstance(item, Delay):
            time.sleep(item.seconds)
            item = item.then
        return self._finish(item)

    async def resolve_async(self, item: ScriptItem) -> str:
        while isinstance(item, Delay):
            await asyncio.sleep(item.seconds)
            item = item.then
        return self._finish(item)

    def _finish(self, item: ScriptItem) -> str:
        if isinstance(item, BaseException):
            raise item
        if not isinstance(item, str):
            raise TypeError(f"script items must be str, an exception or Delay, got {type(item).__name__}")
        with self._lock:
            self.replies.append(item)
        return item


class ScriptedLLM(BaseRagasLLM):
    """A ``BaseRagasLLM`` that answers from a script and records everything it was asked.

    Parameters
    ----------
    script : callable, sequence or str
        ``prompt_text -> item`` (rule-based replies), or canned items used in order (a
        ``RuntimeError`` once exhausted), or one string used once. See the module docstring
        for the item kinds (reply text, an exception to raise, :class:`Delay`).
    model_name : str, default="scripted-llm"
        Reported as ``llm_output["model_name"]`` (the model key of ragas's token usage).
    finish_reason : str, default="stop"
        Put in each generation's ``generation_info``; ``"length"`` makes ragas raise
        ``LLMDidNotFinishException``.
    run_config : RunConfig, optional
        ragas run configuration (retries used by ``BaseRagasLLM.generate``). Defaults to one
        attempt (``max_retries=1``) so injected faults are not retried with back-off in tests.

    Attributes
    ----------
    prompts : list of str
        Every prompt text received, in order (one entry per generation).
    replies : list of str
        Every reply text returned.
    calls : int
        Number of ``generate_text`` / ``agenerate_text`` calls.
    prompt_tokens, completion_tokens : int
        Running totals counted with :func:`count_tokens`.
    """

    def __init__(
        self,
        script: Script,
        *,
        model_name: str = "scripted-llm",
        finish_reason: str = "stop",
        run_config: RunConfig | None = None,
    ):
        super().__init__(run_config=run_config or RunConfig(max_retries=1, max_wait=0))
        self._scripter = _Scripter(script)
        self.model_name = model_name
        self.finish_reason = finish_reason
        self.calls = 0
        self.prompt_tokens = 0
        self.completion_tokens = 0

    # records --------------------------------------------------------------------------
    @property
    def prompts(self) -> list[str]:
        return self._scripter.prompts

    @property
    def replies(self) -> list[str]:
        return self._scripter.replies

    @property
    def last_prompt(self) -> str:
        if not self.prompts:
            raise AssertionError("ScriptedLLM received no prompt")
        return self.prompts[-1]

    # BaseRagasLLM interface ------------------------------------------------------------
    def is_finished(self, response: LLMResult) -> bool:
        return all(
            (g.generation_info or {}).get("finish_reason", "stop") == "stop"
            for gens in response.generations
            for g in gens
        )

    def generate_text(
        self,
        prompt: PromptValue,
        n: int = 1,
        temperature: float | None = 0.01,
        stop: list[str] | None = None,
        callbacks: Callbacks = None,
    ) -> LLMResult:
        text = prompt.to_string()
        self.calls += 1
        manager = CallbackManager.configure(inheritable_callbacks=callbacks)
        run_managers = manager.on_llm_start({"name": type(self).__name__}, [text])
        try:
            replies = [self._scripter.resolve_sync(self._scripter.next_item(text)) for _ in range(n)]
        except BaseException as exc:
            for rm in run_managers:
                rm.on_llm_error(exc)
            raise
        result = self._result(text, replies)
        for rm in run_managers:
            rm.on_llm_end(result)
        return result

    async def agenerate_text(
        self,
        prompt: PromptValue,
        n: int = 1,
        temperature: float | None = 0.01,
        stop: list[str] | None = None,
        callbacks: Callbacks = None,
    ) -> LLMResult:
        text = prompt.to_string()
        self.calls += 1
        manager = AsyncCallbackManager.configure(inheritable_callbacks=callbacks)
        run_managers = await manager.on_llm_start({"name": type(self).__name__}, [text])
        try:
            replies = [
                await self._scripter.resolve_async(self._scripter.next_item(text)) for _ in range(n)
            ]
        except BaseException as exc:
            for rm in run_managers:
                await rm.on_llm_error(exc)
            raise
        result = self._result(text, replies)
        for rm in run_managers:
            await rm.on_llm_end(result)
        return result

    def _result(self, prompt_text: str, replies: list[str]) -> LLMResult:
        prompt_tokens = count_tokens(prompt_text) * len(replies)
        completion_tokens = sum(count_tokens(r) for r in replies)
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens
        generations = [
            Generation(text=r, generation_info={"finish_reason": self.finish_reason}) for r in replies
        ]
        return LLMResult(
            generations=[generations],
            llm_output=openai_llm_output(prompt_tokens, completion_tokens, self.model_name),
        )

    def __repr__(self) -> str:
        return f"ScriptedLLM(model_name={self.model_name!r}, calls={self.calls})"


class ScriptedChatModel(BaseChatModel):
    """A LangChain chat model answering from a script, with OpenAI-style token usage.

    The prompt text given to the script is the content of the messages joined by newlines.
    ``llm_output`` carries ``token_usage`` and ``model_name`` like ``ChatOpenAI`` does, so
    ``get_token_usage_for_openai`` works on its results.

    >>> model = ScriptedChatModel(script=["hello"])
    >>> model.invoke("hi").content
    'hello'
    >>> model.prompts
    ['hi']
    """

    script: t.Any = None
    model_name: str = "scripted-chat"
    scripter: t.Any = Field(default=None, exclude=True)

    def model_post_init(self, __context: t.Any) -> None:
        self.scripter = _Scripter(self.script)

    @property
    def prompts(self) -> list[str]:
        return self.scripter.prompts

    @property
    def _llm_type(self) -> str:
        return "scripted-chat"

    @staticmethod
    def _text(messages: list[BaseMessage]) -> str:
        return "\n".join(str(m.content) for m in messages)

    def _chat_result(self, text: str, reply: str) -> ChatResult:
        message = AIMessage(content=reply, response_metadata={"finish_reason": "stop"})
        return ChatResult(
            generations=[ChatGeneration(message=message, generation_info={"finish_reason": "stop"})],
            llm_output=openai_llm_output(count_tokens(text), count_tokens(reply), self.model_name),
        )

    def _generate(self, messages, stop=None, run_manager=None, **kwargs) -> ChatResult:
        text = self._text(messages)
        return self._chat_result(text, self.scripter.resolve_sync(self.scripter.next_item(text)))

    async def _agenerate(self, messages, stop=None, run_manager=None, **kwargs) -> ChatResult:
        text = self._text(messages)
        reply = await self.scripter.resolve_async(self.scripter.next_item(text))
        return self._chat_result(text, reply)

    def _combine_llm_outputs(self, llm_outputs: list[dict | None]) -> dict:
        # Sum usage over the batch, as ChatOpenAI does, so one LLMResult reports it all.
        total = {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}
        for out in llm_outputs:
            for key in total:
                total[key] += ((out or {}).get("token_usage") or {}).get(key, 0)
        return {"token_usage": total, "model_name": self.model_name}


def langchain_wrapped(chat_model_or_script: t.Any, **wrapper_kwargs: t.Any) -> LangchainLLMWrapper:
    """Wrap a LangChain chat model (or a script, via :class:`ScriptedChatModel`) for ragas.

    >>> llm = langchain_wrapped(["{}"])
    >>> type(llm).__name__, type(llm.langchain_llm).__name__
    ('LangchainLLMWrapper', 'ScriptedChatModel')
    """
    import warnings

    model = chat_model_or_script
    if not isinstance(model, BaseChatModel):
        model = ScriptedChatModel(script=model)
    with warnings.catch_warnings():  # LangchainLLMWrapper warns that it is deprecated
        warnings.simplefilter("ignore", DeprecationWarning)
        wrapper_kwargs.setdefault("run_config", RunConfig(max_retries=1, max_wait=0))
        return LangchainLLMWrapper(model, **wrapper_kwargs)


def fake_list_chat_llm(replies: t.Sequence[str]) -> LangchainLLMWrapper:
    """LangChain's own ``FakeListChatModel`` (replies in order, cycling) wrapped for ragas.

    >>> llm = fake_list_chat_llm(['{"a": 1}'])
    >>> llm.langchain_llm.responses
    ['{"a": 1}']
    """
    from langchain_core.language_models.fake_chat_models import FakeListChatModel

    return langchain_wrapped(FakeListChatModel(responses=list(replies)))
