"""Test-wide fixtures (RAGAS_DO_NOT_TRACK is set by the root conftest.py, loaded first)."""

import importlib.util
import os
import shutil
import subprocess
import typing as t
from pathlib import Path

import pytest

from tests.support.openai_server import LoopbackOpenAIServer

ROOT = Path(__file__).resolve().parents[1]

try:  # hypothesis keeps its example database in ./.hypothesis: nothing of the suite goes into the checkout
    from hypothesis import settings

    settings.register_profile("no-database", database=None)
    settings.load_profile("no-database")
except ImportError:  # pragma: no cover - the [test] extra installs it
    pass


def _checkout_status() -> set[str] | None:
    """``git status --porcelain`` lines of the checkout (untracked files included); None outside a git checkout."""
    try:
        done = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    return set(done.stdout.splitlines()) if done.returncode == 0 else None


def pytest_sessionstart(session):
    session.config._checkout_before = _checkout_status()


def pytest_sessionfinish(session, exitstatus):
    """Fail the run when the tests left files in the checkout (tests write under tmp_path only)."""
    before = getattr(session.config, "_checkout_before", None)
    after = _checkout_status() if before is not None else None
    if before is None or after is None:
        return
    # new untracked files only: a source file edited while the suite runs is not the suite's doing
    # (.ci/run, on a clean checkout, checks every change)
    new = sorted(line for line in after - before if line.startswith("??"))
    if new:
        print("\nthe tests changed the checkout (write under tmp_path instead):\n  " + "\n  ".join(new))
        session.exitstatus = 1


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


# --- engines for the batch and --engine tests: one SparkSession (local[2]) and one local Ray per session ---


@pytest.fixture(scope="session")
def spark():
    if importlib.util.find_spec("pyspark") is None:
        pytest.skip("pyspark is not installed: pip install -e '.[spark]' to run the Spark tests")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("Spark needs Java 17+: no java on PATH and no JAVA_HOME (e.g. apt-get install openjdk-17-jre-headless)")
    from ragas_temporal.batch.on_spark import local_session

    session = local_session("local[2]", "ragas-temporal-tests")
    # few partitions: the test frames are small, and each partition is a Python task
    session.conf.set("spark.sql.shuffle.partitions", "2")
    yield session
    session.stop()


@pytest.fixture(scope="session")
def ray_local():
    if importlib.util.find_spec("ray") is None:
        pytest.skip("ray is not installed: pip install -e '.[ray]' to run the Ray tests")
    import ray

    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    ray.data.DataContext.get_current().enable_progress_bars = False
    yield ray
    if started:
        ray.shutdown()
