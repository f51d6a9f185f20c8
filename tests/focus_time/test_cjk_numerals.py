"""CJK numerals read as digits, and Chinese, Japanese and Korean dates without a year (issue 35).

The sentences are written for these tests (public facts: the Three Gorges Dam's construction
began on 14 December 1994, China joined the WTO on 11 December 2001, the Tohoku earthquake struck
on 11 March 2011, the Great Kanto earthquake on 1 September 1923, Reiwa began on 1 May 2019);
every value is worked out by hand. The reference date 2024-05-01 is a
Wednesday.
"""

from __future__ import annotations

import datetime as dt
import time
import tracemalloc

import pytest

from ragas_temporal.focus_time import patterns, scanner
from ragas_temporal.focus_time.cjk_numerals import cjk_number, cjk_numerals_as_digits
from ragas_temporal.focus_time.extract import extract_focus_time, scan
from ragas_temporal.focus_time.normalise import ascii_digits
from ragas_temporal.focus_time.regex_analysis import first_chars

REFERENCE = dt.date(2024, 5, 1)


@pytest.mark.parametrize(("written", "value"), [
    ("一九九四", 1994), ("二〇〇一", 2001), ("二零一一", 2011), ("二○○八", 2008), ("一九九0", 1990), ("九七", 97),
    ("十", 10), ("十四", 14), ("二十", 20), ("三十一", 31), ("一百零五", 105), ("两千", 2000), ("三千五百万", 35_000_000),
    ("삼십", 30), ("이", 2),
])  # fmt: skip
def test_the_numeral_reader(written, value):
    assert cjk_number(written) == value


@pytest.mark.parametrize("written", ["", "十十", "百千", "年", "一a"])
def test_what_is_no_number(written):
    assert cjk_number(written) is None


def test_the_rewrite_keeps_the_length_and_leaves_counts_and_words():
    for text in ["一九九四年十二月十四日", "二十八日", "九十年代", "两千年前", "三十年来", "统一的十分重要", "二十一世纪"]:
        assert len(cjk_numerals_as_digits(text)) == len(text)
    assert cjk_numerals_as_digits("两千年前，三十年来，统一的十分重要") == "两千年前，三十年来，统一的十分重要"


#: (text, [(mention text, value)]) against the reference date 2024-05-01
DATES = [
    # --- numerals written digit by digit, 〇 and 零, mixed with full-width digits ---
    ("长江三峡工程于一九九四年十二月十四日正式开工。", [("一九九四年十二月十四日", "1994-12-14")]),
    ("二零零一年十二月十一日，中国正式加入世界贸易组织。", [("二零零一年十二月十一日", "2001-12-11")]),
    ("二〇一一年三月十一日に東日本大震災が発生した。", [("二〇一一年三月十一日", "2011-03-11")]),
    ("一九九０年，这座桥建成通车。", [("一九九０年", "1990")]),
    ("会议于２００３年１０月１５日召开。", [("２００３年１０月１５日", "2003-10-15")]),
    ("从一九五八至一九六二年", [("一九五八至一九六二年", "1958/1962")]),
    # --- a two-digit year: the century from the reference date (2024: '97 is 1997) ---
    ("九七年香港回归祖国。", [("九七年", "1997")]),
    ("九十年代，这里建起了工厂。", [("九十年代", "199")]),
    ("二十一世纪的头十年", [("二十一世纪", "20")]),
    # --- a month and day without a year: the reference date's year, or the last date's ---
    ("新华社上海三月二十八日电", [("三月二十八日", "2024-03-28")]),
    ("十月十日，大会开幕。", [("十月十日", "2024-10-10")]),
    ("一九八四年，他来到深圳。十月一日，工厂开工。", [("一九八四年", "1984"), ("十月一日", "1984-10-01")]),
    ("工程在3月28号完工，7月份投产。", [("3月28号", "2024-03-28"), ("7月份", "2024-07")]),
    ("１２月２５日", [("１２月２５日", "2024-12-25")]),
    # --- Korean writes digits: with and without a year ---
    ("한국은 2002년 6월 4일 폴란드를 이겼다.", [("2002년 6월 4일", "2002-06-04")]),
    ("회의는 6월 4일에 열린다.", [("6월 4일", "2024-06-04")]),
    # --- relative years, days, months and weeks ---
    ("去年十二月，今年上半年，前年", [("去年十二月", "2023-12"), ("今年上半年", "2024-H1"), ("前年", "2022")]),
    ("二〇一〇年出口增长，比上年提高。", [("二〇一〇年", "2010"), ("上年", "2009")]),
    ("一九九五年建厂，次年投产。", [("一九九五年", "1995"), ("次年", "1996")]),
    ("今日，昨天晚上，明天", [("今日", "2024-05-01"), ("昨天晚上", "2024-04-30TEV"), ("明天", "2024-05-02")]),
    ("本月，上月，下个月", [("本月", "2024-05"), ("上月", "2024-04"), ("下个月", "2024-06")]),
    # --- weekdays: the nearest one, or in the week named before it ---
    ("星期一，周五，礼拜天", [("星期一", "2024-04-29"), ("周五", "2024-05-03"), ("礼拜天", "2024-04-28")]),
    ("上周三，下星期二", [("上周三", "2024-04-24"), ("下星期二", "2024-05-07")]),
    ("月曜日、금요일", [("月曜日", "2024-04-29"), ("금요일", "2024-05-03")]),
    # --- halves and quarters, with a year or of the last date's year ---
    ("2023年第三季度，2008年上半年", [("2023年第三季度", "2023-Q3"), ("2008年上半年", "2008-H1")]),
    ("二〇一九年营收增长，第一季度最快。", [("二〇一九年", "2019"), ("第一季度", "2019-Q1")]),
    ("2023년 1분기", [("2023년 1분기", "2023-Q1")]),
    # --- Japanese era years: Taisho 12 is 1912 + 12 - 1 = 1923 (the Great Kanto earthquake), Reiwa 1 is 2019 ---
    ("大正十二年九月一日に関東大震災が起きた。", [("大正十二年九月一日", "1923-09-01")]),
    ("令和元年五月一日に改元された。", [("令和元年五月一日", "2019-05-01")]),
    # --- present references ---
    ("目前，该项目进展顺利。", [("目前", "PRESENT_REF")]),
]


@pytest.mark.parametrize(("text", "mentions"), DATES, ids=[t[:12] for t, _ in DATES])
def test_cjk_dates_in_every_mode(text, mentions):
    for language in ("zh", "en"):
        assert [(m.text, m.value) for m in scan(text, REFERENCE, language)] == mentions, language


@pytest.mark.parametrize("text", [
    "这座桥用了25年才建成。",  # 了: a count of years
    "他在这里工作了三十年。",  # positional: a count
    "七八年前，这里还是农田。",  # seven or eight years
    "大约50年后",  # a round number of years
    "两千年前的文物",  # a count of years before 前
    "这家企业25年来一直盈利。",  # over 25 years
    "这件事体现在细节上。",  # 体现 + 在: no "now"
    "每周一次的例会",  # once a week: no weekday
    "统一思想十分重要。",  # 一 and 十 in words
])
def test_counts_and_words_are_no_dates(text):
    assert [(m.text, m.value) for m in scan(text, REFERENCE, "zh") if m.years] == []
    assert not extract_focus_time(text, REFERENCE, "zh").years


def test_without_a_reference_date_relative_words_have_no_year():
    # as in English: "today" is UNDEF-this-day, "Monday" a Monday of an unknown week, and "December
    # last year" has nothing to count from
    mentions = scan("去年十二月，今天，星期一")
    assert [(m.text, m.value) for m in mentions] == [("去年十二月", None), ("今天", "UNDEF-this-day"), ("星期一", "XXXX-WXX-1")]
    assert all(not m.years for m in mentions)


def test_every_letter_a_cjk_rule_can_start_with_is_a_trigger():
    # the fast scanner tries a rule at a CJK letter only when the letter is a trigger
    for rule in patterns.RULES:
        chars = first_chars(rule.pattern)
        assert chars is not None, rule.name
        assert {c for c in chars if not c.isascii() and c.isalpha()} <= patterns.CJK_TRIGGER_CHARS, rule.name


@pytest.mark.parametrize("text", [t for t, _ in DATES] + ["English 2008 text with 中文 and 三月二十八日 mixed, 去年 and last year."])
def test_fast_and_full_scanners_agree(text):
    text = cjk_numerals_as_digits(ascii_digits(text))
    fast = [(name, m.span()) for name, m in scanner.iter_matches(text)]
    full = [(name, m.span()) for name, m in scanner.iter_matches_reference(text)]
    assert fast == full


def test_mixed_script_text_reads_both():
    text = "The plant opened in March 2019; 工厂于二〇一九年三月投产，去年扩建。"
    assert [(m.text, m.value) for m in scan(text, REFERENCE)] == [
        ("March 2019", "2019-03"), ("二〇一九年三月", "2019-03"), ("去年", "2023")]


def test_relative_days_and_units_are_dateparsers_words():
    from dateparser.data.date_translation_data import ja, ko, zh

    days = {"0 day ago": 0, "1 day ago": -1, "in 1 day": 1, "2 day ago": -2, "in 2 day": 2, "3 day ago": -3, "in 3 day": 3}
    theirs = {w: days[k] for loc in (zh, ja, ko) for k, ws in loc.info["relative-type"].items() if k in days for w in ws}
    assert patterns.CJK_RELATIVE_DAYS == theirs | {"後天": 2}  # the traditional form, beside dateparser's
    units = {f"{n} {u} ago": (-n, u) for n in (0, 1) for u in ("month", "week")} | {f"in 1 {u}": (1, u) for u in ("month", "week")}
    theirs_units = {w: units[k] for loc in (zh, ja, ko) for k, ws in loc.info["relative-type"].items() if k in units
                    for w in ws if not w.startswith("翌")}  # 翌月: the month after the last date, not the reference's
    assert {w: v for w, v in patterns.CJK_RELATIVE_UNITS.items() if w not in ("上月", "下月")} == theirs_units


_UNIT = "一九九四年十二月十四日，三月二十八日，去年上半年，星期一，２００８年８月８日；目前第一季度"


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_megabyte_of_cjk_dates_is_bounded_in_time(language):
    # CPU time of this thread (a busy machine must not fail a linear scan: about 7 s here), while
    # a quadratic one would take minutes
    text = (_UNIT * (1_000_000 // len(_UNIT) + 1))[:1_000_000]
    started = time.thread_time()
    mentions = scan(text, REFERENCE, language)
    assert time.thread_time() - started < 60
    assert len(mentions) > 100_000


def test_100_kb_of_cjk_dates_stays_under_50_mb():
    text = (_UNIT * (100_000 // len(_UNIT) + 1))[:100_000]
    tracemalloc.start()
    try:
        mentions = scan(text, REFERENCE, "zh")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(mentions) > 10_000
    assert peak < 50_000_000, f"{peak / 1e6:.1f} MB"


def test_the_trigger_searches_agree_on_random_cjk_text():
    import random

    pieces = ["去年", "今年", "上周", "一", "三", "星期", "周", "月", "曜日", "十", "第", "季度", "2008", "12", "年",
              "目前", "现在", "表", "이번 달", "요일", "금", "a", " ", "，", "上半年", "明天", "今晚", "大前天", "q3", "İ"]  # fmt: skip
    rng = random.Random(35)
    for _ in range(800):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 25)))
        low = text.lower()
        expected = [(m.start(), m.group()) for m in scanner.TRIGGER.finditer(low)]
        assert scanner._triggers(low, *scanner._plain_triggers()) == expected, text
        if len(low) == len(text):
            assert scanner._fast_triggers(low) == expected, text
            fast = [(name, m.span()) for name, m in scanner.iter_matches(text)]
            full = [(name, m.span()) for name, m in scanner.iter_matches_reference(text)]
            assert fast == full, text
