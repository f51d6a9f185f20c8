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


def test_score_dataset_and_example_are_public_and_lazy():
    # a fresh interpreter: importing the package must not import ragas; the names resolve on first use
    code = (
        "import sys, ragas_temporal as rt\n"
        "assert 'ragas' not in sys.modules, 'ragas imported eagerly'\n"
        "assert {'score_dataset', 'load_example_dataset'} <= set(dir(rt))\n"
        "from ragas_temporal import score_dataset, load_example_dataset, TemporalFaithfulness\n"
        "from ragas_temporal.adapter.dataset_scoring import score_dataset as defined\n"
        "assert score_dataset is defined\n"
        "frame = score_dataset([{'response': 'It ended in 2010.', 'retrieved_contexts': ['It ended in 2009.']}],"
        " [TemporalFaithfulness()])\n"
        # AFT {2010}, contexts {2009}: 0 of 1 answer years found -> 0.0
        "assert frame['temporal_faithfulness'].tolist() == [0.0]\n"
        "assert len(load_example_dataset()) == 20\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_the_answer_side_metrics_are_public():
    from ragas_temporal import metrics

    names = [
        "AnswerTemporalPrecision", "TemporalCoherence", "TemporalYearPrecisionAtK", "TemporalYearRecallAtK",
        "TemporalAnchorCoverage", "EventOrderAccuracy", "DurationAccuracy", "TemporalConsistency",
        "temporal_consistency_report",
    ]
    for name in names:
        assert getattr(ragas_temporal, name) is getattr(metrics, name), name
        assert name in dir(ragas_temporal)
