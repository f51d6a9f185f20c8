"""Write scored rows to ``.jsonl``, ``.csv`` or ``.parquet``: the whole new file, or the previous one.

The ``ragas-temporal evaluate`` command writes its ``--output`` here, and reads it back with
:mod:`ragas_temporal.data.readers` (the round trip is tested for every format).

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
import datetime
import decimal
import json
import math
import os
import secrets
import typing as t
from pathlib import Path

__all__ = ["OUTPUT_SUFFIXES", "UnwritableValue", "text_form", "record_form", "write_rows"]

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
    JSON, null as an empty cell. ``.parquet``: one table. Any other suffix is a ``ValueError``.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in OUTPUT_SUFFIXES:
        raise ValueError(f"the output must end in .csv, .jsonl or .parquet, got {path.name}")
    rows = [{c: record.get(c) for c in columns} for record in records]
    # the name is known before the file exists, so an interrupt at any moment (SIGTERM is raised as
    # an exception) finds it in the clean-up below: no temporary file is ever left behind
    temporary = path.parent / f".{path.name}.{secrets.token_hex(6)}.tmp"
    try:
        with open(os.open(temporary, _NEW_FILE_FLAGS, 0o600), "wb") as handle:
            _WRITERS[suffix](rows, list(columns), handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, _mode_for(path))
        os.replace(temporary, path)
    except FileExistsError:  # another file has that name (48 random bits): not ours to remove
        raise
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _write_jsonl(rows: list[dict], columns: list[str], handle: t.BinaryIO) -> None:
    for row in rows:
        handle.write(json.dumps(row, ensure_ascii=False).encode("utf-8") + b"\n")


def _write_csv(rows: list[dict], columns: list[str], handle: t.BinaryIO) -> None:
    import pandas as pd

    cells = [
        {c: json.dumps(v, ensure_ascii=False) if isinstance(v, (list, dict)) else v for c, v in row.items()}
        for row in rows
    ]
    text = pd.DataFrame(cells, columns=columns).to_csv(index=False)
    handle.write(text.encode("utf-8"))


def _write_parquet(rows: list[dict], columns: list[str], handle: t.BinaryIO) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.Table.from_pylist(rows), handle)


_WRITERS = {".jsonl": _write_jsonl, ".csv": _write_csv, ".parquet": _write_parquet}


def _mode_for(path: Path) -> int:
    """The permission bits the output would get from a plain ``open``: the old file's, else 0o666 less the umask."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
