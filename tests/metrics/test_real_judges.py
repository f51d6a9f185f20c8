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
    # scored (no failure of the row), and the fallback is a field (issue 37), not only words
    assert frame["temporal_faithfulness_hybrid_failure"].tolist() == ["judge_fell_back", "judge_fell_back"]
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


# --- 5. the judge cannot pad the score (issue 36) ------------------------------------------------------
def claims(*said: tuple[str, str]) -> str:
    return json.dumps({"claims": [{"claim": c, "verdict": v, "reason": "r", "quote": ""} for c, v in said]})


APOLLO = "Apollo 11 landed on the Moon in 1969."
APOLLO_CONTEXTS = ["Apollo 12 landed in 1969.", "Armstrong walked on the lunar surface in 1969."]
BEGAN_ENDED = "It began in 2008. It ended in 2010."
CONTEXTS = ["Started in 2008."]
PADDED = {
    # a context's sentence added as SUPPORTED beside the answer's only claim, CONTRADICTED: before 0.5
    "context sentence": (APOLLO, APOLLO_CONTEXTS, claims(
        (APOLLO, "CONTRADICTED"), ("Apollo 12 landed in 1969.", "SUPPORTED")), 0.0),
    "context sentence, no number": (APOLLO, APOLLO_CONTEXTS, claims(
        (APOLLO, "CONTRADICTED"), ("Armstrong walked on the lunar surface in 1969.", "SUPPORTED")), 0.0),
    # one claim said three times (re-typed twice): before (3 + 0) / 4 = 0.75
    "repeated claim": (BEGAN_ENDED, CONTEXTS, claims(
        ("It began in 2008.", "SUPPORTED"), ("it began in 2008", "SUPPORTED"), ("It began in 2008 .", "SUPPORTED"),
        ("It ended in 2010.", "CONTRADICTED")), 0.5),
    # fragments of the answer marked SUPPORTED beside its one claim: before 2 / 3
    "fragments": ("It ended in 2010.", CONTEXTS, claims(
        ("It", "SUPPORTED"), ("ended", "SUPPORTED"), ("It ended in 2010.", "CONTRADICTED")), 0.0),
}


@pytest.mark.parametrize("case", PADDED)
def test_llm_mode_scores_the_answers_own_claims_once(case):
    answer, contexts, reply, expected = PADDED[case]
    result = score(TemporalFaithfulness(mode="llm", llm=ScriptedLLM([reply])), response=answer, retrieved_contexts=contexts)
    assert result.value == expected


def test_llm_mode_says_what_it_left_out():
    _, contexts, reply, _ = PADDED["repeated claim"]
    result = score(TemporalFaithfulness(mode="llm", llm=ScriptedLLM([reply])), response=BEGAN_ENDED, retrieved_contexts=contexts)
    assert result.reason == ("2 temporal claims: 1 supported, 1 contradicted. contradicted: 'It ended in 2010.' (r); "
                             "2 repeated claims counted once")
    _, contexts, reply, _ = PADDED["fragments"]
    result = score(TemporalFaithfulness(mode="llm", llm=ScriptedLLM([reply])), response=BEGAN_ENDED, retrieved_contexts=contexts)
    assert result.value == 0.0  # the answer's 2010 claim only: 2008 was never judged, and the row says so
    assert result.reason.endswith("; 2 claims from the judge are not in the answer: ignored; "
                                  "not judged: '2008' (scored on the judged claims)")


def test_repeats_count_once_at_their_lowest_verdict():
    reply = claims(("It ended in 2010.", "CONTRADICTED"), ("It began in 2008.", "SUPPORTED"), ("It ended in 2010", "SUPPORTED"))
    result = score(TemporalFaithfulness(mode="llm", llm=ScriptedLLM([reply])), response=BEGAN_ENDED, retrieved_contexts=CONTEXTS)
    assert result.value == 0.5  # (0 + 1) / 2: the repeat cannot lift the contradicted claim


@pytest.mark.parametrize("reply, why", [
    # invented claims sharing the answer's years, nothing of the answer's own: before 1.0
    (claims(("Lehman Brothers collapsed in 2008.", "SUPPORTED"), ("The stimulus package passed in 2010.", "SUPPORTED")),
     "2 claims from the judge are not in the answer: ignored; none left to score"),
    # the answer's undated "last year" judged, its one dated claim never: no score from it
    (claims(("Prices rose last year.", "SUPPORTED"), ("Lehman Brothers collapsed in 2010.", "SUPPORTED")),
     "the judge gave no verdict on the answer's dated claims; 1 claim from the judge is not in the answer: ignored; "
     "not judged: '2010'"),
])
def test_an_answer_whose_own_claims_were_never_judged_is_not_scored(reply, why):
    answer = "Prices rose last year and fell in 2010." if "last year" in reply else BEGAN_ENDED
    result = score(TemporalFaithfulness(mode="llm", llm=ScriptedLLM([reply])), response=answer, retrieved_contexts=CONTEXTS)
    assert math.isnan(result.value)
    assert result.reason == why


@pytest.mark.parametrize("case", PADDED)
def test_hybrid_holds_against_every_padded_reply(case):
    # hybrid lists the claims the dates could not reject and matches verdicts to them one by one:
    # a padded reply does not match the list, so the dates' credit stands (never above it)
    answer, contexts, reply, _ = PADDED[case]
    dates = score(TemporalFaithfulness(), response=answer, retrieved_contexts=contexts).value
    result = score(TemporalFaithfulness(mode="hybrid", llm=ScriptedLLM([reply])), response=answer, retrieved_contexts=contexts)
    assert result.value == dates == {"context sentence": 1.0, "context sentence, no number": 1.0,
                                     "repeated claim": 0.5, "fragments": 0.0}[case]
