"""spark_score on a SparkSession the user builds, from a virtual environment that is not activated:
the module docstring's example, run as written, in a fresh process whose PATH's ``python3`` has no
pandas and with no ``PYSPARK_PYTHON``. Spark would start its local workers with that ``python3``
(``ModuleNotFoundError: pandas`` inside the first task); spark_score makes them run this interpreter."""

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


def test_the_docstring_example_runs_as_written_from_a_venv_that_is_not_activated(tmp_path):
    code = _docstring_example()
    assert 'SparkSession.builder.master("local[2]").getOrCreate()' in code  # the user's own session
    script = tmp_path / "example.py"
    script.write_text(
        "import warnings\nwarnings.filterwarnings('ignore')\n" + code.replace("print(scored.collect())", "rows = scored.collect()")
        + "\nprint('RESULT', rows[0]['query_id'], rows[0]['temporal_precision_at_2'])\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYSPARK_PYTHON", "PYSPARK_DRIVER_PYTHON", "VIRTUAL_ENV")}
    env["PATH"] = _python3_without_pandas(tmp_path) + os.pathsep + "/usr/bin:/bin"
    env["PYTHONPATH"] = os.pathsep.join(p for p in (os.getcwd(), env.get("PYTHONPATH", "")) if p)
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    # one of the two contexts is about 2008: P@2 = 1/2
    assert "RESULT q1 0.5" in done.stdout


def test_local_masters_get_this_interpreter_unless_pyspark_python_says_otherwise(monkeypatch):
    monkeypatch.delenv("PYSPARK_PYTHON", raising=False)
    assert on_spark.local_worker_python("local[2]") == sys.executable
    assert on_spark.local_worker_python("local-cluster[2,1,1024]") == sys.executable
    assert on_spark.local_worker_python("spark://host:7077") is None
    monkeypatch.setenv("PYSPARK_PYTHON", "/opt/python/bin/python3")
    assert on_spark.local_worker_python("local[2]") is None
