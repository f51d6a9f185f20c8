"""What judge calls cost: requests, judgements and tokens; ragas's disk cache, counting its hits.

- :class:`UsageMeter` is a LangChain callback handler counting judge calls (finished and failed)
  and their prompt/completion tokens, read from each reply's ``llm_output`` by ragas's
  ``get_token_usage_for_openai`` (:mod:`ragas.cost`); a failed ``llm_factory`` judgement adds the
  tokens and requests Instructor reports for it (``total_usage``, ``n_attempts``: replies that
  parsed but held no verdict, re-asks). ``score_dataset`` puts one on every run that calls a
  judge, and hands its :class:`JudgeUsage` to the caller in ``frame.attrs["judge_usage"]``.
- :class:`RequestMeter` counts what the endpoint saw, request by request, from the HTTP client's
  event hooks: every request (re-asks, the client's retries, those that timed out) and the usage
  each reply reported. The CLI's judge carries one (``llm.request_meter``); the cost line then
  reads "N requests for M judgements" and its tokens are the endpoint's for every request.
- :class:`MeteredDiskCache` is ragas's own ``DiskCacheBackend`` (give it to
  ``llm_factory(..., cache=...)``); it also counts the calls it answered, and hands back cached
  replies without the endpoint's usage, so tokens paid once are not counted again.

Whether tokens are known depends on the endpoint: OpenAI, Azure OpenAI, vLLM, llama.cpp's server
and Ollama's ``/v1`` API report ``usage`` in every chat completion; a server that leaves it out
gives "usage not reported" (and ragas's own ``result.total_tokens()`` raises ``IndexError`` then).
A count that cannot be true (negative, not a whole number, above :data:`MAX_REPLY_TOKENS`) is
left out and the line says so, never printed as it came.

>>> JudgeUsage(calls=3, failed=1, prompt_tokens=1200, completion_tokens=90, reported=2).summary()
'LLM calls: 3 (1 failed); tokens: 1,200 prompt + 90 completion'
>>> JudgeUsage(calls=4, reported=0).summary()
'LLM calls: 4; tokens: usage not reported by the endpoint'
>>> JudgeUsage(calls=5, cached=2, prompt_tokens=30, completion_tokens=6, reported=3).summary()
'LLM calls: 5 (2 answered from the cache); tokens: 30 prompt + 6 completion'
>>> JudgeUsage(calls=4, failed=4, requests=8, prompt_tokens=800, completion_tokens=160, reported=8).summary()
'LLM calls: 8 requests for 4 judgements (4 failed); tokens: 800 prompt + 160 completion'
>>> JudgeUsage(calls=1, requests=1, prompt_tokens=20, reported=1, implausible=1).summary()
'LLM calls: 1 request for 1 judgement; tokens: 20 prompt + 0 completion (impossible usage left out of 1 reply)'
"""

from __future__ import annotations

import json
import threading
import typing as t
from dataclasses import dataclass, fields

from langchain_core.callbacks import BaseCallbackHandler
from ragas.cache import DiskCacheBackend

from ragas_temporal.llm.llm_calls import check_reply_size
from ragas_temporal.llm.prompt_runner import _with_handler

__all__ = [
    "MAX_REPLY_TOKENS",
    "JudgeUsage",
    "UsageMeter",
    "RequestMeter",
    "RequestCounts",
    "MeteredDiskCache",
    "metered_callbacks",
    "plausible_tokens",
]

#: Tokens one request can plausibly report in one field; more (or a negative count) is not true.
MAX_REPLY_TOKENS = 10_000_000


def plausible_tokens(value: t.Any) -> int | None:
    """A reported token count as an int, or ``None`` when it cannot be true.

    >>> plausible_tokens(12), plausible_tokens(None), plausible_tokens(-1000), plausible_tokens(10**12), plausible_tokens("7")
    (12, 0, None, None, None)
    """
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_REPLY_TOKENS:
        return None
    return value


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}" + ("" if count == 1 else "s")


@dataclass(frozen=True)
class JudgeUsage:
    """Judge calls of one run and the tokens the endpoint reported for them.

    ``calls`` counts judgements asked (a request re-asked by Instructor is part of its call);
    ``failed`` those that raised or timed out; ``cached`` those answered from a
    :class:`MeteredDiskCache` (no request sent); ``reported`` the answered calls (requests, when
    known) whose reply carried token usage. ``requests`` is what the endpoint saw when a
    :class:`RequestMeter` counted it (``None``: not counted), ``requests_failed`` those of them
    that got no reply or an HTTP error. ``implausible`` counts replies whose usage could not be
    true (left out of the tokens); ``problem`` says what went wrong with the cache, if anything.
    """

    calls: int = 0
    failed: int = 0
    cached: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    reported: int = 0
    requests: int | None = None
    requests_failed: int = 0
    implausible: int = 0
    problem: str = ""

    @property
    def sent(self) -> int:
        """Calls (requests, when counted) that reached the endpoint and were answered."""
        if self.requests is not None:
            return max(0, self.requests - self.requests_failed)
        return max(0, self.calls - self.failed - self.cached)

    def summary(self) -> str:
        """One line for the end of a run (see the module examples)."""
        notes = [f"{self.failed:,} failed"] if self.failed else []
        if self.cached:
            notes.append(f"{self.cached:,} answered from the cache")
        if self.requests is None:
            head = f"LLM calls: {self.calls:,}"
        else:
            head = f"LLM calls: {_plural(self.requests, 'request')} for {_plural(self.calls, 'judgement')}"
        head += f" ({', '.join(notes)})" if notes else ""
        caveats = []
        if self.sent and not self.reported:
            tokens = "tokens: usage not reported by the endpoint"
        else:
            tokens = f"tokens: {self.prompt_tokens:,} prompt + {self.completion_tokens:,} completion"
            if self.reported < self.sent:
                unit = "request" if self.requests is not None else "call"
                caveats.append(f"usage reported for {self.reported:,} of {_plural(self.sent, unit)}")
        if self.implausible:
            caveats.append(f"impossible usage left out of {self.implausible:,} repl{'y' if self.implausible == 1 else 'ies'}")
        tokens += f" ({'; '.join(caveats)})" if caveats else ""
        return f"{head}; {tokens}" + (f"; {self.problem}" if self.problem else "")


@dataclass(frozen=True)
class RequestCounts:
    """What a :class:`RequestMeter` counted up to a moment; ``later - earlier`` is what happened between."""

    requests: int = 0
    failed: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    reported: int = 0
    implausible: int = 0

    def __sub__(self, other: "RequestCounts") -> "RequestCounts":
        return RequestCounts(*(getattr(self, f.name) - getattr(other, f.name) for f in fields(self)))

    def __add__(self, other: "RequestCounts") -> "RequestCounts":
        return RequestCounts(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))


class _Tally:
    """Token counts with the plausibility check (shared by both meters)."""

    def __init__(self) -> None:
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self.reported = 0
        self.implausible = 0
        self._lock = threading.Lock()

    def add_usage(self, prompt: t.Any, completion: t.Any) -> None:
        """One reply's reported usage; an impossible field is left out (and counted)."""
        checked = [plausible_tokens(prompt), plausible_tokens(completion)]
        with self._lock:
            if None in checked:
                self.implausible += 1
            prompt_tokens, completion_tokens = (value or 0 for value in checked)
            self.prompt_tokens += prompt_tokens
            self.completion_tokens += completion_tokens
            self.reported += 1 if prompt_tokens or completion_tokens else 0  # a reply without usage reads as 0 + 0


class RequestMeter(_Tally):
    """Every request to the judge's endpoint and the usage each reply reported, from httpx's event hooks.

    ``openai.AsyncOpenAI(http_client=openai.DefaultAsyncHttpxClient(event_hooks=meter.event_hooks()))``
    counts each request when it is sent (so one that times out is counted) and reads the
    ``usage`` of each JSON reply; a reply with an HTTP error status, or none at all, is a failed
    request. A reply longer than :data:`~ragas_temporal.llm.llm_calls.MAX_REPLY_BYTES` is
    refused (:class:`~ragas_temporal.llm.llm_calls.ReplyTooLong`, by its ``Content-Length``
    before it is read, or, sent in chunks without one, as soon as the bytes read pass the cap): the
    judgement fails "judge reply too long". :meth:`counts` is a snapshot.
    """

    def __init__(self) -> None:
        super().__init__()
        self.requests = 0
        self.answered = 0

    def event_hooks(self) -> dict[str, list[t.Callable[..., t.Any]]]:
        return {"request": [self._on_request], "response": [self._on_response]}

    async def _on_request(self, request: t.Any) -> None:
        with self._lock:
            self.requests += 1

    async def _on_response(self, response: t.Any) -> None:
        if response.status_code >= 400:
            return
        with self._lock:
            self.answered += 1
        length = response.headers.get("content-length", "")
        if length.isdigit():  # refused by its length, before a byte of it is read
            check_reply_size(int(length))
        await _read_capped(response)
        try:
            usage = json.loads(response.content).get("usage")
        except (ValueError, AttributeError, RecursionError):
            usage = None
        if isinstance(usage, dict):
            self.add_usage(usage.get("prompt_tokens"), usage.get("completion_tokens"))

    def counts(self) -> RequestCounts:
        with self._lock:
            return RequestCounts(
                self.requests, self.requests - self.answered, self.prompt_tokens, self.completion_tokens,
                self.reported, self.implausible,
            )


async def _read_capped(response: t.Any) -> None:
    """Read an httpx response's body chunk by chunk, refusing it once it passes the cap.

    A chunked reply states no length, and ``aread()`` would hold all of it before we could count.
    The body is stored where httpx's own ``aread()`` stores it, so the OpenAI client reads it again.
    """
    parts: list[bytes] = []
    size = 0
    async for part in response.aiter_bytes():
        size += len(part)
        check_reply_size(size, whole=False)
        parts.append(part)
    response._content = b"".join(parts)


def _instructor_retry(error: BaseException) -> BaseException | None:
    """The exception (or one it was raised from) carrying Instructor's ``n_attempts``/``total_usage``."""
    seen = 0
    while error is not None and seen < 8:
        if hasattr(error, "n_attempts") or hasattr(error, "total_usage"):
            return error
        error, seen = error.__cause__ or error.__context__, seen + 1
    return None


class UsageMeter(BaseCallbackHandler, _Tally):
    """Counts judge calls (finished and failed) and their prompt/completion tokens.

    Tokens come from each reply's ``llm_output["token_usage"]`` (ragas's
    ``get_token_usage_for_openai``); for ``llm_factory`` LLMs Instructor sums the usage of its
    retried requests into the final reply, and reports it on the exception of a judgement that
    failed (``total_usage``, with ``n_attempts``), so re-asked and failed requests count too.
    ``requests`` is this meter's count of requests: one per finished call, Instructor's attempts
    for a failed one (a :class:`RequestMeter` on the HTTP client counts them exactly). Call
    :meth:`watch` with the run's LLMs to fold in their caches' hits and their request meters.
    """

    run_inline = True  # counted in the event loop's thread, not in an executor

    def __init__(self) -> None:
        BaseCallbackHandler.__init__(self)
        _Tally.__init__(self)
        self.calls = 0
        self.failed = 0
        self.requests = 0
        self.models: set[str] = set()
        self._caches: list[t.Any] = []
        self._hits_before = 0
        self._request_meters: list[RequestMeter] = []
        self._requests_before = RequestCounts()

    def on_llm_end(self, response: t.Any, **kwargs: t.Any) -> None:
        from ragas.cost import get_token_usage_for_openai

        usage = get_token_usage_for_openai(response)
        with self._lock:
            self.calls += 1
            self.requests += 1
            if usage.model:
                self.models.add(str(usage.model))
        self.add_usage(usage.input_tokens, usage.output_tokens)

    def on_llm_error(self, error: BaseException, **kwargs: t.Any) -> None:
        retry = _instructor_retry(error)
        attempts = getattr(retry, "n_attempts", None)
        with self._lock:
            self.calls += 1
            self.failed += 1
            self.requests += attempts if isinstance(attempts, int) and attempts > 0 else 1
        usage = getattr(retry, "total_usage", None)
        if usage is not None:
            self.add_usage(getattr(usage, "prompt_tokens", None), getattr(usage, "completion_tokens", None))

    def watch(self, llms: t.Iterable[t.Any]) -> None:
        """Count, from now on, the hits of these LLMs' :class:`MeteredDiskCache` and the requests
        of their :class:`RequestMeter` (each counted once however many metrics share it)."""
        caches, meters = {}, {}
        for llm in llms:
            cache = getattr(llm, "cache", None)
            if isinstance(getattr(cache, "hits", None), int):
                caches[id(cache)] = cache
            meter = getattr(llm, "request_meter", None)
            if isinstance(meter, RequestMeter):
                meters[id(meter)] = meter
        self._caches, self._request_meters = list(caches.values()), list(meters.values())
        self._hits_before = sum(cache.hits for cache in self._caches)
        self._requests_before = self._request_counts()

    def _request_counts(self) -> RequestCounts:
        total = RequestCounts()
        for meter in self._request_meters:
            total = total + meter.counts()
        return total

    def usage(self, cached: int = 0) -> JudgeUsage:
        """The counts so far; ``cached``: calls a cache answered, beside those of watched caches."""
        cached += sum(cache.hits for cache in self._caches) - self._hits_before
        problem = "; ".join(cache.problem for cache in self._caches if getattr(cache, "problem", ""))
        if self._request_meters:
            sent = self._request_counts() - self._requests_before
            return JudgeUsage(
                calls=self.calls, failed=self.failed, cached=min(cached, self.calls),
                prompt_tokens=sent.prompt_tokens, completion_tokens=sent.completion_tokens, reported=sent.reported,
                requests=sent.requests, requests_failed=sent.failed, implausible=sent.implausible, problem=problem,
            )
        return JudgeUsage(
            calls=self.calls, failed=self.failed, cached=min(cached, self.calls),
            prompt_tokens=self.prompt_tokens, completion_tokens=self.completion_tokens, reported=self.reported,
            implausible=self.implausible, problem=problem,
        )

    def summary(self) -> str:
        """One line: ``LLM calls: 3 (1 failed); tokens: 1,200 prompt + 90 completion``."""
        return self.usage().summary()


def metered_callbacks(callbacks: t.Any, meter: UsageMeter) -> t.Any:
    """``callbacks`` (a list, a callback manager or None) with ``meter`` added."""
    return _with_handler(callbacks, meter)


class MeteredDiskCache(DiskCacheBackend):
    """ragas's ``DiskCacheBackend`` that counts the calls it answered (``hits``).

    A cached Instructor reply keeps the endpoint's raw response, usage included; it is handed back
    without it, so a run's token count is what this run paid for. ragas's cache key is the prompt
    and the output model, not the model name: keep one folder per judge model.

    A cache that cannot be read (its ``cache.db`` overwritten or truncated, the folder a file)
    raises ``ValueError`` naming the folder and the fix when it is opened, before any judge call.
    One that fails later, mid-run, is turned off for the rest of the run (``problem`` says why):
    the judgements go to the endpoint, and the rows are scored.

    >>> import tempfile
    >>> cache = MeteredDiskCache(tempfile.mkdtemp())
    >>> cache.set("k", "reply"); cache.has_key("k"), cache.get("k"), cache.hits
    (True, 'reply', 1)
    >>> import pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp(), "judge")
    >>> folder.write_text("not a folder")
    12
    >>> MeteredDiskCache(str(folder))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the judge cache .../judge cannot be read (OperationalError: unable to open database file): delete it (it holds only cached judge replies) or use another cache folder
    """

    def __init__(self, cache_dir: str = ".cache") -> None:
        import sqlite3

        try:
            super().__init__(cache_dir)
            self.cache.get(_PROBE_KEY)  # reads the database: a damaged file fails here, before any call
        except (sqlite3.Error, OSError) as exc:
            raise ValueError(
                f"the judge cache {cache_dir} cannot be read ({type(exc).__name__}: {exc}): delete it "
                "(it holds only cached judge replies) or use another cache folder"
            ) from None
        self.hits = 0
        self.problem = ""
        self._lock = threading.Lock()

    def _failed(self, exc: BaseException) -> None:
        with self._lock:
            if not self.problem:
                self.problem = f"the judge cache {self.cache.directory} failed ({type(exc).__name__}: {exc}); turned off"

    def has_key(self, key: str) -> bool:
        if self.problem:
            return False
        try:
            return super().has_key(key)
        except Exception as exc:  # noqa: BLE001 - sqlite3 and OS errors of a cache damaged mid-run
            self._failed(exc)
            return False

    def get(self, key: str) -> t.Any:
        value = super().get(key)
        with self._lock:
            self.hits += 1
        return _without_raw_response(value)

    def set(self, key: str, value: t.Any) -> None:
        if self.problem:
            return
        try:
            super().set(key, value)
        except Exception as exc:  # noqa: BLE001 - as in has_key: the reply is kept by the run, not the cache
            self._failed(exc)


#: A key no reply is stored under: read once when a cache is opened, to find a damaged database.
_PROBE_KEY = "ragas-temporal: is this cache readable?"


def _without_raw_response(value: t.Any) -> t.Any:
    if getattr(value, "_raw_response", None) is None:
        return value
    return type(value).model_validate(value.model_dump())  # a fresh instance: no private attributes
