"""API contract of extract_focus_time / extract_many (hand-checked values)."""

import datetime as dt

import pytest

from ragas_temporal import extract_focus_time, extract_many
from ragas_temporal.focus_time.model import MENTION_KINDS


def test_explicit_year_full_date_and_range():
    ft = extract_focus_time("Founded on March 3, 2019; it grew from 2008 to 2010 and in 1995.")
    # March 3, 2019 -> 2019; 2008..2010 expanded -> 2008, 2009, 2010; 1995
    assert sorted(ft.years) == [1995, 2008, 2009, 2010, 2019]
    assert [m.kind for m in ft.mentions] == ["date", "range", "year"]
    assert [m.value for m in ft.mentions] == ["2019-03-03", "2008/2010", "1995"]


def test_spans_match_text_and_kinds_are_known():
    text = "In 2008 and on 2019-03-03, then 1990s."
    for m in extract_focus_time(text).mentions:
        assert text[m.start : m.end] == m.text
        assert m.kind in MENTION_KINDS


@pytest.mark.parametrize("bad", [None, 12, b"2008", ["2008"]])
def test_non_string_text_is_a_type_error(bad):
    with pytest.raises(TypeError, match="expects text as a str"):
        extract_focus_time(bad)


@pytest.mark.parametrize("bad", ["2019-13-01", "03/03/2019", "yesterday", 2019, 3.5])
def test_bad_reference_date_is_a_value_error(bad):
    with pytest.raises(ValueError, match="reference_date"):
        extract_focus_time("last year", reference_date=bad)


@pytest.mark.parametrize("ref", [dt.date(2019, 3, 3), dt.datetime(2019, 3, 3, 23, 59), "2019-03-03"])
def test_reference_date_forms_are_equivalent(ref):
    # last year relative to 2019-03-03 -> 2018
    assert sorted(extract_focus_time("It happened last year.", ref).years) == [2018]


def test_results_are_cached_and_cache_can_be_cleared():
    extract_focus_time.cache_clear()
    a = extract_focus_time("in 2001", "2010-01-01")
    b = extract_focus_time("in 2001", dt.date(2010, 1, 1))
    assert a is b  # same normalised key -> same object
    assert extract_focus_time.cache_info().hits == 1
    extract_focus_time.cache_clear()
    assert extract_focus_time.cache_info().currsize == 0


def test_extract_many_reference_dates_forms():
    texts = ["last year", "next year"]
    # single date for all: 2019 -> 2018 and 2020
    assert [sorted(f.years) for f in extract_many(texts, "2019-06-01")] == [[2018], [2020]]
    # one per text: 2001 -> 2000; 1990 -> 1991
    assert [sorted(f.years) for f in extract_many(texts, ["2001-01-01", dt.date(1990, 1, 1)])] == [[2000], [1991]]
    # none: relative mentions without years
    assert [f.years for f in extract_many(texts)] == [frozenset(), frozenset()]
    with pytest.raises(ValueError, match="one per text"):
        extract_many(texts, ["2001-01-01"])
