"""Input checks shared by the scoring functions.

Every check raises with a message naming the argument and showing the offending value, so a user
reading a traceback from a ``datasets.map`` worker knows which column to fix.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Mapping, Set

__all__ = [
    "check_k",
    "check_count",
    "check_finite_non_negative",
    "as_year_set",
    "as_year_sets",
    "as_ranked_grades",
    "as_ordered",
]


def _is_int(value: object) -> bool:
    # bool is an int subclass in Python, but True as "k" or as a year is always a bug upstream.
    return type(value) is int or (isinstance(value, numbers.Integral) and not isinstance(value, bool))


def check_k(k: object) -> int:
    """Return ``k`` as an int, or raise ``ValueError`` unless it is a positive integer (bool excluded)."""
    if not _is_int(k) or k < 1:  # type: ignore[operator]
        raise ValueError(f"k must be a positive integer, got {k!r}")
    return int(k)  # type: ignore[call-overload]


def check_count(value: object, name: str) -> int:
    """Return ``value`` as an int, or raise ``ValueError`` unless it is a non-negative integer."""
    if not _is_int(value) or value < 0:  # type: ignore[operator]
        raise ValueError(f"{name} must be a non-negative integer, got {value!r}")
    return int(value)  # type: ignore[call-overload]


def check_finite_non_negative(value: object, name: str) -> float:
    """Return ``value`` as a float, or raise ``ValueError`` unless it is a finite number >= 0 (bool excluded)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be a finite non-negative number, got {value!r}")
    as_float = float(value)
    if not math.isfinite(as_float) or as_float < 0:
        raise ValueError(f"{name} must be a finite non-negative number, got {value!r}")
    return as_float


def _plain_year_set(years: object) -> frozenset[int] | None:
    """``years`` as a frozenset when it is a built-in list/tuple/set/frozenset of plain ints, else ``None``.

    The fast path of :func:`as_year_set`: exact type checks (no ABC ``isinstance``, which costs
    more than the set itself for the one- or two-year collections of a typical row). Anything else
    (numpy arrays, bools, floats, ``FocusTime``) returns ``None`` and takes the checked path.
    """
    kind = type(years)
    if kind is frozenset or kind is list or kind is tuple or kind is set:
        for year in years:  # type: ignore[attr-defined]
            if type(year) is not int:
                return None
        return years if kind is frozenset else frozenset(years)  # type: ignore[return-value,arg-type]
    return None


def as_year_set(years: object, name: str) -> frozenset[int]:
    """Validate a collection of integer years and return it as a frozenset.

    Accepts any iterable of integers (sets, lists, tuples, numpy arrays) or an object with a
    ``years`` attribute (such as ``FocusTime``). Strings are refused rather than iterated character by
    character, and so are floats: a year is an integer (BCE years negative).

    >>> sorted(as_year_set([2008, 2009, 2008], "answer_years"))
    [2008, 2009]
    >>> as_year_set([2008, True], "answer_years")
    Traceback (most recent call last):
    ...
    TypeError: answer_years must contain integer years only, got True
    """
    plain = _plain_year_set(years)
    if plain is not None:
        return plain
    years = getattr(years, "years", years)
    plain = _plain_year_set(years)  # FocusTime.years: a frozenset of ints, nothing to copy
    if plain is not None:
        return plain
    if years is None or isinstance(years, (str, bytes)) or not isinstance(years, Iterable):
        raise TypeError(f"{name} must be an iterable of integer years, got {_describe(years)}")
    out: set[int] = set()
    for year in years:
        if type(year) is not int:
            if not _is_int(year):
                raise TypeError(f"{name} must contain integer years only, got {year!r}")
            year = int(year)
        out.add(year)
    return frozenset(out)


def as_year_sets(collections: object, name: str) -> list[frozenset[int]]:
    """Validate an iterable of year collections (one per document) and return a list of frozensets."""
    kind = type(collections)
    if kind is list or kind is tuple:  # fast path: each item's name is formatted only if it needs checking
        out = []
        for i, years in enumerate(collections):  # type: ignore[arg-type]
            plain = _plain_year_set(years)
            out.append(plain if plain is not None else as_year_set(years, f"{name}[{i}]"))
        return out
    if collections is None or isinstance(collections, (str, bytes)) or not isinstance(collections, Iterable):
        raise TypeError(
            f"{name} must be an iterable of year collections (one per document), got {_describe(collections)}"
        )
    return [as_year_set(years, f"{name}[{i}]") for i, years in enumerate(collections)]


def as_ordered(items: object, name: str) -> list:
    """Return ``items`` as a list, refusing unordered or string inputs where rank order matters."""
    kind = type(items)
    if kind is list or kind is tuple:  # the usual input: skip the ABC checks
        return list(items)  # type: ignore[arg-type]
    if (
        items is None
        or isinstance(items, (str, bytes, Set, Mapping))
        or not isinstance(items, Iterable)
    ):
        raise TypeError(f"{name} must be an ordered sequence (rank 1 first), got {_describe(items)}")
    return list(items)


def as_ranked_grades(grades: object, name: str) -> list[float]:
    """Validate relevance grades given in rank order and return them as floats.

    Grades are finite non-negative numbers; ``True``/``False`` (Python or numpy) are accepted as 1/0
    because binary relevance lists often arrive as booleans.
    """
    out = as_ordered(grades, name)
    for i, grade in enumerate(out):
        if type(grade) is float or type(grade) is int:
            if grade >= 0 and grade != math.inf:  # NaN fails ">= 0"
                continue
        elif isinstance(grade, numbers.Real):
            as_float = float(grade)
            if math.isfinite(as_float) and as_float >= 0:
                out[i] = as_float
                continue
        elif getattr(getattr(grade, "dtype", None), "kind", None) == "b":
            out[i] = float(grade)  # numpy.bool_ is not registered as a numbers.Real
            continue
        raise ValueError(f"{name} must contain finite non-negative numbers, got {grade!r} at rank {i + 1}")
    return out


def _describe(value: object) -> str:
    if value is None:
        return "None"
    if isinstance(value, (str, bytes)):
        return f"{type(value).__name__} {value!r}"
    return type(value).__name__
