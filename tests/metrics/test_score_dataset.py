"""score_dataset (per-row scores with reasons), metric names from specs, bad input, the example data."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from ragas_temporal.data import example_reference_dates, example_rows, load_example_dataset
from ragas_temporal.metrics import (
    TemporalFaithfulness,
    TemporalMAP,
    TemporalNDCGAtK,
    TemporalPrecisionAtK,
    metric_from_spec,
    metrics_from_spec,
    score_dataset,
)
from ragas_temporal.metrics.registry import DEFAULT_METRICS

CTX = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]


@pytest.mark.parametrize(
    "spec, cls, name",
    [
        ("temporal_faithfulness", TemporalFaithfulness, "temporal_faithfulness"),
        ("temporal_precision@5", TemporalPrecisionAtK, "temporal_precision_at_5"),
        ("temporal_precision_at_5", TemporalPrecisionAtK, "temporal_precision_at_5"),
        (" Temporal_NDCG@10 ", TemporalNDCGAtK, "temporal_ndcg_at_10"),
        ("temporal_ndcg@10:gold", TemporalNDCGAtK, "temporal_ndcg_at_10_gold"),
        ("temporal_ndcg_at_10_gold", TemporalNDCGAtK, "temporal_ndcg_at_10_gold"),
        ("temporal_map", TemporalMAP, "temporal_map_at_10"),
        ("temporal_faithfulness:llm", TemporalFaithfulness, "temporal_faithfulness_llm"),
        ("temporal_faithfulness:hybrid", TemporalFaithfulness, "temporal_faithfulness_hybrid"),
        ("temporal_faithfulness_hybrid", TemporalFaithfulness, "temporal_faithfulness_hybrid"),
        ("temporal_precision@5:llm", TemporalPrecisionAtK, "temporal_precision_at_5_llm"),
        ("temporal_ndcg@10:llm", TemporalNDCGAtK, "temporal_ndcg_at_10_llm"),
        ("temporal_ndcg_at_10_llm", TemporalNDCGAtK, "temporal_ndcg_at_10_llm"),
    ],
)
def test_metric_from_spec(spec, cls, name):
    m = metric_from_spec(spec)
    assert type(m) is cls and m.name == name
    assert m.mode == (name.rsplit("_", 1)[1] if name.endswith(("_llm", "_hybrid", "_gold")) else "focus_time")


@pytest.mark.parametrize(
    "spec, message",
    [
        ("temporal_precison@5", "unknown metric 'temporal_precison@5'; known: answer_temporal_precision, answer_temporal_recall"),
        ("temporal_precision@0", "k must be a positive integer"),
        ("temporal_precision@five", "k must be a positive integer"),
        ("temporal_faithfulness@5", "temporal_faithfulness takes no k"),
        ("temporal_faithfulness:gold", "mode must be one of 'focus_time'"),
    ],
)
def test_metric_from_spec_errors(spec, message):
    with pytest.raises(ValueError, match=message):
        metric_from_spec(spec)


@pytest.mark.parametrize(
    "spec, name, mode",
    [
        ("temporal_faithfulness_year", "temporal_faithfulness_year", "focus_time"),
        ("temporal_faithfulness_year:hybrid", "temporal_faithfulness_year_hybrid", "hybrid"),
        ("temporal_faithfulness_year_hybrid", "temporal_faithfulness_year_hybrid", "hybrid"),
    ],
)
def test_granularity_in_the_spec_round_trips_through_the_name(spec, name, mode):
    m = metric_from_spec(spec)
    assert (type(m), m.name, m.mode, m.granularity) == (TemporalFaithfulness, name, mode, "year")
    assert metric_from_spec(m.name).name == m.name
    assert metric_from_spec("temporal_faithfulness").granularity == "claim"


def test_claim_and_year_faithfulness_side_by_side_do_not_collide():
    names = [m.name for m in metrics_from_spec("temporal_faithfulness,temporal_faithfulness_year")]
    assert names == ["temporal_faithfulness", "temporal_faithfulness_year"]


def test_metrics_from_spec_list_and_duplicates():
    names = [m.name for m in metrics_from_spec("temporal_faithfulness,temporal_precision@5,temporal_ndcg@10")]
    assert names == ["temporal_faithfulness", "temporal_precision_at_5", "temporal_ndcg_at_10"]
    with pytest.raises(ValueError, match="two metrics are named 'temporal_precision_at_5'"):
        metrics_from_spec("temporal_precision@5,temporal_precision_at_5")
    with pytest.raises(ValueError, match="no metric given"):
        metrics_from_spec(" , ")


def test_score_dataset_bad_rows_nan_with_reasons_no_row_lost():
    good = {"user_input": "What happened in 2008?", "response": "It began in 2008.", "retrieved_contexts": CTX}
    rows = [
        good,
        {**good, "retrieved_contexts": None},
        {**good, "retrieved_contexts": []},
        {**good, "retrieved_contexts": ["In 2008.", 42]},
        {**good, "response": "   "},
        {**good, "response": None},
        {**good, "retrieved_contexts": "In 2008."},
    ]
    m = TemporalFaithfulness()
    df = score_dataset(rows, [m])
    assert len(df) == len(rows)
    assert df[m.name][0] == 1.0
    assert all(math.isnan(v) for v in df[m.name][1:])
    assert df[f"{m.name}_reason"].tolist()[1:] == [
        "retrieved_contexts is missing (None)",
        "retrieved_contexts is empty",
        "retrieved_contexts[1] is not a string (int)",
        "response is empty",
        "response is missing (None)",
        "retrieved_contexts must be a list of strings, got str",
    ]
    # an unreadable column is an input failure; the scored row is no failure
    assert df[f"{m.name}_failure"].tolist() == [None] + ["input"] * 6


def test_score_dataset_missing_column_names_it():
    with pytest.raises(ValueError, match="metric temporal_faithfulness needs column\\(s\\) retrieved_contexts"):
        score_dataset([{"response": "In 2008."}], [TemporalFaithfulness()])


def test_ascore_missing_column_names_it():
    import asyncio

    with pytest.raises(ValueError, match=r"missing column\(s\) \['retrieved_contexts'\]"):
        asyncio.run(TemporalFaithfulness().ascore(response="In 2008."))
    with pytest.raises(ValueError, match="unknown column"):
        asyncio.run(TemporalFaithfulness().ascore(response="In 2008.", contexts=CTX))


def test_score_dataset_accepts_dataframe_hf_and_evaluation_dataset():
    from datasets import Dataset

    rows = [{"response": "It began in 2008.", "retrieved_contexts": CTX},
            {"response": "It began in 2011.", "retrieved_contexts": CTX}]
    m = TemporalFaithfulness()
    from ragas import EvaluationDataset

    for data in (rows, pd.DataFrame(rows), Dataset.from_list(rows), EvaluationDataset.from_list(rows)):
        assert score_dataset(data, [m])[m.name].tolist() == [1.0, 0.0]


def test_score_dataset_gives_one_reason_per_row_for_one_metric():
    m = TemporalFaithfulness()
    df = score_dataset([{"response": "It ended in 2010.", "retrieved_contexts": CTX}], [m])
    assert df[f"{m.name}_reason"].tolist() == ["'2010' not found in the retrieved contexts"]


def test_a_failing_metric_loses_no_row(monkeypatch):
    calls = []

    def flaky(text, reference_date=None, language="en"):
        calls.append(text)
        if "boom" in text:
            raise RuntimeError("extractor exploded")
        from ragas_temporal.focus_time import FocusTime

        return FocusTime.from_years([2008])

    monkeypatch.setattr("ragas_temporal.adapter.case.extract_focus_time", flaky)
    m = TemporalFaithfulness()
    df = score_dataset([{"response": "boom", "retrieved_contexts": CTX}, {"response": "ok", "retrieved_contexts": CTX}], [m])
    assert math.isnan(df[m.name][0]) and df[f"{m.name}_reason"][0] == "error: RuntimeError: extractor exploded"
    assert df[m.name][1] == 1.0
    assert df[f"{m.name}_failure"].tolist() == ["error", None]


def test_failure_kinds_tell_judge_faults_from_undefined_scores():
    from tests.support.fake_llm import ScriptedLLM

    rows = [
        {"response": "It began in 2008.", "retrieved_contexts": CTX},  # the judge replies prose: judge failure
        {"response": "It began.", "retrieved_contexts": CTX},  # no temporal expression: undefined, no failure
        {"response": None, "retrieved_contexts": CTX},  # unreadable column: input failure
        {"response": "It began in 2008.", "retrieved_contexts": CTX, "reference_date": "June 1st"},  # bad date
    ]
    metric = TemporalFaithfulness(mode="llm", llm=ScriptedLLM(lambda prompt: "Sure, here you go."), fix_retries=0)
    df = score_dataset(rows, [metric])
    assert df["temporal_faithfulness_llm"].isna().all()
    assert df["temporal_faithfulness_llm_failure"].tolist() == ["judge", None, "input", "input"]
    assert df["temporal_faithfulness_llm_reason"][0].startswith("LLM reply did not match TemporalClaimsOutput")
    assert df["temporal_faithfulness_llm_reason"][3] == (
        "reference_date must be a date or an ISO 'YYYY-MM-DD' string, got 'June 1st'"
    )


def test_example_dataset_shape_and_coverage():
    rows = example_rows()
    assert len(rows) == 20
    columns = {"user_input", "retrieved_contexts", "retrieved_context_ids", "reference_context_ids", "response", "reference"}
    for row in rows:
        assert columns <= set(row)
        assert len(row["retrieved_contexts"]) == len(row["retrieved_context_ids"])
    assert sum("reference_date" in row for row in rows) >= 3
    ds = load_example_dataset()
    assert len(ds) == 20
    dates = example_reference_dates()
    assert [str(dates(s)) for s in ds if dates(s)] == [r["reference_date"] for r in rows if "reference_date" in r]


def test_example_dataset_scores_with_every_default_metric():
    metrics = metrics_from_spec(DEFAULT_METRICS)
    df = score_dataset(example_rows(), metrics)
    assert len(df) == 20
    for m in metrics:
        values = df[m.name]
        assert values.notna().sum() >= 5, m.name  # scored on many rows ...
        assert ((values >= 0) & (values <= 1) | values.isna()).all()
        assert df[f"{m.name}_reason"].map(bool).all()  # ... and every row has a reason
    # the first two rows are the seed pair: grounded (1.0) and invented years (0.0)
    assert df["temporal_faithfulness"].tolist()[:2] == [1.0, 0.0]
    # "What is the capital of Australia?": no temporal focus, no temporal claim
    capital = df.index[df["user_input"] == "What is the capital of Australia?"][0]
    assert math.isnan(df["temporal_faithfulness"][capital]) and math.isnan(df["temporal_precision_at_5"][capital])


def test_score_dataset_passes_callbacks_to_the_judge():
    from ragas.cost import CostCallbackHandler, get_token_usage_for_openai

    from tests.support.fake_judges import rule_based_judge
    from tests.support.fake_llm import ScriptedLLM

    llm = ScriptedLLM(rule_based_judge)  # a judge that reads its prompt and reports tokens
    rows = [
        # AFT {2008}: the judge is called; its one claim's year is in the contexts -> SUPPORTED -> 1.0
        {"response": "It began in 2008.", "retrieved_contexts": CTX},
        # no temporal expression: NaN without a call
        {"response": "It began.", "retrieved_contexts": CTX},
    ]
    handler = CostCallbackHandler(get_token_usage_for_openai)
    frame = score_dataset(rows, [TemporalFaithfulness(mode="llm", llm=llm)], callbacks=[handler])
    assert frame["temporal_faithfulness_llm"].tolist()[0] == 1.0
    assert llm.calls == len(handler.usage_data) == 1
    assert handler.usage_data[0].input_tokens == llm.prompt_tokens > 0
    assert handler.usage_data[0].output_tokens == llm.completion_tokens > 0
