"""The small example dataset shipped with the package (written for ragas-temporal, no copied data).

``example_rag.jsonl`` holds 20 temporal RAG samples with ragas column names (``user_input``,
``retrieved_contexts``, ``retrieved_context_ids``, ``reference_context_ids``, ``response``,
``reference``): grounded answers, invented years, relative expressions ("last year"), BCE dates,
decades and centuries, questions with no temporal focus (their scores are NaN), and gold context
ids for the gold modes. Samples with relative expressions also have a ``reference_date`` field;
ragas drops unknown fields, so :func:`example_reference_dates` turns it into the callable that the
metrics' ``reference_date=`` argument takes.

>>> from ragas_temporal.data import load_example_dataset, example_reference_dates
>>> ds = load_example_dataset()
>>> len(ds)
20
>>> dates = example_reference_dates()
>>> dates(ds[4])
datetime.date(2024, 3, 15)
"""

from __future__ import annotations

import datetime as dt
import json
import typing as t
from importlib import resources

from ragas_temporal.focus_time.reference import parse_reference_date

if t.TYPE_CHECKING:
    from ragas import EvaluationDataset
    from ragas.dataset_schema import SingleTurnSample

EXAMPLE_FILE = "example_rag.jsonl"


def example_rows() -> list[dict]:
    """The example samples as plain dicts, ``reference_date`` included where a sample has one."""
    text = resources.files(__name__).joinpath(EXAMPLE_FILE).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def load_example_dataset() -> EvaluationDataset:
    """The example samples as a ragas ``EvaluationDataset`` (``reference_date`` dropped by ragas)."""
    from ragas import EvaluationDataset

    return EvaluationDataset.from_list(
        [{k: v for k, v in row.items() if k != "reference_date"} for row in example_rows()]
    )


def reference_dates_by_question(rows: t.Iterable[dict]) -> t.Callable[[SingleTurnSample], dt.date | None]:
    """A ``reference_date`` callable that looks a sample's date up by its ``user_input``.

    Rows without a ``reference_date`` give ``None``. Two rows with the same question and different
    dates are ambiguous through this channel and raise ``ValueError``.
    """
    table: dict[str, dt.date] = {}
    for row in rows:
        raw = row.get("reference_date")
        if raw is None:
            continue
        date = parse_reference_date(raw, "reference_date")
        question = row.get("user_input")
        if question in table and table[question] != date:
            raise ValueError(f"question {question!r} has two reference dates: {table[question]} and {date}")
        table[question] = date

    def reference_date(sample: SingleTurnSample) -> dt.date | None:
        return table.get(sample.user_input)

    return reference_date


def example_reference_dates() -> t.Callable[[SingleTurnSample], dt.date | None]:
    """The ``reference_date=`` callable for :func:`load_example_dataset` (dates by question)."""
    return reference_dates_by_question(example_rows())


__all__ = ["example_rows", "load_example_dataset", "example_reference_dates", "reference_dates_by_question"]
