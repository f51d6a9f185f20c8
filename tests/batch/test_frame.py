"""score_frame and focus_time_frame: hand-computed values, equality with score_dataset, Arrow cells, bad input."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from ragas_temporal.batch import ScorePlan, focus_time_frame, score_frame
from ragas_temporal.batch.frame import FOCUS_TIME_FIELDS
from ragas_temporal.metrics import TemporalNDCGAtK, metrics_from_spec, score_dataset
from tests.batch.conftest import BATCH_METRICS, assert_same_scores, engine_rows

CTX = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery.", "Banks open on weekdays."]


def test_hand_computed_scores_from_arrow_style_cells():
    # cells as pandas gives them from Parquet: numpy arrays, int ids, NaN / pd.NA for missing values
    frame = pd.DataFrame(
        {
            "user_input": ["What happened in 2008?", pd.NA],
            "response": ["It began in 2008 and ended in 2010.", "No dates."],
            "retrieved_contexts": [np.array(CTX, dtype=object), np.array(CTX, dtype=object)],
            "retrieved_context_ids": [np.array([7, 8, 9]), np.array([7, 8, 9])],
            "reference_context_ids": [np.array([9]), None],
        }
    )
    out = score_frame(frame, ["temporal_faithfulness", "temporal_precision@2", "temporal_precision@5:gold"])
    # row 0: AFT {2008, 2010}, contexts {2008} ∪ {2009} ∪ {} -> 1/2; QFT {2008}: top 2 relevance [1, 0] -> 1/2;
    # gold: id 9 at rank 3 of 5 -> 1/5
    assert out.loc[0, "temporal_faithfulness"] == 0.5
    assert out.loc[0, "temporal_precision_at_2"] == 0.5
    assert out.loc[0, "temporal_precision_at_5_gold"] == pytest.approx(0.2)
    # row 1: no answer year, no question, no gold ids: NaN each, with the metric's reason
    assert math.isnan(out.loc[1, "temporal_faithfulness"])
    assert out.loc[1, "temporal_faithfulness_reason"] == "answer makes no temporal claim"
    assert out.loc[1, "temporal_precision_at_2_reason"] == "user_input is missing (None)"
    assert out.loc[1, "temporal_precision_at_5_gold_reason"] == "reference_context_ids is missing (None)"
    # an unreadable column is a failure of kind "input"; an undefined score is no failure
    assert out["temporal_precision_at_2_failure"].tolist() == [None, "input"]
    assert out["temporal_faithfulness_failure"].tolist() == [None, None]
    assert list(out.columns[:5]) == list(frame.columns)  # input columns kept, in order


def test_equals_score_dataset_on_every_value_and_reason():
    rows = engine_rows()
    expected = score_dataset(rows, metrics_from_spec(BATCH_METRICS))
    got = score_frame(pd.DataFrame(rows), BATCH_METRICS)
    assert_same_scores(got, expected, [m.name for m in metrics_from_spec(BATCH_METRICS)])


def test_row_dates_win_over_the_one_date_and_columns_map_names():
    frame = pd.DataFrame(
        {
            "query": ["What happened last year?", "What happened last year?", "What happened last year?"],
            "docs": [["Prices peaked in 2023."]] * 3,
            "asof": ["2024-06-01", None, "June 1st"],
        }
    )
    out = score_frame(
        frame, [TemporalNDCGAtK(k=1)], reference_date="2021-01-01", columns={"user_input": "query",
        "retrieved_contexts": "docs", "reference_date": "asof"}, keep=["asof"],
    )  # fmt: skip
    # row 0: its own date -> QFT {2023} = DFT -> 1.0; row 1: the one date -> QFT {2020}, no relevant doc -> NaN
    assert out["temporal_ndcg_at_1"].tolist()[0] == 1.0
    assert math.isnan(out["temporal_ndcg_at_1"].tolist()[1])
    assert out["temporal_ndcg_at_1_reason"].tolist()[1].startswith("query years 2020: ideal DCG@1 is 0")
    # row 2: a date that is not ISO -> NaN naming the problem, the other rows unaffected
    assert out["temporal_ndcg_at_1_reason"].tolist()[2].startswith("reference_date must be a date")
    assert list(out.columns) == ["asof", "temporal_ndcg_at_1", "temporal_ndcg_at_1_reason", "temporal_ndcg_at_1_failure"]


def test_a_language_column_reads_each_row_in_its_language_and_columns_map_it():
    context = ["Die Berliner Mauer fiel am 9. November 1989."]
    frame = pd.DataFrame(
        {
            "response": ["Die Mauer fiel am 10. November 1989."] * 3,
            "retrieved_contexts": [context] * 3,
            "lang": ["de", None, "xx"],
        }
    )
    out = score_frame(frame, ["temporal_faithfulness"], columns={"language": "lang"})
    # row 0 in German: the day 10 against 9 -> not supported, 0.0; row 1 falls back to the metric's
    # English, which reads "November 1989" (the month) on both sides -> 1.0; row 2: an unknown code
    # is that row's input failure, naming the supported codes
    assert out["temporal_faithfulness"].tolist()[:2] == [0.0, 1.0]
    assert out["temporal_faithfulness_reason"].tolist()[0] == (
        "'10. November 1989' not supported: the contexts give 9. November 1989"
    )
    assert out["temporal_faithfulness_failure"].tolist()[2] == "input"
    assert "unknown language 'xx'" in out["temporal_faithfulness_reason"].tolist()[2]
    # the same rows through score_dataset give the same values
    rows = [{"response": r, "retrieved_contexts": c, "language": l} for r, c, l in frame.itertuples(index=False)]
    assert score_dataset(rows, metrics_from_spec("temporal_faithfulness"))["temporal_faithfulness"].tolist()[:2] == [0.0, 1.0]


def test_a_batch_where_no_row_has_a_column_still_scores_every_row():
    # score_dataset refuses a dataset without any response; one batch like that must not fail the job
    frame = pd.DataFrame({"response": [None, None], "retrieved_contexts": [CTX, CTX]})
    out = score_frame(frame, ["temporal_faithfulness"])
    assert out["temporal_faithfulness_reason"].tolist() == ["response is missing (None)"] * 2
    assert out["temporal_faithfulness_failure"].tolist() == ["input"] * 2
    assert score_frame(frame.iloc[:0], ["temporal_faithfulness"]).empty


@pytest.mark.parametrize(
    ("metrics", "kwargs", "message"),
    [
        (["temporal_faithfulness:llm"], {}, "mode 'llm' calls an LLM"),
        ("temporal_ndcg@10:hybrid", {}, "mode"),
        (["temporal_precison@5"], {}, "unknown metric"),
        (["temporal_mrr@10", "temporal_mrr@10"], {}, "two metrics are named"),
        ([42], {}, "spec strings"),
        ([], {}, "no metric given"),
        (["temporal_precision@5"], {"columns": {"question": "q"}}, "unknown key"),
        (["temporal_precision@5"], {"reference_date": "June 1st"}, "reference_date"),
        (["temporal_precision@5"], {"keep": ["nope"]}, "keep: no column"),
        (["temporal_faithfulness"], {}, "needs column(s) response"),
    ],
)
def test_bad_arguments_raise_before_any_row(metrics, kwargs, message):
    frame = pd.DataFrame({"user_input": ["In 2008?"], "retrieved_contexts": [CTX]})
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        score_frame(frame, metrics, **kwargs)


def test_output_columns_must_not_overwrite_input():
    frame = pd.DataFrame({"user_input": ["In 2008?"], "retrieved_contexts": [CTX], "temporal_mrr_at_10": [1.0]})
    with pytest.raises(ValueError, match="already has column"):
        score_frame(frame, ["temporal_mrr@10"])


def test_plan_pickles_with_its_metrics():
    import pickle

    plan = ScorePlan.build([TemporalNDCGAtK(k=3, mode="gold"), "temporal_faithfulness"], reference_date="2024-06-01")
    again = pickle.loads(pickle.dumps(plan))
    assert [m.name for m in again.metrics] == ["temporal_ndcg_at_3_gold", "temporal_faithfulness"]
    assert again.reference_date.isoformat() == "2024-06-01"


def test_focus_time_frame_years_mentions_and_reasons():
    frame = pd.DataFrame(
        {
            "text": ["From 1990 to 1992, then last year.", None, "No dates here.", "Last year."],
            "asof": ["2024-06-01", None, None, "soon"],
        }
    )
    out = focus_time_frame(frame, "text", reference_date_column="asof")
    assert out["years"].tolist() == [[1990, 1991, 1992, 2023], None, [], None]
    first = out["mentions"][0]
    assert [(m["text"], m["kind"], m["years"]) for m in first] == [
        ("From 1990 to 1992", "range", [1990, 1991, 1992]),
        ("last year", "relative", [2023]),
    ]
    assert (first[0]["start"], first[0]["end"]) == (0, 17)
    assert out["focus_time_reason"].tolist()[:3] == [None, "text is missing (None)", None]
    assert out["focus_time_reason"][3].startswith("reference_date")
    # the columns are Arrow-friendly: list<int32> and list<struct{start,end,text,kind,value,years}>
    table = pa.Table.from_pandas(out[["years", "mentions", "focus_time_reason"]], schema=pa.schema(FOCUS_TIME_FIELDS), preserve_index=False)
    assert table.column("mentions").to_pylist()[0][1]["value"] == "2023"


def test_focus_time_frame_bad_columns():
    frame = pd.DataFrame({"text": ["In 2008."], "years": [[2008]]})
    with pytest.raises(ValueError, match="no column 'body'"):
        focus_time_frame(frame, "body")
    with pytest.raises(ValueError, match="already has column"):
        focus_time_frame(frame, "text")
