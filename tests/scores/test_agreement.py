"""Gold-mode ranking scores agree with ir_measures (pytrec_eval, i.e. trec_eval) and ranx.

A few hundred seeded random queries: graded judgements 0-3 on a 30-document corpus (grade 0 =
judged non-relevant), runs of 1-15 documents with distinct scores so no library has to break ties.
Our side goes through the gold helpers exactly as the gold-mode metrics do:
``gold_grades`` -> ranking function, ``n_relevant_gold`` for recall/AP, ``gold_ideal_grades`` for NDCG.

Conventions checked: P@k divides by k; recall and AP divide by all relevant judgements; NDCG's ideal
ranking comes from all judgements; linear gain for trec_eval ``ndcg_cut`` and ranx ``ndcg``,
exponential gain for ranx ``ndcg_burges``. Where the libraries report 0 for a query without relevant
documents (recall, AP, NDCG), we return NaN with a reason: checked separately.
"""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from ragas_temporal.ranking.formula import (
    average_precision_at_k,
    ndcg_at_k,
    precision_at_k,
    recall_at_k,
    reciprocal_rank_at_k,
)
from ragas_temporal.ranking.gold import gold_grades, gold_ideal_grades, n_relevant_gold

CUTOFFS = (1, 3, 5, 10)
N_QUERIES = 300
REPO_ROOT = Path(__file__).resolve().parents[2]


def _random_collection(seed: int, binary: bool) -> tuple[dict[str, dict[str, int]], dict[str, list[str]]]:
    """qrels {qid: {doc: grade}} and runs {qid: [doc, ...] in rank order}."""
    rng = random.Random(seed)
    corpus = [f"d{i:02d}" for i in range(30)]
    qrels: dict[str, dict[str, int]] = {}
    runs: dict[str, list[str]] = {}
    for q in range(N_QUERIES):
        judged = rng.sample(corpus, rng.randint(1, 10))
        grades = {doc: rng.randint(0, 3) for doc in judged}
        if binary:
            grades = {doc: int(g > 0) for doc, g in grades.items()}
        qid = f"q{q:03d}"
        qrels[qid] = grades
        # bias runs towards judged documents so that hits and misses are both common
        pool = judged + rng.sample(corpus, 10)
        runs[qid] = list(dict.fromkeys(rng.sample(pool, min(len(pool), rng.randint(1, 15)))))
    return qrels, runs


def _ours(qrels: dict[str, dict[str, int]], runs: dict[str, list[str]], gain: str = "linear") -> dict[str, dict]:
    """{measure name: {qid: value}} with names shared by both comparisons."""
    out: dict[str, dict] = {}
    for qid, ranked in runs.items():
        gold = qrels[qid]
        grades = gold_grades(ranked, gold)
        n_rel = n_relevant_gold(gold)
        ideal = gold_ideal_grades(gold)
        for k in CUTOFFS:
            out.setdefault(f"P@{k}", {})[qid] = precision_at_k(grades, k).value
            out.setdefault(f"R@{k}", {})[qid] = recall_at_k(grades, k, n_rel).value
            out.setdefault(f"RR@{k}", {})[qid] = reciprocal_rank_at_k(grades, k).value
            out.setdefault(f"AP@{k}", {})[qid] = average_precision_at_k(grades, k, n_rel).value
            out.setdefault(f"nDCG@{k}", {})[qid] = ndcg_at_k(grades, k, ideal_gains=ideal, gain=gain).value
    return out


def _as_run_scores(runs: dict[str, list[str]]) -> dict[str, dict[str, float]]:
    # distinct descending scores: rank 1 gets the highest
    return {qid: {doc: float(len(ranked) - i) for i, doc in enumerate(ranked)} for qid, ranked in runs.items()}


def _assert_agree(ours: dict[str, float], theirs: dict[str, float], qrels: dict, measure: str, library: str) -> None:
    undefined_when_no_relevant = measure.split("@")[0] in {"R", "AP", "nDCG"}
    compared = 0
    for qid, value in ours.items():
        has_relevant = any(g > 0 for g in qrels[qid].values())
        if undefined_when_no_relevant and not has_relevant:
            assert math.isnan(value), f"{measure} {qid}: expected NaN without relevant documents, got {value}"
            continue
        assert qid in theirs, f"{library} gave no {measure} for {qid}"
        assert value == pytest.approx(theirs[qid], abs=1e-9), f"{measure} {qid}: ours {value}, {library} {theirs[qid]}"
        compared += 1
    assert compared > N_QUERIES // 2  # the comparison really covered most queries


@pytest.mark.parametrize("binary", [True, False], ids=["binary", "graded"])
def test_agreement_with_ir_measures(binary: bool) -> None:
    ir_measures = pytest.importorskip("ir_measures", reason="ir_measures is in the test extra")
    qrels, runs = _random_collection(seed=20261122 + binary, binary=binary)
    ours = _ours(qrels, runs)
    names = list(ours)
    theirs: dict[str, dict[str, float]] = {name: {} for name in names}
    for metric in ir_measures.iter_calc(
        [ir_measures.parse_measure(n) for n in names], qrels, _as_run_scores(runs)
    ):
        theirs[str(metric.measure)][metric.query_id] = metric.value
    for name in names:
        _assert_agree(ours[name], theirs[name], qrels, name, "ir_measures")


RANX_NAMES = {"P": "precision", "R": "recall", "RR": "mrr", "AP": "map", "nDCG": "ndcg"}
# (seed, binary judgements, gain): the ranx comparisons, all computed in one child process
RANX_CASES = [(777, True, "linear"), (778, False, "linear"), (4242, False, "exponential")]


def _ranx_metric(name: str, gain: str) -> str:
    measure, k = name.split("@")
    ranx_measure = "ndcg_burges" if (measure == "nDCG" and gain == "exponential") else RANX_NAMES[measure]
    return f"{ranx_measure}@{k}"


@pytest.fixture(scope="module")
def ranx_results() -> list[dict[str, dict[str, float]]]:
    pytest.importorskip("ranx", reason="ranx is in the test extra")
    jobs = []
    for seed, binary, gain in RANX_CASES:
        qrels, runs = _random_collection(seed, binary)
        metrics = [_ranx_metric(name, gain) for name in _measure_names()]
        jobs.append({"qrels": qrels, "run": _as_run_scores(runs), "metrics": metrics})
    done = subprocess.run(
        [sys.executable, "-m", "tests.scores.ranx_reference"],
        input=json.dumps(jobs),
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        env={**os.environ, "NUMBA_DISABLE_JIT": "1"},  # see tests/scores/ranx_reference.py
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def _measure_names() -> list[str]:
    return [f"{m}@{k}" for k in CUTOFFS for m in ("P", "R", "RR", "AP", "nDCG")]


@pytest.mark.parametrize("case", range(len(RANX_CASES)), ids=["binary", "graded", "graded-exponential-gain"])
def test_agreement_with_ranx(case: int, ranx_results) -> None:
    seed, binary, gain = RANX_CASES[case]
    qrels, runs = _random_collection(seed, binary)
    ours = _ours(qrels, runs, gain=gain)
    theirs = ranx_results[case]
    for name in _measure_names():
        _assert_agree(ours[name], theirs[_ranx_metric(name, gain)], qrels, name, "ranx")
