"""Batch scoring (``ragas_temporal.batch``): what each entry point answers to arguments of the wrong kind.

Each is a ``ValueError`` naming the fix, raised before any row is scored; the engine helpers say so
before starting a job (no Spark or Ray session is needed to refuse a wrong argument).
"""

from __future__ import annotations

import pandas as pd
import pytest

from ragas_temporal.batch import focus_time_frame, score_frame
from ragas_temporal.metrics import TemporalFaithfulness

ROWS = pd.DataFrame([{"response": "It ended in 2010.", "retrieved_contexts": ["In 2010 it ended."]}])


@pytest.mark.parametrize("frame", [None, [{"response": "in 2008"}], {"response": ["in 2008"]}], ids=["None", "list", "dict"])
def test_score_frame_and_focus_time_frame_need_a_pandas_frame(frame):
    for call in (lambda: score_frame(frame, [TemporalFaithfulness()]), lambda: focus_time_frame(frame, "response")):
        with pytest.raises(ValueError, match="frame must be a pandas DataFrame, got .*pandas.DataFrame\\(rows\\)"):
            call()


@pytest.mark.parametrize("metrics", [None, 5, object()], ids=["None", "int", "object"])
def test_metrics_of_the_wrong_kind_name_what_to_pass(metrics):
    with pytest.raises(ValueError, match=r"metrics must be a metric, a spec string or a list of them"):
        score_frame(ROWS, metrics)


def test_one_metric_object_is_taken_as_a_list_of_one():
    out = score_frame(ROWS, TemporalFaithfulness())
    assert out["temporal_faithfulness"].tolist() == [1.0]


def test_two_metrics_with_one_name_are_refused_as_everywhere_else():
    with pytest.raises(ValueError, match="two metrics are named 'temporal_faithfulness'; give one a different name="):
        score_frame(ROWS, [TemporalFaithfulness(), "temporal_faithfulness"])


@pytest.mark.parametrize(
    "helper, module, what",
    [("spark_score", "on_spark", "a Spark DataFrame"), ("spark_focus_time", "on_spark", "a Spark DataFrame"),
     ("ray_score", "on_ray", "a Ray dataset"), ("ray_focus_time", "on_ray", "a Ray dataset")],
)
def test_engine_helpers_given_a_pandas_frame_point_to_score_frame(helper, module, what):
    pytest.importorskip("pyspark" if module == "on_spark" else "ray")
    import importlib

    function = getattr(importlib.import_module(f"ragas_temporal.batch.{module}"), helper)
    args = ([TemporalFaithfulness()],) if helper.endswith("_score") else ("response",)
    with pytest.raises(ValueError, match=f"{helper} needs {what}, got DataFrame; for a pandas DataFrame use score_frame"):
        function(ROWS, *args)
