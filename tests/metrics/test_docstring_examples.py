"""The worked examples in the metric modules' docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

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


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
