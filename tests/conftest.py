"""Test-wide set-up. RAGAS_DO_NOT_TRACK must be set before anything imports ragas."""

import os

os.environ["RAGAS_DO_NOT_TRACK"] = "true"
os.environ.setdefault("OPENAI_API_KEY", "sk-test-not-a-real-key")  # clients refuse to build without one; never used for real calls

import typing as t  # noqa: E402

import pytest  # noqa: E402

from tests.support.openai_server import LoopbackOpenAIServer  # noqa: E402


@pytest.fixture
def openai_server_factory():
    """Start loopback OpenAI-compatible servers with a given responder; all are stopped at teardown.

    ``server = openai_server_factory(lambda request: '{"verdict": 1}')``
    """
    servers: list[LoopbackOpenAIServer] = []

    def start(responder: t.Any = None, **kwargs: t.Any) -> LoopbackOpenAIServer:
        server = LoopbackOpenAIServer(responder, **kwargs).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def openai_server(openai_server_factory):
    """A running loopback server; set ``openai_server.responder`` in the test."""
    return openai_server_factory()
