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
from ragas_temporal.focus_time.interpret.calendar_math import valid_day
from ragas_temporal.focus_time.interpret.core import NARRATIVE_YEARS, Anchor, unresolved_reading
from ragas_temporal.focus_time.languages.dispatch import DispatchScanner
from ragas_temporal.focus_time.languages.vocabulary import Vocabulary, vocabulary
from ragas_temporal.focus_time.patterns import (
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
#: no English word, and every language runs them (issue 27: "in any mode").
_CJK_RULES = tuple(name for name in RULES_BY_NAME if name.startswith("cjk_"))
#: Rules of the English table that read no English word: every language runs them (after its own).
NEUTRAL_RULES = ("iso_date", "numeric_ymd", *_CJK_RULES, "year_range", "clock_hhmm", "bare_year")
#: Languages written without spaces: a mention may end right before a letter ("去年中国").
_UNSPACED = frozenset({"zh", "ja"})
#: English words the interpreters read for a relative phrase: (n, unit, direction) -> rule and groups.
_DAY_WORDS = {(0, "ago"): "today", (1, "ago"): "yesterday", (2, "ago"): "the day before yesterday",
              (0, "in"): "today", (1, "in"): "tomorrow", (2, "in"): "the day after tomorrow"}  # fmt: skip
_UNIT_MODIFIER = {(0, "ago"): "this", (0, "in"): "this", (1, "ago"): "last", (1, "in"): "next"}
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
    tense_cues: re.Pattern | None = None  # the sentence-tense cues (``_tense_cues``); None: English's
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
    return rf"(?P<day>3[01]|[12]\d|0?[1-9])(?!\d){_suffix(v)}"


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
    return [
        Rule("lang_dmy", "date", rf"{weekday}{_day(v)}\s*{of}{_month(v)}\.?,?\s*{of}{_year_after(v)}", "ymd", ""),
        Rule("lang_month_year", "date", rf"{_month(v)}\.?,?\s*{of}{_year_after(v)}", "month_year", ""),
    ]


def _numeric_rule(v: Vocabulary) -> list[Rule]:
    """Day and month in digits, in the locale's order: 20.07.1969 (DMY), 07/20/1969 (MDY)."""
    day, month = r"(?P<day>0?[1-9]|[12]\d|3[01])", r"(?P<month>0?[1-9]|1[0-2])"
    first, second = (day, month) if v.date_order.startswith("D") else (month, day)
    if v.date_order.startswith("Y"):
        return []  # the English table's numeric_ymd reads 1969/07/20
    return [
        Rule(
            "lang_numeric", "date",
            rf"(?<![\d/.:,-]){first}(?P<sep>[/.-]){second}(?P=sep)(?P<year>{YEAR4})(?!\d|[/.:-]\d)", "ymd", "",
        )
    ]  # fmt: skip


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
    # one rule for every phrase (a rule per meaning made the scanner try a dozen more
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
    form ("Mai", "mai").

    >>> sorted(_alone({"jun": 6, "juni": 6, "mai": 5, "mrz": 3, "märz": 3}))
    ['juni', 'mai', 'märz']
    """
    by_name: dict[int, list[str]] = {}
    for w, i in forms.items():
        by_name.setdefault(i, []).append(w)
    return [
        w for w, i in forms.items()
        if not any(o != w and o.startswith(w) for o in by_name[i]) and (len(w) >= 4 or len(w) == max(map(len, by_name[i])))
    ]  # fmt: skip


def _mods(v: Vocabulary, *meanings: str) -> list[str]:
    return [w for w, m in v.modifiers.items() if m in meanings]


def _name_rules(v: Vocabulary) -> list[Rule]:
    """Days, months and weekdays without a year, read as English reads them (issue 35): "31. August",
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
    rules = [Rule("lang_day_month", "anaphoric", rf"{mod}{weekday}{_day(v)}\s*{of}{month}(?!\.?,?\s*{of}\d){after}", "month_day", "")]
    if v.range_to:  # the first day of two sharing a month: "3." of "am 3. und 4. Mai", "12" of "12 y 13 de mayo"
        link = _words_regex(tuple(v.range_to) + _DASHES)
        rules.append(Rule(
            "lang_day_of_pair", "anaphoric",
            rf"{_day(v)}(?=\s*{link}\s*(?:3[01]|[12]\d|0?[1-9])(?!\d){_suffix(v)}\s*{of}{month}(?:\.?,?\s*{of}{_year_after(v)})?)",
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
    rules.append(Rule("lang_month_bare", "anaphoric", rf"{mod}(?P<month>{_words_regex(months)})(?!\w)(?!\.?,?\s*{of}\d){after}", "month_bare", ""))
    if v.weekdays:
        day_mods = _mods(v, "last", "next", "this", "every")
        before = rf"(?:(?P<mod>{_words_regex(day_mods)})\s+)?" if day_mods else ""
        after = rf"(?:\s+(?P<mod2>{_words_regex(day_mods)})(?!\w))?" if day_mods else ""
        part = rf"(?:\s+{_opt(v.part_links)}(?P<part>{_words_regex(v.parts_of_day)})(?!\w))?" if v.parts_of_day else ""
        names = _words_regex(_alone(v.weekdays))
        rules.append(Rule("lang_weekday", "relative", rf"{before}(?P<weekday>{names})(?!\w){after}{part}", "weekday", ""))
    return rules


def _day_part_rules(v: Vocabulary) -> list[Rule]:
    """A relative day or "this" and a part of the day: "heute Abend", "gestern Nacht", "ce soir",
    "esta noche" (``part_of_day``); the now/recently/soon words: "ahora", "actuellement"
    (``ref_word``)."""
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
    if v.ref_words:
        rules.append(Rule("lang_ref_word", "relative", rf"(?P<w>{_guarded_regex(v.ref_words, v)})(?!\w)", "ref_word", ""))
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
        rules.append(Rule("lang_season", "date", rf"{before}(?P<s>{_guarded_regex(v.seasons, v)})(?!\w){year}{after}", "season", ""))
    # "do ano passado", "del año pasado": the quarter of a year named relative to the reference
    years = [p for p, (n, unit, _) in v.relative.items() if unit == "year" and n <= 1]
    rel_year = rf"|\s+(?:\w{{1,3}}\s+)?(?P<rel>{_words_regex(years)})(?!\w)" if years else ""
    if v.quarter_ordinals and v.quarter_words:
        rules.append(Rule(
            "lang_quarter", "date",
            rf"(?P<ord>{_words_regex(v.quarter_ordinals)})\s+{_words_regex(v.quarter_words)}(?!\w)(?:{with_year}{rel_year})?", "quarter", "",
        ))  # fmt: skip
    return rules


def _anaphoric_rules(v: Vocabulary) -> tuple[list[Rule], dict[str, dict[str, tuple[str, dict[str, str]]]]]:
    """Phrases counted from the text's last date: "zwei Tage später", "tres años después"
    (``ago`` with "later"/"earlier"); "am nächsten Tag", "im folgenden Jahr", "am selben Tag"
    (``unit_before_after``, ``day_anaphoric``: per phrase, its interpreter and fixed English groups)."""
    rules, fixed = [], {}
    if v.later_words and v.units:
        numbers = rf"\d{{1,3}}|{_words_regex(v.numbers)}" if v.numbers else r"\d{1,3}"
        rules.append(Rule(
            "lang_later", "anaphoric",
            rf"(?<![\d.,])(?P<num>{numbers})(?!\d)\s+(?P<unit>{_words_regex(v.units)})\s+(?P<dir>{_words_regex(v.later_words)})(?!\w)",
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


def _clock_rules(v: Vocabulary) -> list[Rule]:
    """Clock times: "22 h", "21 h 45", "10h30", "14 Uhr", "13.00 horas" (the hour before the
    language's clock word), "um 10.30", "godz. 10.30", "a las 13.00" (after its cue word)."""
    rules = []
    hour, minute = r"(?<![\d.,:])(?P<h>[01]?\d|2[0-3])", r"(?P<mi>[0-5]\d)"
    if v.clock_after:
        after = _words_regex(v.clock_after)
        rules.append(Rule(
            "lang_clock", "date",
            rf"{hour}(?:[.:]{minute}\s*{after}|\s*{after}(?:\s*(?P<mi2>[0-5]\d)(?!\d))?)(?!\w)", "clock", "",
        ))  # fmt: skip
    if v.clock_before:
        after = rf"(?:\s*{_words_regex(v.clock_after)}(?!\w))?" if v.clock_after else ""
        rules.append(Rule(
            "lang_clock_cued", "date",
            rf"{_words_regex(v.clock_before)}\s*{hour}[.:]{minute}(?![\d.,:]\d){after}", "clock", "",
        ))  # fmt: skip
    return rules


def _tense_cues(v: Vocabulary) -> re.Pattern | None:
    """The language's tense cues in one regex with the groups ``past`` and ``future``
    (``context_rules.tense`` reads the nearest): the words of ``past`` and ``future`` (any case);
    a past auxiliary, maybe one word of ``between``, and a word ending in a participle ending
    ("a plaidé", "n'a pas été", "ont mis"); a word ending in a future ending ("ouvrira",
    "seront"). Endings match lower-case words only: a capitalised word inside a sentence is a
    name ("Laura"). None when the language has none (the English cues are read).

    >>> cues = language_table("fr").tense_cues
    >>> [m.lastgroup for m in cues.finditer("Il avait plaidé coupable ; il sera jugé ; Laura")]
    ['past', 'future']
    """
    c = v.tense_cues
    if not c.get("past") and not c.get("future"):
        return None
    letter = r"[^\W\d_]"
    past = [_words_regex(c["past"])] if c.get("past") else []
    if c.get("past_auxiliaries") and c.get("participle_endings"):
        between = rf"(?:{_words_regex(c['between'])}\s+)?" if c.get("between") else ""
        past.append(rf"{_words_regex(c['past_auxiliaries'])}\s+{between}(?-i:{letter}*(?:{trie_regex(c['participle_endings'])}))")
    future = [_words_regex(c["future"])] if c.get("future") else []
    if c.get("future_endings"):
        future.append(rf"(?-i:[a-zà-ÿœ]{{2,}}(?:{trie_regex(c['future_endings'])}))")
    groups = [rf"(?P<{name}>{'|'.join(alts)})" for name, alts in (("past", past), ("future", future)) if alts]
    return re.compile(rf"(?<!\w)(?:{'|'.join(groups)})(?!\w)")


#: How near a tense cue must be to move a bare weekday (``_by_tense``).
_WEEKDAY_TENSE_WINDOW = 60


def _by_tense(interpret: Callable, cues: re.Pattern) -> Callable:
    """``interpret`` of a weekday without a modifier, in the direction of the sentence's tense
    (``cues``): "samedi" in "le rendez-vous aura lieu samedi" is the next Saturday, in "il a
    été arrêté samedi" the last one; without a cue, the nearest one (as English reads it). Only a
    cue within ``_WEEKDAY_TENSE_WINDOW`` characters counts: a weekday is often a clause's own
    ("X a été blessé, alors que Y est incertain pour samedi")."""

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        ref = ctx.reference
        lo = max(0, g.start - _WEEKDAY_TENSE_WINDOW)
        if ref is not None and g("mod") is None and (
            when := tense(ctx.text[lo : g.end + _WEEKDAY_TENSE_WINDOW], g.start - lo, g.end - lo, cues)
        ) is not None:
            if when == "future":
                g.fixed = g.fixed | {"mod": "this coming"}  # today or the next one
            elif (WEEKDAYS[g.lower("weekday")] - ref.weekday()) % 7:
                g.fixed = g.fixed | {"mod": "last"}  # not today: the last one
        return interpret(g, ctx, kind)

    return reading


def _relative_reader(n: int, unit: str, direction: str) -> tuple[str, dict[str, str]]:
    """The English interpreter and groups of a relative phrase meaning ``(n, unit, direction)``."""
    if unit == "day" and (n, direction) in _DAY_WORDS:
        return "day_relative", {"w": _DAY_WORDS[n, direction]}
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


def _yearless(interpret: Callable) -> Callable:
    """``interpret`` of a day or month without a year, against the reference date where the text
    says so: "el pasado 10 de diciembre" is the last 10 December before it, "el próximo 15 de
    marzo" the next one; and where the last date written is only a year within
    ``NARRATIVE_YEARS`` of the reference ("tras diez años en el poder desde 1990, el 3 de enero"),
    news of the writing time: the reference's year, as TimeML annotates news. A narrative of
    another age ("1940 ... am 27. Mai"), or one dated to the day, continues its own year."""

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
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
                return interpret(g, ctx, kind)
            finally:
                ctx.narrative = True
        return interpret(g, ctx, kind)

    return reading


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


def _lower_case_name(interpret: Callable, group: str) -> Callable:
    """``interpret`` of a bare month in a language that writes months lower case: a capitalised
    one inside a sentence is a name ("Marcin Grudzień", "Plaza de Mayo")."""

    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        start = g.match.start(group)
        if ctx.text[start].isupper() and not _SENTENCE_END.search(ctx.text, max(0, start - 3), start):
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
    eras = _era_rules(v)
    tense_cues = _tense_cues(v)
    own = [*dates, *numeric, *ranges, *relative, *nouns, *names, *day_parts, *clocks, *seasons, *anaphoric, *eras]
    # at one position the first rule wins: dates before ranges, a part of a day before its day
    # ("heute Abend"), relative phrases before year nouns ("3 года назад" is three years ago),
    # days and months without a year after every date with one, bare years last
    ordered = [iso, *dates, *numeric, ymd, *cjk, *eras, *ranges, years, *clocks, *day_parts, *seasons, *anaphoric, *relative, *nouns, *names, clock, bare]
    end = "" if code in _UNSPACED or code == "ko" else MENTION_END
    own_names = {r.name for r in own}
    bodies, rule_readers, rule_regex = [], {}, {}
    weekdays = {w: _WEEKDAY_NAMES[v.weekdays[w]] for w in _alone(v.weekdays)} if v.weekdays else {}
    words = (
        {w: _MONTH_NAMES[m - 1] for w, m in v.months.items()} | {w: str(n) for w, n in v.numbers.items()}
        | weekdays | v.parts_of_day | v.ref_words | v.modifiers | v.seasons | v.quarter_ordinals | v.later_words | v.eras
    )  # fmt: skip
    # before a part of the day, a relative day is the English one ("morgen Abend": tomorrow evening)
    day_words = {p: _DAY_WORDS[n, d] for p, (n, unit, d) in v.relative.items() if unit == "day" and (n, d) in _DAY_WORDS}
    how = {
        "lang_weekday": {"alias": {"mod": "mod2"}},
        "lang_part_of_weekday": {},
        # a clock word or cue rules out a chapter and verse ("John 3.16"): the English reader
        # checks that only for times without a written zone, so one is given
        "lang_clock": {"alias": {"mi": "mi2"}, "fixed": {"tz": "h"}},
        "lang_clock_cued": {"fixed": {"tz": "h"}},
        "lang_part_of_day": {"own_words": {"mod": day_words | v.modifiers}},
        "lang_month_bare": {"default": {"mod": "in"}, "alias": {"mod": "mod2"}},
        "lang_day_month": {"alias": {"mod": "mod2"}},
        "lang_season": {"alias": {"mod": "mod2"}},
        # a word both a modifier and a ref word ("prochain": "lundi prochain", "le prochain mariage")
        "lang_ref_word": {"own_words": {"w": v.ref_words}},
        "lang_later": {"own_words": {"unit": v.units}},
        "lang_century": {"alias": {"n": "r"}, "own_words": {"n": {r.lower(): n for r, n in _ROMAN.items()}, "unit": {}}, "fixed": {"unit": "century"}},
        "lang_quarter": {"own_words": {"rel": {p: _UNIT_MODIFIER[n, d] for p, (n, unit, d) in v.relative.items() if (n, d) in _UNIT_MODIFIER}}},
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
        elif rule.name == "lang_day_noun":
            interpret = _day_of_month
        elif rule.name == "lang_day_of_pair":  # the pair's year, when written, dates both days
            interpret = _with_year(_translated(interpret, words), _translated(INTERPRETERS["ymd"], words))
        elif rule.name in how:
            if rule.name in ("lang_weekday", "lang_part_of_weekday") and tense_cues is not None:
                interpret = _by_tense(interpret, tense_cues)
            interpret = _translated(interpret, words, **how[rule.name])
            if rule.interpreter in ("month_day", "month_bare", "quarter", "season"):
                interpret = _translated(_yearless(interpret), words, **how[rule.name])
            if rule.name == "lang_quarter":
                interpret = _latest_quarter(interpret)
        elif rule.name in ("bare_year", "year_range", "lang_year_range"):
            interpret = _counted(interpret, v)
        elif rule.name == "lang_year_noun":
            interpret = _year_noun_sense(interpret, v)
        if rule.interpreter == "clock":
            interpret = _on_a_day(interpret)
        if v.lower_case_names and rule.name == "lang_month_bare":  # (news capitalises weekdays: "el Sábado")
            interpret = _lower_case_name(interpret, "month")
        rule_readers[rule.name] = (interpret, rule.kind)
        rule_regex[rule.name] = regex
    scanner = re.compile(MENTION_START + "(?:" + "|".join(bodies) + ")")
    return LanguageTable(code, scanner, rule_readers, rule_regex, words, tense_cues, DispatchScanner(bodies))


_WEEKDAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTH_NAMES = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
)  # fmt: skip
