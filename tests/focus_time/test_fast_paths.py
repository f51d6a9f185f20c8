"""The fast forms of the scanner's helpers give exactly what their reference forms give.

Speed-ups (a separator-led trigger regex, lower-cased tense cues) must not change a single
result: each is compared with the straightforward form on random texts built from the words
that matter to it.
"""

from __future__ import annotations

import random

from ragas_temporal.focus_time import context_rules, scanner


def _random_texts(pieces, n, seed):
    rng = random.Random(seed)
    for _ in range(n):
        toks = [rng.choice(pieces) for _ in range(rng.randint(0, 30))]
        yield (" " if rng.random() < 0.7 else "").join(toks)


def test_separator_led_trigger_search_equals_the_lookbehind_regex():
    pieces = ["2019", "12", "3/3/", "'08", "’90s", "q3", "x'mas", "today", "Today", "years", "may", "the",
              "-", "/", ".", ",", "(", "a", "z9", "İ", "é", "1990s", "tonight", "10:30", "5pm", "war", ""]  # fmt: skip
    for text in _random_texts(pieces, 1500, 11):
        low = text.lower()
        expected = [(m.start(), m.group()) for m in scanner.TRIGGER.finditer(low)]
        found = [(m.start(1), m.group(1)) for m in scanner._triggers(low, scanner._TRIGGER_AFTER_SEP, scanner._TRIGGER_AT_0)]
        assert found == expected, text


def _reference_tense(text, start, end):
    """tense() with the original single case-insensitive regex (lookbehinds at every word)."""
    lo = max(0, start - context_rules._TENSE_WINDOW)
    left = text[lo:start]
    cut = max(left.rfind("."), left.rfind("!"), left.rfind("?"), left.rfind("\n"))
    lo = lo + cut + 1 if cut >= 0 else lo
    m = context_rules._SENTENCE_END.search(text, end, end + context_rules._TENSE_WINDOW)
    hi = m.start() if m else min(len(text), end + context_rules._TENSE_WINDOW)
    return context_rules._tense_reference(text, start, end, lo, hi)


def test_lower_cased_tense_cues_equal_the_case_insensitive_regex():
    pieces = ("will won't Shall should going to gonna be been being is are due set scheduled upcoming "
              "expected plans next until till by the end I'll was WERE had did ago last since earlier "
              "previously walked Walked finalized closed opened sealed maybe fled red tilled March in . ! ? \n , "
              "İ said").split(" ")  # fmt: skip
    rng = random.Random(5)
    for text in _random_texts(pieces, 1500, 5):
        if not text:
            continue
        start = rng.randrange(0, len(text))
        end = min(len(text), start + rng.randint(0, 8))
        assert context_rules.tense(text, start, end) == _reference_tense(text, start, end), (text, start, end)
