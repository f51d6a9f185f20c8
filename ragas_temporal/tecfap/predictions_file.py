"""Open a predictions JSONL file for appending: one writer at a time, a torn last line repaired.

:func:`run_probe` appends one JSON line per finished row. Two things can go wrong with that file:

- a run killed mid-write leaves a last line without its newline; the next run's first record
  would be glued to it and both lines lost. :func:`repair_torn_tail` removes the torn fragment
  (its row was never recorded, so the resumed run asks it again); a complete record that only
  lacks its newline keeps its content and gets the newline.
- two runs appending to one file would ask every row twice and interleave their lines.
  :func:`open_exclusive` takes an advisory lock (``flock``) for as long as the file is open, and
  a second run refuses at once with :class:`PredictionsFileBusy`, before asking anything.

>>> import tempfile, pathlib, warnings
>>> path = pathlib.Path(tempfile.mkdtemp()) / "preds.jsonl"
>>> _ = path.write_bytes(b'{"a": 1}\\n{"a": 2')
>>> with warnings.catch_warnings(record=True) as caught, open_exclusive(path) as fh:
...     _ = fh.write(b'{"a": 3}\\n')
>>> path.read_bytes()
b'{"a": 1}\\n{"a": 3}\\n'
>>> print(caught[0].message)
/...preds.jsonl: removed a torn last line (7 bytes) left by an interrupted run; its row is asked again
"""

from __future__ import annotations

import contextlib
import json
import os
import typing as t
import warnings
from pathlib import Path

from ragas_temporal.input_files import check_regular_file

try:  # POSIX; elsewhere runs are not locked (documented in open_exclusive)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["PredictionsFileBusy", "open_exclusive", "repair_torn_tail"]

_CHUNK = 1 << 16


class PredictionsFileBusy(OSError):
    """Another run holds the lock on this predictions file."""


@contextlib.contextmanager
def open_exclusive(path: str | os.PathLike) -> t.Iterator[t.BinaryIO]:
    """``path`` opened for binary appending, locked against other runs, its torn tail repaired.

    Raises :class:`PredictionsFileBusy` when another process (or another open of the file in
    this one) holds the lock. On platforms without ``fcntl`` the file is not locked.
    """
    path = Path(path)
    try:  # a FIFO would block, a folder cannot be appended to, a too-long name cannot be opened
        check_regular_file(path, "predictions file")
    except FileNotFoundError:
        pass  # created below
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a+b") as fh:
        if fcntl is not None:
            try:
                fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise PredictionsFileBusy(
                    f"{path} is being written by another run; wait for it to finish, or write to another --out"
                ) from None
        repair_torn_tail(fh, path)
        yield fh  # closing the file releases the lock


def repair_torn_tail(fh: t.BinaryIO, path: str | os.PathLike = "") -> bool:
    """Make the file (open in ``a+b`` or ``r+b`` mode) end with a newline; True if bytes were cut.

    A last line that parses as a JSON object only lacked its newline and keeps its content;
    anything else is a fragment of a record whose write was interrupted, and is cut off.
    """
    end = fh.seek(0, os.SEEK_END)
    if end == 0:
        return False
    fh.seek(end - 1)
    if fh.read(1) == b"\n":
        return False
    start = _last_line_start(fh, end)
    fh.seek(start)
    tail = fh.read()
    try:
        complete = isinstance(json.loads(tail), dict)
    except (ValueError, RecursionError):
        complete = False
    if complete:
        fh.seek(0, os.SEEK_END)
        fh.write(b"\n")
        fh.flush()
        return False
    fh.truncate(start)
    fh.flush()
    warnings.warn(
        f"{path}: removed a torn last line ({end - start} bytes) left by an interrupted run; its row is asked again",
        stacklevel=3,
    )
    return True


def _last_line_start(fh: t.BinaryIO, end: int) -> int:
    """Offset just after the last newline before ``end`` (0 if none), read backwards in chunks."""
    position = end
    while position > 0:
        step = min(_CHUNK, position)
        position -= step
        fh.seek(position)
        newline = fh.read(step).rfind(b"\n")
        if newline >= 0:
            return position + newline + 1
    return 0
