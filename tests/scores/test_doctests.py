"""The Examples sections of the scores docstrings are part of the specification: run them."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "ragas_temporal.scores",
    "ragas_temporal.scores._result",
    "ragas_temporal.scores._validation",
    "ragas_temporal.scores.year_sets",
    "ragas_temporal.scores.ranking",
    "ragas_temporal.scores.gold",
    "ragas_temporal.scores.verdicts",
    "ragas_temporal.scores.answers",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
