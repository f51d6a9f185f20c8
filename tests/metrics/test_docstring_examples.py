"""The worked examples in the metric modules' docstrings run and hold."""

from __future__ import annotations

from tests.support.doctests import docstring_examples_test

MODULES = [
    "ragas_temporal.metrics",
    "ragas_temporal.metrics.base",
    "ragas_temporal.metrics.faithfulness",
    "ragas_temporal.metrics.ranking",
    "ragas_temporal.metrics.dataset_scoring",
    "ragas_temporal.metrics.registry",
    "ragas_temporal.metrics.columns",
    "ragas_temporal.metrics.dates",
    "ragas_temporal.metrics.judged",
    "ragas_temporal.metrics.answer_time",
    "ragas_temporal.metrics.parameters",
    "ragas_temporal.metrics.timeline",
    "ragas_temporal.metrics.consistency",
]

test_docstring_examples = docstring_examples_test(MODULES, require_examples=False)
