"""One judge call through a ragas ``BaseRagasLLM``: bounded retries, and the reply read as JSON first.

Our judges call ragas's ``PydanticPrompt.generate``, which calls ``llm.generate``. ragas's own
``BaseRagasLLM.generate`` retries any exception up to ``RunConfig.max_retries`` times (10 by
default) with random exponential waits; a rate-limited endpoint (HTTP 429) then sees a burst of
requests for one row, each of which the OpenAI client may retry again. :class:`BoundedLLM` wraps
the user's LLM for the duration of one judgement and replaces that loop:

- at most :data:`MAX_ATTEMPTS` calls of ``agenerate_text`` (fewer if the run config allows
  fewer), waiting ``min(max_wait, BACKOFF_SECONDS * 2**attempt)`` between them
  (:func:`ragas_temporal.llm.retry.retrying`, the one retry policy); the judge's
  ``llm_timeout`` still bounds the whole judgement, waits included;
- a call that still fails raises :class:`LLMCallFailed`, whose message says how many attempts
  were made and, for a rate limit, that the endpoint answered 429;
- a reply longer than :data:`MAX_REPLY_BYTES` raises :class:`ReplyTooLong` ("judge reply too
  long (N bytes, cap M)") before it is parsed, and is not retried: a judge that rambles for 50 MB
  must not cost gigabytes of parsing and copies (the CLI's HTTP client refuses such a reply by
  its length before reading it, :mod:`ragas_temporal.llm.usage`);
- a reply that was cut short, by the server (``finish_reason: "length"``) or with JSON that ends
  before its brackets close, raises :class:`ReplyTruncated` and is not retried: ragas's lenient
  extraction would close the brackets and score the claims that happened to fit;
- each reply that is JSON as a whole (or inside one code fence) is handed on re-serialised with
  the brackets, braces and backticks inside its strings written as ``\\uXXXX`` escapes. ragas's
  extraction (``extract_json``) finds the JSON by counting brackets and looks for a code fence
  first, so a reason quoting ``}]}`` or a fenced snippet would cut the reply short; escaped, the
  same JSON value parses whole. Replies that are not JSON go on unchanged, to ragas's extraction.

Limit: a ``BaseRagasLLM`` whose ``agenerate_text`` blocks the event loop (``time.sleep``, a
synchronous HTTP call) cannot be interrupted by ``llm_timeout``, which needs the loop to run: the
call ends when it ends. Give such LLMs an ``agenerate_text`` that awaits (``asyncio.to_thread``).

>>> reply = '{"reason": "quotes {\\\\"a\\\\": [1]}]} and ```json", "verdict": 1}'
>>> from ragas.prompt.utils import extract_json
>>> extract_json(reply) == reply  # ragas alone cuts the reply at the fence
False
>>> import json
>>> json.loads(extract_json(json_first(reply))) == json.loads(reply)
True
"""

from __future__ import annotations

import asyncio
import json
import re
import typing as t

from langchain_core.outputs import Generation, LLMResult
from ragas.llms.base import BaseRagasLLM
from ragas.run_config import RunConfig

from ragas_temporal.llm.retry import retrying

__all__ = [
    "BoundedLLM",
    "LLMCallFailed",
    "ReplyTruncated",
    "ReplyTooLong",
    "TRUNCATED_REPLY",
    "MAX_REPLY_BYTES",
    "check_reply_size",
    "MAX_ATTEMPTS",
    "BACKOFF_SECONDS",
    "bounded",
    "json_first",
    "json_ends_early",
    "is_rate_limit",
]

#: Calls of the LLM per judgement at most (ragas's own default is 10).
MAX_ATTEMPTS = 3
#: First wait between attempts; doubled each time, capped by the run config's ``max_wait``.
BACKOFF_SECONDS = 1.0

_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_IN_STRING_ESCAPES = str.maketrans({"{": "\\u007b", "}": "\\u007d", "[": "\\u005b", "]": "\\u005d", "`": "\\u0060"})
_FENCE = re.compile(r"\A```[A-Za-z0-9_-]*\s*\n(?P<body>.*)\n\s*```\Z", re.DOTALL)


#: The reason of a judgement whose reply was cut short (the one spelling, read by every path).
TRUNCATED_REPLY = "judge reply truncated"

_OPENERS = {"{": "}", "[": "]"}
_LEADING_FENCE = re.compile(r"\A\s*```[A-Za-z0-9_-]*\s*\n")


#: The longest judge reply read (UTF-8 bytes): a verdict list for a long answer is a few kilobytes;
#: 4 MB leaves room for a judge that quotes its contexts at length, and bounds a 50 MB ramble.
MAX_REPLY_BYTES = 4_000_000


class ReplyTooLong(RuntimeError):
    """The reply is longer than :data:`MAX_REPLY_BYTES`; the message says how long."""


def check_reply_size(size: int, *, whole: bool = True) -> None:
    """Raise :class:`ReplyTooLong` when a reply of ``size`` bytes is over the cap.

    ``whole=False`` when ``size`` is what was read so far of a reply of unknown length (sent in
    chunks): reading stops there, so the message says "more than" the cap.

    >>> try:
    ...     check_reply_size(5_000_000)
    ... except ReplyTooLong as too_long:
    ...     print(too_long)
    judge reply too long (5,000,000 bytes, cap 4,000,000)
    >>> try:
    ...     check_reply_size(4_065_536, whole=False)
    ... except ReplyTooLong as too_long:
    ...     print(too_long)
    judge reply too long (more than 4,000,000 bytes, sent without a length; cap 4,000,000)
    """
    if size > MAX_REPLY_BYTES:
        told = f"{size:,} bytes" if whole else f"more than {MAX_REPLY_BYTES:,} bytes, sent without a length;"
        raise ReplyTooLong(f"judge reply too long ({told}{',' if whole else ''} cap {MAX_REPLY_BYTES:,})")


def _reply_bytes(text: str) -> int:
    # bytes >= characters: encode (a copy) only when the characters alone might pass the cap
    return len(text) if len(text) > MAX_REPLY_BYTES else len(text.encode("utf-8", "surrogatepass"))


class LLMCallFailed(RuntimeError):
    """The LLM call failed on every attempt; the message says how often and why."""


class ReplyTruncated(RuntimeError):
    """The reply was cut short; the message starts with :data:`TRUNCATED_REPLY` and says how."""


def json_ends_early(text: str) -> bool:
    """True when the JSON ``text`` starts (its first ``{`` or ``[``) never closes: a cut reply.

    Brackets inside strings do not count; a string still open at the end is cut too. Text with no
    bracket at all is not JSON that ends early (it is not JSON).

    >>> json_ends_early('{"claims": [{"claim": "It began in 2008."}, ')
    True
    >>> json_ends_early('```json\\n{"claims": [{"claim": "It be')
    True
    >>> json_ends_early('{"reason": "quotes ]} and {"}'), json_ends_early("no JSON here")
    (False, False)
    """
    body = _LEADING_FENCE.sub("", text, count=1)
    starts = [i for i in (body.find("{"), body.find("[")) if i >= 0]
    if not starts:
        return False
    closers: list[str] = []
    in_string = escaped = False
    for char in body[min(starts):]:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in _OPENERS:
            closers.append(_OPENERS[char])
        elif closers and char == closers[-1]:
            closers.pop()
            if not closers:
                return False  # the first JSON value closed; what follows is not ours to judge
    return True


def json_first(text: str) -> str:
    """``text`` ready for ragas's extraction: JSON re-serialised with its strings' brackets escaped.

    Text that is not JSON as a whole (nor one fenced JSON block) is returned unchanged.

    >>> json_first('```json\\n{"a": "x}"}\\n```')
    '{"a": "x\\\\u007d"}'
    >>> json_first("Sure! {\\"a\\": 1}")
    'Sure! {"a": 1}'
    """
    stripped = text.strip()
    fenced = _FENCE.match(stripped)
    for candidate in (stripped, fenced["body"] if fenced else None):
        if candidate is None:
            continue
        try:
            value = json.loads(candidate)
        except (ValueError, RecursionError):
            continue
        dumped = json.dumps(value, ensure_ascii=False)
        return _JSON_STRING.sub(lambda m: m.group(0).translate(_IN_STRING_ESCAPES), dumped)
    return text


def is_rate_limit(exc: BaseException) -> bool:
    """True for an HTTP 429 from any client (OpenAI's ``RateLimitError``, httpx, LangChain)."""
    if type(exc).__name__ == "RateLimitError":
        return True
    status = getattr(exc, "status_code", None) or getattr(getattr(exc, "response", None), "status_code", None)
    return status == 429


def _describe(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text[:200]}" if text else type(exc).__name__


class BoundedLLM(BaseRagasLLM):
    """Wraps a ``BaseRagasLLM`` for one judgement: bounded retries, JSON-first replies.

    ``BoundedLLM(llm)`` shares ``llm``'s cache and callbacks (it calls ``llm.agenerate_text``);
    only the retry loop of ``generate`` and the reply text differ (see the module docstring).
    """

    def __init__(self, inner: BaseRagasLLM, *, max_attempts: int = MAX_ATTEMPTS, backoff: float = BACKOFF_SECONDS):
        super().__init__()
        self.inner = inner
        config = getattr(inner, "run_config", None) or RunConfig()
        self.run_config = config
        self.max_attempts = max(1, min(max_attempts, int(getattr(config, "max_retries", max_attempts) or 1)))
        self.backoff = backoff
        self.max_wait = float(getattr(config, "max_wait", backoff * 4))
        self.multiple_completion_supported = getattr(inner, "multiple_completion_supported", False)

    def generate_text(self, prompt, n=1, temperature=0.01, stop=None, callbacks=None) -> LLMResult:
        return self._json_first(self.inner.generate_text(prompt, n=n, temperature=temperature, stop=stop, callbacks=callbacks))

    async def agenerate_text(self, prompt, n=1, temperature=0.01, stop=None, callbacks=None) -> LLMResult:
        result = await self.inner.agenerate_text(prompt, n=n, temperature=temperature, stop=stop, callbacks=callbacks)
        return self._json_first(result)

    @staticmethod
    def _checked(result: LLMResult) -> LLMResult:
        """``result``, or :class:`ReplyTooLong` for a reply over the cap (before anything parses it)."""
        for row in result.generations:
            for generation in row:
                check_reply_size(_reply_bytes(generation.text))
        return result

    def is_finished(self, response: LLMResult) -> bool:
        return self.inner.is_finished(response)

    async def generate(self, prompt, n=1, temperature=0.01, stop=None, callbacks=None) -> LLMResult:
        if temperature is None:
            temperature = self.inner.get_temperature(n)
        rate_limited = 0
        try:
            # a reply over the cap is not retried: the same judge would ramble again
            async for attempt in retrying(
                self.max_attempts, first_wait=self.backoff, max_wait=self.max_wait, give_up_on=(ReplyTooLong,)
            ):
                with attempt:
                    try:
                        result = await self.agenerate_text(
                            prompt, n=n, temperature=temperature, stop=stop, callbacks=callbacks
                        )
                    except Exception as exc:
                        rate_limited += is_rate_limit(exc)
                        raise
        except (asyncio.CancelledError, ReplyTooLong):
            raise
        except Exception as last:  # noqa: BLE001 - every attempt failed: reported as this row's reason
            what = "rate limited (HTTP 429)" if rate_limited == self.max_attempts else "failed"
            attempts = f" after {self.max_attempts} attempts with back-off" if self.max_attempts > 1 else ""
            raise LLMCallFailed(f"LLM call {what}{attempts}: {_describe(last)}") from last
        if not self.inner.is_finished(result):
            raise ReplyTruncated(f"{TRUNCATED_REPLY}: the server stopped it at max_tokens (finish_reason 'length')")
        if any(json_ends_early(g.text) for row in result.generations for g in row):
            raise ReplyTruncated(f"{TRUNCATED_REPLY}: its JSON ends before its brackets close")
        return result

    @classmethod
    def _json_first(cls, result: LLMResult) -> LLMResult:
        cls._checked(result)
        generations = [
            [_with_text(g, json_first(g.text)) for g in row]
            for row in result.generations
        ]
        return LLMResult(generations=generations, llm_output=result.llm_output, run=result.run)

    def __repr__(self) -> str:
        return f"BoundedLLM({self.inner!r}, max_attempts={self.max_attempts})"


def _with_text(generation: Generation, text: str) -> Generation:
    if text == generation.text:
        return generation
    return generation.model_copy(update={"text": text})


def bounded(llm: t.Any) -> t.Any:
    """``llm`` wrapped in :class:`BoundedLLM` when it is a ``BaseRagasLLM``; anything else unchanged."""
    if isinstance(llm, BaseRagasLLM) and not isinstance(llm, BoundedLLM):
        return BoundedLLM(llm)
    return llm
