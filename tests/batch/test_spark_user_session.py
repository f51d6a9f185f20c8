"""spark_score on a SparkSession the user builds, from a virtual environment that is not activated:
the module docstring's example, run as written, with no ``PYSPARK_PYTHON`` and a SparkContext whose
worker Python is a ``python3`` without pandas. Spark would start its local workers with that
``python3`` (``ModuleNotFoundError: pandas`` inside the first task); spark_score makes them run
this interpreter."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

import ragas_temporal.batch.on_spark as on_spark

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("pyspark") is None or (shutil.which("java") is None and not os.environ.get("JAVA_HOME")),
    reason="needs pyspark and Java 17+",
)


def _docstring_example() -> str:
    doc = on_spark.__doc__
    block = doc[doc.index("::\n") + 3:]
    return textwrap.dedent(block).strip()


def _python3_without_pandas(tmp_path) -> str:
    """A folder for PATH whose ``python3`` is an interpreter that cannot import pandas."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for candidate in ("/usr/bin/python3", "/bin/python3"):
        if os.path.exists(candidate) and subprocess.run([candidate, "-c", "import pandas"], capture_output=True).returncode:
            (bin_dir / "python3").symlink_to(candidate)
            return str(bin_dir)
    # no system Python at hand: a python3 that fails the way one without pandas does
    fake = bin_dir / "python3"
    fake.write_text("#!/bin/sh\necho \"ModuleNotFoundError: No module named 'pandas'\" >&2\nexit 1\n")
    fake.chmod(0o755)
    return str(bin_dir)


def test_the_docstring_example_runs_as_written_from_a_venv_that_is_not_activated(spark, tmp_path, monkeypatch, capsys):
    # A session the user built from a venv that is not activated has no PYSPARK_PYTHON and a
    # SparkContext whose pythonExec is PATH's python3 (here one without pandas). getOrCreate() in
    # the example returns the test session (local[2]), put in exactly that state.
    code = _docstring_example()
    assert 'SparkSession.builder.master("local[2]").getOrCreate()' in code  # the user's own session
    context = spark.sparkContext
    monkeypatch.delenv("PYSPARK_PYTHON", raising=False)
    monkeypatch.setattr(context, "pythonExec", os.path.join(_python3_without_pandas(tmp_path), "python3"))
    exec(compile(code, "on_spark docstring", "exec"), {})
    printed = capsys.readouterr().out
    # one of the two contexts is about 2008: P@2 = 1/2
    assert printed.startswith("[Row(query_id='q1', temporal_precision_at_2=0.5, temporal_precision_at_2_reason=")
    assert context.pythonExec == sys.executable


def test_local_masters_get_this_interpreter_unless_pyspark_python_says_otherwise(monkeypatch):
    monkeypatch.delenv("PYSPARK_PYTHON", raising=False)
    assert on_spark.local_worker_python("local[2]") == sys.executable
    assert on_spark.local_worker_python("local-cluster[2,1,1024]") == sys.executable
    assert on_spark.local_worker_python("spark://host:7077") is None
    monkeypatch.setenv("PYSPARK_PYTHON", "/opt/python/bin/python3")
    assert on_spark.local_worker_python("local[2]") is None
