"""Parameter constraints: each metric class declares its parameters' rules once, one mechanism checks them.

As scikit-learn's ``_parameter_constraints``: a metric class maps a parameter name to a
:data:`Constraint`, a function ``(value) -> value`` that returns the value (normalised: ``k=5.0``
is no int and is refused, ``k=True`` too) or raises ``ValueError`` saying what is allowed.
:func:`check_parameters` runs every constraint along the class's MRO (a subclass adds to or
overrides its bases') at construction and prefixes the message with the class name, so every
metric words a bad argument the same way.

>>> class Toy:
...     _parameter_constraints = {"k": positive_int, "gain": one_of("gain", ("linear", "exponential"))}
...     k, gain = 5, "log"
>>> check_parameters(Toy())
Traceback (most recent call last):
...
ValueError: Toy: gain must be one of ('linear', 'exponential'), got 'log'
"""

from __future__ import annotations

import math
import typing as t

from ragas_temporal.scores import check_k

__all__ = [
    "Constraint",
    "check_parameters",
    "positive_int",
    "optional",
    "one_of",
    "finite_non_negative",
    "seconds_or_none",
    "count",
    "boolean",
    "required",
    "callable_or_none",
]

#: A parameter's rule: the value, normalised, or ``ValueError`` (its message without the class name).
Constraint = t.Callable[[t.Any], t.Any]


def constraints_of(cls: type) -> dict[str, Constraint]:
    """Every constraint of ``cls``, bases first (a subclass's own entry wins), in declaration order."""
    merged: dict[str, Constraint] = {}
    for klass in reversed(cls.__mro__):
        merged.update(vars(klass).get("_parameter_constraints", {}))
    return merged


def check_parameters(obj: t.Any, first: t.Mapping[str, Constraint] | None = None) -> None:
    """Check (and normalise in place) every declared parameter of ``obj``, ``first`` before the
    class's; ``ValueError`` naming its class."""
    for name, constraint in {**(first or {}), **constraints_of(type(obj))}.items():
        try:
            setattr(obj, name, constraint(getattr(obj, name)))
        except ValueError as exc:
            # "k must be ..." reads after "Cls: "; a missing argument reads "Cls needs ..."
            joint = " " if str(exc).startswith("needs ") else ": "
            raise ValueError(f"{type(obj).__name__}{joint}{exc}") from None


def positive_int(value: object) -> int:
    """``k``: a positive integer (:func:`ragas_temporal.scores.check_k`)."""
    return check_k(value)


def optional(constraint: Constraint) -> Constraint:
    """``None``, or a value ``constraint`` accepts."""

    def check(value: object) -> t.Any:
        return None if value is None else constraint(value)

    return check


def one_of(name: str, allowed: t.Sequence[str], *, wording: str = "list") -> Constraint:
    """One of ``allowed``: ``"<name> must be one of ('a', 'b'), got 'x'"`` (``wording="or"``:
    ``"<name> must be 'a' or 'b'; got 'x'"``; ``wording="listed"``: ``"<name> must be one of 'a', 'b'; got 'x'"``)."""

    def check(value: object) -> t.Any:
        if isinstance(value, str) and value in allowed:
            return value
        if wording == "listed":
            raise ValueError(f"{name} must be one of {', '.join(repr(a) for a in allowed)}; got {value!r}")
        if wording == "or":
            raise ValueError(f"{name} must be {' or '.join(repr(a) for a in allowed)}; got {value!r}")
        raise ValueError(f"{name} must be one of {tuple(allowed)}, got {value!r}")

    return check


def finite_non_negative(name: str) -> Constraint:
    """A finite number >= 0 (bool excluded)."""

    def check(value: object) -> t.Any:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
            raise ValueError(f"{name} must be a finite number >= 0, got {value!r}")
        return value

    return check


def seconds_or_none(value: object) -> t.Any:
    """``llm_timeout``: a positive finite number of seconds, or ``None``."""
    if value is not None and (
        isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0 or math.isinf(value)
    ):
        raise ValueError(f"llm_timeout must be a positive number of seconds or None, got {value!r}")
    return value


def count(name: str) -> Constraint:
    """An integer >= 0 (bool excluded)."""

    def check(value: object) -> t.Any:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be an integer >= 0, got {value!r}")
        return value

    return check


def required(constraint: Constraint, advice: str) -> Constraint:
    """Not ``None`` (``"needs <advice>"``), and a value ``constraint`` accepts."""

    def check(value: object) -> t.Any:
        if value is None:
            raise ValueError(f"needs {advice}")
        return constraint(value)

    return check


def callable_or_none(name: str, what: str) -> Constraint:
    """``None`` or a callable (``what`` says which, e.g. ``"a callable(sample) -> key"``)."""

    def check(value: object) -> t.Any:
        if value is not None and not callable(value):
            raise ValueError(f"{name} must be {what}, got {value!r}")
        return value

    return check


def boolean(name: str) -> Constraint:
    """``True`` or ``False``."""

    def check(value: object) -> t.Any:
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be True or False, got {value!r}")
        return value

    return check
