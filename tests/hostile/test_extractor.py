"""`extract_focus_time` on hostile text: a TypeError for what is not text, else a FocusTime, in
bounded time and memory (35,000 fuzzed texts are in tests/focus_time/test_properties.py)."""

from __future__ import annotations

import time

import pytest

from ragas_temporal import extract_focus_time, extract_many


@pytest.mark.parametrize("value", [None, 2008, b"in 2008", ["in 2008"], 20.08])
def test_non_text_is_a_type_error_naming_the_type(value):
    with pytest.raises(TypeError, match=f"expects text as a str, got {type(value).__name__}"):
        extract_focus_time(value)


@pytest.mark.parametrize("text, years", [
    ("in 2008 \ud800", {2008}),                       # a lone surrogate is just a character here
    ("\x00in\x002008\x00", {2008}),                    # NUL bytes separate words
    ("in\u20282008\u2029and\u00852009", {2008, 2009}),  # Unicode line breaks are white space
    ("\u202ein 2008", {2008}),                         # a bidi override does not hide the year
    # full-width digits are read as ASCII digits, as digits of every script are, and 年 makes it a
    # year (issue 27: years next to CJK characters; before it the glued 年 hid the year)
    ("２００８年", {2008}),
])
def test_odd_characters(text, years):
    assert set(extract_focus_time(text).years) == years


@pytest.mark.parametrize("text", [
    "2008 " * 200_000,                # a million characters of years
    "(" * 100_000 + "2008" + ")" * 100_000,
    "from " * 50_000 + "2008",
    "between 1990 and " * 20_000,
])
def test_long_adversarial_text_is_bounded(text):
    # CPU time of this thread, not wall time: a busy machine must not fail a linear scan (about 7 s
    # here for the worst text), while a quadratic one would take minutes
    started = time.thread_time()
    result = extract_focus_time(text)
    assert time.thread_time() - started < 20
    assert len(result.years) <= 10_000


def test_a_bad_reference_date_is_a_value_error():
    with pytest.raises(ValueError, match="reference_date must be an ISO date 'YYYY-MM-DD'"):
        extract_focus_time("last year", reference_date="yesterday")


def test_extract_many_keeps_every_text():
    texts = ["in 2008", "", "\ud800", "no date"]
    assert [sorted(ft.years) for ft in extract_many(texts)] == [[2008], [], [], []]
