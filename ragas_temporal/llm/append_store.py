"""THE resumable output store: a JSON Lines file one run appends records to and the next run reads back.

``evaluate --output`` keeps its finished rows in ``OUT.partial``
(:mod:`ragas_temporal.commands.partial_output`) and ``tecfap run --out`` its predictions
(:mod:`ragas_temporal.tecfap.probe_runner`) in one; what a record means (a header, row keys,
fingerprints) stays with its caller. The store does the rest:

- one run at a time: a lock on the file itself (:func:`lock_open_file`, for a file that outlives its
  runs) or on a lock file beside it (:class:`LockBeside`, for a file a run removes); a second run
  stops at once with :class:`StoreBusy`, naming the file and the option that picks another;
- :func:`repair_torn_tail`: a run killed mid-write leaves a last line without its newline; the next
  run's first record would be glued to it and both lost. The torn fragment is cut (its row was never
  recorded, so it is asked again); a complete record that only lacks its newline gets the newline;
- :meth:`AppendStore.append`: a record is one line of JSON (UTF-8 as written, so a U+2028 in a reply
  stays inside its line), handed to the operating system at once or at most ``flush_every`` seconds
  later (a timer flushes a record no later record follows); a failed write or flush is raised by
  that append or the next;
- :func:`json_lines`: lines split on ``\\n`` only; a line that is not UTF-8 or not JSON is skipped
  with a message naming ``path:line`` (its row is asked again), never fatal.

>>> import tempfile, pathlib, warnings
>>> path = pathlib.Path(tempfile.mkdtemp()) / "preds.jsonl"
>>> _ = path.write_bytes(b'{"a": 1}\\n{"a": 2')
>>> with warnings.catch_warnings(record=True) as caught, AppendStore.open_locked(path, "predictions file", "write to another --out") as store:
...     store.append({"a": 3})
>>> path.read_bytes()
b'{"a": 1}\\n{"a": 3}\\n'
>>> print(caught[0].message)
/...preds.jsonl: removed a torn last line (7 bytes) left by an interrupted run; its row is asked again
>>> with path.open("rb") as fh:
...     list(json_lines(enumerate(fh, start=1), path, print))
[(1, {'a': 1}), (2, {'a': 3})]
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import threading
import time
import typing as t
import warnings
from pathlib import Path

from ragas_temporal.input_files import InputFileError, check_regular_file, loads_json

try:  # POSIX; elsewhere a file is not locked (documented in lock_open_file)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "StoreBusy", "AppendStore", "LockBeside", "lock_open_file", "open_private", "repair_torn_tail",
    "json_line", "json_lines",
]

_CHUNK = 1 << 16
#: Opening a private file: never through a link, never blocking on a FIFO, appending.
_PRIVATE_FLAGS = (
    os.O_RDWR | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
)


class StoreBusy(OSError):
    """Another run holds the lock on this store."""


def _busy(path: str | os.PathLike, advice: str) -> StoreBusy:
    return StoreBusy(f"{path} is being written by another run; wait for it to finish, or {advice}")


def json_line(record: t.Any) -> bytes:
    """A record as one line of the store: JSON, UTF-8 as written, newline-terminated."""
    return json.dumps(record, ensure_ascii=False).encode("utf-8") + b"\n"


def json_lines(
    lines: t.Iterable[tuple[int, bytes | str]], path: str | os.PathLike, skipped: t.Callable[[str], None],
) -> t.Iterator[tuple[int, t.Any]]:
    """``(line number, value)`` of every JSON line of ``lines`` (numbered, bytes or text); a blank line
    is passed over, one that is not UTF-8 or not JSON is told to ``skipped`` (``path:line: skipped a
    line that is ...``) and passed over."""
    for number, raw in lines:
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                skipped(f"{path}:{number}: skipped a line that is not UTF-8 text (byte {exc.start})")
                continue
        line = raw.rstrip("\n").rstrip("\r")
        if not line.strip():
            continue
        try:
            value = loads_json(line, path, line=number)
        except InputFileError as exc:
            skipped(f"{exc.where}: skipped a line that is {exc.problem}")
            continue
        yield number, value


def repair_torn_tail(fh: t.BinaryIO, path: str | os.PathLike = "") -> bool:
    """Make the file (open in ``a+b`` or ``r+b`` mode) end with a newline; True if bytes were cut.

    A last line that parses as a JSON object only lacked its newline and keeps its content;
    anything else is a fragment of a record whose write was interrupted, and is cut off (a warning).
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


def lock_open_file(fh: t.BinaryIO, path: str | os.PathLike, advice: str) -> None:
    """Lock the open file (``flock``) for as long as it stays open; :class:`StoreBusy` when another
    process (or another open of the file in this one) holds it. Without ``fcntl`` nothing is locked."""
    if fcntl is not None:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise _busy(path, advice) from None


class LockBeside:
    """A lock file (``filelock``) held for a whole run, for a store the run removes when done.

    :meth:`release` removes the lock file while still holding it: a run waiting on it finds it
    unlinked and takes a new one.
    """

    def __init__(self, lock_path: str | os.PathLike, names: str | os.PathLike, advice: str) -> None:
        from filelock import FileLock, Timeout

        self.path = Path(lock_path)
        lock = FileLock(str(self.path), timeout=0)
        try:
            lock.acquire()
        except Timeout:
            raise _busy(names, advice) from None
        self._lock: t.Any = lock

    def release(self) -> None:
        if self._lock is not None:
            self.path.unlink(missing_ok=True)
            self._lock.release()
            self._lock = None


def open_private(path: str | os.PathLike, what: str, advice: str) -> t.BinaryIO:
    """``path`` opened for reading and appending, a file of ours only: a regular file with one
    name, never through a link, never blocking on a FIFO; anything else a ``ValueError`` naming it."""
    try:
        fd = os.open(path, _PRIVATE_FLAGS, 0o666)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ValueError(
                f"{path} is a symbolic link; a {what} is never written through a link: delete the link, or {advice}"
            ) from None
        if exc.errno == errno.EISDIR:
            raise ValueError(f"{path} is a directory, not a {what}: move it, or {advice}") from None
        raise ValueError(f"cannot open {path}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a FIFO (named pipe)" if stat.S_ISFIFO(info.st_mode) else "not a regular file"
            raise ValueError(f"{path} is {kind}, not a {what}: delete it, or {advice}")
        if info.st_nlink > 1:  # a hard link to some other file: writing it would change that file
            raise ValueError(
                f"{path} has {info.st_nlink} names (hard links), so it is not a {what} of this command: "
                f"delete it, or {advice}"
            )
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "a+b")
    except BaseException:
        os.close(fd)
        raise


class AppendStore:
    """An open store: records appended as JSON lines, flushed within ``flush_every`` seconds
    (0: at once), read back with :meth:`records`.

    ``written`` counts the records appended; ``failure`` is the first write or flush error (the
    store writes nothing after it).
    """

    def __init__(self, path: str | os.PathLike, handle: t.BinaryIO, *, flush_every: float = 0.0) -> None:
        self.path = Path(path)
        self.handle: t.BinaryIO | None = handle
        self.flush_every = flush_every
        self.written = 0
        self.failure: OSError | None = None
        # the flush timer runs in its own thread: it holds flush_every while the event loop is busy
        self._mutex = threading.Lock()
        self._timer: threading.Timer | None = None
        self._flushed = 0.0

    @classmethod
    @contextlib.contextmanager
    def open_locked(cls, path: str | os.PathLike, what: str, advice: str) -> t.Iterator["AppendStore"]:
        """A user-named store (created with its folder if absent), locked against other runs
        (:func:`lock_open_file`) and its torn tail repaired, every record flushed at once; closing
        it releases the lock."""
        path = Path(path)
        try:  # a FIFO would block, a folder cannot be appended to, a too-long name cannot be opened
            check_regular_file(path, what)
        except FileNotFoundError:
            pass  # created below
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a+b") as fh:
            lock_open_file(fh, path, advice)
            repair_torn_tail(fh, path)
            store = cls(path, fh)
            try:
                yield store
            finally:
                store.close()

    def records(self, skipped: t.Callable[[str], None]) -> t.Iterator[tuple[int, t.Any]]:
        """``(line number, value)`` of the store's JSON lines, from its start (see :func:`json_lines`)."""
        assert self.handle is not None, "the store is closed"
        self.handle.seek(0)
        return json_lines(enumerate(self.handle, start=1), self.path, skipped)

    def append(self, record: t.Any) -> None:
        """Append one record; raises the ``OSError`` of this write, of a flush due now, or of an
        earlier timed flush."""
        line = json_line(record)
        with self._mutex:
            if self.failure is None:
                try:
                    assert self.handle is not None, "the store is closed"
                    self.handle.write(line)
                except OSError as exc:
                    self.failure = exc
            failure = self.failure
        if failure is not None:
            raise failure
        self.written += 1
        self._flush_soon()

    def _flush_soon(self) -> None:
        """Flush now if the last flush is ``flush_every`` old, else once it is (a timer, unless one is set)."""
        wait = self._flushed + self.flush_every - time.monotonic()
        if wait <= 0:
            self.flush()
            if self.failure is not None:
                raise self.failure
        elif self._timer is None:
            self._timer = threading.Timer(wait, self.flush)
            self._timer.daemon = True
            self._timer.start()

    def flush(self) -> None:
        """Hand what was appended to the operating system; a failure is kept in ``failure``
        (a timer's thread has no one to tell) and raised by the next :meth:`append`."""
        with self._mutex:
            self._timer = None
            if self.handle is None or self.failure is not None:
                return
            try:
                self.handle.flush()
            except OSError as exc:
                self.failure = exc
            self._flushed = time.monotonic()

    def close(self) -> None:
        """Stop the timer and close the file (a failure to close is not raised: a full disk's torn
        last line is cut when the store is opened again)."""
        with self._mutex:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            handle, self.handle = self.handle, None
        if handle is not None:
            try:
                handle.close()
            except OSError:
                pass
