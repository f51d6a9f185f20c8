"""``evaluate --output`` while the run goes on: rows kept as they finish, resumable, one run at a time.

What a user sees (flushing, stopping, resuming, which rows are held, what is refused) is written in
``docs/cli.md`` ("Nothing lost"). Two files live beside ``OUT`` during a run: ``OUT.partial``, JSON
Lines in the append store (a header line with the run's settings, then
``{"key": ..., "fp": ..., "scores": {...}}`` per finished row: its input columns are read from the
data again), and ``OUT.lock``, a ``filelock`` lock held for the whole run. A row's key
(:func:`row_identities`) is ``id:<value>`` when every row has an ``id`` (compared as text), else
``sha256:<hash>`` of the fields that change a score in canonical JSON, the n-th repeat with ``#n``;
its fingerprint also covers its group's answers when a metric compares them (:class:`GroupAnswers`).

>>> rows = [{"id": 7, "response": "x"}, {"id": "8", "response": "y"}]
>>> row_keys(rows, ["response"])
['id:7', 'id:8']
>>> keys = row_keys([{"response": "In 2008."}, {"response": "In 2008."}], ["response"])
>>> keys[0].startswith("sha256:"), keys[1] == keys[0] + "#1"
(True, True)
>>> keys, prints = row_identities([{"id": 1, "response": "In 2008."}, {"id": 1, "response": "In 2009."}], ["response"])
>>> keys, prints[0] == prints[1]
(['id:1', 'id:1#1'], False)
"""

from __future__ import annotations

import collections
import hashlib
import json
import os
import stat
import sys
import typing as t
import warnings
from pathlib import Path

from ragas_temporal.llm.append_store import (
    AppendStore,
    LockBeside,
    StoreBusy,
    json_line,
    json_lines,
    open_private,
    repair_torn_tail,
)
from ragas_temporal.data.writers import text_form

__all__ = [
    "PARTIAL_SUFFIX",
    "LOCK_SUFFIX",
    "NAME_RESERVE",
    "ID_COLUMN",
    "FLUSH_EVERY",
    "StoreBusy",
    "PartialWriteFailed",
    "PartialOutput",
    "row_keys",
    "row_identities",
]

PARTIAL_SUFFIX = ".partial"
LOCK_SUFFIX = ".lock"
#: Bytes the longest file named after the output adds to its name (``.OUT.XXXXXXXX.tmp``).
NAME_RESERVE = 14
#: Seconds a finished row may wait in the file buffer: a flush per row of a fast run would cost
#: more than the row's scoring saves on resume. A timer holds the bound when no row follows.
FLUSH_EVERY = 0.05
#: The column that identifies a row, when every row has it.
ID_COLUMN = "id"
#: The header line's marker and format version.
_HEADER = "ragas_temporal_partial"
_VERSION = 1
#: How the header line starts: the one test that a file is our partial output.
_HEADER_START = b'{"' + _HEADER.encode("ascii") + b'":'
#: What the messages about the partial file advise.
_ADVICE = "choose another --output"


class PartialWriteFailed(OSError):
    """A finished row could not be written to the partial file (a full disk): the run stops."""


def _digest(value: t.Any) -> str:
    # canonical: keys sorted, values in their written form; ASCII, so that text with a lone surrogate hashes too
    canonical = json.dumps(value, separators=(",", ":"), sort_keys=True, default=_written_form)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()[:32]


class GroupAnswers:
    """The fingerprint of each group's answers (``response``), gathered a batch at a time.

    A group's fingerprint is the same whatever the order of its rows: the sum (modulo 2**128) of
    its answers' digests, with their count, so memory holds one number per group, not its rows.

    >>> one, two = GroupAnswers("topic"), GroupAnswers("topic")
    >>> one.add([{"topic": "a", "response": "In 2008."}, {"topic": "a", "response": "In 2009."}])
    >>> two.add([{"topic": "a", "response": "In 2009."}]); two.add([{"topic": "a", "response": "In 2008."}])
    >>> one.prints() == two.prints()
    True
    """

    def __init__(self, group_by: str) -> None:
        self.group_by = group_by
        self._sums: dict[t.Any, list[int]] = {}

    def add(self, rows: t.Iterable[t.Mapping[str, t.Any]]) -> None:
        for row in rows:
            group = _group_of(row, self.group_by)
            if group is not None:
                total = self._sums.setdefault(group, [0, 0])
                total[0] = (total[0] + int(_digest(row.get("response")), 16)) % (1 << 128)
                total[1] += 1

    def prints(self) -> dict[t.Any, str]:
        """group value -> fingerprint of its answers."""
        return {group: _digest([count, f"{total:032x}"]) for group, (total, count) in self._sums.items()}


def row_identities(
    rows: t.Sequence[t.Mapping[str, t.Any]], key_fields: t.Sequence[str], group_by: str | None = None, *,
    use_id: bool | None = None, seen: collections.Counter | None = None, groups: t.Mapping[t.Any, str] | None = None,
) -> tuple[list[str], list[str]]:
    """``(keys, fingerprints)``: each row's key (see the module docstring; repeats get ``#1``, ``#2``,
    ...) and the fingerprint of its scored content, the ``key_fields`` it has (absent and null ones
    left out). With ``group_by``, the fingerprint also covers the answers (``response``) of the
    rows sharing the row's ``group_by`` value, which a metric comparing a group's answers reads.

    For a dataset read a batch at a time: ``use_id`` says whether every row of the whole dataset
    has an id (else these rows decide), ``seen`` counts the keys of the batches before, and
    ``groups`` holds the whole dataset's :meth:`GroupAnswers.prints` (else these rows make them).
    """
    if use_id is None:
        use_id = bool(rows) and all(row.get(ID_COLUMN) is not None for row in rows)
    fields = sorted(set(key_fields))
    if group_by is not None and groups is None:
        answers = GroupAnswers(group_by)
        answers.add(rows)
        groups = answers.prints()
    groups = groups or {}
    seen = collections.Counter() if seen is None else seen
    keys, prints = [], []
    for row in rows:
        content = _digest({f: row[f] for f in fields if row.get(f) is not None})
        group = groups.get(_group_of(row, group_by)) if group_by is not None else None
        prints.append(content if group is None else _digest([content, group]))
        base = f"id:{row[ID_COLUMN]}" if use_id else f"sha256:{content}"
        keys.append(base if not seen[base] else f"{base}#{seen[base]}")
        seen[base] += 1
    return keys, prints


def _group_of(row: t.Mapping[str, t.Any], group_by: str | None) -> t.Any:
    value = row.get(group_by) if group_by is not None else None
    try:
        hash(value)
    except TypeError:  # the metric refuses such a group column itself
        return None
    return value


def row_keys(
    rows: t.Sequence[t.Mapping[str, t.Any]], key_fields: t.Sequence[str], *,
    use_id: bool | None = None, seen: collections.Counter | None = None,
) -> list[str]:
    """A stable key per row (see the module docstring); repeats get ``#1``, ``#2``, ...
    (``use_id`` and ``seen`` as for :func:`row_identities`)."""
    return row_identities(rows, key_fields, use_id=use_id, seen=seen)[0]


def _written_form(value: t.Any) -> t.Any:
    # json.dumps calls this only for what it cannot write itself (bytes, dates, numpy values...)
    return text_form(value)


def _note(message: str) -> None:
    print(message, file=sys.stderr)


class PartialOutput:
    """The output of one run: locked, its finished rows kept in ``OUT.partial`` until ``OUT`` is written.

    Use as a context manager: entering takes the lock (:class:`StoreBusy` if another run holds
    it); :meth:`start` reads or creates the partial file and returns the rows already finished;
    :meth:`add` appends a finished row; :meth:`finish` removes the partial file once ``OUT`` is written.
    Leaving releases the lock and removes the lock file.
    """

    def __init__(self, output: str | os.PathLike, settings: t.Mapping[str, t.Any]) -> None:
        self.output = Path(output)
        self.partial = self.output.with_name(self.output.name + PARTIAL_SUFFIX)
        self.settings = dict(settings)
        #: rows of ``OUT`` found to be this run's by :meth:`complete_output`
        self.rows_read_back = 0
        self._lock_path = self.output.with_name(self.output.name + LOCK_SUFFIX)
        self._lock: LockBeside | None = None
        self._store: AppendStore | None = None
        self._fingerprints: dict[str, str] = {}
        self._stored = False  # the file held rows when the run began (kept even if none is this run's)

    @property
    def added(self) -> int:
        """Rows added by this run (their scores are not kept here: memory does not grow with the rows)."""
        return self._store.written if self._store is not None else 0

    @property
    def _handle(self) -> t.BinaryIO | None:
        """The open partial file (the store's: a test puts a full disk's in its place)."""
        return self._store.handle if self._store is not None else None

    @_handle.setter
    def _handle(self, handle: t.BinaryIO) -> None:
        assert self._store is not None, "start() first"
        self._store.handle = handle

    def __enter__(self) -> "PartialOutput":
        self._lock = LockBeside(self._lock_path, self.output, _ADVICE)
        return self

    def __exit__(self, *exc_info: t.Any) -> None:
        if self._handle is not None:
            self._close()
            if not self.added and not self._stored:  # no row finished: nothing to resume, nothing to keep
                self.partial.unlink(missing_ok=True)
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def start(self, resume: bool) -> dict[str, tuple[t.Any, dict]]:
        """Open the partial file: with ``resume``, the rows it holds (key -> (fingerprint, record));
        else a new file. :meth:`reusable` says which of them a batch may reuse."""
        handle = open_private(self.partial, "partial output", _ADVICE)
        try:
            if handle.seek(0, os.SEEK_END):
                self._check_ours(handle)  # before anything is cut or read on
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    repair_torn_tail(handle, self.partial)
                for warning in caught:  # one plain line, not Python's warning with its source line
                    _note(f"note: {warning.message}")
            stored = self._read(handle) if handle.seek(0, os.SEEK_END) else {}
            if stored and not resume:
                raise ValueError(
                    f"{self.partial} holds {len(stored):,} row(s) of an interrupted run: add --resume to continue it, "
                    f"or delete {self.partial.name} to start over"
                )
            if not stored:  # nothing finished (or a header only): start the file afresh
                handle.truncate(0)
                handle.write(json_line({_HEADER: _VERSION, "settings": self.settings}))
                handle.flush()
        except BaseException:
            handle.close()
            raise
        self._store = AppendStore(self.partial, handle, flush_every=FLUSH_EVERY)
        self._stored = bool(stored)
        return stored

    @staticmethod
    def reusable(stored: t.Mapping[str, tuple[t.Any, dict]], keys: t.Sequence[str], fingerprints: t.Sequence[str]) -> tuple[dict[str, dict], int]:
        """``(held, changed)`` for a batch: the stored records (key -> record) whose key is among
        ``keys`` with the same fingerprint, and how many keys are stored with another fingerprint."""
        held: dict[str, dict] = {}
        changed = 0
        for key, fingerprint in zip(keys, fingerprints):
            if key in stored:
                if stored[key][0] == fingerprint:
                    held[key] = stored[key][1]
                else:
                    changed += 1
        return held, changed

    @staticmethod
    def say_changed(changed: int) -> None:
        """The note of a resumed run whose held rows' data changed."""
        if changed:
            _note(f"note: {changed:,} held row{'' if changed == 1 else 's'} dropped: their data changed "
                  "since they were scored; scoring them again")

    def expect(self, keys: t.Sequence[str], fingerprints: t.Sequence[str]) -> None:
        """The fingerprints of the rows the next :meth:`add` calls keep (one batch's: memory stays bounded)."""
        self._fingerprints = dict(zip(keys, fingerprints))

    def _check_ours(self, handle: t.BinaryIO) -> None:
        """Refuse a non-empty file whose first line is not our header: it is someone else's file."""
        handle.seek(0)
        # our header line opens with its marker (json.dumps of a dict whose first key it is), even torn
        if handle.read(len(_HEADER_START)) != _HEADER_START:
            raise ValueError(
                f"{self.partial} is not a partial output of ragas-temporal evaluate, so it is left as it is: "
                f"move or delete it, or choose another --output"
            )

    def _read(self, handle: t.BinaryIO) -> dict[str, tuple[t.Any, dict]]:
        """key -> (fingerprint, record) of the rows the file holds (the last line of a key wins)."""
        done: dict[str, tuple[t.Any, dict]] = {}
        header: t.Any = None
        handle.seek(0)
        # a line that is not UTF-8 or not JSON is not ours to guess at: that row is scored again
        lines = json_lines(enumerate(handle, start=1), self.partial, lambda skipped: _note(f"warning: {skipped}"))
        for number, entry in lines:
            if number == 1:
                header = entry
            elif isinstance(entry, dict) and isinstance(entry.get("key"), str) and isinstance(entry.get("scores"), dict):
                done[entry["key"]] = (entry.get("fp"), entry["scores"])
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
        """Append a finished row (its score columns in text form); it reaches the operating system
        within :data:`FLUSH_EVERY` seconds. Raises :class:`PartialWriteFailed` when the file cannot
        be written (now, or at an earlier timed flush)."""
        assert self._store is not None, "start() first"
        try:
            self._store.append({"key": key, "fp": self._fingerprints.get(key), "scores": scores})
        except OSError as exc:
            raise self._failed(exc) from None

    def _failed(self, exc: OSError) -> PartialWriteFailed:
        return PartialWriteFailed(
            f"cannot write {self.partial}: {exc.strerror or exc}; the rows already written to it are kept: "
            f"free some space, then run the same command with --resume to continue"
        )

    def _close(self) -> None:
        if self._store is not None:
            self._store.close()

    def complete_output(self, written: t.Iterable[bool]) -> bool:
        """With ``--resume`` and no row held: whether ``OUT`` already holds this run's every row,
        so that nothing is scored again (said in one note, as is the opposite: every row is scored).
        ``written`` gives, row by row, whether ``OUT`` holds that row with this run's columns and
        input values (and ``False`` where the rows or ``OUT`` run out before the other)."""
        complete = not self._stored and self._read_back(written)
        if not self._stored:  # else the partial file held rows, all of other data (said before)
            if complete:
                _note(f"note: {self.output.name} already holds all {self.rows_read_back:,} rows of this data with "
                      "these metrics' columns (a finished run): nothing is scored again; delete it to score again")
            else:
                _note(f"note: no finished row in {self.partial.name} to resume: scoring every row")
        return complete

    def _read_back(self, written: t.Iterable[bool]) -> bool:
        try:
            if not stat.S_ISREG(os.stat(self.output).st_mode):
                return False
            for same in written:
                if not same:
                    return False
                self.rows_read_back += 1
        except (ValueError, OSError, RecursionError):
            return False
        return True

    def output_failed(self, exc: OSError) -> PartialWriteFailed:
        """The error of a run whose ``OUT`` could not be written (a full disk): the partial file stays."""
        failure = None
        if self._store is not None:
            self._store.flush()
            failure = self._store.failure
        kept = "every row is kept in it" if failure is None else "the rows already written to it are kept"
        return PartialWriteFailed(
            f"cannot write {self.output}: {exc.strerror or exc}; {self.partial.name} stays and {kept}: "
            f"free some space, then run the same command with --resume to continue"
        )

    def finish(self) -> None:
        """Remove the partial file, once ``OUT`` is written (by a ``data.writers.RowsWriter``
        committed beside this run: each row's inputs with its scores, held or new, in input order)."""
        self._close()
        self.partial.unlink(missing_ok=True)
