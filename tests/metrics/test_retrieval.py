"""Retrieval metrics in focus-time and gold modes: seed examples and hand-computed values."""

from __future__ import annotations

import asyncio
import math

import pytest

from ragas_temporal.metrics import (
    TemporalMAP,
    TemporalMRR,
    TemporalNDCGAtK,
    TemporalPrecisionAtK,
    TemporalRecallAtK,
)


def run(coro):
    return asyncio.run(coro)


# A query about {2008, 2009} and six ranked contexts with their focus times, relevance and
# Jaccard grade 4·|Q∩D|/|Q∪D|:
QUERY = "What happened in 2008 and 2009?"
CONTEXTS = [
    "The Olympic Games were held in London in 2012.",  # {2012}        rel 0  grade 0
    "Lehman Brothers failed in 2008.",  # {2008}                        rel 1  grade 4·1/2 = 2
    "Markets fell in 2008 and recovered in 2009.",  # {2008, 2009}      rel 1  grade 4
    "A new museum opened in 1999.",  # {1999}                           rel 0  grade 0
    "Unemployment peaked in 2009 and 2010.",  # {2009, 2010}            rel 1  grade 4·1/3
    "The 2009 budget raised spending.",  # {2009}                       rel 1  grade 2
]
FT = dict(user_input=QUERY, retrieved_contexts=CONTEXTS)


def test_seed_precision_example():
    # seed 002: QFT {2020, 2021}, DFTs [{2020}, {2019}], k = 2: rel [1, 0] -> 1 / 2
    r = run(TemporalPrecisionAtK(k=2).ascore(
        user_input="What changed in 2020 and 2021?",
        retrieved_contexts=["Offices closed in 2020.", "The merger was signed in 2019."]))
    assert r.value == 0.5


def test_seed_ndcg_example():
    # seed 001: QFT {2020, 2021}, DFTs [{2020, 2021}, {2019}], k = 2: grades [4, 0]
    # DCG = 4/log2(2) + 0 = 4; ideal order is the same: IDCG = 4; NDCG = 1.0
    r = run(TemporalNDCGAtK(k=2).ascore(
        user_input="What changed in 2020 and 2021?",
        retrieved_contexts=["Sales fell in 2020 and recovered in 2021.", "The merger closed in 2019."]))
    assert r.value == 1.0


def test_precision_focus_time():
    # rel top 5 = [0, 1, 1, 0, 1] -> 3 / 5
    r = run(TemporalPrecisionAtK(k=5).ascore(**FT))
    assert r.value == pytest.approx(3 / 5)
    assert r.reason.startswith("query years 2008, 2009:")


def test_precision_divides_by_k_when_fewer_retrieved():
    # 2 contexts, both relevant, k = 5: 2 / 5 (trec_eval P@k)
    r = run(TemporalPrecisionAtK(k=5).ascore(user_input=QUERY, retrieved_contexts=CONTEXTS[1:3]))
    assert r.value == pytest.approx(2 / 5)


def test_recall_focus_time():
    # relevant among all six retrieved: ranks 2, 3, 5, 6 -> 4; in the top 5: 3 -> 3 / 4
    assert run(TemporalRecallAtK(k=5).ascore(**FT)).value == pytest.approx(3 / 4)
    # top 2: only rank 2 -> 1 / 4
    assert run(TemporalRecallAtK(k=2).ascore(**FT)).value == pytest.approx(1 / 4)


def test_mrr_focus_time():
    # first relevant at rank 2 -> 1/2; none in the top 1 -> 0
    assert run(TemporalMRR(k=10).ascore(**FT)).value == pytest.approx(0.5)
    assert run(TemporalMRR(k=1).ascore(**FT)).value == 0.0


def test_map_focus_time():
    # relevant ranks 2, 3, 5, 6 of 4 relevant: (1/2 + 2/3 + 3/5 + 4/6) / 4
    assert run(TemporalMAP(k=10).ascore(**FT)).value == pytest.approx((1 / 2 + 2 / 3 + 3 / 5 + 4 / 6) / 4)
    # cut at 5: (1/2 + 2/3 + 3/5) / 4 (the relevant document at rank 6 still counts in n_relevant)
    assert run(TemporalMAP(k=5).ascore(**FT)).value == pytest.approx((1 / 2 + 2 / 3 + 3 / 5) / 4)


def test_ndcg_focus_time_ideal_from_retrieved_list():
    # gains [0, 2, 4, 0, 4/3, 2]
    # DCG@5  = 0/log2(2) + 2/log2(3) + 4/log2(4) + 0/log2(5) + (4/3)/log2(6)
    # ideal  = [4, 2, 2, 4/3, 0, 0]: IDCG@5 = 4/log2(2) + 2/log2(3) + 2/log2(4) + (4/3)/log2(5) + 0
    log2 = math.log2
    dcg = 2 / log2(3) + 4 / log2(4) + (4 / 3) / log2(6)
    idcg = 4 + 2 / log2(3) + 2 / log2(4) + (4 / 3) / log2(5)
    assert run(TemporalNDCGAtK(k=5).ascore(**FT)).value == pytest.approx(dcg / idcg)  # ≈ 0.5526


def test_ndcg_exponential_gain():
    # seed-like grades [2, 4] (QFT {2008, 2009}: DFT {2008} -> 2, DFT {2008, 2009} -> 4), k = 2
    # DCG = (2^2-1)/1 + (2^4-1)/log2(3) = 3 + 15/log2(3); IDCG = 15 + 3/log2(3)
    r = run(TemporalNDCGAtK(k=2, gain="exponential").ascore(user_input=QUERY, retrieved_contexts=CONTEXTS[1:3]))
    assert r.value == pytest.approx((3 + 15 / math.log2(3)) / (15 + 3 / math.log2(3)))


def test_query_without_temporal_focus_is_nan():
    for cls in (TemporalPrecisionAtK, TemporalRecallAtK, TemporalNDCGAtK, TemporalMRR, TemporalMAP):
        r = run(cls().ascore(user_input="Who founded the company?", retrieved_contexts=CONTEXTS))
        assert math.isnan(r.value), cls
        assert r.reason == "query has no temporal focus"


def test_query_with_an_undated_relative_mention_names_the_fix():
    # "last year" without a reference date has no years: the reason says how to date it
    for cls in (TemporalPrecisionAtK, TemporalRecallAtK, TemporalNDCGAtK, TemporalMRR, TemporalMAP):
        r = run(cls().ascore(user_input="What did the company report last year?", retrieved_contexts=CONTEXTS))
        assert math.isnan(r.value), cls
        assert r.reason == (
            "query has no temporal focus: 'last year' needs a reference date: "
            "pass reference_date=... or a reference_date column"
        ), cls


def test_no_relevant_context_nan_where_undefined_zero_where_defined():
    ctx = ["A museum opened in 1999."]
    assert run(TemporalPrecisionAtK().ascore(user_input=QUERY, retrieved_contexts=ctx)).value == 0.0
    assert run(TemporalMRR().ascore(user_input=QUERY, retrieved_contexts=ctx)).value == 0.0
    for cls in (TemporalRecallAtK, TemporalMAP, TemporalNDCGAtK):
        assert math.isnan(run(cls().ascore(user_input=QUERY, retrieved_contexts=ctx)).value), cls


# gold mode: retrieved d1..d5, gold {d3, d5, d9} (d9 never retrieved); rel = [0, 0, 1, 0, 1]
GOLD = dict(retrieved_context_ids=["d1", "d2", "d3", "d4", "d5"], reference_context_ids=["d3", "d5", "d9"])


def test_gold_mode_hand_values():
    # P@5 = 2/5; R@5 = 2/3 (d9 missed); RR = 1/3; AP = (1/3 + 2/5) / 3
    assert run(TemporalPrecisionAtK(k=5, mode="gold").ascore(**GOLD)).value == pytest.approx(2 / 5)
    assert run(TemporalRecallAtK(k=5, mode="gold").ascore(**GOLD)).value == pytest.approx(2 / 3)
    assert run(TemporalMRR(mode="gold").ascore(**GOLD)).value == pytest.approx(1 / 3)
    assert run(TemporalMAP(mode="gold").ascore(**GOLD)).value == pytest.approx((1 / 3 + 2 / 5) / 3)
    # NDCG@5: DCG = 1/log2(4) + 1/log2(6); the ideal holds all three gold ids:
    # IDCG = 1/log2(2) + 1/log2(3) + 1/log2(4)
    log2 = math.log2
    expected = (1 / log2(4) + 1 / log2(6)) / (1 + 1 / log2(3) + 1 / log2(4))  # ≈ 0.4162
    assert run(TemporalNDCGAtK(k=5, mode="gold").ascore(**GOLD)).value == pytest.approx(expected)


def test_gold_mode_needs_no_text():
    # gold mode reads ids only: no user_input or contexts needed
    r = run(TemporalPrecisionAtK(k=1, mode="gold").ascore(retrieved_context_ids=[7], reference_context_ids=[7]))
    assert r.value == 1.0


def test_gold_mode_empty_gold_is_nan_with_reason():
    r = run(TemporalPrecisionAtK(mode="gold").ascore(retrieved_context_ids=["a"], reference_context_ids=[]))
    assert math.isnan(r.value)
    assert r.reason == "reference_context_ids is empty"
