"""The sample columns a metric may read, and the check that turns a bad value into a NaN reason.

A ``None``, empty or wrongly typed column makes the row unscoreable: :func:`column_problem` says why
in words (the metric returns ``NaN`` with that reason instead of raising).

>>> column_problem("response", "")
'response is empty'
>>> column_problem("retrieved_contexts", ["ok", 3])
'retrieved_contexts[1] is not a string (int)'
>>> column_problem("reference_context_ids", ["d1", 7]) is None
True
"""

from __future__ import annotations

import typing as t

__all__ = ["SAMPLE_COLUMNS", "column_problem"]

#: The sample fields a metric may read; the order is the order problems are reported in.
SAMPLE_COLUMNS = (
    "user_input",
    "response",
    "retrieved_contexts",
    "retrieved_context_ids",
    "reference_context_ids",
    "reference",
)


def _check_text(value: object, column: str) -> str | None:
    if value is None:
        return f"{column} is missing (None)"
    if not isinstance(value, str):
        return f"{column} is not a string ({type(value).__name__})"
    if not value.strip():
        return f"{column} is empty"
    return None


def _check_list(
    value: object, column: str, items: str, item_ok: t.Callable[[object], bool], item_is: str
) -> str | None:
    # a non-empty list or tuple whose every item passes item_ok; items / item_is word the reasons
    if value is None:
        return f"{column} is missing (None)"
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        return f"{column} must be a list of {items}, got {type(value).__name__}"
    if not value:
        return f"{column} is empty"
    for i, item in enumerate(value):
        if not item_ok(item):
            return f"{column}[{i}] is not {item_is} ({type(item).__name__})"
    return None


def _is_id(item: object) -> bool:
    return isinstance(item, (str, int)) and not isinstance(item, bool)


def _check_texts(value: object, column: str) -> str | None:
    return _check_list(value, column, "strings", lambda item: isinstance(item, str), "a string")


def _check_ids(value: object, column: str) -> str | None:
    return _check_list(value, column, "ids", _is_id, "a str or int id")


_CHECKS: dict[str, t.Callable[[object, str], t.Optional[str]]] = {
    "user_input": _check_text,
    "response": _check_text,
    "reference": _check_text,
    "retrieved_contexts": _check_texts,
    "retrieved_context_ids": _check_ids,
    "reference_context_ids": _check_ids,
}


def column_problem(column: str, value: object) -> str | None:
    """Why ``value`` cannot be scored as ``column`` (a reason sentence), or ``None`` when it can."""
    return _CHECKS[column](value, column)
