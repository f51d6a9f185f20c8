"""Issue 34: the quarter and half forms of earnings calls and financial news get their TIMEX
values ("Q3 FY21", "3Q21", "the third fiscal quarter", "the first half of 2021", "1H21", "the
year-ago quarter"), the unknown parts left unknown, and the same letters in other uses ("H1-B",
"1H NMR", a match's second half) stay no date.

Every sentence is new (not the issue's or the brief's); the values follow by hand from TIMEX3: a
quarter ``YYYY-Qn``, a half ``YYYY-Hn`` (H1 = January-June), ``XXXX`` for a year the text does not
tie, a fiscal quarter as that quarter of its fiscal year's number (as "fiscal 2021" is 2021).
"""

from __future__ import annotations

import datetime as dt

import pytest

from ragas_temporal.focus_time.extract import scan
from ragas_temporal.focus_time.spans import Yearless, read_value, read_yearless
from ragas_temporal.timeline import read_timeline
from tests.support.readings import values


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a quarter code with a fiscal year: that quarter of the fiscal year's number
        ("Margins widened in Q2 fiscal 2019.", [("Q2 fiscal 2019", "2019-Q2")]),
        ("Bookings for Q4 FY2018 beat the plan.", [("Q4 FY2018", "2018-Q4")]),
        ("Bookings for Q1 FY19 beat the plan.", [("Q1 FY19", "2019-Q1")]),
        ("Capex peaked in Q2 of fiscal year 2017.", [("Q2 of fiscal year 2017", "2017-Q2")]),
        ("Capex peaked in fiscal Q3 2016.", [("fiscal Q3 2016", "2016-Q3")]),
        # a two-digit year after an apostrophe (it was read as no year before)
        ("Orders in Q1'18 doubled.", [("Q1'18", "2018-Q1")]),
        # the code written number first (two digits right after it only about results: "1Q84" is a novel)
        ("Revenue fell in 2Q19.", [("2Q19", "2019-Q2")]),
        ("Churn fell in 3Q 2018.", [("3Q 2018", "2018-Q3")]),
        ("Churn fell in 4Q'17.", [("4Q'17", "2017-Q4")]),
        ("Churn fell in 1Q FY20.", [("1Q FY20", "2020-Q1")]),
        # fiscal quarters in words, no year tied
        ("Shipments slowed in fiscal Q2.", [("fiscal Q2", "XXXX-Q2")]),
        ("Shipments slowed in the second fiscal quarter.", [("the second fiscal quarter", "XXXX-Q2")]),
        ("Shipments slowed in the fiscal fourth quarter.", [("the fiscal fourth quarter", "XXXX-Q4")]),
        ("Shipments slowed in the fourth quarter of fiscal year 2016.", [("the fourth quarter of fiscal year 2016", "2016-Q4")]),
        # halves with a year
        ("Rents rose in the second half of 2017.", [("the second half of 2017", "2017-H2")]),
        ("Rents rose in the first half of fiscal 2015.", [("the first half of fiscal 2015", "2015-H1")]),
        ("second-half 2016 volumes were flat", [("second-half 2016", "2016-H2")]),
        ("Rents rose in H2 2019.", [("H2 2019", "2019-H2")]),
        ("Rents rose in H1 FY18.", [("H1 FY18", "2018-H1")]),
        ("Sales rose in 2H18.", [("2H18", "2018-H2")]),
        ("Rents rose in 1H 2016.", [("1H 2016", "2016-H1")]),
        # halves without a year
        ("Rents rose in the latter half of the year.", [("the latter half of the year", "XXXX-H2")]),
        ("The chain expects second-half sales to recover.", [("second-half", "XXXX-H2")]),
        ("H2 revenue beat the forecast.", [("H2", "XXXX-H2")]),
        ("2H earnings beat the forecast.", [("2H", "XXXX-H2")]),
        # a bare number-first quarter code: as a bare "Q3", before a results word or in a results sentence
        ("3Q deliveries rose.", [("3Q", "XXXX-Q3")]),
        ("Operating margin in 1Q was the best in years.", [("1Q", "XXXX-Q1")]),
    ],
)
def test_quarter_and_half_forms_of_financial_reports(text: str, expected: list) -> None:
    assert values(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "The law firm filed an H1-B petition for the engineer.",  # a visa type
        "The H2 heading of the page was too long.",  # a heading tag, no results word after it
        "The 1H NMR spectrum confirmed the structure.",  # chemistry
        "The hosts led at the break but collapsed in the second half.",  # a match's half
        "Hearts were the better side in the first half and scored twice.",
        "His first-half performance drew praise from the manager.",  # a match's, although "performance" follows
        "Half of the annual sales came from Asia.",  # "half of" is no date without "the first/second"
        "the first half of the 20th century",  # a half of a century is not read as a half of a year
        "Vettel made it into Q3 and then 2Q.",  # no results word: a session
        "Murakami wrote 1Q84 in Tokyo.",  # a title: two digits after the letter need a results word
    ],
)
def test_the_same_letters_in_other_uses_are_no_quarter_or_half(text: str) -> None:
    assert not any(v and ("-H" in v or "-Q" in v) for _, v in values(text))


def test_half_of_a_years_sales_is_only_the_year() -> None:
    assert values("Half of 2019's sales came from Asia.") == [("2019", "2019")]


def test_a_half_or_quarter_without_a_year_takes_the_year_the_text_ties() -> None:
    # a year earlier in the same sentence ties it (TimeML), as it ties "the third quarter"
    assert values("In 2014 sales fell in the second half of the year.") == [
        ("2014", "2014"), ("the second half of the year", "2014-H2")]
    # another sentence's year does not
    assert values("Sales fell in 2014. Second-half profit recovered.")[-1] == ("Second-half", "XXXX-H2")
    # a year named from the moment of writing, with nothing to count from: that relative year, as
    # "last year" alone was read (no value of the relative scheme names a half of it)
    assert values("Costs rose in the first half of last year.") == [("the first half of last year", "UNDEF-this-year-MINUS-1")]
    assert values("Costs rose in the second half of the previous year.") == [
        ("the second half of the previous year", "UNDEF-REF-year-MINUS-1")]
    # a reference date does: "this year", "last year"
    ref = dt.date(2023, 10, 2)
    assert values("Costs rose in the first half of last year.", ref) == [("the first half of last year", "2022-H1")]
    assert values("Costs rose in the second half of this year.", ref) == [("the second half of this year", "2023-H2")]


@pytest.mark.parametrize(
    "text",
    ["Margins beat the year-earlier quarter.", "Margins beat the previous-year quarter.",
     "Margins beat the same quarter a year ago.", "Margins beat the same quarter of the prior year."],
)
def test_the_year_ago_quarter_has_one_value_without_a_date(text: str) -> None:
    # four quarters before the quarter the text counts from: HeidelTime's UNDEF-REF value
    (mention,) = scan(text)
    assert (mention.kind, mention.value, mention.relative) == ("anaphoric", "UNDEF-REF-quarter-MINUS-4", (False, "quarter", -4))


def test_the_year_ago_quarter_is_the_reported_quarter_a_year_before() -> None:
    # the quarter the text reports on (TimeBank's reading of "a year earlier" in a quarterly report)
    assert values("Revenue in 2Q17 topped the prior-year quarter.") == [
        ("2Q17", "2017-Q2"), ("the prior-year quarter", "2016-Q2")]
    # no quarter named: the reference date's quarter a year before, as "the same quarter" counts from it
    assert values("Revenue topped the year-ago quarter.", dt.date(2022, 8, 15)) == [
        ("the year-ago quarter", "2021-Q3")]


def test_halves_are_read_as_six_months() -> None:
    assert read_yearless("XXXX-H2") == Yearless("half", code=2)
    assert read_yearless("XXXX-H1").months == (1, 2, 3, 4, 5, 6)
    assert read_yearless("XXXX-H2").months == (7, 8, 9, 10, 11, 12)
    assert read_yearless("XXXX-H3") is None
    span = read_value("2017-H2")
    assert (span.start.first, span.start.last, span.start.unit) == ((2017, 7, 1), (2017, 12, 31), "half")
    # no span without a year: nothing orders it on a timeline
    assert read_value("XXXX-H1") is None


def test_halves_without_a_year_are_never_ordered_across_years() -> None:
    text = "Sales recovered in the second half of the year, after they fell in the first half of the year."
    assert read_timeline(text).claims == ()
