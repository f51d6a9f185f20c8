"""THE reader of written amounts of time: a number in digits or words, and the unit word after it.

>>> number_of("twenty-five"), number_of("1,000"), number_of("2.5"), number_of("an"), number_of("few")
(Fraction(25, 1), Fraction(1000, 1), Fraction(5, 2), Fraction(1, 1), None)
>>> count_of("three"), count_of("2.5")
(3, None)
>>> unit_of("Centuries"), unit_of("yrs"), unit_of("weekend"), unit_of("weekend", measured=True)
('century', 'year', 'weekend', None)
"""

from __future__ import annotations

from fractions import Fraction

from ragas_temporal.focus_time.patterns import NUMBER_WORDS
from ragas_temporal.focus_time.units import UNIT_LENGTHS, UNIT_WORDS

__all__ = ["number_of", "count_of", "unit_of"]

_TENS = {w: v for w, v in NUMBER_WORDS.items() if v in (20, 30, 40, 50, 60, 70, 80, 90)}
_ONES = {w: v for w, v in NUMBER_WORDS.items() if 1 <= v <= 9 and w not in ("a", "an")}


def number_of(word: str) -> Fraction | None:
    """A written amount, exact: digits (``"18"``, ``"1,000"``, ``"2.5"``), a number word
    (``"three"``, ``"a couple of"``, ``"twenty-five"``); ``None`` for anything else (``"few"``)."""
    text = " ".join(word.lower().split()).replace(",", "")
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        pass
    if text in NUMBER_WORDS:
        return Fraction(NUMBER_WORDS[text])
    tens, _, ones = text.replace(" ", "-").partition("-")
    if tens in _TENS and ones in _ONES:
        return Fraction(_TENS[tens] + _ONES[ones])
    return None


def count_of(word: str) -> int | None:
    """A written whole number (:func:`number_of` when it is whole), as calendar arithmetic needs."""
    amount = number_of(word)
    return int(amount) if amount is not None and amount.denominator == 1 else None


def unit_of(word: str, *, measured: bool = False) -> str | None:
    """The calendar unit a written form names (``"yrs"`` -> ``"year"``), or ``None``;
    ``measured=True``: only units with a length (``units.UNIT_LENGTHS``: not weekends, quarters)."""
    unit = UNIT_WORDS.get(word.lower())
    if measured and unit not in UNIT_LENGTHS:
        return None
    return unit
