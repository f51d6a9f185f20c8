"""The README's promises: its set-up commands are what CI runs, and every Python block runs as written.

Every ```python block of README.md is executed on its own (a fresh namespace, a scratch working
directory), the way a reader pastes it:

- a block with top-level ``await`` runs in an event loop (compiled with
  ``ast.PyCF_ALLOW_TOP_LEVEL_AWAIT``);
- provider blocks (an OpenAI client, an OpenAI-compatible server by base URL) talk to a loopback
  OpenAI-compatible server answering with the offline judge: ``OPENAI_BASE_URL`` points at it, and a
  ``http://localhost:<port>/v1`` written in a block is replaced by its URL (nothing else in the
  block changes). Such a block must actually reach the server;
- a ```text block right after a block is what the block prints;
- a block using Spark or Ray joins the session the test run starts once (fixtures ``spark`` and
  ``ray_local``), and is skipped with the reason where that engine cannot run;
- a comment that states a result, on an expression statement's line or on the line after it, is
  asserted when it is a Python literal: ``sorted(ft.years)  # [1996, 2023]`` checks the value (or
  what the REPL would print of it); prose comments are not checked.
"""

from __future__ import annotations

import ast
import asyncio
import inspect
import io
import math
import re
import tokenize
from pathlib import Path

import pytest

from ragas_temporal.judging import rule_based_judge
from tests.support.openai_server import LoopbackOpenAIServer

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
_LOCAL_URL = re.compile(r"http://localhost:\d+/v1")
_PROVIDER = re.compile(r"AsyncOpenAI\(|OpenAI\(|openai_compatible_llm\(|base_url")
#: engines a block may use -> the session fixture (tests/conftest.py) that starts it once per run and
#: skips, saying what to install, where the engine cannot run
_ENGINES = {re.compile(r"\bpyspark\b|\bspark\."): "spark", re.compile(r"\bimport ray\b|\bray\."): "ray_local"}


def _code_blocks(language: str) -> list[tuple[int, str]]:
    """(line number in README.md, code) of every fenced block in ``language``."""
    return [(line, code) for line, lang, code, _ in _fences() if lang == language]


def _fences() -> list[tuple[int, str, str, str | None]]:
    """(first code line, language, code, printed output) of every fenced block; the output is the
    ```text block that directly follows a block (only blank lines between), if any."""
    found = list(_FENCE.finditer(README))
    out = []
    for m, after in zip(found, found[1:] + [None]):
        shown = None
        if after is not None and after.group(1) == "text" and not README[m.end() : after.start()].strip():
            shown = after.group(2)
        out.append((README.count("\n", 0, m.start()) + 2, m.group(1), m.group(2), shown))
    return out


PYTHON_BLOCKS = [(line, code, shown) for line, lang, code, shown in _fences() if lang == "python"]


def _without_comments(code: str) -> str:
    return "".join(
        token.string + " " for token in tokenize.generate_tokens(io.StringIO(code).readline)
        if token.type != tokenize.COMMENT
    )


# -- comments that state results -------------------------------------------------------------------


def _comments(code: str) -> dict[int, tuple[str, bool]]:
    """line -> (comment text without '#', whether the line holds only the comment)."""
    out: dict[int, tuple[str, bool]] = {}
    lines = code.splitlines()
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type == tokenize.COMMENT:
            line = token.start[0]
            out[line] = (token.string[1:].strip(), not lines[line - 1][: token.start[1]].strip())
    return out


def _literal(text: str):
    try:
        return True, ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False, None


def stated_results(code: str) -> dict[int, object]:
    """Line of a top-level expression statement -> the literal its comment states.

    The comment is the one at the end of the statement's last line, else a comment-only line
    right after it. Comments that are not Python literals are prose and state nothing.

    >>> stated_results("x = 1\\nx + 1  # 2\\nx  # one\\n[x,\\n x]\\n# [1, 1]\\n")
    {2: 2, 4: [1, 1]}
    """
    comments = _comments(code)
    out: dict[int, object] = {}
    for node in ast.parse(code).body:
        if not isinstance(node, ast.Expr):
            continue
        trailing = comments.get(node.end_lineno)
        below = comments.get(node.end_lineno + 1)
        text = trailing[0] if trailing and not trailing[1] else (below[0] if below and below[1] else None)
        if text is None:
            continue
        ok, value = _literal(text)
        if ok:
            out[node.lineno] = value
    return out


def _same(actual, expected) -> bool:
    if isinstance(expected, float) and isinstance(actual, (int, float)) and not isinstance(actual, bool):
        return math.isclose(actual, expected, rel_tol=1e-4, abs_tol=1e-9)
    if isinstance(expected, (list, tuple)) and isinstance(actual, (list, tuple)):
        return len(actual) == len(expected) and all(_same(a, e) for a, e in zip(actual, expected))
    if isinstance(expected, dict) and isinstance(actual, dict):
        return actual.keys() == expected.keys() and all(_same(actual[k], expected[k]) for k in expected)
    if isinstance(expected, (set, frozenset)) and isinstance(actual, (set, frozenset)):
        return set(actual) == set(expected)
    return type(actual) is type(expected) and actual == expected


def matches_stated(actual, expected) -> bool:
    """The value equals the stated literal (floats to 4 significant digits), or prints as it.

    >>> matches_stated((0.2000001, "a"), (0.2, "a")), matches_stated({"x": 1.0}, {"x": 1})
    (True, False)
    """
    if _same(actual, expected):
        return True
    ok, shown = _literal(repr(actual))
    return ok and _same(shown, expected)


class _Recorder(ast.NodeTransformer):
    """Wraps the stated expression statements in ``__readme_result__(line, value)``."""

    def __init__(self, lines: set[int]):
        self.lines = lines

    def visit_Module(self, node: ast.Module) -> ast.Module:
        for i, statement in enumerate(node.body):
            if isinstance(statement, ast.Expr) and statement.lineno in self.lines:
                call = ast.Call(
                    func=ast.Name("__readme_result__", ast.Load()),
                    args=[ast.Constant(statement.lineno), statement.value],
                    keywords=[],
                )
                node.body[i] = ast.copy_location(ast.Expr(call), statement)
        return ast.fix_missing_locations(node)


def run_block(code: str, name: str) -> dict[int, object]:
    """Execute one block as a reader would; returns line -> value of each stated expression."""
    expected = stated_results(code)
    tree = _Recorder(set(expected)).visit(ast.parse(code))
    compiled = compile(tree, name, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    seen: dict[int, object] = {}
    namespace = {"__name__": "__readme__", "__readme_result__": lambda line, value: seen.__setitem__(line, value)}
    if compiled.co_flags & inspect.CO_COROUTINE:
        asyncio.run(eval(compiled, namespace))
    else:
        exec(compiled, namespace)
    return seen


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


def test_the_readme_has_python_blocks_and_states_results():
    assert len(PYTHON_BLOCKS) >= 5
    assert sum(len(stated_results(code)) for _, code, _ in PYTHON_BLOCKS) >= 5
    assert any(shown for _, _, shown in PYTHON_BLOCKS)  # the first result shows its output


@pytest.mark.parametrize("line, code, shown", PYTHON_BLOCKS, ids=[f"README.md:{line}" for line, _, _ in PYTHON_BLOCKS])
def test_readme_python_block_runs_as_written(line, code, shown, tmp_path, monkeypatch, capsys, request):
    for uses, fixture in _ENGINES.items():
        if uses.search(_without_comments(code)):
            request.getfixturevalue(fixture)  # the block's getOrCreate / ray calls then join that session
    monkeypatch.chdir(tmp_path)  # blocks may write files (preds.jsonl, scores.csv)
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    with LoopbackOpenAIServer(lambda request: rule_based_judge(request.user_text or request.prompt_text)) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-readme-test")
        capsys.readouterr()
        seen = run_block(_LOCAL_URL.sub(server.base_url, code), f"README.md:{line}")
        printed = capsys.readouterr().out
        if _PROVIDER.search(_without_comments(code)):
            assert server.requests, "a provider block that never reached the (loopback) server"
    if shown is not None:
        assert [r.rstrip() for r in printed.strip().splitlines()] == [r.rstrip() for r in shown.strip().splitlines()]
    for at, expected in stated_results(code).items():
        assert at in seen, f"README.md:{line + at - 1}: the stated expression did not run"
        assert matches_stated(seen[at], expected), (
            f"README.md:{line + at - 1}: the comment says {expected!r}, the code gives {seen[at]!r}"
        )


def test_a_wrong_stated_result_is_caught():
    code = "x = 2\nx * 2  # 5\n"
    seen = run_block(code, "example")
    assert stated_results(code) == {2: 5} and seen == {2: 4}
    assert not matches_stated(seen[2], 5)


def test_top_level_await_runs_in_an_event_loop():
    code = "import asyncio\nawait asyncio.sleep(0)\nvalue = await asyncio.sleep(0, result=3)\nvalue  # 3\n"
    assert run_block(code, "example") == {4: 3}


def test_what_the_readme_says_about_ragas_043_holds():
    """The prose of "With ragas": checked against the installed ragas, so a ragas upgrade that
    changes any of it fails here and the README gets updated."""
    import importlib
    import warnings

    from ragas import EvaluationDataset, evaluate
    from ragas.metrics.collections import Faithfulness as CollectionsFaithfulness

    from ragas_temporal import TemporalFaithfulness
    from ragas_temporal.judging import offline_llm, offline_llm_factory

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
