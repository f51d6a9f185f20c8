"""The fast forms of the scanner's helpers give exactly what their reference forms give.

Speed-ups (a separator-led trigger regex, lower-cased tense cues) must not change a single
result: each is compared with the straightforward form on random texts built from the words
that matter to it.
"""

from __future__ import annotations

import random

import pytest

from ragas_temporal.focus_time import context_rules, regex_analysis, scanner
from ragas_temporal.focus_time.normalise import ascii_digits


def _random_texts(pieces, n, seed, glued=0.3):
    """Random texts of ``pieces`` joined by spaces, or (a share ``glued`` of them) by nothing."""
    rng = random.Random(seed)
    for _ in range(n):
        toks = [rng.choice(pieces) for _ in range(rng.randint(0, 30))]
        yield ("" if rng.random() < glued else " ").join(toks)


def test_separator_led_trigger_search_equals_the_lookbehind_regex():
    pieces = ["2019", "12", "3/3/", "'08", "’90s", "q3", "x'mas", "today", "Today", "years", "may", "the",
              "-", "/", ".", ",", "(", "a", "z9", "İ", "é", "1990s", "tonight", "10:30", "5pm", "war", "",
              # digits of other scripts, and characters no trigger starts with (the search's lookahead)
              "٢٠٠٨", "٣", "#today", "@user", "gone", "kid", "up", "zoo", "_"]  # fmt: skip
    for text in _random_texts(pieces, 1500, 11):
        low = text.lower()
        expected = [(m.start(), m.group()) for m in scanner.TRIGGER.finditer(low)]
        assert scanner._triggers(low, *scanner._plain_triggers()) == expected, text
        if len(low) == len(text):  # (else the original text is searched ignoring case)
            assert scanner._find_triggers(text)[1] == expected, text
        # the split search (digits and marks by regex, words by set), on ASCII digits as scan gives them
        ascii_low = ascii_digits(low)
        expected = [(m.start(), m.group()) for m in scanner.TRIGGER.finditer(ascii_low)]
        assert scanner._fast_triggers(ascii_low) == expected, text


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
              "İ said fell Fell held began be held sat").split(" ")  # fmt: skip
    rng = random.Random(5)
    for text in _random_texts(pieces, 1500, 5):
        if not text:
            continue
        start = rng.randrange(0, len(text))
        end = min(len(text), start + rng.randint(0, 8))
        assert context_rules.tense(text, start, end) == _reference_tense(text, start, end), (text, start, end)


def test_followers_are_read_from_the_rules():
    # what a rule can have after a word and whitespace: "the following year", "from 2008",
    # "in March", "in the 1990s", "in 476" (in_year, issue 20); nothing follows prose words
    followers = scanner.FOLLOWERS
    assert followers is not None
    assert {"f", "0"} <= followers["the"]
    assert "0" in followers["from"] and "0" in followers["between"]
    assert {"m", "t", "0"} <= followers["in"] and "0" not in followers["on"]
    assert "y" in followers["following"]
    assert not {"company", "beach", "said"} & followers.keys()


def test_prefix_search_is_skipped_only_when_no_rule_has_the_word_before_the_trigger():
    # "in 2008": no rule has "in" then a digit, so only the trigger is tried; "from 2008 to 2010"
    # and "the following year" must still be found from their first word
    assert [m.group() for _, m in scanner.iter_matches("It opened in 2008.")] == ["2008"]
    assert [m.group() for _, m in scanner.iter_matches("It ran from 2008 to 2010.")] == ["from 2008 to 2010"]
    assert [m.group() for _, m in scanner.iter_matches("They met in the 1990s.")] == ["the 1990s"]
    assert [m.group() for _, m in scanner.iter_matches("He left the following year.")] == ["the following year"]


def test_two_word_signatures_of_a_rule():
    # "the" + "following"/"next", or "the" + a digit ("#"); a rule that may end after its first
    # word is tried whatever follows ("*")
    assert regex_analysis.word_signatures(r"(?i:the\s+(?:following|next)\s+year|the\s+\d{4})") == frozenset(
        {("the", "following"), ("the", "next"), ("the", "#")}
    )
    assert regex_analysis.word_signatures(r"(?:(?i:in)\s+)?(?i:spring)") == frozenset({("in", "spring"), ("spring", "*")})


def test_fast_scan_equals_full_scan_with_prose_around_triggers():
    # prose words that no rule contains sit between prefix words and triggers: the shortcuts
    # (skipping prefix positions, two-word dispatch) must find exactly what the full scan finds
    pieces = [r.example for r in scanner.RULES] + [
        "company", "said", "beach", "Beach", "the", "The", "a", "in", "of", "on", "at", "for", "from", "last",
        "next", "this", "that", "early", "mid-", "between", "AD", "a.d.", "St.", "World", "Great", "eid al-Fitr",
        "Eid al-Adha 2019", "2019", "1990s", "'90s", "May", "may", "March", "year", "years ago", "day", "\n",
        "\u00a0", "  ", ",", ".", "-", "(", "é", "İ", "3", "12th", "war", "the following", "later",
    ]  # fmt: skip
    # (pieces glued without spaces, "ayears ago", can form a match with no trigger at a word
    # start, which the trigger-based scanner never finds: a known limit, older than these shortcuts)
    for text in _random_texts(pieces, 800, 3, glued=0.0):
        fast = [(name, m.span()) for name, m in scanner.iter_matches(text)]
        full = [(name, m.span()) for name, m in scanner.iter_matches_reference(text)]
        assert fast == full, text


def test_digit_shapes_of_rules():
    # a bare year is four digits and may end there (or go on with a possessive "s": "1983s film",
    # or a citation's letter: "2019a"); an ISO date is four digits then "-"
    rules = {r.name: r for r in scanner.RULES}
    assert regex_analysis.digit_shapes(rules["bare_year"].pattern) == frozenset({(4, "*"), *((4, c) for c in "sabcde")})
    assert regex_analysis.digit_shapes(rules["iso_date"].pattern) == frozenset({(4, "-")})
    assert (2, ":") in regex_analysis.digit_shapes(rules["clock_hhmm"].pattern)


def test_fast_scan_equals_full_scan_on_numbers_next_to_anything():
    # digits followed by every kind of character: the digit-shape dispatch must not lose a match
    pieces = ["2008", "2008,", "2008.", "12:30", "3rd", "1990s", "2008-10", "44 BC", "1400 UTC", "9am", "10.30pm",
              "3/3/2019", "2019/03/03", "2019-03-03", "15 May", "May 15", "3 years ago", "1,000 years ago",
              "٣", "2019\u00a0March", "2019İ", "99%", "$1999", "No. 2045", "12th", "the", "from", "to", "and", "-",
              "–", "'", "’", ".", ",", "(", "12", "123", "12345", "000000000", "AD", "BC", "s", "\n"]  # fmt: skip
    for text in _random_texts(pieces, 800, 8, glued=0.0):
        fast = [(name, m.span()) for name, m in scanner.iter_matches(text)]
        full = [(name, m.span()) for name, m in scanner.iter_matches_reference(text)]
        assert fast == full, text


def test_without_followers_every_prefix_position_is_tried(monkeypatch):
    # if the rules could not be read (FOLLOWERS None) the shortcut is off, and the scan still
    # equals the full one
    monkeypatch.setattr(scanner, "FOLLOWERS", None)
    for text in ["It ran from 2008 to 2010.", "It opened in 2008.", "He left the following year.", "said 2008 the 1990s"]:
        fast = [(name, m.span()) for name, m in scanner.iter_matches(text)]
        full = [(name, m.span()) for name, m in scanner.iter_matches_reference(text)]
        assert fast == full, text


def test_trigger_positions_needs_a_str():
    assert scanner.trigger_positions("") == []
    with pytest.raises(TypeError, match="expects text as a str"):
        scanner.trigger_positions(None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a date before the URL: the URL spans are never needed
        ("On 3 May 2019 see http://t.co/2019", ["3 May 2019"]),
        # "http" that is not a URL comes first: spans are computed, none applies, later dates count
        ("httpd 2.4 shipped in 2019, docs at www.a.com/2008 and in 2020", ["2019", "2020"]),
        # dates after a URL, and digits inside it that are not dates
        ("http://t.co/3x2019 posted today and in 2021", ["today", "2021"]),
        # a year right before a URL, and one inside it: only the first
        ("since 2019 http://x.co/03/2020", ["2019"]),
    ],
)
def test_url_spans_are_found_only_when_needed_and_still_respected(text, expected):
    fast = [m.group() for _, m in scanner.iter_matches(text)]
    assert fast == expected
    assert fast == [m.group() for _, m in scanner.iter_matches_reference(text)]


def test_fast_scan_equals_full_scan_on_cjk_text_glued_or_spaced():
    # CJK text has no spaces: dates start after a letter ("于1939年") and end before one
    # ("1914年开始"); counts ("1500人") and longer digit runs ("12019年") give nothing either way
    pieces = ["于", "从", "到", "至", "年", "月", "日", "년", "월", "일", "代", "대", "부터", "까지", "人", "名", "명",
              "成立", "に", "は", "1949", "1949年", "10月", "1日", "1948년", "8월", "15일", "1990年代", "1914年到1918年",
              "1950년부터 1953년", "1500", "12019年", "3", "12", "—", "-", "，", "。", " ", "May", "2019", "the", "in",
              "AD", "x"]  # fmt: skip
    # (no apostrophe: "'1949" is found by the full scan only, in English too: an older limit)
    for text in _random_texts(pieces, 800, 27, glued=0.7):
        fast = [(name, m.span()) for name, m in scanner.iter_matches(text)]
        full = [(name, m.span()) for name, m in scanner.iter_matches_reference(text)]
        assert fast == full, text


def test_year_by_tense_equals_tensed_year_and_asks_the_tense_only_when_it_can_move_the_year():
    from ragas_temporal.focus_time.interpret.calendar_math import tensed_year, year_by_tense
    from ragas_temporal.focus_time.interpret.core import Anchor

    days = (None, 1, 15, 28, 31)
    for base in [Anchor(2010)] + [Anchor(2010, m, d) for m in (1, 3, 12) for d in days]:
        for month in range(1, 13):
            for day in days:
                moves = {when: tensed_year(base, month, day, when) for when in ("past", "future")}
                asked = []
                for when in ("past", "future", None):
                    got = year_by_tense(base, month, day, lambda when=when: asked.append(when) or when)
                    assert got == tensed_year(base, month, day, when), (base, month, day, when)
                if moves == {"past": 2010, "future": 2010}:
                    assert asked == [], (base, month, day)  # no tense could move it: never read


def test_only_tokens_opening_like_a_number_can_be_number_or_volume_tokens():
    rng = random.Random(5)
    alphabet = "0123456789+()-.:a٣ ,"
    for _ in range(5000):
        token = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 6)))
        if context_rules._NUMBER_TOKEN.fullmatch(token) or context_rules._VOLUME.fullmatch(token):
            assert context_rules._opens_like_a_number(token), token
