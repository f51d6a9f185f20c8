"""TeCFaP metric arithmetic: small cases computed by hand (in the comments) and every quirk of
compat="reference_code"."""

from __future__ import annotations

import json
import math

import pytest

from ragas_temporal.tecfap import build_probe, load_example, score_by_relation, score_probe, snap_to_candidate
from ragas_temporal.tecfap.scoring import (
    group_consistent_factuality,
    normalize_words,
    normalized_prediction,
    pairwise_agreement,
    soft_accuracy,
)


def rec(relation, pattern_id, direction, key_step, gold, prediction, **extra):
    return dict(relation=relation, pattern_id=pattern_id, direction=direction, key_step=key_step,
                gold=gold, prediction=prediction, **extra)


# --- row level -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "prediction, gold, expected",
    [
        ("Kid A", "kid a", 1.0),
        ("kid b", "kid a", 0.5),  # 1 of 2 words in place
        ("computer ok", "ok computer", 0.0),  # same words, wrong places
        ("a kid", "kid a", 0.5),  # the prediction's leading "a" is an article: "kid" vs "kid a"
        ("The Bends, released in 1995", "the bends", 1.0),  # article dropped both sides, truncated to 1 word
        ("Charles F. Bolden Jr", "charles f. bolden, jr.", 1.0),  # punctuation stripped both sides
        ("Charles Bolden", "charles f. bolden, jr.", 0.25),  # charles|f|bolden|jr vs charles|bolden: 1/4
        ("10.04 Lucid Lynx", "10.04 lucid lynx", 1.0),
        ("1004 lucid lynx", "10.04 lucid lynx", 2 / 3),  # internal periods are kept: 10.04 != 1004
        ("", "kid a", 0.0),
    ],
)
def test_soft_accuracy_paper(prediction, gold, expected):
    assert soft_accuracy(prediction, gold) == pytest.approx(expected)


def test_normalisation_keeps_names_with_commas_and_periods_intact():
    assert normalize_words("Thomas Marshall Hahn, Jr.") == ["thomas", "marshall", "hahn", "jr"]
    assert normalize_words("10.2 Jaguar") == ["10.2", "jaguar"]
    assert normalize_words("the") == ["the"]  # a lone article stays: the gold must keep a word
    assert math.isnan(soft_accuracy("x", "..."))  # a gold with no word cannot be scored


def test_pairwise_agreement_and_group_consistent_factuality():
    assert pairwise_agreement(["x", "x", "y"]) == pytest.approx(1 / 3)  # 1 of C(3,2)=3 pairs
    assert pairwise_agreement(["x", "x", "y", "y"]) == pytest.approx(2 / 6)  # 2 of C(4,2)=6 pairs
    assert group_consistent_factuality(["kid a", "kid a"], [1.0, 1.0]) == 1.0
    assert group_consistent_factuality(["kid a", "kid"], [1.0, 0.5]) == 0.0
    with pytest.raises(ValueError, match="compat must be"):
        pairwise_agreement(["x"], compat="papers")


# --- table, paper mode ------------------------------------------------------------------------


HAND_CASE = [
    # relation 0, forward, patterns p1..p3, groups at key steps 0 (gold "kid a") and 1 ("ok computer")
    rec(0, "p1", "forward", 0, "kid a", "Kid A"),  # 1
    rec(0, "p2", "forward", 0, "kid a", "kid a!"),  # 1
    rec(0, "p3", "forward", 0, "kid a", "kid b"),  # 0.5
    rec(0, "p1", "forward", 1, "ok computer", "OK Computer"),  # 1
    rec(0, "p2", "forward", 1, "ok computer", "the ok computer"),  # 1 (article dropped)
    rec(0, "p3", "forward", 1, "ok computer", "ok computer"),  # 1
    # relation 0, backward, patterns q1, q2, one group at key step 1 (gold "pablo honey")
    rec(0, "q1", "backward", 1, "pablo honey", "Pablo Honey"),  # 1
    rec(0, "q2", "backward", 1, "pablo honey", "the bends"),  # 0
    # relation 1, forward only, patterns r1, r2, one group at key step 0
    rec(1, "r1", "forward", 0, "charles f. bolden, jr.", "Charles F. Bolden Jr"),  # 1
    rec(1, "r2", "forward", 0, "charles f. bolden, jr.", "Charles Bolden"),  # 0.25
]


def test_hand_case_paper():
    t = score_probe(HAND_CASE)
    # forward, relation 0: factuality (1+1+0.5+1+1+1)/6 = 11/12; consistency: group 0 has
    # 1 identical pair of 3 -> 1/3, group 1 all identical -> 1, mean 2/3; consistent factuality:
    # group 0 not identical -> 0, group 1 -> 1, mean 1/2; succ_patt 3/3; succ_objs 2/2;
    # know_cons = consistency over known patterns (all three) = 2/3; unk_cons: none -> vacuous 1.0.
    # forward, relation 1: factuality (1+0.25)/2 = 5/8; consistency 0; consistent factuality 0;
    # succ_patt 1/2 (r1); succ_objs 1; know_cons: group has one known row -> undefined; unk_cons
    # likewise (one unknown row).
    # macro over relations:
    fwd = t["forward"]
    assert fwd["temporal_factuality"] == pytest.approx((11 / 12 + 5 / 8) / 2)
    assert fwd["temporal_consistency"] == pytest.approx((2 / 3 + 0) / 2)
    assert fwd["temporally_consistent_factuality"] == pytest.approx((1 / 2 + 0) / 2)
    assert fwd["succ_patt"] == pytest.approx((1 + 1 / 2) / 2)
    assert fwd["succ_objs"] == 1.0
    assert fwd["know_cons"] == pytest.approx(2 / 3)  # relation 1 undefined, left out
    assert fwd["unk_cons"] == 1.0  # relation 0 vacuous 1.0, relation 1 undefined and left out
    # backward, relation 0 only: factuality 1/2; consistency 0 (1 differing pair); consistent
    # factuality 0; succ_patt 1/2 (q1); succ_objs 1; know_cons / unk_cons: one row each -> NaN
    bwd = t["backward"]
    assert bwd["temporal_factuality"] == 0.5
    assert bwd["temporal_consistency"] == 0.0
    assert bwd["temporally_consistent_factuality"] == 0.0
    assert bwd["succ_patt"] == 0.5 and bwd["succ_objs"] == 1.0
    assert math.isnan(bwd["know_cons"]) and math.isnan(bwd["unk_cons"])
    # average = mean of the two directions
    assert t.loc["temporal_factuality", "average"] == pytest.approx((0.5 + (11 / 12 + 5 / 8) / 2) / 2)
    assert t.loc["temporal_consistency", "average"] == pytest.approx((0 + 1 / 3) / 2)
    assert math.isnan(t.loc["know_cons", "average"])
    # q1 is known but its question has a single known answer: undefined, and the note says so
    # (relation 1 has no backward row at all)
    assert t.loc["know_cons", "note"] == (
        "backward: no question has two answers from known patterns; no row in this direction"
    )
    assert t.loc["unk_cons", "note"] == (
        "backward: no question has two answers from unknown patterns; no row in this direction; "
        "forward: vacuous 1.0: every pattern produced a correct answer at least once (no unknown pattern)"
    )  # forward: relation 0 has no unknown pattern (vacuous), relation 1 (one unknown row per question) left out
    assert t.loc["temporal_factuality", "note"] == ""
    assert t.attrs["n_rows"] == 10 and t.attrs["n_failed"] == 0 and t.attrs["n_relations"] == 2


def test_by_relation_table():
    t = score_by_relation(HAND_CASE)
    assert list(t.index) == [0, 1]
    assert t.loc[0, "temporal_factuality_forward"] == pytest.approx(11 / 12)
    assert t.loc[1, "temporal_factuality_forward"] == pytest.approx(5 / 8)
    assert math.isnan(t.loc[1, "temporal_factuality_backward"])  # relation 1 has no backward row


def test_gold_predictions_score_one_in_paper_mode():
    rows = build_probe(load_example(), split="all")
    table = score_probe([{**r.to_dict(), "prediction": r.gold} for r in rows])
    assert (table[["backward", "forward", "average"]] == 1.0).all().all()
    # with every pattern correct there is no "unknown" pattern: unk_cons is vacuously 1.0, and noted
    assert "vacuous 1.0" in table.loc["unk_cons", "note"] and "no unknown pattern" in table.loc["unk_cons", "note"]
    assert table.loc["temporal_factuality", "note"] == ""


def test_vacuous_unk_cons_is_paper_mode_only():
    # every pattern right: reference_code keeps the script's undefined (-1.0 there, NaN here)
    recs = [rec(0, "p1", "forward", 0, "kid a", "kid a"), rec(0, "p2", "forward", 0, "kid a", "kid a")]
    assert score_probe(recs).loc["unk_cons", "forward"] == 1.0
    assert math.isnan(score_probe(recs, compat="reference_code").loc["unk_cons", "forward"])


def test_repeated_name_groups_are_keyed_by_time_step():
    # "kevin rudd" at steps 1 and 3 asks two different forward questions
    recs = [
        rec(0, "p1", "forward", 1, "julia gillard", "julia gillard"),
        rec(0, "p2", "forward", 1, "julia gillard", "julia gillard"),
        rec(0, "p1", "forward", 3, "tony abbott", "tony abbott"),
        rec(0, "p2", "forward", 3, "tony abbott", "tony abbott"),
    ]
    # keyed by step: two groups, each fully consistent -> 1.0 (keyed by name it would be 2/6)
    assert score_probe(recs).loc["temporal_consistency", "forward"] == 1.0


# --- reference_code mode: each documented quirk ---------------------------------------------


@pytest.mark.parametrize(
    "prediction, gold, paper, reference_code",
    [
        # prediction-only normalisation: the gold keeps its comma and periods
        ("charles f. bolden, jr.", "charles f. bolden, jr.", 1.0, 0.25),  # only "charles" in place (see below)
        # no lower-casing in the reference script
        ("Kid A", "kid a", 1.0, 0.0),
        # a leading lower-case article is dropped from the prediction only
        ("the bends", "the bends", 1.0, 0.0),
        # periods deleted everywhere in the prediction: "10.04" -> "1004"
        ("10.04 lucid lynx", "10.04 lucid lynx", 1.0, 2 / 3),
        # quotes, commas and periods vanish, then truncation to the gold's two words
        ('"kid a", then more.', "kid a", 1.0, 1.0),
    ],
)
def test_reference_code_prediction_only_normalisation(prediction, gold, paper, reference_code):
    assert soft_accuracy(prediction, gold) == pytest.approx(paper)
    assert soft_accuracy(prediction, gold, compat="reference_code") == pytest.approx(reference_code)


def test_reference_code_bolden_by_hand():
    # gold words: charles | f. | bolden, | jr. ; cleaned prediction: charles | f | bolden | jr
    # in place: only "charles" -> 1/4
    assert normalized_prediction("charles f. bolden, jr.", "charles f. bolden, jr.", "reference_code") == "charles f bolden jr"
    assert soft_accuracy("charles f. bolden, jr.", "charles f. bolden, jr.", "reference_code") == 0.25


def test_reference_code_credits_equal_soft_scores_as_consistent():
    recs = [
        rec(0, "p1", "forward", 0, "kid a", "kid b"),  # 0.5
        rec(0, "p2", "forward", 0, "kid a", "kid c"),  # 0.5
    ]
    paper = score_probe(recs)
    ref = score_probe(recs, compat="reference_code")
    # predictions differ: paper consistent factuality 0; equal scores: reference code 0.5
    assert paper.loc["temporally_consistent_factuality", "forward"] == 0.0
    assert ref.loc["temporally_consistent_factuality", "forward"] == 0.5
    # consistency itself compares predictions in both modes: 0 identical pairs of 1
    assert paper.loc["temporal_consistency", "forward"] == ref.loc["temporal_consistency", "forward"] == 0.0


def test_reference_code_single_row_group_counts_as_inconsistent():
    recs = [rec(0, "p1", "backward", 1, "kid a", "kid a"), rec(0, "p1", "backward", 2, "ok computer", "ok computer"),
            rec(0, "p2", "backward", 2, "ok computer", "ok computer")]
    # groups: step 1 one row, step 2 two identical rows
    assert score_probe(recs).loc["temporal_consistency", "backward"] == 1.0  # paper: step 1 left out
    assert score_probe(recs, compat="reference_code").loc["temporal_consistency", "backward"] == 0.5  # (0+1)/2


def test_reference_code_undefined_know_unk_are_nan_not_minus_one():
    recs = [rec(0, "p1", "forward", 0, "kid a", "kid a"), rec(0, "p2", "forward", 0, "kid a", "kid a")]
    t = score_probe(recs, compat="reference_code")
    assert t.loc["know_cons", "forward"] == 1.0
    assert math.isnan(t.loc["unk_cons", "forward"])


def test_reference_code_gold_answers_do_not_score_one_on_the_example():
    rows = build_probe(load_example(), split="test")
    recs = [{**r.to_dict(), "prediction": r.gold} for r in rows]
    # relation 1 (Ubuntu): every gold "NN.NN name name" -> periods deleted -> 2 of 3 words: 2/3
    # relation 2 (NASA): golds with "." or "," lose those words (e.g. "daniel s. goldin" 2/3)
    by_rel = score_by_relation(recs, compat="reference_code")
    assert by_rel.loc[1, "temporal_factuality_forward"] == pytest.approx(2 / 3)
    assert score_probe(recs).loc["temporal_factuality", "average"] == 1.0
    assert score_probe(recs, compat="reference_code").loc["temporal_factuality", "average"] < 1.0


# --- failed rows, duplicates, inputs ---------------------------------------------------------


FAILED = [
    rec(0, "p1", "forward", 0, "kid a", "kid a"),
    rec(0, "p2", "forward", 0, "kid a", "kid a"),
    rec(0, "p3", "forward", 0, "kid a", "", error="TimeoutError"),
]


def test_failed_rows_excluded_by_default():
    with pytest.warns(UserWarning, match="1 failed prediction"):
        t = score_probe(FAILED)
    assert t.loc["temporal_factuality", "forward"] == 1.0  # 2 rows left
    assert t.loc["temporal_consistency", "forward"] == 1.0  # 1 pair, identical
    assert t.attrs["n_failed"] == 1 and t.attrs["n_scored"] == 2


def test_failed_rows_counted_wrong_and_never_consistent():
    with pytest.warns(UserWarning):
        t = score_probe(FAILED, on_error="wrong")
    assert t.loc["temporal_factuality", "forward"] == pytest.approx(2 / 3)  # (1+1+0)/3
    assert t.loc["temporal_consistency", "forward"] == pytest.approx(1 / 3)  # 1 identical pair of 3
    two_failed = [rec(0, "p1", "forward", 0, "kid a", "", error="x"), rec(0, "p2", "forward", 0, "kid a", "", error="y")]
    with pytest.warns(UserWarning):
        assert score_probe(two_failed, on_error="wrong").loc["temporal_consistency", "forward"] == 0.0
    with pytest.raises(ValueError, match="on_error"):
        score_probe(FAILED, on_error="drop")


def test_last_record_of_a_row_wins(tmp_path):
    path = tmp_path / "preds.jsonl"
    lines = [rec(0, "p1", "forward", 0, "kid a", "", error="boom"), rec(0, "p1", "forward", 0, "kid a", "kid a")]
    path.write_text("\n".join(json.dumps(l) for l in lines) + "\n{truncated\n")
    with pytest.warns(UserWarning, match=r"preds.jsonl:3: skipped"):
        t = score_probe(path)
    assert t.loc["temporal_factuality", "forward"] == 1.0 and t.attrs["n_failed"] == 0


def test_invalid_records():
    with pytest.raises(ValueError, match="lacks field"):
        score_probe([{"relation": 0, "pattern_id": "p", "direction": "forward", "key_step": 0, "prediction": "x"}])
    with pytest.raises(ValueError, match="direction must be"):
        score_probe([rec(0, "p", "up", 0, "a", "a")])
    with pytest.raises(ValueError, match="compat must be"):
        score_probe(HAND_CASE, compat="paper_v2")


def test_nan_reason_when_nothing_is_ever_right():
    recs = [rec(0, "p1", "forward", 0, "kid a", "amnesiac"), rec(0, "p2", "forward", 0, "kid a", "amnesiac")]
    t = score_probe(recs)
    assert t.loc["know_cons", "note"].startswith("backward: no row in this direction; forward: no pattern produced")
    assert t.loc["unk_cons", "forward"] == 1.0


def test_empty_input_is_all_nan():
    t = score_probe([])
    assert t[["backward", "forward", "average"]].isna().all().all()
    assert "no prediction" in t.loc["succ_patt", "note"]


# --- closed vocabulary snapping ----------------------------------------------------------------


def test_snap_to_candidate():
    cands = ["john howard", "kevin rudd", "julia gillard", "tony abbott"]
    assert snap_to_candidate("Julia Gillard, of course", cands) == "julia gillard"  # prefix match (soft acc 1)
    assert snap_to_candidate("It was Tony Abbott", cands) == "tony abbott"  # word-bag F1 2*2/(4+2)
    # "julia rudd": soft accuracy 1/2 and bag F1 1/2 against both julia gillard and kevin rudd;
    # on a tie the earlier candidate (time order) wins
    assert snap_to_candidate("Julia Rudd", cands) == "kevin rudd"
    assert snap_to_candidate("Gillard Julia", cands) == "julia gillard"  # soft acc 0 everywhere, bag F1 1
    assert snap_to_candidate("Bob Hawke", cands) is None
    assert snap_to_candidate("the bends", ["pablo honey", "the bends"]) == "the bends"
