"""Issue 34: dates written without a year get TIMEX values with the unknown parts left unknown, a
year only where the text ties one to them, and relative dates without a reference date a value
that is the same for the same meaning."""

from __future__ import annotations

import datetime as dt

import pytest

from ragas_temporal.focus_time.extract import scan
from ragas_temporal.focus_time.spans import (
    Yearless,
    read_relative,
    read_value,
    read_yearless,
)
from ragas_temporal.focus_time.words_alone import clock_time, written_relative
from tests.support.readings import values


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The shop reopens on July 19.", [("July 19", "XXXX-07-19")]),
        ("the ferry sails on 2 august.", [("2 august", "XXXX-08-02")]),
        ("the vote came in January.", [("in January", "XXXX-01")]),
        ("Q3 earnings fell.", [("Q3", "XXXX-Q3")]),
        ("in the third quarter", [("the third quarter", "XXXX-Q3")]),
        ("its fourth-quarter loss", [("fourth-quarter", "XXXX-Q4")]),
        ("the June quarter", [("the June quarter", "XXXX-Q2")]),
        ("in the winter", [("in the winter", "XXXX-WI")]),
        ("The talks ended on Thursday.", [("on Thursday", "XXXX-WXX-4")]),
        ("she flew home on Sunday", [("on Sunday", "XXXX-WXX-7")]),
        ("over Christmas", [("over Christmas", "XXXX-12-25")]),
        ("the fair closes over the weekend", [("the weekend", "XXXX-WXX-WE")]),
        # lower-cased summaries: a verb-form month with a day after a dating word or an article
        ("the board met on march 12 .", [("march 12", "XXXX-03-12")]),
        ("a may 9 letter", [("may 9", "XXXX-05-09")]),
        ("the race runs until 21 march .", [("21 march", "XXXX-03-21")]),
        # "by 21 march": "by" and a number are not a short year before a day's month, verb forms included
        ("the bids are due by 14 march .", [("14 march", "XXXX-03-14")]),
        ("repairs should end by 3 may.", [("3 may", "XXXX-05-03")]),
    ],
)
def test_a_date_without_a_year_keeps_the_year_unknown(text: str, expected: list) -> None:
    assert values(text) == expected
    assert all(not m.years for m in scan(text))


def test_by_and_three_digits_before_a_verb_month_stay_a_year_in_a_dated_passage() -> None:
    # a day has one or two digits: "by 410 march" in a passage dated before AD 1000 keeps its year
    assert values("Rome fell in 476 AD; by 410 march had begun.")[-1] == ("by 410", "0410")


def test_yearless_values_are_read_as_what_they_state() -> None:
    assert read_yearless("XXXX-07-19") == Yearless("day", 7, 19)
    assert read_yearless("XXXX-01").months == (1,)
    assert read_yearless("XXXX-Q3").months == (7, 8, 9)
    assert read_yearless("XXXX-WI").months == (12, 1, 2)
    assert read_yearless("XXXX-WXX-4") == Yearless("weekday", code=4)
    # no span: nothing can order a day without a year on a timeline
    assert read_value("XXXX-07-19") is None and read_value("XXXX-Q3") is None
    assert read_yearless("XXXX-02-30") is None and read_yearless("XXXX-13") is None and read_yearless("1999-07") is None


def test_no_year_from_another_sentence() -> None:
    # a bare year in another sentence does not date the day (TimeML); the same sentence does
    assert values("The fund opened in 1997. It closed on October 2.") == [("1997", "1997"), ("October 2", "XXXX-10-02")]
    assert values("In 1997, it closed on October 2.") == [("1997", "1997"), ("October 2", "1997-10-02")]
    # the sentence of the latest year counts, wherever the text is
    assert values("The fund opened in 1997. In 2003, it closed on October 2.")[-1] == ("October 2", "2003-10-02")
    assert values("In 1997 it opened. It moved in 2003. It closed on October 2.")[-1] == ("October 2", "XXXX-10-02")


def test_a_full_date_earlier_in_the_passage_ties_the_year() -> None:
    assert values("On 9 March 2001 the strike began. On 2 April it ended.")[1] == ("2 April", "2001-04-02")
    june = [v for t, v in values("In March 2001 the strike began. In June it was over.") if "June" in t]
    assert june == ["2001-06"]


def test_the_reference_date_ties_the_year() -> None:
    # the reference date (or a context's own date) dates what the text leaves open, as before
    assert values("The talks ended on Thursday.", dt.date(2024, 6, 15)) == [("on Thursday", "2024-06-13")]
    assert values("The fund opened in 2022. It closed on October 2.", dt.date(2024, 12, 1))[1] == ("October 2", "2024-10-02")


def test_a_narrative_of_another_age_keeps_its_year() -> None:
    # a last year more than NARRATIVE_YEARS from the reference date is a narrative, which annotators
    # (WikiWarsDE, TempEval-2 Chinese) continue in its own year; near the reference it is news
    assert values("The fund opened in 1997. It closed on October 2.", dt.date(2024, 12, 1))[1] == ("October 2", "1997-10-02")
    assert values("The fund opened in 1997. It closed on October 2.")[1] == ("October 2", "XXXX-10-02")


@pytest.mark.parametrize(
    ("same", "value"),
    [
        (["the previous year", "the prior year", "the year before"], "UNDEF-REF-year-MINUS-1"),
        (["a week earlier", "the week before"], "UNDEF-REF-week-MINUS-1"),
        (["last year", "a year ago"], "UNDEF-this-year-MINUS-1"),
        (["yesterday"], "UNDEF-this-day-MINUS-1"),
        (["next month"], "UNDEF-this-month-PLUS-1"),
        (["two years later"], "UNDEF-REF-year-PLUS-2"),
        (["the next day", "the following day"], "UNDEF-REF-day-PLUS-1"),
    ],
)
def test_relative_dates_without_a_date_have_one_value_per_meaning(same: list[str], value: str) -> None:
    for text in same:
        (mention,) = scan(f"Output was higher than {text}.")
        assert (mention.text, mention.value, mention.years) == (text, value, frozenset())
    assert read_relative(value) is not None


def test_relative_dates_with_a_reference_date_resolve_as_before() -> None:
    assert values("Output rose a year ago.", dt.date(2020, 5, 1)) == [("a year ago", "2019")]
    assert values("In 2010 output rose; the year before it fell.") == [("2010", "2010"), ("the year before", "2009")]


def test_february_30_is_no_date() -> None:
    assert values("It happened on February 30.") == []


def test_a_yearless_date_in_a_long_text_stays_linear() -> None:
    import time

    text = "The fund opened in 1997. " + "It rose on October 2 and fell. " * 30_000  # ~1 MB
    started = time.process_time()
    mentions = scan(text)
    assert len(mentions) == 30_001 and mentions[-1].value == "XXXX-10-02"
    assert time.process_time() - started < 30


@pytest.mark.parametrize("text", ["you may 3d-print it", "the troops march 10 miles", "12 may resign", "it may 5 times"])
def test_a_verb_form_month_with_a_number_stays_a_verb(text: str) -> None:
    assert values(text) == []


def test_a_month_or_day_of_a_year_named_relative_to_the_moment_of_writing() -> None:
    # "in September last year" is one date: the reference date's year moved, else no year (never
    # the year of a date written before it)
    assert values("The deal ran until May 2021; it was signed in September last year.") == [
        ("May 2021", "2021-05"), ("in September last year", "XXXX-09")]
    assert values("it was signed on 3 September last year.", dt.date(2024, 2, 1)) == [
        ("3 September last year", "2023-09-03")]


def test_last_quarter_alone_is_the_quarter_before_this_one() -> None:
    # "the last quarter" (of a year) is the fourth; "last quarter" alone the one before this
    assert values("Margins widened from last quarter.") == [("last quarter", "UNDEF-this-quarter-MINUS-1")]
    assert values("Margins widened from last quarter.", dt.date(2022, 8, 10)) == [("last quarter", "2022-Q2")]
    assert values("in the last quarter of 2018") == [("the last quarter of 2018", "2018-Q4")]


def test_a_name_coordinated_with_a_year_is_not_tied_to_it() -> None:
    # "In 2019 ... than the year before and the second quarter": beside the year, not inside it
    text = "In 2019 costs were lower than the year before and the second quarter."
    assert values(text) == [("2019", "2019"), ("the year before", "2018"), ("the second quarter", "XXXX-Q2")]
    assert values("In 2019 costs fell in the second quarter.")[-1] == ("the second quarter", "2019-Q2")


def test_what_a_relative_date_implies_and_how_it_was_written() -> None:
    (ahead,) = scan("Delivery follows the next day.")
    assert ahead.implied_relative == ("UNDEF-this-day-PLUS-1", "FUTURE_REF")  # "tomorrow", and "soon"
    assert scan("Output fell two years ago.")[0].implied_relative == ("UNDEF-REF-year-MINUS-2", "PAST_REF")
    resolved = scan("In 2015 output fell from the year before.")[1]
    assert (resolved.value, written_relative(resolved)) == ("2014", "UNDEF-REF-year-MINUS-1")
    assert written_relative(scan("In 2015 output fell.")[0]) is None



def test_what_a_mentions_words_state_beyond_its_value() -> None:
    # "Monday 8 June": the weekday written beside a day without a year; "7 pm": a time of day at no named day
    day, time = scan("The vote was held on Wednesday 11 March at 6.45pm.")
    assert (day.text, day.value, day.written_weekday) == ("Wednesday 11 March", "XXXX-03-11", 3)
    assert (time.text, clock_time(time)) == ("6.45pm", "XXXX-XX-XXT18:45")
    # a time the text dates keeps its time of day; a date or a year is no time
    dated = scan("On 2 June 2009 the polls closed at 22:00 BST.")
    assert [(m.text, clock_time(m)) for m in dated] == [("2 June 2009", None), ("22:00 BST", "XXXX-XX-XXT22:00")]
    assert scan("It closed on 11 March.")[0].written_weekday is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a bare code in a sentence about results is a quarter wherever it stands
        ("Operating income was lower than in Q4.", [("Q4", "XXXX-Q4")]),
        ("Guidance covers Q3 and Q4.", [("Q3", "XXXX-Q3"), ("Q4", "XXXX-Q4")]),
        ("In Q1, the fiscal outlook improved.", [("Q1", "XXXX-Q1")]),
        # elsewhere it may be a qualifying session or a model: no date
        ("Vettel was knocked out in Q2, and Bottas reached Q3.", []),
        ("Sales were strong. She bought an Audi Q3 last month.", [("last month", "UNDEF-this-month-MINUS-1")]),
    ],
)
def test_a_bare_quarter_code_is_a_quarter_in_a_sentence_about_results(text: str, expected: list) -> None:
    assert values(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a count after a month and a comma is no year and no day: the month stays a month
        ("In April, 45 workers were laid off.", [("In April", "XXXX-04")]),
        ("Since October, 31 homes have been rebuilt.", [("Since October", "XXXX-10")]),
        ("By August, 7 of the 9 plants had closed.", [("By August", "XXXX-08")]),
        # a year after the comma is still the month's year
        ("In April, 2016, the plant closed.", [("April, 2016", "2016-04")]),
        ("In April, '16, the plant closed.", [("April, '16", "2016-04")]),
    ],
)
def test_a_month_before_a_comma_and_a_count_is_read_as_the_month(text: str, expected: list) -> None:
    assert values(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # lower-cased summaries: "may" and "march" after a dating word are the months
        ("the strike ended in may .", [("in may", "XXXX-05")]),
        ("shares have slid since march .", [("since march", "XXXX-03")]),
        ("the talks stalled in mid-may .", [("mid-may", "XXXX-05")]),
        ("the deal closes at the end of may .", [("of may", "XXXX-05")]),
        ("the union may march in may .", [("in may", "XXXX-05")]),
        # a number after the sentence's stop is the next sentence's, not the month's day
        ("the strike ended in may . 5 workers were fired .", [("in may", "XXXX-05")]),
        # elsewhere they are verbs
        ("prices may rise before may ends .", []),
        ("the unions march on the capital .", []),
        ("it may be over by march .", []),
    ],
)
def test_a_lower_case_verb_month_after_a_dating_word_is_the_month(text: str, expected: list) -> None:
    assert values(text) == expected


def test_the_next_hour_is_within_its_day() -> None:
    # an hour after a date lies on that date, not on the next day
    assert values("The plant shut on 3 May 2019; within the next hour it restarted.") == [
        ("3 May 2019", "2019-05-03"), ("the next hour", "2019-05-03")]
    assert values("Crews expect power back within the next hour.") == [("the next hour", "UNDEF-REF-day")]
