"""Overhead of the temporal metrics: through ragas.evaluate, and as pure scores over a million rows.

Part 1 runs the same synthetic rows (default 10,000) through ``ragas.evaluate`` once per metric,
with a stock non-LLM ragas metric as the baseline in the same process: ``NonLLMStringSimilarity``
when ``rapidfuzz`` is installed, else ``ExactMatch`` (the cheapest stock metric, so the harsher
baseline). Each temporal metric is timed twice: with the extractor's cache emptied first (every
text extracted once: the cost of a first run) and again with the cache warm. Target: <= 1.2x the
baseline's time per row.

Part 2 applies the pure functions of ``ragas_temporal.scores`` (faithfulness, P@5 from overlap
relevance, NDCG@10 from Jaccard grades) to precomputed year sets, one million rows, with
``datasets.Dataset.map(batched=True, num_proc=2)``, and prints rows per second (wall clock), plus
the CPU-time rate of one process on the first 200,000 rows (steady on a shared machine).

Run:  .venv/bin/python benchmarks/metrics_overhead.py [--rows 10000] [--pure-rows 1000000] [--num-proc 2] [--pure-only]
Never part of the test run.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import random
import tempfile
import time
import warnings
from typing import Iterable

os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")
warnings.filterwarnings("ignore")

EVENTS = [
    "the bank failed", "the treaty was signed", "the bridge opened", "prices peaked", "the strike ended",
    "the election was held", "the museum reopened", "the merger closed", "the flood hit the valley",
    "the vaccine was approved", "the stadium was built", "the law was repealed",
]
REPEATS = 3  # best-of runs per measurement (the machine may be shared)
BATCH = 500  # ragas.evaluate batch_size for the batched columns

PLACES = ["Lyon", "Osaka", "Quito", "Perth", "Tallinn", "Accra", "Leeds", "Bergen", "Porto", "Austin"]


def synthetic_rows(n: int, seed: int = 0) -> list[dict]:
    """Distinct temporal RAG rows: a question with a year, four contexts, an answer with one or two years."""
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        year = rng.randint(1850, 2024)
        place = rng.choice(PLACES)
        event = rng.choice(EVENTS)
        other = year + rng.choice([-3, -1, 1, 2, 5])
        contexts = [
            f"In {place}, {event} in {year}, report {i}.",
            f"Records from {other} show that {rng.choice(EVENTS)} in {place} (file {i}).",
            f"A {year - rng.randint(10, 40)} survey of {place} lists {rng.randint(2, 90)} sites, entry {i}.",
            f"Local news: {rng.choice(EVENTS)} between {year} and {year + 2}, item {i}.",
        ]
        answer_year = year if rng.random() < 0.7 else year + rng.randint(1, 9)
        rows.append(
            {
                "user_input": f"What happened in {place} in {year}? (#{i})",
                "response": f"In {answer_year}, {event} in {place}; it was reported again in {other}.",
                "reference": f"{event.capitalize()} in {place} in {year}.",
                "retrieved_contexts": contexts,
                "retrieved_context_ids": [f"{i}-{j}" for j in range(4)],
                "reference_context_ids": [f"{i}-0", f"{i}-3"],
            }
        )
    return rows


def baseline_metric():
    try:
        from ragas.metrics._string import NonLLMStringSimilarity

        return NonLLMStringSimilarity()
    except ImportError:
        from ragas.metrics._string import ExactMatch

        return ExactMatch()


def time_evaluate(dataset, metric, batch_size: int | None = None) -> float:
    from ragas import evaluate

    gc.collect()
    start = time.process_time()  # CPU time of this process: robust to other jobs on a shared machine
    result = evaluate(dataset, metrics=[metric], show_progress=False, raise_exceptions=True, batch_size=batch_size)
    elapsed = time.process_time() - start
    assert len(result.scores) == len(dataset)
    return elapsed


def part_one(n: int, repeats: int = REPEATS, warm_rows: int = 200, only: Iterable[str] | None = None) -> None:
    """Part 1 on ``n`` synthetic rows; ``only``: the names of the metrics to run (default: all)."""
    from ragas import EvaluationDataset

    from ragas_temporal.focus_time import extract_focus_time
    from ragas_temporal.metrics import (
        AnswerTemporalRecall,
        TemporalFaithfulness,
        TemporalMAP,
        TemporalMRR,
        TemporalNDCGAtK,
        TemporalPrecisionAtK,
        TemporalRecallAtK,
    )

    dataset = EvaluationDataset.from_list(synthetic_rows(n))
    warm_up = EvaluationDataset.from_list(synthetic_rows(warm_rows, seed=1))
    baseline = baseline_metric()
    ours = [
        TemporalFaithfulness(),
        TemporalPrecisionAtK(k=5),
        TemporalRecallAtK(k=5),
        TemporalNDCGAtK(k=10),
        TemporalMRR(k=10),
        TemporalMAP(k=10),
        AnswerTemporalRecall(),
        TemporalNDCGAtK(k=10, mode="gold"),
    ]
    if only is not None:
        wanted = set(only)
        ours = [m for m in ours if m.name in wanted]
    for metric in [baseline, *ours]:  # imports, first-call costs
        time_evaluate(warm_up, metric)

    print(f"ragas.evaluate, {n:,} rows, one metric per run, CPU time us/row (best of {repeats}),")
    print(f"baseline {baseline.name} timed next to each metric; batch: evaluate(batch_size={BATCH})")
    print(
        f"{'metric':<26} {'baseline':>8} {'cold':>7} {'ratio':>5} {'warm':>7} {'ratio':>5}"
        f" {'b.base':>7} {'b.warm':>7} {'ratio':>5} {'own':>5} {'own %':>6}"
    )
    baselines = []
    for metric in ours:
        # interleaved: each ratio uses baseline runs made right next to the metric's own runs
        runs: dict[str, list[float]] = {"base": [], "cold": [], "warm": [], "bbase": [], "bwarm": []}
        for _ in range(repeats):
            runs["base"].append(time_evaluate(dataset, baseline))
            extract_focus_time.cache_clear()
            runs["cold"].append(time_evaluate(dataset, metric))
            runs["warm"].append(time_evaluate(dataset, metric))
            runs["bbase"].append(time_evaluate(dataset, baseline, BATCH))
            runs["bwarm"].append(time_evaluate(dataset, metric, BATCH))
        b, c, w, bb, bw = (1e6 * min(runs[k]) / n for k in ("base", "cold", "warm", "bbase", "bwarm"))
        o = 1e6 * time_own_scoring(dataset, metric) / n
        baselines.append(b)
        print(
            f"{metric.name:<26} {b:>8.1f} {c:>7.1f} {c / b:>5.2f} {w:>7.1f} {w / b:>5.2f}"
            f" {bb:>7.1f} {bw:>7.1f} {bw / bb:>5.2f} {o:>5.1f} {100 * o / b:>5.1f}%"
        )
    extract = 1e6 * time_cold_extraction(dataset, repeats) / n
    print(f"focus-time extraction alone, cache emptied, every text of a row (question, answer, contexts):"
          f" {extract:.1f} us/row; a 1.2x ratio leaves {0.2 * min(baselines):.1f} us/row for all of a metric's work")  # fmt: skip
    print("cold: extractor cache emptied first (every text extracted once, as in a first run);")
    print("warm: the same rows again (focus times cached); b.*: the same with batch_size, which bounds")
    print("how many rows ragas runs at once; own: the metric's own scoring per row, warm, called")
    print("directly (no ragas machinery), and its share of the baseline's time. Target: ratio <= 1.20.")


def time_cold_extraction(dataset, repeats: int = REPEATS) -> float:
    """CPU seconds to extract the focus time of every text of the rows with the cache emptied
    (best of 3): the part of a first run that no metric can avoid."""
    from ragas_temporal.focus_time import extract_focus_time

    texts = [t for s in dataset for t in (s.user_input, s.response, *s.retrieved_contexts)]
    best = math.inf
    for _ in range(repeats):
        extract_focus_time.cache_clear()
        gc.collect()
        start = time.process_time()
        for text in texts:
            extract_focus_time(text)
        best = min(best, time.process_time() - start)
    return best


def time_own_scoring(dataset, metric) -> float:
    """CPU seconds of the metric's own per-sample work over the dataset (warm cache, best of 3)."""
    import asyncio

    samples = list(dataset)

    async def score_all() -> None:
        for sample in samples:
            await metric._single_turn_ascore(sample, None)

    asyncio.run(score_all())
    best = math.inf
    for _ in range(3):
        gc.collect()
        start = time.process_time()
        asyncio.run(score_all())
        best = min(best, time.process_time() - start)
    return best


def _score_batch(batch: dict) -> dict:
    from ragas_temporal import scores
    from ragas_temporal.ranking import formula

    faithfulness, precision, ndcg = [], [], []
    for answer, query, contexts in zip(batch["answer_years"], batch["query_years"], batch["context_years"]):
        faithfulness.append(scores.temporal_faithfulness(answer, contexts).value)
        precision.append(formula.precision_at_k(scores.overlap_relevance(query, contexts), 5).value)
        ndcg.append(formula.ndcg_at_k(scores.jaccard_grades(query, contexts), 10).value)
    return {"temporal_faithfulness": faithfulness, "temporal_precision_at_5": precision, "temporal_ndcg_at_10": ndcg}


def part_two(n: int, num_proc: int) -> None:
    import datasets
    from datasets import Dataset

    datasets.disable_progress_bars()
    rng = random.Random(2)
    answer, query, contexts = [], [], []
    for _ in range(n):
        year = rng.randint(1900, 2024)
        query.append([year, year + 1] if rng.random() < 0.3 else [year])
        answer.append([year + rng.choice([0, 0, 0, 1, 3])])
        contexts.append([[year + rng.randint(-3, 3)] for _ in range(rng.randint(1, 6))])
    with tempfile.TemporaryDirectory() as tmp:
        table = Dataset.from_dict({"answer_years": answer, "query_years": query, "context_years": contexts})
        table = table.flatten_indices()
        start = time.perf_counter()
        out = table.map(
            _score_batch,
            batched=True,
            batch_size=10_000,
            num_proc=num_proc,
            load_from_cache_file=False,
            cache_file_name=os.path.join(tmp, "scores.arrow"),
        )
        elapsed = time.perf_counter() - start
        assert len(out) == n
    # the same batches in this process, CPU time: the per-process rate, unaffected by other load
    sample = min(n, 200_000)
    batches = [
        {"answer_years": answer[i : i + 10_000], "query_years": query[i : i + 10_000],
         "context_years": contexts[i : i + 10_000]}
        for i in range(0, sample, 10_000)
    ]
    cpu = math.inf
    for _ in range(REPEATS):
        gc.collect()
        start = time.process_time()
        for batch in batches:
            _score_batch(batch)
        cpu = min(cpu, time.process_time() - start)
    print()
    print(f"pure scores, datasets.Dataset.map(batched=True, num_proc={num_proc}), {n:,} rows")
    print(f"{'functions':<62} {'seconds':>8} {'rows/s':>10}")
    name = "temporal_faithfulness + precision_at_k(5) + ndcg_at_k(10)"
    print(f"{name:<62} {elapsed:>8.2f} {n / elapsed:>10,.0f}")
    print(f"{'  one process, CPU time, ' + format(sample, ',') + ' rows (best of 3)':<62} {cpu:>8.2f} {sample / cpu:>10,.0f}")


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


def main(argv: Iterable[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=_positive_int, default=10_000)
    parser.add_argument("--pure-rows", type=_positive_int, default=1_000_000)
    parser.add_argument("--num-proc", type=_positive_int, default=2)
    parser.add_argument("--pure-only", action="store_true", help="run part 2 (pure scores) only")
    args = parser.parse_args(list(argv) if argv is not None else None)
    if not args.pure_only:
        part_one(args.rows)
    part_two(args.pure_rows, args.num_proc)


if __name__ == "__main__":
    main()
