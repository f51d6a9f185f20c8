"""Construction of the metric classes: modes, names, k, columns, reference-date validation."""

from __future__ import annotations

import datetime as dt
import math

import pytest
from ragas.metrics.base import MetricWithLLM, SingleTurnMetric
from ragas.run_config import RunConfig

import ragas_temporal
from ragas_temporal.metrics import (
    AnswerTemporalRecall,
    TemporalFaithfulness,
    TemporalMAP,
    TemporalMRR,
    TemporalNDCGAtK,
    TemporalPrecisionAtK,
    TemporalRecallAtK,
)
from ragas_temporal.adapter.judged import NoLLM

ALL = [
    TemporalFaithfulness,
    AnswerTemporalRecall,
    TemporalPrecisionAtK,
    TemporalRecallAtK,
    TemporalNDCGAtK,
    TemporalMRR,
    TemporalMAP,
]
RANKING = [TemporalPrecisionAtK, TemporalRecallAtK, TemporalNDCGAtK, TemporalMRR, TemporalMAP]


def test_public_face_exports_every_registered_class():
    from ragas_temporal.metrics.registry import METRIC_CLASSES

    assert set(ALL) <= set(METRIC_CLASSES.values())
    for cls in METRIC_CLASSES.values():
        assert getattr(ragas_temporal, cls.__name__) is cls
        assert issubclass(cls, SingleTurnMetric)
        # a class with an LLM mode takes ragas's llm slot; one without never has it
        assert issubclass(cls, MetricWithLLM) is ("llm" in cls.modes())


def test_ragas_base_classes():
    for cls in ALL:
        assert issubclass(cls, SingleTurnMetric)
    # the three that get an LLM mode next are MetricWithLLM already; the others never call an LLM
    assert {cls for cls in ALL if issubclass(cls, MetricWithLLM)} == {
        TemporalFaithfulness,
        TemporalPrecisionAtK,
        TemporalNDCGAtK,
    }


def test_default_names_carry_k_and_non_default_mode():
    assert TemporalFaithfulness().name == "temporal_faithfulness"
    assert AnswerTemporalRecall().name == "answer_temporal_recall"
    assert TemporalPrecisionAtK(k=5).name == "temporal_precision_at_5"
    assert TemporalPrecisionAtK().name == "temporal_precision_at_5"
    assert TemporalRecallAtK().name == "temporal_recall_at_5"
    assert TemporalNDCGAtK().name == "temporal_ndcg_at_10"
    assert TemporalMRR().name == "temporal_mrr_at_10"
    assert TemporalMAP().name == "temporal_map_at_10"
    assert TemporalNDCGAtK(k=10, mode="gold").name == "temporal_ndcg_at_10_gold"
    assert TemporalNDCGAtK(k=3, gain="exponential").name == "temporal_ndcg_at_3_exponential"
    assert TemporalPrecisionAtK(k=5, name="p5").name == "p5"
    names = {TemporalPrecisionAtK(k=5).name, TemporalPrecisionAtK(k=10).name, TemporalPrecisionAtK(k=5, mode="gold").name}
    assert len(names) == 3


@pytest.mark.parametrize("cls", ALL)
def test_unknown_mode_lists_allowed_modes(cls):
    with pytest.raises(ValueError, match="mode must be one of 'focus_time'") as info:
        cls(mode="magic")
    assert "'magic'" in str(info.value)


def test_allowed_modes_per_class():
    with pytest.raises(ValueError, match="mode must be one of 'focus_time', 'llm', 'hybrid'; got 'gold'"):
        TemporalFaithfulness(mode="gold")
    with pytest.raises(ValueError, match="got 'gold'"):
        AnswerTemporalRecall(mode="gold")
    for cls in RANKING:
        assert cls(mode="gold").mode == "gold"


@pytest.mark.parametrize("cls", RANKING)
@pytest.mark.parametrize("bad_k", [0, -1, 2.0, "5", True, None])
def test_k_must_be_a_positive_int(cls, bad_k):
    with pytest.raises(ValueError, match="k must be a positive integer"):
        cls(k=bad_k)


def test_ndcg_gain_is_validated():
    with pytest.raises(ValueError, match="gain must be one of"):
        TemporalNDCGAtK(gain="log")


def test_required_columns_per_mode():
    single = "SINGLE_TURN"
    assert TemporalFaithfulness().required_columns[single] == {"response", "retrieved_contexts"}
    assert AnswerTemporalRecall().required_columns[single] == {"user_input", "response"}
    for cls in RANKING:
        assert cls().required_columns[single] == {"user_input", "retrieved_contexts"}
        assert cls(mode="gold").required_columns[single] == {"retrieved_context_ids", "reference_context_ids"}


def test_date_channels_keep_the_columns_they_read_as_optional():
    # ragas trims each sample to get_required_columns(with_optional=True): a reference_date callable
    # must still see user_input, and a context_dates mapping the retrieved ids
    m = TemporalFaithfulness(reference_date=lambda s: None, context_dates={"a": "2020-01-01"})
    assert m.required_columns["SINGLE_TURN"] == {"response", "retrieved_contexts"}
    assert {"user_input", "retrieved_context_ids"} <= m.get_required_columns(with_optional=True)["SINGLE_TURN"]


@pytest.mark.parametrize("bad", ["June 2024", "2024-13-01", "yesterday", 2024, 3.5])
def test_invalid_reference_date_is_a_value_error(bad):
    with pytest.raises(ValueError, match="reference_date must be a date or an ISO"):
        TemporalFaithfulness(reference_date=bad)


def test_valid_reference_dates_resolve_last_year():
    # "last year" read against 2024-06-01 is 2023, whichever way the date is given
    given = ["2024-06-01", dt.date(2024, 6, 1), dt.datetime(2024, 6, 1, 9), lambda sample: "2024-06-01"]
    for reference_date in given:
        metric = TemporalFaithfulness(reference_date=reference_date)
        result = metric.score(response="Prices peaked last year.", retrieved_contexts=["Prices peaked in 2023."])
        assert result.value == 1.0, reference_date
    assert TemporalFaithfulness(reference_date=dt.datetime(2024, 6, 1, 9)).dates.fixed == dt.date(2024, 6, 1)
    # without a reference date "last year" has no year: no temporal claim to check
    assert math.isnan(TemporalFaithfulness().score(
        response="Prices peaked last year.", retrieved_contexts=["Prices peaked in 2023."]).value)


def test_invalid_context_dates():
    with pytest.raises(ValueError, match=r"context_dates\['d1'\] must be a date"):
        TemporalFaithfulness(context_dates={"d1": "not a date"})
    with pytest.raises(ValueError, match="context_dates must be None, a mapping"):
        TemporalFaithfulness(context_dates=["2020-01-01"])


def test_init_needs_no_llm_in_focus_time_and_gold_modes():
    # no LLM anywhere: init passes, and the ragas llm slot of an LLM-capable class holds NoLLM,
    # so ragas.evaluate does not build a default OpenAI client for it
    for cls in ALL:
        for mode in [m for m in cls.modes() if m in ("focus_time", "gold")]:
            metric = cls(mode=mode)
            metric.init(RunConfig())
            assert not metric.scorer.calls_llm
            if isinstance(metric, MetricWithLLM):
                assert isinstance(metric.llm, NoLLM)
            else:
                assert not hasattr(metric, "llm")


def test_init_of_an_llm_mode_without_llm_names_the_fix():
    for cls, mode in [(TemporalFaithfulness, "llm"), (TemporalFaithfulness, "hybrid"),
                      (TemporalPrecisionAtK, "llm"), (TemporalNDCGAtK, "llm")]:
        metric = cls(mode=mode)
        assert metric.llm is None
        with pytest.raises(ValueError, match=r"needs an LLM: pass llm= or use ragas.evaluate\(llm=...\)"):
            metric.init(RunConfig())


def test_each_mode_has_its_scorer_with_columns_and_llm_use():
    # the mode -> scorer map decides the columns a metric declares and whether it calls an LLM
    expected_modes = {
        TemporalFaithfulness: ("focus_time", "llm", "hybrid"),
        AnswerTemporalRecall: ("focus_time",),
        TemporalPrecisionAtK: ("focus_time", "gold", "llm"),
        TemporalRecallAtK: ("focus_time", "gold"),
        TemporalNDCGAtK: ("focus_time", "gold", "llm"),
        TemporalMRR: ("focus_time", "gold"),
        TemporalMAP: ("focus_time", "gold"),
    }
    for cls in ALL:
        assert cls.modes() == expected_modes[cls]
        for mode in cls.modes():
            metric = cls(mode=mode)
            assert set(metric.scorer.columns) == metric.required_columns["SINGLE_TURN"]
            assert metric.scorer.calls_llm is (mode in ("llm", "hybrid"))


def test_copies_score_with_their_own_judge():
    # Spark/Ray ship metrics pickled and users copy them: a copy's judge must read the copy's llm
    # and prompts (set_prompts / ragas.evaluate change those on the copy), not the original's
    import copy
    import pickle

    from ragas_temporal.llm.offline import offline_llm

    original = TemporalPrecisionAtK(k=2, mode="llm", llm=offline_llm())
    for clone in (pickle.loads(pickle.dumps(original)), copy.deepcopy(original)):
        result = clone.score(user_input="What happened in 2008?",
                             retrieved_contexts=["Lehman fell in 2008.", "Banks are old."])
        # top 2: [1, 0] by the offline judge's years -> P@2 = 1/2
        assert result.value == 0.5
        assert clone.llm.calls == 1
    assert original.llm.calls == 0
