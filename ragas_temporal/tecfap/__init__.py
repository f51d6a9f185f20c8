"""TeCFaP (seed 004): temporally consistent factuality probing on TEMP-COFAC.

The workflow, end to end (offline here: a scripted "model" that always answers the gold)::

    from ragas_temporal.tecfap import load_temp_cofac, build_probe, run_probe, score_probe
    data = load_temp_cofac("path/to/tecfap")          # a clone of the benchmark repository
    rows = build_probe(data, split="test", shots=0)    # 16 x consecutive pairs per relation
    records = run_probe(rows, llm, out="preds.jsonl")  # any ragas LLM; resumable
    table = score_probe("preds.jsonl")                 # 7 metrics x backward/forward/average

Modules: :mod:`.dataset` (loader and typed records), :mod:`.probe` (rows and prompts),
:mod:`.probe_runner` (LLM calls), :mod:`.scoring` (pure metric arithmetic), :mod:`.metric` (ragas
metric and dataset-level report), :mod:`.rewards` (CTSRL reward functions).

>>> from ragas_temporal.tecfap import load_example, build_probe, score_probe
>>> rows = build_probe(load_example(), split="test")
>>> len(rows)  # relation 1: (3+3)*4 = 24, relation 2: (3+3)*5 = 30
54
>>> gold_answers = [{**r.to_dict(), "prediction": r.gold} for r in rows]
>>> table = score_probe(gold_answers)
>>> table["average"].round(3).to_dict()["temporally_consistent_factuality"]
1.0
"""

from __future__ import annotations

from ragas_temporal.tecfap.dataset import (
    Entity,
    Pattern,
    Relation,
    TempCofac,
    TempCofacFormatError,
    example_path,
    load_example,
    load_temp_cofac,
)
from ragas_temporal.tecfap.probe import ProbeRow, build_probe
from ragas_temporal.tecfap.records import read_predictions
from ragas_temporal.tecfap.rewards import ctsrl_discrete_reward, ctsrl_smooth_reward, smooth_temporal_credit
from ragas_temporal.tecfap.probe_runner import ProbeSettings, arun_probe, openai_compatible_llm, run_probe
from ragas_temporal.tecfap.scoring import (
    METRIC_NAMES,
    score_by_relation,
    score_probe,
    snap_to_candidate,
    soft_accuracy,
)

__all__ = [
    "Entity",
    "Pattern",
    "Relation",
    "TempCofac",
    "TempCofacFormatError",
    "example_path",
    "load_example",
    "load_temp_cofac",
    "ProbeRow",
    "build_probe",
    "read_predictions",
    "run_probe",
    "arun_probe",
    "ProbeSettings",
    "openai_compatible_llm",
    "score_probe",
    "score_by_relation",
    "soft_accuracy",
    "snap_to_candidate",
    "METRIC_NAMES",
    "ctsrl_discrete_reward",
    "ctsrl_smooth_reward",
    "smooth_temporal_credit",
    "TemporalFactuality",
    "consistency_report",
    "probe_to_evaluation_dataset",
]

_METRIC_NAMES = {"TemporalFactuality", "consistency_report", "probe_to_evaluation_dataset"}


def __getattr__(name: str):
    # the ragas glue is imported on first use: loading, probing and scoring do not import ragas
    if name in _METRIC_NAMES:
        from ragas_temporal.tecfap import metric

        value = getattr(metric, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'ragas_temporal.tecfap' has no attribute {name!r}")
