"""Open files a user names, refusing what would hang, crash or eat memory, with one-line messages.

The rules:

- the path must name a regular file: a directory, a FIFO or a device is refused (a FIFO would
  block the reader forever), and so is a name longer than the operating system allows;
- text must be UTF-8 (a byte-order mark, as Excel and PowerShell write, is dropped): a binary file
  is named as such, not reported as a codec traceback;
- JSON Lines are split on newlines only (:func:`jsonl_lines`): U+2028, U+2029 and U+0085 are valid
  inside a JSON string, and ``str.splitlines`` would cut a record there;
- JSON nested deeper than the interpreter's recursion limit is refused (the parser's
  ``RecursionError`` becomes a message), and numbers must be finite: ``Infinity``, ``NaN`` and ``1e400`` (which
  overflows to infinity) are refused by :func:`loads_finite`.

Each problem raises :class:`InputFileError` (a ``ValueError``) whose message starts with the file
name (and the line, when known).

>>> loads_json('{"a": [1, 2]}', "x.json")
{'a': [1, 2]}
>>> loads_json("[" * 100_000 + "]" * 100_000, "deep.json")
Traceback (most recent call last):
...
ragas_temporal.input_files.InputFileError: deep.json: JSON nested too deeply
>>> loads_finite('{"relation": 1e400}', "p.jsonl", line=3)
Traceback (most recent call last):
...
ragas_temporal.input_files.InputFileError: p.jsonl:3: non-finite number 1e400 (use a finite number)
"""

from __future__ import annotations

import json
import math
import numbers
import os
import stat
import typing as t
from pathlib import Path

__all__ = [
    "InputFileError",
    "check_regular_file",
    "check_output_file",
    "read_text",
    "jsonl_lines",
    "TEXT_ENCODING",
    "loads_json",
    "loads_finite",
    "finite_integer",
]

#: How user files are read: UTF-8, a leading byte-order mark dropped.
TEXT_ENCODING = "utf-8-sig"


class InputFileError(ValueError):
    """A user-given file cannot be read as asked; the message names the file (and line).

    ``where`` is ``"file"`` or ``"file:line"``, ``problem`` the rest of the message.
    """

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")


def _where(path: str | os.PathLike, line: int | None) -> str:
    return f"{path}:{line}" if line is not None else str(path)


def check_regular_file(path: str | os.PathLike, what: str = "input file") -> Path:
    """``path`` as a ``Path`` if it names an existing regular file, else a one-line error.

    >>> check_regular_file(".", "data file")
    Traceback (most recent call last):
    ...
    ragas_temporal.input_files.InputFileError: .: the data file is a directory, not a file
    """
    path = Path(path)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise FileNotFoundError(f"{what} not found: {path}") from None
    except OSError as exc:  # ENAMETOOLONG, ELOOP, EACCES...: say which, in one line
        raise InputFileError(_short(path), f"cannot open the {what}: {exc.strerror or exc}") from None
    if stat.S_ISDIR(mode):
        raise InputFileError(str(path), f"the {what} is a directory, not a file")
    if not stat.S_ISREG(mode):
        kind = "a FIFO (named pipe)" if stat.S_ISFIFO(mode) else "not a regular file"
        raise InputFileError(str(path), f"the {what} is {kind}; give a regular file")
    return path


def check_output_file(path: str | os.PathLike, what: str = "output file", reserve: int = 0) -> Path:
    """``path`` as a ``Path`` if a file can be written there, checked before any work is done.

    The folder must exist and be writable, the path must not be a folder or a FIFO, and the name
    must fit the file system (``reserve`` more bytes too, for files named after it such as
    ``out.jsonl.partial``). Nothing is created, so two runs checking one new path at once both pass.

    >>> check_output_file("no-such-folder/x.csv", "--output")
    Traceback (most recent call last):
    ...
    ragas_temporal.input_files.InputFileError: no-such-folder/x.csv: the --output folder 'no-such-folder' does not exist
    """
    path = Path(path)
    parent = path.parent
    try:
        if not parent.is_dir():
            raise InputFileError(_short(path), f"the {what} folder {str(parent)!r} does not exist")
        if path.exists():
            check_regular_file(path, what)
        name_max = os.pathconf(parent, "PC_NAME_MAX") if hasattr(os, "pathconf") else 255
        if len(os.fsencode(path.name)) + reserve > name_max:
            raise InputFileError(_short(path), f"cannot write the {what}: File name too long")
        if not os.access(parent, os.W_OK | os.X_OK):
            raise InputFileError(_short(path), f"cannot write the {what}: Permission denied")
    except InputFileError:
        raise
    except OSError as exc:
        raise InputFileError(_short(path), f"cannot write the {what}: {exc.strerror or exc}") from None
    return path


def _short(path: Path, limit: int = 120) -> str:
    text = str(path)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def read_text(path: str | os.PathLike, what: str = "input file") -> str:
    """The UTF-8 text of a regular file (see :func:`check_regular_file`), without a byte-order mark."""
    file = check_regular_file(path, what)
    try:
        return file.read_text(encoding=TEXT_ENCODING)
    except UnicodeDecodeError as exc:
        raise InputFileError(
            str(file), f"the {what} is not UTF-8 text (byte {exc.start}); is it a binary file?"
        ) from None


def jsonl_lines(text: str) -> t.Iterator[tuple[int, str]]:
    r"""``(line number, line)`` of every non-blank line of JSON Lines text, split on ``\n`` only
    (a ``\r`` before it is dropped).

    >>> list(jsonl_lines('{"a": "x\u2028y"}\r\n\n{"b": 2}'))
    [(1, '{"a": "x\u2028y"}'), (3, '{"b": 2}')]
    """
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.rstrip("\r")
        if line.strip():
            yield number, line


def loads_json(text: str, path: str | os.PathLike, *, line: int | None = None) -> t.Any:
    """``json.loads`` whose failures (syntax, depth) name the file and line."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputFileError(_where(path, line), f"not valid JSON ({exc})") from None
    except RecursionError:  # json's C scanner stops cleanly at the interpreter's recursion limit
        raise InputFileError(_where(path, line), "JSON nested too deeply") from None


class _NonFinite(ValueError):
    """Raised by :func:`loads_finite`'s hooks with the offending literal."""


def _refuse_constant(name: str) -> t.NoReturn:
    raise _NonFinite(name)


def loads_finite(text: str, path: str | os.PathLike, *, line: int | None = None) -> t.Any:
    """:func:`loads_json` that also refuses ``NaN``, ``Infinity`` and numbers that overflow."""

    def finite_float(literal: str) -> float:
        value = float(literal)
        if not math.isfinite(value):
            raise _NonFinite(literal)
        return value

    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=finite_float)
    except json.JSONDecodeError as exc:
        raise InputFileError(_where(path, line), f"not valid JSON ({exc})") from None
    except _NonFinite as exc:
        raise InputFileError(_where(path, line), f"non-finite number {exc} (use a finite number)") from None
    except ValueError as exc:  # e.g. an integer literal longer than Python converts
        raise InputFileError(_where(path, line), f"not valid JSON ({exc})") from None
    except RecursionError:
        raise InputFileError(_where(path, line), "JSON nested too deeply") from None


def finite_integer(value: t.Any, field: str) -> int:
    """``value`` as an int if it is a whole finite number (or such a string), else ``ValueError``.

    >>> finite_integer("3.0", "key_step"), finite_integer(4, "relation")
    (3, 4)
    >>> finite_integer(float("inf"), "relation")
    Traceback (most recent call last):
    ...
    ValueError: relation: expected an integer, got inf
    """
    number: t.Any = value
    if isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            number = None
    if isinstance(number, bool) or not isinstance(number, numbers.Real):
        raise ValueError(f"{field}: expected an integer, got {_repr(value)}")
    if isinstance(number, numbers.Integral):
        return int(number)
    number = float(number)
    if not (math.isfinite(number) and number.is_integer()):
        raise ValueError(f"{field}: expected an integer, got {_repr(value)}")
    return int(number)


def _repr(value: t.Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"
