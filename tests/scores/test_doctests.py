"""The Examples sections of the scores docstrings are part of the specification: run them."""

from __future__ import annotations

import doctest

from tests.support.doctests import docstring_examples_test

MODULES = [
    "ragas_temporal.scores",
    "ragas_temporal.scores._result",
    "ragas_temporal.scores._validation",
    "ragas_temporal.scores.year_sets",
    "ragas_temporal.scores.claims",
    "ragas_temporal.scores.ranking",
    "ragas_temporal.scores.gold",
    "ragas_temporal.scores.verdicts",
    "ragas_temporal.scores.answers",
    "ragas_temporal.scores.timeline",
]

test_docstring_examples = docstring_examples_test(MODULES, optionflags=doctest.NORMALIZE_WHITESPACE)
