"""Temporal faithfulness of Chinese, Japanese and Korean answers (issue 27, item 4), in every mode.

Every expected value is computed by hand from the claim rules (``scores.claims``): a claim is
supported (1) when a context states something inside it at its unit or finer, partially (½)
when something stated only contains it, not supported (0) otherwise; a range is judged by its
ends. The llm and hybrid modes run the offline rule-based judge (``tests.support.fake_judges``),
whose claims are the answer's sentences, split where the language ends one (``。``).
"""

from __future__ import annotations

import asyncio
import warnings

import pytest

from ragas_temporal.metrics import TemporalFaithfulness
from tests.support.fake_judges import rule_based_judge
from tests.support.fake_llm import ScriptedLLM

MODES = ["deterministic", "hybrid", "llm"]

# (answer, context, score in each mode, words every mode's reason holds)
CASES = [
    # Korean, a day moved: 1948-08-16 against 1948-08-15 -> 0/1 claims
    ("대한민국 정부는 1948년 8월 16일에 수립되었다.", "대한민국 정부는 1948년 8월 15일에 수립되었다.", 0.0, "1948년 8월 15일"),
    # Japanese, a day moved: 1995-01-18 against 1995-01-17 -> 0/1
    ("阪神・淡路大震災は1995年1月18日に発生した。", "阪神・淡路大震災は1995年1月17日に発生した。", 0.0, "1995年1月17日"),
    # Japanese, a day the context gives only to the month: January 1995 contains it -> 1/2
    ("阪神・淡路大震災は1995年1月17日に発生した。", "阪神・淡路大震災は1995年1月に発生した。", 0.5, "1995年1月"),
    # Korean, a range with its end moved: 1950 stated, 1954 nowhere -> the range partially, 1/2
    ("한국 전쟁은 1950년부터 1954년까지 계속되었다.", "한국 전쟁은 1950년부터 1953년까지 계속되었다.", 0.5, "1954"),
    # the Chinese example: 1914 stated, 1919 invented; two claims (deterministic, hybrid)
    # -> (1 + 0) / 2; one sentence holding both years (llm) -> partially supported, 1/2
    ("一战于1914年开始，1919年结束。", "第一次世界大战从1914年持续到1918年。", 0.5, "1919"),
    # the same in two sentences: every mode sees two claims, 1 of 2 supported
    ("一战于1914年开始。一战于1919年结束。", "第一次世界大战从1914年持续到1918年。", 0.5, "1919"),
    # Japanese, faithful to the day: 1/1
    ("東京オリンピックは1964年10月10日に開幕した。", "1964年10月10日、東京オリンピックが開幕した。", 1.0, ""),
]


def _metric(mode: str, llm=None) -> TemporalFaithfulness:
    if mode == "deterministic":
        return TemporalFaithfulness()
    return TemporalFaithfulness(mode=mode, llm=llm or ScriptedLLM(rule_based_judge))


def _score(metric, answer: str, context: str):
    return asyncio.run(metric.ascore(response=answer, retrieved_contexts=[context]))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("answer", "context", "expected", "named"), CASES, ids=[c[0][:10] for c in CASES])
def test_cjk_answers_score_at_the_precision_of_each_claim(mode, answer, context, expected, named):
    result = _score(_metric(mode), answer, context)
    assert result.value == expected
    assert named in result.reason


def test_the_llm_judge_reads_one_claim_per_chinese_sentence():
    # the offline judge's claims are sentences: "。" ends one with no blank after it
    llm = ScriptedLLM(rule_based_judge)
    result = _score(_metric("llm", llm), "一战于1914年开始。一战于1919年结束。", "第一次世界大战从1914年持续到1918年。")
    assert result.reason.startswith("2 temporal claims: 1 supported, 1 contradicted.")
    assert "'一战于1919年结束。'" in result.reason


def test_stock_ragas_faithfulness_splits_chinese_statements_with_the_offline_judge():
    # ragas's own Faithfulness, judged offline: one statement per sentence; the context's range
    # 1914-1918 holds 1914 (verdict 1) and not 1919 (verdict 0) -> 1/2
    from ragas.dataset_schema import SingleTurnSample
    from ragas.metrics import Faithfulness

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        metric = Faithfulness(llm=ScriptedLLM(rule_based_judge))
        sample = SingleTurnSample(user_input="一战是什么时候？", response="一战于1914年开始。一战于1919年结束。",
                                  retrieved_contexts=["第一次世界大战从1914年持续到1918年。"])
        assert asyncio.run(metric.single_turn_ascore(sample)) == 0.5


@pytest.mark.parametrize("mode", ["hybrid", "llm"])
def test_prompts_adapted_to_a_language_give_the_same_scores(mode):
    # ragas's adapt_prompts translates the examples through the LLM (the fake "translates" by
    # upper-casing); the judge then gets the adapted prompt, and judges the same data the same way
    llm = ScriptedLLM(rule_based_judge)
    metric = _metric(mode, llm)
    before = [_score(metric, answer, context).value for answer, context, _, _ in CASES]
    adapted = asyncio.run(metric.adapt_prompts("chinese", ScriptedLLM(rule_based_judge)))
    metric.set_prompts(**adapted)
    assert metric.get_prompts()["temporal_claims"].language == "chinese"
    after = [_score(metric, answer, context).value for answer, context, _, _ in CASES]
    assert after == before == [case[2] for case in CASES]
    # the adapted (upper-cased) example reached the judge, and its verdict labels stayed labels
    assert "THE BRIDGE OPENED IN MAY 1932." in llm.last_prompt
    assert '"verdict":"SUPPORTED"' in llm.last_prompt.replace(" ", "")
