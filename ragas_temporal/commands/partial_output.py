"""``evaluate --output OUT`` while the run goes on: rows kept as they finish, resumable, one run at a time.

Two files live beside ``OUT`` during a run:

- ``OUT.partial`` (JSON Lines): a header line with the run's settings, then one line per finished
  row, ``{"key": ..., "scores": {...}}`` (the row's score, reason and failure columns; its input
  columns are read from the data again), appended as the row finishes and handed to the operating
  system at most :data:`FLUSH_EVERY` seconds later (at once for rows that take longer, as judged
  rows do). SIGINT and SIGTERM keep every finished row; a SIGKILL loses at most the rows of the
  last 50 ms, and at most the line being written is torn, and it is cut off when the run is resumed (``repair_torn_tail``, as for TeCFaP
  predictions), so that row is scored again.
- ``OUT.lock``: a ``filelock`` lock held for the whole run. A second run on the same ``OUT``
  stops at once with one line naming it (:class:`OutputBusy`) instead of racing the first one.

``OUT`` itself is written beside the run, a batch of rows at a time in input order, to a temporary
file in the same folder, and moved over ``OUT`` when every row is scored
(:class:`~ragas_temporal.data.writers.RowsWriter`, driven by :mod:`ragas_temporal.commands.row_stream`);
then the partial file is removed. ``OUT`` is therefore always the previous file or one run's
complete new one.

With ``--resume`` a run reads ``OUT.partial`` and scores only the rows it does not hold. A row is
known by its key (:func:`row_keys`): ``id:<value>`` when every row has an ``id`` column (ids
compared as text), else ``sha256:<hash>`` of the fields the metrics read (the ragas sample columns,
``reference_date`` and the ``--group-by`` column), in canonical JSON. The n-th repeat of a key
gets ``#n``, so identical rows are each scored once. Without ``--resume`` an existing partial file
is an error (its rows were paid for); with other settings (metrics, modes, judge, reference date)
it is an error too: resuming would mix two runs.

>>> rows = [{"id": 7, "response": "x"}, {"id": "8", "response": "y"}]
>>> row_keys(rows, ["response"])
['id:7', 'id:8']
>>> keys = row_keys([{"response": "In 2008."}, {"response": "In 2008."}], ["response"])
>>> keys[0].startswith("sha256:"), keys[1] == keys[0] + "#1"
(True, True)
"""

from __future__ import annotations

import collections
import hashlib
import json
import os
import sys
import time
import typing as t
from pathlib import Path

from ragas_temporal.data.writers import text_form
from ragas_temporal.input_files import InputFileError, jsonl_lines, loads_json, read_text
from ragas_temporal.tecfap.predictions_file import repair_torn_tail

__all__ = [
    "PARTIAL_SUFFIX",
    "LOCK_SUFFIX",
    "NAME_RESERVE",
    "ID_COLUMN",
    "FLUSH_EVERY",
    "OutputBusy",
    "PartialOutput",
    "row_keys",
]

PARTIAL_SUFFIX = ".partial"
LOCK_SUFFIX = ".lock"
#: Bytes the longest file named after the output adds to its name (``.OUT.XXXXXXXX.tmp``).
NAME_RESERVE = 14
#: Seconds a finished row may wait in the file buffer: a flush per row of a fast focus-time run
#: would cost more than the row's scoring saves on resume.
FLUSH_EVERY = 0.05
#: The column that identifies a row, when every row has it.
ID_COLUMN = "id"
#: The header line's marker and format version.
_HEADER = "ragas_temporal_partial"
_VERSION = 1


class OutputBusy(OSError):
    """Another run is writing the same output."""


def row_keys(
    rows: t.Sequence[t.Mapping[str, t.Any]], key_fields: t.Sequence[str], *,
    use_id: bool | None = None, seen: collections.Counter | None = None,
) -> list[str]:
    """A stable key per row (see the module docstring); repeats get ``#1``, ``#2``, ...

    For a dataset read a batch at a time: ``use_id`` says whether every row of the whole dataset
    has an id (else these rows decide), and ``seen`` counts the keys of the batches before.
    """
    if use_id is None:
        use_id = bool(rows) and all(row.get(ID_COLUMN) is not None for row in rows)
    fields = sorted(set(key_fields))
    seen = collections.Counter() if seen is None else seen
    keys = []
    for row in rows:
        if use_id:
            base = f"id:{row[ID_COLUMN]}"
        else:
            # canonical: fields in sorted order, absent ones left out, values in their written form;
            # ASCII, so that text with a lone surrogate hashes too
            present = {f: row[f] for f in fields if row.get(f) is not None}
            canonical = json.dumps(present, separators=(",", ":"), default=_written_form)
            base = "sha256:" + hashlib.sha256(canonical.encode("ascii")).hexdigest()[:32]
        keys.append(base if not seen[base] else f"{base}#{seen[base]}")
        seen[base] += 1
    return keys


def _written_form(value: t.Any) -> t.Any:
    # json.dumps calls this only for what it cannot write itself (bytes, dates, numpy values...)
    return text_form(value)


class PartialOutput:
    """The output of one run: locked, its finished rows kept in ``OUT.partial``, written whole at the end.

    Use as a context manager: entering takes the lock (:class:`OutputBusy` if another run holds
    it); :meth:`start` reads or creates the partial file and returns the rows already finished;
    :meth:`add` appends a finished row; :meth:`finish` removes the partial file once ``OUT`` is written.
    Leaving releases the lock and removes the lock file.
    """

    def __init__(self, output: str | os.PathLike, settings: t.Mapping[str, t.Any]) -> None:
        self.output = Path(output)
        self.partial = self.output.with_name(self.output.name + PARTIAL_SUFFIX)
        self.settings = dict(settings)
        self.done: dict[str, dict] = {}
        #: rows added by this run (their scores are not kept here: memory does not grow with the rows)
        self.added = 0
        self._lock_path = self.output.with_name(self.output.name + LOCK_SUFFIX)
        self._lock: t.Any = None
        self._handle: t.BinaryIO | None = None
        self._flushed = 0.0

    def __enter__(self) -> "PartialOutput":
        from filelock import FileLock, Timeout

        lock = FileLock(str(self._lock_path), timeout=0)
        try:
            lock.acquire()
        except Timeout:
            raise OutputBusy(
                f"{self.output} is being written by another run; wait for it to finish, or choose another --output"
            ) from None
        self._lock = lock
        return self

    def __exit__(self, *exc_info: t.Any) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None
            if not self.done and not self.added:  # no row finished: nothing to resume, nothing to keep
                self.partial.unlink(missing_ok=True)
        if self._lock is not None:
            # removed while held: a run waiting on this file finds it unlinked and takes a new one
            self._lock_path.unlink(missing_ok=True)
            self._lock.release()
            self._lock = None

    def start(self, resume: bool) -> dict[str, dict]:
        """Open the partial file: the rows it holds (key -> record) with ``resume``, else a new file."""
        handle = self.partial.open("a+b")
        try:
            repair_torn_tail(handle, self.partial)
            held = self._read() if handle.seek(0, os.SEEK_END) else {}
            if held and not resume:
                raise ValueError(
                    f"{self.partial} holds {len(held):,} row(s) of an interrupted run: add --resume to continue it, "
                    f"or delete {self.partial.name} to start over"
                )
            if not held:  # nothing finished (or a header only): start the file afresh
                if resume:
                    print(f"note: no finished row in {self.partial.name} to resume: scoring every row", file=sys.stderr)
                handle.truncate(0)
                header = {_HEADER: _VERSION, "settings": self.settings}
                handle.write(json.dumps(header, ensure_ascii=False).encode("utf-8") + b"\n")
                handle.flush()
        except BaseException:
            handle.close()
            raise
        self._handle = handle
        self.done = held
        return held

    def _read(self) -> dict[str, dict]:
        done: dict[str, dict] = {}
        header: t.Any = None
        for number, line in jsonl_lines(read_text(self.partial, "partial output")):
            try:
                entry = loads_json(line, self.partial, line=number)
            except InputFileError as exc:  # not ours to guess at: that row is scored again
                print(f"warning: {exc.where}: skipped a line that is {exc.problem}", file=sys.stderr)
                continue
            if number == 1:
                header = entry
            elif isinstance(entry, dict) and isinstance(entry.get("key"), str) and isinstance(entry.get("scores"), dict):
                done[entry["key"]] = entry["scores"]
        if done:  # rows to keep: they must come from a run like this one
            self._check_header(header)
        return done

    def _check_header(self, header: t.Any) -> None:
        if not isinstance(header, dict) or header.get(_HEADER) != _VERSION:
            raise ValueError(f"{self.partial} is not a partial output of ragas-temporal evaluate: delete it or choose another --output")
        stored = header.get("settings") or {}
        changed = [
            f"{name} {stored.get(name)!r} then, {self.settings.get(name)!r} now"
            for name in sorted(set(stored) | set(self.settings))
            if stored.get(name) != self.settings.get(name)
        ]
        if changed:
            raise ValueError(
                f"{self.partial} was written with other settings ({'; '.join(changed)}): resume with the same "
                f"settings, or delete {self.partial.name} to start over"
            )

    def add(self, key: str, scores: t.Mapping[str, t.Any]) -> None:
        """Append a finished row (its score columns in text form) and flush it to the operating system."""
        assert self._handle is not None, "start() first"
        line = json.dumps({"key": key, "scores": scores}, ensure_ascii=False).encode("utf-8") + b"\n"
        self._handle.write(line)
        now = time.monotonic()
        if now - self._flushed >= FLUSH_EVERY:
            self._handle.flush()
            self._flushed = now
        self.added += 1

    def finish(self) -> None:
        """Remove the partial file, once ``OUT`` is written (by a ``data.writers.RowsWriter``
        committed beside this run: each row's inputs with its scores, held or new, in input order)."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None
        self.partial.unlink(missing_ok=True)
