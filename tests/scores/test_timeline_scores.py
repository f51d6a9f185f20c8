"""The new answer-side scores, with expected values computed by hand from their definitions."""

from __future__ import annotations

import math

import pytest

from ragas_temporal.scores import anchor_coverage, answer_temporal_precision
from ragas_temporal.consistency.formula import consistency_with_others
from ragas_temporal.timeline.formula import duration_accuracy, event_order_accuracy, timeline_coherence


def test_answer_temporal_precision_by_hand():
    # "What happened in 2008?" answered with 2007 and 2010 events: 0 of 2 on focus
    assert answer_temporal_precision({2007, 2010}, {2008}).value == 0.0
    # 3 answer years, 2 asked: 2/3
    assert answer_temporal_precision({2008, 2009, 2012}, {2008, 2009, 2010}).value == pytest.approx(2 / 3)
    assert answer_temporal_precision({2008}, {2008, 2009}).reason == "every answer year (2008) is in the query focus"
    assert answer_temporal_precision(set(), {2008}).reason == "answer makes no temporal claim"
    assert answer_temporal_precision({2008}, set()).reason == "query has no temporal focus"


def test_anchor_coverage_counts_periods_not_years():
    decade = set(range(2010, 2020))
    # "compare the 2010s with 2020": 2 anchors; one year of the decade covers it -> 2/2
    assert anchor_coverage([decade, {2020}], {2015, 2020}).value == 1.0
    # "compare 2010, 2015 and 2020" answered about 2015: 1/3
    s = anchor_coverage([{2010}, {2015}, {2020}], {2015})
    assert s.value == pytest.approx(1 / 3)
    assert s.reason == "covers 1 of 3 query anchors; not covered: 2010; 2020"
    assert math.isnan(anchor_coverage([], {2015}).value)
    with pytest.raises(ValueError, match="at least one year"):
        anchor_coverage([set()], {2015})


def test_event_order_accuracy_rescales_tau():
    gold = ["a", "b", "c", "d"]
    assert event_order_accuracy(["a", "b", "c", "d"], gold).value == 1.0
    assert event_order_accuracy(["d", "c", "b", "a"], gold).value == 0.0
    # one swap among 4: C=5, D=1 -> tau = 4/6 -> (4/6 + 1)/2 = 5/6
    assert event_order_accuracy(["a", "c", "b", "d"], gold).value == pytest.approx(5 / 6)
    nan = event_order_accuracy({"a": 1990}, gold)
    assert math.isnan(nan.value) and nan.reason == "found 1 of 4 gold events (not found: b, c, d): fewer than 2 to order"
    tied = event_order_accuracy({"a": 1990, "b": 1990}, gold)
    assert math.isnan(tied.value) and "tied in the predicted order" in tied.reason


def test_duration_accuracy_in_the_gold_unit():
    # gold 18 months, answer 2 years = 24 months: 1 - 6/18 = 2/3
    s = duration_accuracy(24, 18, unit="months")
    assert s.value == pytest.approx(2 / 3) and "24 months" in s.reason and "18 months" in s.reason
    # clipped at 0: 40 years for a 10-year war
    assert duration_accuracy(40, 10).value == 0.0
    with pytest.raises(ValueError, match="unit"):
        duration_accuracy(1, 1, unit="")


def test_consistency_with_others_by_hand():
    # {2008} vs {2008, 2009} (1/2) and {2010} (0): mean 1/4
    s = consistency_with_others({2008}, [{2008, 2009}, {2010}])
    assert s.value == 0.25
    assert s.reason == "mean Jaccard with 2 other answers; not in every other answer: 2008; only in others: 2009, 2010"
    assert consistency_with_others(set(), [set()]).reason == "neither this answer nor the 1 other(s) state a year"
    assert math.isnan(consistency_with_others({2008}, []).value)
    # no year here, years elsewhere: disagreement, 0
    assert consistency_with_others(set(), [{2008}]).value == 0.0


def test_timeline_coherence_counts_each_claim_once():
    # claims 0-1 and 1-2 clash: 3 distinct claims of 5 -> 1 - 3/5
    s = timeline_coherence(5, [((0, 1), "x"), ((1, 2), "y")])
    assert s.value == pytest.approx(0.4) and s.reason == "3 of 5 dated claims contradict another: x; y"
