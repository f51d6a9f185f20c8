"""The rule table: every pattern the focus-time scanner knows, grouped by expression type.

Rules are data, in the spirit of HeidelTime's resource files: a name, the mention kind it
produces by default, a regular expression, and the name of the interpreter (in the ``interpret``
package, one module per section of this table) that turns a match into a normalised value and
years. Semantically all rules form ONE alternation (``SCANNER``) applied in a single
left-to-right pass: at each position the first rule in table order that matches wins, and matches
never overlap. More specific rules therefore come before more general ones (full dates before
month-and-year before bare years). ``scanner.py`` produces exactly the same matches faster,
trying rules only near trigger words.

Conventions inside a pattern:

* ``(?P<name>...)`` groups are local to their rule (two rules may both say ``year``): each rule
  is also compiled on its own (``RULE_REGEX``) to read a match's parts;
* the whole alternation is wrapped in ``MENTION_START(?: ... )MENTION_END``: a mention always starts and
  ends on a word boundary, or next to the letters of scripts written without spaces ("于1939年开始");
* the scanner is case-sensitive; keyword phrases use ``(?i:...)``. Month names are listed in
  Capitalised, lower and UPPER case, except that the lower-case verbs "may" and "march" are not
  months.

Every quantifier is bounded by a literal or a character class that the next element cannot
match, so there is no catastrophic backtracking: the scan is linear in the text length.

>>> [r.name for r in RULES][:3]
['named_period', 'iso_date', 'date_range']
>>> from ragas_temporal.focus_time.patterns import SCANNER  # compiled on first use
>>> bool(SCANNER.search("on March 3, 2019"))
True
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ragas_temporal.focus_time.cjk_numerals import CJK_ERAS, CJK_TEN
from ragas_temporal.focus_time.named_periods import NAMED_PERIODS
from ragas_temporal.focus_time.spans import OPEN_RANGE_END_WORDS
from ragas_temporal.focus_time.year_lexicon import APPROXIMATE_WORDS, CIRCA_MARKS, IN_YEAR_WORDS, REGNAL_MARKS

# ---------------------------------------------------------------------------------------------
# Vocabulary tables
# ---------------------------------------------------------------------------------------------

MONTHS: dict[str, int] = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
    "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
#: Lower-case forms that are ordinary English words, never months.
VERB_MONTHS = frozenset({"may", "march", "mar"})
#: Words after which a verb-form month and a year are a date ("in march 2015", "since may 2010").
VERB_MONTH_CUES = ("in", "of", "since", "from", "until", "till", "by", "during", "before", "after", "early", "late", "mid")
#: Words after which a verb-form month alone is the month ("in may", "since march", "mid-may"):
#: never before a modal's verb ("before may be", "by may have" are not months).
VERB_MONTH_ALONE_CUES = ("in", "of", "since", "until", "till", "during", "through", "throughout", "last", "next", "early", "late", "mid")
#: Words after which a verb-form month and a day are a date ("on may 4", "a march 3 memo", "by 12 may").
VERB_MONTH_DAY_CUES = (*VERB_MONTH_CUES, "on", "a", "an", "the")
#: Month names that are also very common words or names: need a temporal cue when standing alone.
CUE_MONTHS = frozenset({"may", "march"})

WEEKDAYS: dict[str, int] = {
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
    "mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6,
}  # fmt: skip

NUMBER_WORDS: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    "hundred": 100, "a couple of": 2, "couple of": 2, "a couple": 2,
}  # fmt: skip

#: Words that say nothing about which event is meant (function words): left out when an event or a claim's
#: words are looked for in an answer.
EVENT_STOPWORDS = frozenset(
    """a an the of in on at to for from by with and or but as is was were be been being are it its
    this that these those his her their our your my he she they we you i which who whom whose when
    where what how than then there into onto over under after before during about first second
    third last next new""".split()
)

#: Quantities that do not pin a year down ("a few years ago" is TIMEX3 PAST_REF).
VAGUE_NUMBERS = frozenset({"a few", "few", "several", "some", "many"})

ORDINAL_WORDS: dict[str, int] = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "twenty-first": 21, "twenty first": 21,
}  # fmt: skip

#: Decades named in words -> their first year.
DECADE_WORDS: dict[str, int] = {
    "twenties": 1920, "thirties": 1930, "forties": 1940, "fifties": 1950, "sixties": 1960, "seventies": 1970,
    "eighties": 1980, "nineties": 1990, "noughties": 2000,
}  # fmt: skip

SEASONS: dict[str, str] = {"spring": "SP", "summer": "SU", "autumn": "FA", "fall": "FA", "winter": "WI"}

PARTS_OF_DAY: dict[str, str] = {
    "morning": "MO", "afternoon": "AF", "evening": "EV", "night": "NI", "nite": "NI", "tonight": "NI",
    "tonite": "NI", "midnight": "NI", "noon": "MI", "midday": "MI", "overnight": "NI", "sunset": "EV",
    "sunrise": "MO", "dawn": "MO", "dusk": "EV", "lunchtime": "MI",
}  # fmt: skip
#: More words a bare part of day may be ("the weekend", "at teatime"; no TIMEX3 part code).
BARE_PART_WORDS = frozenset({"nights", "weekend", "teatime", "daylight"})

#: Days named relative to the reference date (chat spellings included) -> offset in days.
DAY_OFFSETS: dict[str, int] = {
    "the day before yesterday": -2, "the day after tomorrow": 2,
    "today": 0, "tonight": 0, "tonite": 0, "tonigt": 0, "tdy": 0, "2day": 0, "2nite": 0, "2night": 0,
    "yesterday": -1, "yday": -1,
    "tomorrow": 1, "tmr": 1, "tmrw": 1, "tmrrw": 1, "tomoz": 1, "2moro": 1, "2morrow": 1,
}  # fmt: skip
#: Day words that name the night of their day ("tonight": the reference date, night).
NIGHT_WORDS = frozenset({"tonight", "tonite", "tonigt", "2nite", "2night"})
#: "Year to date": the current year so far. "ytd" is read this way, as in finance and business
#: prose (the text RAG systems retrieve), not as the chat spelling of "yesterday" ("yday").
YEAR_TO_DATE = frozenset({"ytd"})

#: Time zones a TIMEX3 value writes as "Z" after a clock time ("12:00 UTC", "13.00 GMT": T12:00Z, as
#: MEANTIME and TempEval-3 annotate); other zones are kept out of the value (the gold corpora write
#: them inconsistently: "+08", "+0800", "+1").
UTC_ZONES = frozenset({"utc", "gmt", "z"})

#: Present, past and future references without a year (TIMEX3 *_REF values).
REF_WORDS: dict[str, str] = {
    "now": "PRESENT_REF", "right now": "PRESENT_REF", "nowadays": "PRESENT_REF", "currently": "PRESENT_REF",
    "at present": "PRESENT_REF", "presently": "PRESENT_REF", "at the moment": "PRESENT_REF",
    "these days": "PRESENT_REF", "recently": "PAST_REF", "lately": "PAST_REF", "in recent years": "PAST_REF",
    "in the past": "PAST_REF", "soon": "FUTURE_REF", "in the near future": "FUTURE_REF",
    "in the future": "FUTURE_REF",
}  # fmt: skip

from ragas_temporal.focus_time.units import UNIT_WORDS  # noqa: E402  (the one table of units)

#: Modifiers of a calendar unit ("last year", "the following month", "the past 5 years") -> the
#: number of units they move: 0 the unit of the base itself, -1 the one before, 1 the one after.
UNIT_MODIFIERS: dict[str, int] = {
    "this": 0, "current": 0, "same": 0, "that": 0,
    "last": -1, "past": -1, "previous": -1, "preceding": -1, "prior": -1,
    "next": 1, "nxt": 1, "coming": 1, "upcoming": 1, "following": 1,
}  # fmt: skip
#: The modifiers that move from the last date of the text when "the" comes first ("the following
#: year"); the others move from the reference date ("last year").
ANAPHORIC_MODIFIERS = frozenset({"previous", "preceding", "prior", "following"})

#: Ordinals naming a quarter of the year.
QUARTER_ORDINALS: dict[str, int] = {
    "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
    "final": 4, "last": 4,
}  # fmt: skip
#: Ordinals naming a half of the year ("the first half of 2021", "second-half profit"; TIMEX3
#: writes halves ``2021-H1``, ``XXXX-H2``).
HALF_ORDINALS: dict[str, int] = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "latter": 2}
#: Quarter and half codes written number first ("3Q21", "4Q 2021", "1H21"), as financial reports
#: write them; trigger words, since a number before a letter is no date on its own.
REVERSED_PART_CODES = ("1q", "2q", "3q", "4q", "1h", "2h")
#: Half codes letter first ("H1 2021", "H2 results"): found by the scanner as words ("H1" is also
#: a heading tag and "H1-B" a visa: the rules read one only with a year or a results word after).
HALF_CODES = ("h1", "h2")
#: Words after a quarter code without a year that make it a quarter of the year ("Q2 revenue",
#: "Q4 results"); a bare "Q3" is as often a qualifying session ("made it to Q3") or a district.
QUARTER_CUES = (
    "revenue", "revenues", "earnings", "results", "sales", "profit", "profits", "loss", "losses",
    "growth", "guidance", "eps", "gdp", "margin", "margins", "figures", "numbers", "report",
    "performance", "deliveries", "shipments", "orders", "income", "earnings call",
)  # fmt: skip
#: The words of QUARTER_CUES that make a half without a year a half of the year ("first-half
#: profit"): not those a match's half takes too ("the first-half performance was what the manager wanted").
HALF_CUES = tuple(w for w in QUARTER_CUES if w not in ("performance", "numbers", "figures"))
#: Words of a sentence about a company's results: a bare "Q2" anywhere in such a sentence is a
#: quarter ("margin was higher than Q2", "results for Q1 and Q2"); in one without them it may be
#: a qualifying session ("his best lap in Q2") or a model name.
RESULTS_WORDS = QUARTER_CUES + ("quarter", "quarters", "quarterly", "fiscal", "year-over-year", "yoy")

#: Holidays: regex -> (month, day) for fixed dates, or a rule name for movable feasts
#: (``interpret.calendar_names``); ``None``: the date varies by calendar, only the year is known.
HOLIDAYS: tuple[tuple[str, object], ...] = (
    (r"christmas\s+eve", (12, 24)),
    (r"christmas(?:\s+day)?|x['’]?mas", (12, 25)),
    (r"boxing\s+day", (12, 26)),
    (r"new\s+year['’]?s\s+eve", (12, 31)),
    (r"new\s+year['’]?s(?:\s+day)?", (1, 1)),
    (r"halloween|hallowe['’]en", (10, 31)),
    (r"valentine['’]?s\s+day|valentines", (2, 14)),
    (r"st\.?\s+patrick['’]?s\s+day|saint\s+patrick['’]?s\s+day", (3, 17)),
    (r"april\s+fools['’]?\s+day", (4, 1)),
    (r"independence\s+day", (7, 4)),
    (r"bastille\s+day", (7, 14)),
    (r"canada\s+day", (7, 1)),
    (r"australia\s+day", (1, 26)),
    (r"guy\s+fawkes\s+night|bonfire\s+night", (11, 5)),
    (r"remembrance\s+day|veterans['’]?\s+day|armistice\s+day", (11, 11)),
    (r"easter(?:\s+sunday)?", "easter"),
    (r"good\s+friday", "good_friday"),
    (r"easter\s+monday", "easter_monday"),
    (r"thanksgiving(?:\s+day)?", "thanksgiving_us"),
    (r"labou?r\s+day", "labor_day_us"),
    (r"memorial\s+day", "memorial_day_us"),
    (r"mother['’]?s\s+day", "mothers_day_us"),
    (r"father['’]?s\s+day", "fathers_day_us"),
    (r"chinese\s+new\s+year|lunar\s+new\s+year|diwali|hanukkah|chanukah|ramadan|eid(?:\s+al-\w+)?", None),
)

# ---------------------------------------------------------------------------------------------
# Regex fragments (functions: a rule may need the same fragment twice under different names)
# ---------------------------------------------------------------------------------------------


def _cases(words, *, lower: bool = True) -> list[str]:
    out = []
    for w in words:
        out += [w.capitalize(), w.upper()] + ([w] if lower and w not in VERB_MONTHS else [])
    return out


def trie_regex(words) -> str:
    """An alternation of literal words as a prefix tree, longest match preferred.

    The regex engine tries one branch per distinct next character instead of every word, which
    keeps long word lists (month names in three cases, trigger words) cheap.

    >>> trie_regex(["jan", "january", "june"])
    'j(?:an(?:uary)?|une)'
    """
    trie: dict = {}
    for w in set(words):
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict) -> str:
        alts = []
        for ch in sorted(k for k in node if k):
            sub, key = node[ch], re.escape(ch)
            while len(sub) == 1 and "" not in sub:  # compress chains: "uary"
                (nxt, sub), = sub.items()
                key += re.escape(nxt)
            alts.append(key + build(sub))
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        if "" in node:
            return f"(?:{body})?"
        return body

    return build(trie)


def phrase_regex(phrases) -> str:
    r"""Like ``trie_regex``, with any whitespace between the words of a phrase.

    >>> print(phrase_regex(["right now", "now"]))
    (?:now|right\s+now)
    """
    return trie_regex(phrases).replace("\\ ", r"\s+")


def _units(*units: str, plural: bool | None = None) -> str:
    """The words of ``UNIT_WORDS`` naming one of ``units`` (only plurals, only singulars, or both)."""
    return trie_regex(
        w for w, u in UNIT_WORDS.items() if u in units and (plural is None or w.endswith("s") == plural)
    )


_FULL_MONTHS = [m for m in MONTHS if len(m) > 3 and m != "sept"] + ["may"]
_ABBR_MONTHS = [m for m in MONTHS if m not in _FULL_MONTHS]
_FULL_DAYS = [d for d in WEEKDAYS if len(d) > 5]
_ABBR_DAYS = [d for d in WEEKDAYS if len(d) <= 5]


def month_group(name: str = "month", *, abbreviations: bool = True, verbs: bool = False) -> str:
    """A month name (no trailing dot); ``verbs``: also the lower-case forms that are verbs ("may",
    "march"), for rules where a day or a date's year around the name rules out the verb reading
    ("25 march 1990", "may 3, 2010")."""
    words = _cases(_FULL_MONTHS) + (_cases(_ABBR_MONTHS) if abbreviations else [])
    if verbs:
        words += sorted(VERB_MONTHS)
    return rf"(?P<{name}>{trie_regex(words)})"


def weekday_group(name: str = "weekday", *, abbreviations: bool = True) -> str:
    """A weekday name as a named regex group (the ``weekday`` rule's interpreter is
    ``interpret.deictic.weekday``: builders here end in ``_group``, interpreters are named by rule)."""
    words = _cases(_FULL_DAYS) + (_cases(_ABBR_DAYS) if abbreviations else [])
    return rf"(?P<{name}>{trie_regex(words)})"


def day_group(name: str = "day") -> str:
    """Day of month 1-31, optional ordinal suffix."""
    return rf"(?P<{name}>3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th|ST|ND|RD|TH)?(?!\d)"


# --- the year and its era: named fragments the rules refer to (as HeidelTime's rules name their
# vocabulary resources). Adding an era form is one entry here: the rules, the scanner's number
# trigger (``scanner._NUMBER_TRIGGER``) and the interpreters all read these.

#: A four-digit year 1000-2999 (the context rules decide whether it really is one).
YEAR4 = r"[12]\d{3}"
#: A bare four-digit year: 1000-2099 (a later four-digit number standing alone is not read).
BARE_YEAR4 = r"1\d{3}|20\d\d"
#: A year of one to three digits, 1-999, no leading zero ("06" is not a year). Read as a year
#: only with evidence, each kind a rule of the table: a day and month ("25 December 800"), an era
#: word ("410 AD"), a circa or regnal mark ("c. 570", "r. 871–899"), a range's other end
#: ("(618–907)", "from 786 until 809"), "in"/"by" in a dated paragraph ("in 476").
SHORT_YEAR = r"[1-9]\d{0,2}"
#: Era words written after a year -> the sign of the years they date (historical numbering:
#: 753 BC = -753, and there is no year 0).
ERA_WORDS: dict[str, int] = {
    "BC": -1, "B.C.": -1, "BCE": -1, "B.C.E.": -1, "AD": 1, "A.D.": 1, "CE": 1, "C.E.": 1,
}  # fmt: skip
#: Era words also written before a year ("AD 14", "A.D. 79").
ERA_BEFORE_WORDS = ("AD", "A.D.")

# --- dates written with CJK unit characters: Chinese and Japanese "1949年10月1日", Korean
# "1948년 8월 15일". These scripts put no space between words, so such a date starts right after
# a letter ("于1939年") and ends right before one ("1914年开始"): ``MENTION_START``/``MENTION_END``.

#: The unit character written after each number of a CJK date -> the calendar unit it marks
#: (and so the precision of the date: 年/년 a year, 月/월 a month, 日/일 a day).
#: (The Chinese 号/號 is a day's mark in speech and news: "3月28号".)
CJK_DATE_UNITS: dict[str, str] = {
    "年": "year", "月": "month", "日": "day", "号": "day", "號": "day", "년": "year", "월": "month", "일": "day",
}  # fmt: skip
#: A month and a day of a CJK date: digits (``cjk_numerals.cjk_numerals_as_digits`` has written the
#: numerals of dates as digits: 三月二十八日 reads as "3月28 日"), or 十 alone (10).
CJK_MONTH = rf"1[0-2]|0?[1-9]|{CJK_TEN}"
CJK_DAY = rf"3[01]|[12]\d|0?[1-9]|{CJK_TEN}"
#: Written after 月: "7月份" is the month of July.
CJK_MONTH_SUFFIX = "份"
#: The halves of a year: "2008年上半年" (the first half of 2008), "下半年" (the second half).
CJK_HALVES: dict[str, int] = {"上半年": 1, "下半年": 2}
#: A quarter: "第一季度"/"一季度" (zh), "第1四半期" (ja), "1분기" (ko); its number in digits or a numeral.
CJK_QUARTER = r"(?:第[ \t]?)?(?P<q>[1-4一二三四])[ \t]?(?:季度|四半期|분기)"
#: Written after "1990年"/"1990년": a decade ("1990年代" is the 1990s, "1800年代" the 1800s).
CJK_DECADE_MARKS = ("代", "대")
#: Written between the two years of a range: "1914年到1918年", "1914年至1918年", "1914年から1918年",
#: "1950년부터 1953년까지", "1950년에서 1953년", "1914—1918年" (the opening 从/自 and closing
#: まで/까지 need not be read: the years and the link are the range).
CJK_RANGE_LINKS = ("到", "至", "から", "부터", "에서", "~", "～", "--", "-", "–", "—")
#: Verbs of lasting that Chinese writes before the link: "从1914年持续到1918年" (lasted until),
#: "从1949年一直到1976年" (all the way to), "延续到" (continued until).
CJK_RANGE_VERBS = ("持续", "延续", "一直")
#: Written after a count of years ("2000年前", "2000년 전"): "years ago", not the year 2000. Read
#: against the reference date only where the grammar says "ago" (``interpret.deictic.cjk_ago``).
CJK_AGO_MARKS = ("前", "전")
#: Written before "N年前", these make it "N years ago" in Chinese too ("约2000年前", "距今2000年前");
#: without one a Chinese "2030年前" may be "before 2030", and gives no year.
CJK_AGO_CUES = ("约", "約", "大约", "大約", "大概", "およそ", "距今")
#: Written right after "N年"/"N년": a length of time, not a year ("1000年以上" more than 1000 years,
#: "1000年間" for 1000 years, "2000年的历史"/"1000年の歴史" a 2000-year history, "1000년 동안" for
#: 1000 years). "1949年以来" (since 1949) and "1945年以降" (after 1945) are years: not here.
CJK_DURATION_CUES = ("以上", "以内", "間", "间", "的历史", "历史", "の歴史", "歴史", "동안", "간", "이상", "만에")
#: A two-digit year ("96年", "九六年": 1996) is read when a month, half or quarter follows it, or
#: else when it is no count of years: not a round number ("50年", "三十年" are fifty and thirty
#: years), not "N or N+1" ("七八年": seven or eight years), not after a word that counts
#: ("近10年" the last 10 years, "用了25年", "第15年", "每25年") nor before one that does ("25年来"
#: over 25 years, "25年多", "25年左右") or a duration cue above.
CJK_COUNT_MARKS_BEFORE = "近了过過第每几幾约約达達满滿用历歷经經共有数數整逾超"
CJK_COUNT_MARKS_AFTER = ("来", "多", "之久", "左右", "有余", "有餘")
#: The year before, of and after the reference date in Chinese, Japanese and Korean: the words of
#: dateparser's locale data (``relative-type`` "1 year ago", "0 year ago", "in 1 year" of zh, ja
#: and ko; tests/focus_time/test_cjk_years.py checks that they agree). Not the Japanese 翌年: it
#: is "the following year", after the date written before it, not after the reference date.
CJK_RELATIVE_YEARS: dict[str, int] = {"去年": -1, "昨年": -1, "작년": -1, "今年": 0, "올해": 0, "明年": 1, "来年": 1, "내년": 1}
#: More years named from the reference date, beside dateparser's: the Chinese 前年 (the year before
#: last; not before 比, the Japanese 前年比 "year on year"), 后年/後年 (the year after next) and 本年
#: (this year).
CJK_MORE_RELATIVE_YEARS: dict[str, int] = {"前年": -2, "后年": 2, "後年": 2, "本年": 0}
#: Years named from the last date of the text: "当年" (that year), "同年" (the same year), "次年"
#: and the Japanese "翌年" (the following year), "这一年" (this year of the story), and 上年 (the
#: previous year: statistics compare a year with it, "去年出口增长，比上年提高" is the year before
#: last year).
CJK_ANAPHORIC_YEARS: dict[str, int] = {
    "当年": 0, "當年": 0, "同年": 0, "这一年": 0, "那一年": 0, "次年": 1, "翌年": 1, "上年": -1,
}  # fmt: skip
#: Days named from the reference date: dateparser's words of zh, ja and ko (checked by
#: tests/focus_time/test_cjk_years.py), and the traditional 後天.
CJK_RELATIVE_DAYS: dict[str, int] = {
    "今天": 0, "今日": 0, "오늘": 0, "금일": 0, "昨天": -1, "昨日": -1, "어제": -1, "작일": -1,
    "明天": 1, "明日": 1, "내일": 1, "명일": 1, "前天": -2, "一昨日": -2, "大前天": -3,
    "后天": 2, "後天": 2, "明後日": 2, "大后天": 3,
}  # fmt: skip
#: Parts of the day written after a CJK day word ("今天上午": this morning) -> ``PARTS_OF_DAY`` words.
CJK_PARTS_OF_DAY: dict[str, str] = {
    "上午": "morning", "早上": "morning", "早晨": "morning", "中午": "noon", "下午": "afternoon",
    "傍晚": "evening", "晚上": "evening", "夜间": "night", "夜里": "night", "今晚": "night",
}  # fmt: skip
#: Months and weeks named from the reference date -> (units moved, unit): dateparser's words of
#: zh, ja and ko, and the short Chinese 上月/下月 of news ("上月底").
CJK_RELATIVE_UNITS: dict[str, tuple[int, str]] = {
    "本月": (0, "month"), "上个月": (-1, "month"), "上月": (-1, "month"), "下个月": (1, "month"), "下月": (1, "month"),
    "本周": (0, "week"), "上周": (-1, "week"), "下周": (1, "week"),
    "今月": (0, "month"), "先月": (-1, "month"), "来月": (1, "month"), "今週": (0, "week"), "先週": (-1, "week"),
    "来週": (1, "week"),
    "이번 달": (0, "month"), "지난달": (-1, "month"), "다음 달": (1, "month"), "이번 주": (0, "week"),
    "지난주": (-1, "week"), "다음 주": (1, "week"),
}  # fmt: skip
#: Weekdays: a Chinese weekday word and its number ("星期一", "周三", "礼拜天"), the Japanese
#: "月曜日" and the Korean "월요일" (each day's letter) -> 0 (Monday) .. 6.
CJK_WEEKDAY_WORDS = ("星期", "礼拜", "禮拜", "周", "週")
CJK_WEEKDAY_NUMBERS: dict[str, int] = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
CJK_WEEKDAY_LETTERS: dict[str, int] = {
    "月": 0, "火": 1, "水": 2, "木": 3, "金": 4, "土": 5, "日": 6, "월": 0, "화": 1, "수": 2, "목": 3, "금": 4, "토": 5, "일": 6,
}  # fmt: skip
#: Written before a Chinese weekday, the week it is in: 上 the week before the reference date's,
#: 下 the week after, 本/这 the same week ("上周一": the Monday of last week); 每 (every) makes a set.
CJK_WEEKDAY_WEEKS: dict[str, int] = {"上": -1, "下": 1, "本": 0, "这": 0, "這": 0}
CJK_EVERY = "每"
#: Present, past and future references without a year (TIMEX3 *_REF, as ``REF_WORDS``). Not 现在
#: after 表/体/实 ("表现在": shows in).
CJK_REF_WORDS: dict[str, str] = {
    "目前": "PRESENT_REF", "现在": "PRESENT_REF", "現在": "PRESENT_REF", "当前": "PRESENT_REF", "當前": "PRESENT_REF",
    "当今": "PRESENT_REF", "如今": "PRESENT_REF", "现今": "PRESENT_REF", "眼下": "PRESENT_REF", "현재": "PRESENT_REF",
    "近年": "PAST_REF", "近年来": "PAST_REF", "最近": "PAST_REF", "近日": "PAST_REF", "新近": "PAST_REF",
    "前不久": "PAST_REF", "최근": "PAST_REF", "今后": "FUTURE_REF", "今後": "FUTURE_REF", "将来": "FUTURE_REF",
}  # fmt: skip
#: Written right after "年", these make a compound that is no relative year: "过去年代" (past
#: eras), "至今年代", "明年间" (the Ming years), "今年份".
CJK_YEAR_COMPOUNDS = "代间間份"
#: Letters of the scripts written without spaces between words (kana, CJK ideographs, Hangul):
#: a mention may start right after one.
CJK_LETTERS = "\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"


# --- where a sentence ends (every reader of sentences reads it here)

#: Marks that end a sentence when a blank follows them ("It ended in 1918. Then ...").
SENTENCE_END_MARKS = ".!?"
#: Marks that end a sentence wherever they stand: Chinese and Japanese write no blank after the
#: ideographic full stop and the full-width marks (。！？), Hindi ends a sentence on the danda (।),
#: Arabic asks with ؟.
SENTENCE_CLOSING_MARKS = "。！？।؟"


def sentence_break(extra: str = "", extra_closing: str = "") -> str:
    """A regex for the gap between two sentences: the blanks after a mark of ``SENTENCE_END_MARKS``
    (and ``extra``), or after a mark of ``SENTENCE_CLOSING_MARKS`` (and ``extra_closing``), blanks
    or none. The marks stay with the sentence they end.

    >>> re.split(sentence_break(), "It began in 1914. It ended!一战于1914年开始。1919年结束。")
    ['It began in 1914.', 'It ended!一战于1914年开始。', '1919年结束。', '']
    """
    return rf"(?<=[{re.escape(SENTENCE_END_MARKS + extra)}])\s+|(?<=[{SENTENCE_CLOSING_MARKS + extra_closing}])\s*"


def cjk_unit(unit: str) -> str:
    """The unit characters of ``CJK_DATE_UNITS`` naming ``unit``, as a character class.

    >>> cjk_unit("year")
    '[年년]'
    """
    return "[" + "".join(c for c, u in CJK_DATE_UNITS.items() if u == unit) + "]"


def cjk_month_day_group() -> str:
    """A month of a CJK date ("3月", "7月份"), with its day if written ("3月28日", "8월 15일", "3月28号")."""
    return (
        rf"(?P<month>{CJK_MONTH})[ \t]?{cjk_unit('month')}(?:{CJK_MONTH_SUFFIX}"
        rf"|[ \t]?(?P<day>{CJK_DAY})[ \t]?{cjk_unit('day')})?"
    )


def cjk_part_of_year_group() -> str:
    """What may follow a CJK year: a month (and day), a half ("上半年") or a quarter ("第一季度")."""
    return rf"(?:[ \t]?{cjk_month_day_group()}|(?P<half>{trie_regex(CJK_HALVES)})|[ \t]?{CJK_QUARTER})"


#: Where a mention may start: not inside a word, or right after a CJK letter ("于1939年"): not
#: after a word character other than a CJK letter (one lookbehind: it is tried at every position).
MENTION_START = rf"(?<![^\W{CJK_LETTERS}])"
#: Where a mention may end: not inside a word, or on a CJK unit character, decade or "ago" mark,
#: or the last letter of a CJK relative year ("올해는")
#: ("1914年开始", "1990年代中国"). A number before any other letter ("1500人", "300名": counts) is
#: never a mention.
_CJK_WORDS = (
    *CJK_RELATIVE_YEARS, *CJK_MORE_RELATIVE_YEARS, *CJK_ANAPHORIC_YEARS, *CJK_RELATIVE_DAYS, *CJK_PARTS_OF_DAY,
    *CJK_RELATIVE_UNITS, *CJK_HALVES, *CJK_REF_WORDS, "季度", "四半期", "분기", "曜日", "요일", "世纪", "世紀",
)
_CJK_MENTION_ENDS = "".join(sorted(
    set(CJK_DATE_UNITS) | set(CJK_DECADE_MARKS) | set(CJK_AGO_MARKS) | {CJK_MONTH_SUFFIX}
    | {w[-1] for w in _CJK_WORDS} | set(CJK_WEEKDAY_NUMBERS) | set(CJK_WEEKDAY_LETTERS)
))
MENTION_END = rf"(?:(?!\w)|(?<=[{_CJK_MENTION_ENDS}]))"


def year4_group(name: str = "year") -> str:
    """A four-digit year 1000-2999 (context rules decide whether it really is one)."""
    return rf"(?P<{name}>{YEAR4})(?!\d)"


def part_year_group() -> str:
    """The year a quarter or a half is written with: "2021", "'21", and a fiscal year ("fiscal
    2021", "fiscal year 2021", "FY2021", "FY21"), read as its calendar year as ``fiscal_year``
    reads "fiscal 2021"; two digits right after a number-first code ("3Q21", "1H21"). The rule
    says what may follow."""
    fy = r"(?:FY|Fy|fy)\s?['’]?"
    return (
        rf"(?:(?:(?i:fiscal)(?:\s+(?i:year))?\s+|{fy})?(?P<year>{YEAR4})"
        rf"|(?:{fy}|['’]|(?<=[0-9][QH]))(?P<year_yy>\d\d))"
    )


def year_in_date_group(name: str = "year") -> str:
    """Year part of a written date: four digits, or '08 with an apostrophe."""
    return rf"(?:(?P<{name}>{YEAR4})|['’](?P<{name}_yy>\d\d))(?![\d'’])"


def short_year_group(name: str = "year") -> str:
    """A year of one to three digits (``SHORT_YEAR``), not part of a longer or decimal number."""
    return rf"(?P<{name}>{SHORT_YEAR})(?!\d|[.,]\d)"


def era_group(name: str = "era") -> str:
    """An era word after a year (``ERA_WORDS``): "BC", "B.C.E.", "AD", "CE"."""
    return rf"(?P<{name}>{trie_regex(ERA_WORDS)})(?!\w)"


def era_before_group(name: str = "era") -> str:
    """An era word before a year: "AD 14"."""
    return rf"(?P<{name}>{trie_regex(ERA_BEFORE_WORDS)})"


def mark_group(name: str = "mark") -> str:
    """A circa, regnal, floruit or life mark before a year (``year_lexicon.CIRCA_MARKS``,
    ``REGNAL_MARKS``): "c.", "ca.", "circa", "r.", "reigned", "fl.", "d.", "b."."""
    return rf"(?<![\w.])(?P<{name}>{trie_regex(CIRCA_MARKS + REGNAL_MARKS)})"


def after_words_lookbehind(words, *, lower: bool = False) -> str:
    """Zero-width: right after one of ``words`` and a space ("in |476", "c. |570"; a word ending
    in a dot also with no space: "c.|570"); ``lower``: the lower-case forms (for lower-cased text).

    >>> bool(re.search(after_words_lookbehind(["in"]) + r"\d", "in 476")), bool(re.search(after_words_lookbehind(["in"]) + r"\d", "win 476"))
    (True, False)
    """
    written = {w.lower() if lower else w for w in words}
    forms = {f"{w} " for w in written} | {w for w in written if w.endswith(".")}
    by_width: dict[int, list[str]] = {}
    for f in sorted(forms):
        by_width.setdefault(len(f), []).append(re.escape(f))
    # one lookbehind per width (a lookbehind's alternatives must have one width): fewer to try
    return "(?:" + "|".join(rf"(?<=(?<![\w.])(?:{'|'.join(fs)}))" for _, fs in sorted(by_width.items())) + ")"


#: Where a short number may be a year by what comes before it: a mark ("c. 570") or a dating
#: word ("in 476"). Lower case: the scanner's number trigger reads it on lower-cased text.
AFTER_YEAR_CUE = after_words_lookbehind(CIRCA_MARKS + REGNAL_MARKS + IN_YEAR_WORDS + APPROXIMATE_WORDS, lower=True)


def _range_date(p: str) -> str:
    """One end of a date range, a date with its year: "3 May 2001", "May 3, 2001", "May 2001".
    Groups ``{p}_d``/``{p}_m``/``{p}_y`` (day first), ``..2`` (month first), ``{p}_m3``/``{p}_y3``."""
    return (
        rf"(?:{day_group(p + '_d')}\s*(?:of\s+)?{month_group(p + '_m')}\.?,?\s*{year4_group(p + '_y')}"
        rf"|{month_group(p + '_m2')}\.?\s*{day_group(p + '_d2')},?\s*{year4_group(p + '_y2')}"
        rf"|{month_group(p + '_m3')}\.?,?\s*{year4_group(p + '_y3')})"
    )


_MONTH_NAME = rf"(?:{trie_regex(_cases(_FULL_MONTHS) + _cases(_ABBR_MONTHS))})(?![a-z])"  # no group: for lookaheads
_NUM = rf"(?<![\d.,])(?P<num>\d{{1,3}}(?:,\d{{3}})*(?!\d)|{trie_regex(NUMBER_WORDS)}|{trie_regex(VAGUE_NUMBERS)})"
_OPEN_RANGE_END = "|".join(OPEN_RANGE_END_WORDS)  # "2020–present", "from 1990 to now"
_QUAL = r"(?P<qual>early|mid|late|Early|Mid|Late|EARLY|MID|LATE)"
_ERA_AFTER = era_group()
_WEEKDAY_PREFIX = rf"(?:{weekday_group('wd')}\.?,?\s+(?:the\s+)?)?"
# A year named relative to the moment of writing after a month or day: "August last year", "3 May of next year".
_OF_RELATIVE_YEAR = r"(?:\s+(?:(?i:of)\s+)?(?P<rel>(?i:this|last|next))\s+(?i:year)(?!\w))?"
# After a month read alone: no day or year follows ("March 5", "Mar. 5", "May '95", "March, 2019"
# are the day and year rules'), while a count after a comma is no year ("Since March, 12 people").
_NO_DAY_OR_YEAR_AFTER = r"(?![.]?\s*['’]?\d)(?!,\s*(?:['’]\d\d|\d{3,4})(?!\d))"
#: "in the past" is a reference only when nothing follows ("in the past decade" is not)
_REF_GUARDS = {"in the past": r"(?!\s+[a-z\d])"}
_PART_OF_DAY = rf"(?P<part>{trie_regex(k for k in PARTS_OF_DAY if k not in ('tonight', 'tonite'))})"

# ---------------------------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------------------------


class Rule(NamedTuple):
    name: str  # unique; also the prefix of the rule's group names
    kind: str  # default mention kind (model.MENTION_KINDS); an interpreter may refine it
    pattern: str  # regex body
    interpreter: str  # function name exported by the interpret package
    example: str  # one text the rule matches (checked by the tests)


#: The group of each named period and holiday in its rule (entry i of the table is group i).
NAMED_PERIOD_GROUPS = tuple(f"p{i}" for i in range(len(NAMED_PERIODS)))
HOLIDAY_GROUPS = tuple(f"h{i}" for i in range(len(HOLIDAYS)))
_NAMED = "|".join(f"(?P<{name}>{p.pattern})" for name, p in zip(NAMED_PERIOD_GROUPS, NAMED_PERIODS))
_HOLIDAY = "|".join(f"(?P<{name}>{p})" for name, (p, _) in zip(HOLIDAY_GROUPS, HOLIDAYS))

RULES: tuple[Rule, ...] = (
    # --- named periods (before decade words: "the Roaring Twenties" is not just "the twenties") ---
    Rule("named_period", "named_period", rf"(?i:{_NAMED})", "named_period", "World War II"),
    # --- full dates ---
    Rule(
        "iso_date", "date",
        rf"(?P<year>{YEAR4})-(?P<month>0[1-9]|1[0-2])-(?P<day>0[1-9]|[12]\d|3[01])"
        r"(?:T(?P<hour>[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?)?(?![\d-])",
        "ymd", "2019-03-03",
    ),
    Rule(  # two dates joined by a dash or "to": 12 September 1494 – 31 March 1547, May 26, 1982–1987
        "date_range", "range",
        # (or glued, the dash lost in conversion: "May 16, 1929October 27, 2019")
        rf"{_range_date('a')}(?:,?\s*(?:--|-|–|—|\s(?i:to|until|till)\s)\s*|(?=[A-Z]))"
        rf"(?:{_range_date('b')}|(?P<b_y4>{YEAR4})(?!\d))",
        "date_range", "12 September 1494 – 31 March 1547",
    ),
    Rule(
        "month_day_year", "date",
        rf"{_WEEKDAY_PREFIX}{month_group(verbs=True)}\.?\s*{day_group()}(?:\s*(?:-|–|to)\s*{day_group('day2')})?(?:\s*,\s*|\s+)(?:of\s+)?{year_in_date_group()}",
        "ymd", "March 3, 2019",
    ),
    Rule(
        "day_month_year", "date",
        rf"{_WEEKDAY_PREFIX}{day_group()}(?:\s*(?:-|–|to)\s*{day_group('day2')})?\s*(?:of\s+)?{month_group(verbs=True)}\.?,?\s*{year_in_date_group()}",
        "ymd", "3rd of March 2019",
    ),
    Rule(  # a day and month date a short year: 25 December 800, 12 August 30 BC, 19 August AD 14, December 25, 800, August 30 BC, March 799
        "short_date", "date",
        rf"{_WEEKDAY_PREFIX}(?:{day_group()}\s*(?:of\s+)?{month_group()}\.?,?\s*(?:{era_before_group('ad')}\s*)?{short_year_group()}"
        rf"|{month_group('month2')}\.?\s*{day_group('day2')},\s*{short_year_group('year2')}"
        rf"|{month_group('month3')}\.?,?\s*{short_year_group('year3')}(?=\s*{era_group('era3')})"
        rf"|{month_group('month4')}\.?,?\s+(?P<year4>[1-9]\d\d)(?!\d|[.,]\d))(?:\s*{_ERA_AFTER})?",
        "short_date", "25 December 800",
    ),
    Rule(  # June–July 1944, 30 June – 2 July 1944, between May and August 2008
        "month_range", "date",
        rf"(?:(?P<pre>(?i:from|between))\s+)?(?:{day_group('d1')}\s+)?{month_group('m1')}\.?(?:\s+{day_group('d1b')})?"
        rf"\s*(?:-|–|—|\s(?i:to|and|until|through|till)\s)\s*"
        rf"(?:{day_group('d2')}\s+)?{month_group('m2')}\.?(?:\s+{day_group('d2b')})?,?\s+{year_in_date_group()}",
        "month_range", "June–July 1944",
    ),
    Rule(  # rarer word orders: normalised by dateparser on the matched span only
        "rare_date", "date",
        rf"(?:{year4_group()},?[ \t]+{month_group()}\.?[ \t]+{day_group()}(?!,?\s*\d)"
        rf"|{month_group('month2')}\.?\s+(?i:the)\s+{day_group('day2')},?\s+{year4_group('year2')}"
        rf"|(?:(?i:the)\s+)?{day_group('day3')}\s+(?i:day\s+of)\s+{month_group('month3')},?\s+{year4_group('year3')})",
        "rare_date", "the 3rd day of March, 2019",
    ),
    Rule(
        "numeric_ymd", "date",
        rf"(?<![\d/.:,-])(?P<year>{YEAR4})(?P<sep>[/.])(?P<month>0?[1-9]|1[0-2])(?P=sep)(?P<day>0?[1-9]|[12]\d|3[01])(?![\d/.]\d|\d)",
        "ymd", "2019/03/03",
    ),
    Rule(
        "numeric_date", "date",
        rf"(?<![\d/.:,-])(?P<a>\d{{1,2}})(?P<sep>[/.-])(?P<b>\d{{1,2}})(?P=sep)(?:(?P<year>{YEAR4})|(?P<yy>\d\d))(?!\d|[/.:-]\d)",
        "numeric_date", "3/3/2019",
    ),
    # --- dates written with CJK unit characters (years ago, the decade and the range before the date: same start) ---
    Rule(  # "平成二十年" (Heisei 20: 2008), "昭和64年1月7日", "令和元年": a Japanese era year, with its month or day
        "cjk_era_year", "year",
        rf"(?P<era>{trie_regex(CJK_ERAS)})[ \t]?(?P<n>\d{{1,2}}|元|{CJK_TEN})[ \t]?{cjk_unit('year')}"
        rf"{cjk_part_of_year_group()}?",
        "cjk_era_year", "平成20年",
    ),
    Rule(  # "去年", "昨年", "작년", "上年", "当年": the reference date's (or the last date's) year, shifted;
        # with a month, a day, a half or a quarter after it: "去年十二月", "今年上半年", "当年9月"
        "cjk_relative_year", "relative",
        rf"(?P<word>{trie_regex([*CJK_RELATIVE_YEARS, *CJK_MORE_RELATIVE_YEARS, *CJK_ANAPHORIC_YEARS])})"
        rf"(?:{cjk_part_of_year_group()}|(?<!前年)(?![{CJK_YEAR_COMPOUNDS}])|(?<=前年)(?![{CJK_YEAR_COMPOUNDS}比]))",
        "cjk_relative_year", "去年",
    ),
    Rule(  # "2000年前に", "2000년 전": N years ago; not "2000年前后" (around 2000), "2000年前半" (its first half), "1950년 전쟁" (war)
        "cjk_ago", "relative",
        # (four digits: a shorter count is no year to mistake, and the scanner's number trigger
        # does not fire on it, so "3年前" stays unread)
        rf"(?P<num>\d{{4}})[ \t]?{cjk_unit('year')}[ \t]?(?P<ago>前(?![后後半夕期线線])"
        rf"|전(?=[에의]|부터|까지|쯤|[^\uac00-\ud7af]|\Z))",
        "cjk_ago", "2000年前",
    ),
    Rule(
        "cjk_decade", "decade",
        rf"(?P<d>[12]\d\d)0[ \t]?{cjk_unit('year')}(?:{'|'.join(CJK_DECADE_MARKS)})",
        "decade_digits", "1990年代",
    ),
    Rule(  # "90年代", "九十年代" (the 1990s), "80년대": the century from the reference date, as "the '90s"
        "cjk_decade_short", "decade",
        rf"(?P<d>[1-9])0[ \t]?{cjk_unit('year')}(?:{'|'.join(CJK_DECADE_MARKS)})",
        "decade_short", "90年代",
    ),
    Rule(
        "cjk_range", "range",
        rf"(?P<y1>{YEAR4})[ \t]?{cjk_unit('year')}?[ \t]?(?:{trie_regex(CJK_RANGE_VERBS)})?(?P<sep>{trie_regex(CJK_RANGE_LINKS)})[ \t]?"
        rf"(?P<y2>{YEAR4})[ \t]?{cjk_unit('year')}",
        "year_range", "1914年到1918年",
    ),
    Rule(  # "1949年10月1日", "一九九一年三月二十八日", "1948년 8월 15일", "2008年上半年", "九六年" (a two-digit year)
        "cjk_date", "date",
        rf"(?:(?P<year>{YEAR4})|(?P<yy>\d\d))[ \t]?{cjk_unit('year')}{cjk_part_of_year_group()}?",
        "cjk_date", "1949年10月1日",
    ),
    Rule(  # "三月二十八日", "3月28号", "7月份", "8월 15일": a month or a day of it without a year (as "March 28")
        "cjk_month_day", "anaphoric",
        cjk_month_day_group(),
        "cjk_month_day", "3月28日",
    ),
    Rule(  # "上半年", "第一季度": a half or a quarter of the last date's year (as "the third quarter")
        "cjk_part_of_year", "anaphoric",
        rf"(?P<half>{trie_regex(CJK_HALVES)})|{CJK_QUARTER}",
        "cjk_part_of_year", "上半年",
    ),
    Rule(  # "20世纪", "二十一世纪": a century
        "cjk_century", "century",
        r"(?P<n>[1-9]\d?)[ \t]?世[纪紀]",
        "century", "20世纪",
    ),
    Rule(  # "今天", "昨日", "내일", with a part of the day: "今天上午"
        "cjk_relative_day", "relative",
        rf"(?P<w>{trie_regex(CJK_RELATIVE_DAYS)})(?:(?P<part>{trie_regex(CJK_PARTS_OF_DAY)}))?|(?P<tonight>今晚)",
        "cjk_relative_day", "今天",
    ),
    Rule(  # "本月", "上个月", "先週", "지난달"
        "cjk_relative_unit", "relative",
        rf"(?P<w>{phrase_regex(CJK_RELATIVE_UNITS)})(?![一二三四五六日天])",
        "cjk_relative_unit", "上个月",
    ),
    Rule(  # "星期一", "上周三", "礼拜天", "月曜日", "월요일"; not "一周一次" (once a week)
        "cjk_weekday", "relative",
        rf"(?<![一二三四五六七八九十两几数多])(?:(?P<mod>[{''.join(CJK_WEEKDAY_WEEKS) + CJK_EVERY}]))?"
        rf"(?:{trie_regex(CJK_WEEKDAY_WORDS)})(?P<n>[{''.join(CJK_WEEKDAY_NUMBERS)}])"
        rf"|(?P<letter>[{''.join(CJK_WEEKDAY_LETTERS)}])(?:曜日|요일)",
        "cjk_weekday", "星期一",
    ),
    Rule(  # "目前", "近年来", "현재": present, past and future references (as "currently")
        "cjk_ref_word", "relative",
        rf"(?<![表体實实])(?P<w>{trie_regex(CJK_REF_WORDS)})",
        "cjk_ref_word", "目前",
    ),
    # --- ranges of years (before bare years) ---
    Rule(  # the era word of one end dates both: 356–323 BC, 27 BC to AD 14, between 200 and 900 CE, c. 570 – 632 AD
        "era_range", "range",
        rf"(?:(?i:between)\s+(?:{era_before_group('bad1')}\s*)?(?P<by1>\d{{1,4}})\s*(?:{era_group('bera1')})?\s+(?i:and)\s+"
        rf"|(?:(?i:from)\s+)?(?:{mark_group('mark1')}\s*)?(?:{era_before_group('ad1')}\s*)?"
        rf"(?P<y1>\d{{1,4}})\s*(?:{era_group('era1')})?\s*(?:-|–|—|(?i:to|until)\s)\s*)(?:{mark_group('mark2')}\s*)?"
        rf"(?:{era_before_group('ad2')}\s*(?P<y2a>\d{{1,4}})(?!\d)|(?P<y2>\d{{1,4}})\s*{era_group('era2')})",
        "era_range", "44 BC to AD 14",
    ),
    Rule(
        "year_range", "range",
        rf"(?<![$€£¥#@])(?<!\d[.,:/–-])(?:(?i:between)\s+(?P<b1>{YEAR4})\s+(?i:and)\s+(?P<b2>{YEAR4})"
        # a one-digit end only right after the dash ("1947-8"), not a day ("1658–2 December 1730",
        # "1667 – 19 October 1745")
        # a three-digit start only before a dash and a four-digit end ("Song dynasty (960–1279)")
        rf"|(?:(?P<from>(?i:from))\s+)?(?P<y1>{YEAR4}|(?<![\d,.])[1-9]\d\d(?=\s*(?:--|[-–—])\s*{YEAR4}(?!\d)))\s*(?P<sep>--|-|–|—|/|\s(?i:to|until|till|through|thru)\s)\s*"
        rf"(?:(?P<y2>{YEAR4}|\d\d(?!\s+{_MONTH_NAME})|(?<=[-–/])\d(?!\s+{_MONTH_NAME}))|(?P<present>(?i:{_OPEN_RANGE_END})))"
        # a lifespan opening a bracket or after its ";": three digits to a date ("(980 – 3 May 1037)",
        # "(Persian: ...; 980 – June 1037)"); a four-digit start is two mentions ("1658–2 December 1730")
        rf"|(?:(?<=[(;])|(?<=[(;]\s))(?P<s1>[1-9]\d\d)\s*(?:--|[-–—])\s*"
        rf"(?:{day_group('sd')}\s+{month_group('sm')}|{month_group('sm2')}\.?(?:\s+{day_group('sd2')},?)?)\.?,?\s+(?P<s2>{YEAR4}))(?![\d%]|[.,:/]\d)",
        "year_range", "2008-2010",
    ),
    # --- decades and centuries ---
    Rule(
        "century", "century",
        rf"(?:(?i:the)\s+)?(?:{_QUAL}[\s-]+)?(?:(?i:the)\s+)?(?:(?P<n>\d{{1,2}})(?:st|nd|rd|th)|(?P<w>(?i:{trie_regex(ORDINAL_WORDS)})))[\s-]+(?P<unit>(?i:century|millennium))(?:\s+{_ERA_AFTER})?",
        "century", "19th century",
    ),
    Rule(
        "decade_digits", "decade",
        rf"(?:(?i:the)\s+)?(?:{_QUAL}[\s-]+)?(?:(?i:the)\s+)?(?P<d>[12]\d\d)0['’]?s",
        "decade_digits", "the 1990s",
    ),
    Rule(
        "decade_short", "decade",
        rf"(?:(?P<the>(?i:the))\s+)?(?:{_QUAL}[\s-]+)?(?P<apos>['’])?(?P<d>\d)0['’]?s",
        "decade_short", "the '90s",
    ),
    Rule(
        "decade_words", "decade",
        rf"(?i:the)\s+(?:{_QUAL}[\s-]+)?(?P<w>(?i:{trie_regex(DECADE_WORDS)}))",
        "decade_words", "the nineties",
    ),
    # --- BCE/AD years, fiscal years, quarters ---
    Rule("era_year_after", "year", rf"(?<![\d.,])(?P<year>\d{{1,3}}(?:,\d{{3}})+|\d{{1,5}})\s*{_ERA_AFTER}", "era_year", "753 BC"),
    Rule("era_year_before", "year", rf"{era_before_group()}\s*(?P<year>\d{{1,4}})(?!\d)", "era_year", "AD 14"),
    Rule(
        "fiscal_year", "fiscal_year",
        rf"(?:(?:FY|Fy|fy)\s?['’]?(?P<y>\d{{4}}|\d\d)|(?i:fiscal)(?:\s+(?i:year))?\s+(?P<y4>{YEAR4}))(?:\s*[/-]\s*(?P<y2>\d{{4}}|\d\d))?(?!\d)",
        "fiscal_year", "FY2021",
    ),
    Rule(  # "Q3 2008", "Q3'08", "Q3 FY21", "Q3 of fiscal 2021", "fiscal Q3 2021", "3Q21", "4Q 2021", "H1 2021", "1H FY21"
        "quarter_code", "date",
        rf"(?:(?i:fiscal)\s+)?(?:(?P<q>Q[1-4])|(?P<qn>[1-4])Q|(?P<h>H[12])|(?P<hn>[12])H)\s*(?:(?i:of)\s+)?{part_year_group()}(?!\d)",
        "quarter", "Q3 2008",
    ),
    Rule(
        # read only before a word of QUARTER_CUES or in a sentence of RESULTS_WORDS (the
        # interpreter looks): "Q2 revenue", "fiscal Q3" (always), "2Q sales", "H1 results"
        "quarter_code_bare", "date",
        r"(?<![\w-])(?:(?P<fiscal>(?i:fiscal))\s+)?(?:(?P<qb>Q[1-4])|(?P<qbn>[1-4])Q|(?P<hb>H[12])|(?P<hbn>[12])H)(?![\w-])",
        "quarter", "Q2",
    ),
    Rule(
        "quarter_month", "date", rf"(?i:the)\s+{month_group('qmonth', abbreviations=False)}\s+(?i:quarter)(?!\w)",
        "quarter", "the March quarter",
    ),
    Rule(
        "quarter", "date",
        rf"(?:(?i:the)\s+)?(?:(?i:fiscal)[\s-]+)?(?P<ord>(?i:{trie_regex(QUARTER_ORDINALS)}))[\s-]+(?:(?i:fiscal)[\s-]+)?(?i:quarter)"
        rf"(?:\s+(?:(?i:of)\s+)?{part_year_group()}(?![\d,.]\d)|\s+(?i:of)\s+(?:(?:(?i:the)\s+)?(?P<rel>(?i:this|last|next|that|same|previous|following|current))\s+(?i:year)|(?P<the_year>(?i:the\s+year))))?",
        "quarter", "the third quarter of 2008",
    ),
    Rule(  # "the first half of 2021", "first-half 2021", "the second half of the year", "the
        # latter half of last year"; without a year only before a word of QUARTER_CUES
        # ("first-half profit"): "in the second half" is mostly a match's
        "half", "date",
        rf"(?:(?i:the)\s+)?(?P<hord>(?i:{trie_regex(HALF_ORDINALS)}))[\s-]+(?i:half)"
        rf"(?:\s+(?:(?i:of)\s+)?{part_year_group()}(?![\d,.]\d|s\b)|\s+(?i:of)\s+(?:(?:(?i:the)\s+)?"
        rf"(?P<rel>(?i:this|last|next|that|same|previous|following|current))\s+(?:(?i:fiscal)\s+)?(?i:year)|(?P<the_year>(?i:the\s+(?:fiscal\s+)?year))))?(?![\w-])",
        "quarter", "the first half of 2021",
    ),
    Rule(  # "the year-ago quarter", "the prior-year quarter", "the same quarter last year": the
        # quarter a year before the one the text reports on
        "year_ago_quarter", "anaphoric",
        r"(?i:the\s+(?:(?:year[\s-]+(?:ago|earlier)|(?:prior|previous)[\s-]+year)[\s-]+quarter"
        r"|same\s+quarter\s+(?:of\s+)?(?:last\s+year|a\s+year\s+(?:ago|earlier|before)|the\s+(?:previous|prior)\s+year)))(?![\w-])",
        "year_ago_quarter", "the year-ago quarter",
    ),
    # --- seasons and holidays, possibly with a year ---
    Rule(
        "season", "date",
        rf"(?:(?P<mod>(?i:the\s+following|the\s+next|the\s+previous|the\s+preceding|following|last|next|this|that|the|in\s+the|in|early|late|mid|during|of|over))[\s-]+)?"
        rf"(?P<s>(?i:spring|summer|autumn|winter|fall))"
        rf"(?:\s+(?i:of\s+)?{year_in_date_group()}(?:\s*[-–/]\s*(?P<y2>\d\d(?!\d)|{YEAR4}))?|(?!\s+(?i:of\s+)?['’]?\d))",
        "season", "winter 2014",
    ),
    Rule(
        "holiday", "date",
        rf"(?:(?P<mod>(?i:last|next|this|on|at|for|over|until|till|by|before|after))\s+)?(?i:{_HOLIDAY})(?:\s+{year_in_date_group()})?",
        "holiday", "Christmas",
    ),
    # --- month and year, years with an apostrophe, "the year 850" ---
    Rule(
        "month_year", "date",
        rf"(?:{_QUAL}[\s-]+)?{month_group()}\.?,?\s*(?:(?i:of)\s+)?{year_in_date_group()}",
        "month_year", "March 2019",
    ),
    Rule(  # "march 2015", "in may 2010": a verb-form month and a year, after a dating word or before
        # the end of the clause ("troops march 2000 miles" is a verb and a count)
        "verb_month_year", "date",
        rf"(?:{after_words_lookbehind(VERB_MONTH_CUES)}|(?=[a-z]+\s+{YEAR4}(?!\d)\s*(?:[.,;:!?)\]]|$)))"
        rf"(?P<month>{trie_regex(VERB_MONTHS)})\s+(?P<year>{YEAR4})(?!\d)",
        "month_year", "march 2015",
    ),
    Rule("apostrophe_year", "year", r"['’](?P<yy>\d\d)(?![\d'’%])", "apostrophe_year", "'08"),
    Rule("the_year", "year", r"(?i:the\s+year\s+)(?P<year>\d{1,4})(?!\d|\s*[-–]\s*\d)", "the_year", "the year 850"),
    # --- clock times (before bare years: "1400 UTC") ---
    Rule(
        "clock_ampm", "date",
        r"(?<![#$])(?P<h>1[0-2]|0?\d)(?:[:.]?(?P<mi>[0-5]\d))?\s*(?P<ap>(?i:a\.m\.|p\.m\.|am|pm))",
        "clock", "9am",
    ),
    Rule(
        "clock_hhmm", "date",
        r"(?<![\d.,:#$])(?P<h>[01]?\d|2[0-3]):(?P<mi>[0-5]\d)(?::[0-5]\d)?(?!\d|[.:]\d)(?:\s*(?P<tz>UTC|GMT|EST|EDT|PST|PDT|CET|BST|SGT|IST|JST))?",
        "clock", "10:30",
    ),
    Rule(
        "clock_military", "date",
        r"(?P<h>[01]\d|2[0-3])(?P<mi>[0-5]\d)\s*(?P<tz>UTC|GMT|Z|(?i:hrs|hours))(?!\w)",
        "clock", "1400 UTC",
    ),
    # --- bare years (context rules in interpret.years.bare_year reject counts, money, rooms, ...) ---
    Rule(
        "bare_year", "year",
        # Not after an amount's sign, a decimal point or a number and a dash ("555-1987"), but
        # after a year and a dash ("Sept 1962–1984") or a number and a slash ("Law 170/1973").
        # A possessive "s" is kept ("In 1983s Never Say Never Again", apostrophe lost), and so
        # is a citation's letter ("(Smith, 2019a; Jones, 2019b)"). Not before digits, a dash and
        # a number ("2019-4567"), but before a date or an ordinal after a dash ("1658–2 December
        # 1730", "1997 - 3rd place") and in a list ("1975/1985/2001").
        rf"(?<![$€£¥#@])(?<!\d[.,:．])(?:(?<={YEAR4}[–-])|(?<!\d[–-]))(?<!\d\s[-–])"
        rf"(?P<year>{BARE_YEAR4})(?:(?<=[1-9])s(?=[ \t]+[A-Z])|[a-e](?=[,;)\]]))?"
        rf"(?!\d|[.,:．]\d|\s?[-–]\s?\d+(?!\w|\s+{_MONTH_NAME})|/\d(?!\d{{3}})|%)",
        "bare_year", "2008",
    ),
    # --- deictic: relative to the reference date ---
    Rule(
        "ago", "relative",
        rf"(?i:{_NUM}\+?[\s-]*(?P<unit>{_units('year', 'month', 'week', 'day', 'decade', 'century', 'fortnight', 'hour', 'minute')})"
        rf"\s+(?P<dir>ago|back|earlier|later|from\s+now|hence))",
        "ago", "three years ago",
    ),
    Rule(
        "past_n", "relative",
        rf"(?i:(?:(?P<the>the)\s+)?(?P<dir>{trie_regex(m for m, k in UNIT_MODIFIERS.items() if k and m != 'nxt')})\s+{_NUM}\s+(?P<unit>{_units('year', 'month', 'week', 'day', 'decade', plural=True)}))",
        "past_n", "the past 5 years",
    ),
    Rule(
        "day_relative", "relative",
        rf"(?i:(?P<w>{phrase_regex(DAY_OFFSETS)}))(?:\s+(?i:{_PART_OF_DAY}))?",
        "day_relative", "yesterday",
    ),
    Rule("year_to_date", "relative", rf"(?i:(?P<w>{trie_regex(YEAR_TO_DATE)}))", "year_to_date", "ytd"),
    Rule(
        "part_of_day_relative", "relative",
        rf"(?i:(?P<mod>this|last|yesterday|tomorrow|tmrw?)\s+{_PART_OF_DAY})",
        "part_of_day", "last night",
    ),
    Rule(
        "unit_relative", "relative",
        rf"(?i:(?:(?P<the>the)\s+)?(?P<mod>{trie_regex(UNIT_MODIFIERS)})"
        rf"\s+(?P<unit>{_units('year', 'month', 'week', 'weekend', 'decade', 'century', 'fortnight', 'quarter', plural=False)}))(?!\s+of\s)",
        "unit_relative", "last year",
    ),
    Rule(
        "unit_before_after", "anaphoric",
        rf"(?i:the\s+(?P<unit>{_units('year', 'month', 'week', 'day', plural=False)})\s+(?P<dir>before|after|earlier|later|previous|prior))(?!\s+(?:the|a|an|his|her|their|its|last|next)\b)",
        "unit_before_after", "the year before",
    ),
    Rule(
        "day_anaphoric", "anaphoric",
        r"(?i:(?:the\s+)?(?P<mod>same|next|following|previous|preceding|that|this)\s+(?P<unit>day|morning|afternoon|evening|night|hour)"
        r"|the\s+(?P<unit2>day|week)(?!\s+(?:before|after|earlier|later|previous|prior|of)\b))",
        "day_anaphoric", "the following day",
    ),
    Rule(
        "weekday_the_day", "date",
        rf"{weekday_group()},?\s+(?i:the)\s+{day_group()}(?:st|nd|rd|th)?",
        "weekday_the_day", "Friday the 13th",
    ),
    Rule(
        "weekday", "relative",
        rf"(?:(?P<mod>(?i:last|next|nxt|this|on|coming|past|every|this\s+past|this\s+coming))\s+)?{weekday_group()}(?!\.?,?\s*(?:(?i:the)\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s*(?:(?i:of)\s+)?{_MONTH_NAME}|{_MONTH_NAME}\.?\s*\d))(?:\s+(?i:{_PART_OF_DAY}))?",
        "weekday", "last Friday",
    ),
    # --- months without a year ---
    # (a year named relative to the moment of writing may follow: "in August last year", "on 3 May of next year")
    Rule(
        "month_day", "anaphoric",
        rf"{_WEEKDAY_PREFIX}(?:{month_group()}\.?\s*{day_group()}(?!\s*(?:[:.]\d|%|,?\s*\d))|(?:(?i:the)\s+)?{day_group('day2')}\s*(?:(?i:of)\s+)?{month_group('month2')}(?![.,]?\s*['’]?\d)){_OF_RELATIVE_YEAR}",
        "month_day", "March 3",
    ),
    Rule(  # "on may 4", "a march 3 memo", "until 12 may": a verb-form month and a day after a dating word
        # or an article, or before the end of the clause ("held may 4."), as lower-cased summaries
        # write every month ("you may 3d-print", "troops march 5 miles" are verbs)
        "verb_month_day", "anaphoric",
        rf"(?:{after_words_lookbehind(VERB_MONTH_DAY_CUES)}|(?=[a-z]+\s+\d{{1,2}}(?:st|nd|rd|th)?\s*(?:[.,;:!?)\]]|$)))(?:(?P<month>{trie_regex(VERB_MONTHS)})\s+{day_group()}(?!\s*(?:[:.]\d|%|,?\s*\d))"
        rf"|{day_group('day2')}\s+(?:of\s+)?(?P<month2>{trie_regex(VERB_MONTHS)})(?![.,]?\s*['’]?\d)){_OF_RELATIVE_YEAR}",
        "month_day", "may 4",
    ),
    Rule(
        "month_bare", "anaphoric",
        rf"(?:(?P<mod>(?i:last|next|nxt|this|that|in|early|late|mid|since|until|till|by|during|from|through|before|after|throughout|of|the\s+month\s+of|in\s+early|in\s+late|in\s+mid))[\s-]+)?{month_group()}{_NO_DAY_OR_YEAR_AFTER}{_OF_RELATIVE_YEAR}",
        "month_bare", "in March",
    ),
    Rule(  # "in may", "since march", "mid-may" in lower-cased text: the verb forms after a dating word
        "verb_month_bare", "anaphoric",
        rf"(?<![\w.])(?P<mod>{trie_regex(VERB_MONTH_ALONE_CUES)})[\s-]+(?P<month>{trie_regex(VERB_MONTHS - {'mar'})})"
        rf"(?![\w'’-]){_NO_DAY_OR_YEAR_AFTER}",
        "month_bare", "in may",
    ),
    # --- present/past/future references (TIMEX3 *_REF: mentions without years) ---
    Rule(
        "ref_word", "relative",
        rf"(?i:(?P<w>{phrase_regex(w for w in REF_WORDS if w not in _REF_GUARDS)}"
        rf"|{'|'.join(phrase_regex([w]) + guard for w, guard in _REF_GUARDS.items())}))",
        "ref_word", "currently",
    ),
    # --- bare parts of day and the weekend: anaphoric (same day as the last date, else the reference) ---
    Rule(
        "part_of_day_bare", "anaphoric",
        rf"(?:(?P<mod>(?i:the|this|at|in\s+the|during\s+the|last|every|each))\s+)?(?P<part>(?i:{trie_regex(PARTS_OF_DAY.keys() | BARE_PART_WORDS)}))",
        "part_of_day_bare", "midnight",
    ),
    # --- short years read from the evidence before them (last: at a start they share, every
    # other rule goes first: "in 12 March", "in 3 years ago") ---
    Rule(  # a circa, regnal, floruit or life mark: c. 570, r. 871–899, reigned 786–809, fl. 700, (c. 570 – 8 June 632)
        "marked_year", "year",
        # (not a day: "c. 28 December 1946" is a circa date, read from its day on)
        rf"{mark_group()}\s*{short_year_group('y1')}(?!(?:st|nd|rd|th)?\s*(?:of\s+)?{_MONTH_NAME})(?:\s*{_ERA_AFTER})?"
        rf"(?:\s*(?P<sep>--|-|–|—|\s(?i:to|until|till)\s)\s*(?:{mark_group('mark2')}\s*)?"
        rf"(?:{day_group('d2')}\s+{month_group('m2')}\.?,?\s+)?(?:(?P<y2>{YEAR4})(?!\d)|{short_year_group('y2s')}))?",
        "marked_year", "c. 570",
    ),
    Rule(  # a range of short years alone in brackets: "The Tang dynasty (618–907)"
        "bracketed_range", "range",
        rf"\(\s?{short_year_group('y1')}\s*(?:--|-|–|—)\s*{short_year_group('y2')}\s?\)",
        "bracketed_range", "(618–907)",
    ),
    Rule(  # from 786 until 809, ruled from 618 to 907 (``interpret.ranges.from_range`` says when "to" is a reign), from 843 until her death
        "from_range", "range",
        rf"(?i:from)\s+{short_year_group('y1')}(?:\s+(?P<sep>(?i:to|until|till))\s+{short_year_group('y2')}"
        rf"|(?=\s+(?i:until|till)\s+(?![\d\s])))",
        "from_range", "from 786 until 809",
    ),
    Rule(  # in 476, by 410, around 610: a year when the paragraph is dated in the same era (``context_rules.dated_in_era``)
        "in_year", "year",
        # (not before what another rule reads from the number on: "in 12 March", "by 21 march" (a day and
        # month, the lower-case verb forms included), "by 5 pm", "in 3 years ago", "about 320 to 550 CE")
        rf"(?P<cue>{trie_regex(IN_YEAR_WORDS + APPROXIMATE_WORDS)})\s+{short_year_group()}"
        rf"(?!(?<!\d\d\d)\s*{trie_regex(VERB_MONTHS)}(?![a-z]))"
        rf"(?!\s*(?:[-–/%]|:\d|{_MONTH_NAME}|{trie_regex(ERA_WORDS)}(?!\w)|(?i:[ap]\.?m\b|{trie_regex(UNIT_WORDS)})(?![a-z]))"
        rf"|\s+(?i:to|until)\s+\d{{1,4}}\s*{trie_regex(ERA_WORDS)}(?!\w))",
        "in_year", "in 476",
    ),
)  # fmt: skip


def compile_rule(rule: Rule) -> re.Pattern:
    """The rule on its own, with its named groups (used to read a match's parts)."""
    return re.compile(MENTION_START + "(?:" + rule.pattern + ")" + MENTION_END)


def scanning_body(rule: Rule) -> str:
    """The rule for the combined scanners: groups made non-capturing, plus an empty group named
    after the rule at the end, so ``match.lastgroup`` names the rule. (Few capturing groups keep
    the regex engine from saving hundreds of group marks at every alternative it tries.)
    Groups used by a back-reference stay capturing, prefixed with the rule name."""
    backrefs = set(re.findall(r"\(\?P=(\w+)\)", rule.pattern))

    def group(m: re.Match) -> str:
        return f"(?P<{rule.name}__{m.group(1)}>" if m.group(1) in backrefs else "(?:"

    body = re.sub(r"\(\?P<(\w+)>", group, rule.pattern)
    body = re.sub(r"\(\?P=(\w+)\)", rf"(?P={rule.name}__\1)", body)
    return f"(?:{body})(?P<{rule.name}>)"


def combine(rules) -> re.Pattern:
    """One alternation of ``rules`` in order; ``match.lastgroup`` is the matching rule's name."""
    return re.compile(MENTION_START + "(?:" + "|".join(scanning_body(r) for r in rules) + ")" + MENTION_END)


RULES_BY_NAME: dict[str, Rule] = {r.name: r for r in RULES}


class _CompiledOnFirstUse(dict):
    """Rule name -> its compiled regex, compiled when first looked up: a process that reads a few
    rules does not pay for compiling all of them at import. Iterating or ``len`` compiles all."""

    def __missing__(self, name: str) -> re.Pattern:
        value = self[name] = compile_rule(RULES_BY_NAME[name])
        return value

    def _complete(self) -> None:
        for name in RULES_BY_NAME.keys() - self.keys():
            self[name]

    def __iter__(self):
        self._complete()
        return super().__iter__()

    def __len__(self) -> int:
        return len(RULES_BY_NAME)

    def __contains__(self, name: object) -> bool:
        return name in RULES_BY_NAME

    def keys(self):
        self._complete()
        return super().keys()

    def values(self):
        self._complete()
        return super().values()

    def items(self):
        self._complete()
        return super().items()

    def get(self, name, default=None):
        return self[name] if name in RULES_BY_NAME else default


#: Rule name -> the rule's own regex (its named groups are read from a match of it).
RULE_REGEX: dict[str, re.Pattern] = _CompiledOnFirstUse()


def __getattr__(name: str):
    # ``SCANNER``, the single full scanner: first rule in table order wins at a position (the
    # reference implementation; ``scanner.iter_matches`` gives the same matches faster). Compiled
    # on first use: it is the largest regex of the package.
    if name == "SCANNER":
        value = globals()["SCANNER"] = combine(RULES)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

# ---------------------------------------------------------------------------------------------
# Triggers: the words the fast scanner (``scanner.py``) looks for
# ---------------------------------------------------------------------------------------------

#: The word the scanner looks for in each holiday and named period, and in the fiscal-year and
#: "AD 14" rules (every match of those rules contains one; the tests generate a text for every
#: alternative of every such pattern and check the fast scanner finds what the full one finds).
KEYWORD_TRIGGERS = frozenset(
    """christmas xmas boxing halloween valentine valentines patrick fools independence bastille canada
    australia fawkes bonfire remembrance veterans armistice easter thanksgiving labor labour memorial hallowe
    mother mothers father fathers diwali hanukkah chanukah ramadan eid
    war wars ww w.w wwi wwii depression recession era age ages period revolution renaissance enlightenment
    race bowl famine prohibition
    fiscal fy ad a.d millennium""".split()
)


#: Where a rule of the CJK section that opens with a letter can start (a number opens the others):
#: a letter that begins one of its words, a weekday, 第 or a numeral before a quarter, or 十 (10)
#: before a month. Scripts without spaces have no words to split off, so a trigger is that one
#: letter (the next one may start another: "目前年" holds 目前 and 前年), found by what follows it
#: (the scanner runs this only on texts with CJK letters), and the rules tried there are those
#: that can start with it (tests/focus_time/test_cjk_numerals.py checks every letter a rule can
#: start with is a trigger).
_CJK_TRIGGER_WORDS = (
    *CJK_RELATIVE_YEARS, *CJK_MORE_RELATIVE_YEARS, *CJK_ANAPHORIC_YEARS, *CJK_RELATIVE_DAYS, "今晚",
    *CJK_RELATIVE_UNITS, *CJK_HALVES, *CJK_REF_WORDS, *CJK_ERAS,
)


def _cjk_trigger() -> str:
    """``CJK_TRIGGER``: each first letter, then a lookahead for the rest of what it may begin
    (an alternation of letters first: the regex engine skips in C to the next of them)."""
    rests: dict[str, set[str]] = {}
    weekday = f"[{''.join(CJK_WEEKDAY_NUMBERS)}]"
    forms = [(w[0], phrase_regex([w[1:]]) if w[1:] else "") for w in _CJK_TRIGGER_WORDS]
    forms += [(w[0], f"{re.escape(w[1:])}{weekday}") for w in CJK_WEEKDAY_WORDS]
    forms += [(m, f"(?:{trie_regex(CJK_WEEKDAY_WORDS)}){weekday}") for m in (*CJK_WEEKDAY_WEEKS, CJK_EVERY)]
    forms += [(c, "曜日|요일") for c in CJK_WEEKDAY_LETTERS]
    forms += [("第", r"[ \t]?[1-4一二三四]"), (CJK_TEN, r"[ \t]?[月월]")]
    forms += [(c, r"[ \t]?(?:季度|四半期)") for c in "一二三四"]
    for first, rest in forms:
        rests.setdefault(first, set()).add(rest)
    return "|".join(
        re.escape(c) + ("" if "" in alts else "(?=" + "|".join(sorted(alts)) + ")") for c, alts in sorted(rests.items())
    )


CJK_TRIGGER = _cjk_trigger()
CJK_TRIGGER_CHARS = frozenset(
    {w[0] for w in (*_CJK_TRIGGER_WORDS, *CJK_WEEKDAY_WORDS, *CJK_WEEKDAY_WEEKS, CJK_EVERY)}
    | set(CJK_WEEKDAY_LETTERS) | {CJK_TEN, "第", "一", "二", "三", "四"}
)


def _last_words(phrases) -> set[str]:
    return {p.split()[-1] for p in phrases}


#: Every word that can be a temporal mention's trigger (besides digits, "'08", "Q3" and "x'mas",
#: which the scanner matches by shape, and ``CJK_TRIGGER``): read from the tables above, never listed twice.
TRIGGER_WORDS: frozenset[str] = frozenset(
    set(MONTHS) | set(WEEKDAYS) | set(PARTS_OF_DAY) | BARE_PART_WORDS | set(SEASONS)
    | _last_words(DAY_OFFSETS) | YEAR_TO_DATE | set(UNIT_WORDS) | _last_words(REF_WORDS)
    | {w for p in REF_WORDS for w in p.split() if w not in ("in", "at", "the", "right", "these", "near")}
    | set(DECADE_WORDS) | KEYWORD_TRIGGERS | {"half"} | set(REVERSED_PART_CODES) | set(HALF_CODES)
)
