"""Per-claim verdicts as plain values (issue 19 item 4): the metric method and score_dataset's opt-in column."""

from __future__ import annotations

from ragas.dataset_schema import SingleTurnSample

from ragas_temporal.metrics import TemporalFaithfulness, score_dataset

EINSTEIN = "Albert Einstein (born 14 March 1879) was a German-born theoretical physicist."


def test_the_metric_lists_each_claims_verdict_by_the_date_rules() -> None:
    sample = SingleTurnSample(response="Born in March 1879 (on 20 March 1879), he died in 1955.",
                              retrieved_contexts=[EINSTEIN, "Einstein died in Princeton in 1955."])
    assert TemporalFaithfulness().claim_verdicts(sample) == [
        {"claim": "March 1879", "verdict": "SUPPORTED", "credit": 1.0, "note": ""},
        {"claim": "20 March 1879", "verdict": "NOT_SUPPORTED", "credit": 0.0, "note": "the contexts give 14 March 1879"},
        {"claim": "1955", "verdict": "SUPPORTED", "credit": 1.0, "note": ""},
    ]
    # the year granularity has no claims; a bad column has no verdicts
    assert TemporalFaithfulness(granularity="year").claim_verdicts(sample) is None
    assert TemporalFaithfulness().claim_verdicts(SingleTurnSample(response="", retrieved_contexts=[EINSTEIN])) is None


def test_score_dataset_writes_the_verdicts_column_only_when_asked() -> None:
    rows = [
        {"response": "Einstein was born on 20th March 1879.", "retrieved_contexts": [EINSTEIN]},
        {"response": "No date here.", "retrieved_contexts": [EINSTEIN]},
        {"response": "It was 2008.", "retrieved_contexts": ["In 2008-2010 it fell."], "reference_date": "not a date"},
    ]
    metric = TemporalFaithfulness()
    assert "temporal_faithfulness_verdicts" not in score_dataset(rows, [metric]).columns
    frame = score_dataset(rows, [metric, TemporalFaithfulness(granularity="year")], verdicts=True)
    assert "temporal_faithfulness_year_verdicts" not in frame.columns
    assert frame["temporal_faithfulness_verdicts"].tolist() == [
        [{"claim": "20th March 1879", "verdict": "NOT_SUPPORTED", "credit": 0.0, "note": "the contexts give 14 March 1879"}],
        None,  # no claim
        None,  # a reference date that cannot be read: the row's score is NaN with the reason
    ]
    assert frame["temporal_faithfulness"].tolist()[0] == 0.0


def test_the_verdicts_are_the_date_rules_in_every_mode() -> None:
    # llm and hybrid read only what their judge needs per sample; the verdicts still read the contexts
    from tests.support.fake_llm import ScriptedLLM

    sample = SingleTurnSample(response="Einstein was born on 20 March 1879.", retrieved_contexts=[EINSTEIN])
    expected = [{"claim": "20 March 1879", "verdict": "NOT_SUPPORTED", "credit": 0.0,
                 "note": "the contexts give 14 March 1879"}]
    for mode in ("llm", "hybrid"):
        llm = ScriptedLLM([RuntimeError("no call expected")])
        assert TemporalFaithfulness(mode=mode, llm=llm).claim_verdicts(sample) == expected, mode
        assert llm.calls == 0, mode
