"""Run the docstring examples of the TeCFaP modules."""

from __future__ import annotations

import doctest

from tests.support.doctests import docstring_examples_test

MODULES = [
    "ragas_temporal.tecfap",
    "ragas_temporal.tecfap.dataset",
    "ragas_temporal.tecfap.probe",
    "ragas_temporal.tecfap.records",
    "ragas_temporal.tecfap.rewards",
    "ragas_temporal.tecfap.probe_runner",
    "ragas_temporal.tecfap.scoring",
    "ragas_temporal.tecfap.metric",
]

test_docstring_examples = docstring_examples_test(MODULES, optionflags=doctest.NORMALIZE_WHITESPACE)
