"""The metrics inside ragas.evaluate, next to ragas's stock (LLM) Faithfulness run by a fake LLM."""

from __future__ import annotations

import json
import math
import re
import warnings

import pytest
from ragas import EvaluationDataset, evaluate

from ragas_temporal.metrics import TemporalFaithfulness, TemporalNDCGAtK, TemporalPrecisionAtK
from ragas_temporal.adapter.judged import NoLLM
from tests.support.fake_llm import ScriptedLLM

warnings.filterwarnings("ignore", category=DeprecationWarning)

_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")

SEED_CONTEXTS = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
QUESTION = "What happened in the crisis of 2008 and 2009?"


def stock_faithfulness_reply(prompt: str) -> str:
    """Answers ragas's two Faithfulness prompts: sentences as statements; verdict 1 iff the years occur."""
    # ragas ends every prompt with "...input: {json}\nOutput: "
    payload = json.loads(prompt.rsplit("input: ", 1)[-1].rsplit("}", 1)[0] + "}")
    if "statements" in payload:  # NLI prompt
        context_years = set(_YEAR.findall(payload["context"]))
        verdicts = [
            {"statement": s, "reason": "years checked", "verdict": int(set(_YEAR.findall(s)) <= context_years)}
            for s in payload["statements"]
        ]
        return json.dumps({"statements": verdicts})
    return json.dumps({"statements": [s for s in re.split(r"(?<=\.)\s+", payload["answer"]) if s]})


def seed_dataset() -> EvaluationDataset:
    return EvaluationDataset.from_list(
        [
            {"user_input": QUESTION, "response": "The crisis occurred in 2008 and continued into 2009.",
             "retrieved_contexts": SEED_CONTEXTS},
            {"user_input": QUESTION, "response": "The crisis started in 2007 and ended in 2010.",
             "retrieved_contexts": SEED_CONTEXTS},
        ]
    )


def test_evaluate_with_stock_faithfulness_and_fake_llm():
    from ragas.metrics import Faithfulness

    llm = ScriptedLLM(stock_faithfulness_reply)
    metrics = [TemporalFaithfulness(), TemporalPrecisionAtK(k=5), TemporalNDCGAtK(k=10), Faithfulness()]
    result = evaluate(seed_dataset(), metrics=metrics, llm=llm, show_progress=False, raise_exceptions=True)
    df = result.to_pandas()
    # ragas names the column of a metric with a ``mode`` attribute "<name>(mode=<mode>)"
    tf, p5, ndcg = (f"{m.name}(mode={m.mode})" for m in metrics[:3])
    assert [c for c in df.columns if c not in ("user_input", "response", "retrieved_contexts")] == [
        tf, p5, ndcg, "faithfulness"
    ]
    assert len(df) == 2
    # seed: 1.0 then 0.0
    assert df[tf].tolist() == [1.0, 0.0]
    # QFT {2008, 2009}; contexts {2008}, {2009}: rel [1, 1]; P@5 = 2/5 on both rows
    assert df[p5].tolist() == pytest.approx([0.4, 0.4])
    # grades 4·1/2 = 2 each, already in ideal order: NDCG = 1.0
    assert df[ndcg].tolist() == [1.0, 1.0]
    # the stock metric ran through the fake LLM: 2 calls per row (statements, verdicts)
    assert df["faithfulness"].tolist() == [1.0, 0.0]
    assert llm.calls == 4
    # evaluate gave its LLM to the stock metric only (and took it back); the focus-time metrics
    # keep their NoLLM placeholder, which raises if called, so they never called an LLM
    assert metrics[3].llm is None
    assert all(isinstance(m.llm, NoLLM) for m in metrics[:3])


def test_evaluate_offline_without_api_key_or_llm(monkeypatch):
    # ragas.evaluate builds a default OpenAI client for a MetricWithLLM whose llm is None, which
    # fails without OPENAI_API_KEY; focus-time metrics must run offline with no key and no llm=
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    result = evaluate(seed_dataset(), metrics=[TemporalFaithfulness(name="tf"), TemporalNDCGAtK()],
                      show_progress=False, raise_exceptions=True)
    assert result["tf(mode=focus_time)"] == [1.0, 0.0]


def test_no_llm_placeholder_refuses_to_generate():
    import asyncio

    from langchain_core.prompt_values import StringPromptValue

    llm = TemporalFaithfulness().llm
    with pytest.raises(RuntimeError, match="temporal_faithfulness .mode='focus_time'. does not call an LLM"):
        asyncio.run(llm.agenerate_text(StringPromptValue(text="hi")))
    # an LLM passed explicitly is kept
    fake = ScriptedLLM(["{}"])
    assert TemporalFaithfulness(llm=fake).llm is fake


def test_missing_column_error_names_it():
    ds = EvaluationDataset.from_list([{"user_input": QUESTION, "response": "In 2008."}])
    with pytest.raises(ValueError, match=r"temporal_faithfulness.*\['retrieved_contexts'\]"):
        evaluate(ds, metrics=[TemporalFaithfulness()], show_progress=False)
    with pytest.raises(ValueError, match="reference_context_ids"):
        evaluate(ds, metrics=[TemporalPrecisionAtK(mode="gold")], show_progress=False)


def test_bad_rows_give_nan_and_no_row_is_lost():
    rows = [
        {"user_input": QUESTION, "response": "It began in 2008.", "retrieved_contexts": SEED_CONTEXTS},
        {"user_input": QUESTION, "response": "It began in 2008.", "retrieved_contexts": None},
        {"user_input": QUESTION, "response": "It began in 2008.", "retrieved_contexts": []},
        {"user_input": QUESTION, "response": "", "retrieved_contexts": SEED_CONTEXTS},
        {"user_input": QUESTION, "response": "No year here.", "retrieved_contexts": SEED_CONTEXTS},
    ]
    result = evaluate(EvaluationDataset.from_list(rows), metrics=[TemporalFaithfulness()], show_progress=False)
    scores = result["temporal_faithfulness(mode=focus_time)"]
    assert len(scores) == 5
    assert scores[0] == 1.0
    assert all(math.isnan(s) for s in scores[1:])
