"""The LLM judge of ``ragas-temporal evaluate``: built from the command line, metered while it runs.

Worst case per judgement with the defaults: Instructor sends at most 1 + :data:`INSTRUCTOR_RETRIES`
requests (a reply that fails validation is re-asked), the client retries a failed connection, a
timeout, 429 or 5xx at most :data:`CLIENT_RETRIES` time(s) (:data:`LOCAL_CLIENT_RETRIES`, none,
for a server on this machine), each request is cut after ``--llm-timeout`` (else 20 s, or 120 s
for a server on this machine), and ``--llm-timeout`` bounds the whole judgement too. Each request
asks for at most the prompt's reply budget (``max_tokens``), so a slow local model's request ends.

>>> is_loopback("http://127.0.0.1:8000/v1"), is_loopback("http://localhost:11434/v1")
(True, True)
>>> is_loopback("https://api.openai.com/v1")
False
"""

from __future__ import annotations

import ipaddress
import os
import typing as t
from dataclasses import dataclass
from urllib.parse import urlsplit

from ragas_temporal.llm.prompt_runner import DEFAULT_LLM_TIMEOUT
from ragas_temporal.llm.usage import MeteredDiskCache, RequestMeter, UsageMeter

__all__ = [
    "DEFAULT_BASE_URL",
    "CLIENT_TIMEOUT",
    "LOCAL_CLIENT_TIMEOUT",
    "CLIENT_RETRIES",
    "LOCAL_CLIENT_RETRIES",
    "INSTRUCTOR_RETRIES",
    "JudgeChoice",
    "UsageMeter",
    "judge_cache",
    "is_loopback",
    "resolve_base_url",
    "api_key_for",
    "openai_judge_llm",
    "judge_from_args",
]

#: Where requests go without ``--base-url`` and without ``OPENAI_BASE_URL``.
DEFAULT_BASE_URL = "https://api.openai.com/v1"
#: Seconds one HTTP request to a remote API may take without ``--llm-timeout``.
CLIENT_TIMEOUT = 20.0
#: Seconds one request to a server on this machine may take without ``--llm-timeout``: a small
#: model on a CPU writes 30-40 tokens/s, so a long reply takes a minute or more.
LOCAL_CLIENT_TIMEOUT = 120.0
#: Retries of the OpenAI client for connection errors, timeouts, 429 and 5xx replies.
CLIENT_RETRIES = 1
#: The same for a server on this machine: none. Such a server answers one request at a time and
#: may go on writing the reply of a request that timed out, so a retry queues behind it and times
#: out too: the retry doubles the wait and the cost and gains nothing.
LOCAL_CLIENT_RETRIES = 0
#: Extra requests Instructor may send when a reply does not validate (its default is 3).
INSTRUCTOR_RETRIES = 1
#: Sent when a loopback server needs no key: the OpenAI client refuses to start without one.
_NO_KEY = "sk-no-key-needed"


def is_loopback(url: str) -> bool:
    """True when ``url``'s host is this machine (``localhost``, ``127.0.0.0/8``, ``::1``)."""
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def resolve_base_url(given: str | None, environ: t.Mapping[str, str] | None = None) -> str:
    """``--base-url``, else ``OPENAI_BASE_URL``, else the OpenAI API; raise ``ValueError`` if not http(s).

    >>> resolve_base_url(None, {})
    'https://api.openai.com/v1'
    >>> resolve_base_url("localhost:8000", {})
    Traceback (most recent call last):
    ...
    ValueError: --base-url must be an http:// or https:// URL, got 'localhost:8000'
    """
    environ = os.environ if environ is None else environ  # read at call time: os.environ may be replaced
    url = given or environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        source = "--base-url" if given else "OPENAI_BASE_URL"
        raise ValueError(f"{source} must be an http:// or https:// URL, got {url!r}")
    return url


def api_key_for(
    base_url: str, env_var: str, environ: t.Mapping[str, str] | None = None, *, option: str = "--llm-model"
) -> str:
    """The key in ``environ[env_var]``; a placeholder for a loopback server; else ``ValueError``
    (naming ``option``, the flag that asked for the model), before any request is sent.

    >>> api_key_for("http://127.0.0.1:8000/v1", "MY_KEY", {})
    'sk-no-key-needed'
    >>> api_key_for("https://api.openai.com/v1", "MY_KEY", {})
    Traceback (most recent call last):
    ...
    ValueError: --llm-model needs an API key for https://api.openai.com/v1: set the environment variable MY_KEY (or name another one with --api-key-env)
    """
    environ = os.environ if environ is None else environ
    key = environ.get(env_var, "").strip()
    if key:
        return key
    if is_loopback(base_url):
        return _NO_KEY
    raise ValueError(
        f"{option} needs an API key for {base_url}: set the environment variable {env_var} "
        "(or name another one with --api-key-env)"
    )


def openai_judge_llm(
    model: str, base_url: str, api_key: str, timeout: float | None = DEFAULT_LLM_TIMEOUT, cache: t.Any = None
) -> t.Any:
    """``llm_factory(model, client=AsyncOpenAI(...), max_retries=INSTRUCTOR_RETRIES, cache=cache)`` with bounded retries.

    The client's HTTP hooks feed a :class:`~ragas_temporal.llm.usage.RequestMeter`
    (``llm.request_meter``): the cost line counts every request and the usage each reply reported.

    Each request may take ``timeout`` (``--llm-timeout``) when given, else :data:`CLIENT_TIMEOUT`
    (:data:`LOCAL_CLIENT_TIMEOUT` for a server on this machine): the user's bound is never cut
    shorter by ours.
    """
    from openai import AsyncOpenAI, DefaultAsyncHttpxClient
    from ragas.llms import llm_factory

    if timeout is not None:
        request_timeout = timeout
    else:
        request_timeout = LOCAL_CLIENT_TIMEOUT if is_loopback(base_url) else CLIENT_TIMEOUT
    meter = RequestMeter()  # every request the endpoint sees, and its usage: the cost line reads it
    client = AsyncOpenAI(
        base_url=base_url, api_key=api_key, timeout=request_timeout,
        max_retries=LOCAL_CLIENT_RETRIES if is_loopback(base_url) else CLIENT_RETRIES,
        http_client=DefaultAsyncHttpxClient(event_hooks=meter.event_hooks()),
    )
    llm = llm_factory(model, client=client, max_retries=INSTRUCTOR_RETRIES, cache=cache)
    llm.request_meter = meter
    return llm


@dataclass(frozen=True)
class JudgeChoice:
    """The LLM the LLM modes run with, and how to describe it to the user."""

    llm: t.Any
    description: str
    stand_in: bool = False
    cache: MeteredDiskCache | None = None
    #: a server on this machine (it may answer one request at a time)
    local: bool = False


def judge_from_args(args: t.Any, environ: t.Mapping[str, str] | None = None) -> JudgeChoice | None:
    """The judge the arguments ask for (``None`` when neither ``--llm-model`` nor ``--offline-judge``)."""
    if args.llm_model and args.offline_judge:
        raise ValueError("give either --llm-model or --offline-judge, not both")
    if args.offline_judge:
        from ragas_temporal.llm.offline import offline_llm

        return JudgeChoice(
            offline_llm(),
            "offline rule-based stand-in judge (ragas_temporal.llm.offline; it compares years only, "
            "a demo, not an LLM's judgement)",
            stand_in=True,
        )
    if not args.llm_model:
        return None
    base_url = resolve_base_url(args.base_url, environ)
    api_key = api_key_for(base_url, args.api_key_env, environ)
    cache = judge_cache(args.cache, args.llm_model, base_url) if getattr(args, "cache", None) else None
    llm = openai_judge_llm(args.llm_model, base_url, api_key, args.llm_timeout, cache)
    described = f"{args.llm_model} at {base_url}" + (f", cached in {cache.cache.directory}" if cache else "")
    return JudgeChoice(llm, described, cache=cache, local=is_loopback(base_url))


def judge_cache(folder: str, model: str, base_url: str) -> MeteredDiskCache:
    """ragas's disk cache in ``folder/<model>@<host>``: one sub-folder per judge model and endpoint,
    because ragas's cache key holds the prompt and the output model, not the model.

    >>> import tempfile, pathlib
    >>> root = tempfile.mkdtemp()
    >>> pathlib.Path(judge_cache(root, "gpt-4o-mini", "https://api.openai.com/v1").cache.directory).name
    'gpt-4o-mini@api.openai.com'
    """
    from pathlib import Path

    host = urlsplit(base_url).netloc or "endpoint"
    name = "".join(c if c.isalnum() or c in "-._@" else "_" for c in f"{model}@{host}")
    root = Path(folder)
    if root.exists() and not root.is_dir():
        raise ValueError(f"--cache {folder}: not a folder")
    return MeteredDiskCache(str(root / name))
