"""Years next to CJK characters (issue 27, item 1): Chinese, Japanese and Korean dates.

Every expected value is a public fact checked by hand; the unit character after each number
gives the precision (年/년 a year, 月/월 a month, 日/일 a day).
"""

from __future__ import annotations

import asyncio

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
