"""Run the docstring examples of the LLM-mode modules and of the shared test doubles."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "ragas_temporal.temporal_focus",
    "ragas_temporal.prompts",
    "ragas_temporal.prompts._compact",
    "ragas_temporal.prompts.claims",
    "ragas_temporal.prompts.relevance",
    "ragas_temporal.prompts.focus",
    "ragas_temporal.metrics._llm_judge",
    "ragas_temporal.prompts._dated",
    "ragas_temporal.testing",
    "ragas_temporal.testing.judge",
    "ragas_temporal.testing.llm",
    "tests.support.fake_llm",
    "tests.support.fake_judges",
    "tests.support.openai_server",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no docstring example"
    assert result.failed == 0
