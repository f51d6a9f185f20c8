"""One parametrised test that runs the docstring examples of a list of modules.

The worked examples in docstrings are part of the specification, so each test folder runs those
of the modules it covers. They all do it the same way; this builds that test::

    MODULES = ["ragas_temporal.scores", "ragas_temporal.scores.ranking"]
    test_docstring_examples = docstring_examples_test(MODULES)

pytest collects the returned function under the module-level name it is bound to, with one case
per module (``test_docstring_examples[ragas_temporal.scores]``).
"""

from __future__ import annotations

import doctest
import importlib
import typing as t

import pytest

__all__ = ["docstring_examples_test"]


def docstring_examples_test(
    modules: t.Sequence[str],
    *,
    optionflags: int = doctest.ELLIPSIS,
    require_examples: bool = True,
) -> t.Callable[[str], None]:
    """A test, parametrised over ``modules``, that runs each module's docstring examples.

    Parameters
    ----------
    modules : sequence of str
        Dotted module names.
    optionflags : int, default doctest.ELLIPSIS
        Passed to ``doctest.testmod``.
    require_examples : bool, default True
        Fail for a module without any example (a list entry that tests nothing).

    Examples
    --------
    >>> test = docstring_examples_test(["ragas_temporal.scores._result"])
    >>> test.pytestmark[0].args
    ('name', ['ragas_temporal.scores._result'])
    >>> test("ragas_temporal.scores._result")  # its examples hold: no AssertionError
    """

    @pytest.mark.parametrize("name", list(modules))
    def test_docstring_examples(name: str) -> None:
        # verbose=False: doctest would otherwise turn verbose when "-v" is on pytest's command line
        result = doctest.testmod(importlib.import_module(name), optionflags=optionflags, verbose=False)
        if require_examples:
            assert result.attempted > 0, f"{name} has no docstring example"
        assert result.failed == 0

    return test_docstring_examples
