"""LLM cost of the temporal LLM modes versus stock ragas, with a token-counting fake LLM.

Runs on the package's example dataset (``ragas_temporal.data.load_example_dataset()``, 20
samples) with the test suite's prompt-reading judge (``tests.support.fake_judges.rule_based_judge``,
the package's offline rules behind a rendered prompt) in a ``ScriptedLLM`` (deterministic, offline),
counting calls and the tokens of every prompt and reply. The
samples' reference dates reach our prompts as the ``reference_date`` data field. Each metric scores every sample one at a
time through ragas's ``single_turn_ascore``, so calls and tokens are attributed per sample.

Tokens are counted with ``tests.support.fake_llm.count_tokens`` (every word and every punctuation
mark is one token): not a BPE tokenizer, but the same ruler for every prompt, which is what a
ratio needs. It counts JSON punctuation heavily, so absolute numbers run above BPE counts.

Tables:

1. faithfulness: our ``TemporalFaithfulness`` in ``llm`` and ``hybrid`` modes versus stock
   ``ragas.metrics.Faithfulness`` on the same samples, plus ``llm`` mode with a date of its own
   for every context (each sent as ``{"date", "text"}``: the most the dates can cost), and when 1 reply in 5 is
   malformed (each costs ragas ``FixOutputFormat`` repair calls: ``fix_retries`` = 1 by default);
2. precision@5: listwise (``TemporalPrecisionAtK(mode="llm")``, one call per sample) versus a
   per-document judge (the same prompt with one document per call), plus NDCG@10 listwise.

Targets: at most 1 call per sample for our modes; prompt tokens <= 0.6 x stock Faithfulness.

Run: ``.venv/bin/python benchmarks/llm_cost.py``
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout: its tests/support
os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")
warnings.simplefilter("ignore", DeprecationWarning)
# ragas logs every unparsable reply at ERROR level; the malformed-reply rows below make many on purpose
logging.getLogger("ragas.prompt.pydantic_prompt").setLevel(logging.CRITICAL)

from ragas import RunConfig  # noqa: E402
from ragas.metrics import Faithfulness  # noqa: E402

from ragas_temporal.data import example_reference_dates, load_example_dataset  # noqa: E402
from ragas_temporal.llm.offline import OFFLINE_MODEL  # noqa: E402
from ragas_temporal.metrics import TemporalFaithfulness, TemporalNDCGAtK, TemporalPrecisionAtK  # noqa: E402
from ragas_temporal.ranking.judge import judge_relevance  # noqa: E402
from tests.support.fake_judges import rule_based_judge  # noqa: E402
from tests.support.fake_llm import ScriptedLLM  # noqa: E402


def counting_judge(script=rule_based_judge) -> ScriptedLLM:
    """A fake LLM answering rendered prompts with ``script``, counting calls and tokens."""
    return ScriptedLLM(script, model_name=OFFLINE_MODEL)


def _every_fifth_malformed():
    """Script: the rule-based judge, except every 5th call is prose (and so is its repair)."""
    counter = {"n": 0}

    def script(prompt_text: str):
        counter["n"] += 1
        if counter["n"] % 5 == 0:
            return "Sure! Here are the claims you asked for."
        return rule_based_judge(prompt_text)

    return script


async def _measure(metric, samples, llm) -> dict:
    """Score each sample alone; per-sample calls and tokens from the fake LLM's counters."""
    metric.llm = llm
    metric.init(RunConfig(timeout=60, max_retries=1, max_wait=0))
    per_sample_calls, nan_rows = [], 0
    for sample in samples:
        before = llm.calls
        value = await metric.single_turn_ascore(sample)
        per_sample_calls.append(llm.calls - before)
        nan_rows += value != value
    return _summary(samples, llm, per_sample_calls, nan_rows)


def _summary(samples, llm, per_sample_calls, nan_rows) -> dict:
    n = len(samples)
    return {
        "samples": n,
        "calls": llm.calls,
        "calls/sample": llm.calls / n,
        "max calls": max(per_sample_calls),
        "zero-call samples": sum(1 for c in per_sample_calls if c == 0),
        "prompt tok/sample": llm.prompt_tokens / n,
        "completion tok/sample": llm.completion_tokens / n,
        "NaN rows": nan_rows,
    }


async def _per_document_precision(samples, k: int) -> dict:
    """Precision@k judged one document per call (what a pointwise judge costs)."""
    llm = counting_judge()
    per_sample_calls = []
    for sample in samples:
        before = llm.calls
        for document in sample.retrieved_contexts[:k]:
            await judge_relevance(llm, sample.user_input, [document], focus="infer", scale="binary")
        per_sample_calls.append(llm.calls - before)
    return _summary(samples, llm, per_sample_calls, 0)


def _table(title: str, rows: list[tuple[str, dict]], baseline: str | None) -> str:
    columns = ["samples", "calls", "calls/sample", "max calls", "zero-call samples",
               "prompt tok/sample", "completion tok/sample", "NaN rows"]
    base = dict(rows)[baseline]["prompt tok/sample"] if baseline else None
    header = ["metric", *columns] + (["prompt tok vs " + baseline] if baseline else [])
    lines = [title, "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for name, stats in rows:
        cells = [name]
        for column in columns:
            value = stats[column]
            cells.append(f"{value:.2f}" if isinstance(value, float) and column != "samples" else str(value))
        if baseline:
            cells.append(f"{stats['prompt tok/sample'] / base:.2f}x")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


async def main() -> None:
    samples = list(load_example_dataset())
    dates = example_reference_dates()

    faithfulness_rows = [
        ("TemporalFaithfulness llm", await _measure(
            TemporalFaithfulness(mode="llm", reference_date=dates), samples, counting_judge())),
        ("TemporalFaithfulness hybrid", await _measure(
            TemporalFaithfulness(mode="hybrid", reference_date=dates), samples, counting_judge())),
        # worst case for the dated-context form: every context has its own date, unlike the sample's
        ("TemporalFaithfulness llm, every context with its own date", await _measure(
            TemporalFaithfulness(mode="llm", reference_date=dates, context_dates=lambda sample, i, text: "2000-01-01"),
            samples, counting_judge())),
        ("ragas Faithfulness (stock)", await _measure(Faithfulness(), samples, counting_judge())),
        ("TemporalFaithfulness llm, 1 in 5 replies malformed (fix_retries=1)", await _measure(
            TemporalFaithfulness(mode="llm", reference_date=dates), samples, counting_judge(_every_fifth_malformed()))),
        ("TemporalFaithfulness llm, 1 in 5 replies malformed (fix_retries=0)", await _measure(
            TemporalFaithfulness(mode="llm", reference_date=dates, fix_retries=0), samples,
            counting_judge(_every_fifth_malformed()))),
    ]
    precision_rows = [
        ("TemporalPrecisionAtK k=5 llm (listwise)", await _measure(
            TemporalPrecisionAtK(k=5, mode="llm", reference_date=dates), samples, counting_judge())),
        ("precision@5 per-document judge", await _per_document_precision(samples, 5)),
        ("TemporalNDCGAtK k=10 llm (listwise)", await _measure(
            TemporalNDCGAtK(k=10, mode="llm", reference_date=dates), samples, counting_judge())),
    ]
    print(f"LLM cost on the example dataset ({len(samples)} samples); tokens = words + punctuation marks")
    print()
    print(_table("Faithfulness: calls and prompt tokens per sample", faithfulness_rows, "ragas Faithfulness (stock)"))
    print()
    print(_table("Retrieval judges: listwise vs per-document", precision_rows, "precision@5 per-document judge"))
    stock = dict(faithfulness_rows)["ragas Faithfulness (stock)"]["prompt tok/sample"]
    ours = dict(faithfulness_rows)
    print()
    for name in ("TemporalFaithfulness llm", "TemporalFaithfulness hybrid"):
        ratio = ours[name]["prompt tok/sample"] / stock
        calls = ours[name]["max calls"]
        print(f"target check {name}: max calls/sample {calls} (<= 1: {calls <= 1}); "
              f"prompt tokens {ratio:.2f}x stock (<= 0.6: {ratio <= 0.6})")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: no options yet, but ``--help`` says what the run does instead of doing it."""
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Offline and deterministic: a scripted fake LLM answers, no API key or network is used.",
    )
    return parser.parse_args(argv)


if __name__ == "__main__":
    parse_args()
    asyncio.run(main())
