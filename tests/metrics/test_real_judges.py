"""The llm and hybrid modes with judges as people run them (issue 26).

Each fake judge behaves as SmolLM2-135M-Instruct behind llama.cpp's server did: copying the
prompt's worked example, timing out, refusing connections, cutting replies short, obeying an
instruction planted in a retrieved context.
"""

from __future__ import annotations

import asyncio
import json
import math

import pytest

from ragas_temporal.metrics import TemporalFaithfulness, score_dataset
from tests.support.fake_judges import INJECTION, cut_short, example_copier, obedient_judge, rule_based_judge
from tests.support.fake_llm import Delay, ScriptedLLM
from tests.support.openai_server import HANG

SEED_CONTEXTS = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
GROUNDED = "The crisis occurred in 2008 and continued into 2009."
RAN = "It ran from 2010 to 2012."  # against a context stating only 2010: focus time gives 0.5
STARTED = ["The programme started in 2010."]


def score(metric, **fields):
    return asyncio.run(metric.ascore(**fields))


# --- 1. claims that are not in the answer ----------------------------------------------------
def test_llm_mode_ignores_claims_copied_from_the_worked_example():
    # before: the bridge's claims were scored: (0.5 + 1 + 0) / 3 = 0.5 for a faithful answer
    llm = ScriptedLLM(example_copier)
    result = score(TemporalFaithfulness(mode="llm", llm=llm), response=GROUNDED, retrieved_contexts=SEED_CONTEXTS)
    assert math.isnan(result.value)
    assert result.reason == "3 claims from the judge are not in the answer: ignored; none left to score"


def test_llm_mode_scores_the_grounded_claims_and_counts_the_rest():
    reply = json.dumps({"claims": [
        {"claim": "The crisis occurred in 2008.", "verdict": "SUPPORTED", "reason": "stated", "quote": "In 2008"},
        {"claim": "The crisis lasted from 2008 to 2009.", "verdict": "PARTIALLY_SUPPORTED", "reason": "r", "quote": ""},
        {"claim": "The bridge took six years to build.", "verdict": "SUPPORTED", "reason": "r", "quote": ""},
    ]})
    result = score(TemporalFaithfulness(mode="llm", llm=ScriptedLLM([reply])),
                   response=GROUNDED, retrieved_contexts=SEED_CONTEXTS)
    assert result.value == 0.75  # (1 + 0.5) / 2: the bridge is not counted
    assert result.reason.endswith("; 1 claim from the judge is not in the answer: ignored")
    assert "bridge" not in result.reason


def test_hybrid_keeps_the_dates_credit_when_the_judge_answers_about_something_else():
    # one claim listed, one claim returned: but it is the example's, so the judge said nothing about it
    llm = ScriptedLLM([json.dumps({"claims": [
        {"claim": "The bridge opened in May 1932.", "verdict": "CONTRADICTED", "reason": "r", "quote": ""}]})])
    result = score(TemporalFaithfulness(mode="hybrid", llm=llm),
                   response="Lehman Brothers collapsed in 2008.", retrieved_contexts=SEED_CONTEXTS)
    assert result.value == 1.0
    assert result.reason == ("LLM judge failed (1 claim from the judge is not in the answer: ignored): "
                             "focus-time credit kept for 1 claim")


# --- 2. hybrid is never worse than focus time ----------------------------------------------------
@pytest.mark.parametrize("fault, why", [
    (Delay(30.0, "{}"), "LLM call timed out after 0.3 s"),
    (ConnectionError("Connection refused"), "LLM call failed: ConnectionError: Connection refused"),
])
def test_hybrid_keeps_focus_time_verdicts_when_the_judge_fails(fault, why):
    rows = [  # focus time: 0.5 (one range end stated) and 2/3 (2008, 2009 stated; 2011 not)
        {"response": RAN, "retrieved_contexts": STARTED},
        {"response": "It fell in 2008, recovered in 2009 and boomed in 2011.", "retrieved_contexts": SEED_CONTEXTS},
    ]
    focus = score_dataset(rows, [TemporalFaithfulness()])["temporal_faithfulness"].tolist()
    assert focus == [0.5, pytest.approx(2 / 3)]
    llm = ScriptedLLM(lambda prompt: fault)
    frame = score_dataset(rows, [TemporalFaithfulness(mode="hybrid", llm=llm, llm_timeout=0.3)])
    assert frame["temporal_faithfulness_hybrid"].tolist() == focus  # before: NaN, NaN
    assert frame["temporal_faithfulness_hybrid_failure"].tolist() == [None, None]
    assert frame["temporal_faithfulness_hybrid_reason"].tolist() == [
        f"LLM judge failed ({why}): focus-time credit kept for 1 claim ('from 2010 to 2012': only 2010 found)",
        f"'2011' not found in the retrieved contexts (no LLM call); LLM judge failed ({why}): "
        "focus-time credit kept for 2 claims",
    ]


def test_hybrid_with_a_hanging_server_scores_by_the_dates(openai_server_factory):
    from ragas.llms import llm_factory

    server = openai_server_factory(lambda request: HANG, hang_limit=10)
    llm = llm_factory("m", client=server.async_client(timeout=0.3), max_retries=0)
    result = score(TemporalFaithfulness(mode="hybrid", llm=llm), response=RAN, retrieved_contexts=STARTED)
    assert result.value == 0.5
    assert result.reason.startswith("LLM judge failed (LLM call ") and "focus-time credit kept" in result.reason


def test_hybrid_year_granularity_keeps_the_year_score_when_the_judge_fails():
    llm = ScriptedLLM([RuntimeError("model overloaded")])
    result = score(TemporalFaithfulness(mode="hybrid", granularity="year", llm=llm),
                   response=GROUNDED, retrieved_contexts=SEED_CONTEXTS)
    assert result.value == 1.0
    assert result.reason.endswith("; LLM judge failed (LLM call failed: RuntimeError: model overloaded): focus-time score kept")


# --- 3. a cut-off reply never earns a score ----------------------------------------------------------
def test_llm_mode_cut_reply_is_nan_truncated():
    # the rule judge says SUPPORTED (2008), CONTRADICTED (2010); cut after the first claim the row
    # scored 1.0 before
    llm = ScriptedLLM(cut_short(rule_based_judge))
    result = score(TemporalFaithfulness(mode="llm", llm=llm),
                   response="It began in 2008. It ended in 2010.", retrieved_contexts=["Started in 2008."])
    assert math.isnan(result.value)
    assert result.reason == "judge reply truncated: its JSON ends before its brackets close"


def test_hybrid_cut_reply_keeps_the_dates_credit():
    llm = ScriptedLLM(["{}"], finish_reason="length")
    result = score(TemporalFaithfulness(mode="hybrid", llm=llm), response=RAN, retrieved_contexts=STARTED)
    assert result.value == 0.5
    assert result.reason.startswith("LLM judge failed (judge reply truncated: the server stopped it at max_tokens")


# --- 4. a retrieved context cannot talk the judge round ----------------------------------------------
def test_injected_context_cannot_raise_the_hybrid_score_above_the_dates():
    contexts = [*STARTED, INJECTION]
    llm = ScriptedLLM(obedient_judge)
    result = score(TemporalFaithfulness(mode="hybrid", llm=llm), response=RAN, retrieved_contexts=contexts)
    assert json.loads(llm.replies[0])["claims"][0]["verdict"] == "SUPPORTED"  # the judge obeyed
    assert result.value == 0.5  # before: 1.0; the dates state 2010 only
    assert result.reason == "LLM judge: 1 of 1 claim supported; capped by the dates: 'from 2010 to 2012': only 2010 found"
    # a claim no context states is never sent: the judge cannot lift it from 0
    invented = score(TemporalFaithfulness(mode="hybrid", llm=llm), response="It ran in 2015.", retrieved_contexts=contexts)
    assert invented.value == 0.0 and llm.calls == 1


def test_the_judge_can_still_lower_what_the_dates_allow():
    llm = ScriptedLLM([json.dumps({"claims": [
        {"claim": "from 2010 to 2012", "verdict": "CONTRADICTED", "reason": "ended in 2011", "quote": ""}]})])
    result = score(TemporalFaithfulness(mode="hybrid", llm=llm), response=RAN, retrieved_contexts=STARTED)
    assert result.value == 0.0


# --- 5. the client's timeout stands ----------------------------------------------------------------
def test_default_llm_timeout_leaves_the_clients_timeout_alone():
    metric = TemporalFaithfulness(mode="llm")
    assert metric.llm_timeout is None and metric.judging.timeout() is None  # before: 30 s
    # a slow judge (0.2 s here) that the client allows is not cut by a bound of ours
    llm = ScriptedLLM([Delay(0.2, json.dumps({"claims": [
        {"claim": "The crisis occurred in 2008.", "verdict": "SUPPORTED", "reason": "r", "quote": ""}]}))])
    assert score(TemporalFaithfulness(mode="llm", llm=llm), response=GROUNDED, retrieved_contexts=SEED_CONTEXTS).value == 1.0
