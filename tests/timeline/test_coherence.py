"""Coherence rules: each one, what it must not flag, and how claims are counted."""

from __future__ import annotations

import math

import pytest

from ragas_temporal.scores import timeline_coherence
from ragas_temporal.timeline import read_timeline


def score(text: str):
    return timeline_coherence(*read_timeline(text).evidence())


@pytest.mark.parametrize(
    "text, rule",
    [
        ("The war lasted from 2010 to 2005.", "reversed_range"),
        ("It ran between 1999 and 1990.", "reversed_range"),
        ("She was born in 1950 and died in 1940.", "lifecycle"),
        ("The treaty in 2005 followed the war in 2008.", "order"),
        ("The reform of 2012 preceded the crisis of 2009.", "order"),
        ("The firm was founded in 1990 and was 40 years old in 2010.", "age"),
        ("The war lasted ten years, from 1914 to 1918.", "duration"),
    ],
)
def test_each_rule_finds_its_contradiction(text, rule):
    timeline = read_timeline(text)
    assert [c.rule for c in timeline.contradictions] == [rule]
    # every claim of these one-sentence answers is part of the contradiction: 0 by hand
    assert score(text).value == 0.0


@pytest.mark.parametrize(
    "text",
    [
        "The crisis began in 2008 and ended in 2010.",
        "In 2005 the firm grew, and after the 2008 crash it shrank.",  # clause break: no relation
        "The war lasted four years, from 1914 to 1918.",
        "The firm was founded in 1990 and was 20 years old in 2010.",
        "The firm was founded in 1990 and was 21 years old in 2010.",  # within one year
        "Einstein was born in 1879 in Ulm. He died in 1955.",
        "The treaty in 2008 followed the war in 2005.",
    ],
)
def test_coherent_timelines_score_one(text):
    s = score(text)
    assert s.value == 1.0, s.reason


def test_one_contradiction_among_more_claims():
    text = "Ada was born in 1815. She died in 1810. Her notes appeared in 1843 and in 1845."
    # 4 dated claims (1815, 1810, 1843, 1845); the birth/death pair clashes: 1 - 2/4
    s = score(text)
    assert s.value == 0.5
    assert s.reason == "2 of 4 dated claims contradict another: 'died in 1810' is before 'born in 1815' (born → died)"


def test_fewer_than_two_dated_claims_is_nan():
    s = score("It happened in 2008.")
    assert math.isnan(s.value) and s.reason == "fewer than 2 dated claims (1): nothing to compare"
    assert math.isnan(score("No dates at all.").value)


def test_reason_of_an_age_contradiction_shows_the_arithmetic():
    (c,) = read_timeline("The firm was founded in 1990 and was 40 years old in 2010.").contradictions
    assert c.explanation == "'40 years old' in 2010, but 2010 - 1990 is 20 years (age since founded)"
    assert c.claims == (0, 1, 2)


def test_relative_times_count_once_a_reference_date_places_them():
    import datetime as dt

    text = "It was founded in 2020. It closed last year."
    assert len(read_timeline(text).claims) == 1
    assert len(read_timeline(text, dt.date(2024, 1, 1)).claims) == 2


def test_coherence_score_validates_its_evidence():
    with pytest.raises(ValueError, match="at least two distinct claims"):
        timeline_coherence(3, [((0, 0), "self")])
    with pytest.raises(ValueError, match="in 0..2"):
        timeline_coherence(3, [((0, 5), "out of range")])
    with pytest.raises(ValueError, match="non-negative integer"):
        timeline_coherence(-1, [])


def test_hostile_text_is_bounded():
    text = "He was born in 1950 and died in 1940. " * 3000
    timeline = read_timeline(text)
    assert len(timeline.claims) == 6000 and len(timeline.contradictions) == 3000
