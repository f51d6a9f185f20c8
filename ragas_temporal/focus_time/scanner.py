"""Fast matching of the rule table: trigger words, then dispatch on what starts each position.

Trying the full rule alternation (``patterns.SCANNER``) at every word of a document is correct but
slow (tens of rules per position). Every temporal expression contains a *trigger*: a digit, a
month or weekday name, or a temporal keyword ("year", "ago", "tonight", "war", "christmas", ...).
So the scanner

1. finds triggers with one cheap regex (``TRIGGER``, built from ``patterns.TRIGGER_WORDS``;
   searched in the equivalent separator-led form, which lets the regex engine skip in C to the
   next non-alphanumeric character);
2. tries the rules only at the trigger and, up to ``BACK`` characters before it, at words that can
   open a mention (``PREFIX_WORDS``: "the following year", "between 1990"; fewer for a number
   trigger) or tokens that do not start with a letter; URLs are skipped. Both word sets are read
   from the rule regexes: this module holds no word list of its own. When no rule has the
   word just before the trigger followed by the trigger's first character (``FOLLOWERS``: "the
   company said 2008", "in 2008"), no earlier position can start a mention reaching the trigger
   and only the trigger is tried;
3. at each such position uses a sub-alternation holding only the rules that can start there, in
   table order: for the trigger word, the rules whose first word it can be; for a prefix word,
   those whose first two words can be the two found there ("the following", not "the beach");
   for a digit, those that can start with that many digits followed by the character found
   ("2008 " is a bare year or a range, never "3 May"); else by first character. All of these
   are read from the rule regexes themselves (``first_tokens``, ``word_signatures``,
   ``digit_shapes``, ``first_chars``, ``FOLLOWERS``) and the sub-alternations are compiled
   on first use.

Positions are visited left to right and a match consumes its span, exactly as in a full
``SCANNER.finditer`` pass; the tests check that both give the same matches. Both passes are linear
in the text length (each position is tried a bounded number of times with non-backtracking rules).

>>> [(name, m.group()) for name, m in iter_matches("He left on 3 May 2001, the following year too.")]
[('day_month_year', '3 May 2001'), ('unit_relative', 'the following year')]
"""

from __future__ import annotations

import re
from typing import Callable, Iterable, Iterator, NamedTuple

from ragas_temporal.focus_time.patterns import (
    AFTER_YEAR_CUE,
    CIRCA_MARKS,
    ERA_WORDS,
    MONTHS,
    RULES,
    SCANNER,
    TRIGGER_WORDS,
    VERB_MONTHS,
    combine,
    trie_regex,
)

try:  # Python >= 3.11
    from re import _constants as _sre_c
    from re import _parser as _sre_parse
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as _sre_c  # type: ignore[no-redef]
    import sre_parse as _sre_parse  # type: ignore[no-redef]

#: How far before its first trigger a mention may start ("the American Revolutionary War": 26).
BACK = 30

# ---------------------------------------------------------------------------------------------
# triggers
# ---------------------------------------------------------------------------------------------

_WORDS_ALT = trie_regex(TRIGGER_WORDS)
#: A digit starting a token, "'08", "Q3", "x'mas", or a trigger word (on lower-cased text).
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
_NUMBER_TRIGGER = (
    r"\d(?:\d{3}|\d{0,2}(?=\d*(?:[/.:\-–—]\d|0?['’]?s\b|\s*(?:[ap]\.?m\b|utc|gmt)"
    rf"|\s*(?:{_ERA_AFTER_LOWER})(?![a-z])"  # "410 ad", "44 bc"
    rf"|\s*(?:--|[-–—]|(?:to|until|till)\s)\s*(?:(?:{_CIRCA_LOWER})\s*)?\d"  # "( 618 -- 907 )", "786 until 809"
    r"|\s+(?:until|till)\s"  # "from 843 until her death"
    rf"|(?:st|nd|rd|th)?\s*(?:of\s+)?(?:{_MONTH_START})(?![a-z]))))"
    rf"|(?=\d){AFTER_YEAR_CUE}\d{{1,3}}(?!\d)"  # "c. 570", "r. 871", "in 476" (last: years and dates go first)
)
_TRIGGER_BODY = rf"(?:{_NUMBER_TRIGGER}|['’]\d|q[1-4]|x['’]mas|(?:{_WORDS_ALT})(?![a-z]))"
TRIGGER = re.compile(rf"(?<![a-z\d]){_TRIGGER_BODY}")
# The same triggers are found faster by ``_TRIGGER_AFTER_SEP`` (compiled below, once
# ``first_chars`` can read the characters a trigger starts with).


def _triggers(lowered: str, after_sep: re.Pattern, at_0: re.Pattern) -> list[re.Match]:
    """TRIGGER's matches in ``lowered``, as matches whose group 1 is the trigger."""
    first = at_0.match(lowered)
    if first is None:
        return list(after_sep.finditer(lowered))
    return [first, *after_sep.finditer(lowered, first.end())]


def _find_triggers(text: str) -> tuple[str, list[re.Match]]:
    """(the text searched, TRIGGER's matches in it): the lower-cased text, or ``text`` itself
    searched ignoring case when ``lower()`` changes its length (rare: "İ")."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered, _triggers(lowered, _TRIGGER_AFTER_SEP, _TRIGGER_AT_0)
    return text, _triggers(text, _TRIGGER_AFTER_SEP_I, _TRIGGER_AT_0_I)


def trigger_positions(text: str) -> list[int]:
    """Where the triggers of ``text`` start: the only places a rule is tried (and up to ``BACK``
    characters before them).

    >>> trigger_positions("Sales rose in March 2019, up 5 percent on last year.")
    [14, 20, 47]
    """
    if not isinstance(text, str):
        raise TypeError(f"trigger_positions expects text as a str, got {type(text).__name__}")
    return [m.start(1) for m in _find_triggers(text)[1]]

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
#: Lower-case forms of month names that are verbs: never a trigger ("it may rain").
_VERB_TRIGGERS = VERB_MONTHS


# ---------------------------------------------------------------------------------------------
# first-character sets of each rule, from the parsed regex
# ---------------------------------------------------------------------------------------------

_DIGITS = frozenset("0123456789")
_ANY = None  # marker: the rule may start with (almost) any character
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_CATEGORIES = {
    _sre_c.CATEGORY_DIGIT: _DIGITS,
    _sre_c.CATEGORY_SPACE: frozenset(" \t\n\r\f\v"),
    _sre_c.CATEGORY_WORD: _WORD_CHARS,
}


def _cased(chars: set[str], ignore_case: bool) -> set[str]:
    return {v for c in chars for v in (c.lower(), c.upper())} if ignore_case else chars


def _first_of_in(items, ignore_case: bool):
    out: set[str] = set()
    for op, av in items:
        if op is _sre_c.LITERAL:
            out.add(chr(av))
        elif op is _sre_c.RANGE:
            if av[1] - av[0] > 512:
                return _ANY
            out.update(chr(c) for c in range(av[0], av[1] + 1))
        elif op is _sre_c.CATEGORY and av in _CATEGORIES:
            out |= _CATEGORIES[av]
        else:  # NEGATE, other categories
            return _ANY
    return _cased(out, ignore_case)


def _first(seq, ignore_case: bool):
    """(first-character set or _ANY, can the sequence match the empty string?)"""
    out: set[str] = set()
    for op, av in seq:
        if op in (_sre_c.AT, _sre_c.ASSERT, _sre_c.ASSERT_NOT):
            continue  # zero-width
        if op is _sre_c.LITERAL:
            return _cased(out | {chr(av)}, ignore_case), False
        if op is _sre_c.IN:
            s = _first_of_in(av, ignore_case)
            return (_ANY, False) if s is _ANY else (out | s, False)
        if op is _sre_c.SUBPATTERN:
            add_flags = av[1]
            s, nullable = _first(av[3], ignore_case or bool(add_flags & re.IGNORECASE))
        elif op is _sre_c.BRANCH:
            s, nullable = set(), False
            for alt in av[1]:
                a, n = _first(alt, ignore_case)
                if a is _ANY:
                    return _ANY, False
                s |= a
                nullable = nullable or n
        elif op in (_sre_c.MAX_REPEAT, _sre_c.MIN_REPEAT, getattr(_sre_c, "POSSESSIVE_REPEAT", object())):
            s, n = _first(av[2], ignore_case)
            nullable = n or av[0] == 0
        elif op is getattr(_sre_c, "ATOMIC_GROUP", object()):
            s, nullable = _first(av, ignore_case)
        else:  # ANY, NOT_LITERAL, GROUPREF, ...
            return _ANY, False
        if s is _ANY:
            return _ANY, False
        out |= s
        if not nullable:
            return out, False
    return out, True


def first_chars(pattern: str):
    """Characters a match of ``pattern`` can start with (``None``: any).

    >>> sorted(first_chars(r"(?:(?i:the)\\s+)?\\d"))
    ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 't']
    """
    s, _ = _first(_sre_parse.parse(pattern), False)
    return None if s is _ANY else frozenset(s)


# The fast trigger search. A trigger follows a character that is not a letter or digit, so that
# character opens the search regex: the regex engine then skips in C to the next such character
# instead of trying the whole alternation at every position, and a one-character lookahead for
# what a trigger can start with turns away most separators (a space before "beach") before the
# alternation is tried. Every trigger ends with a letter or digit, so the separator of one
# trigger is never part of the previous one and the matches (group 1) are exactly TRIGGER's; a
# trigger at position 0 is found by the second regex.
_TRIGGER_STARTS = first_chars(_TRIGGER_BODY)
# \d rather than 0-9: ``first_chars`` lists ASCII digits for \d, and iter_matches may be given
# digits of other scripts
_TRIGGER_LOOKAHEAD = (
    r"(?=[\d" + "".join(re.escape(c) for c in sorted(_TRIGGER_STARTS - _DIGITS)) + "])"
    if _TRIGGER_STARTS
    else ""
)
_TRIGGER_AFTER_SEP = re.compile(rf"[^a-z\d]{_TRIGGER_LOOKAHEAD}({_TRIGGER_BODY})")
_TRIGGER_AT_0 = re.compile(rf"({_TRIGGER_BODY})")
# for texts whose lower() changes length: search the original text ignoring case
_TRIGGER_AFTER_SEP_I = re.compile(_TRIGGER_AFTER_SEP.pattern, re.IGNORECASE)
_TRIGGER_AT_0_I = re.compile(_TRIGGER_AT_0.pattern, re.IGNORECASE)


_TOKEN_CAP = 20  # longer literal prefixes are not worth tracking ("hundred" + "centuries" fits)
_SIG_STATES_CAP = 20000  # most states a regex analysis keeps before giving up (then: unknown)


class _Walk(NamedTuple):
    """One analysis of a rule regex for ``_walk``: what a state is and how it moves.

    ``step(states, chars)`` moves every state over one element matching one of ``chars`` (a
    set of characters) and returns the new states, or ``None`` when the analysis cannot follow.
    ``done(state)`` says no later element can change the state. A repeat is unrolled at most
    ``max_repeats`` times and at most ``max_states`` states are kept; beyond either, ``None``.
    ``chars_of(op, av)`` gives the characters of a one-character element (``None``: unknown).
    """

    step: Callable[[set, set[str]], set | None]
    done: Callable[[tuple], bool]
    max_repeats: int
    max_states: int
    chars_of: Callable | None = None  # None: first_chars_of_element


def _walk(seq, states: set, how: _Walk):
    """Extend ``states`` over a parsed regex sequence (``sre_parse``) for the analysis ``how``.

    Zero-width items are skipped, groups followed, a branch gives the union of its alternatives
    and a repeat is unrolled until its states stop growing (or all are done, or its maximum);
    every other element goes through ``how.step``. ``None``: unknown.

    >>> letters = _Walk(lambda st, cs: {s + c for s in st for c in cs}, lambda s: False, 3, 100)
    >>> sorted(_walk(_sre_parse.parse("a(?:b|c)d?"), {""}, letters))
    ['ab', 'abd', 'ac', 'acd']
    """
    chars_of = how.chars_of or first_chars_of_element
    for op, av in seq:
        if all(how.done(s) for s in states):
            return states
        if op in (_sre_c.AT, _sre_c.ASSERT, _sre_c.ASSERT_NOT):
            continue
        if op is _sre_c.SUBPATTERN:
            states = _walk(av[3], states, how)
        elif op is _sre_c.BRANCH:
            new: set = set()
            for alt in av[1]:
                r = _walk(alt, states, how)
                if r is None:
                    return None
                new |= r
            states = new
        elif op in (_sre_c.MAX_REPEAT, _sre_c.MIN_REPEAT):
            lo, hi, item = av
            cur, acc, n = states, (set(states) if lo == 0 else set()), 0
            while True:  # to a fixed point (whitespace runs), all done, or the repeat's maximum
                n += 1
                cur = _walk(item, cur, how)
                if cur is None or n > how.max_repeats:
                    return None
                grew = not cur <= acc
                if n >= lo:
                    acc |= cur
                if n >= hi or (n >= lo and (not grew or all(how.done(s) for s in cur))):
                    break
            states = acc
        else:
            chars = chars_of(op, av)
            if chars is None:
                return None
            states = how.step(states, chars)
        if states is None or len(states) > how.max_states:
            return None
    return states


def _token_step(states, chars):
    """Advance (token-so-far, closed) states over one character class: letters extend the first
    word, anything else closes it ("#" when the rule does not start with a letter)."""
    new = set()
    for tok, closed in states:
        if closed:
            new.add((tok, True))
            continue
        for c in chars:
            if c.isalpha():
                if len(tok) >= _TOKEN_CAP:
                    return None
                new.add((tok + c.lower(), False))
            else:
                new.add((tok or "#", True))
    return new


_TOKENS = _Walk(_token_step, done=lambda state: state[1], max_repeats=_TOKEN_CAP, max_states=5000)


def first_chars_of_element(op, av):
    """Characters one LITERAL/IN element can match (None: too many or unknown)."""
    if op is _sre_c.LITERAL:
        return {chr(av)}
    if op is _sre_c.IN:
        s = _first_of_in(av, False)
        return None if s is _ANY else s
    return None


def first_tokens(pattern: str):
    r"""The lower-case first words a match of ``pattern`` can start with ("#": a non-letter).

    ``None`` when unknown. Case flags are ignored (a superset is safe: the rule still decides).

    >>> sorted(first_tokens(r"(?:(?i:the)\s+)?(?P<d>\d)0s"))
    ['#', 'the']
    >>> sorted(first_tokens(r"\d{4}"))  # the repeat closes the token before its minimum count
    ['#']
    """
    states = _walk(_sre_parse.parse(pattern), {("", False)}, _TOKENS)
    if states is None:
        return None
    return frozenset(tok or "#" for tok, _ in states)


# ---------------------------------------------------------------------------------------------
# dispatch table: character -> compiled alternation of the rules that can start with it
# ---------------------------------------------------------------------------------------------


def _build_dispatch() -> dict[str, re.Pattern]:
    firsts = [first_chars(r.pattern) for r in RULES]
    always = [i for i, f in enumerate(firsts) if f is None]
    chars = set().union(*(f for f in firsts if f is not None))
    by_subset: dict[tuple[int, ...], re.Pattern] = {}
    table: dict[str, re.Pattern] = {}
    for c in chars:
        idx = tuple(sorted({i for i, f in enumerate(firsts) if f is not None and c in f} | set(always)))
        if idx not in by_subset:
            by_subset[idx] = combine([RULES[i] for i in idx])
        table[c] = by_subset[idx]
    return table


DISPATCH: dict[str, re.Pattern] = _build_dispatch()


def _build_word_dispatch() -> dict[str, re.Pattern]:
    """First word -> alternation of the rules that can start with it (finer than DISPATCH)."""
    tokens = [first_tokens(r.pattern) for r in RULES]
    words = set().union(*(t for t in tokens if t is not None)) - {"#"}
    by_subset: dict[tuple[int, ...], re.Pattern] = {}
    table: dict[str, re.Pattern] = {}
    for w in words:
        idx = tuple(i for i, t in enumerate(tokens) if t is None or w in t)
        if idx not in by_subset:
            by_subset[idx] = combine([RULES[i] for i in idx])
        table[w] = by_subset[idx]
    return table


WORD_DISPATCH: dict[str, re.Pattern] = _build_word_dispatch()

# ---------------------------------------------------------------------------------------------
# words that can open a mention before its trigger, from the parsed regexes
# ---------------------------------------------------------------------------------------------
# A mention may start before its first trigger: "the following year", "between 1990 and 1995",
# "World War II", "a couple of years ago". The scanner tries such words up to ``BACK`` characters
# before a trigger. They are the first words of the rules; trigger words among them need no
# trying here, since the scan visits every trigger on its own (the lower-case verbs "may" and
# "march" are not triggers, so they stay).


def _prefix_words() -> frozenset[str] | None:
    """First words of the rules that are not triggers; None when a rule may start with any word."""
    firsts = [first_tokens(r.pattern) for r in RULES]
    if any(f is None for f in firsts):
        return None
    return frozenset().union(*firsts) - {"#"} - (TRIGGER_WORDS - VERB_MONTHS)


def _number_prefix_step(states, chars):
    """Advance (first word, current word, status) states over one character class; status 0:
    running, 1: a digit came before any trigger word (the first word opens a number-triggered
    mention), 2: a trigger word came first, or the rule does not start with a word."""
    new = set()
    for w1, cur, status in states:
        if status:
            new.add((w1, cur, status))
            continue
        for c in chars:
            if c.isalpha() or c == "." and cur and (cur + ".") in _DOTTED_PREFIXES:
                if len(cur) >= _TOKEN_CAP:
                    return None
                new.add((w1, cur + c.lower(), 0))
                continue
            if cur in TRIGGER_WORDS and cur not in VERB_MONTHS or cur in _SHAPE_TRIGGER_WORDS:  # "march 2015": a verb form is no trigger
                new.add((w1, "", 2))
                continue
            first = w1 or cur
            if not first:
                new.add(("", "", 2))  # starts with a digit or a sign: tried at the trigger itself
            else:
                new.add((first, "", 1 if c.isdigit() else 0))
    return new


#: Starts of the trigger words written with dots ("a.d", "w.w"): a dot inside them does not end the word.
_DOTTED_PREFIXES = frozenset(w[: i + 1] for w in TRIGGER_WORDS for i, c in enumerate(w) if c == ".")
#: Words that are triggers by shape in ``_TRIGGER_BODY`` ("Q3", "x'mas").
_SHAPE_TRIGGER_WORDS = frozenset({"q", "x"})

_NUMBER_PREFIX_WALK = _Walk(
    _number_prefix_step, done=lambda state: state[2] != 0, max_repeats=4 * _TOKEN_CAP, max_states=_SIG_STATES_CAP
)


def _number_prefix_words() -> frozenset[str] | None:
    """Words that can open a mention whose first trigger is a number ("the 1990s", "from 2008",
    "mid-1990s", "A.D. 14"); None when a rule cannot be read."""
    out: set[str] = set()
    for rule in RULES:
        states = _walk(_sre_parse.parse(rule.pattern), {("", "", 0)}, _NUMBER_PREFIX_WALK)
        if states is None:
            return None
        out |= {w1 for w1, _, status in states if status == 1}
    return frozenset(out)


#: Words that can open a mention before its trigger (None: any word may).
PREFIX_WORDS = _prefix_words()
#: The subset that can open a mention whose trigger is a number; "in" or "of" only open mentions
#: triggered by a word ("in March"), so "in 2008" tries only "2008".
NUMBER_PREFIX_WORDS = _number_prefix_words()
if NUMBER_PREFIX_WORDS is None or PREFIX_WORDS is None:  # pragma: no cover - a rule the reader cannot follow
    NUMBER_PREFIX_WORDS = PREFIX_WORDS


def _candidate_regex(words) -> re.Pattern:
    """Token starts where a mention may begin: one of ``words`` (None: any word), or a token not
    starting with a letter."""
    if words is None:
        return re.compile(r"(?<!\w)\S")
    return re.compile(rf"(?<!\w)(?:[^\sa-z]|(?:{trie_regex(words)})(?![a-z]))")


_CANDIDATE = _candidate_regex(PREFIX_WORDS)
_CANDIDATE_NUM = _candidate_regex(NUMBER_PREFIX_WORDS)
_CANDIDATE_I = re.compile(_CANDIDATE.pattern, re.IGNORECASE)
_CANDIDATE_NUM_I = re.compile(_CANDIDATE_NUM.pattern, re.IGNORECASE)

# ---------------------------------------------------------------------------------------------
# two-word dispatch for prefix words before a trigger ("the following year", "in March")
# ---------------------------------------------------------------------------------------------
# Most prefix-word positions tried before a trigger are ordinary words ("the beach today"), and
# a failed attempt at the whole alternation of rules that can start with "the" is the scanner's
# most expensive step. The word after the prefix word settles most of them: a rule starting with
# "the" continues with "following", "19th", "1990s", "nineties", ... never with "beach". The
# signature of a position is (first word, second word): letters, then whitespace, then the next
# run of letters, "#" when something else (a digit, a hyphen, an apostrophe) follows, "$" at the
# end of the text. Each rule's possible signatures are read from its parsed regex, as for
# ``first_tokens``; ``_ANY_NEXT`` marks a rule that may end after its first word or whose second
# word cannot be tracked: it is tried whatever follows.

_ANY_NEXT = "*"


def _sig_step(states, chars):
    """Advance (w1, w2, phase) states over one character class. Phases: 0 in the first word,
    1 in whitespace after it, 2 in the second word, 3 done."""
    out = set()
    for w1, w2, phase in states:
        if phase == 3:
            out.add((w1, w2, 3))
            continue
        for c in chars:
            if c.isalpha():
                c = c.lower()
                if phase == 0:
                    if len(w1) >= _TOKEN_CAP:
                        return None
                    out.add((w1 + c, w2, 0))
                elif phase == 1:
                    out.add((w1, c, 2))
                else:
                    if len(w2) >= _TOKEN_CAP:
                        return None
                    out.add((w1, w2 + c, 2))
            elif phase == 0 and not w1:
                out.add(("#", "", 3))  # the rule does not start with a letter
            elif c.isspace() and phase in (0, 1):
                out.add((w1, w2, 1))
            elif phase == 2:
                out.add((w1, w2, 3))
            else:  # a digit, hyphen, apostrophe, ... right after the first word or the whitespace
                out.add((w1, "#", 3))
    return out


_SIGNATURES = _Walk(
    _sig_step, done=lambda state: state[2] == 3, max_repeats=4 * _TOKEN_CAP, max_states=_SIG_STATES_CAP
)


def word_signatures(pattern: str):
    r"""The (first word, second word) signatures a match of ``pattern`` can start with.

    ``None`` when unknown; the second word is ``"*"`` when the match may end after the first
    word (anything may follow) or ``"#"`` for a non-letter.

    >>> sorted(word_signatures(r"(?i:the\s+(?:following|next)\s+year|the\s+\d{4})"))
    [('the', '#'), ('the', 'following'), ('the', 'next')]
    """
    states = _walk(_sre_parse.parse(pattern), {("", "", 0)}, _SIGNATURES)
    if states is None:
        return None
    return frozenset((w1, w2 if phase >= 2 else _ANY_NEXT) for w1, w2, phase in states if w1 != "#")


def _build_pair_index():
    """(prefix word, next word) -> indices of the rules with that signature (or any next word);
    (prefix word, "*") -> those that may follow the word with anything."""
    sigs = [word_signatures(r.pattern) for r in RULES]
    pairs = {sig for s in sigs if s is not None for sig in s}
    index: dict[tuple[str, str], tuple[int, ...]] = {}
    for w1 in {w1 for w1, _ in pairs} & (PREFIX_WORDS or {w1 for w1, _ in pairs}):
        for key in {(w1, w2) for a, w2 in pairs if a == w1} | {(w1, _ANY_NEXT)}:
            w2 = key[1]
            index[key] = tuple(
                i for i, s in enumerate(sigs) if s is None or (w1, w2) in s or (w1, _ANY_NEXT) in s
            )
    return index


_PAIR_INDEX = _build_pair_index()
#: Prefix word -> the next words some rule names after it (any other next word dispatches as "*").
_NEXT_WORDS: dict[str, frozenset[str]] = {}
for _w1, _w2 in _PAIR_INDEX:
    _NEXT_WORDS[_w1] = _NEXT_WORDS.get(_w1, frozenset()) | {_w2}
_SUBSET_RX: dict[tuple[int, ...], re.Pattern | None] = {(): None}
#: Compiled on first use (a few hundred alternations: compiling them all would slow the import).
PAIR_DISPATCH: dict[tuple[str, str], re.Pattern | None] = {}
_MISSING = object()


def _pair_regex(w1: str, w2: str):
    """The alternation for a (prefix word, next word) position, compiled once; ``w2`` is one of
    ``_NEXT_WORDS[w1]`` (a next word no rule names is "*": the rules that allow any, so the table
    stays as small as the rules). ``_MISSING`` when ``w1`` is not the first word of any rule."""
    idx = _PAIR_INDEX.get((w1, w2))
    if idx is None:
        return _MISSING
    rx = _SUBSET_RX.get(idx, _MISSING)
    if rx is _MISSING:
        rx = _SUBSET_RX[idx] = combine([RULES[i] for i in idx])
    PAIR_DISPATCH[(w1, w2)] = rx
    return rx


# ---------------------------------------------------------------------------------------------
# digit-shape dispatch for positions starting with a digit ("2008 ", "3 May", "10:30")
# ---------------------------------------------------------------------------------------------
# A position starting with a digit is tried against every rule that can start with that digit
# (about twenty). The number of digits and the character after them settle most: "2008 " can
# start a bare year, a year range or a clock time ("1400 UTC"), never "3 May" or "10:30". Each
# rule's possible (digit count, next character) shapes are read from its regex; "*" marks a rule
# that may end right after the digits. The next character is " " for any whitespace, a
# lower-case letter, "$" at the end of the text, else itself.

_DIGIT_CAP = 8


def _next_class(c: str) -> str:
    return " " if c.isspace() else c.lower() if c.isalpha() else c


def _digit_step(states, chars):
    """Advance (digit count, next class, done) states over one character class."""
    new = set()
    for count, nxt, done in states:
        if done:
            new.add((count, nxt, True))
            continue
        for c in chars:
            if c in _DIGITS:
                if count >= _DIGIT_CAP:
                    return None
                new.add((count + 1, "", False))
            elif count == 0:
                new.add((0, "", True))  # does not start with a digit
            else:
                new.add((count, _next_class(c), True))
    return new


_DIGIT_WALK = _Walk(
    _digit_step, done=lambda state: state[2], max_repeats=4 * _DIGIT_CAP, max_states=_SIG_STATES_CAP
)


def digit_shapes(pattern: str):
    r"""The (digit count, next character) shapes a match of ``pattern`` can start with.

    ``None`` when unknown; ``"*"`` as next character when the match may end after the digits.

    >>> sorted(digit_shapes(r"(?P<y>[12]\d{3})(?:\s*-\s*\d\d)?"))
    [(4, ' '), (4, '*'), (4, '-')]
    """
    states = _walk(_sre_parse.parse(pattern), {(0, "", False)}, _DIGIT_WALK)
    if states is None:
        return None
    return frozenset((count, nxt if done else _ANY_NEXT) for count, nxt, done in states if count)


_DIGIT_SHAPES = [digit_shapes(r.pattern) for r in RULES]
#: (digit count, next class) -> alternation of the rules with that shape; compiled on first use.
DIGIT_DISPATCH: dict[tuple[int, str], re.Pattern | None] = {}


def _digit_regex(count: int, nxt: str):
    idx = tuple(
        i for i, s in enumerate(_DIGIT_SHAPES) if s is None or (count, nxt) in s or (count, _ANY_NEXT) in s
    )
    rx = _SUBSET_RX.get(idx, _MISSING)
    if rx is _MISSING:
        rx = _SUBSET_RX[idx] = combine([RULES[i] for i in idx])
    DIGIT_DISPATCH[(count, nxt)] = rx
    return rx


_DIGIT_RUN = re.compile(r"[0-9]+")


# ---------------------------------------------------------------------------------------------
# what can follow a word inside a mention
# ---------------------------------------------------------------------------------------------
# A mention that starts before its trigger contains every word between its start and the
# trigger, in particular the word just before the trigger, followed by whitespace and the
# trigger's first character. ``FOLLOWERS`` maps each run of letters a rule can match to the
# characters the rule can have after it and some whitespace (digits as "0"): "in" may be followed
# by "t" ("in the 1990s") or "m" ("in March"), never by a digit; "the" by "f" or a digit; "said"
# by nothing. When the word just before a trigger cannot be followed by the trigger's first
# character ("the company said 2008", "announced today", "in 2008"), no earlier position can start
# a mention reaching the trigger, and the search for prefix positions is skipped. The runs are
# read from the parsed regexes (numeric_date's back-reference repeats a separator; a class of many
# letters, as in holiday's "eid al-\w+", only follows that rule's own trigger word, so it is left
# out: the tests check the shortcut against the full scan).

_WILD = "\x00"
_ANY_CHAR = "\x01"  # a class too large to list (a whole word class): any character may follow


def _run_chars(op, av):
    # numeric_date's back-reference repeats a separator ("/", "-" or "."): any non-letter will do
    return {"/"} if op is _sre_c.GROUPREF else first_chars_of_element(op, av)


def _follow_class(c: str) -> str:
    return "0" if c.isdigit() else c.lower()


def _follower_step(out: dict[str, set[str]]):
    """A step for ``_walk`` over (letter run, pending run) states: ``pending`` is a run closed by
    whitespace and followed only by whitespace since; the next other character is recorded as one
    of its followers in ``out``. Wild runs (a class of many letters: see above) are not tracked."""

    def step(states, chars):
        letters = {c.lower() for c in chars if c.isalpha()}
        spaces = any(c.isspace() for c in chars)
        others = {_follow_class(c) for c in chars if not c.isalpha() and not c.isspace()}
        many = len(letters) >= 20
        new = set()
        for run, pending in states:
            if pending is not None and pending != _WILD and (letters or others):
                follows = out.setdefault(pending, set())
                follows |= others
                follows |= {_ANY_CHAR} if many else letters
            if letters:
                if many or run == _WILD:
                    new.add((_WILD, None))
                else:
                    for c in letters:
                        if len(run) >= 4 * _TOKEN_CAP:
                            return None
                        new.add((run + c, None))
            if spaces:
                new.add(("", run) if run else ("", pending))
            if others:
                new.add(("", None))
        return new

    return step


class _AnyFollower:
    """The followers of a run after which a rule has a class too large to list: any character."""

    def __contains__(self, char: object) -> bool:
        return True


_ANY_FOLLOWER = _AnyFollower()


def _followers() -> dict[str, frozenset[str] | _AnyFollower] | None:
    out: dict[str, set[str]] = {}
    walk = _Walk(
        _follower_step(out), done=lambda state: False, max_repeats=4 * _TOKEN_CAP,
        max_states=_SIG_STATES_CAP, chars_of=_run_chars,
    )
    for rule in RULES:
        if _walk(_sre_parse.parse(rule.pattern), {("", None)}, walk) is None:
            return None  # a rule the reader does not follow: never skip
    return {run: _ANY_FOLLOWER if _ANY_CHAR in chars else frozenset(chars) for run, chars in out.items()}


#: Run of letters -> characters a rule can have after it and whitespace; None: unknown (the
#: shortcut is off).
FOLLOWERS = _followers()


#: First word at a position (group 1), then whitespace and the second word (group 2) or another
#: character (group 3).
_TWO_WORDS = re.compile(r"([^\W\d_]+)\s*(?:([^\W\d_]+)|(.))?", re.DOTALL)
_ANY_START = [i for i, r in enumerate(RULES) if first_tokens(r.pattern) is None]
_WORD_FALLBACK_RX = combine([RULES[i] for i in _ANY_START]) if _ANY_START else None
_FALLBACK = [i for i, r in enumerate(RULES) if first_chars(r.pattern) is None]
_FALLBACK_RX = combine([RULES[i] for i in _FALLBACK]) if _FALLBACK else None


def _first_url_marker(lowered: str) -> int:
    """Where the first "http" or "www." is (the length of the text when none): triggers and
    matches before it cannot touch a URL, so most texts never compute their URL spans."""
    first = len(lowered)
    for marker in _URL_MARKERS:
        at = lowered.find(marker, 0, first)
        if at >= 0:
            first = at
    return first


def iter_matches(text: str) -> list[tuple[str, re.Match]]:
    """``(rule name, match)`` for every rule match in ``text``, left to right, non-overlapping.

    The match is the combined scanner's (its span is the mention's span; read the rule's groups
    with ``patterns.RULE_REGEX[name].match(text, start)``)."""
    lowered, triggers = _find_triggers(text)
    if not triggers:
        return []
    if lowered is text:  # rare: lower() changed the length (e.g. "İ"); the case-insensitive forms
        cand_word, cand_num = _CANDIDATE_I.finditer, _CANDIDATE_NUM_I.finditer
    else:
        cand_word, cand_num = _CANDIDATE.finditer, _CANDIDATE_NUM.finditer
    url_at = _first_url_marker(lowered)
    urls: list[tuple[int, int]] | None = None  # computed once something reaches url_at
    ui = 0  # first URL not entirely before the current trigger
    done = 0  # everything before this position is either consumed by a match or already tried
    word_get, followers = WORD_DISPATCH.get, FOLLOWERS
    out: list[tuple[str, re.Match]] = []
    for trig in triggers:
        t = trig.start(1)
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
        word = trig.group(1)
        if word in _VERB_TRIGGERS and text[t].islower():
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
            if p == t and word.isalpha():  # the trigger word itself
                rx = word_get(word.lower(), _WORD_FALLBACK_RX)
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
        rx = PAIR_DISPATCH.get((w1, w2), _MISSING)
        if rx is _MISSING:
            rx = _pair_regex(w1, w2)
            if rx is _MISSING:
                rx = WORD_DISPATCH.get(w1, _WORD_FALLBACK_RX)
        return rx
    if first in _DIGITS:  # dispatch on the digit count and the character after
        e = _DIGIT_RUN.match(lowered, p).end()
        nxt = lowered[e] if e < len(lowered) else "$"
        if not nxt.isascii():  # a non-ASCII digit, space or letter: the per-character table
            return DISPATCH.get(first, _FALLBACK_RX)
        key = (e - p, " " if nxt.isspace() else nxt.lower())
        rx = DIGIT_DISPATCH.get(key, _MISSING)
        if rx is _MISSING:
            rx = _digit_regex(*key) if e - p <= _DIGIT_CAP else DISPATCH.get(first, _FALLBACK_RX)
        return rx
    if first.isdigit():  # a digit of another script ("٣ BC"): rare, the full table
        return SCANNER
    return DISPATCH.get(first, _FALLBACK_RX)


def iter_matches_reference(text: str) -> Iterator[tuple[str, re.Match]]:
    """Same contract as ``iter_matches`` by trying every position (slow; for tests)."""
    urls = _url_spans(text.lower()) if len(text.lower()) == len(text) else [u.span() for u in _URL.finditer(text)]
    for m in SCANNER.finditer(text):
        if not any(a < m.end() and m.start() < b for a, b in urls):
            yield m.lastgroup, m
