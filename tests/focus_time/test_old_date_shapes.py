"""Three shapes of dates before AD 1000 (issue 34, "three shapes of old dates still missed"): a
month with a three-digit year, a lifespan from three digits to a full date, and "around"/"about"
as a circa mark in a paragraph dated before AD 1000. Each sentence is new (public history facts
of the same shape as the held-out ones); the values are read off it by hand."""

from __future__ import annotations

import pytest

from ragas_temporal.focus_time.extract import extract_focus_time, scan
from ragas_temporal.focus_time.scanner import iter_matches, iter_matches_reference


def readings(text: str) -> list[tuple[str, str | None]]:
    found = [(name, m.group()) for name, m in iter_matches(text)]
    assert found == [(name, m.group()) for name, m in iter_matches_reference(text)], text  # scanner = full table
    return [(m.text, m.value) for m in scan(text)]


# --- a month and a three-digit year -------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Vikings raided Lindisfarne in June 793.", [("June 793", "0793-06")]),
        ("Charlemagne entered Pavia in June 774 after a long siege.", [("June 774", "0774-06")]),
        ("The synod met at Aachen in Nov. 809, and again later.", [("Nov. 809", "0809-11")]),
        # a round hundred needs a paragraph dated before AD 1000 ("in 768" dates this one)
        ("Pepin died in 768. In December 800 Charles was in Rome.", [("in 768", "0768"), ("December 800", "0800-12")]),
        # BC: the era word after the year
        ("Caesar crossed the Rubicon in January 49 BC.", [("January 49 BC", "BC0049-01")]),
    ],
)
def test_a_month_and_a_three_digit_year_is_that_month(text, expected):
    assert readings(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "In May 400 workers walked out.",  # a count after the number
        "In March 500 of the members voted.",  # a part of a whole
        "In April 600, the club said, was the record.",  # a round hundred in a modern paragraph
        "By June 150 of them had left.",
    ],
)
def test_a_month_before_a_count_reads_no_year(text):
    assert [y for y in extract_focus_time(text).years if y < 1000] == [], text


# --- a lifespan from three digits to a full date ----------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Al-Biruni (973 – 13 December 1050) was a Persian scholar.", [("973 – 13 December 1050", "0973/1050-12-13")]),
        ("Fujiwara no Michinaga (藤原 道長; 966 – 3 January 1028) ruled as regent.", [("966 – 3 January 1028", "0966/1028-01-03")]),
        ("Cnut (Old Norse: Knútr; 995 – November 1035) ruled England.", [("995 – November 1035", "0995/1035-11")]),
        ("Gerbert ( 946 -- 12 May 1003 ) became pope.", [("946 -- 12 May 1003", "0946/1003-05-12")]),
        ("Emperor Basil II (958 – December 15, 1025) expanded the empire.", [("958 – December 15, 1025", "0958/1025-12-15")]),
    ],
)
def test_a_lifespan_from_three_digits_to_a_date_is_one_range(text, expected):
    assert readings(text) == expected


def test_a_lifespan_covers_every_year_and_ends_on_its_date():
    # 973..1050, 78 years, below the span limit
    mention = scan("Al-Biruni (973 – 13 December 1050) was a scholar.")[0]
    assert mention.kind == "range" and sorted(mention.years) == list(range(973, 1051))


def test_a_number_before_a_date_outside_a_bracket_is_no_lifespan():
    # an episode number and its air date: the date alone
    assert readings("Episode 120 – 3 May 2019 was the finale.") == [("3 May 2019", "2019-05-03")]
    # a four-digit start stays two mentions, as before
    assert readings("Swift (1667 – 19 October 1745) wrote satire.") == [("1667", "1667"), ("19 October 1745", "1745-10-19")]


# --- "around" and "about" before three digits ---------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        # the paragraph is dated by an era word, a century, or "in" and three digits
        ("Aksum was founded in the 1st century. Its king converted around 330.", [("the 1st century", "00"), ("around 330", "0330")]),
        ("The Franks took Paris in 486, and Clovis was baptised about 496.", [("in 486", "0486"), ("about 496", "0496")]),
        ("Around 635 the first monks reached Northumbria, in 635 AD by one account.", [("Around 635", "0635"), ("635 AD", "0635")]),
        # an era range after it is read whole
        ("The Gupta Empire flourished from about 320 to 550 CE.", [("320 to 550 CE", "0320/0550")]),
    ],
)
def test_around_or_about_is_a_circa_mark_in_a_paragraph_dated_before_1000(text, expected):
    assert readings(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "The column had about 600 soldiers.",  # a counted noun
        "About 750 came to the match.",  # no dated paragraph
        "Rome fell in 476. Around 300 of the senators fled.",  # a part of a whole
        "Rome fell in 476. The wall was about 700 metres long.",  # a unit
        "Caesar died in 44 BC. Around 60 senators were in the plot.",  # two digits: never a mark
    ],
)
def test_around_or_about_stays_a_count_elsewhere(text):
    assert not [m for m in scan(text) if m.text.lower().startswith(("around", "about"))], text
