"""Years next to CJK characters (issue 27, item 1): Chinese, Japanese and Korean dates.

Every expected value is a public fact checked by hand; the unit character after each number
gives the precision (年/년 a year, 月/월 a month, 日/일 a day).
"""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from ragas_temporal.focus_time import scanner
from ragas_temporal.focus_time.extract import extract_focus_time, scan
from tests.support.fake_judges import rule_based_judge
from tests.support.fake_llm import ScriptedLLM

# (sentence, [(mention text, value)], focus years)
SENTENCES = [
    # --- Chinese ---
    ("中华人民共和国于1949年10月1日成立。", [("1949年10月1日", "1949-10-01")], {1949}),
    ("辛亥革命于1911年10月10日在武昌爆发。", [("1911年10月10日", "1911-10-10")], {1911}),
    ("第二十九届夏季奥运会于2008年8月8日在北京开幕。", [("2008年8月8日", "2008-08-08")], {2008}),
    ("香港于1997年7月1日回归中国，澳门于1999年12月20日回归。",
     [("1997年7月1日", "1997-07-01"), ("1999年12月20日", "1999-12-20")], {1997, 1999}),
    ("十一届三中全会于1978年12月召开。", [("1978年12月", "1978-12")], {1978}),
    ("第二次世界大战从1939年到1945年。", [("1939年到1945年", "1939/1945")], set(range(1939, 1946))),
    ("1990年代中国经济快速增长。", [("1990年代", "199")], set(range(1990, 2000))),
    ("中国于1971年恢复在联合国的合法席位。", [("1971年", "1971")], {1971}),
    # --- Japanese ---
    ("日本は1945年8月15日に降伏を国民に発表した。", [("1945年8月15日", "1945-08-15")], {1945}),
    ("東京オリンピックは1964年10月10日に開幕した。", [("1964年10月10日", "1964-10-10")], {1964}),
    ("阪神・淡路大震災は1995年1月17日に発生した。", [("1995年1月17日", "1995-01-17")], {1995}),
    ("日露戦争は1904年から1905年まで続いた。", [("1904年から1905年", "1904/1905")], {1904, 1905}),
    ("東京スカイツリーは2012年5月に開業した。", [("2012年5月", "2012-05")], {2012}),
    ("明治維新は1868年に始まった。", [("1868年", "1868")], {1868}),
    # --- Korean ---
    ("대한민국 정부는 1948년 8월 15일에 수립되었다.", [("1948년 8월 15일", "1948-08-15")], {1948}),
    ("한국 전쟁은 1950년부터 1953년까지 계속되었다.", [("1950년부터 1953년", "1950/1953")], set(range(1950, 1954))),
    ("서울 올림픽은 1988년에 열렸다.", [("1988년", "1988")], {1988}),
    ("훈민정음은 1446년에 반포되었다.", [("1446년", "1446")], {1446}),
    ("한국은 2002년 6월에 월드컵을 공동 개최했다.", [("2002년 6월", "2002-06")], {2002}),
    ("1980년대 한국 경제는 빠르게 성장했다.", [("1980년대", "198")], set(range(1980, 1990))),
]

#: Numbers next to CJK characters that are not years: counts with a counter that is not a date
#: unit, and a year-like run inside a longer number.
NOT_YEARS = [
    "该公司有1500名员工。",
    "当天有1500人参加了会议。",
    "社員は300名いる。",
    "이 회사의 직원은 1500명이다.",
    "编号12019年度报告",  # 12019 is not 2019
    "价格是1999元。",
]


@pytest.mark.parametrize(("text", "mentions", "years"), SENTENCES, ids=[s[0][:12] for s in SENTENCES])
def test_cjk_dates_are_read_at_the_precision_written(text, mentions, years):
    assert [(m.text, m.value) for m in scan(text)] == mentions
    assert set(extract_focus_time(text).years) == years


@pytest.mark.parametrize("text", NOT_YEARS)
def test_counts_and_longer_numbers_next_to_cjk_characters_are_no_years(text):
    assert list(scan(text)) == []
    assert not extract_focus_time(text).years


@pytest.mark.parametrize("text", [s[0] for s in SENTENCES] + NOT_YEARS)
def test_fast_and_full_scanners_agree_on_cjk_text(text):
    fast = [(name, m.span()) for name, m in scanner.iter_matches(text)]
    full = [(name, m.span()) for name, m in scanner.iter_matches_reference(text)]
    assert fast == full


def test_a_day_the_month_does_not_have_leaves_the_month():
    # 1900 is not a leap year (divisible by 100, not by 400); 2000 is
    assert [m.value for m in scan("1900年2月29日，2000年2月29日")] == ["1900-02", "2000-02-29"]


def test_a_space_before_the_unit_character_is_read():
    assert [(m.text, m.value) for m in scan("成立于1949 年")] == [("1949 年", "1949")]


def test_a_dash_range_with_one_unit_character():
    assert [(m.text, m.value) for m in scan("第一次世界大战（1914—1918年）")] == [("1914—1918年", "1914/1918")]


@pytest.mark.parametrize("mode", ["deterministic", "hybrid", "llm"])
def test_faithfulness_of_a_chinese_answer_with_an_invented_year(mode):
    # answer claims 1914 and 1919; the context gives 1914 and 1918: 1 of 2 supported
    from ragas_temporal.metrics import TemporalFaithfulness

    metric = TemporalFaithfulness() if mode == "deterministic" else TemporalFaithfulness(
        mode=mode, llm=ScriptedLLM(rule_based_judge)
    )
    result = asyncio.run(metric.ascore(response="一战于1914年开始，1919年结束。",
                                       retrieved_contexts=["第一次世界大战从1914年持续到1918年。"]))
    assert result.value == 0.5
    assert "1919" in result.reason


def test_chinese_claim_verdicts_name_the_supported_and_the_invented_year():
    from ragas.dataset_schema import SingleTurnSample

    from ragas_temporal.metrics import TemporalFaithfulness

    sample = SingleTurnSample(response="一战于1914年开始，1919年结束。", retrieved_contexts=["第一次世界大战从1914年持续到1918年。"])
    verdicts = TemporalFaithfulness().claim_verdicts(sample)
    assert [(v["claim"], v["verdict"]) for v in verdicts] == [("1914年", "SUPPORTED"), ("1919年", "NOT_SUPPORTED")]


def test_a_chinese_answer_that_moves_the_day_is_not_supported():
    from ragas_temporal.metrics import TemporalFaithfulness

    result = asyncio.run(TemporalFaithfulness().ascore(response="中华人民共和国于1949年10月2日成立。",
                                                       retrieved_contexts=["中华人民共和国于1949年10月1日成立。"]))
    assert result.value == 0.0
    assert result.reason == "'1949年10月2日' not supported: the contexts give 1949年10月1日"


def test_full_width_digits_are_read_as_digits_next_to_cjk_units():
    # Japanese text often writes full-width digits: the opening of the 2008 Beijing Olympics
    assert [(m.text, m.value) for m in scan("北京オリンピックは２００８年８月８日に開幕した。")] == [("２００８年８月８日", "2008-08-08")]


# --- counts of years stay counts; "years ago" is read against the reference date (issue 27, item 1) ---

REFERENCE = dt.date(2024, 5, 1)

#: (text, [(mention text, value)] with the reference date 2024-05-01). "N年前"/"N년 전" is N years
#: before 2024: 2024 - 2000 = 24, 2024 - 1000 = 1024.
YEARS_AGO = [
    ("約2000年前に稲作が伝わった。", [("2000年前", "0024")]),  # Japanese: 前 followed by kana
    ("1000년 전에 세워진 절이다.", [("1000년 전", "1024")]),  # Korean 전 (ago)
    ("距今2000年前，这里是一片海。", [("2000年前", "0024")]),  # Chinese with "before today"
    ("约2000年前，丝绸之路开通。", [("2000年前", "0024")]),  # Chinese with "about"
    # a bare Chinese "2000年前" may be "before 2000": no year, and not the year 2000 either
    ("2000年前的事情已经无法考证。", []),
    ("2030年前实现碳达峰。", []),
    # these stay years: 前后 "around", 前半 "first half", 전쟁 "war"
    ("2000年前后，互联网开始普及。", [("2000年", "2000")]),
    ("2000年前半に発売された。", [("2000年", "2000")]),
    ("1950년 전쟁이 일어났다.", [("1950년", "1950")]),
]


@pytest.mark.parametrize(("text", "mentions"), YEARS_AGO, ids=[t[:10] for t, _ in YEARS_AGO])
def test_years_ago_are_read_against_the_reference_date(text, mentions):
    assert [(m.text, m.value) for m in scan(text, REFERENCE)] == mentions


def test_years_ago_without_a_reference_date_have_no_year():
    [mention] = scan("約2000年前に稲作が伝わった。")
    assert (mention.value, mention.years) == ("UNDEF-this-year-MINUS-2000", frozenset())  # 2000 years before writing
    assert not extract_focus_time("1000년 전에 세워진 절이다.").years


@pytest.mark.parametrize("text", [
    "故宫已有600年历史，长城有2000多年的历史。",  # counts glued to other letters never were years
    "这座寺庙有1000年以上的历史。",  # 以上: more than 1000 years
    "这座城市有2000年的历史。",  # 的历史: a 2000-year history
    "京都には1000年の歴史がある。",  # の歴史
    "平安時代は約1000年間の文化の基礎となった。",  # 間: for 1000 years
    "신라는 1000년 동안 이어졌다.",  # 동안: for 1000 years
    "고려는 1000년 이상 기억되었다.",  # 이상: more than
    "仓库里有2000个箱子。",  # a count with a counter
])
def test_counts_of_years_are_lengths_not_years(text):
    assert not extract_focus_time(text, REFERENCE).years


@pytest.mark.parametrize(("text", "value"), [
    ("第一次世界大战从1914年到1918年。", "1914/1918"),
    ("第一次世界大战1914年至1918年。", "1914/1918"),
    ("第一次世界大戦は1914年から1918年まで続いた。", "1914/1918"),
    ("1950년부터 1953년까지", "1950/1953"),
    ("1949年以来，北京是首都。", "1949"),  # 以来 "since": a year
    ("平成は1989年１月に始まった。", "1989-01"),  # a full-width month
])
def test_ranges_and_years_the_grammar_keeps(text, value):
    assert [m.value for m in scan(text)] == [value]


@pytest.mark.parametrize("text", [t for t, _ in YEARS_AGO])
def test_fast_and_full_scanners_agree_on_years_ago(text):
    fast = [(name, m.span()) for name, m in scanner.iter_matches(text)]
    full = [(name, m.span()) for name, m in scanner.iter_matches_reference(text)]
    assert fast == full


@pytest.mark.parametrize(("text", "value"), [
    ("去年中国经济增长了5.2%。", "2023"),  # against 2024-05-01
    ("昨年、日本の人口は減少した。", "2023"),
    ("작년 한국의 합계출산율은 0.72명이었다.", "2023"),
    ("올해는 선거가 있다.", "2024"),
    ("明年将举行奥运会。", "2025"),
    ("来年の予算", "2025"),
])
def test_relative_years_are_read_against_the_reference_date(text, value):
    assert [m.value for m in scan(text, REFERENCE)] == [value]
    # no reference date: no year, only how far from the moment of writing
    offset = int(value) - REFERENCE.year
    expected = "UNDEF-this-year" + (f"-{'PLUS' if offset > 0 else 'MINUS'}-{abs(offset)}" if offset else "")
    assert [(m.value, m.years) for m in scan(text)] == [(expected, frozenset())]


@pytest.mark.parametrize("text", ["过去年代的建筑", "明年间的瓷器"])
def test_a_year_compound_is_no_relative_year(text):
    # 过去|年代 "past eras", 明|年间 "the Ming years": the letters of 去年/明年 only sit side by side
    assert list(scan(text, REFERENCE)) == []


def test_relative_year_words_are_dateparsers():
    from dateparser.data.date_translation_data import ja, ko, zh

    from ragas_temporal.focus_time.patterns import CJK_RELATIVE_YEARS

    offsets = {"1 year ago": -1, "0 year ago": 0, "in 1 year": 1}
    theirs = {word: offsets[key] for locale in (zh, ja, ko) for key, words in locale.info["relative-type"].items()
              if key in offsets for word in words}
    assert theirs.pop("翌年") == 1  # "the following year": after the date before it, not the reference date's
    assert CJK_RELATIVE_YEARS == theirs
