"""Years in the prose RAG systems retrieve (Wikipedia- and web-style), by category of the
year-drop audit: brackets, lists, ranges, count-or-year nouns, determiners, and the numbers that
stay rejected (each by a named rule). Expected years are read off each sentence by hand."""

from __future__ import annotations

import re

import pytest

from ragas_temporal.focus_time.context_rules import REJECTION_RULES, year_rejection
from ragas_temporal.focus_time.extract import extract_focus_time, scan


def years(text: str, reference: str | None = None) -> list[int]:
    return sorted(extract_focus_time(text, reference).years)


# --- brackets -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        # a film, book or album year in brackets
        ("Heat (1995) is a crime film directed by Michael Mann.", [1995]),
        ("She starred in Sabrina (1954 film) and in Roman Holiday.", [1954]),
        ("The novel Beloved (1987) won the Pulitzer Prize.", [1987]),
        ("Their third album, Revolver (1966), was recorded in London.", [1966]),
        ("( 2003 ) is the year the tokenized text gives here", [2003]),
        # citations
        ("This was first shown by Jones et al. (2014) on a small sample.", [2014]),
        ("Earlier work (Garcia, 2011) found the opposite effect.", [2011]),
        ("as argued in (Okafor and Lee 2016) and elsewhere", [2016]),
        ("two studies (Park, 2013a; Park, 2013b) and a third (Ng, 2015)", [2013, 2015]),
        ("Lee (2003a) argued the opposite.", [2003]),
        # a bracket that opens a sentence
        ("(2018) The board approved the plan.", [2018]),
        # birth years
        ("Maria Lopez (b. 1972) is a Spanish painter.", [1972]),
        ("Tom Brand (born 1948) is a retired sprinter.", [1948]),
        ("Ann Wu (born March 2, 1981) is a chemist.", [1981]),
    ],
)
def test_years_in_brackets_are_years(text, expected):
    assert years(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Ada Park (1902–1988) was an engineer.", list(range(1902, 1989))),
        ("The Kinks (1964–1996) were an English band.", list(range(1964, 1997))),
        ("Leo Hart ( 1911 -- 1970 ) was a poet.", list(range(1911, 1971))),
        ("He coached the team (1981–85; 1990–93).", [1981, 1982, 1983, 1984, 1985, 1990, 1991, 1992, 1993]),
        ("a short lived journal (1923–1923)", [1923]),
    ],
)
def test_lifespans_and_several_ranges_in_a_bracket(text, expected):
    assert years(text) == expected


@pytest.mark.parametrize(
    "text, reference, expected",
    [
        ("Chair of the council (2017–present).", None, [2017]),
        ("Chair of the council (2017–present).", "2020-06-01", [2017, 2018, 2019, 2020]),
        ("Host of the show (2012–now)", "2013-02-02", [2012, 2013]),
        ("Member of the band (2009–).", None, [2009]),
        ("a reference date before the start keeps the start (2030–present)", "2020-01-01", [2030]),
    ],
)
def test_open_ranges(text, reference, expected):
    assert years(text, reference) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("He won the title three times (1998, 2001 and 2004).", [1998, 2001, 2004]),
        ("Champions: 1931, 1935, 1947 and 1950.", [1931, 1935, 1947, 1950]),
        ("The constitution of 1975/1986/2001 is still in force.", [1975, 1986, 2001]),
        ("under Law 702/1977 and Decree 18/1989", [1977, 1989]),
    ],
)
def test_lists_of_years(text, expected):
    assert years(text) == expected


# --- ranges of dates, spaced dashes, tokenized text -----------------------------------------


@pytest.mark.parametrize(
    "text, first, last",
    [
        ("Henry VIII (28 June 1491 – 28 January 1547) was king.", 1491, 1547),
        ("Jane Doe (May 4, 1930 – June 9, 2001) was a nurse.", 1930, 2001),
        ("in office from 3 March 1861 to 15 April 1865", 1861, 1865),
        ("served (April 22, 2007, to June 30, 2011) as editor", 2007, 2011),
        # the dash lost when the text was converted: the second date follows the year directly
        ("Ann Roe (May 16, 1929October 27, 2019) was a judge.", 1929, 2019),
        ("Gold Key Comics (Sept 1962–1984)", 1962, 1984),
        ("Stepan Mukha, May 26, 1982–1987", 1982, 1987),
        ("the 1947 -- 1952 period", 1947, 1952),
        ("during the 2007 -- 08 season", 2007, 2008),
        ("In 1947-8, he served on the committee.", 1947, 1948),
        ("- 1968-9: the squadron deployed", 1968, 1969),
    ],
)
def test_ranges_cover_every_year_between(text, first, last):
    assert years(text) == list(range(first, last + 1))


def test_a_date_range_is_one_range_mention():
    (m,) = scan("(12 September 1494 – 31 March 1547)")
    assert (m.kind, m.value, m.text) == ("range", "1494-09-12/1547-03-31", "12 September 1494 – 31 March 1547")


@pytest.mark.parametrize(
    "text, expected",
    [
        # a bracket missing its end date, a year then an ordinal after a dash
        ("James Parr (1658–2 December 1730) was a printer.", [1658, 1730]),
        ("Oslo 1997 - 3rd place, Rome 1999 - 2nd place", [1997, 1999]),
        # the possessive apostrophe lost in extraction: "In 1983s film ..."
        ("In 1983s Never Say Never Again, he played M.", [1983]),
        ("She had a role in 2007s Grindhouse.", [2007]),
        # a reversed date range keeps its first date; a reversed year range names both years
        ("3 May 2019 - 2 May 2018", [2019]),
        ("From 1998 until 1993, she acted in Parnu.", [1993, 1998]),
        # a date after a year is not a phone number's second half
        ("the inscription Proef-Kamer 1648 12/29.", [1648]),
        # a word glued by a hyphen makes the number a modifier: a year
        ("with the new-for-2010 points system", [2010]),
        ("pre-1914 houses line the street", [1914]),
        ("post-2000 workers earn less", [2000]),
    ],
)
def test_other_dash_and_spelling_forms(text, expected):
    assert years(text) == expected


# --- count or year: the noun after, the word before, the number's shape ---------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        # nouns that take a year
        ("the 2016 elections were close", [2016]),
        ("after the 1998 floods the town moved", [1998]),
        ("two 1971 concerts were filmed", [1971]),
        ("the 2012 and 2013 seasons were his best", [2012, 2013]),
        ("the 1936 Olympics were held in Berlin", [1936]),
        ("the 1950 census counted them", [1950]),
        ("the 2009 protests spread quickly", [2009]),
        ("the 1994 playoffs", [1994]),
        ("a 1985 model of the car", [1985]),
        # a singular noun after the number: never a count
        ("The 1993 book became a film.", [1993]),
        ("the 1143 site of a monastery", [1143]),
        ("the 1904 building was demolished", [1904]),
        # a determiner before a number that is not round
        ("His 1962 books sold well.", [1962]),
        ("the 2012 athletes wore uniforms from China", [2012]),
        ("Their 1978 home games were sold out.", [1978]),
        # a verb in -s is not a plural noun
        ("his extension to 2019 allows him to stay", [2019]),
        # a capital starts a title or a name, not a counted noun
        ("1850 Death of her first husband", [1850]),
        ("the 1861 Tooley Street fire", [1861]),
        # year cues, also before a list of years
        ("In 1900 prices were low.", [1900]),
        ("Throughout 1990 and 1991, rates were low.", [1990, 1991]),
        ("In 2004 and 2005 wages rose.", [2004, 2005]),
        ("In 2000 people voted for the first time.", [2000]),
        ("Since 1850 workers have struck there.", [1850]),
        ("In approximately 1890, he bought the house.", [1890]),
        ("no later than 2015 the plant closed", [2015]),
        ("around 1900, the town grew", [1900]),
        ("By 1900 cars were common.", [1900]),
        ("After 1950 farms grew larger.", [1950]),
        # money after "in" is a price level
        ("worth £500 in 2021 pounds", [2021]),
        # "per" after a year with a cue: "according to" before a determiner, a name or a source
        # word, or "per capita" as an adjective (issue 36 item 6)
        ("Exports fell in 2016 per the ministry's figures.", [2016]),
        ("Turnout peaked in 2008 per a later audit.", [2008]),
        ("Since 2014 per Eurostat the share has doubled.", [2014]),
        ("Wages stalled during 2011 per official statistics.", [2011]),
        ("In 2018 per capita spending on health rose.", [2018]),
    ],
)
def test_years_before_nouns_and_after_cues(text, expected):
    assert years(text) == expected


@pytest.mark.parametrize(
    "text, rule",
    [
        ("the company employs 2000 workers", "counted_noun_after"),
        ("a crowd of 1500 people gathered", "counted_noun_after"),
        ("it won by 1200 votes", "counted_noun_after"),
        ("the school has 1100 students", "counted_noun_after"),
        ("with 1700 employees in total", "counted_noun_after"),
        ("its 1300 employees", "counted_noun_after"),
        ("the 2000 soldiers marched", "counted_noun_after"),
        ("a 1850 horsepower engine", "unit_after"),
        ("rent of 1800 per month", "unit_after"),
        ("a fee of 1200 per person", "unit_after"),
        ("in 1500 per head", "unit_after"),  # a rate even after "in" when nothing names a source
        ("grew by 1300 per cent", "unit_after"),
        ("a depth of 2000 ft", "unit_after"),
        ("rated at 1500 MW", "unit_after"),
        ("an area of 1200 hectares", "unit_after"),
        ("the Russell 2000 index fell", "index_name"),
        ("A survey (n = 2000) found", "equals_before"),
        ("a sample n=1500 adults", "equals_before"),
        ("more than 2000 fans", "quantity_before"),
        ("nearly 1800 came", "quantity_before"),
        ("a capacity of 1500 seated", "quantity_before"),
        ("Room 1204 is on the left", "identifier_before"),
        ("Flight 1549 landed on the river", "identifier_before"),
        ("see pp. 1643–1644", "identifier_before"),
        ("priced at USD 1999 each", "currency_before"),
        ("call (2125) 555-0199 now", "phone_area_code"),
        ("dial 555 1987", "digits_before"),
        ("+44 2079 460000", "digits_before"),
        ("a 2000-strong crowd", "hyphen_measure"),
        ("at 1600 Pennsylvania Avenue", "street_address"),
        ("code 2019 4567", "identifier_before"),
        ("ring 020 2019 4567 today", "digits_before"),
        ("1000 things to do", "plural_noun_after"),
        ("reach us at 2019 456", "digits_after"),
    ],
)
def test_numbers_that_are_not_years_name_their_rule(text, rule):
    assert rule in REJECTION_RULES
    assert not any(1000 <= y <= 2099 and str(y) in text for y in years(text)), text
    start = re.search(r"(?<!\d)\d{4}(?!\d)", text).start()
    assert year_rejection(text, start, start + 4) == rule


def test_every_rejection_rule_is_exercised_above():
    # each named rule has at least one sentence in the table above (keep both in step)
    seen = {rule for _, rule in test_numbers_that_are_not_years_name_their_rule.pytestmark[0].args[1]}
    assert seen == set(REJECTION_RULES)


@pytest.mark.parametrize(
    "text, expected",
    [
        # a phone number stays rejected; a year in brackets before a word does not
        ("(212) 555-1987", []),
        # a day or a volume number before a year is not a phone number
        ("(c 17 2008)", [2008]),
        ("vol. 5 2006 [2008]", [2006, 2008]),
        ("At the end of 2014 235 agents had left.", [2014]),
        ("the 2015 24 Hours of Le Mans", [2015]),
        ("They finished their 2012–13 3. Liga season", [2012, 2013]),
        ("diary entries from March and April 1945", [1945]),
        ("Iron Cross (1939) 2nd Class", [1939]),
        ("A 2019 study (n = 2000)", [2019]),
        ("The S&P 500 and the Russell 2000 index fell in 2008.", [2008]),
        ("The engine makes 1850 horsepower.", []),
        # a citation: the year stays, the pages after the volume do not
        ("Reference: Nature 2019; 570: 1234-1240.", [2019]),
        ("J. Chem. Phys. 1998, 12(3): 1450-1462", [1998]),
        # an identifier word before a list or a range of numbers covers all of them
        ("In 1941, Nos. 1821, 1825 and 1403 were repainted.", [1941]),
        ("fitted to Nos. 1400–1414 during building", []),
        ("see pages 1201 and 1202", []),
        ("In 1947 , No . 1831 was given electric lighting", [1947]),  # tokenized text
        # a year then a count, not a list of years
        ("In 2015 1200 employees left.", [2015]),
        # "a <noun of amount> of N" is that amount; "the population of 1850" may be the year's
        ("The town had a population of 1850 at the 2010 census.", [2010]),
        ("It drew a crowd of 1900 to the square.", []),
        ("the population of 1850 was small", [1850]),
    ],
)
def test_mixed_sentences(text, expected):
    assert years(text) == expected


def test_a_round_number_before_an_unknown_plural_is_a_count_a_year_shaped_one_is_not():
    assert years("We planted 1200 saplings.") == []
    assert years("We planted 1987 saplings.") == [1987]  # the shape says year: no counted noun, not round
