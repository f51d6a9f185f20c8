"""Write scored rows to ``.jsonl``, ``.csv`` or ``.parquet``: the whole new file, or the previous one.


- :func:`text_form`: a value in a form all three formats hold, the same in each. NaN and infinite
  numbers become null (an undefined score), dates ISO text, ``bytes`` base64 text, ``Decimal``
  its decimal text, numpy scalars and arrays plain numbers and lists. Any other type is refused
  (:class:`UnwritableValue`, naming the column), and the command checks every input row before
  any work is done, so a run never fails after paying for its judge calls.
- :func:`write_rows`: the file is written beside the output under a temporary name, synced, and
  moved over the output with ``os.replace``. A run killed at any moment leaves the previous file
  or the complete new one, never a partial or empty one.

>>> import decimal, datetime
>>> text_form({"when": datetime.date(2024, 5, 1), "raw": b"\\x00\\xff", "price": decimal.Decimal("1.10"),
...            "score": float("nan"), "ids": ("d1", 7)})
{'when': '2024-05-01', 'raw': 'AP8=', 'price': '1.10', 'score': None, 'ids': ['d1', 7]}
"""

from __future__ import annotations

import base64
import csv
import datetime
import decimal
import io
import itertools
import json
import math
import os
import secrets
import typing as t
from pathlib import Path

__all__ = [
    "OUTPUT_SUFFIXES", "UnwritableValue", "text_form", "record_form", "write_rows", "RowsWriter",
    "column_types", "merge_column_types",
]

#: The formats ``write_rows`` writes (and the readers read back).
OUTPUT_SUFFIXES = (".csv", ".jsonl", ".parquet")


class UnwritableValue(TypeError):
    """A value none of the output formats can hold (the message names its column and type)."""


def text_form(value: t.Any, column: str = "value") -> t.Any:
    """``value`` as JSON-ready plain data (see the module docstring); ``UnwritableValue`` otherwise."""
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, (bytes, bytearray, memoryview)):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, decimal.Decimal):
        return str(value)
    if isinstance(value, (datetime.date, datetime.time)):  # datetime and pandas.Timestamp too
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): text_form(v, column) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [text_form(v, column) for v in value]
    if hasattr(value, "tolist") and hasattr(value, "dtype"):  # numpy scalar or array
        return text_form(value.tolist(), column)
    raise UnwritableValue(
        f"column {column!r} holds a {type(value).__name__} value, which .jsonl, .csv and .parquet cannot "
        "hold: convert it to text or numbers first"
    )


def record_form(row: t.Mapping[str, t.Any]) -> dict[str, t.Any]:
    """Every value of a row in :func:`text_form`."""
    return {str(key): text_form(value, str(key)) for key, value in row.items()}


#: A new file only (never an existing one), written as bytes (Windows: no newline translation).
_NEW_FILE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)


def write_rows(records: t.Sequence[t.Mapping[str, t.Any]], columns: t.Sequence[str], path: str | os.PathLike) -> None:
    """Write ``records`` (in :func:`text_form`; missing columns are null) to ``path``, atomically.

    ``.jsonl``: one JSON object a line, text as UTF-8. ``.csv``: a header, list and object cells as
    JSON, null as an empty cell. ``.parquet``: one table, a column whose values Arrow cannot hold
    in one type (ids ``1`` and ``"b"``, a nested value among texts) written as text, as in CSV.
    Any other suffix is a ``ValueError``. The same file as :class:`RowsWriter` writes.
    """
    with RowsWriter(path, columns) as writer:
        writer.write(records)
        writer.commit()


class RowsWriter:
    r"""The output file written a batch of rows at a time, so that memory does not grow with the rows.

    Use as a context manager: :meth:`write` appends records (in :func:`text_form`) to a temporary
    file beside ``path``; :meth:`commit` syncs it and moves it over ``path`` (``os.replace``).
    Leaving without ``commit`` (an error, an interrupt) removes the temporary file, so ``path``
    is always the previous file or the complete new one.

    ``.parquet`` is written in two passes: the batches go to a hidden JSON Lines file while the
    Arrow type of each column is learnt (:func:`column_types`), then that file is read back in
    row groups of :data:`PARQUET_ROW_GROUP` rows, every column in its one type (or as text).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> with RowsWriter(folder / "out.jsonl", ["id", "score"]) as writer:
    ...     writer.write([{"id": 1, "score": 0.5}])
    ...     writer.write([{"id": "b"}])
    ...     writer.commit()
    >>> (folder / "out.jsonl").read_text()
    '{"id": 1, "score": 0.5}\n{"id": "b", "score": null}\n'
    """

    def __init__(self, path: str | os.PathLike, columns: t.Sequence[str]) -> None:
        self.path = Path(path)
        self.suffix = self.path.suffix.lower()
        if self.suffix not in OUTPUT_SUFFIXES:
            raise ValueError(f"the output must end in .csv, .jsonl or .parquet, got {self.path.name}")
        self.columns = list(columns)
        # the names are known before the files exist, so an interrupt at any moment (SIGTERM is
        # raised as an exception) finds them in the clean-up: no temporary file is ever left behind
        self._temporary = self._hidden_name("tmp")
        self._rows_file = self._hidden_name("rows.tmp") if self.suffix == ".parquet" else self._temporary
        self._handle: t.BinaryIO | None = None
        self._types: dict[str, t.Any] = {}

    def _hidden_name(self, ending: str) -> Path:
        return self.path.parent / f".{self.path.name}.{secrets.token_hex(6)}.{ending}"

    def __enter__(self) -> "RowsWriter":
        # ``with`` calls __exit__ only once __enter__ has returned: an interrupt while the file is
        # being created or its header written must clean up here
        try:
            self._handle = open(os.open(self._rows_file, _NEW_FILE_FLAGS, 0o600), "wb")
            if self.suffix == ".csv":
                _write_csv([], self.columns, self._handle, header=True)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def write(self, records: t.Iterable[t.Mapping[str, t.Any]]) -> None:
        """Append records (missing columns are null)."""
        assert self._handle is not None, "enter the writer first"
        rows = [{c: record.get(c) for c in self.columns} for record in records]
        if self.suffix == ".parquet":
            self._types = merge_column_types(self._types, column_types(rows, self.columns))
            _write_jsonl(rows, self.columns, self._handle, ensure_ascii=True)  # read back exactly
        else:
            _WRITERS[self.suffix](rows, self.columns, self._handle)

    def commit(self) -> None:
        """Finish the file and move it over ``path``."""
        assert self._handle is not None, "enter the writer first"
        if self.suffix == ".parquet":
            self._handle.close()
            with open(os.open(self._temporary, _NEW_FILE_FLAGS, 0o600), "wb") as handle:
                _write_parquet(self._rows_file, self.columns, self._types, handle)
                handle.flush()
                os.fsync(handle.fileno())
        else:
            self._handle.flush()
            os.fsync(self._handle.fileno())
            self._handle.close()
        self._handle = None
        os.chmod(self._temporary, _mode_for(self.path))
        os.replace(self._temporary, self.path)
        if self._rows_file != self._temporary:
            self._rows_file.unlink(missing_ok=True)

    def __exit__(self, *exc_info: t.Any) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None
        for leftover in {self._rows_file, self._temporary}:
            leftover.unlink(missing_ok=True)  # after commit: already moved or removed


def _write_jsonl(rows: list[dict], columns: list[str], handle: t.BinaryIO, ensure_ascii: bool = False) -> None:
    handle.write(b"".join(json.dumps(row, ensure_ascii=ensure_ascii).encode("utf-8") + b"\n" for row in rows))


def _write_csv(rows: list[dict], columns: list[str], handle: t.BinaryIO, header: bool = False) -> None:
    # the csv module writes what pandas' to_csv wrote (minimal quoting, "\n", None as an empty cell),
    # the same for a row whichever batch it comes in
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    if header:
        writer.writerow(columns)
    writer.writerows([_cell_text(row[c]) for c in columns] for row in rows)
    handle.write(text.getvalue().encode("utf-8"))


def _cell_text(value: t.Any) -> t.Any:
    """A value as a CSV cell: lists and objects as JSON, everything else as it is (the csv module writes it)."""
    return json.dumps(value, ensure_ascii=False) if isinstance(value, (list, dict)) else value


def _text_cell(value: t.Any) -> str | None:
    """A value of a Parquet column written as text: text as it is, null as null, anything else as JSON."""
    return value if value is None or isinstance(value, str) else json.dumps(value, ensure_ascii=False)


#: Rows per Parquet row group (and per batch read back from the hidden rows file).
PARQUET_ROW_GROUP = 50_000
#: The type of a column that Arrow cannot hold in one type: written as text (numbers, lists and objects as JSON).
AS_TEXT = "text"


def column_types(rows: t.Sequence[t.Mapping[str, t.Any]], columns: t.Sequence[str]) -> dict[str, t.Any]:
    """Each column's Arrow type in these rows, or :data:`AS_TEXT` when its values have none in common.

    >>> column_types([{"id": 1, "x": [1]}, {"id": "b", "x": None}], ["id", "x"])
    {'id': 'text', 'x': ListType(list<item: int64>)}
    """
    import pyarrow as pa

    types: dict[str, t.Any] = {}
    for column in columns:
        try:
            types[column] = pa.array([row.get(column) for row in rows]).type
        except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
            types[column] = AS_TEXT
    return types


def merge_column_types(first: t.Mapping[str, t.Any], second: t.Mapping[str, t.Any]) -> dict[str, t.Any]:
    """One type per column for two batches (nulls take the other's type, integers and floats are
    floats, objects merge their fields), or :data:`AS_TEXT` when they have none in common.

    >>> import pyarrow as pa
    >>> merge_column_types({"a": pa.int64(), "b": pa.null()}, {"a": pa.float64(), "b": pa.string()})
    {'a': DataType(double), 'b': DataType(string)}
    >>> merge_column_types({"id": pa.int64()}, {"id": pa.string()})
    {'id': 'text'}
    """
    import pyarrow as pa

    merged = dict(first)
    for column, kind in second.items():
        known = merged.get(column)
        if known is None or known == kind:
            merged[column] = kind
        elif AS_TEXT in (known, kind):
            merged[column] = AS_TEXT
        else:
            try:
                schema = pa.unify_schemas([pa.schema([(column, known)]), pa.schema([(column, kind)])],
                                          promote_options="permissive")
                merged[column] = schema.field(column).type
            except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
                merged[column] = AS_TEXT
    return merged


def _write_parquet(rows_file: Path, columns: list[str], types: t.Mapping[str, t.Any], handle: t.BinaryIO) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    text_columns = [c for c in columns if types.get(c, AS_TEXT) == AS_TEXT]
    schema = pa.schema([(c, pa.string() if c in text_columns else types[c]) for c in columns])
    with pq.ParquetWriter(handle, schema) as writer, open(rows_file, "rb") as source:
        while True:  # a file without rows is the schema alone
            rows = [json.loads(line) for line in itertools.islice(source, PARQUET_ROW_GROUP)]
            if not rows:
                break
            for row in rows:
                for c in text_columns:
                    row[c] = _text_cell(row[c])
            writer.write_table(pa.Table.from_pylist(rows, schema=schema))


_WRITERS = {".jsonl": _write_jsonl, ".csv": _write_csv}


def _mode_for(path: Path) -> int:
    """The permission bits the output would get from a plain ``open``: the old file's, else 0o666 less the umask."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
