"""THE reader of Chinese, Japanese and Korean numerals, and the numerals of CJK dates written as digits.

Two ways of writing a number share the same characters:

* **digit by digit**, as years are written: 一九九一 (1991), 二〇〇八 / 二零零八 (2008), 九六 ('96),
  mixed with digits: 一九九0 (1990, after ``normalise.ascii_digits`` turned a full-width ０ into 0);
* **positional**, with 十 (ten), 百, 千 and 万, as counts, months and days are written: 十 (10),
  二十 (20), 二十八 (28), 三十一 (31), 两千 (2000), 一千一百万 (11,000,000).

``cjk_number`` reads both (and Sino-Korean numerals in Hangul: 이 = 2, 삼십 = 30), for every rule
that needs a number written in these scripts.

``cjk_numerals_as_digits`` rewrites the numerals of a text's dates as ASCII digits before the rules
run, the way ``ascii_digits`` rewrites other scripts' digits, and keeps the text's length so
spans index the original: a digit-by-digit run before 年 (一九九一年 -> 1991年, 九六年 -> 96年,
also a four-numeral run alone: 一九八六至一九九〇年) and a positional number before a month or day
unit, 年代 or 世纪, or an era's year (三月 -> 3月, 二十八日 -> "28 日", 九十年代 -> 90年代, 平成二十年 ->
平成20年). The rules then read the
dates as they read "1991年3月28日". A positional number is shorter in digits than in numerals
(二十八 is three characters, 28 two) and is padded with a space after it, which the CJK rules
allow before their unit; 十 alone (10, one character) cannot be written as two digits in one
character and is left for the rules, which read it as 10 (``CJK_TEN``). Counts of years (两千年,
三十年) are no dates and stay as written.

>>> cjk_number("一九九一"), cjk_number("二〇〇八"), cjk_number("二十八"), cjk_number("两千"), cjk_number("九六")
(1991, 2008, 28, 2000, 96)
>>> cjk_numerals_as_digits("一九九一年三月二十八日，十月十日，九十年代")
'1991年3月28 日，十月十日，90年代'
"""

from __future__ import annotations

import re

#: Numerals worth a digit, as written digit by digit in years (〇 and 零 are zero; ○, a white
#: circle, is the zero of many typed texts: 二○○八年).
CJK_DIGITS: dict[str, int] = {
    "〇": 0, "零": 0, "○": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
}  # fmt: skip
#: Numerals of counts, never of a year's digits: "两年前" (two years ago), "兩千" (2000).
CJK_COUNT_DIGITS: dict[str, int] = {"两": 2, "兩": 2}
#: Multipliers of positional numerals: 二十八 = 2 x 10 + 8, 一千一百 = 1 x 1000 + 1 x 100.
CJK_MULTIPLIERS: dict[str, int] = {"十": 10, "百": 100, "千": 1000, "万": 10_000, "萬": 10_000}
#: Ten: a month or day the numeral rewrite leaves as written (10 needs two characters).
CJK_TEN = "十"
#: The Japanese era names of the modern calendar -> the year of their first year (元年): 平成二十年
#: (Heisei 20) is 1989 + 20 - 1 = 2008. An era's years are written in positional numerals, which
#: the rewrite below writes as digits after an era name.
CJK_ERAS: dict[str, int] = {"明治": 1868, "大正": 1912, "昭和": 1926, "平成": 1989, "令和": 2019}
#: Sino-Korean numerals in Hangul ("이년 전": two years ago; dates are written in digits).
HANGUL_DIGITS: dict[str, int] = {"영": 0, "공": 0, "일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9}
HANGUL_MULTIPLIERS: dict[str, int] = {"십": 10, "백": 100, "천": 1000, "만": 10_000}

_DIGIT_VALUES = {**CJK_DIGITS, **CJK_COUNT_DIGITS, **HANGUL_DIGITS, **{str(d): d for d in range(10)}}
_MULTIPLIER_VALUES = {**CJK_MULTIPLIERS, **HANGUL_MULTIPLIERS}


def cjk_number(text: str) -> int | None:
    """The value of a number written in CJK numerals, digits or both; None when it is none.

    Without a multiplier the characters are digits ("一九九一" = 1991, "二0一九" = 2019); with one,
    positional ("二十八" = 28, "十" = 10, "两千" = 2000, "一千一百万" = 11,000,000).

    >>> cjk_number("十"), cjk_number("十五"), cjk_number("三十一"), cjk_number("二0一九"), cjk_number("이"), cjk_number("삼십")
    (10, 15, 31, 2019, 2, 30)
    >>> cjk_number(""), cjk_number("十十"), cjk_number("年")
    (None, None, None)
    """
    if not text or any(c not in _DIGIT_VALUES and c not in _MULTIPLIER_VALUES for c in text):
        return None
    if not any(c in _MULTIPLIER_VALUES for c in text):
        value = 0
        for c in text:
            value = value * 10 + _DIGIT_VALUES[c]
        return value
    total = section = 0  # section: the part below the last 万
    digit: int | None = None
    last_multiplier = 10**9
    for c in text:
        if c in _DIGIT_VALUES:
            if digit:
                return None  # two digits in a row inside a positional number (a 零 holds a place: 一百零五)
            digit = _DIGIT_VALUES[c]
            continue
        m = _MULTIPLIER_VALUES[c]
        if m == 10_000:
            total += (section + (digit or 0)) * m
            section, digit, last_multiplier = 0, None, 10**9
            continue
        if m >= last_multiplier:
            return None  # "十十", "百千": not a number
        section += (1 if digit is None else digit) * m
        digit, last_multiplier = None, m
    return total + section + (digit or 0)


_DIGIT_CHARS = "".join(CJK_DIGITS)
_POSITIONAL = frozenset(CJK_MULTIPLIERS) | frozenset(CJK_COUNT_DIGITS)
#: A run of numerals (maximal: a number is never read from the middle of a longer one), and the
#: unit after it if it is one of a date's: 年 (a year; positional after an era name: 平成二十年), 年代 (a decade), 世纪 (a century), 月, 日,
#: 号 (a month or a day), a blank allowed before it.
_RUN = re.compile(
    f"([{_DIGIT_CHARS}{''.join(_POSITIONAL)}0-9]+)(?=([ \t]?(?:年代|世[纪紀]|[年月日号號]))?)"
)
#: Whether a text may hold such a numeral (one test before the regex runs).
_ANY_NUMERAL = re.compile(f"[{_DIGIT_CHARS}十]")


def _as_digits(m: re.Match) -> str:
    run, unit = m.group(1), (m.group(2) or "").strip(" \t")
    digit_by_digit = not _POSITIONAL.intersection(run)
    if run.isascii():
        return run  # already digits
    if digit_by_digit:
        # a year (2-4 numerals before 年 or 年代), or four alone from 1000 to 2999 ("一九八六至一九九〇年")
        if (unit in ("年", "年代") and 2 <= len(run) <= 4) or (not unit and len(run) == 4 and run[0] in "一二12"):
            return "".join(str(_DIGIT_VALUES[c]) for c in run)
        if unit not in ("月", "日", "号", "號") or len(run) != 1:
            return run
    elif run == CJK_TEN or unit not in ("月", "日", "号", "號", "年代", "世纪", "世紀") and not (
        unit == "年" and m.string[max(0, m.start() - 3) : m.start()].rstrip(" \t").endswith(tuple(CJK_ERAS))
    ):
        return run  # a count ("三十年", "两千"), or 十 alone: the rules read it
    value = cjk_number(run)
    if value is None or value > (99 if unit in ("年代", "世纪", "世紀") else 31):
        return run
    digits = str(value)
    return digits + " " * (len(run) - len(digits))  # "二十八" -> "28 ": the rules allow the blank


def cjk_numerals_as_digits(text: str) -> str:
    """``text`` with the numerals of its CJK dates written as ASCII digits, same length (see the
    module's description); a text without such numerals is returned as it is.

    >>> cjk_numerals_as_digits("二〇〇八年八月八日"), cjk_numerals_as_digits("二零零八年"), cjk_numerals_as_digits("一九九0年")
    ('2008年8月8日', '2008年', '1990年')
    >>> cjk_numerals_as_digits("两千年前，三十年来，统一")  # counts and words stay
    '两千年前，三十年来，统一'
    """
    if text.isascii() or _ANY_NUMERAL.search(text) is None:
        return text
    return _RUN.sub(_as_digits, text)
