"""Run the docstring examples of the LLM-mode modules and of the shared test doubles."""

from __future__ import annotations

import doctest

from tests.support.doctests import docstring_examples_test

MODULES = [
    "ragas_temporal.judging.query_focus",
    "ragas_temporal.prompts",
    "ragas_temporal.prompts.compact",
    "ragas_temporal.prompts.claims",
    "ragas_temporal.prompts.relevance",
    "ragas_temporal.prompts.focus",
    "ragas_temporal.judging.runner",
    "ragas_temporal.judging.judges",
    "ragas_temporal.prompts.dated",
    "ragas_temporal.judging",
    "ragas_temporal.judging.offline_rules",
    "ragas_temporal.judging.offline",
    "ragas_temporal.judging.timeline",
    "ragas_temporal.judging.offline_timeline",
    "ragas_temporal.prompts.timeline",
    "tests.support.fake_llm",
    "tests.support.fake_judges",
    "tests.support.openai_server",
    "tests.support.doctests",
]

test_docstring_examples = docstring_examples_test(MODULES, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
