"""Property tests: any string is safe, spans are exact, results are deterministic."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from ragas_temporal.focus_time.extract import extract_focus_time, scan
from ragas_temporal.focus_time.model import MENTION_KINDS

# text biased towards the characters and words the rules care about
_ATOMS = st.sampled_from(
    ["2019", "1990s", "'08", "March", "May", "3", "rd", "of", "the", "last", "year", "ago", "BC", "AD", "-", "–",
     "/", ".", ",", " ", "\n", "FY", "Q3", "10:30", "pm", "Friday", "tonight", "from", "to", "between", "and",
     "$", "%", "people", "century", "19th", "World War II", "İ", "ß", "’"]
)  # fmt: skip
TEXTS = st.one_of(st.text(max_size=200), st.lists(st.one_of(_ATOMS, st.text(max_size=3)), max_size=30).map("".join))
REFS = st.one_of(st.none(), st.dates(min_value=dt.date(1, 1, 1), max_value=dt.date(9999, 12, 31)))


@settings(max_examples=150, deadline=None)
@given(TEXTS, REFS)
def test_any_text_gives_valid_non_overlapping_mentions(text, ref):
    ft = extract_focus_time(text, ref)
    last_end = 0
    for m in ft.mentions:
        assert 0 <= m.start < m.end <= len(text)
        assert text[m.start : m.end] == m.text
        assert m.start >= last_end
        last_end = m.end
        assert m.kind in MENTION_KINDS
        assert all(isinstance(y, int) and y != 0 for y in m.years)
        if m.value is None:
            assert m.years == frozenset()
    assert ft.years == frozenset().union(*(m.years for m in ft.mentions))


@settings(max_examples=75, deadline=None)
@given(TEXTS, REFS)
def test_results_are_deterministic_and_cache_independent(text, ref):
    first = extract_focus_time(text, ref)
    extract_focus_time.cache_clear()
    assert extract_focus_time(text, ref) == first
    assert scan(text, ref) == first.mentions


@settings(max_examples=75, deadline=None)
@given(TEXTS)
def test_without_reference_no_year_comes_from_nowhere(text):
    # without a reference date every year must come from a mention whose own text has a digit
    # or a named period / decade word (no wall clock)
    for m in extract_focus_time(text).mentions:
        if m.years and m.kind not in ("named_period", "decade", "century", "anaphoric"):
            assert any(c.isdigit() for c in m.text), m


def test_many_seeded_combinations_of_rule_atoms_never_raise():
    # a cheap deterministic sweep next to hypothesis: thousands of short texts built from the
    # atoms context rules look at ("'12-15" once crashed a count-range check)
    import random

    atoms = ["2019", "'12", "’90s", "15", "4.1", "2,000", "-", "–", " to ", " and ", " or ", " people", " km", "%",
             "$", "No. ", "Room ", " ", "\n", "in ", "between ", "from ", "March ", "FY", "Q3 ", "AD ", " BC",
             "10:30", "pm", "3rd", "1990s", "the following year", "last year", "May 5", "İ", "٣", "."]  # fmt: skip
    rng = random.Random(2024)
    for _ in range(3000):
        text = "".join(rng.choice(atoms) for _ in range(rng.randint(1, 12)))
        ref = rng.choice([None, dt.date(2019, 3, 3), dt.date(1, 1, 1), dt.date(9999, 12, 31)])
        for m in scan(text, ref):
            assert text[m.start : m.end] == m.text
