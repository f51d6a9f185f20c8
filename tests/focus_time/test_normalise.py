"""Value -> years conventions: the years of a mention's value, two-digit years, reference dates."""

import pytest

from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.focus_time.normalise import two_digit_year, year_span
from ragas_temporal.focus_time.reference import parse_reference_date


def _only_mention(text: str):
    [mention] = extract_focus_time(text).mentions
    return mention


def test_a_mention_s_years_expand_decades_centuries_and_ranges():
    # the years the extractor gives a mention of each value (the one reader: no separate value -> years)
    decade, century, bc_range = _only_mention("in the 1990s"), _only_mention("in the 1800s"), _only_mention("from 2 BC to AD 2")
    assert decade.value == "199" and sorted(decade.years) == list(range(1990, 2000))
    assert century.value == "18" and len(century.years) == 100 and min(century.years) == 1800
    assert bc_range.value == "BC0002/0002" and sorted(bc_range.years) == [-2, -1, 1, 2]  # no year 0


def test_year_span_is_inclusive_and_order_free():
    assert sorted(year_span(2010, 2008)) == [2008, 2009, 2010]


def test_two_digit_year():
    assert two_digit_year(30) == 2030 and two_digit_year(31) == 1931
    assert two_digit_year(99, reference_year=2019) == 1999  # window 1930..2029
    assert two_digit_year(29, reference_year=2019) == 2029


def test_parse_reference_date_rejects_junk():
    with pytest.raises(ValueError, match="ISO date"):
        parse_reference_date("March 3, 2019")
    with pytest.raises(ValueError, match="datetime.date"):
        parse_reference_date(20190303)


def test_parse_reference_date_reads_an_iso_datetime_string_as_its_date():
    # the metrics' channels accept "2024-06-01T12:00:00"; the extractor now reads them the same way
    assert parse_reference_date("2024-06-01T12:00:00") == parse_reference_date("2024-06-01")
    with pytest.raises(ValueError, match="is not a valid date"):
        parse_reference_date("2024-06-01T25:00:00")
    with pytest.raises(ValueError, match="context_dates"):
        parse_reference_date("June 1st", "context_dates")
