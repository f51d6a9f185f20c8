"""The sample columns a metric may read, and the check that turns a bad value into a NaN reason.

A ``None``, empty or wrongly typed column, or a text longer than :data:`TEXT_MAX_CHARS`, makes the
row unscoreable: :func:`column_problem` says why in words (the metric returns ``NaN`` with that
reason instead of raising).

>>> column_problem("response", "")
'response is empty'
>>> column_problem("retrieved_contexts", ["ok", 3])
'retrieved_contexts[1] is not a string (int)'
>>> column_problem("reference_context_ids", ["d1", 7]) is None
True
>>> column_problem("response", "in 2008 \\ud800")
"response holds a lone surrogate (U+D800) at position 8: text must be valid Unicode (decode it with errors='replace')"
"""

from __future__ import annotations

import re
import typing as t

__all__ = [
    "SAMPLE_COLUMNS",
    "TEXT_MAX_CHARS",
    "column_problem",
    "as_plain_list",
    "printable_text",
    "ragas_required_columns",
    "trimmed",
]

_SURROGATE = re.compile("[\ud800-\udfff]")

#: The sample fields a metric may read; the order is the order problems are reported in.
SAMPLE_COLUMNS = (
    "user_input",
    "response",
    "retrieved_contexts",
    "retrieved_context_ids",
    "reference_context_ids",
    "reference",
)


def _surrogate_problem(text: str, column: str) -> str | None:
    # A lone surrogate (from bytes decoded with surrogateescape, or JSON "\ud800") cannot be encoded:
    # an LLM request, a CSV or a parquet file would fail on it. It is this row's problem only.
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return (
            f"{column} holds a lone surrogate (U+{ord(text[exc.start]):04X}) at position {exc.start}: "
            "text must be valid Unicode (decode it with errors='replace')"
        )
    return None


#: The longest text (characters) a metric reads: what one cell may cost is bounded. The extractor's
#: time grows faster than the text's length on text dense with years (1,000,000 characters of
#: "1999 " take about 11 s and 120 MB); a retrieved passage, an answer or even a whole long
#: document (a novel is about 500,000 characters) stays below it.
#: A longer text makes its row NaN with a reason saying so; raise it with
#: ``ragas_temporal.adapter.columns.TEXT_MAX_CHARS = N`` (read at each row).
TEXT_MAX_CHARS = 1_000_000


def _length_problem(text: str, column: str) -> str | None:
    # the one cap on what a text may cost: checked before any extraction or judge call
    if len(text) <= TEXT_MAX_CHARS:
        return None
    return (
        f"{column} is {len(text):,} characters, over the cap of {TEXT_MAX_CHARS:,} on one text: split it "
        "into passages, or raise ragas_temporal.adapter.columns.TEXT_MAX_CHARS"
    )


def _check_text(value: object, column: str) -> str | None:
    if value is None:
        return f"{column} is missing (None)"
    if not isinstance(value, str):
        return f"{column} is not a string ({type(value).__name__})"
    if not value.strip():
        return f"{column} is empty"
    return _length_problem(value, column) or _surrogate_problem(value, column)


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
    problem = _check_list(value, column, "strings", lambda item: isinstance(item, str), "a string")
    if problem is None:
        for i, item in enumerate(value):  # type: ignore[arg-type]
            problem = _length_problem(item, f"{column}[{i}]") or _surrogate_problem(item, f"{column}[{i}]")
            if problem:
                break
    return problem


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


def as_plain_list(value: t.Any) -> t.Any:
    """A one-dimensional numpy (or pyarrow, pandas) array as a list; any other value unchanged.

    pandas frames made from a ``datasets.Dataset`` or read from parquet hold list columns as
    numpy arrays: to a user they are lists.

    >>> import numpy as np
    >>> as_plain_list(np.array(["a", "b"], dtype=object)), as_plain_list("text")
    (['a', 'b'], 'text')
    """
    if isinstance(value, (str, bytes, list, tuple, dict)) or not hasattr(value, "tolist"):
        return value
    if getattr(value, "ndim", 1) != 1:
        return value  # a scalar or a matrix: left for column_problem to name
    return list(value.tolist())


def printable_text(value: t.Any) -> t.Any:
    """``value`` with lone surrogates in its text (or its list of texts) replaced by U+FFFD.

    >>> printable_text(["ok", "bad \\udc80"])
    ['ok', 'bad \\ufffd']
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
            return value
        except UnicodeEncodeError:
            return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, (list, tuple)):
        return type(value)(printable_text(item) for item in value)
    return value


def ragas_required_columns(needed: t.Sequence[str], reference_date: object, context_dates: object) -> set[str]:
    """The ragas required columns of a metric whose scorer reads ``needed``.

    ragas trims a sample to these before scoring; the date channels may read columns the score
    does not, so those join as ``:optional`` (kept when present, never demanded).

    >>> sorted(ragas_required_columns(("response",), lambda sample: None, {"d1": "2020-01-01"}))
    ['reference:optional', 'response', 'retrieved_context_ids:optional', 'user_input:optional']
    >>> ragas_required_columns(("response",), "2024-06-01", None)
    {'response'}
    """
    optional = set()
    if callable(reference_date):
        optional |= {"user_input:optional", "response:optional", "reference:optional"}
    if context_dates is not None:
        optional.add("retrieved_context_ids:optional")
    return set(needed) | {c for c in optional if c.split(":")[0] not in needed}


def trimmed(sample: t.Any, kept: t.Sequence[str]) -> t.Any:
    """A ``SingleTurnSample`` holding only the ``kept`` columns of ``sample``, built without validation.

    ragas's own trim validates a new sample per row and metric, which costs more than a
    focus-time score; trimming still matters, as ragas's tracer keeps every call's input.

    >>> from ragas.dataset_schema import SingleTurnSample
    >>> trimmed(SingleTurnSample(user_input="q", response="In 2010."), ("response",)).model_dump(exclude_none=True)
    {'response': 'In 2010.'}
    """
    from ragas.dataset_schema import SingleTurnSample  # this module is read without ragas (the CLI)

    return SingleTurnSample.model_construct(**{c: getattr(sample, c, None) for c in kept})
