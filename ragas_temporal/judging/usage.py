"""What judge calls cost: a usage meter (calls, tokens) and ragas's disk cache, counting its hits.

- :class:`UsageMeter` is a LangChain callback handler counting judge calls (finished and failed)
  and their prompt/completion tokens, read from each reply's ``llm_output`` by ragas's
  ``get_token_usage_for_openai`` (:mod:`ragas.cost`). ``score_dataset`` puts one on every run
  that calls a judge, and hands its :class:`JudgeUsage` to the caller in ``frame.attrs["judge_usage"]``.
- :class:`MeteredDiskCache` is ragas's own ``DiskCacheBackend`` (give it to
  ``llm_factory(..., cache=...)``); it also counts the calls it answered, and hands back cached
  replies without the endpoint's usage, so tokens paid once are not counted again.

Whether tokens are known depends on the endpoint: OpenAI, Azure OpenAI, vLLM, llama.cpp's server
and Ollama's ``/v1`` API report ``usage`` in every chat completion; a server that leaves it out
gives "usage not reported" (and ragas's own ``result.total_tokens()`` raises ``IndexError`` then).

>>> JudgeUsage(calls=3, failed=1, prompt_tokens=1200, completion_tokens=90, reported=2).summary()
'LLM calls: 3 (1 failed); tokens: 1,200 prompt + 90 completion'
>>> JudgeUsage(calls=4, reported=0).summary()
'LLM calls: 4; tokens: usage not reported by the endpoint'
>>> JudgeUsage(calls=5, cached=2, prompt_tokens=30, completion_tokens=6, reported=3).summary()
'LLM calls: 5 (2 answered from the cache); tokens: 30 prompt + 6 completion'
"""

from __future__ import annotations

import threading
import typing as t
from dataclasses import dataclass

from langchain_core.callbacks import BaseCallbackHandler
from ragas.cache import DiskCacheBackend

from ragas_temporal.judging.prompt_runner import _with_handler

__all__ = ["JudgeUsage", "UsageMeter", "MeteredDiskCache", "metered_callbacks"]


@dataclass(frozen=True)
class JudgeUsage:
    """Judge calls of one run and the tokens the endpoint reported for them.

    ``calls`` counts judgements asked (a request re-asked by Instructor is part of its call);
    ``failed`` those that raised or timed out; ``cached`` those answered from a
    :class:`MeteredDiskCache` (no request sent); ``reported`` the answered calls whose reply
    carried token usage.
    """

    calls: int = 0
    failed: int = 0
    cached: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    reported: int = 0

    @property
    def sent(self) -> int:
        """Calls that reached the endpoint and were answered (not failed, not from the cache)."""
        return max(0, self.calls - self.failed - self.cached)

    def summary(self) -> str:
        """One line for the end of a run (see the module examples)."""
        notes = [f"{self.failed} failed"] if self.failed else []
        if self.cached:
            notes.append(f"{self.cached} answered from the cache")
        head = f"LLM calls: {self.calls:,}" + (f" ({', '.join(notes)})" if notes else "")
        if self.sent and not self.reported:
            return f"{head}; tokens: usage not reported by the endpoint"
        tokens = f"tokens: {self.prompt_tokens:,} prompt + {self.completion_tokens:,} completion"
        if self.reported < self.sent:
            tokens += f" (usage reported for {self.reported:,} of {self.sent:,} calls)"
        return f"{head}; {tokens}"


class UsageMeter(BaseCallbackHandler):
    """Counts judge calls (finished and failed) and their prompt/completion tokens.

    Tokens come from each reply's ``llm_output["token_usage"]`` (ragas's
    ``get_token_usage_for_openai``); for ``llm_factory`` LLMs Instructor sums the usage of its
    retried requests into the final reply, so re-asked requests are counted too. A judgement that
    fails (timeout, refused connection, invalid reply after the retries) counts as a failed call
    with no tokens: the endpoint may still have billed some.
    """

    run_inline = True  # counted in the event loop's thread, not in an executor

    def __init__(self) -> None:
        self.calls = 0
        self.failed = 0
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self.reported = 0
        self.models: set[str] = set()
        self._lock = threading.Lock()

    def on_llm_end(self, response: t.Any, **kwargs: t.Any) -> None:
        from ragas.cost import get_token_usage_for_openai

        usage = get_token_usage_for_openai(response)
        prompt, completion = int(usage.input_tokens or 0), int(usage.output_tokens or 0)
        with self._lock:
            self.calls += 1
            self.prompt_tokens += prompt
            self.completion_tokens += completion
            self.reported += 1 if prompt or completion else 0  # a reply without usage reads as 0 + 0
            if usage.model:
                self.models.add(str(usage.model))

    def on_llm_error(self, error: BaseException, **kwargs: t.Any) -> None:
        with self._lock:
            self.calls += 1
            self.failed += 1

    def usage(self, cached: int = 0) -> JudgeUsage:
        """The counts so far; ``cached``: calls a cache answered (see :class:`MeteredDiskCache`)."""
        return JudgeUsage(
            calls=self.calls, failed=self.failed, cached=min(cached, self.calls),
            prompt_tokens=self.prompt_tokens, completion_tokens=self.completion_tokens, reported=self.reported,
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
