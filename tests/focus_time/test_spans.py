"""The one reader of TIMEX values: each value's first and last day and unit, worked out by hand
from the conventions in focus_time/spans.py (meteorological seasons, ISO weeks, no year 0)."""

from __future__ import annotations

import pytest

from ragas_temporal.focus_time import TemporalMention, extract_focus_time
from ragas_temporal.focus_time.spans import read_value, year_ends, years_between


@pytest.mark.parametrize(
    "value, first, last, unit",
    [
        ("1879-03-14", (1879, 3, 14), (1879, 3, 14), "day"),
        ("1879-03-14T15:00", (1879, 3, 14), (1879, 3, 14), "day"),  # a time folds into its day
        ("1776-07-04TMO", (1776, 7, 4), (1776, 7, 4), "day"),
        ("1879-03", (1879, 3, 1), (1879, 3, 31), "month"),
        ("1900-02", (1900, 2, 1), (1900, 2, 28), "month"),  # 1900 is not a leap year
        ("2000-02", (2000, 2, 1), (2000, 2, 29), "month"),
        ("2020-Q1", (2020, 1, 1), (2020, 3, 31), "quarter"),
        ("2020-Q3", (2020, 7, 1), (2020, 9, 30), "quarter"),
        ("2020-H2", (2020, 7, 1), (2020, 12, 31), "half"),
        ("1987-SP", (1987, 3, 1), (1987, 5, 31), "season"),
        ("1969-SU", (1969, 6, 1), (1969, 8, 31), "season"),
        ("1989-FA", (1989, 9, 1), (1989, 11, 30), "season"),
        ("1942-WI", (1942, 12, 1), (1943, 2, 28), "season"),  # December 1942 to February 1943
        ("2005-W34", (2005, 8, 22), (2005, 8, 28), "week"),  # ISO: Monday to Sunday
        ("2020-W01", (2019, 12, 30), (2020, 1, 5), "week"),
        ("2008", (2008, 1, 1), (2008, 12, 31), "year"),
        ("BC0753", (-753, 1, 1), (-753, 12, 31), "year"),
        ("199", (1990, 1, 1), (1999, 12, 31), "decade"),
        ("199X", (1990, 1, 1), (1999, 12, 31), "decade"),
        ("18", (1800, 1, 1), (1899, 12, 31), "century"),
        ("19XX", (1900, 1, 1), (1999, 12, 31), "century"),
        ("1", (1000, 1, 1), (1999, 12, 31), "millennium"),
        ("1998-WXX", (1998, 1, 1), (1998, 12, 31), "year"),  # a suffix not read keeps its year
    ],
)  # fmt: skip
def test_a_point_value_is_its_first_and_last_day_at_its_unit(value, first, last, unit) -> None:
    span = read_value(value)
    assert (span.start.first, span.start.last, span.start.unit, span.is_range) == (first, last, unit, False)


@pytest.mark.parametrize("value", [None, "", "PRESENT_REF", "PAST_REF", "XXXX-12-25", "P3Y", "0000", "nonsense"])
def test_values_that_state_no_calendar_time_have_no_span(value) -> None:
    assert read_value(value) is None


def test_a_range_keeps_its_ends_as_written_each_at_its_unit() -> None:
    span = read_value("1990-03-03/1992-06")
    assert span.is_range and span.precision == "range"
    assert span.start == ((1990, 3, 3), (1990, 3, 3), "day")
    assert span.end == ((1992, 6, 1), (1992, 6, 30), "month")
    reversed_range = read_value("1999/1990")  # stays reversed: coherence reports it
    assert (reversed_range.start.first[0], reversed_range.end.first[0]) == (1999, 1990)
    assert (reversed_range.first, reversed_range.last) == ((1990, 1, 1), (1999, 12, 31))


def test_bc_years_and_open_ends() -> None:
    span = read_value("BC0044/0014")
    assert (span.start.first, span.end.last) == ((-44, 1, 1), (14, 12, 31))
    assert read_value("2015/PRESENT_REF").is_open
    assert year_ends(span) == (-44, 14) and years_between(-44, 14) == 57  # no year 0
    assert year_ends(read_value("1944-06/1944-07")) is None  # months state no length in years


def test_the_extractor_names_a_season_s_and_a_reversed_range_s_years() -> None:
    # (was span_year_bounds, a second value -> years reader that only tests used)
    [winter] = extract_focus_time("in winter 1942").mentions
    assert winter.value == "1942-WI" and (min(winter.years), max(winter.years)) == (1942, 1942)
    [reversed_range] = extract_focus_time("between 2010 and 2008").mentions
    assert reversed_range.value == "2010/2008" and (min(reversed_range.years), max(reversed_range.years)) == (2008, 2010)


def test_a_mention_reads_its_span_once_with_open_ends_and_narrowed_decades() -> None:
    [present] = extract_focus_time("He has led it from 2015 to present.", "2024-06-15").mentions
    assert present.value == "2015/2024" and present.span.is_open  # closed at the reference, open in the text
    [late] = extract_focus_time("It peaked in the late 1970s.").mentions
    assert (late.span.start.first, late.span.start.last, late.span.start.unit) == ((1976, 1, 1), (1979, 12, 31), "decade")
    assert TemporalMention(0, 9, "last year", "relative", None).span is None
