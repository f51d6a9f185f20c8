"""Normalised TIMEX3-style values: building them, and turning them into years.

Values the extractor emits (TIMEX3 conventions, extended with ``/`` for ranges):

==================  =========================================  ==================
value               meaning                                    the mention's years
==================  =========================================  ==================
``2019-03-03``      a day (also ``2019-03-03TNI``: a night)    {2019}
``2019-03``         a month                                    {2019}
``2019-W10``        an ISO week                                {2019}
``2019-Q3``         a quarter; ``2019-SU`` a season            {2019}
``2008``            a year (fiscal years: the year named)      {2008}
``0014``            AD 14                                      {14}
``BC0753``          753 BC (historical numbering, no year 0)   {-753}
``199``             the 1990s (a decade)                       1990..1999
``18``              the 1800s / the 19th century               1800..1899
``2008/2010``       a range                                    2008..2010
``PRESENT_REF``     "now", "currently"                         {}
``PAST_REF``        "recently", "a few years ago"              {}
==================  =========================================  ==================

A value is read by :func:`ragas_temporal.focus_time.spans.read_value` (the one reader of values);
the years column is what the extractor gives a mention with that value.

>>> from ragas_temporal.focus_time import extract_focus_time
>>> [(m.value, sorted(m.years)) for m in extract_focus_time("from 2008 to 2010").mentions]
[('2008/2010', [2008, 2009, 2010])]

The era (``ERA_FIRST``..``ERA_LAST``) and the span limits (``MAX_SPAN_YEARS``,
``SPAN_YEARS_PER_CHAR``) keep the years sane and the memory bounded: ``docs/focus-time.md``
("Limits").

>>> sorted(year_span(1000, 1199))[:2], len(year_span(1000, 1199)), sorted(year_span(-9999, 9999))
([1000, 1001], 200, [-9999, 9999])
"""

from __future__ import annotations

import functools
import re
import unicodedata


#: The era: the first and last year read as a year (99,999 BC; AD 9999, as in ``datetime``).
ERA_FIRST, ERA_LAST = -99_999, 9999
#: Widest range whose every year is materialised; wider ranges hold their two ends only.
MAX_SPAN_YEARS = 200
#: Range years a text may materialise per character (plus ``SPAN_YEARS_BASE``); see above.
SPAN_YEARS_PER_CHAR, SPAN_YEARS_BASE = 4, 1000



def format_year(year: int) -> str:
    """TIMEX3 year: 4 digits, ``BC`` prefix for BCE years.

    >>> format_year(2008), format_year(14), format_year(-753)
    ('2008', '0014', 'BC0753')
    """
    return f"BC{-year:04d}" if year < 0 else f"{year:04d}"


def in_era(year: int) -> bool:
    """Whether ``year`` is a year at all (see the era above).

    >>> in_era(2008), in_era(-10_000), in_era(34402), in_era(-12_345_678), in_era(0)
    (True, True, False, False, False)
    """
    return ERA_FIRST <= year <= ERA_LAST and year != 0


def year_span(first: int, last: int, limit: int | None = MAX_SPAN_YEARS) -> frozenset[int]:
    """Every year from ``first`` to ``last`` inclusive, skipping the non-existent year 0; only the
    two ends when the range is wider than ``limit`` years (``None``: no limit).

    Equal spans share one frozenset (a text full of the same range costs one set, not one each).

    >>> sorted(year_span(-2, 2)), sorted(year_span(1000, 1500))
    ([-2, -1, 1, 2], [1000, 1500])
    """
    if first > last:
        first, last = last, first
    width = last - first + (0 if first < 0 < last else 1)
    if limit is not None and width > limit:
        return _ends(first, last)
    return _span(first, last)


@functools.lru_cache(maxsize=512)
def _ends(first: int, last: int) -> frozenset[int]:
    return frozenset({first, last})


@functools.lru_cache(maxsize=512)  # recent spans shared; at most 512 sets of <= 200 years kept
def _span(first: int, last: int) -> frozenset[int]:
    if -_POOLED <= first and last <= _POOLED:  # the years' int objects, shared by every span
        pool = _year_ints()  # (built through a set: a frozenset copied from a set is sized to fit)
        return frozenset(set(pool[first + _POOLED : last + _POOLED + 1]) - {0})
    return frozenset(y for y in range(first, last + 1) if y != 0)


_POOLED = 9999


@functools.lru_cache(maxsize=1)
def _year_ints() -> tuple[int, ...]:
    return tuple(range(-_POOLED, _POOLED + 1))


#: A decimal digit of another script than ASCII (one character class: the engine skips to it
#: without trying a lookahead at every character, as ``(?![0-9])\d`` would).
_OTHER_DIGIT = re.compile(r"[^\D0-9]")


def digits_are_ascii(text: str) -> bool:
    """Whether every decimal digit of ``text`` is an ASCII one (the common case, answered without
    a regex for an ASCII text).

    >>> digits_are_ascii("In 2008, été"), digits_are_ascii("In ٢٠٠٨")
    (True, False)
    """
    return text.isascii() or _OTHER_DIGIT.search(text) is None


def ascii_digits(text: str) -> str:
    """``text`` with the decimal digits of every script written as ASCII digits (same length, so
    spans still index the original): "In ٢٠٠٨" reads like "In 2008".

    >>> ascii_digits("In ٢٠٠٨ and ２０１９"), ascii_digits("2008") == "2008"
    ('In 2008 and 2019', True)
    """
    if digits_are_ascii(text):
        return text
    return _OTHER_DIGIT.sub(lambda m: str(unicodedata.decimal(m.group())), text)


def two_digit_year(yy: int, reference_year: int | None = None) -> int:
    """Expand a two-digit year ('08 -> 2008, '95 -> 1995).

    With a reference year the century is chosen so that the year falls in the 100-year window
    ending ten years after the reference year; without one, a fixed pivot: 00-30 -> 2000s,
    31-99 -> 1900s.

    >>> two_digit_year(8), two_digit_year(95), two_digit_year(25, reference_year=1990)
    (2008, 1995, 1925)
    """
    if reference_year is None:
        return 2000 + yy if yy <= 30 else 1900 + yy
    upper = reference_year + 10
    year = (upper // 100) * 100 + yy
    return year if year <= upper else year - 100
