"""The LLM the notebooks use: a real OpenAI-compatible model if you name one, else an offline stand-in.

``judge_llm()`` always builds the LLM the same way, ``ragas.llms.llm_factory(model,
client=AsyncOpenAI(...))``, so every later cell runs the same code whichever you pick:

- ``RAGAS_TEMPORAL_OPENAI_MODEL`` set (e.g. ``gpt-4o-mini``): a real provider, with the key and
  endpoint the OpenAI client reads itself (``OPENAI_API_KEY``, optional ``OPENAI_BASE_URL`` for
  any OpenAI-compatible server such as vLLM or Ollama);
- unset (the default, and what CI runs): the test suite's fake endpoint,
  ``tests.support.fake_judges.offline_llm_factory()`` (from this checkout): the OpenAI client's
  HTTP transport answers in-process, reading each rendered prompt back and answering with the
  package's offline rules, the ones ``ragas_temporal.llm.offline.offline_llm()`` answers our
  metrics with. No network, no key. Unlike ``offline_llm()`` it also answers stock ragas
  ``Faithfulness`` and reports tokens, which the notebooks compare.

The offline rules compare years (found with the focus-time extractor, relative times read against
the reference date); they are not a language model and cannot tell a right year tied to the wrong
event, which is what a real judge adds.

Both report token usage (the real provider in its replies, the fake with a rough count: every word
and every punctuation mark is one token), which a :class:`UsageMeter` on the HTTP client records,
so cost per sample is measured the same way in both modes.
"""

from __future__ import annotations

import os
import sys
import typing as t
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout: its tests/support
from tests.support.fake_judges import OFFLINE_MODEL, offline_llm_factory  # noqa: E402

MODEL_ENV = "RAGAS_TEMPORAL_OPENAI_MODEL"


class UsageMeter:
    """Adds up the ``usage`` of every chat-completion reply that passes through an HTTP client.

    ``calls``, ``prompt_tokens`` and ``completion_tokens`` are running totals; take differences
    around a piece of work to attribute its cost.
    """

    def __init__(self) -> None:
        self.calls = 0
        self.prompt_tokens = 0
        self.completion_tokens = 0

    async def on_response(self, response: httpx.Response) -> None:
        await response.aread()
        if response.status_code != 200:
            return
        usage = (response.json() or {}).get("usage") or {}
        self.calls += 1
        self.prompt_tokens += int(usage.get("prompt_tokens") or 0)
        self.completion_tokens += int(usage.get("completion_tokens") or 0)

    def snapshot(self) -> tuple[int, int, int]:
        return self.calls, self.prompt_tokens, self.completion_tokens


def judge_llm(timeout: float = 60.0) -> tuple[t.Any, UsageMeter, str]:
    """``(llm, meter, model name)``: a real model if ``RAGAS_TEMPORAL_OPENAI_MODEL`` is set, else offline."""
    meter = UsageMeter()
    hooks = {"response": [meter.on_response]}
    model = os.environ.get(MODEL_ENV, "").strip()
    if not model:
        return offline_llm_factory(event_hooks=hooks), meter, OFFLINE_MODEL
    from openai import AsyncOpenAI
    from ragas.llms import llm_factory

    from ragas_temporal.commands.judge_llm import is_loopback, resolve_base_url

    # key and base URL come from OPENAI_API_KEY / OPENAI_BASE_URL; a server on this machine needs no key
    base_url = resolve_base_url(None)
    key = os.environ.get("OPENAI_API_KEY", "").strip() or ("sk-no-key-needed" if is_loopback(base_url) else "")
    if not key:  # one line saying what is missing, instead of the OpenAI client's traceback
        print(f"{MODEL_ENV}={model} needs an API key for {base_url}: set OPENAI_API_KEY before starting "
              "Jupyter; using the offline judge meanwhile")
        return offline_llm_factory(event_hooks=hooks), meter, OFFLINE_MODEL
    client = AsyncOpenAI(base_url=base_url, api_key=key, http_client=httpx.AsyncClient(timeout=timeout, event_hooks=hooks), max_retries=2)
    return llm_factory(model, client=client), meter, model
