"""The worked examples of the modules that guard against hostile input."""

from __future__ import annotations

import doctest

from tests.support.doctests import docstring_examples_test

MODULES = [
    "ragas_temporal.input_files",
    "ragas_temporal.batch.engines",
    "ragas_temporal.cli",
    "ragas_temporal.commands.failures",
    "ragas_temporal.commands.arg_types",
    "ragas_temporal.judging.llm_calls",
    "ragas_temporal.metrics.llm_slot",
    "ragas_temporal.tecfap.predictions_file",
]

test_docstring_examples = docstring_examples_test(MODULES, optionflags=doctest.ELLIPSIS)
