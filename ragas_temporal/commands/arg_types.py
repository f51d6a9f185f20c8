"""argparse types shared by the sub-commands: a bad number is a usage error at parse time.

``float("inf")`` and ``float("1e400")`` parse, so a plain ``type=float`` lets an infinite timeout
through; these types accept finite, positive values only.

>>> positive_seconds("2.5"), positive_int("3")
(2.5, 3)
>>> positive_seconds("1e400")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be a positive number of seconds, got '1e400'
"""

from __future__ import annotations

import argparse
import math

__all__ = ["positive_int", "non_negative_int", "positive_seconds"]


def _int_at_least(text: str, minimum: int, words: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = minimum - 1
    if value < minimum:
        raise argparse.ArgumentTypeError(f"must be a {words} integer, got {text!r}")
    return value


def positive_int(text: str) -> int:
    """An integer >= 1."""
    return _int_at_least(text, 1, "positive")


def non_negative_int(text: str) -> int:
    """An integer >= 0."""
    return _int_at_least(text, 0, "non-negative")


def positive_seconds(text: str) -> float:
    """A finite number of seconds > 0."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text!r}")
    return value
