import subprocess
import sys

import ragas_temporal


def test_version_and_public_face():
    assert ragas_temporal.__version__ == "0.1.0"
    assert {"FocusTime", "extract_focus_time", "extract_many"} <= set(dir(ragas_temporal))


def test_python_dash_m_runs_the_cli():
    out = subprocess.run([sys.executable, "-m", "ragas_temporal", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and "0.1.0" in out.stdout


def test_unknown_attribute_is_an_attribute_error():
    import pytest

    with pytest.raises(AttributeError, match="no attribute"):
        ragas_temporal.NoSuchMetric
