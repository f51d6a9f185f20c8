"""Reference-date parsing: the one place that turns a user's reference date into a ``datetime.date``.

Relative expressions ("yesterday", "last year") resolve against this date and never against the
wall clock, so results are reproducible.

>>> parse_reference_date("2019-03-03")
datetime.date(2019, 3, 3)
>>> parse_reference_date(None) is None
True

A missing value as pandas writes it (``NaT``, ``NaN``) is no date, like ``None``:

>>> parse_reference_date(float("nan")) is None
True
"""

from __future__ import annotations

import datetime as dt
import re

#: "YYYY-MM-DD", optionally followed by an ISO time ("2024-06-01T12:00:00"), which is dropped.
_ISO_DATE = re.compile(r"\s*(\d{4})-(\d{2})-(\d{2})(?P<time>[T ]\S+)?\s*")


def is_missing_date(value: object) -> bool:
    """True for ``None`` and the missing-value markers of pandas and numpy (``NaT``, ``NaN``).

    ``pd.NaT`` is a ``datetime`` whose fields are not numbers, and ``NaN`` is the float pandas
    puts in an empty cell; both compare unequal to themselves, which no real date does.

    >>> import datetime as dt
    >>> is_missing_date(None), is_missing_date(float("nan")), is_missing_date(dt.date(2020, 1, 1))
    (True, True, False)
    """
    if value is None:
        return True
    if isinstance(value, (float, dt.date)) or type(value).__name__ in ("NaTType", "datetime64"):
        return value != value  # NaN and NaT only
    return False


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
    if is_missing_date(value):
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
