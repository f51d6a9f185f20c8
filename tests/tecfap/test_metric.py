"""TemporalFactuality in ragas.evaluate and the dataset-level consistency report."""

from __future__ import annotations

import asyncio
import math

import pytest
from ragas import evaluate
from ragas.dataset_schema import SingleTurnSample

import ragas_temporal
from ragas_temporal.tecfap import (
    TemporalFactuality,
    build_probe,
    consistency_report,
    load_example,
    probe_to_evaluation_dataset,
    score_probe,
)


def test_public_lazy_name():
    assert ragas_temporal.TemporalFactuality is TemporalFactuality


def test_single_sample_scores_and_reasons():
    metric = TemporalFactuality()
    assert metric.name == "temporal_factuality"
    assert metric.single_turn_score(SingleTurnSample(response="Kid B", reference="kid a")) == 0.5
    result = asyncio.run(metric.ascore(response="Charles Bolden", reference="charles f. bolden, jr."))
    # charles|f|bolden|jr vs charles|bolden: 1 word in place of 4
    assert result.value == 0.25
    assert result.reason == "1 of 4 gold words matched in place (gold 'charles f bolden jr', compared 'charles bolden')"
    missing = asyncio.run(metric.ascore(response=None, reference="kid a"))
    assert math.isnan(missing.value) and "response is missing" in missing.reason
    no_gold = asyncio.run(metric.ascore(response="x", reference="  "))
    assert math.isnan(no_gold.value) and "reference" in no_gold.reason


def test_reference_code_variant_has_its_own_name():
    metric = TemporalFactuality(compat="reference_code")
    assert metric.name == "temporal_factuality_reference_code"
    assert asyncio.run(metric.ascore(response="Kid A", reference="kid a")).value == 0.0  # case-sensitive
    with pytest.raises(ValueError, match="compat must be"):
        TemporalFactuality(compat="loose")


def _records(rows):
    # a model that is right on the first two paraphrases of every question and wrong otherwise
    out = []
    for r in rows:
        right = r.pattern_id.endswith(("_1", "_2", "_4", "_5"))
        out.append({**r.to_dict(), "prediction": r.gold if right else "nobody"})
    return out


def test_evaluate_then_consistency_report_matches_score_probe():
    rows = build_probe(load_example(), split="test", with_context=False)
    records = _records(rows)
    dataset = probe_to_evaluation_dataset(rows, records)
    result = evaluate(dataset, metrics=[TemporalFactuality(), TemporalFactuality(compat="reference_code")],
                      show_progress=False)
    per_row = result.to_pandas()
    assert list(per_row["temporal_factuality"]) == [1.0 if rec["prediction"] != "nobody" else 0.0 for rec in records]
    report = consistency_report(result, rows)
    expected = score_probe(records)
    assert report.equals(expected)
    # per relation and direction: 2 of 3 paraphrases right (patterns _1,_2 / _4,_5), the third says "nobody":
    # factuality 2/3, consistency 1/3 (one identical pair of three), consistent factuality 0
    assert report.loc["temporal_factuality", "average"] == pytest.approx(2 / 3)
    assert report.loc["temporal_consistency", "average"] == pytest.approx(1 / 3)
    assert report.loc["temporally_consistent_factuality", "average"] == 0.0
    # unk_cons: pattern 3/6 never right; one row per group -> undefined in the paper mode
    assert math.isnan(report.loc["unk_cons", "backward"])
    # the DataFrame and plain-list inputs give the same table
    assert consistency_report(per_row, rows).equals(expected)
    assert consistency_report([rec["prediction"] for rec in records], rows).equals(expected)


def test_consistency_report_checks_alignment():
    rows = build_probe(load_example(), split="test")
    dataset = probe_to_evaluation_dataset(rows, [r.gold for r in rows])
    with pytest.raises(ValueError, match="must align"):
        consistency_report(dataset, rows[:-1])
    with pytest.raises(ValueError, match="has reference"):
        consistency_report(dataset, list(reversed(rows)))
    with pytest.raises(ValueError, match="54 probe rows but 1 predictions"):
        probe_to_evaluation_dataset(rows, ["x"])
