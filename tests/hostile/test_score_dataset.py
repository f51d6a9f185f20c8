"""`score_dataset` with hostile rows: one bad row is that row's NaN with a reason, never the batch."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from ragas_temporal import TemporalFaithfulness, score_dataset
from ragas_temporal.metrics import TemporalNDCGAtK, TemporalPrecisionAtK

CTX = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
CLEAN = {"user_input": "When?", "response": "It happened in 2008.", "retrieved_contexts": CTX}


@pytest.mark.parametrize("column", ["response", "retrieved_contexts", "user_input"])
def test_lone_surrogate_is_one_rows_problem(column):
    bad = dict(CLEAN)
    bad[column] = ["in 2008 \ud800", CTX[1]] if column == "retrieved_contexts" else "in 2008 \ud800?"
    rows = [CLEAN] * 999 + [bad]
    frame = score_dataset(rows, [TemporalFaithfulness()])
    assert len(frame) == 1000
    assert frame["temporal_faithfulness"].iloc[:999].tolist() == [1.0] * 999
    reason = frame["temporal_faithfulness_reason"].iloc[999]
    if column == "user_input":  # not read by this metric: the row is scored
        assert frame["temporal_faithfulness"].iloc[999] == 1.0
    else:
        assert math.isnan(frame["temporal_faithfulness"].iloc[999])
        where = "retrieved_contexts[0]" if column == "retrieved_contexts" else column
        assert reason == (f"{where} holds a lone surrogate (U+D800) at position 8: text must be valid "
                          "Unicode (decode it with errors='replace')")
    shown = frame[column].iloc[999]
    assert (shown[0] if column == "retrieved_contexts" else shown).startswith("in 2008 \ufffd")
    frame.to_csv(index=False)  # the frame can be written out


def test_list_columns_that_arrive_as_numpy_arrays():
    import datasets

    rows = [dict(CLEAN, user_input="What happened in 2008?", retrieved_context_ids=["a", "b"],
                 reference_context_ids=["a"])]
    as_pandas = datasets.Dataset.from_list(rows).to_pandas()
    assert type(as_pandas["retrieved_contexts"].iloc[0]).__name__ == "ndarray"
    metrics = [TemporalFaithfulness(), TemporalPrecisionAtK(k=2), TemporalNDCGAtK(k=2, mode="gold")]
    frame = score_dataset(as_pandas, metrics)
    # one grounded year out of one; one of the two contexts matches 2008; the gold context first
    assert frame.loc[0, "temporal_faithfulness"] == 1.0
    assert frame.loc[0, "temporal_precision_at_2"] == 0.5
    assert frame.loc[0, "temporal_ndcg_at_2_gold"] == 1.0


def test_list_columns_from_parquet(tmp_path):
    pd.DataFrame([CLEAN, dict(CLEAN, response="It happened in 1999.")]).to_parquet(tmp_path / "d.parquet")
    frame = score_dataset(pd.read_parquet(tmp_path / "d.parquet"), [TemporalFaithfulness()])
    assert frame["temporal_faithfulness"].tolist() == [1.0, 0.0]


NO_DATE = "'last year' needs a reference date: pass reference_date=... or a reference_date column"


@pytest.mark.parametrize("missing", [pd.NaT, float("nan")], ids=["NaT", "nan"])
def test_missing_reference_date_in_a_column_is_no_date(missing):
    rows = [dict(CLEAN, response="It happened last year.", reference_date=missing),
            dict(CLEAN, response="It happened last year.", reference_date=None),
            dict(CLEAN, response="It happened last year.", reference_date="2009-06-01")]
    frame = score_dataset(rows, [TemporalFaithfulness(reference_date="2009-03-01")])
    # a missing row date falls back to the metric's date, exactly as None does: last year = 2008
    assert frame["temporal_faithfulness"].tolist() == [1.0, 1.0, 1.0]
    assert frame["temporal_faithfulness_failure"].tolist() == [None, None, None]


def test_missing_reference_date_column_from_pandas():
    frame_in = pd.DataFrame([dict(CLEAN, response="It happened last year.", reference_date=pd.Timestamp("2009-06-01")),
                             dict(CLEAN, response="It happened last year.", reference_date=pd.NaT)])
    frame = score_dataset(frame_in, [TemporalFaithfulness()])
    assert frame.loc[0, "temporal_faithfulness"] == 1.0
    assert math.isnan(frame.loc[1, "temporal_faithfulness"])
    assert frame.loc[1, "temporal_faithfulness_reason"] == NO_DATE


def test_missing_reference_date_from_a_callable():
    metric = TemporalFaithfulness(reference_date=lambda sample: pd.NaT)
    frame = score_dataset([dict(CLEAN, response="It happened last year.")], [metric])
    assert frame.loc[0, "temporal_faithfulness_reason"] == NO_DATE
    assert frame.loc[0, "temporal_faithfulness_failure"] is None


def test_llm_mode_without_an_llm_is_refused_before_any_row():
    with pytest.raises(ValueError, match=r"needs an LLM.*llm_factory"):
        score_dataset([CLEAN], [TemporalFaithfulness(mode="llm")])


def test_rows_of_every_shape_are_kept():
    rows = [CLEAN, {"response": None, "retrieved_contexts": CTX}, {"response": "2008", "retrieved_contexts": "x"},
            {"response": "in 2008", "retrieved_contexts": [None, 3]}, {"response": "in 2008" * 50_000,
                                                                         "retrieved_contexts": CTX}]
    frame = score_dataset(rows, [TemporalFaithfulness()])
    assert len(frame) == 5
    assert frame["temporal_faithfulness"].iloc[0] == 1.0
    assert frame["temporal_faithfulness"].iloc[1:4].isna().all()
    assert frame["temporal_faithfulness_reason"].iloc[1:4].str.len().gt(0).all()


@pytest.mark.parametrize("bad", [None, "response: In 2008.", 42, ["not", "pairs"]], ids=["None", "str", "int", "list"])
def test_a_row_that_is_not_a_mapping_is_one_rows_problem(bad):
    # 999 good rows and one that is no dict: 1,000 rows out, the bad one NaN with a kind and a reason
    good = dict(CLEAN, user_input="What happened in 2008?")  # one of the two contexts is about 2008
    frame = score_dataset([good] * 999 + [bad], [TemporalFaithfulness(), TemporalPrecisionAtK(k=2)])
    assert len(frame) == 1000
    assert frame["temporal_faithfulness"].iloc[:999].tolist() == [1.0] * 999
    assert frame["temporal_precision_at_2"].iloc[:999].tolist() == [0.5] * 999
    for name in ("temporal_faithfulness", "temporal_precision_at_2"):
        assert math.isnan(frame[name].iloc[999])
        assert frame[f"{name}_failure"].iloc[999] == "input"
        assert frame[f"{name}_reason"].iloc[999] == (
            f"row 999 is a {type(bad).__name__}, not a mapping of columns: give each row as a dict "
            "such as {'response': ..., 'retrieved_contexts': [...]}")
