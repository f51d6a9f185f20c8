"""The issue-13 metric classes: hand-computed values, NaN reasons, modes, LLM evidence and call counts."""

from __future__ import annotations

import asyncio
import json
import math

import pytest
from ragas.dataset_schema import SingleTurnSample

from ragas_temporal.metrics import (
    AnswerTemporalPrecision,
    DurationAccuracy,
    EventOrderAccuracy,
    TemporalAnchorCoverage,
    TemporalCoherence,
    TemporalConsistency,
    TemporalYearPrecisionAtK,
    TemporalYearRecallAtK,
    temporal_consistency_report,
)
from tests.support.fake_llm import ScriptedLLM


def run(coro):
    return asyncio.run(coro)


# --- AnswerTemporalPrecision -------------------------------------------------------------------


def test_answer_precision_issue_example_is_zero():
    # QFT {2008}; AFT {2007, 2010}: 0 / 2
    r = run(AnswerTemporalPrecision().ascore(user_input="What happened in 2008?", response="Banks failed in 2007 and 2010."))
    assert r.value == 0.0 and r.reason == "0 of 2 answer years in the query focus; off-focus: 2007, 2010"


def test_answer_precision_nan_reasons():
    r = run(AnswerTemporalPrecision().ascore(user_input="What happened to banks?", response="They failed in 2008."))
    assert math.isnan(r.value) and r.reason == "query has no temporal focus"
    r = run(AnswerTemporalPrecision().ascore(user_input="What happened in 2008?", response="Banks failed."))
    assert math.isnan(r.value) and r.reason == "answer makes no temporal claim"
    r = run(AnswerTemporalPrecision().ascore(user_input="What happened in 2008?", response=None))
    assert math.isnan(r.value) and "response" in r.reason


def test_answer_precision_works_through_single_turn_ascore():
    sample = SingleTurnSample(user_input="Sales in 2020 and 2021?", response="In 2021 they rose; 2022 too.")
    assert AnswerTemporalPrecision().single_turn_score(sample) == 0.5  # {2021, 2022} ∩ {2020, 2021}: 1 / 2


# --- coverage -------------------------------------------------------------------------------


def test_anchor_coverage_answer_and_contexts():
    question = "Compare unemployment in the 1990s with 2010 and 2020."
    # anchors: 1990s, 2010, 2020; the answer touches 1995 and 2020: 2 / 3
    r = run(TemporalAnchorCoverage().ascore(user_input=question, response="It peaked in 1995 and in 2020."))
    assert r.value == pytest.approx(2 / 3) and r.reason == "covers 2 of 3 query anchors; not covered: 2010"
    # top-2 contexts: 2010 only (the third context is beyond k): 1 / 3
    metric = TemporalAnchorCoverage(k=2)
    assert metric.name == "temporal_anchor_coverage_at_2"
    r = run(metric.ascore(user_input=question, retrieved_contexts=["In 2010 it was 9.6%.", "No date.", "In 2020 ..."]))
    assert r.value == pytest.approx(1 / 3) and r.reason.startswith("the top 2 contexts cover 1 of 3")


def test_year_coverage_at_k_by_hand():
    contexts = ["Lockdowns began in 2020 and eased in 2021.", "The 2019 budget.", "2020 again."]
    # top 2 years {2019, 2020, 2021}; QFT {2020}: precision 1/3, recall 1/1
    p = run(TemporalYearPrecisionAtK(k=2).ascore(user_input="What happened in 2020?", retrieved_contexts=contexts))
    r = run(TemporalYearRecallAtK(k=2).ascore(user_input="What happened in 2020?", retrieved_contexts=contexts))
    assert p.value == pytest.approx(1 / 3) and r.value == 1.0
    assert TemporalYearPrecisionAtK(k=2).name == "temporal_year_precision_at_2"


@pytest.mark.parametrize("cls", [TemporalYearPrecisionAtK, TemporalYearRecallAtK, TemporalAnchorCoverage])
@pytest.mark.parametrize("k", [0, -1, 2.5, True, "5"])
def test_bad_k_is_a_value_error(cls, k):
    with pytest.raises(ValueError, match="k must be a positive integer"):
        cls(k=k)


# --- TemporalCoherence ---------------------------------------------------------------------


def test_coherence_focus_time_rules():
    r = run(TemporalCoherence().ascore(response="Ada was born in 1815. She died in 1810. Her notes appeared in 1843 and in 1845."))
    assert r.value == 0.5  # 4 dated claims, 2 in the birth/death contradiction
    r = run(TemporalCoherence().ascore(response="It happened in 2008."))
    assert math.isnan(r.value) and "nothing to compare" in r.reason


def test_modes_are_validated_at_construction():
    for cls in (TemporalCoherence, EventOrderAccuracy, DurationAccuracy):
        with pytest.raises(ValueError, match="mode must be one of 'focus_time', 'llm'"):
            cls(mode="gold")
    with pytest.raises(ValueError, match="mode must be one of 'focus_time'"):
        AnswerTemporalPrecision(mode="llm")
    with pytest.raises(ValueError, match="tolerance_years"):
        DurationAccuracy(tolerance_years=-1)


def _reply(payload: dict) -> ScriptedLLM:
    return ScriptedLLM(lambda prompt: json.dumps(payload))


def test_coherence_llm_scores_the_listed_evidence():
    # the judge lists 4 claims and one contradiction among claims 1 and 3: 1 - 2/4
    llm = _reply({
        "claims": [{"claim": c, "time": t} for c, t in (("a", "1990"), ("b", "1991"), ("c", "1980"), ("d", "2000"))],
        "contradictions": [{"claims": [1, 3], "reason": "c cannot precede a"}],
    })
    metric = TemporalCoherence(mode="llm", llm=llm)
    r = run(metric.ascore(response="It started in 1990, grew in 1991, ended in 1980 and closed in 2000."))
    assert r.value == 0.5 and r.reason == "2 of 4 dated claims contradict another: c cannot precede a"
    assert llm.calls == 1
    assert "score" not in llm.prompts[0].lower()  # evidence only: the judge is never asked for a number


def test_coherence_llm_makes_no_call_without_a_temporal_expression():
    llm = _reply({"claims": [], "contradictions": []})
    r = run(TemporalCoherence(mode="llm", llm=llm).ascore(response="It was good."))
    assert math.isnan(r.value) and "no LLM call" in r.reason and llm.calls == 0


@pytest.mark.parametrize("numbers", [[1, 9], [2], [0, 1]])
def test_coherence_llm_bad_claim_numbers_are_nan_with_reason(numbers):
    llm = _reply({"claims": [{"claim": "a", "time": "1990"}, {"claim": "b", "time": "1991"}],
                  "contradictions": [{"claims": numbers, "reason": "r"}]})
    r = run(TemporalCoherence(mode="llm", llm=llm).ascore(response="In 1990 and 1991."))
    assert math.isnan(r.value) and "listed claims 1-2" in r.reason


def test_llm_faults_become_nan_rows():
    llm = ScriptedLLM(["not json at all"] * 5)
    r = run(TemporalCoherence(mode="llm", llm=llm, fix_retries=0).ascore(response="In 1990 and 1991."))
    assert math.isnan(r.value) and r.reason


# --- EventOrderAccuracy ----------------------------------------------------------------------

GOLD = "Sputnik launch\nApollo 11 Moon landing\nFall of the Berlin Wall"


def test_event_order_focus_time_by_years_and_by_order():
    r = run(EventOrderAccuracy().ascore(
        response="The Berlin Wall fell in 1989. Sputnik was launched in 1957. Apollo 11 made the Moon landing in 1969.",
        reference=GOLD))
    assert r.value == 1.0 and r.reason.endswith("(placed by stated years)")
    # no years: answer order Apollo, Sputnik, Wall: tau = 1/3 -> 2/3
    r = run(EventOrderAccuracy().ascore(
        response="First the Moon landing by Apollo 11, then Sputnik, and later the Berlin Wall fell.", reference=GOLD))
    assert r.value == pytest.approx(2 / 3) and r.reason.endswith("(placed by order of mention)")


def test_event_order_bad_reference_is_nan_saying_how_to_write_it():
    r = run(EventOrderAccuracy().ascore(response="x in 1990", reference="only one event"))
    assert math.isnan(r.value) and "give at least two" in r.reason
    r = run(EventOrderAccuracy().ascore(response="x in 1990", reference='["a", 1]'))
    assert math.isnan(r.value) and "JSON list of strings" in r.reason


def test_event_order_llm_uses_stated_times_read_by_our_extractor():
    llm = _reply({"events": [
        {"event": 1, "found": True, "quote": "Sputnik", "time": "October 1957"},
        {"event": 2, "found": True, "quote": "Moon landing", "time": "1955"},  # the answer's (wrong) year
        {"event": 3, "found": False},
    ]})
    r = run(EventOrderAccuracy(mode="llm", llm=llm).ascore(
        response="Sputnik flew in October 1957; the Moon landing came in 1955.", reference=GOLD))
    # 2 of 3 found, reversed: tau -1 -> 0
    assert r.value == 0.0 and r.reason.startswith("found 2 of 3 gold events (not found: Fall of the Berlin Wall)")
    assert llm.calls == 1


def test_event_order_llm_must_judge_each_event_once():
    llm = _reply({"events": [{"event": 1, "found": True, "quote": "a", "time": "1990"}]})
    r = run(EventOrderAccuracy(mode="llm", llm=llm).ascore(response="a in 1990", reference=GOLD))
    assert math.isnan(r.value) and "expected each of 1-3 exactly once" in r.reason


# --- DurationAccuracy --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "response, reference, expected, shown",
    [
        ("It lasted two years.", "18 months", 2 / 3, "predicted 24 months for a gold duration of 18 months"),
        ("The war lasted a decade.", "8 years", 0.75, "predicted 10 years for a gold duration of 8 years"),
        ("It ran from 2001 to 2004.", "3 years", 1.0, "predicted 3 years for a gold duration of 3 years"),
        ("It lasted forty years.", "1914-1918", 0.0, "predicted 40 years for a gold duration of 4 years"),
    ],
)
def test_duration_focus_time_by_hand(response, reference, expected, shown):
    r = run(DurationAccuracy().ascore(response=response, reference=reference))
    assert r.value == pytest.approx(expected) and r.reason.startswith(shown)


def test_duration_tolerance_and_nan_reasons():
    r = run(DurationAccuracy(tolerance_years=1).ascore(response="It lasted four years.", reference="5 years"))
    assert r.value == 1.0
    r = run(DurationAccuracy().ascore(response="It lasted a while.", reference="5 years"))
    assert math.isnan(r.value) and "mode='llm'" in r.reason
    r = run(DurationAccuracy().ascore(response="It lasted 5 years.", reference="long"))
    assert math.isnan(r.value) and "'18 months'" in r.reason


def test_duration_llm_reads_the_judges_amount_in_the_gold_unit():
    llm = _reply({"durations": [{"quote": "a year and a half", "amount": 1.5, "unit": "years"}]})
    r = run(DurationAccuracy(mode="llm", llm=llm).ascore(
        user_input="How long was the siege?", response="It held for a year and a half.", reference="18 months"))
    assert r.value == pytest.approx(1.0) and "18 months" in r.reason and llm.calls == 1
    assert '"topic":"How long was the siege?"' in llm.prompts[0]


# --- TemporalConsistency -----------------------------------------------------------------------


def test_consistency_needs_its_channel():
    with pytest.raises(ValueError, match="group_answers="):
        TemporalConsistency()


def test_consistency_per_sample_against_the_others():
    metric = TemporalConsistency(group_answers={"When?": ["In 2008.", "In 2008 and 2009.", "2010"]})
    # own {2008} removed once; others {2008, 2009} (1/2) and {2010} (0): 1/4
    r = run(metric.ascore(user_input="When?", response="In 2008."))
    assert r.value == 0.25
    r = run(metric.ascore(user_input="Other question?", response="In 2008."))
    assert math.isnan(r.value) and "no answers for group 'Other question?'" in r.reason


def test_consistency_from_rows_with_a_group_column_and_the_report():
    rows = [
        {"user_input": "When did Lehman fail?", "response": "In 2008.", "group": "lehman"},
        {"user_input": "Lehman failed in which year?", "response": "It failed in 2008.", "group": "lehman"},
        {"user_input": "What year did Lehman collapse?", "response": "In 2009.", "group": "lehman"},
        {"user_input": "When did Enron fail?", "response": None, "group": "enron"},
        {"user_input": "Enron's collapse?", "response": "In 2001.", "group": "enron"},
    ]
    metric = TemporalConsistency.from_rows(rows, group_by="group")
    # "In 2008." vs {2008} (1) and {2009} (0): 0.5
    assert run(metric.ascore(user_input="When did Lehman fail?", response="In 2008.")).value == 0.5
    report = temporal_consistency_report(rows, group_by="group").set_index("group")
    # lehman pairs: 1, 0, 0 -> 1/3
    assert report.loc["lehman", "temporal_consistency"] == pytest.approx(1 / 3)
    assert report.loc["lehman", "disagreeing_years"] == "2008, 2009"
    assert report.loc["lehman", "n_answers"] == 3
    assert math.isnan(report.loc["enron", "temporal_consistency"])
    assert "1 row(s) without a readable response" in report.loc["enron", "reason"]
    with pytest.raises(ValueError, match="not a column"):
        temporal_consistency_report(rows, group_by="topic")


# --- registry names (score_dataset and the CLI) ---------------------------------------------


@pytest.mark.parametrize(
    "spec, name",
    [
        ("answer_temporal_precision", "answer_temporal_precision"),
        ("temporal_coherence:llm", "temporal_coherence_llm"),
        ("temporal_year_precision@5", "temporal_year_precision_at_5"),
        ("temporal_year_recall_at_3", "temporal_year_recall_at_3"),
        ("temporal_anchor_coverage", "temporal_anchor_coverage"),
        ("temporal_anchor_coverage@3", "temporal_anchor_coverage_at_3"),
        ("event_order_accuracy", "event_order_accuracy"),
        ("duration_accuracy:llm", "duration_accuracy_llm"),
    ],
)
def test_registry_names(spec, name):
    from ragas_temporal.metrics import metric_from_spec

    assert metric_from_spec(spec).name == name


def test_registry_builds_consistency_from_rows_only():
    from ragas_temporal.metrics import metric_from_spec, score_dataset

    with pytest.raises(ValueError, match="from_rows"):
        metric_from_spec("temporal_consistency")
    with pytest.raises(ValueError, match="takes no k"):
        metric_from_spec("temporal_coherence@5")
    rows = [{"user_input": "q", "response": "In 2008."}, {"user_input": "q", "response": "In 2008 and 2010."}]
    frame = score_dataset(rows, [metric_from_spec("temporal_consistency", rows=rows)])
    assert frame["temporal_consistency"].tolist() == [0.5, 0.5]  # Jaccard {2008} vs {2008, 2010}


# --- inside ragas.evaluate ---------------------------------------------------------------------


def test_new_metrics_run_in_ragas_evaluate_offline():
    import warnings

    from ragas import EvaluationDataset, evaluate

    from ragas_temporal.llm.offline import offline_llm

    warnings.filterwarnings("ignore", category=DeprecationWarning)
    rows = [
        {"user_input": "How long did the war that began in 1914 last?", "response": "It lasted four years, from 1914 to 1918.",
         "reference": "4 years", "retrieved_contexts": ["The war ran from 1914 to 1918."]},
        {"user_input": "How long did the war that began in 1914 last?", "response": "It lasted ten years, from 1914 to 1918.",
         "reference": "4 years", "retrieved_contexts": ["The war ran from 1914 to 1918."]},
    ]
    metrics = [
        AnswerTemporalPrecision(),
        TemporalCoherence(),
        TemporalCoherence(mode="llm", llm=offline_llm()),
        DurationAccuracy(),
        TemporalYearRecallAtK(k=1),
        TemporalConsistency.from_rows(rows),
    ]
    result = evaluate(EvaluationDataset.from_list(rows), metrics=metrics, show_progress=False).to_pandas()
    column = {m.name: next(c for c in result.columns if c.startswith(m.name + "(") or c == m.name) for m in metrics}
    # answer years {1914..1918} all inside QFT {1914..1918}? the query names 1914 only: 1 / 5
    assert result[column["answer_temporal_precision"]].tolist() == pytest.approx([0.2, 0.2])
    assert result[column["temporal_coherence"]].tolist() == [1.0, 0.0]
    assert result[column["temporal_coherence_llm"]].tolist() == [1.0, 0.0]
    assert result[column["duration_accuracy"]].tolist() == [1.0, 0.0]  # 10 for 4: 1 - 6/4 clipped
    assert result[column["temporal_year_recall_at_1"]].tolist() == [1.0, 1.0]
    assert result[column["temporal_consistency"]].tolist() == [1.0, 1.0]  # same years in both answers


def test_prompts_are_ragas_prompts_of_the_metric():
    from ragas_temporal.timeline.prompts import StatedDurationPrompt

    assert set(TemporalCoherence(mode="llm").get_prompts()) == {"timeline_claims"}
    assert set(EventOrderAccuracy().get_prompts()) == {"event_locations"}
    metric = DurationAccuracy(mode="llm")
    changed = StatedDurationPrompt()
    changed.instruction = "Only the main duration. " + changed.instruction
    metric.set_prompts(stated_durations=changed)
    llm = _reply({"durations": [{"quote": "q", "amount": 2, "unit": "years"}]})
    metric.llm = llm
    r = run(metric.ascore(user_input="How long?", response="Two years.", reference="2 years"))
    assert r.value == 1.0 and llm.prompts[0].startswith("Only the main duration. ")
