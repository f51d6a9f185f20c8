"""The worked examples in the focus_time docstrings are tests too."""

import doctest
import importlib

import pytest

MODULES = [
    "ragas_temporal.focus_time",
    "ragas_temporal.focus_time.extract",
    "ragas_temporal.focus_time.context_rules",
    "ragas_temporal.focus_time.interpret",
    "ragas_temporal.focus_time.model",
    "ragas_temporal.focus_time.named_periods",
    "ragas_temporal.focus_time.normalise",
    "ragas_temporal.focus_time.patterns",
    "ragas_temporal.focus_time.reference",
    "ragas_temporal.focus_time.scanner",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
