"""The lifecycle lexicon is data: every pair it lists is read by the rules, in both directions."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from ragas_temporal.focus_time import patterns, units
from ragas_temporal.timeline import read_timeline, vocabulary
from ragas_temporal.timeline.lifecycle import LIFECYCLE_PAIRS, PAIRS_OF, closes

LEXICON = json.loads(resources.files("ragas_temporal.timeline").joinpath("lifecycle.json").read_text(encoding="utf-8"))
PAIRS = [(p["kind"], opening, closing) for p in LEXICON["pairs"] for opening in p["opens"] for closing in p["closes"]]


def test_the_issue_pairs_are_in_the_data_file():
    wanted = {
        "founded": "dissolved", "established": "disbanded", "formed": "defunct", "incorporated": "liquidated",
        "opened": "closed", "began": "ended", "started": "finished", "commenced": "completed", "born": "died",
        "joined": "left", "hired": "resigned", "appointed": "retired", "elected": "fired", "enrolled": "graduated",
        "took office": "left office", "built": "demolished", "constructed": "destroyed", "recorded": "released",
        "filmed": "premiered",
    }  # fmt: skip
    for opening, closing in wanted.items():
        assert any(opening in p.opens and closing in p.closes for p in LIFECYCLE_PAIRS), (opening, closing)
    assert len(LIFECYCLE_PAIRS) == len(LEXICON["pairs"])


@pytest.mark.parametrize("kind, opening, closing", PAIRS)
def test_every_pair_of_the_file_is_a_rule(kind, opening, closing):
    contradiction = f"It {opening} in 2000 and {closing} in 1990."
    (found,) = read_timeline(contradiction).contradictions
    assert found.rule == "lifecycle" and found.explanation.endswith(f"({opening} → {closing})")
    assert read_timeline(f"It {opening} in 1990 and {closing} in 2000.").contradictions == ()


def test_a_word_closes_in_every_pair_it_is_in():
    assert [p.kind for p in PAIRS_OF["released"]] == ["production", "custody"] and closes("released")
    assert not closes("born")


def test_one_table_of_units():
    # the extractor, the timeline rules and the durations read one table
    assert patterns.UNIT_WORDS is units.UNIT_WORDS is vocabulary.UNIT_WORDS
    assert vocabulary.UNIT_IN_YEARS is units.UNIT_LENGTHS
    assert {"minute", "hour", "day", "week", "month", "year", "decade", "century"} <= set(units.UNIT_LENGTHS)
    assert units.UNIT_LENGTHS["week"] * 6 == units.UNIT_LENGTHS["day"] * 42  # exact, no residue
