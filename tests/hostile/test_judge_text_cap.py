"""Text a judge writes is copied into a metric's reason at most COPIED_TEXT_MAX_CHARS characters
long, then an ellipsis: a 10 MB judge reason must not become a 10 MB reason in every output row."""

from __future__ import annotations

import asyncio
import json
import math

from ragas_temporal.metrics import DurationAccuracy, TemporalFaithfulness, score_dataset
from ragas_temporal.scores import COPIED_TEXT_MAX_CHARS, clip_copied
from tests.support.fake_llm import ScriptedLLM

BIG = "why " * 250_000  # 1 MB (the cap is the same for 10 MB; the parsing of 10 MB replies is slow)
CTX = ["In 2008, Lehman Brothers collapsed."]


def test_the_cap_is_1000_characters_and_an_ellipsis():
    assert COPIED_TEXT_MAX_CHARS == 1000
    assert clip_copied("a" * 1000) == "a" * 1000
    assert clip_copied("a" * 1001) == "a" * 1000 + "\u2026"


def test_a_1_mb_judge_reason_is_cut_in_the_claims_reason():
    reply = json.dumps({"claims": [{"claim": "It began in 2007.", "verdict": "CONTRADICTED", "reason": BIG,
                                    "quote": "2008"}]})
    metric = TemporalFaithfulness(mode="llm", llm=ScriptedLLM(lambda prompt: reply))
    r = asyncio.run(metric.ascore(response="It began in 2007.", retrieved_contexts=CTX))
    assert r.value == 0.0
    # the score's own words, then the claim and the judge's reason cut to 1,000 characters
    assert r.reason == (f"1 temporal claim: 1 contradicted. contradicted: 'It began in 2007.' ({BIG[:1000]}\u2026)")


def test_a_1_mb_value_in_a_bad_reply_is_cut_in_the_failure_reason():
    reply = json.dumps({"claims": [{"claim": "c", "verdict": "MAYBE" + BIG, "reason": "r"}]})
    metric = TemporalFaithfulness(mode="llm", llm=ScriptedLLM(lambda prompt: reply))
    frame = score_dataset([{"response": "It began in 2007.", "retrieved_contexts": CTX}], [metric])
    reason = frame[f"{metric.name}_reason"].iloc[0]
    assert math.isnan(frame[metric.name].iloc[0]) and frame[f"{metric.name}_failure"].iloc[0] == "judge"
    assert len(reason) == 1001 and reason.endswith("\u2026")
    assert reason.startswith("LLM reply did not match TemporalClaimsOutput: claims.0.verdict: Input should be")


def test_a_1_mb_quote_of_a_stated_duration_is_cut():
    reply = json.dumps({"durations": [{"quote": BIG, "amount": 8, "unit": "years"}]})
    metric = DurationAccuracy(mode="llm", llm=ScriptedLLM(lambda prompt: reply))
    r = asyncio.run(metric.ascore(user_input="How long?", response="It lasted 8 years.", reference="10 years"))
    assert r.value == 0.8  # 1 - 2/10
    assert r.reason == f"predicted 8 years for a gold duration of 10 years: off by 2 (answer: {BIG[:1000]}\u2026)"
