"""Fast matching of the rule table: trigger words, then dispatch on what starts each position.

Trying the full rule alternation (``patterns.SCANNER``) at every word of a document is correct but
slow (tens of rules per position). Every temporal expression contains a *trigger*: a digit, a
month or weekday name, or a temporal keyword ("year", "ago", "tonight", "war", "christmas", ...).
So the scanner

1. finds the triggers (``TRIGGER``, built from ``patterns.TRIGGER_WORDS``) without trying a regex
   at every word (``_fast_triggers``);
2. tries the rules only at the trigger and, up to ``BACK`` characters before it, at words that can
   open a mention (``PREFIX_WORDS``: "the following year", "between 1990"; fewer for a number
   trigger) or tokens that do not start with a letter; URLs are skipped. When no rule has the
   word just before the trigger followed by the trigger's first character (``FOLLOWERS``: "the
   company said 2008", "in 2008"), no earlier position can start a mention reaching the trigger
   and only the trigger is tried;
3. at each such position uses a sub-alternation holding only the rules that can start there, in
   table order: for the trigger word, the rules whose first word it can be; for a prefix word,
   those whose first two words can be the two found there ("the following", not "the beach");
   for a digit, those that can start with that many digits followed by the character found
   ("2008 " is a bare year or a range, never "3 May"); else by first character. Each
   sub-alternation is compiled on first use.

The words, characters and shapes of steps 2 and 3 are read from the rule regexes by
``regex_analysis`` and shipped in the generated ``scanner_tables.py``, so importing this module
parses no regex. Tables whose fingerprint does not match the rules are derived again at import,
with a warning: slower, never wrong.

Positions are visited left to right and a match consumes its span, exactly as in a full
``SCANNER.finditer`` pass; the tests check that both give the same matches. Both passes are linear
in the text length (each position is tried a bounded number of times with non-backtracking rules).

>>> [(name, m.group()) for name, m in iter_matches("He left on 3 May 2001, the following year too.")]
[('day_month_year', '3 May 2001'), ('unit_relative', 'the following year')]
"""

from __future__ import annotations

import functools
import hashlib
import re
import warnings
from typing import Iterable, Iterator

from ragas_temporal.focus_time import patterns
from ragas_temporal.focus_time.normalise import digits_are_ascii
from ragas_temporal.focus_time.patterns import (
    AFTER_YEAR_CUE,
    CIRCA_MARKS,
    CJK_DATE_UNITS,
    CJK_LETTERS,
    CJK_TRIGGER,
    CJK_TRIGGER_CHARS,
    ERA_WORDS,
    MONTHS,
    RULES,
    TRIGGER_WORDS,
    VERB_MONTH_ALONE_CUES,
    VERB_MONTHS,
    combine,
    trie_regex,
)

#: How far before its first trigger a mention may start ("the American Revolutionary War": 26).
BACK = 30

# ---------------------------------------------------------------------------------------------
# triggers
# ---------------------------------------------------------------------------------------------

#: Any trigger word, as one trie-shaped alternation.
_WORDS_ALT = trie_regex(TRIGGER_WORDS)
#: Any month name (a number before one is part of a date: "3 May", "3rd of May").
_MONTH_START = trie_regex(MONTHS)
#: A number is a trigger when it has four digits, or when what follows or comes before makes it
#: part of a date, a time, a decade, an era year or a short year's evidence. Other short numbers
#: ("179 tankers") cannot start a mention on their own; when a unit follows ("3 years ago") the
#: unit word is the trigger. Read from the named fragments of ``patterns.py`` (era words, circa
#: and regnal marks, "in"/"by" before a short year), so a new era form reaches the trigger too.
#: (Written "\d(?:\d{3}|\d{0,2}...)" rather than "\d{4}|\d{1,3}...": an alternative that opens with
#: one digit class is skipped at once at the letters most separators come before.)
_ERA_AFTER_LOWER = trie_regex({w.lower() for w in ERA_WORDS})
_CIRCA_LOWER = trie_regex({w.lower() for w in CIRCA_MARKS})
#: What may follow the number of a CJK date: a unit character (年, 月, 日, 号, 년, 월, 일), or the
#: first letter of 世纪 (century), 季度 / 四半期 / 분기 (quarter).
_CJK_AFTER_NUMBER = "".join(CJK_DATE_UNITS) + "世季四분"
_NUMBER_TRIGGER = (
    # "\d{0,2}+": a short number is read whole (what follows it decides; giving digits back
    # could only find the same ending again, so the possessive form saves the retries)
    r"\d(?:\d{3}|\d{0,2}+(?=(?:[/.:\-–—]\d|0?['’]?s\b|\s*(?:[ap]\.?m\b|utc|gmt)"
    rf"|\s*(?:{_ERA_AFTER_LOWER})(?![a-z])"  # "410 ad", "44 bc"
    rf"|\s*(?:--|[-–—]|(?:to|until|till)\s)\s*(?:(?:{_CIRCA_LOWER})\s*)?\d"  # "( 618 -- 907 )", "786 until 809"
    r"|\s+(?:until|till)\s"  # "from 843 until her death"
    rf"|(?:st|nd|rd|th)?\s*(?:of\s+)?(?:{_MONTH_START})(?![a-z])"
    rf"|[ \t]?[{_CJK_AFTER_NUMBER}])))"  # "3月", "96年", "20世纪", "1季度", "8월": a CJK date's number
    rf"|(?=\d){AFTER_YEAR_CUE}\d{{1,3}}(?!\d)"  # "c. 570", "r. 871", "in 476" (last: years and dates go first)
)
#: A trigger: a number as above, "'08", "Q3", "x'mas", a trigger word (on lower-cased text), or
#: where a CJK rule opening with a letter can start (``patterns.CJK_TRIGGER``).
TRIGGER_BODY = rf"(?:{_NUMBER_TRIGGER}|['’]\d|q[1-4]|x['’]mas|(?:{_WORDS_ALT})(?![a-z])|{CJK_TRIGGER})"
# ``TRIGGER`` (the plain form, for tests) is compiled on first use (see ``__getattr__``); the
# same triggers are found faster by ``_fast_triggers`` (and by ``_plain_triggers``, below, in
# the texts it cannot take).


def _triggers(lowered: str, after_sep: re.Pattern, at_0: re.Pattern) -> list[tuple[int, str]]:
    """TRIGGER's matches in ``lowered`` as (start, text), by the separator-led regex alone (the
    form for texts searched ignoring case; ``_fast_triggers`` gives the same faster). CJK words
    have no separator between them: a text with CJK letters takes TRIGGER itself."""
    if _HAS_CJK(lowered) is not None:
        trigger = __getattr__("TRIGGER")
        if after_sep.flags & re.IGNORECASE:
            (trigger,) = _ignoring_case(trigger)
        return [(m.start(), m.group()) for m in trigger.finditer(lowered)]
    first = at_0.match(lowered)
    found = [] if first is None else [(0, first.group(1))]
    found += [(m.start(1), m.group(1)) for m in after_sep.finditer(lowered, 0 if first is None else first.end())]
    return found


def _fast_triggers(lowered: str) -> list[tuple[int, str]]:
    """TRIGGER's matches in ``lowered`` as (start, text), in order, without trying the word
    alternation at every word.

    A trigger word ("year", "today") is a whole run of letters a-z: the set of the text's runs
    (split in C on a byte copy where every other character is a space) meets the set of trigger
    words in one step, and only the words found are looked for, with ``str.find`` and the same
    boundaries as TRIGGER's. Triggers that start with a digit, an apostrophe, "q" or "x"
    ("2008", "'08", "Q3", "x'mas", "2day", "quarter") are few: ``_mark_candidates`` finds where
    one may start, and TRIGGER's body is tried there; the rare words with other characters
    ("a.d", "w.w", "今年") are looked for by ``str.find``. The lists are merged in order, so the
    result is TRIGGER's (the tests compare them).
    """
    encoded = lowered.encode("ascii", "replace")  # one byte per character: indexes match
    found = []
    done = 0
    for at in _mark_candidates(lowered, encoded.translate(_SHAPES)):
        if at >= done:
            if lowered[at] in _DIGITS:
                four = lowered[at : at + 4]
                if len(four) == 4 and four.isdecimal():  # four digits: always a trigger (the number's first branch)
                    done = at + 4
                    found.append((at, four))
                    continue
                m = _DIGIT_BODY_AT(lowered, at)
            else:
                m = _BODY_AT(lowered, at)
            if m is not None:
                done = m.end()
                found.append((at, m.group()))
    runs = encoded.translate(_RUNS_OF_AZ).split()
    hits = _RUN_WORDS_BYTES.intersection(runs)
    words = [w.decode() for w in hits]
    # the few words with other characters: a whole-text substring test each
    if lowered.isascii():
        irregular = [w for w in _ASCII_OTHER_WORDS if w in lowered]
    else:
        irregular = [w for w in _OTHER_WORDS if w in lowered]
        if _HAS_CJK(lowered) is not None:  # the letters that open a CJK rule, only where there are such letters
            found += [(m.start(), m.group()) for m in _CJK_TRIGGER(lowered)]
            if len(found) > 1:
                found.sort()
    if not words and not irregular:
        return found
    marks = len(found)
    end = len(lowered)
    for word in words + irregular if irregular else words:
        size = len(word)
        at = lowered.find(word)
        while at >= 0:
            after = at + size
            # TRIGGER's boundaries: no a-z or digit before (the digits are ASCII here), no a-z after
            if (at == 0 or lowered[at - 1] not in _AZ09) and (after == end or lowered[after] not in _AZ):
                found.append((at, word))
            at = lowered.find(word, after)
    if marks or irregular:  # a mark or an irregular word may start inside another trigger
        found.sort()
        return _without_overlaps(found)
    if len(words) > 1:  # whole runs of a-z never overlap
        found.sort()
    return found


def _without_overlaps(found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """``found`` (sorted) without a trigger that starts inside the one before it (as a regex
    scan consumes what it matched)."""
    out: list[tuple[int, str]] = []
    done = 0
    for at, word in found:
        if at >= done:
            out.append((at, word))
            done = at + len(word)
    return out


def _find_triggers(text: str, digits_ascii: bool = False) -> tuple[str, list[tuple[int, str]]]:
    """(the text searched, TRIGGER's matches in it as (start, text)): the lower-cased text, or
    ``text`` itself searched ignoring case when ``lower()`` changes its length (rare: "İ").
    ``digits_ascii``: the caller knows every digit of ``text`` is ASCII (``scan`` converts the
    others first); else a text with digits of another script takes the plain search."""
    lowered = text.lower()
    if len(lowered) != len(text):
        return text, _triggers(text, *_ignoring_case(*_plain_triggers()))
    if digits_ascii or digits_are_ascii(lowered):
        return lowered, _fast_triggers(lowered)
    return lowered, _triggers(lowered, *_plain_triggers())


def trigger_positions(text: str) -> list[int]:
    """Where the triggers of ``text`` start: the only places a rule is tried (and up to ``BACK``
    characters before them).

    >>> trigger_positions("Sales rose in March 2019, up 5 percent on last year.")
    [14, 20, 47]
    """
    if not isinstance(text, str):
        raise TypeError(f"trigger_positions expects text as a str, got {type(text).__name__}")
    return [at for at, _ in _find_triggers(text)[1]]

#: URLs: temporal rules never look inside them ("t.co/6VtCPh1a9I" is not a date).
_URL = re.compile(r"(?:https?://|www\.)\S+", re.IGNORECASE)
_URL_REST = re.compile(r"\S+")
#: Where a URL can start (``_URL``'s openings, found with str.find).
_URL_MARKERS = ("http", "www.")


def _url_spans(lowered: str) -> list[tuple[int, int]]:
    """Spans of URLs ("http://...", "www...."); str.find first, the regex only where one starts."""
    spans = []
    for marker in _URL_MARKERS:
        i = lowered.find(marker)
        while i >= 0:
            if (marker == "www." or lowered.startswith(("http://", "https://"), i)) and (i == 0 or not lowered[i - 1].isalnum()):
                end = _URL_REST.match(lowered, i).end()
                spans.append((i, end))
                i = lowered.find(marker, end)
            else:
                i = lowered.find(marker, i + 1)
    spans.sort()
    return spans
#: Lower-case forms of month names that are verbs: never a trigger ("it may rain"), unless a
#: number follows ("on may 4": the verb-form month and day rule decides).
_VERB_TRIGGERS = VERB_MONTHS
_NUMBER_AFTER = re.compile(r"\s+\d").match
# ... or a dating word before it ("in may": the verb-form month rule decides)
_CUE_BEFORE = re.compile(rf"(?<![\w.])(?:{trie_regex(VERB_MONTH_ALONE_CUES)})[\s-]+$")


def _verb_not_month(text: str, lowered: str, t: int, word: str) -> bool:
    """Is the verb-form month ``word`` at ``t`` a verb: lower-case, no number after it and no
    dating word before it ("it may rain", not "in may" or "on may 4")?"""
    return (
        text[t].islower()
        and _NUMBER_AFTER(text, t + len(word)) is None
        and _CUE_BEFORE.search(lowered, max(0, t - 16), t) is None
    )


# ---------------------------------------------------------------------------------------------
# the tables read from the rule regexes (generated data, see regex_analysis)
# ---------------------------------------------------------------------------------------------

#: The command that regenerates ``scanner_tables.py`` after a rule changes.
REGENERATE_TABLES = "python -m ragas_temporal.focus_time.build_scanner_tables --write"
#: Bumped when the meaning of a table changes (the fingerprint changes with it).
TABLES_FORMAT = 3


def tables_fingerprint(rules=RULES, trigger_body: str | None = None, trigger_words: Iterable[str] = TRIGGER_WORDS) -> str:
    """A digest of everything the tables are read from: the rules (names and regexes, in order),
    the trigger regex and the trigger words. Cheap (no regex is parsed).

    >>> tables_fingerprint() == tables_fingerprint(list(RULES))
    True
    >>> tables_fingerprint() == tables_fingerprint(RULES[:-1])
    False
    """
    body = TRIGGER_BODY if trigger_body is None else trigger_body
    h = hashlib.sha256(f"{TABLES_FORMAT}\x00{body}\x00{'|'.join(sorted(trigger_words))}".encode())
    for rule in rules:
        h.update(f"\x00{rule.name}\x00{rule.pattern}".encode())
    return h.hexdigest()[:16]


def _load_tables() -> dict:
    """The generated tables when they were read from today's rules; else derived now (slow)."""
    try:
        from ragas_temporal.focus_time import scanner_tables as generated
    except ImportError:  # pragma: no cover - a checkout where the file was never generated
        generated = None
    if generated is not None and generated.FINGERPRINT == tables_fingerprint():
        return {name.lower(): value for name, value in vars(generated).items() if name.isupper() and name != "FINGERPRINT"}
    warnings.warn(
        f"ragas_temporal/focus_time/scanner_tables.py does not match the rules: deriving the scanner's tables "
        f"at import (slow start). Regenerate it with: {REGENERATE_TABLES}",
        RuntimeWarning,
        stacklevel=2,
    )
    from ragas_temporal.focus_time.regex_analysis import derive_tables

    return derive_tables(RULES, TRIGGER_BODY, TRIGGER_WORDS, VERB_MONTHS)


_TABLES = _load_tables()
_DIGITS = frozenset("0123456789")
#: Rule index -> its first characters, first words, (first word, second word) signatures and
#: (digit count, next character) shapes; None: unknown (the rule is tried wherever it could be).
_FIRST_CHARS = [None if (s := _TABLES["first_chars"][r.name]) is None else frozenset(s) for r in RULES]
_FIRST_TOKENS = [None if (s := _TABLES["first_tokens"][r.name]) is None else frozenset(s) for r in RULES]
_SIGNATURES = [
    None if (s := _TABLES["word_signatures"][r.name]) is None else frozenset((w1, w2) for w1, w2s in s.items() for w2 in w2s)
    for r in RULES
]
_DIGIT_SHAPES = [None if (s := _TABLES["digit_shapes"][r.name]) is None else frozenset(s) for r in RULES]
#: Rule index -> (digit count, word after the digits and whitespace) shapes (None: unknown).
_DIGIT_WORD_SHAPES = [
    None if (s := _TABLES["digit_word_shapes"][r.name]) is None else frozenset((n, w) for n, ws in s.items() for w in ws)
    for r in RULES
]
#: Digit count -> the words some rule names after that many digits and whitespace.
_DIGIT_NEXT_WORDS: dict[int, frozenset[str]] = {}
for _shapes in _DIGIT_WORD_SHAPES:
    for _n, _w in _shapes or ():
        _DIGIT_NEXT_WORDS[_n] = _DIGIT_NEXT_WORDS.get(_n, frozenset()) | {_w}
#: "*": a rule may end after its first word or its digits (anything may follow).
_ANY_NEXT = "*"
#: Longer digit runs are dispatched by their first character (bounds the shape table; any cap is
#: correct: a rule that can open with more digits than its analysis tracks has unknown shapes).
_DIGIT_CAP = 8


class _AnyFollower:
    """The followers of a run after which a rule has a class too large to list: any character."""

    def __contains__(self, char: object) -> bool:
        return True


_ANY_FOLLOWER = _AnyFollower()

#: Words that can open a mention before its trigger (None: any word may).
PREFIX_WORDS: frozenset[str] | None = None if _TABLES["prefix_words"] is None else frozenset(_TABLES["prefix_words"])
#: The subset that can open a mention whose trigger is a number; "in" or "of" only open mentions
#: triggered by a word ("in March"), so "in 2008" tries only "2008".
NUMBER_PREFIX_WORDS: frozenset[str] | None = (
    None if _TABLES["number_prefix_words"] is None else frozenset(_TABLES["number_prefix_words"])
)
#: Run of letters -> characters a rule can have after it and whitespace; None: unknown (the
#: shortcut is off).
FOLLOWERS: dict[str, frozenset[str] | _AnyFollower] | None = (
    None
    if _TABLES["followers"] is None
    else {run: _ANY_FOLLOWER if chars is None else frozenset(chars) for run, chars in _TABLES["followers"].items()}
)

# The fast trigger search. A trigger follows a character that is not a letter or digit, so that
# character opens the search regex: the regex engine then skips in C to the next such character
# instead of trying the whole alternation at every position, and a one-character lookahead for
# what a trigger can start with turns away most separators (a space before "beach") before the
# alternation is tried. Every trigger ends with a letter or digit, so the separator of one
# trigger is never part of the previous one and the matches (group 1) are exactly TRIGGER's; a
# trigger at position 0 is found by the second regex.
_TRIGGER_STARTS = None if _TABLES["trigger_starts"] is None else frozenset(_TABLES["trigger_starts"])
# \d rather than 0-9: the tables list ASCII digits for \d, and iter_matches may be given
# digits of other scripts
_TRIGGER_LOOKAHEAD = (
    r"(?=[\d" + "".join(re.escape(c) for c in sorted(_TRIGGER_STARTS - _DIGITS)) + "])"
    if _TRIGGER_STARTS
    else ""
)


@functools.lru_cache(maxsize=None)
def _plain_triggers() -> tuple[re.Pattern, re.Pattern]:
    """The separator-led trigger regex and its form for position 0 (group 1: the trigger),
    compiled on first use: only texts ``_fast_triggers`` cannot take (digits of other scripts,
    "İ") need them, so importing this module does not compile the word alternation twice."""
    return re.compile(rf"[^a-z\d]{_TRIGGER_LOOKAHEAD}({TRIGGER_BODY})"), re.compile(rf"({TRIGGER_BODY})")

# The fast search (``_fast_triggers``) splits the triggers by their first character.
#: Characters of a-z, and of a-z or a digit (TRIGGER's boundaries).
_AZ = frozenset("abcdefghijklmnopqrstuvwxyz")
_AZ09 = _AZ | _DIGITS
#: Besides digits, the first characters of the triggers ``_mark_candidates`` finds: the letters
#: of "Q3" and "x'mas" ("quarter" too, since it starts with "q") and the apostrophes of "'08".
_MARK_LETTERS = "qx"
_APOSTROPHES = "'’"


def _starts_a_mark(word: str) -> bool:
    """Whether ``word`` starts with a digit, a mark letter or an apostrophe."""
    return word[0] in _DIGITS or word[0] in _MARK_LETTERS or word[0] in _APOSTROPHES


#: Byte table of a text's shape: "0" for a digit, "q" for a mark letter, "a" for another letter
#: a-z, a space for every other byte (punctuation, an apostrophe, the "?" of a non-ASCII character).
_SHAPES = bytes(
    48 if 48 <= c <= 57 else 113 if chr(c) in _MARK_LETTERS else 97 if 97 <= c <= 122 else 32 for c in range(256)
)


def _mark_candidates(lowered: str, shapes: bytes) -> list[int]:
    """Where a trigger starting with a digit, a mark letter ("q", "x") or an apostrophe may start,
    in order: one of them after a character that is not a-z or a digit (a space in ``shapes``).
    Found with ``bytes.find`` on the shape, so a number's inner digits cost nothing.

    >>> _mark_candidates("in 2008, q3 and '08", "in 2008, q3 and '08".encode().translate(_SHAPES))
    [3, 9, 16, 17]
    """
    found = [0] if shapes[:1] in (b"0", b"q") else []
    for pair in (b" 0", b" q"):
        at = shapes.find(pair)
        while at >= 0:
            found.append(at + 1)
            at = shapes.find(pair, at + 2)
    for mark in _APOSTROPHES:
        if mark in lowered:
            at = lowered.find(mark)
            while at >= 0:
                if at == 0 or shapes[at - 1] == 32:
                    found.append(at)
                at = lowered.find(mark, at + 1)
    if len(found) > 1:
        found.sort()
    return found


#: TRIGGER's body, tried where one may start; at a digit, only its alternatives that can start
#: with one (a number, "2day"), in the same order.
_BODY_AT = re.compile(TRIGGER_BODY).match
_DIGIT_BODY_AT = re.compile(
    rf"{_NUMBER_TRIGGER}|(?:{trie_regex({w for w in TRIGGER_WORDS if w[0].isdigit()})})(?![a-z])"
).match


#: Trigger words that are a run of a-z letters not starting with a mark letter, as bytes (what the runs
#: of the byte copy are compared with).
_RUN_WORDS_BYTES = frozenset(
    w.encode() for w in TRIGGER_WORDS if w.isascii() and w.isalpha() and w.islower() and not _starts_a_mark(w)
)
#: The other trigger words no mark start finds ("a.d", "w.w"), and those of them in ASCII.
_OTHER_WORDS = tuple(sorted(w for w in TRIGGER_WORDS if w.encode() not in _RUN_WORDS_BYTES and not _starts_a_mark(w)))
#: A CJK letter (a text without one has no CJK trigger), and the CJK triggers with TRIGGER's
#: boundary (no a-z or digit before; a CJK mention may end before any letter).
_HAS_CJK = re.compile(f"[{CJK_LETTERS}]").search
_CJK_TRIGGER = re.compile(rf"(?:{CJK_TRIGGER})(?<![a-z\d].)").finditer  # (the boundary last: the letters lead)
_ASCII_OTHER_WORDS = tuple(w for w in _OTHER_WORDS if w.isascii())
#: Byte table: a-z kept, every other byte (digits, punctuation, the "?" of a non-ASCII
#: character) made a space, so ``split()`` gives the runs of a-z.
_RUNS_OF_AZ = bytes(c if 97 <= c <= 122 else 32 for c in range(256))


@functools.lru_cache(maxsize=None)
def _ignoring_case(*regexes: re.Pattern) -> tuple[re.Pattern, ...]:
    """The case-insensitive forms of ``regexes`` (compiled on first use: only texts whose
    ``lower()`` changes their length, e.g. "İ", search the original text ignoring case)."""
    return tuple(re.compile(rx.pattern, re.IGNORECASE) for rx in regexes)


def __getattr__(name: str):
    if name == "TRIGGER":  # the plain trigger regex (tests compare the fast search with it)
        value = globals()["TRIGGER"] = re.compile(rf"(?<![a-z\d]){TRIGGER_BODY}")
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _candidate_regex(words) -> re.Pattern:
    """Token starts where a mention may begin: one of ``words`` (None: any word), or a token not
    starting with a letter."""
    if words is None:
        return re.compile(r"(?<!\w)\S")
    return re.compile(rf"(?<!\w)(?:[^\sa-z]|(?:{trie_regex(words)})(?![a-z]))")


_CANDIDATE = _candidate_regex(PREFIX_WORDS)
_CANDIDATE_NUM = _candidate_regex(NUMBER_PREFIX_WORDS)

# ---------------------------------------------------------------------------------------------
# the sub-alternations: rules that can start at a position, compiled on first use
# ---------------------------------------------------------------------------------------------
# Compiling them all would cost seconds at import; a text needs a handful. Each key is looked up
# in its table first (a dict hit in the scan loop); a miss goes to the ``_rules_by_*`` function,
# which picks the rules, compiles their alternation once per set of rules (``_SUBSET_RX``) and
# stores it under the key. Keys are bounded: first characters and words are stored only when
# some rule can start with them (others share the fallback alternation).

_SUBSET_RX: dict[tuple[int, ...], re.Pattern | None] = {(): None}
_MISSING = object()


def _alternation(idx: tuple[int, ...]) -> re.Pattern | None:
    """The alternation of the rules ``idx`` (in table order), compiled once; None for no rule."""
    rx = _SUBSET_RX.get(idx, _MISSING)
    if rx is _MISSING:
        rx = _SUBSET_RX[idx] = combine([RULES[i] for i in idx])
    return rx


def _lazy_dispatch(table: dict[str, re.Pattern | None], starts: list, unknown_key: str | None = None):
    """The lookup ``key -> alternation of the rules that can start with key``, filling ``table``
    on first use. ``starts`` holds each rule's possible starts (None: any); a key no rule names
    (or ``unknown_key``, the "#" of a non-letter word) gets the rules that may start anywhere."""
    known = frozenset().union(*(k for k in starts if k is not None)) - {unknown_key}
    anywhere = tuple(i for i, k in enumerate(starts) if k is None)

    def rules_for(key: str) -> re.Pattern | None:
        rx = table.get(key, _MISSING)
        if rx is _MISSING:
            if key not in known:
                return _alternation(anywhere)
            rx = table[key] = _alternation(tuple(i for i, k in enumerate(starts) if k is None or key in k))
        return rx

    return rules_for


#: First character -> alternation of the rules that can start with it (None: no rule).
RULES_BY_FIRST_CHAR: dict[str, re.Pattern | None] = {}
_rules_by_first_char = _lazy_dispatch(RULES_BY_FIRST_CHAR, _FIRST_CHARS)
#: First word -> alternation of the rules that can start with it (finer than the first character).
RULES_BY_FIRST_WORD: dict[str, re.Pattern | None] = {}
_rules_by_first_word = _lazy_dispatch(RULES_BY_FIRST_WORD, _FIRST_TOKENS, unknown_key="#")


# A prefix word dispatches with the word after it (see regex_analysis's two-word dispatch).

_SIGNATURE_PAIRS = {sig for s in _SIGNATURES if s is not None for sig in s}
#: Prefix word -> the next words some rule names after it (any other next word dispatches as "*").
_NEXT_WORDS: dict[str, frozenset[str]] = {}
for _w1, _w2 in _SIGNATURE_PAIRS:
    if PREFIX_WORDS is None or _w1 in PREFIX_WORDS:
        _NEXT_WORDS[_w1] = _NEXT_WORDS.get(_w1, frozenset({_ANY_NEXT})) | {_w2}
#: (prefix word, next word) -> alternation of the rules with that signature (or any next word).
RULES_BY_WORD_PAIR: dict[tuple[str, str], re.Pattern | None] = {}


def _rules_by_word_pair(w1: str, w2: str) -> re.Pattern | None:
    """The alternation for a (prefix word, next word) position; ``w2`` is one of
    ``_NEXT_WORDS[w1]`` (a next word no rule names is "*": the rules that allow any, so the table
    stays as small as the rules). A word that opens no signature: by its first word alone."""
    if w2 not in _NEXT_WORDS.get(w1, ()):
        return _rules_by_first_word(w1)
    rx = RULES_BY_WORD_PAIR[(w1, w2)] = _alternation(
        tuple(i for i, s in enumerate(_SIGNATURES) if s is None or (w1, w2) in s or (w1, _ANY_NEXT) in s)
    )
    return rx


# A digit position dispatches on its digit count and the next character (regex_analysis's digit shapes).

#: (digit count, next character) -> alternation of the rules with that shape.
RULES_BY_DIGIT_SHAPE: dict[tuple[int, str], re.Pattern | None] = {}


def _rules_by_digit_shape(key: tuple[int, str]) -> re.Pattern | None:
    count = key[0]
    rx = RULES_BY_DIGIT_SHAPE[key] = _alternation(
        tuple(i for i, s in enumerate(_DIGIT_SHAPES) if s is None or key in s or (count, _ANY_NEXT) in s)
    )
    return rx


#: (digit count, word after the whitespace) -> alternation of the rules with that shape: finer than
#: ``RULES_BY_DIGIT_SHAPE``'s (count, " ") ("1998 by" tries the bare year only, not "1998 BC").
RULES_BY_DIGIT_WORD: dict[tuple[int, str], re.Pattern | None] = {}


def _rules_by_digit_word(key: tuple[int, str]) -> re.Pattern | None:
    count = key[0]
    rx = RULES_BY_DIGIT_WORD[key] = _alternation(
        tuple(
            i
            for i, (s, w) in enumerate(zip(_DIGIT_SHAPES, _DIGIT_WORD_SHAPES))
            if (s is None or (count, " ") in s or (count, _ANY_NEXT) in s)
            and (w is None or key in w or (count, _ANY_NEXT) in w)
        )
    )
    return rx


def _digit_word_key(lowered: str, shape: re.Match, count: int) -> tuple[int, str] | None:
    """(count, the word after the digits and whitespace of ``shape``, a ``_DIGITS_THEN`` match)
    as ``RULES_BY_DIGIT_WORD`` keys it ("#": a non-letter, "*": a word no rule names after
    ``count`` digits); None when the word is not a whole run of ASCII letters or the text ends
    (then the coarser shape decides)."""
    word = shape.group(2)
    if word is None:
        if shape.end() == len(lowered):
            return None
        word = "#"
    elif not word.isascii():
        return None
    else:
        word = word.lower()  # ``lowered`` is the original text when lower() changed its length
    return (count, word if word in _DIGIT_NEXT_WORDS.get(count, ()) else _ANY_NEXT)


#: A run of digits (group 1), then whitespace and a run of letters (group 2) if they follow: what
#: a number position dispatches on, read in one call.
_DIGITS_THEN = re.compile(r"([0-9]+)(?:\s+([^\W\d_]+)?)?")
#: First word at a position (group 1), then whitespace and the second word (group 2) or another
#: character (group 3).
_TWO_WORDS = re.compile(r"([^\W\d_]+)\s*(?:([^\W\d_]+)|(.))?", re.DOTALL)


def _first_url_marker(lowered: str) -> int:
    """Where the first "http" or "www." is (the length of the text when none): triggers and
    matches before it cannot touch a URL, so most texts never compute their URL spans."""
    first = len(lowered)
    for marker in _URL_MARKERS:
        at = lowered.find(marker, 0, first)
        if at >= 0:
            first = at
    return first


def iter_matches(text: str, digits_ascii: bool = False) -> list[tuple[str, re.Match]]:
    """``(rule name, match)`` for every rule match in ``text``, left to right, non-overlapping.
    ``digits_ascii``: every digit of ``text`` is ASCII (a faster trigger search; see
    ``_find_triggers``).

    The match is the combined scanner's (its span is the mention's span; read the rule's groups
    with ``patterns.RULE_REGEX[name].match(text, start)``)."""
    lowered, triggers = _find_triggers(text, digits_ascii)
    if not triggers:
        return []
    if lowered is text:  # rare: lower() changed the length (e.g. "İ"); the case-insensitive forms
        cand_word, cand_num = (rx.finditer for rx in _ignoring_case(_CANDIDATE, _CANDIDATE_NUM))
    else:
        cand_word, cand_num = _CANDIDATE.finditer, _CANDIDATE_NUM.finditer
    url_at = _first_url_marker(lowered)
    urls: list[tuple[int, int]] | None = None  # computed once something reaches url_at
    ui = 0  # first URL not entirely before the current trigger
    done = 0  # everything before this position is either consumed by a match or already tried
    followers, by_first_word = FOLLOWERS, RULES_BY_FIRST_WORD.get
    out: list[tuple[str, re.Match]] = []
    for t, word in triggers:
        if t < done:
            continue
        if t >= url_at:
            if urls is None:
                urls = _url_spans(lowered)
            while ui < len(urls) and urls[ui][1] <= t:
                ui += 1
            if ui < len(urls) and urls[ui][0] <= t:
                done = urls[ui][1]
                continue
        if word in _VERB_TRIGGERS and _verb_not_month(text, lowered, t, word):
            continue
        lo = t - BACK if t - BACK > done else done
        positions: Iterable[int] = ()
        if lo < t:
            before = lowered[lo:t].rstrip()
            last = before[before.rfind(" ") + 1 :]  # the last space-delimited token
            if not (
                followers is not None  # None: the rules could not be read, never skip
                and last.isalpha()
                and len(before) < t - lo  # whitespace between the word and the trigger
                and ("0" if word[0].isdigit() else word[0].lower()) not in followers.get(last.lower(), ())
            ):  # an earlier word may start a mention reaching the trigger
                positions = [c.start() for c in (cand_word if word[-1].isalpha() else cand_num)(lowered, lo, t)]
        for p in (*positions, t):
            if p < done:
                continue
            if p == t and (word.isalpha() or word[0] in CJK_TRIGGER_CHARS):  # the trigger word itself
                w = word.lower()
                rx = by_first_word(w, _MISSING)
                if rx is _MISSING:
                    # CJK words are not split from what follows them: the rules that can start with the letter
                    rx = RULES_BY_FIRST_WORD[w] = _rules_by_first_char(w[0]) if w[0] in CJK_TRIGGER_CHARS else _rules_by_first_word(w)
            else:
                rx = _rules_at(text, lowered, p)
            m = rx.match(text, p) if rx is not None else None
            if m is None:
                continue
            if m.end() > url_at:
                if urls is None:
                    urls = _url_spans(lowered)
                if ui < len(urls) and urls[ui][0] < m.end():
                    continue  # runs into the next URL
            out.append((m.lastgroup, m))
            done = m.end()
            if done > t:
                break
        if done <= t:
            done = t + 1
    return out


def _rules_at(text: str, lowered: str, p: int) -> re.Pattern | None:
    """The alternation of the rules that can match at ``p``, a position that is not a trigger
    word: a prefix word (by it and the next word), a number (by its digit count and the character
    after it), else by its first character."""
    first = text[p]
    if first.isalpha():  # a prefix word before the trigger: dispatch on it and the next word
        w1, w2, other = _TWO_WORDS.match(lowered, p).groups()
        w1 = w1.lower()
        w2 = w2.lower() if w2 is not None else ("#" if other is not None else "$")
        if w2 not in _NEXT_WORDS.get(w1, ()):
            w2 = _ANY_NEXT  # a next word no rule names after w1 ("the beach")
        rx = RULES_BY_WORD_PAIR.get((w1, w2), _MISSING)
        if rx is _MISSING:
            rx = _rules_by_word_pair(w1, w2)
        return rx
    if first in _DIGITS:  # dispatch on the digit count and the character after
        shape = _DIGITS_THEN.match(lowered, p)
        e = shape.end(1)
        nxt = lowered[e] if e < len(lowered) else "$"
        if not nxt.isascii():  # a non-ASCII digit, space or letter: the per-character table
            return _rules_by_first_char(first)
        key = (e - p, " " if nxt.isspace() else nxt.lower())
        if key[1] == " " and e - p <= _DIGIT_CAP:  # a number and a space: by the word after it
            word_key = _digit_word_key(lowered, shape, e - p)
            if word_key is not None:
                rx = RULES_BY_DIGIT_WORD.get(word_key, _MISSING)
                return _rules_by_digit_word(word_key) if rx is _MISSING else rx
        rx = RULES_BY_DIGIT_SHAPE.get(key, _MISSING)
        if rx is _MISSING:
            rx = _rules_by_digit_shape(key) if e - p <= _DIGIT_CAP else _rules_by_first_char(first)
        return rx
    if first.isdigit():  # a digit of another script ("٣ BC"): rare, the full table
        return patterns.SCANNER
    return _rules_by_first_char(first)


def iter_matches_reference(text: str) -> Iterator[tuple[str, re.Match]]:
    """Same contract as ``iter_matches`` by trying every position (slow; for tests)."""
    urls = _url_spans(text.lower()) if len(text.lower()) == len(text) else [u.span() for u in _URL.finditer(text)]
    pos = 0
    while (m := patterns.SCANNER.search(text, pos)) is not None:
        inside = next((b for a, b in urls if a <= m.start() < b), None)
        if inside is not None:  # no match starts in a URL: go on after it ("www.a.com/x/03 May": "May")
            pos = inside
            continue
        if not any(a < m.end() and m.start() < b for a, b in urls):
            yield m.lastgroup, m
        pos = max(m.end(), m.start() + 1)
