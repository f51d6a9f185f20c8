"""Bounded memory and sane years: wide ranges keep their ends, not every year; years outside the
era are not years; dates past the calendar's ends get no year; digits of every script read alike;
the memo is bounded by size. Values below are worked out by hand from the documented limits
(``normalise.MAX_SPAN_YEARS`` = 200, era 99,999 BC .. AD 9999, a text's range-year budget of
4 per character plus 1,000)."""

from __future__ import annotations

import datetime as dt
import sys
import tracemalloc

import pytest

from ragas_temporal.focus_time import extract as extract_module
from ragas_temporal.focus_time.extract import _SizedMemo, extract_focus_time, scan
from ragas_temporal.focus_time.model import FocusTime
from ragas_temporal.focus_time.normalise import ERA_FIRST, ERA_LAST, MAX_SPAN_YEARS, year_span

MB = 1_000_000


def _peak_bytes(fn) -> int:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _mentions(text, reference=None):
    return [(m.text, m.value, sorted(m.years), m.start_year, m.end_year) for m in scan(text, reference)]


# --- wide ranges -------------------------------------------------------------------------------


def test_the_documented_limits():
    assert (MAX_SPAN_YEARS, ERA_FIRST, ERA_LAST) == (200, -99_999, 9999)


def test_a_range_wider_than_the_limit_keeps_its_value_and_its_two_ends():
    assert _mentions("from 9999 BC to 9999 AD") == [
        ("from 9999 BC to 9999 AD", "BC9999/9999", [-9999, 9999], -9999, 9999)
    ]
    # 1600..1900 is 301 years: ends only; 1700..1899 is exactly 200 years: every year
    assert _mentions("from 1600 to 1900") == [("from 1600 to 1900", "1600/1900", [1600, 1900], 1600, 1900)]
    ((text, value, years, first, last),) = _mentions("from 1700 to 1899")
    assert (value, len(years), first, last) == ("1700/1899", 200, 1700, 1899)
    # 100 BC .. AD 100 is 200 years (there is no year 0): every year
    assert len(year_span(-100, 100)) == 200 and 0 not in year_span(-100, 100)
    assert sorted(year_span(-101, 100)) == [-101, 100]  # 201 years: ends


def test_decades_and_centuries_hold_every_year_and_expose_their_ends():
    assert _mentions("the early 1990s") == [("the early 1990s", "199", [1990, 1991, 1992, 1993], 1990, 1993)]
    ((_, value, years, first, last),) = _mentions("the 19th century")
    assert (value, len(years), first, last) == ("18", 100, 1800, 1899)
    ((_, value, years, first, last),) = _mentions("the 5th century BC")
    assert (value, len(years), first, last) == ("BC0500/BC0401", 100, -500, -401)


def test_named_periods_are_not_cut_to_their_ends():
    ((_, value, years, first, last),) = _mentions("the Middle Ages")
    assert (value, len(years), first, last) == ("0500/1500", 1001, 500, 1500)


def test_a_duration_beyond_the_limit_or_the_era():
    # the past 300 years from 2020: 1720..2020 is 301 years, so its ends
    assert _mentions("the past 300 years", dt.date(2020, 1, 1)) == [
        ("the past 300 years", "P300Y", [1720, 2020], 1720, 2020)
    ]
    # a start before the era has no year: the value stays, the years go
    assert _mentions("the past 1,000,000 years", dt.date(2020, 1, 1)) == [
        ("the past 1,000,000 years", "P1000000Y", [], None, None)
    ]


# --- the era and the calendar's ends -----------------------------------------------------------


@pytest.mark.parametrize("text", ["34402 AD", "12,345,678 BC", "in 100000 BC", "from 9,999,999 BC"])
def test_years_outside_the_era_are_not_years(text):
    assert extract_focus_time(text).years == frozenset()


def test_years_at_the_edges_of_the_era_are_years():
    assert sorted(extract_focus_time("around 10,000 BC and AD 9999").years) == [-10_000, 9999]


@pytest.mark.parametrize(
    "text, reference",
    [("tomorrow", dt.date(9999, 12, 31)), ("yesterday", dt.date(1, 1, 1)), ("next year", dt.date(9999, 6, 1)),
     ("last week", dt.date(1, 1, 3)), ("the day after tomorrow", dt.date(9999, 12, 30)),
     ("three days later", dt.date(9999, 12, 30)), ("the next day", dt.date(9999, 12, 31))],
)  # fmt: skip
def test_a_date_past_the_calendar_gets_no_year_rather_than_a_wrong_one(text, reference):
    ((_, value, years, _, _),) = _mentions(text, reference)
    assert (value, years) == (None, [])


def test_the_day_before_the_calendar_ends_still_resolves():
    assert _mentions("tomorrow", dt.date(9999, 12, 30))[0][1:3] == ("9999-12-31", [9999])
    assert _mentions("yesterday", dt.date(1, 1, 2))[0][1:3] == ("0001-01-01", [1])


# --- digits of other scripts ------------------------------------------------------------------


@pytest.mark.parametrize("digits", ["٢٠٠٨", "۲۰۰۸", "२००८", "２００８"])
def test_digits_of_every_script_read_like_ascii_digits(digits):
    ascii_ft = extract_focus_time("In 2008 prices rose.")
    ft = extract_focus_time(f"In {digits} prices rose.")
    assert ft.years == ascii_ft.years == {2008}
    assert [(m.start, m.end, m.text, m.value) for m in ft.mentions] == [(3, 7, digits, "2008")]


def test_other_digits_in_dates_and_eras():
    assert extract_focus_time("٣ March ٢٠١٩").mentions[0].value == "2019-03-03"
    assert extract_focus_time("٧٥٣ BC").years == {-753}


# --- memory ------------------------------------------------------------------------------------


HOSTILE_100KB = {
    "one wide era range repeated": "from 9999 BC to 9999 AD. " * 4000,
    "huge durations": "the past 1,000,000 years; " * 4000,
    "200-year ranges, all different": " ".join(f"In {1000 + i % 1800}-{1200 + i % 1800 - i // 1800}." for i in range(9000)),
    "BC centuries": " ".join(f"the {i % 99 + 1}th century BC" for i in range(6000)),
    "qualified centuries": " ".join(
        f"the {('early', 'mid', 'late', 'Early')[i % 4]} {i % 99 + 1}th century{(' BC', '')[i // 4 % 2]}" for i in range(5000)
    ),
    "2-digit ranges, all different": " ".join(
        f"{1000 + i % 1900}–{(i % 1900 + 80 + i // 1900 % 20) % 100:02d};" for i in range(12000)
    ),
}


@pytest.mark.parametrize("name", HOSTILE_100KB)
def test_100_kb_of_hostile_text_stays_under_50_mb(name):
    text = HOSTILE_100KB[name][:100_000]
    assert len(text) == 100_000
    found = []
    peak = _peak_bytes(lambda: found.append(scan(text, dt.date(2020, 1, 1))))
    assert found[0], "the hostile text must produce mentions for the measurement to mean anything"
    assert peak < 50 * MB, f"{name}: {peak / MB:.1f} MB"


def test_a_text_past_its_range_budget_keeps_the_ends_of_further_ranges():
    # budget: 4 years per character + 1,000. 400 x "In 1700-1899. " is 5,600 characters, so
    # 23,400 range years: the first 117 ranges (200 years each) hold every year, later ones their ends
    mentions = scan("In 1700-1899. " * 400)
    assert [len(m.years) for m in mentions[:117]] == [200] * 117
    assert [sorted(m.years) for m in mentions[117:]] == [[1700, 1899]] * 283
    assert {(m.value, m.start_year, m.end_year) for m in mentions} == {("1700/1899", 1700, 1899)}


def test_memory_grows_linearly_with_the_text():
    unit = "from 9999 BC to 9999 AD. In 1000-1199 and 1500-1650, the 19th century. "
    small = _peak_bytes(lambda: scan(unit * 100))
    large = _peak_bytes(lambda: scan(unit * 800))
    assert large < 8 * small * 1.5  # 8 times the text: at most about 8 times the memory


def test_the_memo_is_bounded_by_size_not_by_entry_count(monkeypatch):
    # 1,000 different hostile texts (before: 20,000 years per mention, 3.6 GB for 1,000 texts of
    # 10 KB); a 1 MB budget keeps the test quick; the estimate must not undercount what is held
    assert extract_module._MEMO.max_bytes == extract_module.CACHE_MAX_BYTES
    monkeypatch.setattr(extract_module._MEMO, "max_bytes", 1 * MB)
    extract_focus_time.cache_clear()
    try:
        tracemalloc.start()
        for i in range(1000):
            extract_focus_time(f"Text {i}: " + "from 9999 BC to 9999 AD. " * 10)
        held = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        info = extract_focus_time.cache_info()
        assert info.nbytes <= 1 * MB and 0 < info.currsize < 1000  # old entries were dropped
        assert held < 1 * MB * 1.25, f"{held / MB:.1f} MB held for a 1 MB budget"
    finally:
        extract_focus_time.cache_clear()


def test_the_sized_memo_evicts_least_recently_used_entries_by_bytes():
    memo = _SizedMemo(max_bytes=80_000)
    ft = FocusTime()
    for i in range(8):
        memo.put((f"{i}" * 9_000, None), ft)  # about 9,300 bytes each
    assert memo.get(("0" * 9_000, None)) is ft  # used: now the most recent
    memo.put(("x" * 9_000, None), ft)  # over budget: the least recent ("1...") goes
    assert memo.get(("1" * 9_000, None)) is None
    assert memo.get(("0" * 9_000, None)) is ft
    info = memo.info()
    assert info.nbytes <= 80_000 and info.currsize == 8
    memo.put(("y" * 20_000, None), ft)  # bigger than an eighth of the budget: not kept
    assert memo.get(("y" * 20_000, None)) is None
    memo.clear()
    assert memo.info() == (0, 0, 80_000, 0, 0)


MiB = 2**20


def _astral_texts(n: int, chars: int):
    # distinct texts of emoji: 4 bytes per character in a Python str (and in UTF-8)
    return (f"{i} " + "\U0001F600" * chars for i in range(n))


def test_the_memo_counts_what_astral_plane_text_occupies(monkeypatch):
    # 40 texts of 100,000 emoji (400 KB each) for a 4 MiB budget: counting characters let all 40
    # in (15.3 MiB held, 3.8x the budget); counting bytes keeps 10, within 1.5x the budget
    monkeypatch.setattr(extract_module._MEMO, "max_bytes", 4 * MiB)
    extract_focus_time.cache_clear()
    try:
        tracemalloc.start()
        for text in _astral_texts(40, 100_000):
            extract_focus_time(text)
        held = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        assert held < 1.5 * 4 * MiB, f"{held / MiB:.1f} MiB held for a 4 MiB budget"
        assert extract_focus_time.cache_info().nbytes <= 4 * MiB
    finally:
        extract_focus_time.cache_clear()


def _resident_bytes() -> int:
    import os
    import resource

    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize()


@pytest.mark.skipif(not __import__("os").path.exists("/proc/self/statm"), reason="reads resident memory from /proc")
def test_resident_memory_stays_within_the_memo_budget_on_astral_plane_text(monkeypatch):
    # the process's resident set, not only Python's allocations: 40 texts of 200,000 emoji (800 KB
    # each) for an 8 MiB budget grew it by 17 to 32 MiB before (2-4x); now about 1.2x
    monkeypatch.setattr(extract_module._MEMO, "max_bytes", 8 * MiB)
    extract_focus_time.cache_clear()
    try:
        before = _resident_bytes()
        for text in _astral_texts(40, 200_000):
            extract_focus_time(text)
        grown = _resident_bytes() - before
        assert grown < 1.5 * 8 * MiB, f"resident memory grew {grown / MiB:.1f} MiB for an 8 MiB budget"
    finally:
        extract_focus_time.cache_clear()


def _getsizeof_bytes(text, focus_time):
    """An entry's bytes counted object by object with sys.getsizeof (what the memo's constants
    and spans stand for)."""
    from ragas_temporal.focus_time import extract

    size = extract._ENTRY_OVERHEAD + sys.getsizeof(text) + sys.getsizeof(focus_time) + sys.getsizeof(focus_time.mentions)
    size += sys.getsizeof(focus_time.years) + sys.getsizeof(2008) * len(focus_time.years)
    for m in focus_time.mentions:
        size += extract._MENTION_BYTES + sys.getsizeof(m.text) + sys.getsizeof(m.value)
        size += sys.getsizeof(m.years) + sys.getsizeof(2008) * len(m.years)
    return size


@pytest.mark.parametrize(
    ("text", "reference"),
    [("Revenue grew from 2008 to 2010; last year it fell.", None), ("the 18th century and the 1990s", None),
     ("from 9999 BC to 9999 AD", None), ("No dates here.", None), ("", None), ("in March", None),
     ("Napoléon est mort le 5 mai 1821, à Sainte-Hélène.", None), ("1949年10月1日，中华人民共和国成立。", None),
     ("yesterday \U0001F600 and 2019", dt.date(2020, 1, 1))],
)  # fmt: skip
def test_the_memo_estimate_of_an_entry_is_getsizeof_s_count_or_a_little_above(text, reference):
    # exact for ASCII text (but for the shared None value of an unresolved mention, 16 bytes,
    # not counted), never below, and at most 10% above for other text (slices counted at 4 bytes
    # a character)
    from ragas_temporal.focus_time.extract import _estimated_bytes

    focus_time = extract_focus_time(text, reference)
    counted = _getsizeof_bytes(text, focus_time)
    unresolved = sum(m.value is None for m in focus_time.mentions) * sys.getsizeof(None)
    estimate = _estimated_bytes(text, focus_time)
    if text.isascii():
        assert estimate == counted - unresolved
    else:
        assert counted <= estimate <= 1.1 * counted
