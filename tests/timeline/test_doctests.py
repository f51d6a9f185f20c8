"""The Examples sections of the timeline readers are part of the specification: run them."""

from __future__ import annotations

from tests.support.doctests import docstring_examples_test

MODULES = [
    "ragas_temporal.timeline",
    "ragas_temporal.timeline.vocabulary",
    "ragas_temporal.timeline.sentences",
    "ragas_temporal.timeline.durations",
    "ragas_temporal.timeline.coherence",
    "ragas_temporal.timeline.events",
    "ragas_temporal.timeline.lifecycle",
    "ragas_temporal.timeline.bounds",
]

test_docstring_examples = docstring_examples_test(MODULES)
