"""Run the docstring examples of the judging modules."""

from __future__ import annotations

import doctest

from tests.support.doctests import docstring_examples_test

MODULES = [
    "ragas_temporal.judging",
    "ragas_temporal.judging.prompt_runner",
    "ragas_temporal.judging.judges",
    "ragas_temporal.judging.query_focus",
    "ragas_temporal.judging.offline_rules",
    "ragas_temporal.judging.offline",
    "ragas_temporal.judging.timeline",
    "ragas_temporal.judging.offline_timeline",
]

test_docstring_examples = docstring_examples_test(MODULES, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
