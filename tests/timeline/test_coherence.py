"""Coherence rules: each one, what it must not flag, and how claims are counted."""

from __future__ import annotations

import math

import pytest

from ragas_temporal.timeline.formula import timeline_coherence
from ragas_temporal.timeline import read_timeline


def score(text: str):
    return timeline_coherence(*read_timeline(text).evidence())


@pytest.mark.parametrize(
    "text, rule",
    [
        ("The war lasted from 2010 to 2005.", "reversed_range"),
        ("It ran between 1999 and 1990.", "reversed_range"),
        ("She was born in 1950 and died in 1940.", "lifecycle"),
        ("The treaty in 2005 followed the war in 2008.", "order"),
        ("The reform of 2012 preceded the crisis of 2009.", "order"),
        ("The firm was founded in 1990 and was 40 years old in 2010.", "age"),
        ("The war lasted ten years, from 1914 to 1918.", "duration"),
    ],
)
def test_each_rule_finds_its_contradiction(text, rule):
    timeline = read_timeline(text)
    assert [c.rule for c in timeline.contradictions] == [rule]
    # every claim of these one-sentence answers is part of the contradiction: 0 by hand
    assert score(text).value == 0.0


@pytest.mark.parametrize(
    "text",
    [
        "The crisis began in 2008 and ended in 2010.",
        "In 2005 the firm grew, and after the 2008 crash it shrank.",  # clause break: no relation
        "The war lasted four years, from 1914 to 1918.",
        "The firm was founded in 1990 and was 20 years old in 2010.",
        "The firm was founded in 1990 and was 21 years old in 2010.",  # within one year
        "Einstein was born in 1879 in Ulm. He died in 1955.",
        "The treaty in 2008 followed the war in 2005.",
    ],
)
def test_coherent_timelines_score_one(text):
    s = score(text)
    assert s.value == 1.0, s.reason


def test_one_contradiction_among_more_claims():
    text = "Ada was born in 1815. She died in 1810. Her notes appeared in 1843 and in 1845."
    # 4 dated claims (1815, 1810, 1843, 1845); the birth/death pair clashes: 1 - 2/4
    s = score(text)
    assert s.value == 0.5
    assert s.reason == "2 of 4 dated claims contradict another: 'died in 1810' is before 'born in 1815' (born → died)"


def test_fewer_than_two_dated_claims_is_nan():
    s = score("It happened in 2008.")
    assert math.isnan(s.value) and s.reason == "fewer than 2 dated claims (1): nothing to compare"
    assert math.isnan(score("No dates at all.").value)


def test_reason_of_an_age_contradiction_shows_the_arithmetic():
    (c,) = read_timeline("The firm was founded in 1990 and was 40 years old in 2010.").contradictions
    assert c.explanation == "'40 years old' in 2010, but 2010 - 1990 is 20 years (age since founded)"
    assert c.claims == (0, 1, 2)


def test_relative_times_count_once_a_reference_date_places_them():
    import datetime as dt

    text = "It was founded in 2020. It closed last year."
    assert len(read_timeline(text).claims) == 1
    assert len(read_timeline(text, dt.date(2024, 1, 1)).claims) == 2


def test_coherence_score_validates_its_evidence():
    with pytest.raises(ValueError, match="at least two distinct claims"):
        timeline_coherence(3, [((0, 0), "self")])
    with pytest.raises(ValueError, match="in 0..2"):
        timeline_coherence(3, [((0, 5), "out of range")])
    with pytest.raises(ValueError, match="non-negative integer"):
        timeline_coherence(-1, [])


def test_hostile_text_is_bounded():
    text = "He was born in 1950 and died in 1940. " * 3000
    timeline = read_timeline(text)
    assert len(timeline.claims) == 6000 and len(timeline.contradictions) == 3000


# --- issue 22: lifecycle pairs, day-level order, ages, durations tied to their events --------------


@pytest.mark.parametrize(
    "text, explanation",
    [
        ("The company was founded in 1990 and dissolved in 1985.", "'dissolved in 1985' is before 'founded in 1990' (founded → dissolved)"),
        ("The bridge opened in 1932 and was closed in 1929.", "'closed in 1929' is before 'opened in 1932' (opened → closed)"),
        ("Construction began in 2015 and was completed in 2012.", "'completed in 2012' is before 'began in 2015' (began → completed)"),
        ("She joined the firm in 2010 and left it in 2004.", "'left it in 2004' is before 'joined the firm in 2010' (joined → left)"),
        ("The album was recorded in 1999 and released in 1997.", "'released in 1997' is before 'recorded in 1999' (recorded → released)"),
        ("He was born on 14 March 1879 and died on 2 March 1879.", "'died on 2 March 1879' is before 'born on 14 March 1879' (born → died)"),
        ("The palace was built in 1443 and demolished in 1440.", "'demolished in 1440' is before 'built in 1443' (built → demolished)"),
        ("He took office in 2001 and left office in 1999.", "'left office in 1999' is before 'took office in 2001' (took office → left office)"),
    ],
)
def test_lifecycle_pairs_name_both_claims_and_the_rule(text, explanation):
    timeline = read_timeline(text)
    assert [(c.rule, c.explanation) for c in timeline.contradictions] == [("lifecycle", explanation)]
    assert score(text).value == 0.0  # both dated claims clash: 1 - 2/2


def test_the_issue_age_example_is_caught():
    (c,) = read_timeline("She was born in 1960 and, aged 30, won the title in 1975.").contradictions
    # 1975 - 1960 = 15: she was 14 or 15, never 30; the three claims clash
    assert c.rule == "age" and c.claims == (0, 1, 2)
    assert c.explanation == "'aged 30' in 1975, but 1975 - 1960 is 15 years (age since born)"


@pytest.mark.parametrize(
    "text",
    [
        "Mozart was born in 1756. He wrote his first symphony in 1764 at the age of 20.",  # adjacent, same subject
        "Born in 1942, the boxer won Olympic gold in 1960 at age 30.",
        "Joan of Arc was born in 1412 and was burned at the stake in 1431 as a 40-year-old.",
        "Keats was born on 31 October 1795 and died on 23 February 1821, aged 26.",  # day level: he was 25
        "He died in 1990 at the age of sixty, having been born in 1910.",
    ],
)
def test_every_way_of_writing_an_age_is_checked_against_the_birth(text):
    assert [c.rule for c in read_timeline(text).contradictions] == ["age"]


@pytest.mark.parametrize(
    "text",
    [
        "Keats was born on 31 October 1795 and died on 23 February 1821, aged 25.",
        "Mozart was born in 1756. He wrote his first symphony in 1764 at the age of eight.",
        # an age counts from the birth, not from a boutique's opening
        "Helmut Lang set up a studio in 1977 and opened a boutique there in 1979 at the age of 23.",
        # an age in the next sentence of another subject
        "His father was born in 1900. She joined the firm in 1950, aged 20.",
    ],
)
def test_coherent_ages(text):
    assert read_timeline(text).contradictions == ()


@pytest.mark.parametrize(
    "text",
    [
        # day against day, month against month; a year against a date compares years
        "He was born on 3 February 1809 and died on 12 February 1809.",
        "The bank opened in March 1990 and closed on 2 March 1990.",
        "The strike began on 1 June 1984 and ended in 1984.",
        # restarts, other people, events that state their own order
        "The district was abolished on 1 February 1963, and on 12 January 1965 it was re-established.",
        "Sarri resigned on 24 June 2011, and on 6 July 2011 he was appointed at Sorrento.",
        "His father died in 1940. He was born in 1950.",
        "He was born in 1950 and his father died in 1940.",
        "She was appointed ambassador in 2005, having left the ministry in 2003.",
        "He married Jane, who was born in 1960, and died in 1955.",
        "Production started in 1990, while the prototype was completed in 1989.",
    ],
)
def test_lifecycle_false_alarms_it_must_not_raise(text):
    assert read_timeline(text).contradictions == ()


def test_a_single_range_is_a_timeline():
    forward = score("He served as mayor from 2008 to 2012.")
    assert forward.value == 1.0 and forward.reason == "no contradiction among 2 dated claims"
    assert score("He served as mayor from 2012 to 2008.").value == 0.0


@pytest.mark.parametrize(
    "text, coherent",
    [
        ("The treaty was signed in 1920, five years after the war ended in 1918.", False),  # 2 years, not 5
        ("The treaty was signed in 1920, two years after the war ended in 1918.", True),
        ("The crash of 1929 was followed by the New Deal in 1925.", False),  # "followed by": first is earlier
        ("The crash of 1929 was followed by the New Deal in 1933.", True),
        # the cue's own date ("after 1916") and a date that only names a season ("the 2017 season") relate nothing
        ("Opposite it stood the 1899 building which after 1916 housed the Romanisches Café.", True),
        ("He announced his move for the 2017 season before the 2016 Grand Prix.", True),
        ("Composers include Piero Strozzi (1550 – after 1608).", True),
        # "before which" points back: the served years come before the election
        ("She was elected to the Senate in 1992, before which she had served as mayor from 1985 to 1991.", True),
    ],
)
def test_one_sided_order_words(text, coherent):
    assert (read_timeline(text).contradictions == ()) is coherent


@pytest.mark.parametrize(
    "text",
    [
        # the issue's false alarms on Wikipedia: a duration is compared only with the span it measures
        "The foundations were laid in the 1964–65 season by a player for 18 years, who agreed to manage.",
        "The economy grew by 10.6% a year from 1965 to 1979.",
        "He joined in 1960–61 and left after a six-year stay.",
        "In 2006–07 the club made its first appearance in 22 years.",
        "The magazine came out four times a year in 1836–1843 and once a month after that.",
        "The project was published 1951 to 1986, requiring more than 30 years to complete.",
        "Liedholm won with Roma in 1982–83 (60 years and 219 days).",
        "The Great Patriotic War 1941–1945: Jubilee Medal Twenty Years of Victory.",
    ],
)
def test_durations_never_meet_an_unrelated_range(text):
    assert [c for c in read_timeline(text).contradictions if c.rule == "duration"] == []


@pytest.mark.parametrize(
    "text, coherent",
    [
        ("The Napoleonic Wars lasted twenty years (1803–1815).", False),
        ("The Napoleonic Wars lasted twelve years (1803–1815).", True),
        ("The Berlin Airlift lasted three years, from June 1948 to September 1949.", False),
        ("The Berlin Airlift lasted 15 months, from June 1948 to September 1949.", True),
        ("The project took more than 30 years, from 1951 to 1986.", True),  # a lower bound
        ("The project took more than 40 years, from 1951 to 1986.", False),
        ("He served a six-year term from 2000 to 2006.", True),
        ("He served as governor from 1999 to 2007, eight years in all.", True),
        ("He served as governor from 1999 to 2007, twelve years in all.", False),
    ],
)
def test_a_duration_against_the_range_it_measures(text, coherent):
    assert (read_timeline(text).contradictions == ()) is coherent


def test_a_coordinated_gap_counts_from_the_head_date():
    text = "The euro came in 1999, ten years after the Wall fell in 1989 and two years after Maastricht in 1993."
    (c,) = read_timeline(text).contradictions
    # 1999 - 1993 = 6 years, not two; the first gap (1999 - 1989 = 10) holds
    assert c.explanation == "'two years after', but 1999 - 1993 is 6 years (order gap)"
    assert read_timeline(text.replace("two years", "six years")).contradictions == ()


def test_days_without_a_year_are_never_ordered_across_years():
    # issue 34: "June 4" and "June 2" have no year (XXXX-06-04): neither is a dated claim, so
    # "after" between them is no contradiction, whatever the years would be
    text = "It was founded in 2020. The shop opened on June 4, after the sale on June 2. It closed on June 1 before it opened."
    timeline = read_timeline(text)
    assert len(timeline.claims) == 1 and timeline.contradictions == ()
    assert read_timeline("It closed on June 1, before it opened on June 4.").claims == ()
