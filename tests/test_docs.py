"""The documentation runs as written: every ```python block of README.md and of every docs/**/*.md page,
and the site builds with ``mkdocs build --strict`` (no broken link, no page missing from the nav).

One runner (``tests/support/doc_blocks.py``) executes every block the way a reader pastes it: a fresh
namespace and a scratch working directory; provider blocks (an OpenAI client, an OpenAI-compatible
server by base URL) talk to a loopback OpenAI-compatible server answering with the offline judge
(``OPENAI_BASE_URL`` points at it, and a ``http://localhost:<port>/v1`` written in a block is
replaced by its URL) and must actually reach it; a block using Spark or Ray joins the session the
test run starts once (fixtures ``spark`` and ``ray_local``) and is skipped with the reason where that
engine cannot run; the ```text block right after a block is what it prints; a comment stating a
Python literal after an expression is asserted.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.fake_judges import rule_based_judge
from tests.support.doc_blocks import (
    ENGINES, LOCAL_URL, PROVIDER, fences, matches_stated, run_block, stated_results, without_comments,
)
from tests.support.openai_server import LoopbackOpenAIServer

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
#: README.md and every page of the site, as paths relative to the checkout
PAGES = ["README.md"] + sorted(path.relative_to(ROOT).as_posix() for path in DOCS.rglob("*.md"))
BLOCKS = [
    (page, block.line, block.code, block.shown)
    for page in PAGES
    for block in fences((ROOT / page).read_text(encoding="utf-8"))
    if block.language == "python"
]


@pytest.mark.parametrize("page, line, code, shown", BLOCKS, ids=[f"{page}:{line}" for page, line, _, _ in BLOCKS])
def test_python_block_runs_as_written(page, line, code, shown, tmp_path, monkeypatch, capsys, request):
    for uses, fixture in ENGINES.items():
        if uses.search(without_comments(code)):
            request.getfixturevalue(fixture)  # the block's getOrCreate / ray calls then join that session
    monkeypatch.chdir(tmp_path)  # blocks may write files (preds.jsonl, scores.csv)
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    with LoopbackOpenAIServer(lambda request: rule_based_judge(request.user_text or request.prompt_text)) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-docs-test")
        capsys.readouterr()
        seen = run_block(LOCAL_URL.sub(server.base_url, code), f"{page}:{line}")
        printed = capsys.readouterr().out
        if PROVIDER.search(without_comments(code)):
            assert server.requests, "a provider block that never reached the (loopback) server"
    if shown is not None:
        assert [r.rstrip() for r in printed.strip().splitlines()] == [r.rstrip() for r in shown.strip().splitlines()]
    for at, expected in stated_results(code).items():
        assert at in seen, f"{page}:{line + at - 1}: the stated expression did not run"
        assert matches_stated(seen[at], expected), (
            f"{page}:{line + at - 1}: the comment says {expected!r}, the code gives {seen[at]!r}"
        )


def test_the_pages_hold_python_blocks():
    pages_with_blocks = {page for page, *_ in BLOCKS}
    assert "README.md" in pages_with_blocks
    assert any(page.startswith("docs/") for page in pages_with_blocks)


# -- the runner itself (it must fail when a page is wrong) --------------------------------------------


def test_a_wrong_stated_result_is_caught():
    code = "x = 2\nx * 2  # 5\n"
    seen = run_block(code, "example")
    assert stated_results(code) == {2: 5} and seen == {2: 4}
    assert not matches_stated(seen[2], 5)


def test_top_level_await_runs_in_an_event_loop():
    code = "import asyncio\nawait asyncio.sleep(0)\nvalue = await asyncio.sleep(0, result=3)\nvalue  # 3\n"
    assert run_block(code, "example") == {4: 3}


def test_a_block_and_its_printed_output_are_paired_with_their_line():
    page = "# Title\n\n```python\nprint('a')\n```\n\nprose\n\n```text\nnot its output\n```\n"
    blocks = fences(page)
    assert [(b.line, b.language, b.shown) for b in blocks] == [(4, "python", None), (10, "text", None)]


# -- one page per metric -----------------------------------------------------------------------------

#: the sections of a metric page, in the shape of the seed pages (what, formula, inputs, example, modes, ...)
METRIC_PAGE_SECTIONS = (
    "## Formula", "## Inputs", "## Worked example", "## Modes", "## NaN and failure reasons",
    "## How to read the score", "## Limits",
)


def metric_page(class_name: str) -> str:
    """The page of a metric class under docs/metrics/: its name in kebab case.

    >>> [metric_page(n) for n in ("TemporalNDCGAtK", "TemporalMRR", "EventOrderAccuracy")]
    ['temporal-ndcg-at-k.md', 'temporal-mrr.md', 'event-order-accuracy.md']
    """
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "-", class_name).lower() + ".md"


def _metric_classes() -> list[type]:
    """The metric classes the package exports (ragas metrics), read from ``ragas_temporal.__all__``."""
    from ragas.metrics.base import Metric

    import ragas_temporal

    exported = [getattr(ragas_temporal, name) for name in ragas_temporal.__all__]
    return [obj for obj in exported if isinstance(obj, type) and issubclass(obj, Metric)]


def test_page_names_follow_the_class_names():
    import doctest

    assert doctest.run_docstring_examples(metric_page, {"metric_page": metric_page}) is None
    assert metric_page("TemporalPrecisionAtK") == "temporal-precision-at-k.md"
    assert metric_page("AnswerTemporalRecall") == "answer-temporal-recall.md"


def test_every_metric_class_has_its_page_in_the_nav_and_the_overview():
    classes = _metric_classes()
    assert len(classes) >= 16, [c.__name__ for c in classes]
    pages = {cls.__name__: metric_page(cls.__name__) for cls in classes}
    missing = sorted(f"docs/metrics/{page}" for page in pages.values() if not (DOCS / "metrics" / page).is_file())
    assert not missing, f"write a page for each metric class: {missing}"
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    overview = (DOCS / "metrics" / "index.md").read_text(encoding="utf-8")
    assert not [p for p in pages.values() if f"metrics/{p}" not in nav], "add the metric pages to the nav in mkdocs.yml"
    assert not [n for n, p in pages.items() if f"]({p})" not in overview], "link every metric page from docs/metrics/index.md"


@pytest.mark.parametrize("page", sorted(p.name for p in (DOCS / "metrics").glob("*.md") if p.name != "index.md"))
def test_a_metric_page_has_the_seed_shape(page):
    text = (DOCS / "metrics" / page).read_text(encoding="utf-8")
    missing = [section for section in METRIC_PAGE_SECTIONS if f"\n{section}\n" not in text]
    assert not missing, f"docs/metrics/{page} lacks {missing}"
    assert "$$" in text, "the formula in math ($$ ... $$)"
    blocks = [b for b in fences(text) if b.language == "python"]
    assert any(b.shown for b in blocks), "a worked example whose printed output is shown (and checked)"
    assert "../METRICS.md" in text, "link to the specification for the fine print"


# -- the site ----------------------------------------------------------------------------------------


def _missing_site_tools() -> list[str]:
    return [name for name in ("mkdocs", "material", "pymdownx") if importlib.util.find_spec(name) is None]


@pytest.mark.skipif(bool(_missing_site_tools()), reason='mkdocs is not installed: pip install -e ".[docs]"')
def test_the_site_builds_strict(tmp_path):
    """No broken link, no missing page, no warning; the site goes to tmp_path, the checkout stays clean."""
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(ROOT / "mkdocs.yml"),
         "--site-dir", str(tmp_path / "site")],
        cwd=tmp_path, capture_output=True, text=True, timeout=600, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr[-4000:]
    assert (tmp_path / "site" / "index.html").is_file()
