"""Parts of a date anchor to the date written with them (issue 19 item 3), read on 2024-06-15."""

from __future__ import annotations

import pytest

from ragas_temporal.focus_time import extract_focus_time

REFERENCE = "2024-06-15"


def mentions(text: str) -> list[tuple[str, str]]:
    return [(m.text, m.value) for m in extract_focus_time(text, REFERENCE).mentions]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("It was adopted on the morning of 4 July 1776.", [("the morning of 4 July 1776", "1776-07-04TMO")]),
        ("He was born at 3 pm on 14 March 1879.", [("3 pm on 14 March 1879", "1879-03-14T15:00")]),
        ("Sales fell in the third quarter of fiscal 2019.", [("the third quarter of fiscal 2019", "2019-Q3")]),
        ("Lincoln was shot on the evening of 14 April 1865.", [("the evening of 14 April 1865", "1865-04-14TEV")]),
        ("Crowds gathered at noon on 4 July 1776.", [("at noon on 4 July 1776", "1776-07-04TMI")]),
        # a day part written with a month folds into the month (coarser is safe)
        ("It happened on the evening of April 1865.", [("the evening of April 1865", "1865-04")]),
    ],
)  # fmt: skip
def test_a_part_and_its_date_in_one_phrase_are_one_mention_on_that_date(text, expected) -> None:
    assert mentions(text) == expected


def test_a_part_before_its_date_in_the_same_sentence_takes_that_date() -> None:
    assert mentions("In the evening, Lincoln was shot at Ford's Theatre on 14 April 1865.") == [
        ("In the evening", "1865-04-14TEV"), ("14 April 1865", "1865-04-14")]


def test_the_reference_date_resolves_only_parts_with_no_date_written_with_them() -> None:
    # another sentence: no anchor in its phrase or sentence, so the reference date
    assert mentions("In the evening he left. On 14 April 1865 he died.")[0] == ("In the evening", "2024-06-15TEV")
    # a date written earlier anchors it, as before
    assert mentions("On 3 May 1990 it rained. In the evening it stopped.")[1] == ("In the evening", "1990-05-03TEV")
    # across a sentence a part needs a date of its precision: a bare year does not anchor a time
    assert mentions("Dawn of an era, a novel - 1997")[0] != ("Dawn", "1997")


def test_the_fall_of_something_is_not_autumn() -> None:
    assert mentions("After the fall of Ava, the war went on.") == []
    assert mentions("The fall of 1944 was wet.") == [("The fall of 1944", "1944-FA")]


def test_a_year_ago_is_the_quarter_reported_on_a_year_before_and_does_not_move_it() -> None:
    # TimeBank: a report on a quarter compares it "with a year ago", the same quarter a year
    # before; the deictic year is a comparison, not the quarter's year (it stays the reference's)
    def read(text: str, reference: str) -> list[tuple[str, str]]:
        return [(m.text, m.value) for m in extract_focus_time(text, reference).mentions]

    # Q4 ends after 10 February 2025 and the sentence is past: Q4 2024, a year before it Q4 2023
    assert read("Fourth-quarter earnings fell 8% from a year ago, the company said.", "2025-02-10") == [
        ("Fourth-quarter", "2024-Q4"), ("a year ago", "2023-Q4")]
    assert read("In the third quarter, revenue grew 3% from a year earlier.", "2024-11-05") == [
        ("the third quarter", "2024-Q3"), ("a year earlier", "2023-Q3")]
    # no quarter named: the year before the reference date, as before
    assert read("Sales rose 2% from a year ago.", "2024-11-05") == [("a year ago", "2023")]
