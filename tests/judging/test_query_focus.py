"""Rule-based temporal focus of a query (pure; LLM fallback is tested in test_judge.py)."""

from __future__ import annotations

import typing as t

import pytest

from ragas_temporal.ranking.prompts import FOCUS_FOR_JUDGE
from ragas_temporal.ranking.focus_prompt import TemporalFocusLabel
from ragas_temporal.ranking.query_focus import (
    FOCUS_PRECEDENCE,
    TEMPORAL_FOCUS_LABELS,
    classify_temporal_focus_by_rules,
    focus_cues_found,
)


@pytest.mark.parametrize(
    "query, expected",
    [
        ("When was the Eiffel Tower built?", "specific_time"),
        ("In what year did Apollo 11 land?", "specific_time"),
        ("Which decade saw the rise of disco?", "specific_time"),
        ("What is the latest version of Python?", "recency"),
        ("Who is currently the CEO of Airbus?", "recency"),
        ("What are the most recent findings on dark matter?", "recency"),
        ("How long did the Hundred Years' War last?", "duration"),
        ("How many years did Mandela spend in prison?", "duration"),
        ("How has the price of oil changed over the years?", "trend"),
        ("What is the trend in global literacy?", "trend"),
        ("Who ruled England before Elizabeth I?", "before_after"),
        ("What happened after the fall of Rome?", "before_after"),
        ("Which came first, the telephone or the light bulb?", "before_after"),
        # several kinds: the fixed precedence decides (duration > trend > before_after > recency > specific_time)
        ("How long after the war was the treaty signed?", "duration"),
        ("When did prices rise after 2008?", "before_after"),
        ("What is the latest trend in fashion?", "trend"),
        # no cue phrase, but an explicit time: specific_time
        ("Who won the 2010 World Cup?", "specific_time"),
        ("What did the company report in March 2019?", "specific_time"),
    ],
)
def test_rules(query, expected):
    assert classify_temporal_focus_by_rules(query) == expected


@pytest.mark.parametrize("query", ["Who wrote Hamlet?", "What is the capital of Peru?", "Explain photosynthesis."])
def test_rules_cannot_tell_without_cue_or_time(query):
    assert classify_temporal_focus_by_rules(query) is None


def test_cue_words_are_word_bounded():
    # "nowhere" holds "now", "aftermath" holds "after", "whence" holds "when": none is a cue
    assert focus_cues_found("The aftermath reached nowhere whence it came") == {}


def test_time_mention_can_be_given_or_computed():
    assert classify_temporal_focus_by_rules("Who won the cup?", has_time_mention=True) == "specific_time"
    assert classify_temporal_focus_by_rules("Who won the 2010 cup?", has_time_mention=False) is None
    assert classify_temporal_focus_by_rules("Who won?", has_time_mention=lambda q: q.endswith("?")) == "specific_time"


def test_labels_and_precedence_are_consistent():
    assert set(FOCUS_PRECEDENCE) | {"none"} == set(TEMPORAL_FOCUS_LABELS)
    with pytest.raises(TypeError, match="query must be a string"):
        classify_temporal_focus_by_rules(None)


def test_prompt_labels_are_the_rule_labels():
    # prompts may not import the rules module, so the focus prompt keeps its own Literal; it must
    # list the rules' labels in the same order, and the relevance judge takes those plus "infer"
    assert t.get_args(TemporalFocusLabel) == TEMPORAL_FOCUS_LABELS
    assert FOCUS_FOR_JUDGE == (*TEMPORAL_FOCUS_LABELS, "infer")
