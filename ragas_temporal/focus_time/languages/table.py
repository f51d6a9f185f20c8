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
habitants"), a unit word ("1500 Jahre"), or in German any capitalised noun, unless a year cue
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
from ragas_temporal.focus_time.context_rules import dated_in_era, is_round
from ragas_temporal.focus_time.interpret import INTERPRETERS, Context, Groups, Reading
from ragas_temporal.focus_time.languages.vocabulary import Vocabulary, vocabulary
from ragas_temporal.focus_time.patterns import (
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
    ``words`` (lower case), then fixed values (``fixed``) for groups the English rule has and this
    one does not ("dir": "ago")."""

    __slots__ = ("words", "fixed")

    def __init__(self, match: re.Match, words: dict[str, str], fixed: dict[str, str] | None = None):
        super().__init__(match)
        self.words, self.fixed = words, fixed or {}

    def __call__(self, name: str) -> str | None:
        if name in self.fixed:
            return self.fixed[name]
        value = super().__call__(name)
        if value is None:
            return None
        return self.words.get(" ".join(value.lower().split()), value)


class LanguageTable(NamedTuple):
    """One language's scanner and what reads each rule's match."""

    code: str
    scanner: re.Pattern  # every rule in one alternation (``match.lastgroup`` names the rule)
    readers: dict[str, tuple[Callable, str]]  # rule -> (interpreter, kind), as extract._READER_OF_RULE
    rule_regex: dict[str, re.Pattern]  # rule -> its own regex (the match's named groups), as patterns.RULE_REGEX
    words: dict[str, str]  # the language's words -> the English table's

    def iter_matches(self, text: str) -> list[tuple[str, re.Match]]:
        """``(rule name, match)`` left to right, non-overlapping (same contract as ``scanner.iter_matches``)."""
        return [(m.lastgroup, m) for m in self.scanner.finditer(text)]

    def groups(self, match: re.Match) -> Groups:
        return TranslatedGroups(match, self.words)


def _words_regex(words, *, spaced: bool = True) -> str:
    """A case-insensitive alternation of ``words`` (any whitespace inside a phrase); not inside a word."""
    body = phrase_regex(words) if spaced else trie_regex(words)
    return rf"(?i:{body})"


def _month(v: Vocabulary, name: str = "month") -> str:
    # a name or abbreviation; not followed by a letter ("mar" is not "martes")
    return rf"(?P<{name}>{_words_regex(v.months)})(?!\w)"


def _day(v: Vocabulary) -> str:
    suffix = rf"(?:{trie_regex(v.day_suffixes)})?" if v.day_suffixes else ""
    return rf"(?P<day>3[01]|[12]\d|0?[1-9])(?!\d){suffix}"


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
    for i, ((n, unit, direction), phrases) in enumerate(_by_meaning(v.relative).items()):
        name = f"lang_relative_{i}"
        body = rf"(?P<w>{_words_regex(phrases, spaced=spaced)})"
        if unit == "day" and (n, direction) in _DAY_WORDS:
            readers[name] = ("day_relative", {"w": _DAY_WORDS[n, direction]})
        elif (n, direction) in _UNIT_MODIFIER:
            readers[name] = ("unit_relative", {"mod": _UNIT_MODIFIER[n, direction], "unit": unit})
        else:
            readers[name] = ("ago", {"num": str(n), "unit": unit + "s", "dir": _DIRECTION[direction]})
        rules.append(Rule(name, "relative", body, readers[name][0], ""))
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


def _by_meaning(relative: dict[str, tuple[int, str, str]]) -> dict[tuple[int, str, str], list[str]]:
    out: dict[tuple[int, str, str], list[str]] = {}
    for phrase, meaning in relative.items():
        out.setdefault(meaning, []).append(phrase)
    return out


def _counted(interpret: Callable, v: Vocabulary) -> Callable:
    """``interpret`` (bare years, ranges of years), turning away counts, amounts and identifiers.

    By the word after the number: a count noun of the language (a stem: "Mitglied" covers
    "Mitglieder"), a unit word ("1500 Jahre", "1500 ans") or a currency ("2000 руб.", "1999 TL",
    ``year_lexicon.CURRENCY_AFTER`` or any currency sign): always. Unless a year cue or year noun
    comes right before ("seit 1990 Teil der EU", "en 2000 les prix"): in German any capitalised word
    that is no month or weekday; elsewhere a lower-case word (any word in a script without case)
    with a plural ending of the language (``plural_endings``: "2000 étudiants"; "" in languages
    whose counted noun shows no plural: "2000 детей", "2000 öğrenci") that is no function word
    (``not_counted_after``), month, weekday or year word, nor a verb (``verb_endings``); after a word that opens a range or joins
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
            if v.capitalised_nouns and word[:1].isupper() and lower not in names and not ctx.text[g.start].isalpha():
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


def _fixed(interpret: Callable, fixed: dict[str, str], words: dict[str, str]) -> Callable:
    def reading(g: Groups, ctx: Context, kind: str) -> Reading | None:
        return interpret(TranslatedGroups(g.match, words, fixed), ctx, kind)

    return reading


@functools.cache
def language_table(code: str) -> LanguageTable:
    """The rule table of ``code`` (a supported language other than "en"), built once."""
    v = vocabulary(code)
    relative, readers = _relative_rules(v)
    iso, ymd, *cjk, years, clock, bare = (RULES_BY_NAME[name] for name in NEUTRAL_RULES)
    dates, numeric, ranges, nouns = _date_rules(v), _numeric_rule(v), _range_rules(v), _year_noun_rule(v)
    own = [*dates, *numeric, *ranges, *relative, *nouns]
    # at one position the first rule wins: dates before ranges, relative phrases before year nouns
    # ("3 года назад" is three years ago), bare years last
    ordered = [iso, *dates, *numeric, ymd, *cjk, *ranges, years, *relative, *nouns, clock, bare]
    end = "" if code in _UNSPACED or code == "ko" else MENTION_END
    own_names = {r.name for r in own}
    bodies, rule_readers, rule_regex = [], {}, {}
    words = {w: _MONTH_NAMES[m - 1] for w, m in v.months.items()} | {w: str(n) for w, n in v.numbers.items()}
    for rule in ordered:
        if rule.name in own_names:
            bounded = Rule(rule.name, rule.kind, f"(?:{rule.pattern}){end}", rule.interpreter, rule.example)
            regex = re.compile(MENTION_START + bounded.pattern)
        else:
            bounded = Rule(rule.name, rule.kind, f"(?:{rule.pattern}){MENTION_END}", rule.interpreter, rule.example)
            regex = RULE_REGEX[rule.name]
        bodies.append(scanning_body(bounded))
        interpret = INTERPRETERS[rule.interpreter]
        if rule.name in readers:
            interpret = _fixed(interpret, readers[rule.name][1], words)
        elif rule.name in ("bare_year", "year_range", "lang_year_range"):
            interpret = _counted(interpret, v)
        elif rule.name == "lang_year_noun":
            interpret = _year_noun_sense(interpret, v)
        rule_readers[rule.name] = (interpret, rule.kind)
        rule_regex[rule.name] = regex
    scanner = re.compile(MENTION_START + "(?:" + "|".join(bodies) + ")")
    return LanguageTable(code, scanner, rule_readers, rule_regex, words)


_MONTH_NAMES = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
)  # fmt: skip
