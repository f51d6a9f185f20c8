"""The README's promises: its set-up commands are what CI runs, and what it says about ragas holds.

Its ```python blocks run as written in ``tests/test_docs.py``, with every page of the site (one
runner: ``tests/support/doc_blocks.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.doc_blocks import fences, stated_results

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYTHON_BLOCKS = [(b.line, b.code, b.shown) for b in fences(README) if b.language == "python"]


def _code_blocks(language: str) -> list[tuple[int, str]]:
    """(line number in README.md, code) of every fenced block in ``language``."""
    return [(b.line, b.code) for b in fences(README) if b.language == language]


# -- the tests ---------------------------------------------------------------------------------------


def test_ci_runs_the_two_readme_set_up_commands_verbatim():
    setup = _code_blocks("bash")[0][1]
    commands = [line for line in setup.splitlines() if line and not line.startswith("#")]
    assert len(commands) == 2, commands  # one installs and runs the main job, one runs the tests
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    for command in commands:
        assert command in ci, f"README set-up command not run verbatim by .ci/run: {command}"
    assert "ragas-temporal evaluate --example" in commands[0]
    assert "pytest" in commands[1]


def test_the_readme_fits_a_first_visit():
    """Issue 38: at most 250 lines; everything else lives in the site (docs/)."""
    assert len(README.splitlines()) <= 250, f"README.md has {len(README.splitlines())} lines (at most 250)"


def test_the_readme_links_into_the_site():
    """Every relative link of the README names a file of the checkout or a page of the site's nav (the
    strict site build checks that every nav page exists)."""
    import re

    nav = set(re.findall(r":\s*([\w/.-]+\.md)\s*$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M))
    links = {target.split("#")[0] for target in re.findall(r"\]\(([^)\s]+)\)", README) if "://" not in target} - {""}
    assert {link for link in links if link.startswith("docs/")}, "the README links no page of the site"
    missing = {link for link in links
               if not (ROOT / link).exists() and link.removeprefix("docs/") not in nav}
    assert not missing, f"README links to no file nor site page: {sorted(missing)}"


def test_the_readme_has_python_blocks_and_states_results():
    """A first result with its printed output, and a ``ragas.evaluate`` example whose results are stated."""
    assert any(shown for _, _, shown in PYTHON_BLOCKS)  # the first result shows its output
    assert any("evaluate(" in code and stated_results(code) for _, code, _ in PYTHON_BLOCKS)


def test_what_the_readme_says_about_ragas_043_holds():
    """The prose of "With ragas": checked against the installed ragas, so a ragas upgrade that
    changes any of it fails here and the README gets updated."""
    import importlib
    import warnings

    from ragas import EvaluationDataset, evaluate
    from ragas.metrics.collections import Faithfulness as CollectionsFaithfulness

    from ragas_temporal import TemporalFaithfulness
    from ragas_temporal.llm.offline import offline_llm
    from tests.support.fake_judges import offline_llm_factory

    metrics_module = importlib.import_module("ragas.metrics")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        metrics_module.Faithfulness  # noqa: B018 - the classic import path
    assert any(issubclass(w.category, DeprecationWarning) and "ragas.metrics.collections" in str(w.message)
               for w in caught)
    with pytest.raises(ValueError, match="only support modern InstructorLLM"):
        CollectionsFaithfulness(llm=offline_llm())
    ds = EvaluationDataset.from_list([{"response": "It ended in 2010.", "retrieved_contexts": ["In 2010 it ended."]}])
    with pytest.raises(TypeError, match="initialised metric objects"):
        evaluate(ds, metrics=[CollectionsFaithfulness(llm=offline_llm_factory())], show_progress=False)
    # the column rule: <name>(mode=<mode>) for every metric with a mode attribute
    result = evaluate(ds, metrics=[TemporalFaithfulness(), TemporalFaithfulness(mode="hybrid", llm=offline_llm())],
                      show_progress=False)
    assert list(result.to_pandas().columns[2:]) == [
        "temporal_faithfulness(mode=focus_time)", "temporal_faithfulness_hybrid(mode=hybrid)",
    ]
    assert "`<name>(mode=<mode>)`" in README and 'c.split("(mode=")[0]' in README
