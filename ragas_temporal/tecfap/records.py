"""Prediction records: the row key, JSONL reading and "last record wins" de-duplication.

A prediction record is a plain dict: the probe row's fields (``relation``, ``pattern_id``,
``direction``, ``key_step``, ``gold``, ...) plus ``prediction`` and, when the call failed,
``error``. :func:`run_probe` appends one JSON line per finished row, so a file may hold several
records for one row (a failed attempt, then a successful rerun): the last one wins.

>>> recs = [
...     {"relation": 0, "pattern_id": "p1", "direction": "forward", "key_step": 0, "prediction": "", "error": "timeout"},
...     {"relation": 0, "pattern_id": "p1", "direction": "forward", "key_step": 0, "prediction": "b"},
... ]
>>> [r["prediction"] for r in latest_by_key(recs)]
['b']
>>> row_key(recs[0])
(0, 'p1', 'forward', 0)
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any, Iterable, Mapping

from ragas_temporal.llm.append_store import json_lines
from ragas_temporal.input_files import (
    InputFileError,
    check_regular_file,
    finite_integer,
    jsonl_lines,
    read_text,
)

RowKey = tuple[int, str, str, int]
KEY_FIELDS = ("relation", "pattern_id", "direction", "key_step")


def row_key(record: Mapping[str, Any]) -> RowKey:
    """The identity of a probe row: (relation, pattern id, direction, key time step).

    The key step (a position), not the key entity's name, identifies the row: a name can repeat
    in a relation's entity list.
    """
    missing = [f for f in KEY_FIELDS if f not in record]
    if missing:
        raise ValueError(f"prediction record lacks field(s) {missing}: {dict(record)!r:.200}")
    return (
        finite_integer(record["relation"], "relation"),
        str(record["pattern_id"]),
        str(record["direction"]),
        finite_integer(record["key_step"], "key_step"),
    )


def is_failed(record: Mapping[str, Any]) -> bool:
    """True when the record carries an error (the LLM call failed after its retries)."""
    return bool(record.get("error"))


def latest_by_key(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Keep the last record of every row key, in the order keys were first seen."""
    latest: dict[RowKey, dict[str, Any]] = {}
    for rec in records:
        # assigning to an existing key keeps its first position: a rerun does not reshuffle rows
        latest[row_key(rec)] = dict(rec)
    return list(latest.values())


def read_predictions(path: str | Path) -> list[dict[str, Any]]:
    """Read a predictions JSONL file, last record per row key winning.

    Lines end at a newline only: a judge reply holding U+2028 stays in its record. A line that is
    not valid JSON (e.g. the last line of a run killed mid-write) is skipped with a warning naming the line: one bad line never loses the others. A record whose key fields
    are not whole finite numbers (``Infinity``, ``1e400``) is an error naming the line.
    """
    path = check_regular_file(path, "predictions file")
    records: list[dict[str, Any]] = []
    # the text read whole (a file that is not UTF-8 is refused, a byte-order mark dropped), its lines as the store's
    for lineno, rec in json_lines(jsonl_lines(read_text(path, "predictions file")), path, _skipped):
        if not isinstance(rec, dict):
            warnings.warn(f"{path}:{lineno}: skipped a line that is not a JSON object", stacklevel=2)
            continue
        try:
            row_key(rec)
        except ValueError as exc:
            raise InputFileError(f"{path}:{lineno}", str(exc)) from None
        records.append(rec)
    return latest_by_key(records)


def _skipped(message: str) -> None:
    warnings.warn(message, stacklevel=4)  # the caller of read_predictions
