"""Reference dates in the judge prompts: a text with its own date, and the rule that uses it.

A relative expression ("last year", "three years ago") means nothing without the date it was
written on. The prompts carry that date as data, never in the instruction:

- ``reference_date`` (an ISO ``YYYY-MM-DD`` string, left out when unknown): the date the question
  and the answer are read against, from the metric's ``reference_date`` channel;
- a context or document with a date of its own (the metric's ``context_dates`` channel, e.g. a
  news article's publication date) is sent as ``{"date": ..., "text": ...}``; every other one stays
  a plain string and is read against ``reference_date``, as in focus-time mode.

Only texts whose own date differs from ``reference_date`` take the object form, which keeps the
prompt short.

Example
-------
>>> import datetime as dt
>>> dated_texts(["Sales fell last year.", "Founded in 1998."], [dt.date(2021, 5, 1), None], dt.date(2024, 3, 15))
[DatedText(date='2021-05-01', text='Sales fell last year.'), 'Founded in 1998.']
>>> iso_date(dt.date(2024, 3, 15)), iso_date("2024-03-15"), iso_date(None)
('2024-03-15', '2024-03-15', None)
"""

# No "from __future__ import annotations": pydantic must see the annotations evaluated at import,
# and the doctests above run with this module's future flags.
import datetime as dt
import typing as t

from pydantic import BaseModel, Field

__all__ = ["DateLike", "DatedText", "TextItem", "RELATIVE_TIME_RULE", "iso_date", "dated_texts"]

#: A date as the judges take it: ``datetime.date``, an ISO string, or ``None`` (unknown).
DateLike = t.Union[dt.date, str, None]

#: The instruction sentence shared by the prompts that carry dates.
RELATIVE_TIME_RULE = (
    "Read relative times (last year) against reference_date, or a text's own date; "
    "with neither, they cannot be placed."
)


class DatedText(BaseModel):
    """A context or document with its own reference date (e.g. its publication date)."""

    date: str = Field(description="ISO date the text's relative times are read against")
    text: str


#: A context or document as the judge sees it: plain text, or text with its own date.
TextItem = t.Union[str, DatedText]


def iso_date(value: t.Union[dt.date, str, None]) -> t.Optional[str]:
    """``YYYY-MM-DD`` for a date (a ``datetime`` keeps its date only); strings pass through."""
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        value = value.date()
    return value.isoformat() if isinstance(value, dt.date) else str(value)


def dated_texts(
    texts: t.Sequence[str],
    dates: t.Optional[t.Sequence[t.Union[dt.date, str, None]]] = None,
    reference_date: t.Union[dt.date, str, None] = None,
) -> t.List[TextItem]:
    """The texts for a prompt: ``DatedText`` where a text's own date differs from the reference.

    ``dates`` runs parallel to ``texts`` (missing or ``None`` entries: no own date).
    """
    if not dates:
        return list(texts)
    reference = iso_date(reference_date)
    items: t.List[TextItem] = []
    for index, text in enumerate(texts):
        own = iso_date(dates[index]) if index < len(dates) else None
        items.append(DatedText(date=own, text=text) if own is not None and own != reference else text)
    return items
