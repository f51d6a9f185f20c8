"""Gold-id helpers and LLM verdict aggregation."""

from __future__ import annotations

import pytest

from ragas_temporal.scores import Score
from ragas_temporal.faithfulness.formula import VERDICT_CREDIT, VERDICT_LABELS, claim_verdict_score, normalise_verdict
from ragas_temporal.ranking.gold import gold_grades, gold_ideal_grades, n_relevant_gold
from ragas_temporal.ranking.formula import ndcg_at_k, precision_at_k

# --- gold_grades ------------------------------------------------------------------------------


def test_gold_grades_binary_collection() -> None:
    # gold {d1, d2} (grade 1 each): d3 -> 0, d1 -> 1, d9 -> 0, d2 -> 1
    assert gold_grades(["d3", "d1", "d9", "d2"], {"d1", "d2"}) == [0.0, 1.0, 0.0, 1.0]
    assert gold_grades(("d1",), ["d1"]) == [1.0]
    assert gold_grades([], {"d1"}) == []


def test_gold_grades_graded_mapping() -> None:
    # mapping grades are copied; judged non-relevant (0) and unjudged ids both give 0
    assert gold_grades(["a", "b", "c"], {"a": 0, "b": 3, "x": 2}) == [0.0, 3.0, 0.0]


def test_gold_grades_duplicates_count_once_at_first_rank() -> None:
    # d1 at ranks 1 and 3: the second occurrence gets 0 and keeps its slot (list stays aligned)
    grades = gold_grades(["d1", "d2", "d1"], {"d1": 2, "d2": 1})
    assert grades == [2.0, 1.0, 0.0]
    # so repeating a relevant document cannot raise precision: P@3 = 2/3, not 3/3
    assert precision_at_k(grades, 3).value == pytest.approx(2 / 3)
    # and NDCG stays <= 1 against the gold ideal (no "above the ideal" error)
    assert ndcg_at_k(grades, 3, ideal_gains=gold_ideal_grades({"d1": 2, "d2": 1})).value == 1.0


def test_gold_ids_are_compared_as_text() -> None:
    # issue 25 item 7 changed this: 7 and "7" are one id (CSV/JSON round trips turn one into the
    # other), so 7 at rank 1 is gold "7" and "7" at rank 2 is the same document again
    assert gold_grades([7, "7"], {"7"}) == [1.0, 0.0]


@pytest.mark.parametrize(
    ("gold", "error", "message"),
    [
        (None, TypeError, "gold must be a collection of ids or a mapping id -> grade, got None"),
        ("d1", TypeError, "gold must be a collection of ids or a mapping id -> grade, got str 'd1'"),
        ({"d1": -1}, ValueError, "gold grade of 'd1' must be a finite non-negative number, got -1"),
        ({"d1": float("nan")}, ValueError, "gold grade of 'd1' must be a finite non-negative number, got nan"),
        ({"d1": "2"}, ValueError, "gold grade of 'd1' must be a finite non-negative number, got '2'"),
        ([["d1"]], TypeError, "gold ids must be hashable: unhashable type: 'list'"),
    ],
)
def test_gold_validation(gold, error, message) -> None:
    with pytest.raises(error) as info:
        gold_grades(["d1"], gold)
    assert str(info.value) == message


def test_retrieved_ids_validation() -> None:
    with pytest.raises(TypeError, match=r"retrieved_ids must be an ordered sequence \(rank 1 first\), got set"):
        gold_grades({"d1"}, {"d1"})
    with pytest.raises(TypeError, match=r"retrieved_ids must hold hashable ids, got \['x'\] at rank 2"):
        gold_grades(["d1", ["x"]], {"d1"})


def test_n_relevant_and_ideal_grades() -> None:
    # grades 2, 0, 1: two relevant; ideal = all grades sorted descending
    gold = {"d1": 2, "d2": 0, "d3": 1}
    assert n_relevant_gold(gold) == 2
    assert gold_ideal_grades(gold) == [2.0, 1.0, 0.0]
    assert n_relevant_gold(["a", "b", "a"]) == 2
    assert n_relevant_gold([]) == 0
    assert gold_ideal_grades(set()) == []


# --- claim_verdict_score -------------------------------------------------------------------------


def test_verdict_labels_and_credit() -> None:
    assert VERDICT_LABELS == ("SUPPORTED", "PARTIALLY_SUPPORTED", "NOT_SUPPORTED", "CONTRADICTED")
    assert dict(VERDICT_CREDIT) == {
        "SUPPORTED": 1.0,
        "PARTIALLY_SUPPORTED": 0.5,
        "NOT_SUPPORTED": 0.0,
        "CONTRADICTED": 0.0,
    }
    with pytest.raises(TypeError):
        VERDICT_CREDIT["SUPPORTED"] = 0.0  # read-only


def test_claim_verdict_score_values() -> None:
    # 2 supported + 1 partial + 1 not supported: (2 + 0.5) / 4 = 0.625
    score = claim_verdict_score(["SUPPORTED", "supported", "PARTIALLY_SUPPORTED", "NOT_SUPPORTED"])
    assert score == Score(0.625, "4 temporal claims: 2 supported, 1 partially supported, 1 not supported")
    # one contradicted claim: 0/1
    assert claim_verdict_score(["CONTRADICTED"]) == Score(0.0, "1 temporal claim: 1 contradicted")
    # only partials: 0.5 each -> 0.5
    assert claim_verdict_score(["Partially Supported", " partially-supported "]).value == 0.5


def test_claim_verdict_score_without_claims_is_nan() -> None:
    score = claim_verdict_score([])
    assert score.is_nan and score.reason == "answer makes no temporal claim"


def test_unknown_label_is_named() -> None:
    with pytest.raises(ValueError) as info:
        claim_verdict_score(["SUPPORTED", "MAYBE"])
    assert str(info.value) == (
        "unknown verdict label 'MAYBE'; expected one of SUPPORTED, PARTIALLY_SUPPORTED, NOT_SUPPORTED, CONTRADICTED"
    )


def test_label_type_errors() -> None:
    with pytest.raises(TypeError, match="verdict labels must be strings, got 1"):
        claim_verdict_score([1])
    with pytest.raises(TypeError, match="labels must be an ordered sequence"):
        claim_verdict_score("SUPPORTED")  # a bare string would be iterated letter by letter
    assert normalise_verdict("  not supported\n") == "NOT_SUPPORTED"


def test_verdict_spelling_is_the_one_rule_for_labels() -> None:
    from ragas_temporal.faithfulness.formula import verdict_spelling

    assert verdict_spelling(" partially-supported ") == "PARTIALLY_SUPPORTED"
    assert verdict_spelling("not  supported") == "NOT_SUPPORTED"
    assert verdict_spelling("maybe") == "MAYBE"  # spelled, not judged: normalise_verdict rejects it
    with pytest.raises(ValueError, match="unknown verdict label 'maybe'"):
        normalise_verdict("maybe")
