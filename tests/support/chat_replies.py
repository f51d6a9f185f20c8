"""OpenAI chat-completion replies as the test doubles send them, and an in-process OpenAI client.

:func:`chat_completion` / :func:`text_completion` build the JSON of one reply (``usage`` counted with
:func:`tests.support.fake_llm.count_tokens`; a tool call when the request has tools), for
:class:`tests.support.openai_server.LoopbackOpenAIServer` and for :func:`in_process_client`, an
``AsyncOpenAI`` whose ``httpx.MockTransport`` answers without a server (what the notebooks'
offline judge runs on: no pytest plugin needed).
"""

from __future__ import annotations

import json
import typing as t
from dataclasses import dataclass

from tests.support.fake_llm import count_tokens

__all__ = ["RecordedRequest", "Responder", "chat_completion", "text_completion", "in_process_client"]


@dataclass
class RecordedRequest:
    """One request received by the server."""

    path: str
    body: dict

    @property
    def messages(self) -> list[dict]:
        return list(self.body.get("messages") or [])

    @property
    def prompt_text(self) -> str:
        """All message contents joined by newlines (or the ``prompt`` of /v1/completions)."""
        if "messages" in self.body:
            parts = []
            for message in self.messages:
                content = message.get("content")
                if isinstance(content, list):  # content parts
                    content = "\n".join(p.get("text", "") for p in content if isinstance(p, dict))
                parts.append(content or "")
            return "\n".join(parts)
        prompt = self.body.get("prompt", "")
        return "\n".join(prompt) if isinstance(prompt, list) else str(prompt)

    @property
    def user_text(self) -> str:
        """Contents of the user messages only (instructor adds its schema as a system message)."""
        return "\n".join(
            str(m.get("content") or "") for m in self.messages if m.get("role") == "user"
        )


Responder = t.Callable[[RecordedRequest], t.Any]


def _usage(prompt_text: str, reply: str) -> dict:
    prompt_tokens, completion_tokens = count_tokens(prompt_text), count_tokens(reply)
    return {
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
    }


def chat_completion(request: RecordedRequest, reply: str, number: int, finish_reason: str = "stop") -> dict:
    body = request.body
    message: dict[str, t.Any] = {"role": "assistant", "content": reply}
    tools = body.get("tools") or []
    if tools:
        # Tool-calling mode (e.g. instructor Mode.TOOLS): answer with a call of the forced
        # tool, or the only/first tool, whose arguments are the reply JSON.
        choice = body.get("tool_choice")
        if isinstance(choice, dict) and choice.get("function"):
            name = choice["function"]["name"]
        else:
            name = tools[0].get("function", {}).get("name", "tool")
        message = {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": f"call_{number}",
                    "type": "function",
                    "function": {"name": name, "arguments": reply},
                }
            ],
        }
    return {
        "id": f"chatcmpl-loopback-{number}",
        "object": "chat.completion",
        "created": 0,
        "model": body.get("model", "loopback"),
        "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": finish_reason}],
        "usage": _usage(request.prompt_text, reply),
    }


def text_completion(request: RecordedRequest, reply: str, number: int, finish_reason: str = "stop") -> dict:
    return {
        "id": f"cmpl-loopback-{number}",
        "object": "text_completion",
        "created": 0,
        "model": request.body.get("model", "loopback"),
        "choices": [{"index": 0, "text": reply, "logprobs": None, "finish_reason": finish_reason}],
        "usage": _usage(request.prompt_text, reply),
    }


def in_process_client(responder: Responder, *, event_hooks: dict | None = None):
    """An ``openai.AsyncOpenAI`` whose HTTP transport answers chat completions in-process with
    ``responder`` (``httpx.MockTransport``): the replies of the loopback server (plain
    text, or a tool call when the request has tools) without a server thread or a socket.
    ``event_hooks`` go to the ``httpx.AsyncClient``.

    >>> import asyncio
    >>> client = in_process_client(lambda request: "pong")
    >>> reply = asyncio.run(client.chat.completions.create(model="m", messages=[{"role": "user", "content": "ping"}]))
    >>> reply.choices[0].message.content, reply.usage.prompt_tokens
    ('pong', 1)
    """
    import httpx
    from openai import AsyncOpenAI

    numbers = iter(range(1, 1 << 62))

    def answer(http_request: httpx.Request) -> httpx.Response:
        request = RecordedRequest(http_request.url.path, json.loads(http_request.content))
        reply = responder(request)
        return httpx.Response(200, json=chat_completion(request, reply, next(numbers)))

    http = httpx.AsyncClient(transport=httpx.MockTransport(answer), event_hooks=event_hooks or {})
    return AsyncOpenAI(api_key="offline", base_url="http://offline.invalid/v1", http_client=http, max_retries=0)
