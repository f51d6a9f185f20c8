"""A year followed by "to <amount>" is not a count range ("in 2023 to 4.1 billion euros")."""

import pytest

from ragas_temporal import extract_focus_time


@pytest.mark.parametrize(
    "text, years",
    [
        # the second number is a decimal / far smaller amount: the first is a year, then an amount
        ("Revenue rose 12% in 2023 to 4.1 billion euros.", [2023]),
        ("Sales grew in 2023 to 5 million units.", [2023]),
        # a real count range of comparable numbers stays a count
        ("Between 2000 and 3000 people came.", []),
        ("From 2000 to 3000 workers joined.", []),
        # a year range is still a range
        ("Sales rose from 1990 to 1995.", [1990, 1991, 1992, 1993, 1994, 1995]),
    ],
)
def test_second_number_must_be_comparable_to_make_a_count_range(text, years):
    assert sorted(extract_focus_time(text).years) == years


@pytest.mark.parametrize(
    "text, years",
    [
        # an apostrophe year before a second number: no crash; "'12-15" is 2012 (nothing counted
        # follows), "in '12 to 15 people" counts people (12 and 15 are comparable, "people" follows)
        ("'12-15", [2012]),
        ("in '12 to 15 people", []),
    ],
)
def test_apostrophe_year_before_a_second_number(text, years):
    assert sorted(extract_focus_time(text).years) == years
