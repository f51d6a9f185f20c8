"""The LLM the notebooks use: a real OpenAI-compatible model if you name one, else an offline judge.

``judge_llm()`` always builds the LLM the same way, ``ragas.llms.llm_factory(model,
client=AsyncOpenAI(...))``, so every later cell runs the same code whichever you pick:

- ``RAGAS_TEMPORAL_OPENAI_MODEL`` set (e.g. ``gpt-4o-mini``): a real provider, with the key and
  endpoint the OpenAI client reads itself (``OPENAI_API_KEY``, optional ``OPENAI_BASE_URL`` for
  any OpenAI-compatible server such as vLLM or Ollama);
- unset (the default, and what CI runs): the OpenAI client's HTTP transport is replaced by
  :func:`offline_reply`, a rule-based judge answering in-process. No network, no key.

Both report token usage (the real provider in its replies, the offline judge with a rough count:
every word and every punctuation mark is one token), which a :class:`UsageMeter` on the HTTP client
records, so cost per sample is measured the same way in both modes.

The offline judge reads the JSON data of each prompt and answers from the years in the texts, found
with the package's own focus-time extractor (no reference date: it is not in the prompts). It is
not a language model: it cannot tell a right year tied to the wrong event, which is what a real
judge adds. It is deterministic and good enough to show the pipeline:

- temporal claims (``answer`` + ``contexts``): every answer sentence with a temporal expression is
  a claim (NOT_SUPPORTED when it cannot be placed in time, e.g. "last year"):
  SUPPORTED when all its years are in the contexts, PARTIALLY_SUPPORTED when some are (or
  NOT_SUPPORTED when the instruction says ``Be strict``), CONTRADICTED when the contexts give
  other years, NOT_SUPPORTED when they give none;
- listwise relevance / grades (``query`` + ``documents``): verdict 1 / grade 4 when a document
  shares a year with the query, grade 2 when it has other years, else 0;
- temporal focus (``query`` alone): ``specific_time``;
- stock ragas ``Faithfulness``: statements = the answer's sentences; a statement is faithful
  (verdict 1) when all its years occur in the context.

This file lives beside the notebooks (it is not part of the package); tests/support holds the
project's own test doubles.
"""

from __future__ import annotations

import json
import os
import re
import typing as t

import httpx

from ragas_temporal import extract_focus_time

MODEL_ENV = "RAGAS_TEMPORAL_OPENAI_MODEL"
OFFLINE_MODEL = "offline-rule-judge"

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_TOKEN = re.compile(r"\w+|[^\w\s]")


def years_in(text: str) -> set[int]:
    """The years ``text`` is about (its focus time; BCE years are negative).

    >>> sorted(years_in("From 1990 to 1992, 3000 people"))
    [1990, 1991, 1992]
    """
    return set(extract_focus_time(text).years)


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text.strip()) if s.strip()]


def count_tokens(text: str) -> int:
    """Rough token count: every word and every punctuation mark is one token."""
    return len(_TOKEN.findall(text))


def prompt_data(prompt: str) -> dict:
    """The JSON data of a rendered prompt: our ``Input: {...}`` line or ragas's ``input: {...}`` block."""
    start = max(prompt.rfind("\nInput: "), prompt.rfind("\ninput: "))
    if start < 0:
        raise ValueError("the prompt has no input data")
    body = prompt[start + len("\nInput: "):]
    end = body.rfind("\nOutput:")
    return json.loads(body[:end] if end >= 0 else body)


# ---------------------------------------------------------------------------------------------
# the rules


def _years_text(years: set[int]) -> str:
    ordered = sorted(years)
    if len(ordered) > 3 and ordered[-1] - ordered[0] == len(ordered) - 1:
        return f"{_year(ordered[0])}-{_year(ordered[-1])}"
    return ", ".join(_year(y) for y in ordered)


def _year(y: int) -> str:
    return f"{-y} BC" if y < 0 else str(y)


def _claims(data: dict, strict: bool) -> dict:
    context_years = set().union(set(), *(years_in(c) for c in data.get("contexts") or []))
    claims = []
    for sentence in sentences(data["answer"]):
        focus = extract_focus_time(sentence)
        if not focus.mentions:
            continue
        years = set(focus.years)
        found = years & context_years
        if not years:
            verdict, reason = "NOT_SUPPORTED", "this time cannot be placed without a date"
        elif found == years:
            verdict, reason = "SUPPORTED", "the contexts give " + _years_text(years)
        elif found:
            verdict = "NOT_SUPPORTED" if strict else "PARTIALLY_SUPPORTED"
            reason = "the contexts do not give " + _years_text(years - found)
        elif context_years:
            verdict, reason = "CONTRADICTED", "the contexts give other years"
        else:
            verdict, reason = "NOT_SUPPORTED", "the contexts give no year"
        quote = _years_text(found) if found else ""
        claims.append({"claim": sentence, "verdict": verdict, "reason": reason, "quote": quote})
    return {"claims": claims}


def _documents(data: dict, graded: bool) -> dict:
    query_years = years_in(data["query"])
    out = []
    for number, document in enumerate(data["documents"], start=1):
        doc_years = years_in(document)
        shares = bool(query_years & doc_years)
        if graded:
            grade = 4 if shares else (2 if doc_years else 0)
            out.append({"doc": number, "grade": grade, "reason": "shares a year" if shares else "no shared year"})
        else:
            verdict = int(shares or (not query_years and bool(doc_years)))
            out.append({"doc": number, "verdict": verdict, "reason": "shares a year" if verdict else "no shared year"})
    return {"documents": out}


def offline_reply(prompt: str) -> str:
    """The offline judge's JSON reply to one prompt (see the module docstring)."""
    data = prompt_data(prompt)
    instruction = prompt[: prompt.rfind("\nInput: ")] if "\nInput: " in prompt else ""
    if "answer" in data and "contexts" in data:  # our temporal-claims prompt
        return json.dumps(_claims(data, strict="Be strict" in instruction))
    if "documents" in data:  # our listwise relevance (0/1) or grade (0-4) prompt
        return json.dumps(_documents(data, graded='"grade"' in instruction))
    if set(data) == {"query"}:  # our temporal-focus prompt
        return json.dumps({"focus": "specific_time", "reason": "asks about a time"})
    if "statements" in data and "context" in data:  # ragas Faithfulness: NLI verdicts
        context_years = years_in(data["context"])
        return json.dumps({"statements": [
            {"statement": s, "reason": "years checked", "verdict": int(years_in(s) <= context_years)}
            for s in data["statements"]
        ]})
    if "answer" in data and "question" in data:  # ragas Faithfulness: statement generation
        return json.dumps({"statements": sentences(data["answer"])})
    if "output_string" in data:  # ragas FixOutputFormat: give the text back
        return json.dumps({"text": data["output_string"]})
    raise ValueError(f"the offline judge does not know this prompt: {prompt[:80]!r}")


# ---------------------------------------------------------------------------------------------
# HTTP plumbing: an OpenAI chat-completions endpoint in-process, and a token meter


def _offline_endpoint(request: httpx.Request) -> httpx.Response:
    body = json.loads(request.content)
    messages = body.get("messages") or []
    # instructor adds its own system message with the schema; the prompt is the user message
    prompt = "\n".join(str(m.get("content") or "") for m in messages if m.get("role") == "user")
    reply = offline_reply(prompt)
    prompt_tokens = sum(count_tokens(str(m.get("content") or "")) for m in messages)
    completion_tokens = count_tokens(reply)
    return httpx.Response(200, json={
        "id": "offline",
        "object": "chat.completion",
        "created": 0,
        "model": body.get("model", OFFLINE_MODEL),
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": reply}}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens},
    })


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
    from openai import AsyncOpenAI
    from ragas.llms import llm_factory

    meter = UsageMeter()
    model = os.environ.get(MODEL_ENV, "").strip()
    if model:  # key and base URL come from OPENAI_API_KEY / OPENAI_BASE_URL
        http = httpx.AsyncClient(timeout=timeout, event_hooks={"response": [meter.on_response]})
        client = AsyncOpenAI(http_client=http, max_retries=2)
    else:
        model = OFFLINE_MODEL
        http = httpx.AsyncClient(
            transport=httpx.MockTransport(_offline_endpoint), event_hooks={"response": [meter.on_response]}
        )
        client = AsyncOpenAI(api_key="offline", base_url="http://offline.invalid/v1", http_client=http, max_retries=0)
    return llm_factory(model, client=client), meter, model
