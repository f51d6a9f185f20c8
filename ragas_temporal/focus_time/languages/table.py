"""A language's rule table, built on first use from its vocabulary, run with the neutral rules.

The rules of a language are the shapes dates take in it, written with its words (``vocabulary``):
day-month-year ("9. November 1989", "12 de octubre de 1492", "12 апреля 1961 года"), month and
year, numeric dates in the locale's date order ("20.07.1969" is 20 July in a DMY locale), ranges
of years with the language's range words ("von 1982 bis 1998", "с 1941 по 1945"), years named by a
year noun after them ("в 1961 году", "w 1918 roku"), and relative phrases against the reference date
("gestern", "letztes Jahr", "vor zwei Jahren"). They run together with the rules of the English
table that read digits only (``NEUTRAL_RULES``: ISO dates, bare years, year ranges, CJK dates).

No rule here computes a value: a match's groups are translated to the English table's words
(``TranslatedGroups``: "November" -> "november", "octubre" -> "october", "zwei" -> "2") and read by
the English interpreters, so every language gets the same TIMEX values, kinds and spans.

A bare year is a count when a count noun of the language follows it ("1500 Mitglieder", "1500
habitants"), a unit word ("1500 Jahre"), or in German a plural-shaped capitalised noun ("2000
Dörfer"; "1882 Assab" is a year), unless a year cue
comes before it ("seit 1990 Teil der EU"): ``_counted``.

>>> table = language_table("de")
>>> [(rule, m.group()) for rule, m in table.iter_matches("Die Mauer fiel am 9. November 1989, nach 28 Jahren.")]
[('lang_dmy', '9. November 1989')]
"""

from __future__ import annotations

import functools
import re
from typing import Callable, NamedTuple

from ragas_temporal.focus_time import year_lexicon as lex
from ragas_temporal.focus_time.context_rules import dated_in_era, is_round, tense
from ragas_temporal.focus_time.interpret import INTERPRETERS, Context, Groups, Reading
from ragas_temporal.focus_time.interpret.calendar_math import qualified_years, tensed_year, valid_day
from ragas_temporal.focus_time.interpret.core import NARRATIVE_YEARS, Anchor, unresolved_reading
from ragas_temporal.focus_time.languages.dispatch import DispatchScanner
from ragas_temporal.focus_time.languages.vocabulary import Vocabulary, vocabulary
from ragas_temporal.focus_time.patterns import (
    DECADE_WORDS,
    MONTHS,
    PARTS_OF_DAY,
    WEEKDAYS,
    MENTION_END,
    MENTION_START,
    RULE_REGEX,
    SENTENCE_CLOSING_MARKS,
    SENTENCE_END_MARKS,
    RULES_BY_NAME,
    YEAR4,
    Rule,
    phrase_regex,
    scanning_body,
    trie_regex,
)

#: The rules of dates written with CJK unit characters (``cjk_*``, in table order): they read
#: no English word, and every language runs them.
_CJK_RULES = tuple(name for name in RULES_BY_NAME if name.startswith("cjk_"))
#: Rules of the English table that read no English word: every language runs them (after its own).
NEUTRAL_RULES = ("iso_date", "numeric_ymd", *_CJK_RULES, "year_range", "clock_hhmm", "bare_year")
#: Languages written without spaces: a mention may end right before a letter ("去年中国").
_UNSPACED = frozenset({"zh", "ja"})
#: English words the interpreters read for a relative phrase: (n, unit, direction) -> rule and groups.
_DAY_WORDS = {(0, "ago"): "today", (1, "ago"): "yesterday", (2, "ago"): "the day before yesterday",
              (0, "in"): "today", (1, "in"): "tomorrow", (2, "in"): "the day after tomorrow"}  # fmt: skip
_UNIT_MODIFIER = {(0, "ago"): "this", (0, "in"): "this", (1, "ago"): "last", (1, "in"): "next", (1, "prior"): "last"}
_DIRECTION = {"ago": "ago", "in": "from now"}
_DASHES = ("--", "-", "–", "—")
#: Punctuation closing a word ("Mitglieder." is the word "Mitglieder").
_CLOSING = ".,;:!?)]}»”’'\"।،؟"
#: Punctuation opening a word ("(seit", "«en").
_OPENING = "([{«“„‘\"'¿¡"
#: A character glued before a number that makes it part of a date ("9/2010", "01.2010").
_DATE_GLUE = frozenset("/.-")


class TranslatedGroups(Groups):
    """A match's groups in the English table's words: the language's words looked up in
    ``words`` (lower case; a group named in ``own_words`` in its own dict: "morgen" is "tomorrow"
    before a part of the day and "morning" as one), fixed values (``fixed``) for groups the English
    rule has and this one does not ("dir": "ago"), and ``alias``: a group read from another when
    absent (a modifier after the weekday, "lunes pasado", is the English one before it)."""

    __slots__ = ("words", "fixed", "own_words", "alias")

    def __init__(self, match: re.Match, words: dict[str, str], fixed: dict[str, str] | None = None,
                 own_words: dict[str, dict[str, str]] | None = None, alias: dict[str, str] | None = None):  # fmt: skip
        super().__init__(match)
        self.words, self.fixed, self.own_words, self.alias = words, fixed or {}, own_words or {}, alias or {}

    def __call__(self, name: str) -> str | None:
        if name in self.fixed:
            return self.fixed[name]
        value = super().__call__(name)
        if value is None and name in self.alias:
            value = super().__call__(self.alias[name])
        if value is None:
            return None
        return self.own_words.get(name, self.words).get(" ".join(value.lower().split()), value)


class LanguageTable(NamedTuple):
    """One language's scanner and what reads each rule's match."""

    code: str
    scanner: re.Pattern  # every rule in one alternation (``match.lastgroup`` names the rule): the reference
    readers: dict[str, tuple[Callable, str]]  # rule -> (interpreter, kind), as extract._READER_OF_RULE
    rule_regex: dict[str, re.Pattern]  # rule -> its own regex (the match's named groups), as patterns.RULE_REGEX
    words: dict[str, str]  # the language's words -> the English table's
    fast: DispatchScanner | None = None  # the same matches as ``scanner``, faster

    def iter_matches(self, text: str) -> list[tuple[str, re.Match]]:
        """``(rule name, match)`` left to right, non-overlapping (same contract as ``scanner.iter_matches``)."""
        if self.fast is not None:
            return self.fast.iter_matches(text)
        return self.iter_matches_reference(text)

    def iter_matches_reference(self, text: str) -> list[tuple[str, re.Match]]:
        """The same by the whole alternation (slower; the tests compare both)."""
        return [(m.lastgroup, m) for m in self.scanner.finditer(text)]

    def groups(self, match: re.Match) -> Groups:
        return TranslatedGroups(match, self.words)


def _words_regex(words, *, spaced: bool = True) -> str:
    """A case-insensitive alternation of ``words`` (any whitespace inside a phrase); not inside a word."""
    body = phrase_regex(words) if spaced else trie_regex(words)
    return rf"(?i:{body})"


def _guarded_regex(words, v: Vocabulary) -> str:
    """``_words_regex(words)``, a word listed in ``not_after`` only where none of its words comes
    right before it ("la mañana" is the morning; "sans précédent", "Jeux d'hiver"): after a
    space, or glued after one ending in an apostrophe (an elision: "d'")."""
    loose = [w for w in words if w.lower() not in v.not_after]
    guarded = [w for w in words if w.lower() in v.not_after]
    glue = lambda w: re.escape(w) if w.endswith(("'", "’")) else rf"{re.escape(w)}\s"  # noqa: E731
    return "|".join(
        ([_words_regex(loose)] if loose else [])
        + ["".join(rf"(?<!(?i:{glue(b)}))" for b in v.not_after[w.lower()]) + _words_regex([w]) for w in guarded]
    )


def _month(v: Vocabulary, name: str = "month") -> str:
    # a name or abbreviation; not followed by a letter ("mar" is not "martes")
    return rf"(?P<{name}>{_words_regex(v.months)})(?!\w)"


def _suffix(v: Vocabulary) -> str:
    return rf"(?:{trie_regex(v.day_suffixes)})?" if v.day_suffixes else ""


def _day(v: Vocabulary) -> str:
    # or a word for the day ("el primero de mayo", "le premier mai"), read as its number
    words = rf"|{_words_regex(v.day_words)}(?!\w)" if v.day_words else ""
    return rf"(?P<day>3[01]|[12]\d|0?[1-9]{words})(?!\d){_suffix(v)}"


def _opt(words, fmt: str = r"(?:{}\s+)?") -> str:
    return fmt.format(_words_regex(words)) if words else ""


def _year_after(v: Vocabulary, name: str = "year") -> str:
    """A four-digit year, then the language's year noun or suffix if written ("1961 года")."""
    after = tuple(v.year_nouns) + tuple(v.year_suffixes)
    tail = rf"(?:\s*{_words_regex(after)}(?!\w))?" if after else ""
    return rf"(?P<{name}>{YEAR4})(?!\d){tail}"


def _date_rules(v: Vocabulary) -> list[Rule]:
    if not v.months or all(any(c.isdigit() for c in w) for w in v.months):
        return []  # zh, ja, ko: month names are digits and 月/월 (the CJK rules of the English table)
    weekday = rf"(?:{_words_regex(w for w in v.weekdays if len(w) > 3)},?\s+)?" if v.weekdays else ""
    of = _opt(v.of_words)
    year = _year_after(v)
    if v.two_digit_years:  # "le 10 novembre 93,": two digits before punctuation (a count has its noun after it)
        year = rf"(?:{year}|['’]?(?P<year_yy>\d\d)(?=\s*[,.;:!?)»]|\s*$))"
    return [
        Rule("lang_dmy", "date", rf"{weekday}{_day(v)}\s*{of}{_month(v)}\.?,?\s*{of}{year}{_clock_suffix(v)}", "ymd", ""),
        Rule("lang_month_year", "date", rf"{_month(v)}\.?,?\s*{of}{_year_after(v)}", "month_year", ""),
    ]


def _clock_suffix(v: Vocabulary) -> str:
    """A clock time written right after a date, after a clock word ("6.03.2010 r. godz. 10.00",
    "9 kwietnia o godzinie 10:00", "w środę o godz. 12"): part of the date's mention (groups ``ch``,
    ``cmi``; the hour alone only after the clock word). Only in a language that says so
    (``clock_links``): French TimeML annotates "le jeudi 23 mai" and "à 20 h 30" apart."""
    if not v.clock_before or not v.clock_links:
        return ""
    link = _opt(v.clock_links)
    return rf"(?:,?\s*{link}{_words_regex(v.clock_before)}\s*(?P<ch>[01]?\d|2[0-3])(?:[.:](?P<cmi>[0-5]\d))?(?![\d.,:]\d)(?!\w))?"


def _numeric_rule(v: Vocabulary) -> list[Rule]:
    """Day and month in digits, in the locale's order: 20.07.1969 (DMY), 07/20/1969 (MDY); a
    weekday before and the year noun and a clock time after are part of the date ("wtorek,
    15.08.2006 r. godz. 16.30"); the first day of a pair of days ("6" of "6-7.03.2010r.")."""
    day, month = r"(?P<day>0?[1-9]|[12]\d|3[01])", r"(?P<month>0?[1-9]|1[0-2])"
    first, second = (day, month) if v.date_order.startswith("D") else (month, day)
    if v.date_order.startswith("Y"):
        return []  # the English table's numeric_ymd reads 1969/07/20
    weekday = rf"(?:{_words_regex(w for w in _alone(v.weekdays) if len(w) > 3)},?\s+)?" if v.weekdays else ""
    noun = rf"(?:\s*{_words_regex(v.year_nouns)}(?!\w))?" if v.year_nouns else ""
    # not inside a longer number or date; after a day and a dash only ("6-7.03.2010": a pair)
    start = r"(?=\d)(?:(?<![\d/.:,-])|(?<=(?<![\d/.:,-])\d-)|(?<=(?<![\d/.:,-])\d\d-))"  # (a digit first: cheap)
    rules = [
        Rule(
            "lang_numeric", "date",
            rf"{weekday}{start}{first}(?P<sep>[/.-]){second}(?P=sep)(?P<year>{YEAR4})(?!\d|[/.:-]\d){noun}{_clock_suffix(v)}", "ymd", "",
        )
    ]
    if v.date_order.startswith("D"):
        rules.append(Rule(
            "lang_numeric_pair", "date",
            rf"(?<![\d/.:,-])(?P<day>0?[1-9]|[12]\d|3[01])(?=\s*[-–]\s*(?:0?[1-9]|[12]\d|3[01])(?P<sep>[/.])(?P<month>0?[1-9]|1[0-2])(?P=sep)(?P<year>{YEAR4})(?!\d))",
            "ymd", "",
        ))
    return rules  # fmt: skip


def _range_rules(v: Vocabulary) -> list[Rule]:
    """von 1982 bis 1998, de 1914 à 1918, с 1941 по 1945 (год), del 1939 al 1945, w latach 1939–1945."""
    if not v.range_from:
        return []
    links = tuple(v.range_to) + _DASHES
    return [
        Rule(
            "lang_year_range", "range",
            rf"{_words_regex(v.range_from)}\s+(?P<y1>{YEAR4})(?!\d)\s*(?P<sep>{_words_regex(links)})\s*{_year_after(v, 'y2')}",
            "year_range", "",
        )
    ]  # fmt: skip


def _year_noun_rule(v: Vocabulary) -> list[Rule]:
    """A number of one to four digits named a year by the noun after it: в 988 году, w 1918 roku."""
    if not v.year_nouns:
        return []
    return [Rule("lang_year_noun", "year", rf"(?P<year>[1-9]\d{{0,3}})(?!\d)\s*{_words_regex(v.year_nouns)}(?!\w)", "the_year", "")]


def _relative_rules(v: Vocabulary) -> tuple[list[Rule], dict[str, tuple[str, dict[str, str]]]]:
    """Rules of the relative phrases and patterns; for each rule, the English interpreter and groups."""
    rules, readers = [], {}
    numbers = rf"\d{{1,4}}|{_words_regex(v.numbers)}" if v.numbers else r"\d{1,4}"
    # one-character number words (二, 两, 이) read alone, never the end of a longer numeral
    # ("二十三年前" is not "三年前"; longer CJK numerals are the CJK numeral reader's)
    digits = "".join(sorted(w for w in v.numbers if len(w) == 1))
    if digits:
        numbers = rf"(?<![{digits}])(?:{numbers})"
    spaced = v.code not in _UNSPACED and v.code != "ko"
    # one rule for every phrase (a rule per meaning would make the scanner try a dozen more
    # alternatives at each word); the phrase read picks its English reader (``_by_phrase``)
    phrases = list(v.relative)
    exact = [p for p in phrases if p in v.case_sensitive]  # "morgen" is tomorrow, "Morgen" the morning
    guarded = [p for p in phrases if p in v.not_after and p not in v.case_sensitive]  # not "la mañana"
    loose = [p for p in phrases if p not in v.case_sensitive and p not in v.not_after]
    if phrases:
        body = "|".join(
            ([_words_regex(loose, spaced=spaced)] if loose else []) + ([phrase_regex(exact)] if exact else [])
            + ([_guarded_regex(guarded, v)] if guarded else [])
        )  # fmt: skip
        rules.append(Rule("lang_relative", "relative", rf"(?P<w>{body})", "day_relative", ""))
        readers["lang_relative"] = ("by phrase", {p: _relative_reader(*meaning) for p, meaning in v.relative.items()})
    patterns: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for before, after, unit, direction in v.relative_patterns:
        patterns.setdefault((unit, direction), []).append((before, after))
    for (unit, direction), forms in patterns.items():
        name = f"lang_ago_{unit}_{direction}"
        befores = {b for b, _ in forms}
        afters = {a for _, a in forms}
        before = _words_regex(befores - {""}) + ("?" if "" in befores else "") if befores - {""} else ""
        body = rf"{before}(?P<num>{numbers})(?!\d){_words_regex(afters)}"
        readers[name] = ("ago", {"unit": unit + "s", "dir": _DIRECTION[direction]})
        rules.append(Rule(name, "relative", body, "ago", ""))
    return rules, readers


def _alone(forms: dict[str, int]) -> list[str]:
    """The forms of month or weekday names that stand alone as one: not an abbreviation, i.e.
    not the start of a longer form of the same name ("jun" of "juni", "segunda" of
    "segunda-feira", "maj" of "maja"), and of four letters or more unless the name has no longer
    form ("Mai", "mai"). A nominative of four letters or more whose longer forms are its one-letter
    case endings stands alone ("luty" beside "lutym", "март" beside "марта"), and so does a form of
    six letters or more whose longer forms go on with letters (endings, no abbreviation is that
    long: "lipcowy" beside "lipcowych", "listopad" beside "listopadzie"; but "segunda" of
    "segunda-feira" is none).

    >>> sorted(_alone({"jun": 6, "juni": 6, "mai": 5, "mrz": 3, "märz": 3, "luty": 2, "lutym": 2, "lipcowy": 7, "lipcowych": 7}))
    ['juni', 'lipcowy', 'lipcowych', 'luty', 'lutym', 'mai', 'märz']
    >>> _alone({"segunda": 0, "segunda-feira": 0})
    ['segunda-feira']
    """
    by_name: dict[int, list[str]] = {}
    for w, i in forms.items():
        by_name.setdefault(i, []).append(w)

    def abbreviation(w: str, i: int) -> bool:
        longer = [o for o in by_name[i] if o != w and o.startswith(w)]
        if longer and len(w) >= 6 and all(o[len(w)].isalpha() for o in longer):
            return False  # "lipcowy" of "lipcowych": inflections
        return bool(longer) and not (len(w) >= 4 and all(len(o) == len(w) + 1 for o in longer))

    return [
        w for w, i in forms.items()
        if not abbreviation(w, i) and (len(w) >= 4 or len(w) == max(map(len, by_name[i])))
    ]  # fmt: skip


def _mods(v: Vocabulary, *meanings: str) -> list[str]:
    return [w for w, m in v.modifiers.items() if m in meanings]


def _name_rules(v: Vocabulary) -> list[Rule]:
    """Days, months and weekdays without a year, read as English reads them: "31. August",
    "el 12 de octubre", "10 sierpnia" (``month_day``); "im Mai", "Ende Juni", "mi-juin"
    (``month_bare``); "el pasado lunes", "dimanche soir", "w piątek" (``weekday``)."""
    if not v.months or all(any(c.isdigit() for c in w) for w in v.months):
        return []  # zh, ja, ko: the CJK rules read their days and months
    months = _alone(v.months)
    abbreviations = [w for w in v.months if w not in months]
    month = rf"(?P<month>{_words_regex(months)}(?!\w)" + (rf"|{_words_regex(abbreviations)}(?=\.)" if abbreviations else "") + ")"
    weekday = rf"(?:{_words_regex(w for w in v.weekdays if len(w) > 3)},?\s+)?" if v.weekdays else ""
    of = _opt(v.of_words)
    # not before a year, a clock time or a number ("3. Mai 1945" is lang_dmy's, "12 de mayo de 1492" too)
    moved = _mods(v, "last", "next")
    mod = rf"(?:(?P<mod>{_words_regex(moved)})\s+)?" if moved else ""
    # the modifier also after it: "le 11 septembre dernier", "septembre dernier"
    after = rf"(?:\s+(?P<mod2>{_words_regex(moved)})(?!\w))?" if moved else ""
    # a part of the day after it ("czwartek 18 października rano": TIMEX3 "...TMO"), as after a weekday
    part = rf"(?:\s+{_opt(v.part_links)}(?P<part>{_words_regex(v.parts_of_day)})(?!\w))?" if v.parts_of_day else ""
    rules = [Rule("lang_day_month", "anaphoric", rf"{mod}{weekday}{_day(v)}\s*{of}{month}(?!\.?,?\s*{of}\d){after}{part}{_clock_suffix(v)}", "month_day", "")]
    if v.range_to:  # the first day of two sharing a month: "3." of "am 3. und 4. Mai", "12" of "12 y 13 de mayo", "5" of "el 5 y el 6 de junio"
        link = _words_regex(tuple(v.range_to) + _DASHES)
        rules.append(Rule(
            "lang_day_of_pair", "anaphoric",
            rf"{_day(v)}(?=\s*{link}\s*(?:[^\W\d_]{{1,3}}\s+)?(?:3[01]|[12]\d|0?[1-9])(?!\d){_suffix(v)}\s*{of}{month}(?:\.?,?\s*{of}{_year_after(v)})?)",
            "month_day", "",
        ))  # fmt: skip
    if v.part_of_links and v.parts_of_day:  # "am Morgen des 6. Juni", "la mañana del 6 de junio"
        rules.append(Rule(
            "lang_part_of_date", "date",
            rf"(?P<part>{_words_regex(v.parts_of_day)})\s+{_words_regex(v.part_of_links)}\s+{_day(v)}\s*{of}{month}"
            rf"(?:\.?,?\s*{of}{_year_after(v)})?", "month_day", "",
        ))  # fmt: skip
        if v.weekdays and v.bare_names:  # "la nuit de samedi à dimanche", "la noche del lunes": the first day's part
            names = _words_regex(_alone(v.weekdays))
            to = rf"(?:\s+{_words_regex(v.range_to)}\s+{names}(?!\w))?" if v.range_to else ""
            rules.append(Rule(
                "lang_part_of_weekday", "relative",
                rf"(?P<part>{_words_regex(v.parts_of_day)})\s+{_words_regex(v.part_of_links)}\s+(?P<weekday>{names})(?!\w){to}", "weekday", "",
            ))  # fmt: skip
    if v.day_nouns:  # "el día 8": a day of the month of the last date ("el día 3 de mayo" is lang_day_month's)
        rules.append(Rule(
            "lang_day_noun", "anaphoric",
            rf"{_words_regex(v.day_nouns)}\s+{_day(v)}(?![.,:]\d)(?!\s*{of}{month})", "month_day", "",
        ))  # fmt: skip
    if not v.bare_names:
        return rules
    month_mods = _mods(v, "early", "mid", "late", "last", "next", "this")
    mod = rf"(?:(?P<mod>{_words_regex(month_mods)})[\s-]*{of})?" if month_mods else ""
    if v.halves:  # "w pierwszej połowie maja": the month's half (TIMEX3 "2011-05-H1"), ``_with_suffix``
        mod = rf"(?:(?P<half>{_words_regex(v.halves)})\s+{of}|{mod})"
    # "junho do ano passado", "janeiro deste ano": the month of a year named relative to the reference
    rel_year = rf"(?:{_relative_year(v)})?" if _relative_year(v) else ""
    rules.append(Rule("lang_month_bare", "anaphoric", rf"{mod}(?P<month>{_words_regex(months)})(?!\w)(?!\.?,?\s*{of}\d){after}{rel_year}", "month_bare", ""))
    if v.weekdays:
        day_mods = _mods(v, "last", "next", "this", "every")
        before = rf"(?:(?P<mod>{_words_regex(day_mods)})\s+)?" if day_mods else ""
        after = rf"(?:\s+(?P<mod2>{_words_regex(day_mods)})(?!\w))?" if day_mods else ""
        part = rf"(?:\s+{_opt(v.part_links)}(?P<part>{_words_regex(v.parts_of_day)})(?!\w))?" if v.parts_of_day else ""
        names = _words_regex(_alone(v.weekdays))
        # or the part before it: "la mañana del miércoles", "am Abend des Montags"
        part_of = (
            rf"(?:(?P<part0>{_words_regex(v.parts_of_day)})\s+{_words_regex(v.part_of_links)}\s+)?"
            if v.parts_of_day and v.part_of_links else ""
        )  # fmt: skip
        rules.append(Rule("lang_weekday", "relative", rf"{part_of}{before}(?P<weekday>{names})(?!\w){after}{part}{_clock_suffix(v)}", "weekday", ""))
    return rules


def _day_part_rules(v: Vocabulary) -> list[Rule]:
    """A relative day or "this" and a part of the day: "heute Abend", "gestern Nacht", "ce soir",
    "esta noche", or one word for both, "anoche" (``part_of_day``); the now/recently/soon words:
    "ahora", "actuellement" (``ref_word``)."""
    rules = []
    days = [p for p, (n, unit, _) in v.relative.items() if unit == "day" and n <= 1]
    if v.parts_of_day and (days or _mods(v, "this")):
        rules.append(Rule(
            "lang_part_of_day", "relative",
            rf"(?P<mod>{_words_regex(days + _mods(v, 'this'))})\s+{_opt(v.part_links)}(?P<part>{_words_regex(v.parts_of_day)})(?!\w)", "part_of_day", "",
        ))  # fmt: skip
    if v.parts_of_day and v.part_articles:  # "dans la soirée", "la nuit", "en fin d'après-midi": the last date's day
        # not the part of a date written after it ("la nuit du 6 juin", "la nuit de lundi": lang_part_of_*)
        dated = "|".join([r"\d"] + ([_words_regex(_alone(v.weekdays))] if v.weekdays else []))
        not_dated = rf"(?!\s+{_words_regex(v.part_of_links)}\s+(?:{dated}))" if v.part_of_links else ""
        rules.append(Rule(
            "lang_part_of_day_bare", "anaphoric",
            rf"(?P<mod>{_words_regex(v.part_articles)})\s*(?P<part>{_words_regex(v.parts_of_day)})(?!\w){not_dated}", "part_of_day_bare", "",
        ))  # fmt: skip
    if v.day_part_words:  # one word for a day and its part: "anoche" (last night), "gestern" needs none
        rules.append(Rule("lang_day_part_word", "relative", rf"(?P<w>{_words_regex(v.day_part_words)})(?!\w)", "part_of_day", ""))
    if v.ref_words or v.ref_before_noun:
        # never before a date word: "en el pasado mes", "del pasado sábado" are the month's and the weekday's
        dates = _words_regex([*_alone(v.months), *_alone(v.weekdays), *v.units, *v.seasons, *v.parts_of_day])
        day = rf"\d\d?\s+{_opt(v.of_words)}{_words_regex(_alone(v.months))}"  # "del pasado 10 de diciembre", not "agora 20 por cento"
        not_date = rf"(?!\w)(?!\s+(?:(?:{dates})(?!\w)|{day}))"
        # an adjective ("las próximas elecciones", "la pasada campaña") only before a noun: a word
        # that is no function word (those of "detect" and not_counted_after), number nor date word
        stop = _words_regex([*v.not_counted_after, *v.of_words, *v.numbers])
        noun = rf"(?!\w)(?=\s+(?!(?:{stop}|{dates})(?!\w))[^\W\d_])"
        body = "|".join(
            ([rf"(?:{_guarded_regex(v.ref_words, v)}){not_date}"] if v.ref_words else [])
            + ([rf"{_words_regex(v.ref_before_noun)}{noun}"] if v.ref_before_noun else [])
        )
        rules.append(Rule("lang_ref_word", "relative", rf"(?P<w>{body})", "ref_word", ""))
    return rules


def _season_quarter_rules(v: Vocabulary) -> list[Rule]:
    """Seasons and quarters, with a year or without: "Frühjahr 1943", "el verano pasado", "Winter"
    (``season``); "o terceiro trimestre de 1998", "im dritten Quartal" (``quarter``)."""
    rules = []
    of = _opt(v.of_words)
    with_year = rf"\s+{of}(?P<year>{YEAR4})(?!\d)"
    year = rf"(?:{with_year})?"
    if v.seasons:
        mods = _mods(v, "last", "next", "this")
        before = rf"(?:(?P<mod>{_words_regex(mods)})\s+)?" if mods else ""
        after = rf"(?:\s+(?P<mod2>{_words_regex(mods)})(?!\w))?" if mods else ""
        # never glued to a number: "12-letni" is twelve years old
        rules.append(Rule("lang_season", "date", rf"(?<!\d-){before}(?P<s>{_guarded_regex(v.seasons, v)})(?!\w){year}{after}", "season", ""))
    # "do ano passado", "del año pasado": the quarter of a year named relative to the reference
    rel_year = "|" + _relative_year(v) if _relative_year(v) else ""
    if v.quarter_ordinals and v.quarter_words:
        rules.append(Rule(
            "lang_quarter", "date",
            rf"(?P<ord>{_words_regex(v.quarter_ordinals)})\s+{_words_regex(v.quarter_words)}(?!\w)(?:{with_year}{rel_year})?", "quarter", "",
        ))  # fmt: skip
    if v.same_period and v.a_year_before:  # "o período homólogo do ano passado", "de 1988" (before "trimestre" alone)
        rules.append(Rule(
            "lang_same_period", "relative",
            rf"{_words_regex(v.same_period)}\s+(?:{_words_regex(v.a_year_before)}|{of}(?P<year>{YEAR4})(?!\d))(?!\w)", "same_period", "",
        ))  # fmt: skip
    if v.quarter_articles and v.quarter_words:  # "no trimestre": the quarter the text reports on
        rules.append(Rule("lang_quarter_discussed", "anaphoric", rf"{_words_regex(v.quarter_words)}(?!\w)", "discussed_quarter", ""))
    return rules


def _after_article(interpret: Callable, articles: frozenset[str]) -> Callable:
    """``interpret`` of a bare quarter word only right after a definite article or demonstrative
    ("no trimestre", "durante o trimestre", "deste trimestre"): "um trimestre" is any quarter,
    "por trimestre" each one."""
    before = re.compile(r"(\w+)\s+$")

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        word = before.search(ctx.text, max(0, g.start - 16), g.start)
        if word is None or word.group(1).lower() not in articles:
            return None
        return interpret(g, ctx, kind)

    return reading


def _relative_year(v: Vocabulary) -> str:
    """A year named relative to the reference after a quarter or a month, with its preposition
    ("do ano passado", "del año pasado", "deste ano"): group ``rel``; "" without such phrases."""
    years = [p for p, (n, unit, _) in v.relative.items() if unit == "year" and n <= 1]
    return rf"\s+(?:\w{{1,3}}\s+)?(?P<rel>{_words_regex(years)})(?!\w)" if years else ""


def _anaphoric_rules(v: Vocabulary) -> tuple[list[Rule], dict[str, dict[str, tuple[str, dict[str, str]]]]]:
    """Phrases counted from the text's last date: "zwei Tage später", "tres años después"
    (``ago`` with "later"/"earlier"), not where the later word is a preposition, an object of
    ``later_objects`` after it ("six ans après sa victoire", "vinte anos depois de": a span after
    an event, as English "six years after his victory"); "am nächsten Tag", "im folgenden Jahr",
    "am selben Tag" (``unit_before_after``, ``day_anaphoric``: per phrase, its interpreter and
    fixed English groups)."""
    rules, fixed = [], {}
    if v.later_words and v.units:
        numbers = rf"\d{{1,3}}|{_words_regex(v.numbers)}" if v.numbers else r"\d{1,3}"
        # an elided object ends in its apostrophe: "avant l'élection"
        objects = rf"(?!\s*(?:{_words_regex(v.later_objects)})(?:(?!\w)|(?<=['’])))" if v.later_objects else ""
        rules.append(Rule(
            "lang_later", "anaphoric",
            rf"(?<![\d.,])(?P<num>{numbers})(?!\d)\s+(?P<unit>{_words_regex(v.units)})\s+(?P<dir>{_words_regex(v.later_words)})(?!\w){objects}",
            "ago", "",
        ))  # fmt: skip
    readers = {}  # one rule for every phrase, its reader picked by the phrase (as lang_relative)
    for phrase, (unit, n) in v.anaphoric.items():
        if n == 0 and unit == "day":
            readers[phrase] = ("day_anaphoric", {"mod": "same", "unit": "day"})
        elif n in (-1, 1):
            readers[phrase] = ("unit_before_after", {"unit": unit, "dir": "after" if n > 0 else "before"})
    if readers:
        # a day phrase may take a part of the day: "le lendemain matin", "la veille au soir"
        part = rf"(?:\s+{_opt(v.part_links)}(?P<part>{_words_regex(v.parts_of_day)}))?" if v.parts_of_day else ""
        rules.append(Rule("lang_anaphoric", "anaphoric", rf"(?P<w>{_words_regex(readers)}){part}(?!\w)", "day_anaphoric", ""))
        fixed["lang_anaphoric"] = readers
    return rules, fixed


#: The English modifier of a day counted from the text's last date, by its shift.
_DAY_SHIFT_MODS = {-1: "previous", 0: "same", 1: "next"}


def _with_day_part(without: Callable, words: dict[str, str], shift: int) -> Callable:
    """``without`` (a day counted from the text's last date), or with a part of the day written
    after it the English "the next morning" (``day_anaphoric``: the day, then "T" + MO/AF/EV/NI)."""
    with_part = _translated(INTERPRETERS["day_anaphoric"], words, fixed={"mod": _DAY_SHIFT_MODS[shift]}, alias={"unit": "part"})

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        return (with_part if g.match.group("part") else without)(g, ctx, kind)

    return reading


#: Roman numerals of centuries ("siglo XX", "XIXe siècle", "XX wieku").
_ROMAN = {r: str(i) for i, r in enumerate(
    "I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI".split(), 1)}  # fmt: skip


def _era_rules(v: Vocabulary) -> list[Rule]:
    """Centuries ("im 18. Jahrhundert", "siglo XX", "XIXe siècle", "XX wieku": ``century``) and
    years with an era ("499 v. Chr.", "44 a. C.": ``era_year``), read with the English era words."""
    rules = []
    era = rf"(?:\s*(?P<era>{_words_regex(v.eras)}))?" if v.eras else ""
    if v.century_words:
        number = rf"(?:(?P<n>[12]?\d)\.?(?:e|er|ème)?|(?P<r>(?-i:{trie_regex(_ROMAN)}))(?:e|ème)?)(?!\w)"
        word = rf"(?P<unit>{_words_regex(v.century_words)})(?!\w)"
        body = rf"{word}\s+{number}" if v.century_after else rf"{number}\s*{word}"
        rules.append(Rule("lang_century", "century", body + era, "century", ""))
    if v.eras:
        rules.append(Rule("lang_era_year", "year", rf"(?<![\d.,])(?P<year>\d{{1,4}})\s*(?P<era>{_words_regex(v.eras)})", "era_year", ""))
    return rules


def _decade_rules(v: Vocabulary) -> list[Rule]:
    """Decades after the words that name one: "los años 30", "la década de los noventa", "w latach
    70.", "latach 90-tych XX w.", "lata siedemdziesiąte" (``_decade_reading``: TIMEX3 "193", "199",
    "197"). Where the language writes an ending after the digits (``decade_endings``: "70.",
    "90-tych") one is required ("lata 90" may be a count); a century after them dates the two digits."""
    if not v.decade_before:
        return []
    ending = rf"(?:{trie_regex(v.decade_endings)})" if v.decade_endings else ""
    century = (
        rf"(?:\s+(?P<r>(?-i:{trie_regex(_ROMAN)}))\s*{_words_regex(v.century_words)}(?!\w))?" if v.century_words else ""
    )  # fmt: skip
    names = rf"|(?P<w>{_words_regex(v.decade_names)})(?!\w)" if v.decade_names else ""
    body = rf"{_words_regex(v.decade_before)}\s+(?:(?P<d>[1-9]|1[5-9]\d|20\d)0{ending}(?![\w'’]){names}){century}"
    return [Rule("lang_decade", "decade", body, "decade_short", "")]


def _decade_reading(v: Vocabulary) -> Callable:
    """The decade of a ``lang_decade`` match: four digits as written ("latach 1970-tych"), a name
    by its English decade word (``decade_names``: "noventa" is "nineties"), two digits in the
    century written after them, else as English reads "the '70s"."""
    names, short = v.decade_names, INTERPRETERS["decade_short"]

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        d, roman, name = g.match.group("d"), g.match.group("r"), g.match.group("w")
        if d is not None and len(d) == 1 and roman is None:
            return short(g, ctx, kind)
        start = int(d) * 10 if d is not None else DECADE_WORDS[names[" ".join(name.lower().split())]]
        if roman is not None:
            start = (int(_ROMAN[roman]) - 1) * 100 + start % 100
        return Reading(kind, f"{start // 10:03d}", qualified_years(start, 10, None))

    return reading


def _clock_rules(v: Vocabulary) -> list[Rule]:
    """Clock times: "22 h", "21 h 45", "10h30", "14 Uhr", "13.00 horas" (the hour before the
    language's clock word), "um 10.30", "godz. 10.30", "a las 13.00" (after its cue word)."""
    rules = []
    hour, minute = r"(?<![\d.,:])(?P<h>[01]?\d|2[0-3])", r"(?P<mi>[0-5]\d)"
    if v.clock_before and v.clock_parts:  # "a las 11 de la mañana", "las seis de la tarde": am/pm
        numbers = rf"|{_words_regex(w for w, n in v.numbers.items() if 1 <= n <= 12)}(?!\w)" if v.numbers else ""
        rules.append(Rule(
            "lang_clock_part", "date",
            rf"{_words_regex(v.clock_before)}\s+(?P<h>1[0-2]|0?[1-9]{numbers})(?!\d)(?:[.:]{minute})?\s+(?P<ap>{_words_regex(v.clock_parts)})(?!\w)",
            "clock", "",
        ))  # fmt: skip
    if v.clock_after:  # the clock word is read as the English rule's zone ("13.00 GMT" ends in Z)
        after = _words_regex(v.clock_after)
        rules.append(Rule(
            "lang_clock", "date",
            rf"{hour}(?:[.:]{minute}\s*(?P<tz>{after})|\s*(?P<tz2>{after})(?:\s*(?P<mi2>[0-5]\d)(?!\d))?)(?!\w)", "clock", "",
        ))  # fmt: skip
    if v.clock_before:
        after = rf"(?:\s*(?P<tz>{_words_regex(v.clock_after)})(?!\w))?" if v.clock_after else ""
        rules.append(Rule(
            "lang_clock_cued", "date",
            rf"{_words_regex(v.clock_before)}\s*{hour}[.:]{minute}(?![\d.,:]\d){after}", "clock", "",
        ))  # fmt: skip
        # the end of a range of dotted times after a clock word ("w godzinach 9.00-17.00"): ``_range_end``
        rules.append(Rule(
            "lang_clock_to", "date",
            rf"(?=\d)(?:(?<=\d\.[0-5]\d[-–])|(?<=\d\.[0-5]\d\s[-–]\s)){hour}\.{minute}(?![\d.,:]\d){after}", "clock", "",
        ))  # fmt: skip
    return rules


#: A range of clock times around a bare one: "10:00-" before it, "-12:00" after it.
_CLOCK_RANGE_BEFORE = re.compile(r"\d[.:][0-5]\d\s*[-–]\s*$")
_CLOCK_RANGE_AFTER = re.compile(r"\s*[-–]\s*(?:[01]?\d|2[0-3])[.:][0-5]\d(?!\d)")
_TOKEN_BEFORE = re.compile(r"(\S+)\s*$")


def _cued(interpret: Callable, v: Vocabulary) -> Callable:
    """``interpret`` of a bare clock time ("18:30") in a language that writes scores and scales
    with a colon ("przegrali 6:24", "w skali 1:10", "(23:25)"): a time only right after a clock
    cue or clock word ("o 18:30", "godz. 18:30") or as an end of a range of times ("10:00-12:00")."""
    cues = frozenset(w.lower() for w in (*v.clock_cues, *v.clock_before) if " " not in w)

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        text, start = ctx.text, g.start
        before = _TOKEN_BEFORE.search(text, max(0, start - 24), start)
        if (
            before is not None and before.group(1).strip(_OPENING).lower() in cues
            or _CLOCK_RANGE_BEFORE.search(text, max(0, start - 12), start)
            or _CLOCK_RANGE_AFTER.match(text, g.end)
        ):
            return interpret(g, ctx, kind)
        return None

    return reading


def _range_end(interpret: Callable, v: Vocabulary) -> Callable:
    """``interpret`` of the second time of a range ("17.00" of "w godzinach 9.00-17.00"): a
    time only when the first one follows a clock word (a dot alone is also a decimal)."""
    first = re.compile(rf"{_words_regex(v.clock_before)}\s*\d{{1,2}}[.:][0-5]\d\s*[-–]\s*$")

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        if first.search(ctx.text, max(0, g.start - 40), g.start) is None:
            return None
        return interpret(g, ctx, kind)

    return reading


def _relative_reader(n: int, unit: str, direction: str) -> tuple[str, dict[str, str]]:
    """The English interpreter and groups of a relative phrase meaning ``(n, unit, direction)``."""
    if unit == "day" and (n, direction) in _DAY_WORDS:
        return "day_relative", {"w": _DAY_WORDS[n, direction]}
    if direction == "prior":  # "el año anterior" in a report: "the prior year", the reference's year before
        return "unit_relative", {"mod": "prior", "unit": unit, "the": "the"}
    if (n, direction) in _UNIT_MODIFIER:
        return "unit_relative", {"mod": _UNIT_MODIFIER[n, direction], "unit": unit}
    return "ago", {"num": str(n), "unit": unit + "s", "dir": _DIRECTION[direction]}


def _by_phrase(readers: dict[str, Callable]) -> Callable:
    """The reader of the phrase matched (group ``w``, lower case, single spaces)."""

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        return readers[" ".join(g.match.group("w").lower().split())](g, ctx, kind)

    return reading


#: The endings of German plural nouns ("Dörfer", "Soldaten", "Häuser", "Autos").
_PLURAL_ENDINGS = ("e", "en", "er", "n", "s")


def _counted(interpret: Callable, v: Vocabulary) -> Callable:
    """``interpret`` (bare years, ranges of years), turning away counts, amounts and identifiers.

    By the word after the number: a count noun of the language (a stem: "Mitglied" covers
    "Mitglieder"), a unit word ("1500 Jahre", "1500 ans") or a currency ("2000 руб.", "1999 TL",
    ``year_lexicon.CURRENCY_AFTER`` or any currency sign): always. Unless a year cue or year noun
    comes right before ("seit 1990 Teil der EU", "en 2000 les prix"): in German any capitalised word
    that is no month or weekday; elsewhere a lower-case word (any word in a script without case)
    with a plural ending of the language (``plural_endings``: "2000 étudiants"; "" in languages
    whose counted noun shows no plural: "2000 детей", "2000 öğrenci") that is no function word
    (``not_counted_after``), month, weekday or year word, nor a verb (``verb_endings``) (German: a
    capitalised plural-shaped word, "2000 Dörfer", not "1882 Assab"); after a word that opens a range or joins
    a date ("de", "van"), only a round number ("más de 2000 personas", "las elecciones de 1977 fueron"). By the word before: an identifier noun
    ("Zimmer 2045", "página 2019", "квартире 1999"). A count noun is a count after any cue: "um
    1500 Mitglieder" is about 1500 members.

    >>> from ragas_temporal.focus_time import extract_focus_time
    >>> read = lambda text: [m.text for m in extract_focus_time(text, language="fr").mentions]
    >>> read("Il y avait 2000 étudiants."), read("En 2000 les prix ont baissé."), read("Voir la page 2019.")
    ([], ['2000'], [])
    """
    year_nouns = frozenset(v.year_nouns)
    count_stems = tuple(w.lower() for w in v.count_nouns) + tuple(w for w in v.unit_words if w not in year_nouns)
    cues = frozenset(w.lower() for w in v.year_cues)
    names = frozenset(v.months) | frozenset(v.weekdays)
    # words before a number that make it a year: the cues and the year nouns ("w roku 1981")
    year_words = cues | frozenset(w.lower() for w in v.year_nouns)
    weak_words = frozenset(w.lower() for w in (*v.range_from, *v.of_words, *v.weak_year_cues) if " " not in w) - year_words
    # words after a year that count nothing: function words, and the language's own date words
    not_counted = v.not_counted_after | names | year_words | frozenset(v.year_suffixes) | frozenset(v.range_to)
    endings = v.plural_endings
    # a word is what runs to the next space or digit (Devanagari vowel signs are no \w)
    after_word, before_words = re.compile(r"[ \t]*([^\s\d]+)"), re.compile(r"([^\W\d_][\w'’]*)\s*$")
    token_before = re.compile(r"(\S+)\s*$")  # "Nr.", "n°", "l'année": the token right before the number

    def word_before(text: str, start: int) -> str:
        before = token_before.search(text, max(0, start - 24), start)
        return before.group(1).strip(_CLOSING + _OPENING).lower() if before else ""

    def cue_before(text: str, start: int) -> str | None:
        """"strong" when what comes right before the number makes it a year: a year cue or noun,
        a date's digits ("9/2010"), a name inside a sentence ("obozu MAM 2010", "na Euro 2012");
        "weak" for a word that opens a range or joins a date ("de", "van": "las elecciones de
        1977", but "más de 2000 personas"); else None."""
        if text[start - 1 : start] in _DATE_GLUE:
            return "strong"
        before = token_before.search(text, max(0, start - 24), start)
        if before is None:
            return None
        word = before.group(1).strip(_CLOSING + _OPENING)
        lower = word.lower()
        if lower in year_words:
            return "strong"
        at = before.start(1)
        opening = text[max(0, at - 16) : at].rstrip()[-1:]  # a bounded look: never the whole text before
        if word[:1].isupper() and opening not in SENTENCE_END_MARKS + SENTENCE_CLOSING_MARKS:  # "" (the start) is in it
            return "strong"
        return "weak" if lower in weak_words else None

    def counts_by_shape(word: str, lower: str) -> bool:
        if not endings or not word[:1].isalpha() or word[:1].isupper() or lower in not_counted:
            return False
        if v.verb_endings and lower.endswith(v.verb_endings):
            return False  # "Konstytucja 1997 obowiązuje": a verb after the year
        return lower.endswith(endings) and (len(lower) >= 4 or "" in endings)

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        text = ctx.text
        opened_by_word = text[g.start].isalpha()  # a range opened by its word ("von 1982 bis 1998"): it has its cue
        nxt = after_word.match(ctx.text, g.end)
        if nxt is not None:
            word = nxt.group(1).rstrip(_CLOSING)
            lower = word.lower()
            if word and lower.startswith(count_stems):
                return None
            if word and (lower in lex.CURRENCY_AFTER or lex.is_currency_sign(word[0])):
                return None  # "2000 руб.", "1999 TL", "1500 ₽"
            # a range opened by its word ("von 1982 bis 1998 Bundeskanzler") has its cue
            # in German a plural-shaped noun ("2000 Dörfer", "1198 Opfern"): a year reads on
            # before a name or a singular ("1882 Assab", "1803 Louisiana")
            if (v.capitalised_nouns and word[:1].isupper() and lower not in names and not ctx.text[g.start].isalpha()
                    and lower.endswith(_PLURAL_ENDINGS)):
                before = before_words.search(ctx.text, max(0, g.start - 20), g.start)
                if before is None or before.group(1).lower() not in cues:
                    return None
            # "2000 étudiants" (a space between: "1923'te", "1990م" are years)
            # after a weak cue only a round number ("de 2000 estudiantes"), as English ("a crowd of 2000 people")
            if nxt.start(1) > g.end and not opened_by_word and counts_by_shape(word, lower):
                cue = cue_before(text, g.start)
                if cue is None or cue == "weak" and is_round(g.match.group()):
                    return None
        if v.identifier_words and not opened_by_word and word_before(text, g.start) in v.identifier_words:
            return None
        return interpret(g, ctx, kind)

    return reading


def _year_noun_sense(interpret: Callable, v: Vocabulary) -> Callable:
    """``interpret`` of a number named a year by the noun after it ("w 966 roku", "в 988 году"),
    turning away the senses that are no calendar year: an ordinal year of something (a noun of
    ``year_of_nouns`` after: "w 26 roku życia", "на 26 году жизни"), and a number of one or two
    digits in a passage not dated in that era (an era mark of ``year_noun_era_marks`` or the
    English era evidence within the paragraph: "w 14 roku n.e."). Three digits are a year on their
    own, as English "in 476".

    >>> from ragas_temporal.focus_time import extract_focus_time
    >>> read = lambda text: [m.value for m in extract_focus_time(text, language="pl").mentions]
    >>> read("Zmarł w 26 roku życia."), read("Chrzest w 966 roku."), read("August zmarł w 14 roku n.e.")
    ([], ['0966'], ['0014'])
    """
    of_nouns = v.year_of_nouns
    era = (
        re.compile(rf"\d\s*(?:{_words_regex(v.year_nouns)}\s*)?{_words_regex(v.year_noun_era_marks)}")
        if v.year_noun_era_marks and v.year_nouns else None
    )  # fmt: skip
    after_word = re.compile(r"[ \t]*([^\W\d_]+)")
    last: list[tuple[str, list[int]]] = []  # the last text's era marks (one pass per text, not per number)

    def era_marks(text: str) -> list[int]:
        cached = last[-1] if last else None
        if cached is None or cached[0] is not text:
            cached = (text, [m.start() for m in era.finditer(text)])
            last[:] = [cached]
        return cached[1]

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        nxt = after_word.match(ctx.text, g.end)
        if nxt is not None and nxt.group(1).lower() in of_nouns:
            return None
        if len(g.match.group("year")) <= 2 and not ctx.dated_in_era(g.start):
            if era is None or not dated_in_era(ctx.text, g.start, era_marks(ctx.text)):
                return None
        return interpret(g, ctx, kind)

    return reading


def _translated(interpret: Callable, words: dict[str, str], *, default: dict[str, str] | None = None, **how) -> Callable:
    """``interpret`` reading the match's groups translated (``TranslatedGroups(..., **how)``);
    ``default``: the English word of a group left out ("im Mai" and "Mai" are "in May")."""

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        groups = TranslatedGroups(g.match, words, **how)
        for name, value in (default or {}).items():
            if groups(name) is None:
                groups.fixed = groups.fixed | {name: value}
        return interpret(groups, ctx, kind)

    return reading


def _with_year(without: Callable, with_year: Callable) -> Callable:
    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        return (with_year if g("year") else without)(g, ctx, "date" if g("year") else kind)

    return reading


#: The upper-case letters of the Latin scripts: a verb ending is read on lower-case words only.
_UPPER_CASE = re.escape("".join(c for c in map(chr, range(0x41, 0x250)) if c.isupper()))


def _tense_reader(v: Vocabulary) -> Callable[[str, int, int], str | None] | None:
    """The tense of the sentence around ``text[start:end]`` by the language's cues, read by
    ``context_rules.tense`` as English's are (the nearest cue decides). ``tense_cues``: "past" and
    "future" words ("fue", "va a", "będzie": a future auxiliary takes the verb after it, "będzie
    gościł" is no past) and verb endings written with a leading dash ("-aron", "-rán", "-ał"),
    which match lower-case words only (a capitalised word inside a sentence is a name: "Laura");
    a past auxiliary, maybe one word of "between", and a participle ending ("a plaidé", "n'a pas
    été"). A sentence does not end at the dot of an ``abbreviations`` word ("godz.", "ul.") or
    before a digit ("16.30"). None without cues (English's are read).

    >>> read = _tense_reader(vocabulary("pl"))
    >>> read("Spotkanie odbędzie się 9 maja.", 23, 29), read("W maju autor deklarował się jako fan.", 2, 6)
    ('future', 'past')
    >>> read("O godz. 16.30 przy ul. Polnej odbędzie się 1 lutego spotkanie.", 43, 51)
    'future'
    >>> read = _tense_reader(vocabulary("fr"))
    >>> read("Il avait plaidé coupable le 3 mai.", 25, 33), read("Il sera jugé le 3 mai.", 13, 21), read("Laura, le 3 mai.", 7, 15)
    ('past', 'future', None)
    """
    c = v.tense_cues
    if not c.get("past") and not c.get("future"):
        return None
    lower = rf"[^\W\d_{_UPPER_CASE}]"
    groups = []
    for name in ("past", "future"):
        cues = c.get(name, ())
        words, endings = [w for w in cues if not w.startswith("-")], [w[1:] for w in cues if w.startswith("-")]
        forms = []
        if words:
            verb = r"(?:\s+[^\W\d_]+)?" if name == "future" else ""
            forms.append(rf"{_words_regex(words)}(?!\w){verb}")
        if name == "past" and c.get("past_auxiliaries") and c.get("participle_endings"):
            between = rf"(?:{_words_regex(c['between'])}\s+)?" if c.get("between") else ""
            forms.append(rf"{_words_regex(c['past_auxiliaries'])}\s+{between}{lower}*(?:{trie_regex(c['participle_endings'])})")
        if endings:
            forms.append(rf"{lower}{{2,}}(?:{trie_regex(endings)})")
        if forms:
            groups.append(rf"(?P<{name}>{'|'.join(forms)})")
    if not groups:
        return None
    cues = re.compile(rf"(?<!\w)(?:{'|'.join(groups)})(?!\w)")
    sentence_end = None
    if v.abbreviations:  # the dot first, then the look back: the abbreviations are tried at dots only
        kept = "".join(rf"(?<!(?<!\w){re.escape(w.rstrip('.'))}\.)" for w in v.abbreviations)
        others = re.escape("".join(c for c in SENTENCE_END_MARKS + SENTENCE_CLOSING_MARKS if c != "."))
        sentence_end = re.compile(rf"[{others}\n]|\.{kept}(?!\s*\d)", re.IGNORECASE)

    def tense_of(text: str, start: int, end: int) -> str | None:
        return tense(text, start, end, cues, sentence_end)

    return tense_of


def _tensed_weekday(interpret: Callable, tense_of: Callable | None, v: Vocabulary) -> Callable:
    """``interpret`` of a weekday without "last"/"next": the sentence's tense moves it, as English
    moves a yearless date ("serán aprobadas el lunes" is the coming Monday, "habló este miércoles"
    the past one); without a tense cue, the nearest (up to two days ahead, else the past week's).
    The reference's own weekday, and one written beside a relative day ("hoy, jueves", "mañana,
    martes"), are not moved. Where the language marks its past in the verb so that the cues find
    it (``untensed_weekday_ahead`` above 2: French's passé composé), a sentence without cues is in
    the present of an announcement ("Rendez-vous est fixé samedi"): the coming weekday up to that
    many days ahead."""
    if tense_of is None:
        return interpret
    days = [p for p, (n, unit, _) in v.relative.items() if unit == "day" and n <= 1]
    beside_day = re.compile(rf"{_words_regex(days)}[\s,]*$") if days else None
    ahead = v.untensed_weekday_ahead

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        ref = ctx.reference
        if g("mod") in (None, "this") and ref is not None and isinstance(g, TranslatedGroups) and g.lower("weekday") in WEEKDAYS:
            beside = beside_day is not None and beside_day.search(ctx.text, max(0, g.start - 16), g.start)
            if WEEKDAYS[g.lower("weekday")] != ref.weekday() and not beside:
                when = tense_of(ctx.text, g.start, g.end)
                if when is None and ahead > 2 and g("mod") is None and (WEEKDAYS[g.lower("weekday")] - ref.weekday()) % 7 <= ahead:
                    when = "future"
                if when is not None:
                    g.fixed = g.fixed | {"mod": "last" if when == "past" else "next"}
        return interpret(g, ctx, kind)

    return reading


def _yearless(interpret: Callable, tense_of: Callable | None = None) -> Callable:
    """``interpret`` of a day or month without a year, against the reference date where the text
    says so: "el pasado 10 de diciembre" is the last 10 December before it, "el próximo 15 de
    marzo" the next one; and where the last date written is only a year within
    ``NARRATIVE_YEARS`` of the reference ("tras diez años en el poder desde 1990, el 3 de enero"),
    news of the writing time: the reference's year, as TimeML annotates news. A narrative of
    another age ("1940 ... am 27. Mai"), or one dated to the day, continues its own year. The
    sentence's tense, read by the language's cues, moves the date as English's does
    (``Context.tense_of``: "w listopadzie ... deklarował" written in April is last November)."""

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        if tense_of is None:
            return read(g, ctx, kind)
        before, ctx.tense_of = ctx.tense_of, tense_of
        try:
            return read(g, ctx, kind)
        finally:
            ctx.tense_of = before

    def read(g: Groups, ctx: Context, kind: str) -> Reading | None:
        ref, anchor, mod = ctx.ref, ctx.anchor, g("mod")
        if mod in ("last", "next") and ref is not None and g("day"):
            m, d = MONTHS[g.lower("month")], int(g("day"))
            year = ref.year + (-((m, d) > (ref.month, ref.day)) if mod == "last" else ((m, d) < (ref.month, ref.day)))
            if not valid_day(year, m, d):
                return None
            return Reading("relative", Anchor(year, m, d).value(), frozenset({year}), Anchor(year, m, d))
        if ref is not None and ctx.narrative and anchor is not None and anchor.month is None and abs(anchor.year - ref.year) <= NARRATIVE_YEARS:
            ctx.narrative = False  # read against the reference, then the narrative goes on
            try:
                return _nearest(interpret(g, ctx, kind), g, ctx, tense_of)
            finally:
                ctx.narrative = True
        return _nearest(interpret(g, ctx, kind), g, ctx, tense_of)

    return reading


#: How near a tense cue must be to a yearless date to be its own verb (``_nearest``).
_OWN_VERB_REACH = 30


def _nearest(found: Reading | None, g: Groups, ctx: Context, tense_of: Callable | None = None) -> Reading | None:
    """A day or month read against the moment of writing, moved to the year that puts it at
    most six months after it or eight months before: news tells of the months just gone and
    those to come, looking further back than ahead, so "lanzaron en octubre" written in February
    is last October, "estará hasta el 4 de enero" written in December next January, "en marzo"
    written in November this year's March. Three to nine months away, the sentence's tense
    decides where the language has tense cues (``tense_cues``: "será nomeada em dezembro" written
    in March is next December), as English reads it."""
    ref = ctx.ref
    a = found.anchor if found is not None else None
    if a is None or a.month is None or ref is None or ref.month is None or g("mod") not in (None, "in") or g("year") or g("rel"):
        return found
    if ctx.calendar_base_at(g.start) is not ref:
        return found
    months = (a.year - ref.year) * 12 + a.month - ref.month
    # three to nine months away, the sentence's tense (where the language has cues) picks the last
    # or the next one; nearer or farther, a tense cue is as often about another verb ("el trabajo
    # iniciado el 3 de enero" is this January whatever "podremos" says), unless it is the date's
    # own verb, right beside it: "Finał odbędzie się 20 marca" written in May is next March (the
    # reading already follows that tense: Context.tense_of)
    when = tense_of(ctx.text, g.start, g.end) if tense_of is not None and 2 < abs(months) < 10 else None
    if abs(months) >= 10 and tense_of is not None:
        lo = max(0, g.start - _OWN_VERB_REACH)
        own = tense_of(ctx.text[lo : g.end + _OWN_VERB_REACH], g.start - lo, g.end - lo)
        if own is not None and (months > 0) == (own == "future"):
            return found
    if when is not None:
        year = tensed_year(ref, a.month, a.day, when)
    else:
        year = a.year - 1 if months > 6 else a.year + 1 if months < -8 else a.year
    if year == a.year or a.day is not None and not valid_day(year, a.month, a.day):
        return found
    moved = Anchor(year, a.month, a.day)
    return found._replace(value=moved.value(), years=frozenset({year}), anchor=moved)


def _on_a_day(interpret: Callable) -> Callable:
    """``interpret`` of a clock time in news of the writing time (the text's last date only a
    year or a month within ``NARRATIVE_YEARS`` of the reference: "en 1996 ... a las 9:30 hora
    local (13:30 GMT)"): on the reference day, as a time of day needs a day."""

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        anchor, ref = ctx.anchor, ctx.ref
        if anchor is None or anchor.day is not None or ref is None or abs(anchor.year - ref.year) > NARRATIVE_YEARS:
            return interpret(g, ctx, kind)
        ctx.anchor = None
        try:
            return interpret(g, ctx, kind)
        finally:
            ctx.anchor = anchor

    return reading


#: What ends a sentence before its first word (a name there is capitalised whatever it is).
_SENTENCE_END = re.compile(r"(?:^|[.!?:\n¿¡«\"“]\s*)$")


def _lower_case_name(interpret: Callable, group: str, abbreviations: tuple[str, ...] = ()) -> Callable:
    """``interpret`` of a bare month in a language that writes months lower case: a capitalised
    one inside a sentence is a name ("Marcin Grudzień", "Plaza de Mayo", "ul. 22 Lipca"; after
    the dot of one of ``abbreviations`` too: "ul. Listopadowej"), unless its day is written as a
    word: the date is then the holiday's name ("el Primero de Mayo")."""
    after_abbreviation = re.compile(rf"(?<!\w)(?:{_words_regex(abbreviations)})\s*$") if abbreviations else None

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        start = g.match.start(group)
        day = g.match.groupdict().get("day")
        if day and not day[0].isdigit():
            return interpret(g, ctx, kind)
        if ctx.text[start].isupper() and (
            not _SENTENCE_END.search(ctx.text, max(0, start - 3), start)
            or after_abbreviation is not None and after_abbreviation.search(ctx.text, max(0, start - 12), start)
        ):
            return None
        return interpret(g, ctx, kind)

    return reading


def _not_after(interpret: Callable, not_after: dict[str, tuple[str, ...]]) -> Callable:
    """``interpret`` of a bare month name that is another word after some words (``not_after``:
    "nie maja" is "nie mają" written without diacritics, "they do not have")."""
    before = {w: frozenset(b.lower() for b in words) for w, words in not_after.items()}

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        words = before.get(g.match.group("month").lower())
        if words:
            token = _TOKEN_BEFORE.search(ctx.text, max(0, g.match.start("month") - 24), g.match.start("month"))
            if token is not None and token.group(1).lower() in words:
                return None
        return interpret(g, ctx, kind)

    return reading


def _not_in_address(interpret: Callable) -> Callable:
    """``interpret`` of a bare month name, never one inside an e-mail or web address
    ("marcin.grudzien@example.pl", "example.com/mayo")."""

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        text, start, end = ctx.text, g.match.start("month"), g.match.end("month")
        if text[start - 1 : start] in (".", "@", "/") and start > 1 and text[start - 2].isalnum() or text[end : end + 1] == "@":
            return None
        return interpret(g, ctx, kind)

    return reading


def _not_identified(interpret: Callable, v: Vocabulary) -> Callable:
    """``interpret`` of a day and month, unless an identifier noun comes right before it: a
    street or square named after the date ("la Avenida 17 de Junio", "Plaza 2 de Mayo") is no
    date, as "página 2019" is no year."""
    if not v.identifier_words:
        return interpret
    before = re.compile(r"([^\W\d_][\w.]*)\s+$")

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        word = before.search(ctx.text, max(0, g.start - 24), g.start)
        if word is not None and word.group(1).lower() in v.identifier_words:
            return None
        return interpret(g, ctx, kind)

    return reading


def _day_of_month(g: Groups, ctx: Context, kind: str) -> Reading | None:
    """"el día 8": the 8th of the month of the text's last date, else of the reference date's."""
    base = ctx.calendar_base
    if base is None:
        return unresolved_reading(kind)
    year, month = (base.year, base.month) if base.month is not None else (ctx.ref.year, ctx.ref.month) if ctx.ref else (None, None)
    d = int(g("day"))
    if month is None or not valid_day(year, month, d):
        return None
    return Reading(kind, Anchor(year, month, d).value(), frozenset({year}), Anchor(year, month, d))


def _with_part(interpret: Callable, words: dict[str, str]) -> Callable:
    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        found = interpret(g, ctx, kind)
        part = TranslatedGroups(g.match, words).lower("part")
        if found is None or found.value is None or len(found.value) != 10 or part not in PARTS_OF_DAY:
            return found
        return found._replace(value=f"{found.value}T{PARTS_OF_DAY[part]}")

    return reading


def _with_suffix(interpret: Callable, group: str, length: int, suffix: Callable[[re.Match], str]) -> Callable:
    """``interpret`` of a date whose match has ``group``: a value of ``length`` characters (a day,
    a month) gets ``suffix(match)`` after it ("6.03.2010 r. godz. 10.00" is 2010-03-06 + "T10:00",
    ``_clock_suffix``; "w drugiej połowie lutego" is 2012-02 + "-H2", ``halves``)."""

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        found = interpret(g, ctx, kind)
        if found is None or g.match.group(group) is None or found.value is None or len(found.value) != length:
            return found
        return found._replace(value=found.value + suffix(g.match))

    return reading


def _clock_of(match: re.Match) -> str:
    return f"T{int(match.group('ch')):02d}:{int(match.group('cmi') or 0):02d}"


def _latest_quarter(interpret: Callable) -> Callable:
    """``interpret`` of a quarter; "the last quarter" without a year ("no último trimestre") is the
    latest one finished before the reference date, as financial news means it (1989-Q3 in
    November 1989)."""

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        ref = ctx.ref
        if ref is None or ref.month is None or g("year") or g("rel") or g.lower("ord") != "last":
            return interpret(g, ctx, kind)
        q, year = (ref.month - 1) // 3, ref.year
        q, year = (q, year) if q else (4, year - 1)
        ctx.name_quarter(year, q, g.end)
        return Reading("relative", f"{year:04d}-Q{q}", frozenset({year}), Anchor(year))

    return reading


def _same(interpret: Callable) -> Callable:
    return interpret


def _nowadays(interpret: Callable) -> Callable:
    """``interpret`` of the word for today, read as "nowadays" (TIMEX3 PRESENT_REF, no anchor) in
    a narrative of days or months dated decades before or after the reference date: "im Mai 1940
    ... heute ist das Rätsel ungelöst" is not the reference day, and the next "am 27. Mai" still
    continues 1940. News of last year's events, or an essay recalling a year ("w 1992 ... dziś"),
    keeps it the reference day. (A language word has both senses; the English table's "today"
    keeps its one reading.)"""

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        anchor, ref = ctx.anchor, ctx.ref
        if ctx.narrative and anchor is not None and anchor.month is not None and ref is not None and abs(anchor.year - ref.year) > NARRATIVE_YEARS:
            return Reading(kind, "PRESENT_REF", frozenset(), None)
        return interpret(g, ctx, kind)

    return reading


@functools.cache
def language_table(code: str) -> LanguageTable:
    """The rule table of ``code`` (a supported language other than "en"), built once."""
    v = vocabulary(code)
    relative, readers = _relative_rules(v)
    iso, ymd, *cjk, years, clock, bare = (RULES_BY_NAME[name] for name in NEUTRAL_RULES)
    dates, numeric, ranges, nouns = _date_rules(v), _numeric_rule(v), _range_rules(v), _year_noun_rule(v)
    names, day_parts, clocks, seasons = _name_rules(v), _day_part_rules(v), _clock_rules(v), _season_quarter_rules(v)
    anaphoric, anaphoric_groups = _anaphoric_rules(v)
    eras, decades = _era_rules(v), _decade_rules(v)
    tense_of = _tense_reader(v)
    own = [*dates, *numeric, *ranges, *relative, *nouns, *names, *day_parts, *clocks, *seasons, *anaphoric, *eras, *decades]
    # at one position the first rule wins: dates before ranges, a part of a day before its day
    # ("heute Abend"), relative phrases before year nouns ("3 года назад" is three years ago),
    # days and months without a year after every date with one, bare years last
    ordered = [iso, *dates, *numeric, ymd, *cjk, *decades, *eras, *ranges, years, *clocks, *day_parts, *seasons, *anaphoric, *relative, *nouns, *names, clock, bare]
    end = "" if code in _UNSPACED or code == "ko" else MENTION_END
    own_names = {r.name for r in own}
    bodies, rule_readers, rule_regex = [], {}, {}
    weekdays = {w: _WEEKDAY_NAMES[v.weekdays[w]] for w in _alone(v.weekdays)} if v.weekdays else {}
    words = (
        {w: _MONTH_NAMES[m - 1] for w, m in v.months.items()} | {w: str(n) for w, n in v.numbers.items()}
        | weekdays | v.parts_of_day | v.ref_words | v.modifiers | v.seasons | v.quarter_ordinals | v.later_words | v.eras
        | {w: str(n) for w, n in v.day_words.items()}  # "primero" is a day here, an ordinal in a quarter's own words
    )  # fmt: skip
    # before a part of the day, a relative day is the English one ("morgen Abend": tomorrow evening)
    day_words = {p: _DAY_WORDS[n, d] for p, (n, unit, d) in v.relative.items() if unit == "day" and (n, d) in _DAY_WORDS}
    # a year named relative to the reference after a quarter or month, as "last"/"this"/"next"
    rel_words = {p: _UNIT_MODIFIER[n, d] for p, (n, unit, d) in v.relative.items() if (n, d) in _UNIT_MODIFIER}
    how = {
        "lang_weekday": {"alias": {"mod": "mod2", "part": "part0"}},
        "lang_part_of_weekday": {},
        # a clock word or cue rules out a chapter and verse ("John 3.16"): the English reader
        # checks that only for times without a written zone, so the clock word is one ("h" if none)
        "lang_clock": {"alias": {"mi": "mi2", "tz": "tz2"}},
        "lang_clock_cued": {"default": {"tz": "h"}},
        "lang_clock_to": {"default": {"tz": "h"}},
        "lang_clock_part": {"own_words": {"ap": v.clock_parts}},
        "lang_part_of_day": {"own_words": {"mod": day_words | v.modifiers}},
        # a ref word in its own words: "próximo" before a noun is the future, before "lunes" a
        # modifier; "prochain": "lundi prochain", "le prochain mariage"
        "lang_ref_word": {"own_words": {"w": v.ref_words | v.ref_before_noun}},
        "lang_month_bare": {"default": {"mod": "in"}, "alias": {"mod": "mod2"}, "own_words": {"rel": rel_words}},
        "lang_day_month": {"alias": {"mod": "mod2"}},
        "lang_season": {"alias": {"mod": "mod2"}},
        "lang_later": {"own_words": {"unit": v.units}},
        "lang_century": {"alias": {"n": "r"}, "own_words": {"n": {r.lower(): n for r, n in _ROMAN.items()}, "unit": {}}, "fixed": {"unit": "century"}},
        "lang_quarter": {"own_words": {"ord": v.quarter_ordinals, "rel": rel_words}},
    }
    for rule in ordered:
        if rule.name in own_names:
            bounded = Rule(rule.name, rule.kind, f"(?:{rule.pattern}){end}", rule.interpreter, rule.example)
            regex = re.compile(MENTION_START + bounded.pattern)
        else:
            bounded = Rule(rule.name, rule.kind, f"(?:{rule.pattern}){MENTION_END}", rule.interpreter, rule.example)
            regex = RULE_REGEX[rule.name]
        bodies.append(scanning_body(bounded))
        interpret = INTERPRETERS[rule.interpreter]
        if rule.name == "lang_relative":
            interpret = _by_phrase({
                # "heute" in a narrative of another year is nowadays
                p: (_nowadays if fixed.get("w") == "today" else _same)(_translated(INTERPRETERS[name], words, fixed=fixed))
                for p, (name, fixed) in readers[rule.name][1].items()
            })  # fmt: skip
        elif rule.name == "lang_day_part_word":  # "anoche": the English "yesterday" + "night"
            interpret = _by_phrase({
                p: _translated(interpret, words, fixed={"mod": day, "part": part}) for p, (day, part) in v.day_part_words.items()
            })
        elif rule.name == "lang_anaphoric":
            interpret = _by_phrase({
                p: _with_day_part(_translated(INTERPRETERS[name], words, fixed=fixed), words, v.anaphoric[p][1])
                if v.anaphoric[p][0] == "day" and v.parts_of_day else _translated(INTERPRETERS[name], words, fixed=fixed)
                for p, (name, fixed) in anaphoric_groups[rule.name].items()
            })
        elif rule.name in readers:
            interpret = _translated(interpret, words, fixed=readers[rule.name][1])
        elif rule.name == "lang_part_of_date":  # the day's reading, then its part (TIMEX3 "T" + MO/AF/EV/NI)
            interpret = _with_part(_with_year(_translated(interpret, words), _translated(INTERPRETERS["ymd"], words)), words)
        elif rule.name == "lang_quarter_discussed":
            interpret = _after_article(interpret, frozenset(v.quarter_articles))
        elif rule.name == "lang_decade":
            interpret = _decade_reading(v)
        elif rule.name == "lang_day_noun":
            interpret = _day_of_month
        elif rule.name == "lang_day_of_pair":  # the pair's year, when written, dates both days
            interpret = _with_year(_translated(interpret, words), _translated(INTERPRETERS["ymd"], words))
        elif rule.name in how:
            interpret = _translated(interpret, words, **how[rule.name])
            if rule.interpreter in ("month_day", "month_bare", "quarter", "season"):
                interpret = _translated(_yearless(interpret, tense_of), words, **how[rule.name])
            if rule.name == "lang_day_month":
                interpret = _not_identified(_with_part(interpret, words), v)
            if rule.name in ("lang_weekday", "lang_part_of_weekday"):
                interpret = _translated(_tensed_weekday(INTERPRETERS[rule.interpreter], tense_of, v), words, **how[rule.name])
            if rule.name == "lang_quarter":
                interpret = _latest_quarter(interpret)
        elif rule.name in ("bare_year", "year_range", "lang_year_range"):
            interpret = _counted(interpret, v)
        elif rule.name == "lang_year_noun":
            interpret = _year_noun_sense(interpret, v)
        if rule.interpreter == "clock":
            interpret = _on_a_day(interpret)
        if rule.name == "clock_hhmm" and v.clock_cues:
            interpret = _cued(interpret, v)
        if rule.name == "lang_clock_to":
            interpret = _range_end(interpret, v)
        if "(?P<ch>" in rule.pattern:
            interpret = _with_suffix(interpret, "ch", 10, _clock_of)
        if v.lower_case_names and rule.name in ("lang_month_bare", "lang_day_month"):  # (news capitalises weekdays: "el Sábado")
            interpret = _lower_case_name(interpret, "month", v.abbreviations)  # "ul. 22 Lipca" is a street
        if v.lower_case_names and rule.name == "lang_season":
            interpret = _lower_case_name(interpret, "s", v.abbreviations)  # "akcja Bezpieczne Lato"
        if rule.name == "lang_month_bare":
            interpret = _not_in_address(interpret)
        if rule.name == "lang_month_bare" and v.halves:
            interpret = _with_suffix(interpret, "half", 7, lambda m: "-" + v.halves[" ".join(m.group("half").lower().split())])
        if rule.name == "lang_month_bare" and v.not_after:
            interpret = _not_after(interpret, v.not_after)
        rule_readers[rule.name] = (interpret, rule.kind)
        rule_regex[rule.name] = regex
    scanner = re.compile(MENTION_START + "(?:" + "|".join(bodies) + ")")
    return LanguageTable(code, scanner, rule_readers, rule_regex, words, DispatchScanner(bodies))


_WEEKDAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTH_NAMES = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
)  # fmt: skip
