"""The sample columns a metric may read, and what registration and the dataset runner do with them.

The per-row checks of a column's value are :func:`ragas_temporal.adapter.case.column_problem`'s;
:data:`TEXT_MAX_CHARS`, the cap they apply, is set here.
"""

from __future__ import annotations

import re
import typing as t

__all__ = [
    "SAMPLE_COLUMNS",
    "TEXT_MAX_CHARS",
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


#: The longest text (characters) a metric reads, so what one cell may cost is bounded (the extractor's
#: time grows faster than a text's length on text dense with years); a whole novel stays below it. A
#: longer text makes its row NaN with a reason; raise it with
#: ``ragas_temporal.adapter.columns.TEXT_MAX_CHARS = N`` (read at each row).
TEXT_MAX_CHARS = 1_000_000


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
