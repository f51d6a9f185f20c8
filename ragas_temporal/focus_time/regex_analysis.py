r"""What the matches of a regular expression can start with, read from its parsed form.

The scanner (``scanner.py``) tries only the rules that can match at a position. Which ones can is
read from the rule regexes themselves by the generic analysis here, which walks CPython's parsed
form of a regex (the private ``re._parser``; ``sre_parse`` before 3.11): first characters, first
words and word pairs, digit shapes, prefix words and the followers of a run of letters.

``derive_tables`` turns a rule table into the scanner's tables, which ``build_scanner_tables``
writes to ``scanner_tables.py``, so importing the scanner parses no regex.

>>> sorted(first_tokens(r"(?:(?i:the)\s+)?(?P<d>\d)0s"))
['#', 'the']
>>> sorted(digit_shapes(r"\d{1,2}\s+(?i:may)|\d{4}-\d\d"))
[(1, ' '), (2, ' '), (4, '-')]
"""

from __future__ import annotations

import re
from typing import Callable, Iterable, NamedTuple, Sequence

try:  # Python >= 3.11
    from re import _constants as _sre_c
    from re import _parser as _sre_parse
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as _sre_c  # type: ignore[no-redef]
    import sre_parse as _sre_parse  # type: ignore[no-redef]


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

#: A word character that is no letter, digit or "_" ("²", "½"): a word's end the analysis cannot place.
_LETTER_LIKE = re.compile(r"[^\W\d_]")


def _word_chars_of(op, av):
    """``first_chars_of_element``, unknown for a class holding ``\\w`` (it matches the letters
    of every script; the analysis knows its ASCII ones only)."""
    if op is _sre_c.IN and any(o is _sre_c.CATEGORY and a is _sre_c.CATEGORY_WORD for o, a in av):
        return None
    return first_chars_of_element(op, av)


def _word_step(states, chars):
    """``_token_step``, unknown where a word would end on a word character that is no letter."""
    if any(not c.isalpha() and _LETTER_LIKE.match(c) for c in chars):
        return None
    return _token_step(states, chars)


_WORDS = _Walk(_word_step, done=lambda state: state[1], max_repeats=_TOKEN_CAP, max_states=5000, chars_of=_word_chars_of)


def first_words(pattern: str) -> frozenset[tuple[str, bool]] | None:
    r"""The lower-case first words a match of ``pattern`` can start with, each with whether it
    is closed (a character that is no letter comes next: ``("#", True)`` when the match starts
    with one) or may go on in letters the analysis did not follow (the pattern ends there).
    ``None`` when unknown (a ``\w`` class, a word longer than 20 letters). Case flags are
    ignored: a superset.

    >>> sorted(first_words(r"(?:(?i:le)\s+)?(?:\d{1,2}|mai)"))
    [('#', True), ('le', True), ('mai', False)]
    """
    states = _walk(_sre_parse.parse(pattern), {("", False)}, _WORDS)
    if states is None:
        return None
    return frozenset((tok or "#", closed or not tok) for tok, closed in states)


# ---------------------------------------------------------------------------------------------
# words that can open a mention before its trigger, from the parsed regexes
# ---------------------------------------------------------------------------------------------
# A mention may start before its first trigger: "the following year", "between 1990 and 1995",
# "World War II", "a couple of years ago". The scanner tries such words up to ``BACK`` characters
# before a trigger. They are the first words of the rules; trigger words among them need no
# trying here, since the scan visits every trigger on its own (the lower-case verbs "may" and
# "march" are not triggers, so they stay).


def prefix_words(patterns: Iterable[str], trigger_words: frozenset[str]) -> frozenset[str] | None:
    r"""First words of ``patterns`` that are not ``trigger_words``; None when one may start with any word.

    >>> sorted(prefix_words([r"(?i:the)\s+following\s+year", r"in\s+\d{4}", r"year"], frozenset({"year"})))
    ['in', 'the']
    """
    firsts = [first_tokens(p) for p in patterns]
    if any(f is None for f in firsts):
        return None
    return frozenset().union(*firsts) - {"#"} - trigger_words


def _number_prefix_step(trigger_words: frozenset[str]):
    """A step for ``_walk`` over (first word, current word, status) states; status 0: running,
    1: a digit came before any of ``trigger_words`` (the first word opens a number-triggered
    mention), 2: a trigger word came first, or the pattern does not start with a word. A dot
    inside a trigger word written with dots ("a.d", "w.w") does not end the word."""
    dotted = frozenset(w[: i + 1] for w in trigger_words for i, c in enumerate(w) if c == ".")

    def step(states, chars):
        new = set()
        for w1, cur, status in states:
            if status:
                new.add((w1, cur, status))
                continue
            for c in chars:
                if c.isalpha() or c == "." and cur and (cur + ".") in dotted:
                    if len(cur) >= _TOKEN_CAP:
                        return None
                    new.add((w1, cur + c.lower(), 0))
                    continue
                if cur in trigger_words:
                    new.add((w1, "", 2))
                    continue
                first = w1 or cur
                if not first:
                    new.add(("", "", 2))  # starts with a digit or a sign: tried at the trigger itself
                else:
                    new.add((first, "", 1 if c.isdigit() else 0))
        return new

    return step


def number_prefix_words(patterns: Iterable[str], trigger_words: frozenset[str]) -> frozenset[str] | None:
    r"""Words that can open a match of one of ``patterns`` whose first trigger is a number ("the
    1990s", "from 2008", "mid-1990s", "A.D. 14"), a number coming before any of ``trigger_words``;
    None when a pattern cannot be read.

    >>> sorted(number_prefix_words([r"(?i:in)\s+(?:\d{4}|march)", r"(?i:the)\s+\d{4}s"], frozenset({"march"})))
    ['in', 'the']
    """
    walk = _Walk(
        _number_prefix_step(trigger_words), done=lambda state: state[2] != 0, max_repeats=4 * _TOKEN_CAP,
        max_states=_SIG_STATES_CAP,
    )
    out: set[str] = set()
    for pattern in patterns:
        states = _walk(_sre_parse.parse(pattern), {("", "", 0)}, walk)
        if states is None:
            return None
        out |= {w1 for w1, _, status in states if status == 1}
    return frozenset(out)


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


# A year and a space ("1998 by", "1998 BC", "1998 to 2001", "1400 UTC") is the most frequent digit
# shape, and a dozen rules can start with it; the word after the space settles most of them (only
# the bare year continues with "by"). ``digit_word_shapes`` reads, for matches opening with digits
# and whitespace, the digit count and the lower-case word after the whitespace ("#": a non-letter,
# "*": the match may end before a word, so any may follow).


def _digit_word_step(states, chars):
    """Advance (digit count, phase, word) states; phases: 0 in the digits, 1 in the whitespace
    after them, 2 in the word after that, 3 done ("!": the digits are not followed by whitespace)."""
    new = set()
    for count, phase, word in states:
        if phase == 3:
            new.add((count, 3, word))
            continue
        for c in chars:
            if phase == 0:
                if c in _DIGITS:
                    if count >= _DIGIT_CAP:
                        return None
                    new.add((count + 1, 0, ""))
                elif c.isspace() and count:
                    new.add((count, 1, ""))
                else:
                    new.add((count, 3, "!"))  # no digit first, or no whitespace after the digits
            elif phase == 1:
                if c.isspace():
                    new.add((count, 1, ""))
                else:
                    new.add((count, 2, c.lower()) if c.isalpha() else (count, 3, "#"))
            elif c.isalpha():
                if len(word) >= _TOKEN_CAP:
                    return None
                new.add((count, 2, word + c.lower()))
            else:
                new.add((count, 3, word))
    return new


_DIGIT_WORD_WALK = _Walk(
    _digit_word_step, done=lambda state: state[1] == 3, max_repeats=4 * _DIGIT_CAP, max_states=_SIG_STATES_CAP
)


def digit_word_shapes(pattern: str):
    r"""The (digit count, next word) shapes of the matches of ``pattern`` that open with digits and
    whitespace: the word after the whitespace, lower-case ("#": a non-letter; "*": any, the match
    may end after the digits or the whitespace). ``None`` when unknown.

    >>> sorted(digit_word_shapes(r"\d{4}(?:\s+(?:BC|to\s+\d{4}))?"))
    [(4, '*'), (4, 'bc'), (4, 'to')]
    >>> sorted(digit_word_shapes(r"\d{1,2}\s+\d\d"))
    [(1, '#'), (2, '#')]
    """
    states = _walk(_sre_parse.parse(pattern), {(0, 0, "")}, _DIGIT_WORD_WALK)
    if states is None:
        return None
    return frozenset(
        (count, word if phase >= 2 else _ANY_NEXT) for count, phase, word in states if count and word != "!"
    )

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


def letter_run_followers(patterns: Iterable[str]) -> dict[str, frozenset[str] | None] | None:
    r"""Run of letters -> the characters one of ``patterns`` can have after it and whitespace
    (digits as "0"; ``None``: any character); ``None`` when a pattern cannot be read.

    >>> {run: sorted(chars) for run, chars in letter_run_followers([r"(?i:in)\s+(?:march|the\s+\d{4}s)"]).items()}
    {'in': ['m', 't'], 'the': ['0']}
    """
    out: dict[str, set[str]] = {}
    walk = _Walk(
        _follower_step(out), done=lambda state: False, max_repeats=4 * _TOKEN_CAP,
        max_states=_SIG_STATES_CAP, chars_of=_run_chars,
    )
    for pattern in patterns:
        if _walk(_sre_parse.parse(pattern), {("", None)}, walk) is None:
            return None  # a pattern the reader does not follow: never skip
    return {run: None if _ANY_CHAR in chars else frozenset(chars) for run, chars in out.items()}


# ---------------------------------------------------------------------------------------------
# the scanner's tables, derived from a rule table (build_scanner_tables.py writes them)
# ---------------------------------------------------------------------------------------------

def _chars(chars: frozenset[str] | None) -> str | None:
    return None if chars is None else "".join(sorted(chars))


def derive_tables(rules: Sequence, trigger_body: str, trigger_words: frozenset[str], verb_triggers: frozenset[str]) -> dict:
    r"""The scanner's tables for ``rules`` (each with ``name`` and ``pattern``), as plain data:
    per rule its first characters (a str of them, None: any), first words, (first word, second
    word) signatures and digit shapes (sorted tuples, None: unknown); the words that can open a
    mention before its trigger (all first words but the triggers, except the lower-case verbs
    ``verb_triggers``, which are no triggers) and the subset that can open one triggered by a
    number; the followers of each run of letters; the characters a trigger starts with.

    >>> from types import SimpleNamespace as Rule
    >>> t = derive_tables([Rule(name="ago", pattern=r"(?i:a)\s+year\s+ago")], r"year", frozenset({"year"}), frozenset())
    >>> t["first_tokens"], t["prefix_words"], t["followers"]
    ({'ago': ('a',)}, ('a',), {'a': 'y', 'year': 'a'})
    """
    patterns = [r.pattern for r in rules]
    prefix = prefix_words(patterns, trigger_words - verb_triggers)
    if prefix is not None:  # a word not opening with a-z is a candidate anyway (the scanner's
        # candidates are those words and every token that does not start with a-z): no entry
        prefix = frozenset(w for w in prefix if "a" <= w[0] <= "z")
    by_rule = {"first_chars": {}, "first_tokens": {}, "word_signatures": {}, "digit_shapes": {}, "digit_word_shapes": {}}
    for rule in rules:
        by_rule["first_chars"][rule.name] = _chars(first_chars(rule.pattern))
        for key, read in (("first_tokens", first_tokens), ("word_signatures", word_signatures), ("digit_shapes", digit_shapes)):
            found = read(rule.pattern)
            if key == "word_signatures" and found is not None:  # by first word: {w1: (w2, ...)}
                # the scanner pairs prefix words only
                found = {w1: tuple(sorted(w2 for a, w2 in found if a == w1)) for w1, _ in sorted(found) if prefix is None or w1 in prefix}
                by_rule[key][rule.name] = found
                continue
            by_rule[key][rule.name] = None if found is None else tuple(sorted(found))
        found = digit_word_shapes(rule.pattern)  # by digit count: {count: (word, ...)}
        by_rule["digit_word_shapes"][rule.name] = (
            None if found is None else {n: tuple(sorted(w for c, w in found if c == n)) for n in sorted({c for c, _ in found})}
        )
    # "Q3" and "x'mas" are triggers by shape: a number after "q" or "x" is that trigger's; a verb
    # form is no trigger ("march 2015": the number is, and "march" opens its mention)
    number_prefix = number_prefix_words(patterns, (trigger_words - verb_triggers) | {"q", "x"})
    if prefix is None or number_prefix is None:  # pragma: no cover - a rule the reader cannot follow
        number_prefix = prefix
    else:
        number_prefix = frozenset(w for w in number_prefix if "a" <= w[0] <= "z")
    followers = letter_run_followers(patterns)
    return {
        **by_rule,
        "prefix_words": None if prefix is None else tuple(sorted(prefix)),
        "number_prefix_words": None if number_prefix is None else tuple(sorted(number_prefix)),
        "followers": None if followers is None else {run: _chars(c) for run, c in sorted(followers.items())},
        "trigger_starts": _chars(first_chars(trigger_body)),
    }
