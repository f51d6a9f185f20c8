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

#: "YYYY-MM-DD", optionally followed by an ISO time ("2024-06-01T12:00:00"), which is dropped.
_ISO_DATE = re.compile(r"\s*(\d{4})-(\d{2})-(\d{2})(?P<time>[T ]\S+)?\s*")


def parse_reference_date(value: object, what: str = "reference_date") -> dt.date | None:
    """Return ``value`` as a ``datetime.date`` (or ``None``): the one date parser of the package.

    Parameters
    ----------
    value : datetime.date, datetime.datetime, ISO str or None
        A string is ``YYYY-MM-DD``, optionally with an ISO time (``2024-06-01T12:00:00``); a
        ``datetime`` or a time keeps only the date part.
    what : str
        The name used in error messages.

    Raises
    ------
    ValueError
        For any other type, or a string that is not a valid ISO date.

    Examples
    --------
    >>> import datetime as dt
    >>> parse_reference_date(dt.datetime(2020, 1, 2, 15, 30))
    datetime.date(2020, 1, 2)
    >>> parse_reference_date("2024-06-01T12:00:00")
    datetime.date(2024, 6, 1)
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
                if m.group("time"):
                    return dt.datetime.fromisoformat(value.strip()).date()
                return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            except ValueError as exc:
                raise ValueError(f"{what} {value!r} is not a valid date: {exc}") from None
        raise ValueError(f"{what} must be an ISO date 'YYYY-MM-DD', got {value!r}")
    raise ValueError(
        f"{what} must be a datetime.date, a datetime.datetime, an ISO 'YYYY-MM-DD' string "
        f"or None, got {type(value).__name__}"
    )
