"""A language's date vocabulary: dateparser's locale data, plus our additions, read on first use.

dateparser ships, per locale, a data file ``dateparser/data/date_translation_data/<code>.py``
holding one dict literal (``info = {...}``): month and weekday names with their abbreviations,
unit words, relative phrases ("1 year ago": ["letztes jahr"]), relative patterns ("vor (\\d+)
jahren"), number words ("zwei": "2") and the date order ("DMY"). We read that literal with
``ast.literal_eval`` (the file is located without importing dateparser, which is slow to import
and not needed to read data). Our own additions (``additions/<code>.json``) say what dateparser
lacks, each key with its reason.

>>> v = vocabulary("de")
>>> v.months["november"], v.months["mär"], v.date_order
(11, 3, 'DMY')
>>> v.relative["letztes jahr"], v.relative["gestern"]
((1, 'year', 'ago'), (1, 'day', 'ago'))
>>> v.numbers["zwei"], "Mitglied" in v.count_nouns
(2, True)
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import json
import re
from importlib import resources
from pathlib import Path
from typing import NamedTuple

_MONTH_KEYS = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
)  # fmt: skip
_WEEKDAY_KEYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
#: The calendar units whose relative phrases can move a year (hours and minutes stay in the day).
RELATIVE_UNITS = ("year", "month", "week", "day")
#: A relative key of dateparser: "1 year ago", "in 2 day", "\\1 month ago".
_RELATIVE_KEY = re.compile(r"^(?:(?P<in>in) )?(?P<n>\d+|\\1) (?P<unit>\w+)(?P<ago> ago)?$")
#: The number dateparser's relative patterns capture: "vor (\\d++[.,]?\\d*+) jahren".
_NUMBER_CAPTURE = r"(\d++[.,]?\d*+)"


class Vocabulary(NamedTuple):
    """One language's words, all lower case except ``count_nouns`` and the cues (written as in the data)."""

    code: str
    months: dict[str, int]  # name or abbreviation -> month 1-12
    weekdays: dict[str, int]  # name or abbreviation -> 0 (Monday) .. 6
    relative: dict[str, tuple[int, str, str]]  # phrase -> (n, unit, "ago" | "in" | "prior": "the prior year")
    relative_patterns: tuple[tuple[str, str, str, str], ...]  # (before number, after number, unit, "ago" | "in")
    numbers: dict[str, int]  # number word -> value ("zwei" -> 2)
    date_order: str  # "DMY", "MDY" or "YMD"
    year_cues: tuple[str, ...]
    year_suffixes: tuple[str, ...]
    year_nouns: tuple[str, ...]
    unit_words: tuple[str, ...]  # dateparser's words of the units year..day, three letters or more ("jahren")
    range_from: tuple[str, ...]
    range_to: tuple[str, ...]
    count_nouns: tuple[str, ...]
    of_words: tuple[str, ...]
    day_suffixes: tuple[str, ...]
    capitalised_nouns: bool
    # the readers English has: each maps the language's words to the English table's
    bare_names: bool  # a month or weekday name alone is a date ("im Mai", "el lunes"): not in tr, ar, hi
    lower_case_names: bool  # months are written lower case: a bare one capitalised mid-sentence is a name
    modifiers: dict[str, str]  # "pasado" -> "last", "Anfang" -> "early", "mi" -> "mid"
    parts_of_day: dict[str, str]  # "Abend" -> "evening", "noche" -> "night"
    part_links: tuple[str, ...]  # between a day and its part ("ontem à noite", "el lunes por la noche")
    part_articles: tuple[str, ...]  # before a part of a day alone ("dans la soirée", "la nuit"): the last date's day
    part_of_links: tuple[str, ...]  # between a part of a day and its date ("am Morgen des 6. Juni", "le matin du 6 juin")
    ref_words: dict[str, str]  # "ahora" -> "now", "actuellement" -> "currently"
    ref_before_noun: dict[str, str]  # "próximas" -> "in the future": a ref word only before a noun ("las próximas elecciones")
    seasons: dict[str, str]  # "Frühjahr" -> "spring", "verano" -> "summer"
    quarter_ordinals: dict[str, str]  # "terceiro" -> "third", "último" -> "last"
    quarter_words: tuple[str, ...]  # "trimestre", "Quartal"
    quarter_articles: tuple[str, ...]  # "no", "o", "deste": "no trimestre" is the quarter the text reports on
    same_period: tuple[str, ...]  # "período homólogo": the period reported on, before a_year_before or "de 1988"
    a_year_before: tuple[str, ...]  # "do ano passado" after a same_period head: that period a year before
    day_nouns: tuple[str, ...]  # "día", "dia": "el día 8" is the 8th of the month of the text's last date
    day_words: dict[str, int]  # "primero" -> 1: a word for a day of the month ("el primero de mayo")
    decade_before: tuple[str, ...]  # "los años", "latach": a decade's number or name follows ("los años 30", "w latach 70.")
    decade_names: dict[str, str]  # "noventa" -> "nineties" after decade_before ("la década de los noventa")
    tense_cues: dict[str, tuple[str, ...]]  # "past"/"future" -> words and "-endings" ("fue", "-aron"; "va a", "-rán")
    day_part_words: dict[str, tuple[str, str]]  # "anoche" -> ("yesterday", "night"): a day and its part in one word
    century_words: tuple[str, ...]  # "Jahrhundert", "siècle", "wieku"
    century_after: bool  # the century's number after its word ("siglo XX", "século XIX")
    eras: dict[str, str]  # "v. Chr." -> "BC", "n. Chr." -> "AD"
    clock_before: tuple[str, ...]  # words before a clock time ("um", "godz.", "a las")
    clock_after: tuple[str, ...]  # words after it ("Uhr", "h", "horas")
    clock_parts: dict[str, str]  # after a cued hour: "de la tarde" -> "pm" ("a las 6 de la tarde" is 18:00)
    case_sensitive: tuple[str, ...]  # relative words read only as written ("morgen", not the noun "Morgen")
    units: dict[str, str]  # dateparser's unit words of three letters or more -> "year" .. "day" ("Tagen" -> "day")
    later_words: dict[str, str]  # after "N units": "später" -> "later", "antes" -> "earlier"
    anaphoric: dict[str, tuple[str, int]]  # "am nächsten Tag" -> ("day", 1): from the text's last date
    not_after: dict[str, tuple[str, ...]]  # relative word -> words before it that make it another word ("la mañana")
    plural_endings: tuple[str, ...] = ()  # a lower-case word ending so after a bare number: a count ("" any word)
    not_counted_after: frozenset[str] = frozenset()  # words after a year that count nothing (function words...)
    identifier_words: frozenset[str] = frozenset()  # "zimmer", "página": the number after is an identifier
    year_of_nouns: frozenset[str] = frozenset()  # "życia": "26 roku życia" is the 26th year of a life
    year_noun_era_marks: tuple[str, ...] = ()  # "n.e.": a short number before a year noun needs an era
    verb_endings: tuple[str, ...] = ()  # "obowiązuje", "стала" after a year: a verb, no counted noun
    weak_year_cues: tuple[str, ...] = ()  # "il", "del" before a year that is not round
    clock_cues: tuple[str, ...] = ()  # "o", "godz.": a bare "6:24" is a time only after one (else a score or scale)
    clock_links: tuple[str, ...] = ()  # "o": between a date and its clock word ("9 kwietnia o godz. 10")
    decade_endings: tuple[str, ...] = ()  # after its two digits ("70-tych", "70."): required where given
    halves: dict[str, str] = {}  # "drugiej połowie" -> "H2" (of a month or century)
    abbreviations: tuple[str, ...] = ()  # "godz.", "ul.": a dot after them ends no sentence (tense_cues' reach)
    later_objects: tuple[str, ...] = ()  # "de", "sa": after a later word, it is a preposition ("tres años después de la guerra")
    untensed_weekday_ahead: int = 2  # a bare weekday in a sentence without tense cues: the coming one up to this many days ahead
    two_digit_years: bool = False  # "le 10 novembre 93": a day and month with a year of two digits before punctuation


@functools.cache
def additions(code: str) -> dict:
    """Our additions for ``code`` (``additions/<code>.json``): key -> value (each key's reason stays in the file)."""
    text = resources.files(__package__).joinpath("additions", f"{code}.json").read_text(encoding="utf-8")
    return {k: v["value"] for k, v in json.loads(text).items() if isinstance(v, dict)}


def _locale_file(code: str) -> Path:
    spec = importlib.util.find_spec("dateparser")  # finds the package without importing it
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(f"language {code!r} needs dateparser's locale data: pip install dateparser")
    return Path(spec.submodule_search_locations[0], "data", "date_translation_data", f"{code}.py")


@functools.cache
def locale_info(code: str) -> dict:
    """dateparser's locale dict for ``code`` (the literal after ``info =``), read without running dateparser."""
    source = _locale_file(code).read_text(encoding="utf-8")
    return ast.literal_eval(source.split("=", 1)[1].strip())


def _words(info: dict, key: str) -> list[str]:
    return [w.lower() for w in info.get(key, ()) if w.strip()]


#: A simplification of dateparser written as stems and endings: "дв(а|е|ух)", "восьм(и|ью)|восем(ь|ью)".
_STEM_ENDINGS = re.compile(r"([^\W\d_]+)\(([^\W\d_]+(?:\|[^\W\d_]+)*)\)")
_STEM_SPLIT = re.compile(r"(?<=\))\|")  # "восьм(и|ью)|восем(ь|ью)": the alternatives of whole stems


def _numbers(info: dict) -> dict[str, int]:
    """Number words of dateparser's simplifications: plain ("zwei" -> 2) or a stem and its endings
    ("дв(а|е|ух)" -> "два", "две", "двух"); other regex entries are left out.

    >>> _numbers({"simplifications": [{"zwei": "2"}, {"дв(а|е)|пар(а)": "2"}, {"(\\d+)h": "\\1:00"}]})
    {'zwei': 2, 'два': 2, 'две': 2, 'пара': 2}
    """
    out = {}
    for entry in info.get("simplifications", ()):
        for word, value in entry.items():
            if not value.isdigit():
                continue
            if re.fullmatch(r"[^\W\d_]+", word):
                out[word.lower()] = int(value)
                continue
            forms = [_STEM_ENDINGS.fullmatch(part) for part in _STEM_SPLIT.split(word)]
            if all(forms):
                out |= {(m[1] + end).lower(): int(value) for m in forms for end in m[2].split("|")}
    return out


def _relative(info: dict):
    phrases: dict[str, tuple[int, str, str]] = {}
    for key, words in info.get("relative-type", {}).items():
        m = _RELATIVE_KEY.match(key)
        if m and m["unit"] in RELATIVE_UNITS and (m["in"] or m["ago"]):
            for w in words:
                phrases.setdefault(w.lower(), (int(m["n"]), m["unit"], "in" if m["in"] else "ago"))
    patterns = []
    for key, forms in info.get("relative-type-regex", {}).items():
        m = _RELATIVE_KEY.match(key)
        if not (m and m["unit"] in RELATIVE_UNITS and (m["in"] or m["ago"])):
            continue
        for form in forms:
            before, sep, after = form.partition(_NUMBER_CAPTURE)
            # only plain words around the number ("vor (N) jahren", "(N)年前"), no regex of their own
            if sep and not re.search(r"[\\()\[\]|?*+{}^$]", before + after):
                patterns.append((before.lower(), after.lower(), m["unit"], "in" if m["in"] else "ago"))
    return phrases, tuple(patterns)


@functools.cache
def vocabulary(code: str) -> Vocabulary:
    """The vocabulary of a supported language other than English (built once, on first use)."""
    info, extra = locale_info(code), additions(code)
    months = {w: i for i, key in enumerate(_MONTH_KEYS, 1) for w in _words(info, key)}
    months |= {w.lower(): int(m) for w, m in extra.get("month_forms", {}).items()}
    weekdays = {w: i for i, key in enumerate(_WEEKDAY_KEYS) for w in _words(info, key)}
    weekdays |= {w.lower(): int(d) for w, d in extra.get("weekday_forms", {}).items()}
    relative, patterns = _relative(info)
    relative |= {w.lower(): (int(n), unit, direction) for w, (n, unit, direction) in extra.get("relative", {}).items()}
    patterns += tuple(tuple(form) for form in extra.get("relative_patterns", ()))
    return Vocabulary(
        code=code,
        months=months,
        weekdays=weekdays,
        relative=relative,
        relative_patterns=patterns,
        numbers=_numbers(info) | {w.lower(): n for w, n in extra.get("number_words", {}).items()},
        day_words={w.lower(): int(n) for w, n in extra.get("day_words", {}).items()},
        decade_before=tuple(extra.get("decade_before", ())),
        tense_cues={t: tuple(c.lower() for c in cues) for t, cues in extra.get("tense_cues", {}).items()},
        decade_names={w.lower(): e for w, e in extra.get("decade_names", {}).items()},
        day_part_words={w.lower(): (day, part) for w, (day, part) in extra.get("day_part_words", {}).items()},
        date_order=info.get("date_order", "DMY"),
        unit_words=tuple(w for unit in RELATIVE_UNITS for w in _words(info, unit) if len(w) >= 3),
        **{key: tuple(extra.get(key, ())) for key in (
            "year_cues", "year_suffixes", "year_nouns", "range_from", "range_to", "count_nouns", "of_words", "day_suffixes")},
        capitalised_nouns=bool(extra.get("capitalised_nouns", False)),
        bare_names=bool(extra.get("bare_names", False)),
        century_after=bool(extra.get("century_after", False)),
        lower_case_names=bool(extra.get("lower_case_names", False)),
        not_after={w.lower(): tuple(before) for w, before in extra.get("not_after", {}).items()},
        units={w: unit for unit in RELATIVE_UNITS for w in _words(info, unit) if len(w) >= 3},
        later_words={w.lower(): e for w, e in extra.get("later_words", {}).items()},
        anaphoric={w.lower(): (unit, int(n)) for w, (unit, n) in extra.get("anaphoric", {}).items()},
        **{key: {w.lower(): e for w, e in extra.get(key, {}).items()} for key in ("modifiers", "parts_of_day", "ref_words", "ref_before_noun", "clock_parts", "seasons", "quarter_ordinals", "eras")},
        **{key: tuple(extra.get(key, ())) for key in ("part_links", "part_articles", "part_of_links", "quarter_words", "quarter_articles", "same_period", "a_year_before", "century_words", "day_nouns", "clock_before", "clock_after", "case_sensitive")},
        plural_endings=tuple(extra.get("plural_endings", ())),
        # the function words of "detect" never count anything either
        not_counted_after=frozenset(w.lower() for w in (*extra.get("not_counted_after", ()), *extra.get("detect", ()))),
        identifier_words=frozenset(w.lower() for w in extra.get("identifier_words", ())),
        year_of_nouns=frozenset(w.lower() for w in extra.get("year_of_nouns", ())),
        year_noun_era_marks=tuple(extra.get("year_noun_era_marks", ())),
        verb_endings=tuple(extra.get("verb_endings", ())),
        weak_year_cues=tuple(w.lower() for w in extra.get("weak_year_cues", ())),
        **{key: tuple(extra.get(key, ())) for key in ("clock_cues", "clock_links", "decade_endings")},
        halves={w.lower(): e for w, e in extra.get("halves", {}).items()},
        abbreviations=tuple(extra.get("abbreviations", ())),
        later_objects=tuple(extra.get("later_objects", ())),
        untensed_weekday_ahead=int(extra.get("untensed_weekday_ahead", 2)),
        two_digit_years=bool(extra.get("two_digit_years", False)),
    )  # fmt: skip
