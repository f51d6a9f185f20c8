"""spark_score / ray_score (and the focus-time helpers) give score_dataset's values and reasons, row for row.

Skipped with a message when pyspark or ray is not installed (the README's test install has both).
One SparkSession (``local[2]``) and one local Ray (``num_cpus=2``) serve the whole test session.
"""

from __future__ import annotations

import pandas as pd
import pytest

from ragas_temporal.batch import focus_time_frame, ray_focus_time, ray_score, spark_focus_time, spark_score
from ragas_temporal.metrics import metrics_from_spec, score_dataset
from tests.batch.conftest import BATCH_METRICS, LIST_COLUMNS, TEXT_COLUMNS, assert_same_scores, engine_rows

METRIC_NAMES = [m.name for m in metrics_from_spec(BATCH_METRICS)]


@pytest.fixture(scope="module")
def rows_and_expected():
    rows = [{"row_id": i, **row} for i, row in enumerate(engine_rows())]
    return rows, score_dataset(rows, metrics_from_spec(BATCH_METRICS))


def _spark_frame(spark, rows):
    schema = ", ".join(
        ["row_id long", *(f"{c} string" for c in TEXT_COLUMNS), *(f"{c} array<string>" for c in LIST_COLUMNS)]
    )
    return spark.createDataFrame([{c: row[c] for c in ("row_id", *TEXT_COLUMNS, *LIST_COLUMNS)} for row in rows], schema).repartition(2)


def _is_null(value) -> bool:
    return value is None or (pd.api.types.is_scalar(value) and pd.isna(value))


def _nulls_as_none(column: pd.Series) -> list:
    # toPandas / to_pandas give a null as NaN or pd.NA (pandas' nullable dtypes); focus_time_frame keeps None
    return [None if _is_null(v) else v for v in column]


def test_spark_score_equals_score_dataset(spark, rows_and_expected):
    rows, expected = rows_and_expected
    scored = spark_score(_spark_frame(spark, rows), BATCH_METRICS)
    assert scored.schema["temporal_ndcg_at_10"].dataType.simpleString() == "double"
    got = scored.toPandas().sort_values("row_id").reset_index(drop=True)
    assert_same_scores(got, expected, METRIC_NAMES)


def test_spark_keep_ships_only_the_kept_columns(spark, rows_and_expected):
    rows, expected = rows_and_expected
    scored = spark_score(_spark_frame(spark, rows), ["temporal_mrr@10:gold"], keep=["row_id"])
    assert scored.columns == ["row_id", "temporal_mrr_at_10_gold", "temporal_mrr_at_10_gold_reason", "temporal_mrr_at_10_gold_failure"]
    got = scored.toPandas().sort_values("row_id").reset_index(drop=True)
    assert_same_scores(got, expected, ["temporal_mrr_at_10_gold"])


def test_spark_refuses_bad_arguments_on_the_driver(spark, rows_and_expected):
    frame = _spark_frame(spark, rows_and_expected[0])
    with pytest.raises(ValueError, match="calls an LLM"):
        spark_score(frame, ["temporal_faithfulness:hybrid"])
    with pytest.raises(ValueError, match="needs column"):
        spark_score(frame.drop("response"), ["temporal_faithfulness"])


def test_spark_focus_time_matches_the_pandas_function(spark, rows_and_expected):
    rows = rows_and_expected[0]
    frame = _spark_frame(spark, rows).select("row_id", "response", "reference_date")
    got = sorted(spark_focus_time(frame, "response", "reference_date").collect(), key=lambda r: r["row_id"])
    expected = focus_time_frame(pd.DataFrame(rows)[["row_id", "response", "reference_date"]], "response", "reference_date")
    assert [r["years"] for r in got] == expected["years"].tolist()
    assert [r["focus_time_reason"] for r in got] == expected["focus_time_reason"].tolist()
    got_mentions = [None if r["mentions"] is None else [m.asDict(recursive=True) for m in r["mentions"]] for r in got]
    assert got_mentions == expected["mentions"].tolist()


def test_ray_score_equals_score_dataset(ray_local, rows_and_expected):
    rows, expected = rows_and_expected
    dataset = ray_local.data.from_pandas(pd.DataFrame(rows)).repartition(2)
    got = ray_score(dataset, BATCH_METRICS, batch_size=8).to_pandas().sort_values("row_id").reset_index(drop=True)
    assert_same_scores(got, expected, METRIC_NAMES)


def test_ray_focus_time_and_errors(ray_local, rows_and_expected):
    rows = rows_and_expected[0]
    frame = pd.DataFrame(rows)[["row_id", "response", "reference_date"]]
    out = ray_focus_time(ray_local.data.from_pandas(frame), "response", "reference_date").to_pandas()
    out = out.sort_values("row_id").reset_index(drop=True)
    expected = focus_time_frame(frame, "response", "reference_date")
    assert [None if _is_null(y) else [int(v) for v in y] for y in out["years"]] == expected["years"].tolist()
    assert _nulls_as_none(out["focus_time_reason"]) == expected["focus_time_reason"].tolist()
    with pytest.raises(ValueError, match="calls an LLM"):
        ray_score(ray_local.data.from_pandas(frame), "temporal_faithfulness:llm")
