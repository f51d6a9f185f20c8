"""A loopback OpenAI-compatible HTTP server for offline tests of the real client paths.

:class:`LoopbackOpenAIServer` listens on ``127.0.0.1`` (a free port), serves requests from a
daemon thread (pytest-httpserver's ``HTTPServer`` on werkzeug, one thread per request) and answers

- ``POST /v1/chat/completions`` (plain, JSON mode ``response_format``, tool calling with
  ``tools``/``tool_choice``, and ``stream: true`` as server-sent events), and
- ``POST /v1/completions``

with text produced by a *responder* ``(request) -> reply``. The request is a
:class:`RecordedRequest` (path, parsed JSON body, convenience ``.messages`` and ``.prompt_text``).
Every request is recorded in ``server.requests``. Replies carry proper OpenAI JSON: ``id``,
``object``, ``model``, ``choices[0].message.content`` (or ``tool_calls``), ``finish_reason`` and
``usage`` token counts (counted with :func:`tests.support.fake_llm.count_tokens`).

Responder results:

- ``str``: the reply text (for tool calls, the JSON arguments string);
- :class:`HTTPReply`: a chosen status code and JSON body (e.g. a 500 or 429 error);
- :data:`HANG`: no answer until the server stops (or ``hang_limit``), then a 503 the client has
  long stopped waiting for;
- :class:`CutReply`: the text a server sends when the reply hit ``max_tokens``
  (``finish_reason: "length"``), as llama.cpp, vLLM and OpenAI do;
- :class:`ChunkedReply`: the text sent in chunks without a ``Content-Length``, as a proxy that
  streams does (``server.chunked_bytes_sent`` counts the body bytes it managed to send);
- an exception raised by the responder becomes an HTTP 500 with the message.

Use it as a context manager or through the ``openai_server`` / ``openai_server_factory`` fixtures
that ``tests/conftest.py`` gives every test.

Example
-------
>>> import json, urllib.request
>>> with LoopbackOpenAIServer(lambda req: "pong") as server:
...     body = json.dumps({"model": "m", "messages": [{"role": "user", "content": "ping"}]}).encode()
...     request = urllib.request.Request(server.base_url + "/chat/completions", data=body,
...                                      headers={"Content-Type": "application/json"})
...     reply = json.load(urllib.request.urlopen(request, timeout=5))
>>> reply["choices"][0]["message"]["content"], reply["usage"]["prompt_tokens"]
('pong', 1)
>>> server.requests[0].prompt_text
'ping'
"""

from __future__ import annotations

import json
import logging
import re
import socket
import threading
import typing as t
from dataclasses import dataclass, field

from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from tests.support.chat_replies import RecordedRequest, Responder, chat_completion, text_completion

__all__ = [
    "HANG",
    "HTTPReply",
    "CutReply",
    "ChunkedReply",
    "RecordedRequest",
    "LoopbackOpenAIServer",
    "refused_base_url",
]


class _Hang:
    def __repr__(self) -> str:
        return "HANG"


HANG = _Hang()
"""Responder result: do not answer until the server stops (simulates a dead endpoint)."""


@dataclass(frozen=True)
class HTTPReply:
    """Responder result: answer with this status code, JSON body and extra headers
    (e.g. ``{"retry-after-ms": "10"}`` with a 429, which the OpenAI client honours)."""

    status: int
    body: dict = field(default_factory=dict)
    headers: dict = field(default_factory=dict)


@dataclass(frozen=True)
class CutReply:
    """Responder result: ``text`` sent with ``finish_reason: "length"`` (cut at ``max_tokens``)."""

    text: str


@dataclass(frozen=True)
class ChunkedReply:
    """Responder result: ``text`` sent with ``Transfer-Encoding: chunked`` (no ``Content-Length``)."""

    text: str


#: the size of one chunk of a :class:`ChunkedReply`
CHUNK_BYTES = 64 * 1024




class LoopbackOpenAIServer:
    """OpenAI-compatible server on 127.0.0.1 for tests; see the module docstring.

    Parameters
    ----------
    responder : callable, optional
        ``RecordedRequest -> str | HTTPReply | HANG``. Defaults to replying ``"{}"``.
    hang_limit : float, default=30.0
        Upper bound (seconds) on how long a :data:`HANG` handler blocks, so a forgotten
        server can never hold a test run for long.
    """

    def __init__(self, responder: Responder | None = None, *, hang_limit: float = 30.0):
        self.responder: Responder = responder or (lambda request: "{}")
        self.hang_limit = hang_limit
        self.requests: list[RecordedRequest] = []
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._httpd: HTTPServer | None = None
        self._counter = 0
        self.chunked_bytes_sent = 0

    # lifecycle ----------------------------------------------------------------------
    @property
    def port(self) -> int:
        if self._httpd is None:
            raise RuntimeError("server is not running")
        return self._httpd.port

    @property
    def base_url(self) -> str:
        """Base URL for OpenAI clients, e.g. ``http://127.0.0.1:PORT/v1``."""
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> "LoopbackOpenAIServer":
        self._httpd = _HTTPServer(host="127.0.0.1", port=0, threaded=True)
        self._httpd.expect_request(re.compile(".*")).respond_with_handler(lambda request: _respond(self, request))
        self._httpd.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # releases hanging handlers
        if self._httpd is not None:
            self._httpd.stop()
        self._httpd = None

    def __enter__(self) -> "LoopbackOpenAIServer":
        return self.start()

    def __exit__(self, *exc: t.Any) -> None:
        self.stop()

    # helpers used by the handler ------------------------------------------------------
    def _record(self, request: RecordedRequest) -> int:
        with self._lock:
            self.requests.append(request)
            self._counter += 1
            return self._counter

    def _wait_hang(self) -> None:
        self._stopping.wait(self.hang_limit)

    # clients --------------------------------------------------------------------------
    def async_client(self, **kwargs: t.Any):
        """An ``openai.AsyncOpenAI`` pointed at this server (no retries, short timeout)."""
        from openai import AsyncOpenAI

        kwargs.setdefault("api_key", "sk-loopback")
        kwargs.setdefault("max_retries", 0)
        kwargs.setdefault("timeout", 10.0)
        return AsyncOpenAI(base_url=self.base_url, **kwargs)

    def sync_client(self, **kwargs: t.Any):
        """An ``openai.OpenAI`` pointed at this server (no retries, short timeout)."""
        from openai import OpenAI

        kwargs.setdefault("api_key", "sk-loopback")
        kwargs.setdefault("max_retries", 0)
        kwargs.setdefault("timeout", 10.0)
        return OpenAI(base_url=self.base_url, **kwargs)


class _HTTPServer(HTTPServer):
    def thread_target(self) -> None:
        # stop() waits for one poll of the serving loop: 0.05 s, not werkzeug's 0.5 s, per server
        self.server.serve_forever(poll_interval=0.05)


# one line per request at INFO would fill every failing test's captured log
logging.getLogger("werkzeug").setLevel(logging.WARNING)


def _json(status: int, payload: dict, headers: dict | None = None) -> Response:
    return Response(json.dumps(payload), status, headers, content_type="application/json")


def _stream(completion: dict) -> Response:
    # Server-sent events: one content chunk, a final chunk with usage, then [DONE].
    choice = completion["choices"][0]
    chunks = [
        {**completion, "object": "chat.completion.chunk", "usage": None,
         "choices": [{"index": 0, "delta": dict(choice["message"]), "finish_reason": None}]},
        {**completion, "object": "chat.completion.chunk",
         "choices": [{"index": 0, "delta": {}, "finish_reason": choice["finish_reason"]}]},
    ]
    events = "".join(f"data: {json.dumps(chunk)}\n\n" for chunk in chunks) + "data: [DONE]\n\n"
    return Response(events, 200, {"Connection": "close"}, content_type="text/event-stream")


def _chunked(server: LoopbackOpenAIServer, payload: dict) -> Response:
    data = json.dumps(payload).encode("utf-8")

    def body():  # no Content-Length: werkzeug sends the chunks with Transfer-Encoding: chunked
        for start in range(0, len(data), CHUNK_BYTES):
            yield data[start:start + CHUNK_BYTES]
            server.chunked_bytes_sent += len(data[start:start + CHUNK_BYTES])

    return Response(body(), 200, content_type="application/json")


def _respond(server: LoopbackOpenAIServer, http_request: Request) -> Response:
    if http_request.method == "GET":  # /v1/models, handy for clients that probe
        if http_request.path.rstrip("/").endswith("/models"):
            return _json(200, {"object": "list", "data": [{"id": "loopback", "object": "model"}]})
        return _json(404, {"error": {"message": f"unknown path {http_request.path}"}})
    try:
        body = json.loads(http_request.get_data().decode("utf-8") or "{}")
    except ValueError:
        return _json(400, {"error": {"message": "request body is not JSON"}})
    path = http_request.path.rstrip("/")
    request = RecordedRequest(path=path, body=body)
    number = server._record(request)
    if not (path.endswith("/chat/completions") or path.endswith("/completions")):
        return _json(404, {"error": {"message": f"unknown path {path}"}})
    try:
        reply = server.responder(request)
    except Exception as exc:  # the responder's fault becomes a server error
        return _json(500, {"error": {"message": f"{type(exc).__name__}: {exc}", "type": "server_error"}})
    if reply is HANG:
        server._wait_hang()
        return Response(status=503, headers={"Connection": "close"})
    if isinstance(reply, HTTPReply):
        return _json(reply.status, reply.body, reply.headers)
    if isinstance(reply, ChunkedReply):
        return _chunked(server, chat_completion(request, reply.text, number))
    finish_reason = "length" if isinstance(reply, CutReply) else "stop"
    reply = reply.text if isinstance(reply, CutReply) else str(reply)
    if not path.endswith("/chat/completions"):
        return _json(200, text_completion(request, reply, number, finish_reason))
    completion = chat_completion(request, reply, number, finish_reason)
    return _stream(completion) if body.get("stream") else _json(200, completion)


def refused_base_url() -> str:
    """A loopback base URL on which nothing listens (connections are refused at once).

    The port is bound and released, so nothing else holds it at that moment.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"
