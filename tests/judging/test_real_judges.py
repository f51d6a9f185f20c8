"""Judges as people run them (issue 26): cut replies, claims copied from the example, reply budgets, log noise.

The fake judges behave as SmolLM2-135M-Instruct behind llama.cpp's server did: they copy the
prompt's worked example, stop at ``max_tokens`` (``finish_reason: "length"``) or send JSON that
ends early.
"""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

from ragas_temporal.faithfulness.judge import judge_temporal_claims
from ragas_temporal.faithfulness.judge import is_grounded, normalise_words, own_claims
from ragas_temporal.llm.llm_calls import json_ends_early
from ragas_temporal.scores import Judgement
from ragas_temporal.faithfulness.prompts import TemporalClaimsPrompt
from tests.support.fake_judges import cut_short, example_copier, rule_based_judge
from tests.support.fake_llm import ScriptedLLM
from tests.support.openai_server import CutReply

ANSWER = "It began in 2008. It ended in 2010."
CONTEXTS = ["Started in 2008."]
FULL = json.dumps({"claims": [
    {"claim": "It began in 2008.", "verdict": "SUPPORTED", "reason": "stated", "quote": "Started in 2008"},
    {"claim": "It ended in 2010.", "verdict": "NOT_SUPPORTED", "reason": "no end year", "quote": ""},
]})
CUT = FULL[: FULL.index('{"claim": "It ended')]  # the reply stops after its first claim


def judge(llm, answer=ANSWER, contexts=CONTEXTS, **kwargs):
    return asyncio.run(judge_temporal_claims(llm, answer, contexts, fix_retries=0, **kwargs))


# --- cut replies ---------------------------------------------------------------------------
@pytest.mark.parametrize("text, cut", [
    (CUT, True),
    (FULL, False),
    ('```json\n{"claims": [{"claim": "It be', True),  # cut inside a string, in a fence
    ('{"reason": "quotes ]} and {", "x": [1]}', False),  # brackets inside strings do not count
    ('Sure: {"claims": [', True),
    ("not json at all", False),
    ('{"a": 1} and then {"b": ', False),  # the first JSON value closed
])
def test_json_ends_early(text, cut):
    assert json_ends_early(text) is cut


def test_json_cut_after_the_first_claim_is_truncated_not_scored():
    # before: ragas's lenient parser closed the brackets and the row scored 1.0 on the first claim
    llm = ScriptedLLM(cut_short(rule_based_judge))
    judgement = judge(llm)
    assert judgement.values is None
    assert judgement.error == "judge reply truncated: its JSON ends before its brackets close"
    assert llm.calls == 1  # not retried: the same budget would cut it again


def test_finish_reason_length_is_truncated_even_when_the_json_closes():
    llm = ScriptedLLM([FULL], finish_reason="length")
    assert judge(llm).error == "judge reply truncated: the server stopped it at max_tokens (finish_reason 'length')"


@pytest.mark.parametrize("reply, why", [
    (CutReply(FULL), "the server stopped it at max_tokens (finish_reason 'length')"),
    (CUT, "its JSON ends before its brackets close"),
])
def test_instructor_path_says_truncated(openai_server, reply, why):
    from ragas.llms import llm_factory

    openai_server.responder = lambda request: reply
    llm = llm_factory("m", client=openai_server.async_client(), max_retries=0)
    assert judge(llm).error == f"judge reply truncated: {why}"


# --- the reply budget -------------------------------------------------------------------------
def test_max_tokens_fits_the_claims_schema(openai_server):
    from ragas.llms import llm_factory

    openai_server.responder = lambda request: FULL
    llm = llm_factory("m", client=openai_server.async_client(), max_retries=0)  # ragas's default: 1024
    judge(llm)  # 2 time mentions + 2 sentences = 4 items: 32 + 4 x 128
    judge(llm, claims=["2008"])  # hybrid lists 1 claim: 32 + 128
    assert [r.body["max_tokens"] for r in openai_server.requests] == [32 + 4 * 128, 32 + 128]
    assert llm.model_args["max_tokens"] == 1024  # the user's LLM object is not changed
    small = llm_factory("m", client=openai_server.async_client(), max_retries=0, max_tokens=100)
    judge(small)
    assert openai_server.requests[-1].body["max_tokens"] == 100  # a smaller budget of the user's stands


@pytest.mark.parametrize("cached", [False, True])
def test_the_reply_budget_holds_with_a_cache_and_on_retries(openai_server, tmp_path, cached):
    # issue 36: ragas wraps agenerate at construction when given a cache, and the budgeted copy
    # called the original's bound method: every request asked for 1,024 tokens
    from ragas.llms import llm_factory

    from ragas_temporal.llm.usage import MeteredDiskCache

    replies = iter(["not json"])  # the first reply is re-asked by Instructor, then FULL
    openai_server.responder = lambda request: next(replies, FULL)
    cache = MeteredDiskCache(str(tmp_path / "cache")) if cached else None

    def llm():  # a client per event loop (each judge() runs its own)
        return llm_factory("m", client=openai_server.async_client(), max_retries=1, cache=cache)

    assert judge(llm()).ok
    judge(llm(), claims=["2008"])
    assert [r.body["max_tokens"] for r in openai_server.requests] == [32 + 4 * 128, 32 + 4 * 128, 32 + 128]
    if cached:  # the budgeted copy reads and fills the same cache: asked again, no request
        assert judge(llm()).ok and len(openai_server.requests) == 3 and cache.hits == 1


def test_reply_budget_per_prompt():
    assert TemporalClaimsPrompt().reply_token_budget(0) == 32 + 128  # at least one item


# --- grounding ---------------------------------------------------------------------------------
LEHMAN = "The crisis occurred in 2008 and continued into 2009."


@pytest.mark.parametrize("claim, grounded", [
    ("The crisis occurred in 2008.", True),  # words in the answer
    ("the crisis  occurred in 2008", True),  # case, spaces, punctuation
    ("The crisis lasted from 2008 to 2009.", True),  # a paraphrase whose years are the answer's
    ("The bridge took six years to build.", False),  # the worked example: no words, no years
    ("The bridge opened in May 1932.", False),
    ("The crisis ended in 2010.", False),  # a year the answer does not state
    ("continued", False),  # a fragment: no temporal expression of the answer (issue 36)
    ("2009", True),  # the expression alone, as hybrid lists them
    ("Lehman Brothers collapsed in 2008.", False),  # a context's sentence sharing a year: not one word of it
    ("The crisis occurred in 2008 after 12 banks failed.", False),  # a number the answer does not state
    ("Lehman Brothers collapsed in 2008 in the crisis.", False),  # 1 of 4 content words the answer's
])
def test_is_grounded(claim, grounded):
    assert is_grounded(claim, LEHMAN) is grounded


def test_words_for_time_are_no_content():
    # "birth date": "date" says the claim is about time; "birth" against "born" is half of the rest
    assert is_grounded("Einstein's birth date is 14 March 1879.", "Einstein was born on 14 March 1879 in Ulm.")
    assert not is_grounded("Einstein's birth date is 14 March 1879.", "Einstein was born in March 1879 in Ulm.")


def test_relative_claims_are_read_against_the_reference_date():
    # "last year (1990)" read on 1991-05-01: 1990, not a year of the answer
    assert not is_grounded("The bridge closed last year (1990).", LEHMAN, "1991-05-01")
    assert is_grounded("The merger closed last year.", "The merger closed in 2023.", "2024-03-15")  # same value


def test_normalise_words_keeps_digits_and_letters_only():
    assert normalise_words("Curie’s Nobel — 1903–1911!") == "curie s nobel 1903 1911"


def test_grounded_claims_drops_the_copied_example():
    text = TemporalClaimsPrompt().to_string(TemporalClaimsPrompt.examples[0][0])
    judgement = judge(ScriptedLLM(example_copier), answer=LEHMAN, contexts=CONTEXTS)
    assert example_copier(text) and judgement.ok and len(judgement.values) == 3
    own = own_claims(judgement, LEHMAN)
    assert (own.judgement.values, own.dropped, own.unjudged, own.judged_dated) == ((), 3, ("2008", "2009"), False)
    failed = Judgement.failed("x")
    assert own_claims(failed, LEHMAN).judgement == failed


# --- Instructor's log lines ------------------------------------------------------------------------
def test_instructor_dumps_go_to_debug_not_stderr(openai_server, capfd, caplog):
    from ragas.llms import llm_factory

    openai_server.responder = lambda request: "not json"
    llm = llm_factory("m", client=openai_server.async_client(), max_retries=0)
    with caplog.at_level(logging.WARNING):
        judgement = judge(llm)
    assert judgement.error.startswith("LLM reply did not match TemporalClaimsOutput: reply is not JSON")
    assert "Max retries exceeded" not in capfd.readouterr().err
    assert not [r for r in caplog.records if r.name.startswith("instructor")]
    with caplog.at_level(logging.DEBUG, logger="instructor"):
        judge(llm)
    dumps = [r for r in caplog.records if r.name.startswith("instructor") and "Max retries exceeded" in r.getMessage()]
    assert dumps and {r.levelname for r in dumps} == {"DEBUG"}
