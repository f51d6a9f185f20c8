"""Each metric class: bad constructor arguments raise ValueError naming the fix; `ascore` on a
bad sample gives NaN with a reason; values that are fine in numpy or pandas are accepted."""

from __future__ import annotations

import asyncio
import dataclasses
import math

import numpy as np
import pandas as pd
import pytest

from ragas_temporal.metrics import (
    TemporalConsistency,
    TemporalFaithfulness,
    TemporalMAP,
    TemporalMRR,
    TemporalNDCGAtK,
    TemporalPrecisionAtK,
    TemporalRecallAtK,
)
from ragas_temporal.metrics.registry import METRIC_CLASSES

# every metric class the package registers (a new one is covered without editing this file)
ALL = sorted(METRIC_CLASSES.values(), key=lambda cls: cls.__name__)
REQUIRED = {TemporalConsistency: {"group_answers": {}}}  # arguments a class cannot do without
WITH_K = [cls for cls in ALL if "k" in {f.name for f in dataclasses.fields(cls)}]
LLM_CAPABLE = [cls for cls in ALL if "llm" in cls.modes()]
RANKING = [TemporalPrecisionAtK, TemporalRecallAtK, TemporalNDCGAtK, TemporalMRR, TemporalMAP]


def build(cls, **kwargs):
    return cls(**{**REQUIRED.get(cls, {}), **kwargs})


CTX = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]



@pytest.mark.parametrize("cls", ALL)
@pytest.mark.parametrize("name", [123, b"x", ["a"], None])
def test_name_must_be_a_non_empty_string(cls, name):
    with pytest.raises(ValueError, match="name must be a non-empty string"):
        build(cls, name=name)


@pytest.mark.parametrize("cls", WITH_K)
@pytest.mark.parametrize("k", [np.int64(5), np.int32(5), np.uint8(5)])
def test_numpy_integer_k_is_an_integer(cls, k):
    metric = build(cls, k=k)
    assert metric.k == 5 and type(metric.k) is int
    assert "_at_5" in metric.name


@pytest.mark.parametrize("cls", WITH_K)
@pytest.mark.parametrize("k", [0, -1, 2.5, True, "5", np.float64(5.0), float("inf")])
def test_k_that_is_not_a_positive_integer(cls, k):
    with pytest.raises(ValueError, match=f"{cls.__name__}: k must be a positive integer"):
        build(cls, k=k)



@pytest.mark.parametrize("cls", LLM_CAPABLE)
@pytest.mark.parametrize("llm", ["gpt-4o-mini", 42, object()])
def test_an_llm_that_is_not_an_llm(cls, llm):
    with pytest.raises(ValueError) as caught:
        build(cls, mode="llm", llm=llm)
    message = str(caught.value)
    assert "llm must be a ragas LLM" in message and "llm_factory(" in message



def test_ascore_in_llm_mode_without_an_llm_raises_the_same_message():
    metric = TemporalFaithfulness(mode="llm")
    with pytest.raises(ValueError, match=r"needs an LLM.*llm_factory"):
        asyncio.run(metric.ascore(response="in 2008", retrieved_contexts=CTX))



@pytest.mark.parametrize("missing", [pd.NaT, float("nan")], ids=["NaT", "nan"])
def test_missing_reference_date_from_a_callable(missing):
    metric = TemporalFaithfulness(reference_date=lambda sample: missing)
    result = asyncio.run(metric.ascore(response="That was last year.", retrieved_contexts=CTX))
    assert math.isnan(result.value)
    undated = asyncio.run(TemporalFaithfulness().ascore(response="That was last year.", retrieved_contexts=CTX))
    assert result.reason == undated.reason  # as with no date at all
    assert "needs a reference date" in result.reason


def test_fixed_nat_reference_date_is_refused_at_construction():
    with pytest.raises(ValueError, match="reference_date"):
        TemporalFaithfulness(reference_date="not a date")


@pytest.mark.parametrize("text", ["in 2008 \ud800", "\x00" * 1000 + "2008", "2008" * 100_000, "\u202e8002 ni"])
def test_ascore_on_hostile_text_gives_a_number_or_nan_with_a_reason(text):
    result = asyncio.run(TemporalFaithfulness().ascore(response=text, retrieved_contexts=CTX))
    assert isinstance(result.value, float)
    assert isinstance(result.reason, str) and result.reason  # a NaN always says why; a score says how


@pytest.mark.parametrize("cls", RANKING)
def test_ascore_on_wrongly_typed_contexts_is_nan_with_a_reason(cls):
    result = asyncio.run(cls(k=2).ascore(user_input="in 2008?", retrieved_contexts="In 2008."))
    assert math.isnan(result.value) and "retrieved_contexts must be a list" in result.reason


DEEP_JSON = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("cls", ALL)
@pytest.mark.parametrize("text", [DEEP_JSON, "in 2008 \ud800", "2008-" * 20_000], ids=["deep-json", "surrogate", "dashes"])
def test_every_metric_answers_hostile_text_in_every_column_with_a_value_or_a_reason(cls, text):
    # every text column holds the hostile text (a reference that looks like a JSON list nested
    # 100,000 deep once raised RecursionError out of EventOrderAccuracy.ascore)
    result = asyncio.run(build(cls).ascore(
        user_input=text, response=text, reference=text, retrieved_contexts=[text], retrieved_context_ids=["d1"],
        reference_context_ids=["d1"]))
    assert isinstance(result.value, float)
    assert math.isnan(result.value) <= bool(result.reason)  # a NaN always says why


def test_a_gold_event_list_nested_too_deeply_says_how_to_give_events():
    from ragas_temporal.metrics import EventOrderAccuracy

    result = asyncio.run(EventOrderAccuracy().ascore(response="Sputnik in 1957, Apollo 11 in 1969.", reference=DEEP_JSON))
    assert math.isnan(result.value)
    assert result.reason == ("reference is a JSON list nested too deeply; give one event per line or a flat JSON "
                             "list of strings")


def test_a_judge_reply_nested_too_deeply_is_diagnosed_not_raised():
    from ragas_temporal.llm.prompt_runner import diagnose_reply
    from ragas_temporal.faithfulness.prompts import TemporalClaimsOutput

    assert diagnose_reply(DEEP_JSON, TemporalClaimsOutput).startswith("reply is not JSON: '[[[[")
