"""Gold-mode metric classes agree with ir_measures (trec_eval conventions) on random runs.

The pure functions are checked against ranx and ir_measures in tests/scores; this checks the ragas
glue on top: ids read from ``retrieved_context_ids`` / ``reference_context_ids``, gold-mode ideal
DCG from every gold id, the cutoff k, and one row per query with nothing dropped.
"""

from __future__ import annotations

import random

import pytest

from ragas_temporal.metrics import (
    TemporalMAP,
    TemporalMRR,
    TemporalNDCGAtK,
    TemporalPrecisionAtK,
    TemporalRecallAtK,
    score_dataset,
)

N_QUERIES = 150


def random_rows(seed: int) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for q in range(N_QUERIES):
        pool = [f"q{q}-d{i}" for i in range(15)]
        gold = rng.sample(pool, rng.randint(1, 5))
        run = rng.sample(pool, rng.randint(1, 12))
        rows.append({"user_input": f"q{q}", "retrieved_context_ids": run, "reference_context_ids": gold})
    return rows


@pytest.mark.parametrize("k", [1, 3, 10])
def test_gold_mode_agrees_with_ir_measures(k):
    ir_measures = pytest.importorskip("ir_measures", reason="ir_measures is in the test extra")
    rows = random_rows(seed=k)
    metrics = {
        f"P@{k}": TemporalPrecisionAtK(k=k, mode="gold"),
        f"R@{k}": TemporalRecallAtK(k=k, mode="gold"),
        f"RR@{k}": TemporalMRR(k=k, mode="gold"),
        f"AP@{k}": TemporalMAP(k=k, mode="gold"),
        f"nDCG@{k}": TemporalNDCGAtK(k=k, mode="gold"),
    }
    ours = score_dataset(rows, list(metrics.values()))
    assert len(ours) == N_QUERIES

    qrels = {r["user_input"]: {doc: 1 for doc in r["reference_context_ids"]} for r in rows}
    run = {
        r["user_input"]: {doc: float(len(r["retrieved_context_ids"]) - i) for i, doc in enumerate(r["retrieved_context_ids"])}
        for r in rows
    }
    theirs: dict[tuple[str, str], float] = {}
    for m in ir_measures.iter_calc([ir_measures.parse_measure(name) for name in metrics], qrels, run):
        theirs[(str(m.measure), m.query_id)] = m.value
    for name, metric in metrics.items():
        for row, value in zip(rows, ours[metric.name]):
            assert value == pytest.approx(theirs[(name, row["user_input"])], abs=1e-9), (name, row)
