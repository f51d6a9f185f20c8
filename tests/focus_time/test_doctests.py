"""The worked examples in the focus_time docstrings are tests too."""

import doctest
import importlib
import pkgutil

import pytest

import ragas_temporal.focus_time as focus_time

# every module of the package, found rather than listed, so a new module's examples run too
MODULES = ["ragas_temporal.focus_time"] + sorted(
    info.name for info in pkgutil.walk_packages(focus_time.__path__, prefix="ragas_temporal.focus_time.")
)


def test_the_interpreter_sections_are_covered():
    assert {"ragas_temporal.focus_time.interpret", "ragas_temporal.focus_time.interpret.core"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
