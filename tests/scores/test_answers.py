"""Answer-side companions: event-order tau (checked against scipy), duration accuracy, consistency."""

from __future__ import annotations

import math
import random

import pytest

from ragas_temporal.scores import Score
from ragas_temporal.timeline.formula import duration_accuracy, event_order_tau, kendall_tau_b
from ragas_temporal.consistency.formula import temporal_consistency

# --- kendall_tau_b / event_order_tau ------------------------------------------------------------


def test_event_order_identical_and_reversed() -> None:
    # same order: all C(4,2) = 6 pairs concordant -> 6/6 = 1; reversed: all discordant -> -1
    gold = ["treaty", "war", "armistice", "peace"]
    assert event_order_tau(gold, gold).value == 1.0
    reversed_score = event_order_tau(list(reversed(gold)), gold)
    assert reversed_score == Score(-1.0, "Kendall tau-b over 4 shared events: 0 concordant, 6 discordant pairs")


def test_event_order_one_swap() -> None:
    # gold a<b<c<d, predicted a<c<b<d: only pair (b, c) discordant -> (5 - 1) / 6 = 2/3
    score = event_order_tau(["a", "c", "b", "d"], ["a", "b", "c", "d"])
    assert score.value == pytest.approx(2 / 3)


def test_event_order_only_shared_events_count_and_missing_are_named() -> None:
    # shared {a, b, c}; predicted c before b -> pairs (a,b)+, (a,c)+, (b,c)- -> (2 - 1)/3 = 1/3
    score = event_order_tau(["a", "x", "c", "b"], ["a", "b", "c", "d"])
    assert score.value == pytest.approx(1 / 3)
    assert score.reason == (
        "Kendall tau-b over 3 shared events: 2 concordant, 1 discordant pairs; not in the prediction: d"
    )


def test_event_order_with_times_and_ties() -> None:
    # predicted times: a=2001, b=2001, c=2005 (a, b tied); gold order a < b < c
    # pairs: (a,b) tied in prediction, (a,c)+, (b,c)+ -> C=2, D=0, P=3, Tx=0, Ty=1
    # tau_b = 2 / sqrt(3 * 2) = 0.8165
    score = event_order_tau({"a": 2001, "b": 2001, "c": 2005}, ["a", "b", "c"])
    assert score.value == pytest.approx(2 / math.sqrt(6))
    assert score.reason == "Kendall tau-b over 3 shared events: 2 concordant, 0 discordant pairs, 1 tied"


def test_event_order_undefined_cases() -> None:
    # one shared event: no pair to compare
    score = event_order_tau(["a", "z"], ["a", "b"])
    assert score.is_nan
    assert score.reason == (
        "fewer than 2 events appear in both orders (1 shared): ordering is undefined; not in the prediction: b"
    )
    assert event_order_tau([], []).is_nan
    # every shared event at the same predicted time: tau-b's denominator is 0
    tied = event_order_tau({"a": 1990, "b": 1990}, ["a", "b"])
    assert tied.is_nan and tied.reason == "all 2 shared events are tied in the predicted order: ordering is undefined"


def test_event_order_bad_input() -> None:
    with pytest.raises(ValueError, match="event 'a' appears twice in predicted_order"):
        event_order_tau(["a", "b", "a"], ["a", "b"])
    with pytest.raises(TypeError, match="gold_order must be an ordered sequence"):
        event_order_tau(["a"], {"a", "b"})
    with pytest.raises(TypeError, match="event times must be comparable"):
        event_order_tau({"a": 1990, "b": "later"}, ["a", "b"])
    with pytest.raises(ValueError, match="predicted_order gives NaN as the time of event 'b'"):
        event_order_tau({"a": 1990, "b": math.nan}, ["a", "b"])


def test_kendall_tau_b_matches_scipy_with_ties() -> None:
    scipy_stats = pytest.importorskip("scipy.stats", reason="scipy is only used to check the implementation")
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(2, 12)
        x = [rng.randint(0, 4) for _ in range(n)]  # small range: many ties
        y = [rng.randint(0, 4) for _ in range(n)]
        expected = scipy_stats.kendalltau(x, y, variant="b").statistic
        ours = kendall_tau_b(x, y)
        if math.isnan(expected):
            assert math.isnan(ours)
        else:
            assert ours == pytest.approx(expected, abs=1e-12)


def test_event_order_tau_matches_scipy_on_permutations() -> None:
    scipy_stats = pytest.importorskip("scipy.stats", reason="scipy is only used to check the implementation")
    rng = random.Random(11)
    events = [f"e{i}" for i in range(10)]
    for _ in range(200):
        predicted = rng.sample(events, rng.randint(2, 10))
        shared = [e for e in events if e in predicted]
        expected = scipy_stats.kendalltau(
            [events.index(e) for e in shared], [predicted.index(e) for e in shared]
        ).statistic
        assert event_order_tau(predicted, events).value == pytest.approx(expected, abs=1e-12)


def test_kendall_tau_b_length_mismatch() -> None:
    with pytest.raises(ValueError, match="x and y must have the same length, got 2 and 3"):
        kendall_tau_b([1, 2], [1, 2, 3])
    assert math.isnan(kendall_tau_b([1], [1]))


# --- duration_accuracy -----------------------------------------------------------------------------


def test_duration_accuracy_values() -> None:
    # gold 10, predicted 8: 1 - 2/10 = 0.8; predicted 15: 1 - 5/10 = 0.5
    assert duration_accuracy(8, 10) == Score(0.8, "predicted 8 years for a gold duration of 10 years: off by 2")
    assert duration_accuracy(15, 10).value == 0.5
    # error equal to or above the gold duration: floor at 0
    assert duration_accuracy(20, 10).value == 0.0
    assert duration_accuracy(35, 10).value == 0.0
    assert duration_accuracy(0, 10).value == 0.0
    assert duration_accuracy(10, 10) == Score(1.0, "predicted 10 years for a gold duration of 10 years: exact")


def test_duration_accuracy_tolerance() -> None:
    # within tolerance: 1
    assert duration_accuracy(11, 10, tolerance=1).value == 1.0
    assert duration_accuracy(11, 10, tolerance=1).reason == (
        "predicted 11 years for a gold duration of 10 years: off by 1 (within the tolerance of 1)"
    )
    # beyond: error 4, tolerance 1 -> 1 - (4 - 1)/10 = 0.7
    assert duration_accuracy(14, 10, tolerance=1).value == pytest.approx(0.7)
    # fractional years
    assert duration_accuracy(2.5, 2.0, tolerance=0.25).value == pytest.approx(1 - 0.25 / 2.0)


def test_duration_accuracy_zero_gold() -> None:
    # gold 0 years: exact or within tolerance -> 1, anything else -> 0
    assert duration_accuracy(0, 0).value == 1.0
    assert duration_accuracy(0.5, 0, tolerance=1).value == 1.0
    score = duration_accuracy(2, 0)
    assert score.value == 0.0
    assert "zero gold duration" in score.reason


@pytest.mark.parametrize(
    ("args", "name"),
    [
        ((-1, 10), "predicted_years"),
        ((1, math.nan), "gold_years"),
        ((1, 10, -0.5), "tolerance"),
        ((True, 10), "predicted_years"),
        (("5", 10), "predicted_years"),
        ((1, math.inf), "gold_years"),
    ],
)
def test_duration_accuracy_validation(args, name) -> None:
    with pytest.raises(ValueError, match=f"{name} must be a finite non-negative number of years, got "):
        duration_accuracy(*args)


# --- temporal_consistency --------------------------------------------------------------------------


def test_temporal_consistency_values() -> None:
    # {2008} vs {2008, 2009}: 1/2; {2008} vs {2008}: 1; {2008, 2009} vs {2008}: 1/2 -> mean 2/3
    score = temporal_consistency([{2008}, {2008, 2009}, {2008}])
    assert score.value == pytest.approx(2 / 3)
    assert score.reason == (
        "mean Jaccard over 3 pairs of 3 answers; years in every answer: 2008; in only some: 2009"
    )
    # identical answers: 1; disjoint answers: 0
    assert temporal_consistency([[2008, 2009], (2009, 2008)]).value == 1.0
    assert temporal_consistency([{2008}, {2010}]) == Score(
        0.0, "mean Jaccard over 1 pair of 2 answers; no year in every answer; in only some: 2008, 2010"
    )


def test_temporal_consistency_answers_without_years() -> None:
    # {2008}, {}, {}: pairs ({2008},{}) 0, ({2008},{}) 0, ({},{}) 1 (both silent agree) -> 1/3
    assert temporal_consistency([{2008}, set(), set()]).value == pytest.approx(1 / 3)
    # nobody mentions a year: undefined
    score = temporal_consistency([set(), set()])
    assert score.is_nan and score.reason == "none of the 2 answers makes a temporal claim"


def test_temporal_consistency_needs_two_answers() -> None:
    score = temporal_consistency([{2008}])
    assert score.is_nan and score.reason == "consistency needs at least 2 answers, got 1"
    assert temporal_consistency([]).is_nan
    with pytest.raises(TypeError, match=r"answers_years\[1\] must be an iterable of integer years, got None"):
        temporal_consistency([{2008}, None])
