"""The runner of documentation code blocks: README.md and every ``docs/**/*.md`` page, read as a user reads them.

``tests/test_docs.py`` runs every ```python block of those files with it (``tests/test_readme.py``
checks the README's set-up commands). A block runs on its own, the way a reader pastes it:

- a fresh namespace (blocks of one page do not share variables);
- a block with top-level ``await`` runs in an event loop (compiled with
  ``ast.PyCF_ALLOW_TOP_LEVEL_AWAIT``);
- a ```text block right after a block (only blank lines between) is what the block prints;
- a comment that states a result, on an expression statement's line or on the line after it, is
  asserted when it is a Python literal: ``sorted(ft.years)  # [1996, 2023]`` checks the value (or
  what the REPL would print of it); prose comments are not checked.

What a block needs around it (a scratch working directory, the loopback OpenAI-compatible server for
provider blocks, the Spark and Ray sessions) is set up by the test that calls :func:`run_block`;
:data:`PROVIDER`, :data:`LOCAL_URL` and :data:`ENGINES` say which blocks need what.

>>> page = "Text.\\n\\n```python\\nprint(1 + 1)\\n```\\n\\n```text\\n2\\n```\\n"
>>> fences(page)
[Fence(line=4, language='python', code='print(1 + 1)\\n', shown='2\\n'), Fence(line=8, language='text', code='2\\n', shown=None)]
"""

from __future__ import annotations

import ast
import asyncio
import inspect
import io
import math
import re
import tokenize
import typing as t

__all__ = [
    "ENGINES", "LOCAL_URL", "PROVIDER", "Fence", "fences", "matches_stated", "run_block", "stated_results",
    "without_comments",
]

_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
#: ``http://localhost:<port>/v1`` in a block: replaced by the loopback server's URL (nothing else changes)
LOCAL_URL = re.compile(r"http://localhost:\d+/v1")
#: a block that talks to an OpenAI-compatible provider: it must actually reach the loopback server
PROVIDER = re.compile(r"AsyncOpenAI\(|OpenAI\(|openai_compatible_llm\(|base_url")
#: engines a block may use -> the session fixture (tests/conftest.py) that starts it once per run and
#: skips, saying what to install, where the engine cannot run
ENGINES = {re.compile(r"\bpyspark\b|\bspark\."): "spark", re.compile(r"\bimport ray\b|\bray\."): "ray_local"}


class Fence(t.NamedTuple):
    """One fenced block: its first code line (1-based, in the file), language, code, and printed output."""

    line: int
    language: str
    code: str
    shown: str | None


def fences(text: str) -> list[Fence]:
    """Every fenced block of a Markdown text; ``shown`` is the ```text block that directly follows
    a block (only blank lines between), if any. Fences start at the beginning of a line."""
    found = list(_FENCE.finditer(text))
    out = []
    for m, after in zip(found, found[1:] + [None]):
        shown = None
        if after is not None and after.group(1) == "text" and not text[m.end() : after.start()].strip():
            shown = after.group(2)
        out.append(Fence(text.count("\n", 0, m.start()) + 2, m.group(1), m.group(2), shown))
    return out


def without_comments(code: str) -> str:
    """The code's tokens without its comments (so a comment naming ``spark.`` selects nothing).

    >>> without_comments("x = 1  # spark.read").strip()
    'x = 1'
    """
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
    """Wraps the stated expression statements in ``__doc_result__(line, value)``."""

    def __init__(self, lines: set[int]):
        self.lines = lines

    def visit_Module(self, node: ast.Module) -> ast.Module:
        for i, statement in enumerate(node.body):
            if isinstance(statement, ast.Expr) and statement.lineno in self.lines:
                call = ast.Call(
                    func=ast.Name("__doc_result__", ast.Load()),
                    args=[ast.Constant(statement.lineno), statement.value],
                    keywords=[],
                )
                node.body[i] = ast.copy_location(ast.Expr(call), statement)
        return ast.fix_missing_locations(node)


def run_block(code: str, name: str) -> dict[int, object]:
    """Execute one block as a reader would; returns line -> value of each stated expression.

    >>> run_block("import asyncio\\nvalue = await asyncio.sleep(0, result=3)\\nvalue  # 3\\n", "example")
    {3: 3}
    """
    expected = stated_results(code)
    tree = _Recorder(set(expected)).visit(ast.parse(code))
    compiled = compile(tree, name, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    seen: dict[int, object] = {}
    namespace = {"__name__": "__docs__", "__doc_result__": lambda line, value: seen.__setitem__(line, value)}
    if compiled.co_flags & inspect.CO_COROUTINE:
        asyncio.run(eval(compiled, namespace))
    else:
        exec(compiled, namespace)
    return seen
