"""One hand-written test per case of METRICS.md "Focus time" and issue section 2.

Every expected value is worked out by hand from the documented conventions (see the comments).
"""

from __future__ import annotations

import datetime as dt

import pytest

from ragas_temporal import extract_focus_time

REF = dt.date(2019, 3, 3)  # a Sunday


def years(text, ref=None):
    return sorted(extract_focus_time(text, ref).years)


def mentions(text, ref=None):
    return [(m.text, m.kind, m.value, sorted(m.years)) for m in extract_focus_time(text, ref).mentions]


# --- explicit years and full dates ------------------------------------------------------------


def test_explicit_year():
    assert mentions("Lehman collapsed in 2008.") == [("2008", "year", "2008", [2008])]


@pytest.mark.parametrize(
    "text",
    ["March 3, 2019", "Mar. 3, 2019", "3/3/2019", "2019-03-03", "3rd of March 2019", "3 March 2019",
     "Sunday, March 3, 2019", "2019/03/03", "03.03.2019", "March 3rd 2019"],
)  # fmt: skip
def test_full_dates_in_common_formats(text):
    # all name the day 2019-03-03
    (m,) = extract_focus_time(f"It opened on {text}.").mentions
    assert (m.text, m.kind, m.value, m.years) == (text, "date", "2019-03-03", frozenset({2019}))


def test_numeric_date_day_first_when_month_first_is_impossible():
    # 25/12/2018: 25 cannot be a month -> day 25, month 12
    assert mentions("due 25/12/2018") == [("25/12/2018", "date", "2018-12-25", [2018])]


def test_iso_datetime_keeps_the_day():
    assert mentions("at 2019-03-03T10:30:00Z")[0][2] == "2019-03-03"


def test_month_and_year():
    assert mentions("in June 2014 and Sept. 1999") == [
        ("June 2014", "date", "2014-06", [2014]),
        ("Sept. 1999", "date", "1999-09", [1999]),
    ]


def test_two_digit_year_with_apostrophe():
    # '08 -> 2008 and '95 -> 1995 (pivot: 00-30 -> 2000s, 31-99 -> 1900s without a reference date)
    assert mentions("in '08 and in '95") == [("'08", "year", "2008", [2008]), ("'95", "year", "1995", [1995])]


def test_two_digit_year_uses_the_reference_date_window():
    # reference 1990: window ends 2000, so '25 -> 1925 (2025 would be after it)
    assert years("the class of '25", dt.date(1990, 1, 1)) == [1925]


@pytest.mark.parametrize("text", ["FY2021", "FY21", "fiscal 2021", "fiscal year 2021", "FY 2021"])
def test_fiscal_years_map_to_the_year_named(text):
    assert mentions(f"Results for {text} were strong") == [(text, "fiscal_year", "2021", [2021])]


# --- ranges -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["2008-2010", "2008–10", "from 2008 to 2010", "between 2008 and 2010", "2008 through 2010"]
)
def test_ranges_expand_to_every_year(text):
    # 2008, 2009, 2010: both ends included
    assert mentions(f"Sales fell {text}.") == [(text, "range", "2008/2010", [2008, 2009, 2010])]


def test_two_digit_range_end_crossing_a_century():
    # 1999-00 -> 1999/2000
    assert years("the 1999-00 season") == [1999, 2000]


def test_year_hyphen_month_is_a_month_not_a_range():
    # 2019-03: "03" is earlier than 2019 as a year ending -> ISO year-month
    assert mentions("in 2019-03") == [("2019-03", "date", "2019-03", [2019])]


# --- decades, centuries, qualifiers, eras -----------------------------------------------------


def test_decades_in_digits_apostrophe_and_words():
    # all three are 1990-1999
    for text in ("the 1990s", "the '90s", "the nineties"):
        (m,) = extract_focus_time(f"Music of {text} is back.").mentions
        assert (m.kind, m.value, sorted(m.years)) == ("decade", "199", list(range(1990, 2000))), text


def test_decade_qualifiers():
    # early = first four years, mid = years 3-7, late = last four
    assert years("the early 1990s") == [1990, 1991, 1992, 1993]
    assert years("the mid-1990s") == [1993, 1994, 1995, 1996, 1997]
    assert years("the late 1990s") == [1996, 1997, 1998, 1999]


def test_centuries():
    # 19th century = 1800-1899; "the 1800s" is the same century
    for text in ("the 19th century", "the nineteenth century", "the 1800s"):
        (m,) = extract_focus_time(f"Life in {text}.").mentions
        assert (m.kind, m.value, sorted(m.years)) == ("century", "18", list(range(1800, 1900))), text


def test_century_with_qualifier():
    # mid-1700s: the century 1700-1799 scaled like a decade (years 3-7 -> 30-79) -> 1730..1779
    assert years("the mid-1700s") == list(range(1730, 1780))
    # early 20th century: years 00-39 -> 1900..1939
    assert years("the early 20th century") == list(range(1900, 1940))


def test_bce_and_ad_years():
    # historical numbering: 753 BC = -753, 44 BCE = -44, AD 14 = 14
    assert mentions("Rome was founded in 753 BC; Caesar died in 44 BCE; Augustus in AD 14.") == [
        ("753 BC", "year", "BC0753", [-753]),
        ("44 BCE", "year", "BC0044", [-44]),
        ("AD 14", "year", "0014", [14]),
    ]


def test_range_across_eras_skips_year_zero():
    # 3 BC .. AD 2: -3, -2, -1, 1, 2 (there is no year 0)
    assert years("from 3 BC to AD 2") == [-3, -2, -1, 1, 2]


def test_bce_century():
    # 5th century BC = 500 BC .. 401 BC
    assert years("the 5th century BC") == list(range(-500, -400))


# --- relative expressions (deictic) -----------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected_value, expected_years",
    [
        ("last year", "2018", [2018]),
        ("this year", "2019", [2019]),
        ("next year", "2020", [2020]),
        ("three years ago", "2016", [2016]),
        ("yesterday", "2019-03-02", [2019]),
        ("today", "2019-03-03", [2019]),
        ("tomorrow", "2019-03-04", [2019]),
        ("last month", "2019-02", [2019]),
        ("next month", "2019-04", [2019]),
        ("last week", "2019-W08", [2019]),  # 2019-03-03 is in ISO week 9
        ("tonight", "2019-03-03TNI", [2019]),
        ("this morning", "2019-03-03TMO", [2019]),
        ("last Friday", "2019-03-01", [2019]),  # the Friday before Sunday 3 March
        ("next Monday", "2019-03-04", [2019]),
        ("on Monday", "2019-03-04", [2019]),  # nearest Monday: tomorrow
        ("last March", "2018-03", [2018]),  # the March before the current one
        ("a decade ago", "2009", [2009]),
    ],
)
def test_deictic_expressions_resolve_against_the_reference_date(text, expected_value, expected_years):
    ((mtext, _, value, ys),) = mentions(f"It was {text}.", REF)
    assert (mtext, value, ys) == (text, expected_value, expected_years)


def test_past_n_years_covers_every_calendar_year_of_the_span():
    # the past 5 years on 2019-03-03: 2014-03-03 .. 2019-03-03 -> 2014..2019; value is the duration
    assert mentions("over the past 5 years", REF) == [("the past 5 years", "relative", "P5Y", list(range(2014, 2020)))]
    # the next two years: 2019-03-03 .. 2021-03-03 -> 2019..2021
    assert years("in the next two years", REF) == [2019, 2020, 2021]


def test_year_boundary_yesterday():
    # yesterday of 2019-01-01 is 2018-12-31
    assert years("yesterday", dt.date(2019, 1, 1)) == [2018]


def test_relative_expressions_without_reference_date_keep_the_mention_without_years():
    ft = extract_focus_time("Last year and yesterday and three years ago.")
    assert [(m.text, m.value, m.years) for m in ft.mentions] == [
        ("Last year", "UNDEF-this-year-MINUS-1", frozenset()),
        ("yesterday", "UNDEF-this-day-MINUS-1", frozenset()),
        ("three years ago", "UNDEF-this-year-MINUS-3", frozenset()),
    ]
    assert ft.years == frozenset()


def test_now_and_recently_are_references_without_years():
    # TIMEX3 PRESENT_REF / PAST_REF: a present-tense sentence claims no particular year
    assert mentions("It is currently closed; it recently reopened.", REF) == [
        ("currently", "relative", "PRESENT_REF", []),
        ("recently", "relative", "PAST_REF", []),
    ]


# --- anaphoric expressions --------------------------------------------------------------------


def test_following_year_resolves_against_the_last_explicit_date():
    # 2008 is the last explicit date -> the following year = 2009 (the reference 2019 is not used)
    assert mentions("Lehman fell in 2008. The following year was worse.", REF) == [
        ("2008", "year", "2008", [2008]),
        ("The following year", "anaphoric", "2009", [2009]),
    ]


def test_two_years_later_and_the_previous_year():
    assert years("The war began in 1939. Two years later the US joined.") == [1939, 1941]
    assert years("In 1990 sales rose; the previous year they fell.") == [1989, 1990]


def test_that_march_and_bare_in_march_use_the_last_explicit_year():
    assert mentions("The law passed in 1998. That March, and again in March, it was amended.") == [
        ("1998", "year", "1998", [1998]),
        ("That March", "anaphoric", "1998-03", [1998]),
        ("in March", "anaphoric", "1998-03", [1998]),
    ]


def test_month_day_without_year_takes_the_year_the_text_ties_to_it():
    # TimeML: a year in the same sentence, or a written date with a month before it, ties the
    # day; a bare year in another sentence does not (issue 34)
    assert mentions("It was founded in 1971, and on May 5 it opened.") == [
        ("1971", "year", "1971", [1971]),
        ("May 5", "anaphoric", "1971-05-05", [1971]),
    ]
    assert mentions("It was founded in March 1971. On May 5 it opened.")[1] == ("May 5", "anaphoric", "1971-05-05", [1971])
    assert mentions("It was founded in 1971. On May 5 it opened.")[1] == ("May 5", "anaphoric", "XXXX-05-05", [])


def test_anaphora_falls_back_to_the_reference_date_when_the_text_has_no_date():
    assert years("The following year it closed.", REF) == [2020]
    assert years("It opens in March.", REF) == [2019]


def test_anaphora_without_any_date_stays_unresolved():
    assert mentions("The following year it closed.") == [("The following year", "anaphoric", "UNDEF-REF-year-PLUS-1", [])]


def test_anaphora_uses_the_latest_explicit_date_not_the_first():
    # 1990 then 2005: "the following year" follows 2005 -> 2006
    assert years("Born in 1990, she moved in 2005. The following year she graduated.") == [1990, 2005, 2006]


# --- resolved relative dates anchor later anaphora ---------------------------------------------

MID_MARCH_2024 = dt.date(2024, 3, 15)  # a Friday


def test_following_year_after_last_year_continues_from_last_year():
    # "last year" = 2024 - 1 = 2023 is the anchor; "the following year" = 2023 + 1 = 2024 (not 2025,
    # which resolving against the reference date would give)
    assert mentions("Revenue fell last year and recovered the following year.", MID_MARCH_2024) == [
        ("last year", "relative", "2023", [2023]),
        ("the following year", "anaphoric", "2024", [2024]),
    ]


def test_anaphora_chain_each_resolved_expression_anchors_the_next():
    # 2010 -> the following year 2011 -> two years later 2011 + 2 = 2013 (not 2010 + 2 = 2012)
    text = "In 2010 it opened. The following year it grew. Two years later it closed."
    assert [(m.text, m.value) for m in extract_focus_time(text).mentions] == [
        ("2010", "2010"), ("The following year", "2011"), ("Two years later", "2013"),
    ]  # fmt: skip


def test_deictic_day_anchors_the_next_day():
    # yesterday = 2024-03-14; the next day = 2024-03-14 + 1 = 2024-03-15
    assert [m.value for m in extract_focus_time("We met yesterday and again the next day.", MID_MARCH_2024).mentions] == [
        "2024-03-14", "2024-03-15",
    ]  # fmt: skip


def test_years_ago_anchors_the_following_year():
    # three years ago = 2024 - 3 = 2021 (year granularity); the following year = 2022
    assert years("Three years ago the plant closed; the following year it reopened.", MID_MARCH_2024) == [2021, 2022]


def test_resolved_month_anchors_the_following_month():
    # "in March" takes 2010 -> 2010-03 is the anchor; the following month = 2010-04
    text = "In 2010 it opened in March and closed the following month."
    assert [m.value for m in extract_focus_time(text).mentions] == ["2010", "2010-03", "2010-04"]


def test_explicit_date_after_a_deictic_one_takes_over():
    # last year = 2023, then 2015 is written: the following year = 2015 + 1 = 2016
    text = "Last year sales fell. In 2015 they had risen, and the following year too."
    assert years(text, MID_MARCH_2024) == [2015, 2016, 2023]


def test_deictic_anchor_does_not_move_a_bare_month():
    # "a year ago" = 2023 does not become the year of "in January": a calendar name without a year
    # is read against the moment of writing; past tense ("fell"), January is before 15 March 2024
    # -> January 2024
    assert mentions("A year ago sales were flat; in January they fell.", MID_MARCH_2024) == [
        ("A year ago", "relative", "2023", [2023]),
        ("in January", "anaphoric", "2024-01", [2024]),
    ]


def test_relative_chain_without_reference_date_stays_unresolved():
    # no reference date: "last year" has no year, so "the following year" has no anchor either
    assert mentions("Revenue fell last year and recovered the following year.") == [
        ("last year", "relative", "UNDEF-this-year-MINUS-1", []),
        ("the following year", "anaphoric", "UNDEF-REF-year-PLUS-1", []),
    ]


# --- named periods ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, first, last",
    [
        ("World War I", 1914, 1918),
        ("the First World War", 1914, 1918),
        ("World War II", 1939, 1945),
        ("WWII", 1939, 1945),
        ("the Cold War", 1947, 1991),
        ("the Great Depression", 1929, 1939),
        ("the Victorian era", 1837, 1901),
    ],
)
def test_named_periods(text, first, last):
    ((mtext, kind, _, ys),) = mentions(f"During {text} things changed.")
    assert (mtext, kind, ys) == (text, "named_period", list(range(first, last + 1)))


def test_named_periods_are_independent_of_each_other():
    # each match keeps its own years; the union is 1914-1918 and 1939-1945
    assert years("World War I and World War II") == list(range(1914, 1919)) + list(range(1939, 1946))


# --- numbers that are not years ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "2000 people attended",
        "Room 2045 is upstairs",
        "It cost $1999 in total",
        "1850 workers went on strike",
        "Call 555-2019 now",
        "Call +44 2019 5555",
        "Install v2.2019 today",
        "Python 3.11 and 1.2020",
        "a total of 2,019 votes",
        "They won 2010-2 at home",
        "A rating of 1999.5",
        "a 2045 km road",
        "a 2019% rise",
        "No. 2045",
        "the 2000-year-old temple",
        "about 1500 dollars",
        "more than 2000 of them",
    ],
)
def test_numbers_that_are_not_years_are_rejected(text):
    # context rules: a plural noun / unit / currency / identifier word / digit group around the number
    assert extract_focus_time(text).years == frozenset(), text


def test_year_preposition_wins_over_a_following_plural_noun():
    # "In 2000 people ..." is read as a year: "in" is a year preposition
    assert years("In 2000 people voted for change.") == [2000]


def test_capitalised_following_word_is_not_a_count():
    # "2012 Olympics" names an event in a year
    assert years("the 2012 Olympics") == [2012]


# --- seasons, holidays, quarters, times -------------------------------------------------------


def test_season_with_and_without_year():
    assert mentions("winter 2014 and last summer", REF) == [
        ("winter 2014", "date", "2014-WI", [2014]),
        ("last summer", "relative", "2018-SU", [2018]),
    ]


def test_holidays_resolve_against_the_reference_year():
    # Christmas with reference 2014-10-14 -> 2014-12-25; Easter 2019 -> 21 April 2019 (computus)
    assert mentions("Christmas", dt.date(2014, 10, 14)) == [("Christmas", "anaphoric", "2014-12-25", [2014])]
    assert mentions("Easter 2019") == [("Easter 2019", "date", "2019-04-21", [2019])]


def test_quarters():
    assert mentions("in the third quarter of 2008 and Q1 2009") == [
        ("the third quarter of 2008", "date", "2008-Q3", [2008]),
        ("Q1 2009", "date", "2009-Q1", [2009]),
    ]
    # the first quarter of last year, reference 2019 -> 2018-Q1
    assert mentions("the first quarter of last year", REF) == [
        ("the first quarter of last year", "relative", "2018-Q1", [2018])
    ]


def test_clock_time_is_on_the_day_of_the_last_date():
    assert mentions("On March 3, 2019 at 10:30 pm", None)[1] == ("10:30 pm", "anaphoric", "2019-03-03T22:30", [2019])


def test_mentions_are_non_overlapping_in_text_order():
    text = "From 1990 to 1995, then in March 2001 and on 2002-05-06, the 1980s and last year."
    ms = extract_focus_time(text, REF).mentions
    assert [m.start for m in ms] == sorted(m.start for m in ms)
    assert all(a.end <= b.start for a, b in zip(ms, ms[1:]))
    assert [m.text for m in ms] == ["From 1990 to 1995", "March 2001", "2002-05-06", "the 1980s", "last year"]


# --- resolution details -----------------------------------------------------------------------


def test_bare_month_in_a_past_tense_sentence_is_the_latest_one_not_after_the_base():
    # written 2005-09-07: "was introduced in January" -> January 2005 (not after September 2005)
    assert mentions("The Shuffle was introduced in January.", dt.date(2005, 9, 7))[0][2] == "2005-01"
    # written 2010-01-25: "11 December" in a past sentence -> 2009-12-11
    assert mentions("The plane landed on 11 December.", dt.date(2010, 1, 25))[0][2] == "2009-12-11"


def test_irregular_past_verbs_are_tense_cues():
    # written 2010-01-15: "fell in December" -> December 2009 (not December 2010, after the base)
    assert mentions("Sales fell in December.", dt.date(2010, 1, 15))[0][2] == "2009-12"
    # written 2010-01-25: "began on 4 November" -> 2009-11-04
    assert mentions("The league began on 4 November.", dt.date(2010, 1, 25))[0][2] == "2009-11-04"
    # passive after "be" is not past: "will be held in March", written 2009-11-20 -> March 2010
    assert mentions("The summit will be held in March.", dt.date(2009, 11, 20))[0][2] == "2010-03"


def test_reporting_verbs_do_not_set_the_tense_of_what_they_report():
    # "said" is the report's tense; "will open" is the event's: written 2009-11-20 -> March 2010
    assert mentions("He said the plant will open in March.", dt.date(2009, 11, 20))[0][2] == "2010-03"


def test_bare_month_in_a_future_sentence_is_the_next_one():
    # written 2009-06-05: "should be completed in October" -> October 2009 (passive "completed" is not past)
    assert mentions("The deal should be completed in October.", dt.date(2009, 6, 5))[0][2] == "2009-10"
    # written 2009-11-20: "will open in March" -> March 2010
    assert mentions("The store will open in March.", dt.date(2009, 11, 20))[0][2] == "2010-03"


def test_month_of_next_year():
    # reference 2008-12-12: October of next year -> 2009-10
    assert mentions("renewed after October of next year", dt.date(2008, 12, 12)) == [
        ("after October of next year", "relative", "2009-10", [2009])
    ]


def test_every_night_is_a_set_without_years():
    assert mentions("I run every night.", REF) == [("every night", "anaphoric", "XXXX-XX-XX", [])]
    assert mentions("every Monday", REF) == [("every Monday", "relative", "XXXX-WXX-1", [])]


def test_clock_forms():
    # all on the reference day 2019-03-03
    assert [m[2] for m in mentions("at 720pm, 11:30 am, 9 a.m. and 1400 GMT", REF)] == [
        "2019-03-03T19:20", "2019-03-03T11:30", "2019-03-03T09:00", "2019-03-03T14:00Z"
    ]  # fmt: skip


def test_hashtag_scale_is_not_a_time():
    assert extract_focus_time("#diecast #1:18 model", REF).mentions == ()


def test_zero_padded_two_digit_year_with_dots():
    # 27.03.15: day 27, month 03, year 2015
    assert mentions("Event on 27.03.15 at the hall") == [("27.03.15", "date", "2015-03-27", [2015])]
    # 3.3.19 (not zero-padded) reads as a version number: no date
    assert extract_focus_time("upgrade to 3.3.19").mentions == ()


def test_weekday_followed_by_a_time_still_counts():
    # "this Sat" on Sunday 2019-03-03 is the coming Saturday 2019-03-09
    assert mentions("this Sat, 430pm", REF)[0] == ("this Sat", "relative", "2019-03-09", [2019])


def test_days_since_is_a_duration_not_a_date():
    assert extract_focus_time("It has been 23 days since I got injured", REF).years == frozenset()


def test_the_past_decade_is_the_previous_decade():
    # TimeML annotates "the past decade" written in 2011 as the decade 200 (2000-2009)
    assert mentions("the past decade", dt.date(2011, 1, 17)) == [
        ("the past decade", "relative", "200", list(range(2000, 2010)))
    ]


def test_units_after_a_number_reject_it():
    assert extract_focus_time("He has walked over 1000 Miles.").years == frozenset()


def test_urls_are_ignored():
    assert extract_focus_time("see http://t.co/2019/3x and www.example.com/2008").mentions == ()


@pytest.mark.parametrize("text", ["2019 March 3", "March the 3rd, 2019", "the 3rd day of March, 2019"])
def test_rarer_date_orders_are_normalised_by_dateparser_on_the_span(text):
    assert mentions(f"Signed {text} in Rome.") == [(text, "date", "2019-03-03", [2019])]


def test_month_ranges_take_the_year_written_after_them():
    # June–July 1944: both months in 1944 (the bare "June" must not fall back to an earlier year)
    assert mentions("In 1939 it began. June–July 1944 was decisive.")[1] == (
        "June–July 1944", "date", "1944-06/1944-07", [1944])
    # 30 June – 2 July 1944 keeps the days
    assert mentions("30 June – 2 July 1944")[0][2] == "1944-06-30/1944-07-02"
    # December–January 2009: December of 2008
    assert years("December–January 2009") == [2008, 2009]


def test_chat_spellings_of_deictic_words():
    # 2nite / 2morrow on 2019-03-03
    assert [m[2] for m in mentions("c u 2nite or 2morrow", REF)] == ["2019-03-03TNI", "2019-03-04"]


def test_season_spanning_two_years_and_the_following_season():
    # the winter of 1942–43 covers 1942 and 1943 (anchor 1943); "the following spring" is 1944
    assert mentions("In the winter of 1942–43 it froze. The following spring was mild.") == [
        ("In the winter of 1942–43", "date", "1942-WI", [1942, 1943]),
        ("The following spring", "anaphoric", "1944-SP", [1944]),
    ]


def test_numbers_with_thousands_separators_in_eras_and_ago():
    # 10,000 BC -> -10000; 1,000 years ago from 2019 -> 1019
    assert mentions("around 10,000 BC") == [("10,000 BC", "year", "BC10000", [-10000])]
    assert mentions("1,000 years ago", REF) == [("1,000 years ago", "relative", "1019", [1019])]


def test_a_count_range_is_not_a_year():
    # "between 2000 and 3000 people": the second number is followed by a plural noun
    assert extract_focus_time("between 2000 and 3000 people attended").years == frozenset()
    # but "between 1990 and 1995 prices rose" is still a range of years
    assert years("between 1990 and 1995 prices rose") == [1990, 1991, 1992, 1993, 1994, 1995]


def test_hours_and_minutes_ago_fall_on_the_reference_day():
    # 3 hours ago on 2019-03-03 -> 2019-03-03; 48 hours ago -> two days back, 2019-03-01
    assert mentions("posted 3 hours ago", REF) == [("3 hours ago", "relative", "2019-03-03", [2019])]
    assert mentions("48 hours ago", REF)[0][2] == "2019-03-01"


def test_narrative_past_tense_after_an_explicit_date_moves_forward():
    # anchor 22 June 1941 is not the reference date: "By December" is December 1941, not 1940
    text = "On 22 June 1941 Germany invaded. By December the army had reached Moscow."
    assert mentions(text, REF)[1] == ("By December", "anaphoric", "1941-12", [1941])
