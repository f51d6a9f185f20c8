"""Gold events: parsing the reference, placing events in an answer, years versus order."""

from __future__ import annotations

import pytest

from ragas_temporal.timeline.formula import event_order_accuracy
from ragas_temporal.timeline import event_times, locate_events, parse_gold_events

GOLD = ["Sputnik launch", "Apollo 11 Moon landing", "Fall of the Berlin Wall", "Launch of the ISS"]


@pytest.mark.parametrize(
    "reference",
    [
        "Sputnik launch\nApollo 11 Moon landing\n\nFall of the Berlin Wall\nLaunch of the ISS",
        "- Sputnik launch\n- Apollo 11 Moon landing\n- Fall of the Berlin Wall\n- Launch of the ISS",
        "1. Sputnik launch\n2) Apollo 11 Moon landing\n3. Fall of the Berlin Wall\n4. Launch of the ISS",
        '["Sputnik launch", "Apollo 11 Moon landing", "Fall of the  Berlin Wall", "Launch of the ISS"]',
    ],
)
def test_gold_events_in_every_written_form(reference):
    assert parse_gold_events(reference) == GOLD


@pytest.mark.parametrize(
    "reference, message",
    [
        ('["a", 3]', "JSON list of strings"),
        ("[not json", "does not parse"),
        ("A\nB\na", "twice"),
    ],
)
def test_bad_references_say_what_to_fix(reference, message):
    with pytest.raises(ValueError, match=message):
        parse_gold_events(reference)


def test_events_placed_by_the_year_next_to_them():
    answer = (
        "The Berlin Wall fell in 1989. Sputnik was launched in 1957. "
        "The Apollo 11 crew made the Moon landing in 1969."
    )
    places = locate_events(answer, GOLD)
    assert [(p.event, p.found, p.year) for p in places] == [
        ("Sputnik launch", True, 1957),
        ("Apollo 11 Moon landing", True, 1969),
        ("Fall of the Berlin Wall", True, 1989),
        ("Launch of the ISS", False, None),
    ]
    times, basis = event_times(places)
    assert basis == "stated years"
    # all three found in gold order by year: tau 1 -> 1.0; 3 of 4 found
    s = event_order_accuracy(times, GOLD)
    assert s.value == 1.0
    assert s.reason.startswith("found 3 of 4 gold events (not found: Launch of the ISS)")


def test_without_years_the_order_of_mention_counts():
    answer = "First came the Moon landing by Apollo 11, then Sputnik, and later the Berlin Wall fell."
    places = locate_events(answer, GOLD[:3])
    times, basis = event_times(places)
    assert basis == "order of mention"
    # answer order: Apollo, Sputnik, Wall vs gold Sputnik, Apollo, Wall:
    # pairs (S,A) discordant, (S,W) and (A,W) concordant: tau = (2-1)/3 = 1/3 -> (1/3 + 1)/2 = 2/3
    assert event_order_accuracy(times, GOLD[:3]).value == pytest.approx(2 / 3)


def test_a_year_for_only_some_events_falls_back_to_order():
    answer = "Sputnik flew in 1957. Then the Moon landing of Apollo 11 happened."
    times, basis = event_times(locate_events(answer, GOLD[:2]))
    assert basis == "order of mention" and times["Sputnik launch"] < times["Apollo 11 Moon landing"]


def test_events_in_one_year_are_tied():
    answer = "In 1989 the Berlin Wall fell and the ISS was planned. Sputnik launched in 1957."
    places = locate_events(answer, ["Sputnik launch", "Fall of the Berlin Wall", "ISS planned"])
    times, _ = event_times(places)
    assert times == {"Sputnik launch": 1957, "Fall of the Berlin Wall": 1989, "ISS planned": 1989}
    # gold S < W < I; answer S < W = I: 2 concordant, 1 tied in the answer:
    # tau-b = 2 / sqrt(3 * 2) = 0.8165 -> 0.9082
    assert event_order_accuracy(times, ["Sputnik launch", "Fall of the Berlin Wall", "ISS planned"]).value == pytest.approx(
        (2 / 6**0.5 + 1) / 2
    )


def test_words_shared_by_events_do_not_place_them():
    answer = "Lehman was founded in 1850 and was 158 years old when it failed in September 2008."
    times, basis = event_times(locate_events(answer, ["Lehman founded", "Lehman failed"]))
    # "founded" is next to 1850, "failed" next to September 2008 ("Lehman", shared, says nothing)
    assert (times, basis) == ({"Lehman founded": 1850, "Lehman failed": 2008}, "stated years")
