"""The fast scanner finds exactly what the full rule alternation finds, and every rule is reachable."""

from __future__ import annotations

import random

import pytest

from ragas_temporal.focus_time import patterns
from ragas_temporal.focus_time.regex_analysis import first_chars
from ragas_temporal.focus_time.scanner import iter_matches, iter_matches_reference


def full_scan(text):
    return [(name, m.span()) for name, m in iter_matches_reference(text)]


def fast_scan(text):
    return [(name, m.span()) for name, m in iter_matches(text)]


@pytest.mark.parametrize("rule", patterns.RULES, ids=lambda r: r.name)
def test_every_rule_example_is_found_by_that_rule(rule):
    text = f"Note: {rule.example}; end."
    found = fast_scan(text)
    start = text.index(rule.example)
    assert (rule.name, (start, start + len(rule.example))) in found
    assert found == full_scan(text)


SENTENCES = [
    "The First Persian Gulf War ended; the day before yesterday it rained.",
    "A couple of years ago, between 1990 and 1995, in the near future, at present.",
    "Friday the 13th, this past Friday night, every Monday, the same day, the year before.",
    "On Sunday, March 3, 2019 at 10:30 pm UTC, and 1400 GMT, then 9am tmrw.",
    "FY2021/22, fiscal year 2019, Q3 '08, the 3rd of June, St. Patrick's Day, Good Friday.",
    "He was in his 30s in the '90s; mid-1700s; 5th century BC; AD 14-37; 500-450 BC.",
    "Chinese New Year, Guy Fawkes Night, New Year's Eve 2020, the twenty-first century.",
    # a match may not start in a URL, and what follows the URL is read ("May")
    "see www.a.com/x/03 May early, and www.a.com/2019/03 May too",
]


@pytest.mark.parametrize("text", SENTENCES)
def test_fast_scan_equals_full_scan_on_hand_written_sentences(text):
    assert fast_scan(text) == full_scan(text)


def test_fast_scan_equals_full_scan_on_random_mixtures():
    # random texts built from rule examples, prefix words and noise: same matches either way
    rng = random.Random(7)
    pieces = [r.example for r in patterns.RULES] + [
        "the", "from", "last", "in", "of", "early", "said", "Room", "$", "people", "-", "/", "'", ",", ".",
        "2019", "12", "May", "march", "may", "Sat", "x", "\n", "İ", "http://t.co/3x2019", "www.a.com/2019/03",
        "a", "an", "on", "at", "by", "this", "that", "next", "the past", "between 1990 and", "AD",
    ]  # fmt: skip
    for _ in range(600):
        text = " ".join(rng.choice(pieces) for _ in range(rng.randint(1, 25)))
        assert fast_scan(text) == full_scan(text), text


def test_first_chars_of_optional_prefix_and_case_insensitive_words():
    assert first_chars(r"(?:(?i:the)\s+)?\d") == frozenset("0123456789Tt")
    assert first_chars(r"[^a]b") is None  # may start with almost anything
