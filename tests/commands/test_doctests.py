"""Run the docstring examples of the CLI sub-command modules."""

from __future__ import annotations

from tests.support.doctests import docstring_examples_test

test_docstring_examples = docstring_examples_test(
    ["ragas_temporal.commands.evaluate", "ragas_temporal.commands.judge_llm", "ragas_temporal.commands.row_stream",
     "ragas_temporal.commands.partial_output", "ragas_temporal.data.writers"],
    require_examples=False,
)
