"""Test-wide set-up. RAGAS_DO_NOT_TRACK must be set before anything imports ragas."""

import os

os.environ["RAGAS_DO_NOT_TRACK"] = "true"
os.environ.setdefault("OPENAI_API_KEY", "sk-test-not-a-real-key")  # clients refuse to build without one; never used for real calls

import importlib.util  # noqa: E402
import shutil  # noqa: E402
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
