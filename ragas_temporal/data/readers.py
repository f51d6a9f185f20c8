"""Read a dataset file into rows (dicts with ragas column names): JSONL, JSON, CSV, a saved dataset.

A malformed line is an
error naming the file and line; a CSV list cell that is not a list stays text, so that row scores
NaN with a reason naming the column instead of the whole file failing.

>>> parse_list_cell('["In 2008.", "In 2009."]')
['In 2008.', 'In 2009.']
"""

from __future__ import annotations

import ast
import itertools
import json
import typing as t
from pathlib import Path

from ragas_temporal.input_files import (
    TEXT_ENCODING,
    InputFileError,
    check_regular_file,
    jsonl_lines,
    loads_json,
    read_text,
)

__all__ = [
    "LIST_COLUMNS",
    "read_rows",
    "BATCH_ROWS",
    "iter_row_batches",
    "read_jsonl",
    "read_json",
    "read_csv",
    "read_parquet",
    "parse_list_cell",
    "load_hf_dataset",
    "rows_of_dataset",
]

#: Columns whose CSV cells hold lists.
LIST_COLUMNS = ("retrieved_contexts", "retrieved_context_ids", "reference_context_ids", "reference_contexts")


def read_rows(path: Path, split: str | None = None) -> list[dict]:
    """Rows from a ``.jsonl``, ``.json`` (a list of rows), ``.csv`` or ``.parquet`` file (or folder of
    Parquet parts), or a ``save_to_disk`` folder.

    Anything else (a FIFO, a name too long for the system, a binary file) is an error naming it.
    """
    _check_exists(path)
    if path.suffix.lower() == ".parquet":
        return read_parquet(path)
    if path.is_dir():
        return rows_of_dataset(_load_from_disk(path), split)
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        return read_jsonl(path)
    if suffix == ".json":
        return read_json(path)
    if suffix == ".csv":
        return read_csv(path)
    raise ValueError(
        f"{path}: unsupported file type {suffix or '(none)'}; use .jsonl, .json, .csv, .parquet or a save_to_disk folder"
    )


#: Rows a batch of :func:`iter_row_batches` holds.
BATCH_ROWS = 1_000


def _check_exists(path: Path) -> None:
    try:
        exists = path.exists()
    except OSError:  # e.g. a name longer than the system allows: say so in one line
        check_regular_file(path, "data file")
        raise
    if not exists:
        raise FileNotFoundError(f"no such file or folder: {path}")


def iter_row_batches(path: Path, split: str | None = None, size: int = BATCH_ROWS) -> t.Iterator[list[dict]]:
    r"""The rows of :func:`read_rows`, ``size`` at a time, so that a large file is never held whole.

    JSON Lines are read line by line, CSV and Parquet in batches, a ``save_to_disk`` folder a batch
    of its memory-mapped Arrow table at a time; a ``.json`` list is read whole and handed out in
    batches. The rows and the errors
    (naming the file and line) are :func:`read_rows`'s.

    >>> import tempfile, pathlib
    >>> data = pathlib.Path(tempfile.mkdtemp()) / "d.jsonl"
    >>> _ = data.write_text('{"response": "In 2008."}\n\n{"response": "In 2009."}\n{"response": "2010"}\n')
    >>> [len(batch) for batch in iter_row_batches(data, size=2)]
    [2, 1]
    """
    _check_exists(path)
    suffix = path.suffix.lower()
    if suffix == ".jsonl" and not path.is_dir():
        batches = _batches(_jsonl_rows(path), size)
    elif suffix == ".csv" and not path.is_dir():
        batches = _csv_batches(path, size)
    elif suffix == ".parquet":
        batches = _parquet_batches(path, size)
    elif path.is_dir():
        batches = dataset_batches(_load_from_disk(path), split, size)
    else:
        rows = read_rows(path, split)
        batches = (rows[start:start + size] for start in range(0, len(rows), size))
    yield from batches


def _batches(rows: t.Iterable[dict], size: int) -> t.Iterator[list[dict]]:
    iterator = iter(rows)
    while batch := list(itertools.islice(iterator, size)):
        yield batch


def _jsonl_rows(path: Path) -> t.Iterator[dict]:
    """:func:`read_jsonl`'s rows one line at a time (split on newlines only, as ``jsonl_lines``)."""
    check_regular_file(path, "data file")
    with open(path, "rb") as handle:
        offset = 0
        for number, raw in enumerate(handle, start=1):
            try:
                text = raw.decode(TEXT_ENCODING if number == 1 else "utf-8")
            except UnicodeDecodeError as exc:
                raise InputFileError(
                    str(path), f"the data file is not UTF-8 text (byte {offset + exc.start}); is it a binary file?"
                ) from None
            offset += len(raw)
            for _, line in jsonl_lines(text):
                yield _row(loads_json(line, path, line=number), f"{path}:{number}")


def _csv_batches(path: Path, size: int) -> t.Iterator[list[dict]]:
    import pandas as pd

    check_regular_file(path, "data file")
    try:
        with pd.read_csv(path, dtype=str, keep_default_na=False, encoding=TEXT_ENCODING, chunksize=size) as reader:
            for frame in reader:
                yield _csv_rows(frame)
    except UnicodeDecodeError as exc:
        raise InputFileError(str(path), f"the data file is not UTF-8 text (byte {exc.start}); is it a binary file?") from None


def _parquet_batches(path: Path, size: int) -> t.Iterator[list[dict]]:
    import pyarrow.dataset as ds

    try:
        batches = ds.dataset(path, format="parquet").to_batches(batch_size=size)
        for batch in batches:
            if batch.num_rows:
                yield batch.to_pylist()
    except Exception as exc:  # pyarrow's errors have many types; the message names the problem
        raise ValueError(f"{path}: not readable as Parquet ({exc})") from None


def read_parquet(path: Path) -> list[dict]:
    """Rows of a Parquet file, or of a folder of Parquet parts (as Spark and Ray write them), as plain values."""
    import pyarrow.parquet as pq

    try:
        return pq.read_table(path).to_pylist()
    except Exception as exc:  # pyarrow's errors have many types; the message names the problem
        raise ValueError(f"{path}: not readable as Parquet ({exc})") from None


def _load_from_disk(path: Path) -> t.Any:
    """``datasets.load_from_disk``; a folder saved without rows is a ``ValueError`` naming it
    (datasets itself fails on one with an ``IndexError``)."""
    from datasets import load_from_disk

    try:
        return load_from_disk(str(path))
    except IndexError:
        raise ValueError(f"{path}: the dataset has no rows") from None


def load_hf_dataset(name: str, config: str | None, split: str | None):
    """``datasets.load_dataset`` (kept in one place so tests can replace it)."""
    from datasets import load_dataset

    return load_dataset(name, config, split=split)


def rows_of_dataset(dataset: t.Any, split: str | None) -> list[dict]:
    """Rows of a ``datasets.Dataset``, or of the chosen split of a ``DatasetDict``."""
    return chosen_split(dataset, split).to_list()


def dataset_batches(dataset: t.Any, split: str | None, size: int = BATCH_ROWS) -> t.Iterator[list[dict]]:
    """:func:`rows_of_dataset`'s rows, ``size`` at a time.

    A ``datasets.Dataset`` maps its Arrow files into memory, so only the batch at hand is turned
    into Python values: a million-row ``save_to_disk`` folder or Hub dataset is never held whole.

    >>> from datasets import Dataset
    >>> rows = [{"response": f"In {2000 + i}."} for i in range(5)]
    >>> [len(batch) for batch in dataset_batches(Dataset.from_list(rows), None, size=2)]
    [2, 2, 1]
    >>> next(dataset_batches(Dataset.from_list(rows), None, size=2))[1]
    {'response': 'In 2001.'}
    """
    dataset = chosen_split(dataset, split)
    for columns in dataset.iter(batch_size=size):
        names = list(columns)
        yield [dict(zip(names, values)) for values in zip(*(columns[name] for name in names))]


def chosen_split(dataset: t.Any, split: str | None) -> t.Any:
    """The ``datasets.Dataset`` itself, or the chosen split of a ``DatasetDict`` (the only one when
    ``split`` is None); a missing or ambiguous split is a ``ValueError`` that names the splits."""
    if hasattr(dataset, "keys") and not hasattr(dataset, "features"):  # a DatasetDict
        splits = list(dataset.keys())
        if split is None:
            if len(splits) != 1:
                raise ValueError(f"the dataset has splits {splits}: choose one with --split")
            split = splits[0]
        if split not in dataset:
            raise ValueError(f"no split {split!r}; the dataset has {splits}")
        dataset = dataset[split]
    return dataset


def _row(value: t.Any, where: str) -> dict:
    if not isinstance(value, dict):
        raise InputFileError(where, f"a row must be a JSON object, got {_json_kind(value)}")
    return value


def _json_kind(value: t.Any) -> str:
    kinds = {list: "a list", str: "a string", bool: "true/false", type(None): "null", dict: "an object"}
    return kinds.get(type(value), "a number")


def read_jsonl(path: Path) -> list[dict]:
    """One row (a JSON object) per non-blank line; ``ValueError`` naming the file and line otherwise."""
    return [
        _row(loads_json(line, path, line=number), f"{path}:{number}")
        for number, line in jsonl_lines(read_text(path, "data file"))
    ]


def read_json(path: Path) -> list[dict]:
    """A ``.json`` file holding a list of rows (JSON objects)."""
    data = loads_json(read_text(path, "data file"), path)
    if not isinstance(data, list):
        raise ValueError(f"{path}: a .json file must hold a list of rows")
    return [_row(item, f"{path}: row {number}") for number, item in enumerate(data, start=1)]


def read_csv(path: Path) -> list[dict]:
    """Rows of a CSV file: empty cells are ``None``, list columns parsed (:func:`parse_list_cell`)."""
    import pandas as pd

    check_regular_file(path, "data file")
    try:
        frame = pd.read_csv(path, dtype=str, keep_default_na=False, encoding=TEXT_ENCODING)
    except UnicodeDecodeError as exc:
        raise InputFileError(str(path), f"the data file is not UTF-8 text (byte {exc.start}); is it a binary file?") from None
    return _csv_rows(frame)


def _csv_rows(frame: t.Any) -> list[dict]:
    """A frame of CSV text cells as rows: empty cells ``None``, list columns parsed."""
    rows = frame.to_dict(orient="records")
    for row in rows:
        for column, value in row.items():
            if value == "":
                row[column] = None
            elif column in LIST_COLUMNS:
                row[column] = parse_list_cell(value)
    return rows


def parse_list_cell(text: str) -> t.Any:
    """A CSV list cell: JSON (``["a", "b"]``) or a Python literal (``['a', 'b']``); else the text itself.

    Text that is not a list is kept so that the row scores NaN with a reason naming the column,
    instead of the whole file failing.

    >>> parse_list_cell('["In 2008.", "In 2009."]')
    ['In 2008.', 'In 2009.']
    >>> parse_list_cell("['d1', 'd2']")
    ['d1', 'd2']
    """
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            return json.loads(stripped)
        except (ValueError, RecursionError):  # RecursionError: nested too deeply to be a list of texts
            try:
                return ast.literal_eval(stripped)
            except (ValueError, SyntaxError, RecursionError, MemoryError):
                pass
    return text
