"""Dates of every era (issue 20): years before 1000 read from their evidence, BC/BCE/AD/CE on
ranges and lists, circa, regnal and floruit marks, centuries and millennia; counts stay counts.

Every sentence states a public history fact; the expected years are computed by hand from the
rule named in the comment (historical numbering: 44 BC = -44, no year 0)."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from ragas_temporal.focus_time import patterns
from ragas_temporal.focus_time.context_rules import SHORT_REJECTION_RULES, short_year_rejection
from ragas_temporal.focus_time.extract import extract_focus_time, scan
from ragas_temporal.focus_time.scanner import iter_matches, iter_matches_reference
from ragas_temporal.scores import format_years, year_label

REF = dt.date(2024, 5, 1)


def readings(text, ref=REF):
    return [(m.text, m.value) for m in scan(text, ref)]


def years(text, ref=REF):
    return sorted(extract_focus_time(text, ref).years)


def rules(text):
    found = [(name, m.group()) for name, m in iter_matches(text)]
    assert found == [(name, m.group()) for name, m in iter_matches_reference(text)], text
    return found


# --- 1. short years, each kind of evidence a named rule ---------------------------------------


@pytest.mark.parametrize(
    "text, rule, expected",
    [
        # a day and month before the number (short_date)
        ("Charlemagne was crowned Emperor of the Romans on 25 December 800.", "short_date", [("25 December 800", "0800-12-25")]),
        ("Nero died on 9 June 68.", "short_date", [("9 June 68", "0068-06-09")]),
        ("Pope Leo III crowned him on December 25, 800, in Rome.", "short_date", [("December 25, 800", "0800-12-25")]),
        # an era word after or before it (era_year_after / era_year_before)
        ("Rome was sacked by the Visigoths in 410 AD.", "era_year_after", [("410 AD", "0410")]),
        ("Vesuvius erupted in A.D. 79 and buried Pompeii.", "era_year_before", [("A.D. 79", "0079")]),
        ("Rome was founded in 753 B.C. by legend.", "era_year_after", [("753 B.C.", "BC0753")]),
        ("Hadrian's Wall was begun in 122 CE.", "era_year_after", [("122 CE", "0122")]),
        # circa, regnal and floruit marks (marked_year)
        ("The Venerable Bede was born c. 673 in Northumbria.", "marked_year", [("c. 673", "0673")]),
        ("The Code of Hammurabi dates from ca. 1754 BC.", "marked_year", None),  # four digits: era_year_after
        ("Ptolemy (fl. 150) wrote the Almagest.", "marked_year", [("fl. 150", "0150")]),
        ("Alfred the Great (r. 871–899) was king of Wessex.", "marked_year", [("r. 871–899", "0871/0899")]),
        ("Harun al-Rashid reigned 786–809 as caliph.", "marked_year", [("reigned 786–809", "0786/0809")]),
        ("Borivoj I (reigned 870–95) was duke of Bohemia.", "marked_year", [("reigned 870–95", "0870/0895")]),
        ("Muhammad (c. 570 – 8 June 632) was an Arab religious leader.", "marked_year", [("c. 570 – 8 June 632", "0570/0632-06-08")]),
        ("Boethius (d. 524) wrote The Consolation of Philosophy.", "marked_year", [("d. 524", "0524")]),
        # a range whose ends are years (bracketed_range, from_range)
        ("The Tang dynasty (618–907) was an imperial dynasty of China.", "bracketed_range", [("(618–907)", "0618/0907")]),
        ("Harun al-Rashid was caliph from 786 until 809.", "from_range", [("from 786 until 809", "0786/0809")]),
        ("The Tang dynasty ruled China from 618 to 907.", "from_range", [("from 618 to 907", "0618/0907")]),
        ("Attila ruled the Huns from 434 until his death in 453.", "from_range", [("from 434", "0434"), ("in 453", "0453")]),
        # "in N" (in_year)
        ("In 476, Odoacer deposed Romulus Augustulus.", "in_year", [("In 476", "0476")]),
        ("Rome was sacked by the Visigoths in 410.", "in_year", [("in 410", "0410")]),
        ("Hagia Sophia was completed in 537", "in_year", [("in 537", "0537")]),
    ],
)
def test_each_kind_of_evidence_reads_a_short_year(text, rule, expected):
    if expected is None:
        assert [m.value for m in scan(text)] == ["BC1754"]
        return
    assert rule in [name for name, _ in rules(text)]
    assert readings(text) == expected


def test_a_range_keeps_every_year_up_to_the_span_limit():
    # r. 871–899: 29 years; (618–907): 290 years > MAX_SPAN_YEARS (200), so its two ends
    assert years("Alfred (r. 871–899)") == list(range(871, 900))
    assert years("The Tang dynasty (618–907)") == [618, 907]
    # c. 570 – 8 June 632: 570..632
    assert years("Muhammad (c. 570 – 8 June 632)") == list(range(570, 633))


def test_in_or_by_one_or_two_digits_needs_a_paragraph_dated_in_the_same_era():
    dated = "The Han won at Mobei in 119 BC. In 60 they set up the Protectorate, and by 91 it was lost."
    assert readings(dated) == [("119 BC", "BC0119"), ("In 60", "0060"), ("by 91", "0091")]
    # the same sentences with no dated sentence in the paragraph: counts, places, margins
    assert readings("In 60 they set up camp, and by 91 it was lost.") == []
    # a blank line ends the paragraph
    assert readings("Han forces won in 119 BC.\n\nIn 60 they met.") == [("119 BC", "BC0119")]
    # "In 476," dates its paragraph: "by 493" follows it
    assert readings("In 476, Odoacer deposed the emperor; by 493 Theodoric ruled Italy.") == [
        ("In 476", "0476"), ("by 493", "0493")]


def test_in_with_a_round_hundred_or_by_needs_a_dated_paragraph():
    assert readings("In 800 the pope crowned Charlemagne.") == []  # a round hundred: often a count
    assert readings("The pope was in Rome in 800, and on 25 December 800 he crowned Charlemagne.") == [
        ("in 800", "0800"), ("25 December 800", "0800-12-25")]
    assert readings("The bill passed by 310.") == []


# --- 2. era words distribute over ranges and lists --------------------------------------------


def test_era_words_distribute_over_ranges_and_lists():
    assert readings("Alexander the Great (356–323 BC) ruled Macedon.") == [("356–323 BC", "BC0356/BC0323")]
    assert years("Alexander the Great (356–323 BC)")[:2] == [-356, -355] and len(years("356–323 BC")) == 34
    assert readings("Augustus reigned from 27 BC to AD 14.") == [("from 27 BC to AD 14", "BC0027/0014")]
    assert years("from 27 BC to AD 14") == [y for y in range(-27, 15) if y != 0]  # no year 0: 40 years
    assert readings("The Nazca lines were made between 200 and 900 CE.") == [("between 200 and 900 CE", "0200/0900")]
    assert readings("Rome grew between 509 and 264 BC.") == [("between 509 and 264 BC", "BC0509/BC0264")]
    assert readings("Hannibal (c. 247 – 183 BC) crossed the Alps.") == [("c. 247 – 183 BC", "BC0247/BC0183")]
    # "and" without "between" is a list, not a range: each year keeps its own era
    assert readings("Rome was founded in 753 and became a republic in 509 BC.") == [("in 753", "0753"), ("509 BC", "BC0509")]


def test_a_day_and_month_with_a_bc_or_short_year_never_fall_back_to_the_reference_year():
    assert readings("Cleopatra VII died on 12 August 30 BC.") == [("12 August 30 BC", "BC0030-08-12")]
    assert years("Cleopatra VII died on 12 August 30 BC.") == [-30]
    assert readings("Augustus died on 19 August AD 14.") == [("19 August AD 14", "0014-08-19")]
    assert readings("Caesar was killed in March 44 BC.") == [("March 44 BC", "BC0044-03")]
    assert years("On 15 March 44 BC Caesar was killed.") == [-44]


# --- 3. centuries and millennia -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, value, first, last",
    [
        # TIMEX3: the Nth century is (N-1)00..(N-1)99; early = first 40%, late = last 40%
        ("the 5th century", "04", 400, 499),
        ("the 7th century BC", "BC0700/BC0601", -700, -601),
        ("the early 9th century", "08", 800, 839),
        ("fifth-century churches", "04", 400, 499),
        ("the 1st millennium BCE", "BC1000/BC0001", -1000, -1),
        ("the 2nd millennium", "1", 1000, 1999),
        ("the late 1st millennium", "0", 600, 999),
    ],
)
def test_centuries_and_millennia_follow_one_convention(text, value, first, last):
    (m,) = scan(text)
    assert m.value == value
    assert min(m.years) == first and max(m.years) == last
    assert len(m.years) == last - first + 1


# --- 4. counts stay counts ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "800 soldiers and 300 horses", "Route 66", "Highway 401", "Boeing 737", "Airbus A320",
        "Windows 95", "Psalm 23", "476 points in 82 games", "Room 101", "250 grams",
        "The army had c. 300 men.", "The firm sells in 115 countries.", "He scored 171 goals in 576 games.",
        "one in 100 people", "It is 1 in 100.", "He starred in 101 Dalmatians.", "It finished in 9.",
        "On 3 March 500 protesters marched.", "Staff grew from 300 until 500 workers.", "Shares rose from 618 to 907.",
        "Adults (18–35) and doses (100–200) took part.", "around 300 soldiers", "in 385 league appearances",
        "The bar is open from 9 until late.",
        "He ended the year 17 points ahead.", "They finished the year 3–2.",
        "As John 3:16 says, God loved the world.", "Psalm 23:4 and Luke 2:14 are read aloud.",
    ],
)
def test_counts_stay_counts(text):
    assert [y for y in years(text) if y < 1000] == [], text
    assert 2024 not in years(text) or "March" in text  # "3 March" alone is this year's


@pytest.mark.parametrize(
    "text, value",
    [
        ("The train left at 3:16 on 5 May 2020.", "2020-05-05T03:16"),
        ("On 5 May 2020 the polls closed at 10:30.", "2020-05-05T10:30"),
        ("On 5 May 2020 the vote closed, 9:45 GMT.", "2020-05-05T09:45Z"),
    ],
)
def test_a_clock_time_after_a_preposition_weekday_or_comma_is_still_a_time(text, value):
    # the passage rule ("John 3:16") turns away only a capitalised word that no time follows
    assert value in [v for _, v in readings(text)]


def test_a_count_after_a_day_and_month_leaves_the_day_and_month():
    assert readings("On 3 March 500 protesters marched.") == [("3 March 500", "2024-03-03")]


def test_short_rejection_rules_are_named():
    cases = {"ratio_before": ("one in 100 people", 7), "number_after": ("in 210 350", 3),
             "count_after": ("in 570 facilities", 3), "part_of_after": ("by 120 of whom", 3)}  # fmt: skip
    assert set(cases) == set(SHORT_REJECTION_RULES)
    for rule, (text, start) in cases.items():
        assert short_year_rejection(text, start, start + 3) == rule


# --- 6. the year shape named once ---------------------------------------------------------------


def test_the_year_shapes_are_named_fragments_of_the_table():
    import inspect

    source = inspect.getsource(patterns)
    rules_source = source[source.index("RULES: tuple[Rule, ...] = (") : source.index(")  # fmt: skip\n\n\ndef compile_rule")]
    assert r"[12]\d{3}" not in rules_source and r"[12]\d{{3}}" not in rules_source  # the year is YEAR4
    assert "BC|" not in rules_source and "AD|" not in rules_source  # the era words are ERA_WORDS
    # adding an era word reaches the rules (through the fragments) and the scanner's trigger
    from ragas_temporal.focus_time import scanner

    assert "(?![a-z])" in scanner._NUMBER_TRIGGER and "b(?:" in scanner._ERA_AFTER_LOWER


# --- 7. through the metrics ---------------------------------------------------------------------


def test_faithfulness_catches_an_invented_end_of_a_dynasty():
    from ragas_temporal.metrics import TemporalFaithfulness

    contexts = ["The Tang dynasty (618–907) was an imperial dynasty of China."]
    good = asyncio.run(TemporalFaithfulness().ascore(response="The Tang dynasty ruled from 618 to 907.", retrieved_contexts=contexts))
    bad = asyncio.run(TemporalFaithfulness().ascore(response="The Tang dynasty ruled from 618 to 917.", retrieved_contexts=contexts))
    assert good.value == 1.0
    assert bad.value == 0.5 and bad.reason == "'from 618 to 917': only 618 found"


def test_reasons_print_short_and_bc_years_readably():
    assert [year_label(y) for y in (-44, 79, 618)] == ["44 BC", "AD 79", "618"]
    assert format_years({-44, 14, 618}) == "44 BC, AD 14, 618"
    from ragas_temporal.metrics import TemporalFaithfulness

    r = asyncio.run(TemporalFaithfulness(mode="focus_time").ascore(
        response="Vesuvius erupted in AD 78.", retrieved_contexts=["Vesuvius erupted in AD 79."]))
    assert r.value == 0.0 and "AD 78" in r.reason


def test_retrieval_metrics_grade_contexts_by_short_years():
    from ragas_temporal.metrics import TemporalPrecisionAtK

    metric = TemporalPrecisionAtK(k=2)
    r = asyncio.run(metric.ascore(
        user_input="What happened in 476?",
        retrieved_contexts=["In 476, Odoacer deposed Romulus Augustulus.", "The Tang dynasty (618–907) ruled China."]))
    assert r.value == 0.5  # P@2: one of the two contexts is about 476


def test_coherence_reads_a_reversed_reign():
    from ragas_temporal.metrics import TemporalCoherence

    r = asyncio.run(TemporalCoherence().ascore(response="Alfred the Great (r. 899–871) died in 899."))
    # the reason quotes each end as written (issue 22: the rule named last)
    assert r.reason == "2 of 3 dated claims contradict another: the range r. 899 to 871 ends before it starts (reversed range)"
