"""Reference-date parsing: the one place that turns a user's reference date into a ``datetime.date``.

Relative expressions ("yesterday", "last year") resolve against this date and never against the
wall clock, so results are reproducible.

>>> parse_reference_date("2019-03-03")
datetime.date(2019, 3, 3)
>>> parse_reference_date(None) is None
True
"""

from __future__ import annotations

import datetime as dt
import re

_ISO_DATE = re.compile(r"\s*(\d{4})-(\d{2})-(\d{2})\s*")


def parse_reference_date(value: object) -> dt.date | None:
    """Return ``value`` as a ``datetime.date`` (or ``None``).

    Parameters
    ----------
    value : datetime.date, datetime.datetime, str "YYYY-MM-DD" or None
        A ``datetime`` keeps only its date part.

    Raises
    ------
    ValueError
        For any other type, or a string that is not a valid ISO ``YYYY-MM-DD`` date.

    Examples
    --------
    >>> import datetime as dt
    >>> parse_reference_date(dt.datetime(2020, 1, 2, 15, 30))
    datetime.date(2020, 1, 2)
    """
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        m = _ISO_DATE.fullmatch(value)
        if m:
            try:
                return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            except ValueError as exc:
                raise ValueError(f"reference_date {value!r} is not a valid date: {exc}") from None
        raise ValueError(f"reference_date must be an ISO date 'YYYY-MM-DD', got {value!r}")
    raise ValueError(
        "reference_date must be a datetime.date, a datetime.datetime, an ISO 'YYYY-MM-DD' string "
        f"or None, got {type(value).__name__}"
    )
