"""The offline judge, ragas_temporal.llm.offline: its handle, the families' rules it answers with
from structured inputs, and the prompt-reading fake of tests/support built on the same rules."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import warnings

import pytest
from langchain_core.prompt_values import StringPromptValue
from ragas import EvaluationDataset, RunConfig, evaluate
from ragas.cost import get_token_usage_for_openai

from ragas_temporal.faithfulness.judge import offline_claims
from ragas_temporal.llm.offline import NOT_A_PROMPT_JUDGE, OFFLINE_MODEL, OfflineJudge, offline_llm
from ragas_temporal.metrics import TemporalFaithfulness, TemporalNDCGAtK
from ragas_temporal.ranking.judge import judge_temporal_focus, offline_relevance
from tests.support.fake_judges import offline_llm_factory, parse_prompt_input, rule_based_judge
from tests.support.fake_llm import ScriptedLLM, count_tokens

CONTEXTS = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]


def _claims(answer, contexts, **fields):
    return [dict(zip(("claim", "verdict", "reason", "quote"), c)) for c in offline_claims(answer, contexts, **fields)]


def test_claim_rules_cover_every_label():
    answer = "It began in 2008. It ran from 2008 to 2010. It ended in 2011. It was bad."
    claims = _claims(answer, CONTEXTS)
    # 2008 in contexts -> SUPPORTED; {2008, 2009, 2010} has 2008 and 2009 but not 2010 -> PARTIAL;
    # 2011 not in contexts that hold other years -> CONTRADICTED; no temporal expression -> no claim
    assert [c["verdict"] for c in claims] == ["SUPPORTED", "PARTIALLY_SUPPORTED", "CONTRADICTED"]
    assert claims[1]["reason"] == "the contexts do not give 2010" and claims[1]["quote"] == "2008, 2009"
    # strict (a prompt whose instruction says "Be strict"): partial support is no support
    assert _claims(answer, CONTEXTS, strict=True)[1]["verdict"] == "NOT_SUPPORTED"
    # contexts without any year -> NOT_SUPPORTED
    assert [c["verdict"] for c in _claims("It began in 2008.", ["Banks fail."])] == ["NOT_SUPPORTED"]


def test_relative_times_use_the_reference_date_or_the_texts_own_date():
    # "last year" at 2024-03-15 is 2023; the context "this year" at its own date 2023-06-01 is 2023 too
    claims = _claims("Revenue grew last year.", ["This year revenue grew."], reference_date="2024-03-15",
                     context_dates=["2023-06-01"])
    assert [c["verdict"] for c in claims] == ["SUPPORTED"]
    # no reference date: "last year" cannot be placed
    claims = _claims("Revenue grew last year.", ["Revenue grew in 2023."])
    assert (claims[0]["verdict"], claims[0]["reason"]) == ("NOT_SUPPORTED", "this time cannot be placed without a date")
    # an unreadable date is no date
    assert _claims("Revenue grew last year.", ["In 2023."], reference_date="unknown")[0]["verdict"] == "NOT_SUPPORTED"


def test_listwise_and_focus_rules():
    documents = CONTEXTS + ["Banks fail.", "Last year was hard."]
    judged = offline_relevance("What happened last year?", documents, scale="graded", reference_date="2009-05-01",
                               document_dates=[None, None, None, "2010-01-01"])
    # query {2008}: doc 1 shares 2008 -> 4; doc 2 has 2009 only -> 2; doc 3 no year -> 0;
    # doc 4 "last year" at its own date 2010-01-01 = 2009 -> other year -> 2
    assert judged.values == (4, 2, 0, 2)
    binary = offline_relevance("What happened last year?", documents, reference_date="2009-05-01",
                               document_dates=[None, None, None, "2010-01-01"])
    assert binary.values == (1, 0, 0, 0) and binary.reasons[0] == "shares a year"
    # a query without a year: any dated document is relevant ("last year" without a date is no year)
    assert offline_relevance("What happened?", documents).values == (1, 1, 0, 0)
    llm = offline_llm()
    focus = asyncio.run(judge_temporal_focus("Who ruled?", llm))  # no rule fires: the judge is asked
    assert (focus.values, focus.reasons, llm.calls) == ("specific_time", ("asks about a time",), 1)


def test_the_prompt_reading_fake_gives_the_offline_rules_answers():
    from ragas_temporal.faithfulness.prompts import TemporalClaimsInput, TemporalClaimsPrompt
    from ragas_temporal.ranking.prompts import RelevanceInput, TemporalGradePrompt

    answer = "It began in 2008. It ran from 2008 to 2010. It ended in 2011."
    text = TemporalClaimsPrompt().to_string(TemporalClaimsInput(answer=answer, contexts=CONTEXTS))
    assert [tuple(c.values()) for c in json.loads(rule_based_judge(text))["claims"]] == offline_claims(answer, CONTEXTS)
    strict = TemporalClaimsPrompt()
    strict.instruction += " Be strict."
    assert json.loads(rule_based_judge(strict.to_string(TemporalClaimsInput(answer=answer, contexts=CONTEXTS))))[
        "claims"][1]["verdict"] == "NOT_SUPPORTED"
    text = TemporalGradePrompt().to_string(RelevanceInput(
        query="What happened last year?", reference_date="2009-05-01", temporal_focus="infer",
        documents=CONTEXTS + ["Banks fail.", {"date": "2010-01-01", "text": "Last year was hard."}]))
    assert [d["grade"] for d in json.loads(rule_based_judge(text))["documents"]] == [4, 2, 0, 2]


def test_the_fake_answers_ragas_service_prompts_and_refuses_unknown_ones():
    fix = 'Fix it.\ninput: {"output_string": "{\\"a\\": 1}", "prompt_value": "p"}\nOutput:'
    assert json.loads(rule_based_judge(fix)) == {"text": '{"a": 1}'}
    translate = 'Translate.\ninput: {"target_language": "fr", "statements": ["In 1932."]}\nOutput:'
    assert json.loads(rule_based_judge(translate)) == {"statements": ["IN 1932."]}  # upper-cased: seen to arrive
    with pytest.raises(ValueError, match="does not know this prompt"):
        rule_based_judge('Hello.\nInput: {"poem": "x"}\nOutput:')
    with pytest.raises(ValueError, match="no input data"):
        parse_prompt_input("no data at all")


def _evaluate(llm, metrics):
    dataset = EvaluationDataset.from_list([{
        "user_input": "What happened?", "response": "Lehman collapsed in 2008. The crisis ended in 2010.",
        "retrieved_contexts": CONTEXTS,
    }])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return evaluate(dataset, metrics=metrics, llm=llm, show_progress=False,
                        token_usage_parser=get_token_usage_for_openai,
                        run_config=RunConfig(timeout=30, max_retries=1, max_wait=0))


def _stock_faithfulness():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from ragas.metrics import Faithfulness
    return Faithfulness()


def test_offline_llm_answers_our_judges_and_refuses_stock_prompts(caplog):
    llm = offline_llm()
    result = _evaluate(llm, [_stock_faithfulness(), TemporalFaithfulness(mode="llm")])
    frame = result.to_pandas()
    # ours: two claims, SUPPORTED (2008) and CONTRADICTED (2010) -> 1/2, in one counted call
    assert frame["temporal_faithfulness_llm(mode=llm)"].tolist() == [0.5]
    assert llm.calls == 1
    # stock Faithfulness sends a prompt: refused in one line, the row NaN (ragas keeps the run going)
    assert frame["faithfulness"].isna().all()
    assert NOT_A_PROMPT_JUDGE in caplog.text
    usage = result.total_tokens()  # our call is seen, without tokens: no model ran
    assert (usage.input_tokens, usage.output_tokens) == (0, 0)
    with pytest.raises(ValueError, match="answers only ragas-temporal's judges"):
        asyncio.run(llm.agenerate_text(StringPromptValue(text="Say ok")))


def test_the_fake_answers_stock_faithfulness_with_token_usage():
    llm = ScriptedLLM(rule_based_judge, model_name=OFFLINE_MODEL)
    result = _evaluate(llm, [_stock_faithfulness(), TemporalFaithfulness(mode="llm")])
    frame = result.to_pandas()
    # stock: 2 statements (the sentences); 2008 is in the context -> 1, 2010 is not -> 0: 1/2
    assert frame["faithfulness"].tolist() == [0.5]
    assert frame["temporal_faithfulness_llm(mode=llm)"].tolist() == [0.5]
    assert llm.calls == 3  # stock: statements + verdicts; ours: one call
    usage = result.total_tokens()
    assert (usage.input_tokens, usage.output_tokens) == (llm.prompt_tokens, llm.completion_tokens)
    assert usage.model == OFFLINE_MODEL and usage.input_tokens > 0


def test_offline_llm_factory_goes_through_the_openai_client_and_reports_usage():
    seen = []

    async def record(response):
        await response.aread()
        seen.append(response.json()["usage"])

    llm = offline_llm_factory(event_hooks={"response": [record]})
    metric = TemporalNDCGAtK(k=2, mode="llm", llm=llm)
    result = asyncio.run(metric.ascore(user_input="What happened in 2008?", retrieved_contexts=CONTEXTS))
    # grades [4 (shares 2008), 2 (2009 only)]: DCG = 4 + 2/log2(3); ideal is the same order -> 1.0
    assert result.value == 1.0 and "grades [4, 2]" in result.reason
    assert len(seen) == 1 and seen[0]["prompt_tokens"] > 0
    assert seen[0]["completion_tokens"] == count_tokens('{"documents": [{"doc": 1, "grade": 4, "reason": "shares a year"}, '
                                                        '{"doc": 2, "grade": 2, "reason": "no shared year"}]}')


def test_offline_llm_is_a_ragas_llm_and_counts_calls():
    from ragas.llms.base import BaseRagasLLM

    llm = offline_llm()
    assert isinstance(llm, BaseRagasLLM) and isinstance(llm, OfflineJudge) and llm is not offline_llm()
    metric = TemporalFaithfulness(mode="llm", llm=llm)
    assert metric.score(response="It began in 2009.", retrieved_contexts=CONTEXTS).value == 1.0
    assert llm.calls == 1 and repr(llm) == "OfflineJudge(calls=1)"


def test_the_package_module_imports_neither_pytest_nor_tests():
    code = ("import sys, ragas_temporal.llm.offline; "
            "bad = [m for m in sys.modules if m == 'pytest' or m == 'tests' or m.startswith('tests.')]; "
            "print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={"RAGAS_DO_NOT_TRACK": "true", "PATH": ""})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_offline_judge_renders_no_prompt(monkeypatch):
    # every LLM-mode judge hands the offline judge its inputs: a rendered prompt is a failure here
    from ragas.prompt import PydanticPrompt

    from ragas_temporal.llm.compact import CompactPydanticPrompt
    from ragas_temporal.metrics import (
        DurationAccuracy, EventOrderAccuracy, TemporalCoherence, TemporalPrecisionAtK,
    )
    from ragas_temporal.tecfap import build_probe, load_example, run_probe

    def refuse(*args, **kwargs):
        raise AssertionError("the offline judge was sent a rendered prompt")

    for cls in (PydanticPrompt, CompactPydanticPrompt):
        monkeypatch.setattr(cls, "to_string", refuse)
    llm = offline_llm()
    answer = {"response": "It began in 2008. It ended in 2010.", "retrieved_contexts": CONTEXTS}
    ranked = {"user_input": "What happened in 2008?", "retrieved_contexts": CONTEXTS}
    cases = [
        # claims 2008 (in a context: SUPPORTED) and 2010 (other years given: CONTRADICTED) -> 1/2
        (TemporalFaithfulness(mode="llm", llm=llm), answer, 0.5),
        # 2010 is in no context: 0 without a call; 2008 judged SUPPORTED -> 1/2
        (TemporalFaithfulness(mode="hybrid", llm=llm), answer, 0.5),
        # verdicts [1 (shares 2008), 0 (2009 only)] -> 1/2
        (TemporalPrecisionAtK(k=2, mode="llm", llm=llm), ranked, 0.5),
        # grades [4, 2] in ideal order -> 1.0
        (TemporalNDCGAtK(k=2, mode="llm", llm=llm), ranked, 1.0),
        # 2 dated claims, both in the one contradiction (died before born) -> 1 - 2/2
        (TemporalCoherence(mode="llm", llm=llm), {"response": "She was born in 1950 and died in 1940."}, 0.0),
        # both events placed by their years, in the gold order -> tau 1 -> 1.0
        (EventOrderAccuracy(mode="llm", llm=llm),
         {"response": "Apollo 11 landed on the Moon in 1969; Sputnik was launched in 1957.",
          "reference": '["Sputnik launch", "Apollo 11 Moon landing"]'}, 1.0),
        # 24 months for 18: off by 6 -> 1 - 6/18
        (DurationAccuracy(mode="llm", llm=llm),
         {"user_input": "How long?", "response": "It lasted two years.", "reference": "18 months"}, 2 / 3),
    ]
    for metric, sample, expected in cases:
        assert metric.score(**sample).value == pytest.approx(expected), metric.name
    assert llm.calls == 7  # one call per metric (hybrid: one, for 2008)
    rows = build_probe(load_example(), split="test", with_context=True)[:2]
    assert [r["error"] for r in run_probe(rows, llm, show_progress=False)] == [None, None] and llm.calls == 9
