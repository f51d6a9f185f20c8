"""TemporalFaithfulness and AnswerTemporalRecall: seed examples and hand-computed values."""

from __future__ import annotations

import asyncio
import math

from ragas.dataset_schema import SingleTurnSample

from ragas_temporal.metrics import AnswerTemporalRecall, TemporalFaithfulness

SEED_CONTEXTS = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]


def run(coro):
    return asyncio.run(coro)


def test_seed_faithfulness_grounded_answer_is_one():
    # AFT {2008, 2009}; DFT {2008} ∪ {2009} = {2008, 2009}; |AFT ∩ ∪DFT| / |AFT| = 2 / 2
    r = run(TemporalFaithfulness().ascore(
        response="The crisis occurred in 2008 and continued into 2009.", retrieved_contexts=SEED_CONTEXTS))
    assert r.value == 1.0


def test_seed_faithfulness_hallucinated_answer_is_zero_with_reason():
    # AFT {2007, 2010}; ∪DFT {2008, 2009}; intersection empty: 0 / 2
    r = run(TemporalFaithfulness().ascore(
        response="The crisis started in 2007 and ended in 2010.", retrieved_contexts=SEED_CONTEXTS))
    assert r.value == 0.0
    assert r.reason == "answer years 2007, 2010 not found in the retrieved contexts"


def test_partially_grounded_answer():
    # AFT {2008, 2011}; ∪DFT {2008, 2009}: 1 / 2
    r = run(TemporalFaithfulness().ascore(
        response="It began in 2008 and ended in 2011.", retrieved_contexts=SEED_CONTEXTS))
    assert r.value == 0.5
    assert "2011" in r.reason and "2008" not in r.reason


def test_single_turn_path_returns_the_float():
    sample = SingleTurnSample(response="It began in 2008.", retrieved_contexts=SEED_CONTEXTS)
    assert TemporalFaithfulness().single_turn_score(sample) == 1.0


def test_no_temporal_claim_is_nan_with_reason():
    r = run(TemporalFaithfulness().ascore(response="The crisis was severe.", retrieved_contexts=SEED_CONTEXTS))
    assert math.isnan(r.value)
    assert r.reason == "answer makes no temporal claim"


def test_bce_years_in_reason(recording_extractor):
    # AFT {-45, -44}; DFT {-44}: 1 / 2, the unsupported year printed as "45 BC"
    r = run(TemporalFaithfulness().ascore(
        response="Caesar died in 45 BC or 44 BC.", retrieved_contexts=["Caesar was killed in 44 BC."]))
    assert r.value == 0.5
    assert r.reason == "answer year 45 BC not found in the retrieved contexts"


def test_answer_temporal_recall_hand_values():
    # QFT {2008, 2009}; AFT {2008}: |AFT ∩ QFT| / |QFT| = 1 / 2
    m = AnswerTemporalRecall()
    r = run(m.ascore(user_input="What happened in 2008 and 2009?", response="Banks failed in 2008."))
    assert r.value == 0.5
    assert "2009" in r.reason
    # QFT {2008}; AFT {2008, 2010}: 1 / 1
    assert run(m.ascore(user_input="What happened in 2008?", response="In 2008 and 2010.")).value == 1.0
    # no query focus: NaN
    r = run(m.ascore(user_input="What happened?", response="In 2008."))
    assert math.isnan(r.value) and r.reason == "query has no temporal focus"
