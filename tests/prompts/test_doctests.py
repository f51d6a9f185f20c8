"""Run the docstring examples of the prompt modules."""

from __future__ import annotations

import doctest

from tests.support.doctests import docstring_examples_test

MODULES = [
    "ragas_temporal.prompts",
    "ragas_temporal.prompts.compact",
    "ragas_temporal.prompts.claims",
    "ragas_temporal.prompts.relevance",
    "ragas_temporal.prompts.focus",
    "ragas_temporal.prompts.dated",
    "ragas_temporal.prompts.timeline",
]

test_docstring_examples = docstring_examples_test(MODULES, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
