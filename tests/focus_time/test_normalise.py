"""Value -> years conventions (the benchmark's scoring function and the mention years)."""

import pytest

from ragas_temporal.focus_time.normalise import gold_year_tokens, two_digit_year, value_years, year_span
from ragas_temporal.focus_time.reference import parse_reference_date


@pytest.mark.parametrize(
    "value, tokens",
    [
        ("1998", {1998}), ("1998-03-12", {1998}), ("1998-Q1", {1998}), ("1998-W12", {1998}), ("1998-SU", {1998}),
        ("1998-03-12T10:00", {1998}), ("BC0499", {-499}), ("199", {"D199"}), ("199X", {"D199"}), ("19", {"C19"}),
        ("19XX", {"C19"}), ("PRESENT_REF", set()), ("PAST_REF", set()), ("XXXX-12-25", set()), ("P5Y", set()),
        (None, set()), ("2008/2010", {2008, 2010}),
    ],
)  # fmt: skip
def test_gold_year_tokens_follow_the_data_readme(value, tokens):
    assert gold_year_tokens(value) == tokens


def test_value_years_expands_decades_centuries_and_ranges():
    assert sorted(value_years("199")) == list(range(1990, 2000))
    assert len(value_years("18")) == 100 and min(value_years("18")) == 1800
    assert sorted(value_years("BC0002/0002")) == [-2, -1, 1, 2]  # no year 0


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
