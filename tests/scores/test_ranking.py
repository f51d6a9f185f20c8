"""Ranking metrics: hand-computed values (trec_eval conventions), NaN cases and argument validation."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ragas_temporal.scores import Score, jaccard_grades
from ragas_temporal.ranking.formula import (
    average_precision_at_k,
    dcg_at_k,
    ndcg_at_k,
    precision_at_k,
    recall_at_k,
    reciprocal_rank_at_k,
)

LOG2_3 = math.log2(3)

# --- precision_at_k ----------------------------------------------------------------------------


def test_precision_divides_by_k_even_with_fewer_documents() -> None:
    # 2 retrieved, both relevant, k = 5: 2/5 (trec_eval P_5), not 2/2
    score = precision_at_k([1, 1], k=5)
    assert score.value == 0.4
    assert score.reason == "2 of the top 5 documents relevant (ranks 1, 2); only 2 retrieved, P@k divides by k"


def test_precision_values() -> None:
    # [1, 0, 1, 0, 1]: top 3 holds ranks 1 and 3 -> 2/3; top 1 -> 1/1; graded 0.5 counts as relevant
    assert precision_at_k([1, 0, 1, 0, 1], k=3).value == pytest.approx(2 / 3)
    assert precision_at_k([1, 0, 1, 0, 1], k=1) == Score(1.0, "1 of the top 1 documents relevant (rank 1)")
    assert precision_at_k([0.5, 0, 4], k=2).value == 0.5
    assert precision_at_k([True, False], k=2).value == 0.5
    assert precision_at_k(np.array([True, False, True]), k=2).value == 0.5


def test_precision_of_empty_run_is_zero() -> None:
    assert precision_at_k([], k=3) == Score(0.0, "0 of the top 3 documents relevant; only 0 retrieved, P@k divides by k")


# --- recall_at_k -------------------------------------------------------------------------------


def test_recall_values() -> None:
    # [0, 1, 0, 1], n_relevant 3: top 2 holds 1 -> 1/3; top 4 holds 2 -> 2/3
    assert recall_at_k([0, 1, 0, 1], k=2, n_relevant=3) == Score(1 / 3, "1 of 3 relevant documents in the top 2")
    assert recall_at_k([0, 1, 0, 1], k=4, n_relevant=3).value == pytest.approx(2 / 3)
    # all relevant found in the top k: 2/2
    assert recall_at_k([1, 1, 0], k=10, n_relevant=2).value == 1.0


def test_recall_without_relevant_documents_is_nan() -> None:
    score = recall_at_k([0, 0], k=2, n_relevant=0)
    assert score.is_nan
    assert score.reason == "no relevant document exists for this query (n_relevant=0): recall is undefined"


def test_recall_refuses_n_relevant_below_relevant_found() -> None:
    # three relevant entries in the list (one beyond k) cannot come from n_relevant = 2
    with pytest.raises(ValueError, match="relevance contains 3 relevant documents but n_relevant is 2"):
        recall_at_k([1, 1, 0, 1], k=2, n_relevant=2)


# --- reciprocal_rank_at_k ----------------------------------------------------------------------


def test_reciprocal_rank() -> None:
    # first relevant at rank 3 -> 1/3; with k = 2 it is cut off -> 0
    assert reciprocal_rank_at_k([0, 0, 1, 1], k=5) == Score(1 / 3, "first relevant document at rank 3")
    assert reciprocal_rank_at_k([0, 0, 1], k=2) == Score(0.0, "no relevant document in the top 2")
    assert reciprocal_rank_at_k([2], k=1).value == 1.0
    assert reciprocal_rank_at_k([], k=1).value == 0.0


# --- average_precision_at_k --------------------------------------------------------------------


def test_average_precision_hand_computed() -> None:
    # relevant at ranks 1, 3, 6; n_relevant 4; k = 10:
    # P@1 = 1, P@3 = 2/3, P@6 = 3/6 -> (1 + 2/3 + 1/2) / 4 = 13/24
    score = average_precision_at_k([1, 0, 1, 0, 0, 1, 0], k=10, n_relevant=4)
    assert score.value == pytest.approx(13 / 24)
    assert score.reason == "relevant documents at ranks 1, 3, 6 of the top 10; 4 relevant in total"


def test_average_precision_cutoff_drops_later_hits() -> None:
    # same list, k = 3: (1 + 2/3) / 4 = 5/12 (the hit at rank 6 is beyond the cutoff)
    assert average_precision_at_k([1, 0, 1, 0, 0, 1], k=3, n_relevant=4).value == pytest.approx(5 / 12)
    # no hit in the top k: 0
    assert average_precision_at_k([0, 1], k=1, n_relevant=1) == Score(
        0.0, "no relevant document in the top 1; 1 relevant in total"
    )


def test_average_precision_nan_and_validation() -> None:
    assert average_precision_at_k([0], k=1, n_relevant=0).is_nan
    with pytest.raises(ValueError, match="n_relevant must be a non-negative integer, got -1"):
        average_precision_at_k([0], k=1, n_relevant=-1)
    with pytest.raises(ValueError, match="n_relevant must be a non-negative integer, got 1.0"):
        average_precision_at_k([0], k=1, n_relevant=1.0)
    with pytest.raises(ValueError, match="relevance contains 2 relevant documents but n_relevant is 1"):
        average_precision_at_k([1, 1], k=1, n_relevant=1)


# --- dcg_at_k and ndcg_at_k --------------------------------------------------------------------


def test_dcg_linear_and_exponential() -> None:
    # linear: 3/log2(2) + 2/log2(3) + 0/log2(4) = 3 + 2/log2(3)
    assert dcg_at_k([3, 2, 0], k=3) == pytest.approx(3 + 2 / LOG2_3)
    # exponential: (2^3 - 1)/1 + (2^2 - 1)/log2(3) = 7 + 3/log2(3)
    assert dcg_at_k([3, 2, 0], k=3, gain="exponential") == pytest.approx(7 + 3 / LOG2_3)
    # cutoff k = 1: only 3/1
    assert dcg_at_k([3, 2, 0], k=1) == 3.0
    assert dcg_at_k([], k=5) == 0.0


def test_ndcg_seed_focus_time_example() -> None:
    # seed 001: qft {2020, 2021}, dfts [{2020, 2021}, {2019}], k = 2 -> Jaccard grades [4.0, 0.0]
    # DCG = 4/1 + 0 = 4; ideal (same list sorted) = 4 -> NDCG 1.0
    grades = jaccard_grades({2020, 2021}, [{2020, 2021}, {2019}])
    assert grades == [4.0, 0.0]
    assert ndcg_at_k(grades, k=2).value == 1.0


def test_ndcg_focus_time_mode_reordering() -> None:
    # gains [0, 4]: DCG = 4/log2(3); ideal [4, 0]: IDCG = 4 -> 1/log2(3) ≈ 0.6309
    score = ndcg_at_k([0.0, 4.0], k=2)
    assert score.value == pytest.approx(1 / LOG2_3)
    assert score.reason == "DCG@2 2.524 of an ideal 4 (ideal from the retrieved documents)"


def test_ndcg_gold_mode_counts_unretrieved_relevant_documents() -> None:
    # retrieved grades [0, 1]; gold grades [1, 1] (one relevant never retrieved)
    # DCG = 1/log2(3); IDCG = 1 + 1/log2(3) -> (1/log2 3) / (1 + 1/log2 3)
    expected = (1 / LOG2_3) / (1 + 1 / LOG2_3)
    assert ndcg_at_k([0, 1], k=2, ideal_gains=[1, 1]).value == pytest.approx(expected)
    # the same list without ideal_gains only measures ordering: ideal [1, 0] -> (1/log2 3) / 1
    assert ndcg_at_k([0, 1], k=2).value == pytest.approx(1 / LOG2_3)


def test_ndcg_graded_exponential() -> None:
    # gains [1, 3], ideal [3, 1]; exponential: DCG = 1 + 7/log2(3), IDCG = 7 + 1/log2(3)
    value = ndcg_at_k([1, 3], k=2, gain="exponential").value
    assert value == pytest.approx((1 + 7 / LOG2_3) / (7 + 1 / LOG2_3))
    # linear: DCG = 1 + 3/log2(3), IDCG = 3 + 1/log2(3)
    assert ndcg_at_k([1, 3], k=2).value == pytest.approx((1 + 3 / LOG2_3) / (3 + 1 / LOG2_3))


def test_ndcg_ideal_cut_at_k() -> None:
    # ideal_gains [2, 2, 2] with k = 1: IDCG@1 = 2; retrieved [2] -> DCG 2 -> 1.0
    assert ndcg_at_k([2], k=1, ideal_gains=[2, 2, 2]).value == 1.0


def test_ndcg_zero_ideal_is_nan_with_reason() -> None:
    score = ndcg_at_k([0, 0], k=2)
    assert score.is_nan
    assert score.reason == "ideal DCG@2 is 0: no document in the retrieved documents has a positive grade"
    gold = ndcg_at_k([], k=2, ideal_gains=[0])
    assert gold.reason == "ideal DCG@2 is 0: no document in ideal_gains has a positive grade"


def test_ndcg_gains_above_ideal_raise() -> None:
    # retrieved grade 3 but ideal_gains holds only a 1: DCG 3 > IDCG 1, inconsistent inputs
    with pytest.raises(ValueError, match="above the ideal DCG@2"):
        ndcg_at_k([3], k=2, ideal_gains=[1])


def test_invalid_gain_raises() -> None:
    with pytest.raises(ValueError, match="gain must be one of 'linear', 'exponential', got 'log'"):
        ndcg_at_k([1], k=1, gain="log")
    with pytest.raises(ValueError, match="gain must be one of"):
        dcg_at_k([1], k=1, gain="Linear")


def test_exponential_gain_overflow_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="exponential gain 2\\*\\*g - 1 overflows"):
        dcg_at_k([5000.0], k=1, gain="exponential")


# --- shared validation -------------------------------------------------------------------------

# (call, name of the grades argument in messages)
RANKING_CALLS = [
    (lambda rel, k: precision_at_k(rel, k), "relevance"),
    (lambda rel, k: recall_at_k(rel, k, n_relevant=5), "relevance"),
    (lambda rel, k: reciprocal_rank_at_k(rel, k), "relevance"),
    (lambda rel, k: average_precision_at_k(rel, k, n_relevant=5), "relevance"),
    (lambda rel, k: dcg_at_k(rel, k), "gains"),
    (lambda rel, k: ndcg_at_k(rel, k), "gains"),
]


@pytest.mark.parametrize(("call", "_"), RANKING_CALLS)
@pytest.mark.parametrize(
    ("k", "shown"), [(0, "0"), (-3, "-3"), (True, "True"), (2.0, "2.0"), ("5", "'5'"), (None, "None")]
)
def test_k_must_be_a_positive_integer(call, _, k, shown) -> None:
    with pytest.raises(ValueError) as info:
        call([1, 0], k)
    assert str(info.value) == f"k must be a positive integer, got {shown}"


@pytest.mark.parametrize(("call", "_"), RANKING_CALLS)
def test_numpy_integer_k_and_array_relevance_accepted(call, _) -> None:
    result = call(np.array([1.0, 0.0]), np.int64(2))
    assert float(result) > 0


@pytest.mark.parametrize(("call", "name"), RANKING_CALLS)
@pytest.mark.parametrize(
    ("relevance", "problem"),
    [
        ([1, -1], "got -1 at rank 2"),
        ([math.nan], "got nan at rank 1"),
        ([math.inf], "got inf at rank 1"),
        ([1, "2"], "got '2' at rank 2"),
        ([None], "got None at rank 1"),
    ],
)
def test_grades_must_be_finite_non_negative(call, name, relevance, problem) -> None:
    with pytest.raises(ValueError) as info:
        call(relevance, 2)
    assert str(info.value) == f"{name} must contain finite non-negative numbers, {problem}"


def test_ideal_gains_are_validated_too() -> None:
    with pytest.raises(ValueError, match="ideal_gains must contain finite non-negative numbers, got -2 at rank 1"):
        ndcg_at_k([1], k=1, ideal_gains=[-2])


@pytest.mark.parametrize("relevance", [{1, 0}, "10", {"a": 1}, None, 1])
def test_unordered_or_scalar_relevance_is_refused(relevance) -> None:
    with pytest.raises(TypeError, match=r"relevance must be an ordered sequence \(rank 1 first\)"):
        precision_at_k(relevance, 1)
