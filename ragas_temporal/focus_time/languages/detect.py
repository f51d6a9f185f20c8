"""``language="auto"``: the language of a text from its script, then its vocabulary.

Deterministic and offline (no model): the script with the most letters decides first (Hangul:
ko; kana: ja; other CJK ideographs: zh; Cyrillic: ru; Arabic: ar; Devanagari: hi). A text in the
Latin script gets the language whose function words (``additions/<code>.json``, key ``detect``)
and letters of its own (key ``detect_letters``: "ñ", "ß", "ł", "ı") occur most often in it; a tie goes to the earlier code of ``SUPPORTED_LANGUAGES`` (English
first), and a text with none of them (a bare date, a name) is English.

Limits: one language per text (a German paragraph quoting an English title is German); short
texts decide on few words ("Am 9. November 1989" has no listed word: English); Cyrillic is always Russian,
Arabic script always Arabic, Devanagari always Hindi; Catalan reads as Spanish or French; a
Turkish sentence with no listed word nor letter of its own ("Türkiye Cumhuriyeti 1923'te kuruldu.")
may read as another language.

>>> detect_language("Napoléon est mort le 5 mai 1821 à Sainte-Hélène.")
'fr'
>>> detect_language("Юрий Гагарин полетел в космос 12 апреля 1961 года.")
'ru'
>>> detect_language("中华人民共和国于1949年10月1日成立。"), detect_language("1948年8月15日に大韓民国が成立した。")
('zh', 'ja')
>>> detect_language("The Wall fell in 1989."), detect_language("1989")
('en', 'en')
"""

from __future__ import annotations

import functools
import re

from ragas_temporal.focus_time.languages.codes import SUPPORTED_LANGUAGES
from ragas_temporal.focus_time.languages.vocabulary import additions, vocabulary
from ragas_temporal.focus_time.patterns import MONTHS, WEEKDAYS

#: Letters of each script that decides a language on its own, as character classes.
_SCRIPTS: tuple[tuple[str, str], ...] = (
    ("ko", "\u1100-\u11ff\u3130-\u318f\uac00-\ud7af"),
    ("ja", "\u3040-\u30ff"),  # kana: Japanese even among many ideographs
    ("zh", "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"),
    ("ru", "\u0400-\u04ff"),
    ("ar", "\u0600-\u06ff\u0750-\u077f"),
    ("hi", "\u0900-\u097f"),
)
_SCRIPT_RES = tuple((code, re.compile(f"[{chars}]")) for code, chars in _SCRIPTS)
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")
_WORD = re.compile(r"[^\W\d_]+")  # "l'année": "l", "année"


#: The shortest date word that is evidence ("juin", "mayo"; not the abbreviations "jun", "mar").
_DATE_WORD_CHARS = 4


@functools.cache
def _function_words() -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """(word -> the Latin-script languages listing it, letter -> the one language writing it),
    read once, on first use. The words are the function words of ``detect`` and the language's
    month and weekday names from its vocabulary ("juin", "octubre", "dinsdag"), so a date in a
    sentence is evidence for its language."""
    owners: dict[str, list[str]] = {}
    letters: dict[str, str] = {}
    for code in SUPPORTED_LANGUAGES:
        extra = additions(code)
        words = {w.lower() for w in extra.get("detect", ())} | _date_words(code)
        for word in words:
            owners.setdefault(word, []).append(code)
        letters.update(dict.fromkeys(extra.get("detect_letters", ""), code))
    return {w: tuple(c) for w, c in owners.items()}, letters


def _date_words(code: str) -> set[str]:
    """The month and weekday names of a Latin-script language, not their abbreviations ("sept",
    "tues"). Not its relative words: "hier" is French "yesterday" and German "here"."""
    if code == "en":
        names: tuple[str, ...] = (*MONTHS, *WEEKDAYS)
    else:
        v = vocabulary(code)
        if not any(_LATIN.match(w) for w in v.months):
            return set()  # another script decides by its letters
        names = (*v.months, *v.weekdays)
    return {
        w for w in names
        if len(w) >= _DATE_WORD_CHARS and _WORD.fullmatch(w) and not any(o != w and o.startswith(w) for o in names)
    }  # fmt: skip


def detect_language(text: str) -> str:
    """The supported language ``text`` is most likely written in (see the module's rules and limits)."""
    counts = {code: len(rx.findall(text)) for code, rx in _SCRIPT_RES}
    latin = len(_LATIN.findall(text))
    script, letters = max(counts.items(), key=lambda kv: kv[1])
    if script == "zh" and counts["ja"]:
        script, letters = "ja", letters + counts["ja"]
    if letters > latin:
        return script
    words, letters = _function_words()
    hits = dict.fromkeys(SUPPORTED_LANGUAGES, 0)
    for word in _WORD.findall(text.lower()):
        for code in words.get(word, ()):
            hits[code] += 1
    for letter, code in letters.items():
        hits[code] += text.count(letter)
    best = max(hits.values())
    return next(code for code in SUPPORTED_LANGUAGES if hits[code] == best) if best else "en"
