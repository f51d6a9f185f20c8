"""The worked examples in the metric modules' docstrings run and hold."""

from __future__ import annotations

from tests.support.doctests import docstring_examples_test

MODULES = [
    "ragas_temporal.metrics",
    "ragas_temporal.metrics._base",
    "ragas_temporal.metrics.generation",
    "ragas_temporal.metrics.retrieval",
    "ragas_temporal.metrics.dataset",
    "ragas_temporal.data",
    "ragas_temporal.commands.evaluate",
    "ragas_temporal.commands._judge_llm",
    "ragas_temporal",
]

test_docstring_examples = docstring_examples_test(MODULES, require_examples=False)
