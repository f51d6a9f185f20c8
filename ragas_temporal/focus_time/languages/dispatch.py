"""A language table's matches, trying at each position only the rules that can start there.

A language's rules are one alternation (``table.language_table``). Its ``finditer`` is correct but
tries a few dozen rules at every word of the text. ``DispatchScanner`` gives the same matches
(``tests/focus_time/test_language_dispatch.py`` compares them) a few times faster:

1. the positions: one regex search for a mention's start (``patterns.MENTION_START``) followed by a
   character some rule can start with (``regex_analysis.first_chars``, compared ignoring case);
2. at each, the rules that can start with the first two characters there, in table order: a
   rule's first character must match the first, and its first words
   (``regex_analysis.first_words``) the two (a one-letter word such as "l'" or "à" needs no
   letter after it); a rule whose first words are unknown goes by its first character. The
   tests run through the regex engine itself, ignoring case, so a superset is kept: never a
   rule too few. At one position the first rule that matches wins, and a rule left out could
   not have matched, so the match is the whole alternation's.

Each two characters' sub-alternation is found on first sight and kept (one compiled regex per
distinct set of rules); past ``_MAX_KEYS`` distinct pairs (text in many scripts) a pair's rules
are found again each time and its first character's sub-alternation is used: memory stays bounded.
"""

from __future__ import annotations

import re

from ragas_temporal.focus_time.patterns import MENTION_START
from ragas_temporal.focus_time.regex_analysis import first_chars, first_words

_ASCII_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
#: Most two-character keys (and sets of rules) kept per table.
_MAX_KEYS = 4096


def _char_class(chars: frozenset[str]) -> str:
    """The inside of a character class holding ``chars``, and every character of a category
    they stand for: ``first_chars`` gives ``\\d`` and ``\\w`` as their ASCII members, which a
    rule matches in every script ("１０年", full-width).

    >>> _char_class(frozenset("a1"))
    '1a\\\\d'
    """
    extra = (r"\d" if chars & frozenset("0123456789") else "") + (r"\w" if _ASCII_WORD <= chars else "")
    return "".join(map(re.escape, sorted(chars))) + extra


def _two_chars(body: str) -> re.Pattern | None:
    """A regex that matches (at its start) every two characters a match of ``body`` can start
    with, ignoring case; None when its first words are unknown (then its first character alone
    decides). "İ" lower-cases to two characters: a rule holding it is left to its first character."""
    words = first_words(body) if "İ" not in body else None
    if words is None:
        return None
    alternatives = set()
    for word, closed in words:
        if word == "#":  # no letter first: anything may follow it
            alternatives.add(r"(?![^\W\d_])")
        elif len(word) >= 2:
            alternatives.add(f"(?i:{re.escape(word[:2])})")
        else:  # one letter, then no letter ("l'an", "à 8 h"), or anything when the word goes on
            alternatives.add(f"(?i:{re.escape(word)})" + (r"(?![^\W\d_])" if closed else ""))
    return re.compile("|".join(sorted(alternatives)))


class DispatchScanner:
    """The matches of the alternation of ``bodies`` (rule regexes in table order, each ending in
    an empty group named after its rule), as its ``finditer`` gives them.

    >>> rules = [r"(?:(?i:mai))(?P<month>)", r"(?:(?i:le)\\s+\\d{4})(?P<le_year>)", r"(?:\\d{4})(?P<year>)"]
    >>> [(name, m.group()) for name, m in DispatchScanner(rules).iter_matches("Mai 1945, le 1946, les 1947")]
    [('month', 'Mai'), ('year', '1945'), ('le_year', 'le 1946'), ('year', '1947')]
    """

    def __init__(self, bodies: list[str]) -> None:
        self.bodies = tuple(bodies)
        firsts = [first_chars(body) for body in self.bodies]
        # per rule: a class of its first characters (None: any), its first two characters (None: unknown)
        self._first = [None if f is None else re.compile(f"(?i:[{_char_class(f)}])") for f in firsts]
        self._two = [_two_chars(body) for body in self.bodies]
        union = None if None in firsts else frozenset().union(*firsts)
        self._gate = re.compile(MENTION_START + (f"(?=(?i:[{_char_class(union)}]))" if union else "(?=.)"), re.DOTALL)
        self._by_key: dict[str, re.Pattern | None] = {}
        self._by_rules: dict[tuple[int, ...], re.Pattern] = {}

    def _alternation(self, keep: tuple[int, ...]) -> re.Pattern | None:
        if not keep:
            return None
        sub = self._by_rules.get(keep)
        if sub is None:
            sub = re.compile(MENTION_START + "(?:" + "|".join(self.bodies[i] for i in keep) + ")")
            if len(self._by_rules) < _MAX_KEYS:
                self._by_rules[keep] = sub
        return sub

    def _scanner_for(self, key: str) -> re.Pattern | None:
        """The sub-alternation of the rules that can start with ``key`` (the text's next two
        characters, or its last one)."""
        first = tuple(i for i, f in enumerate(self._first) if f is None or f.match(key))
        if len(self._by_key) >= _MAX_KEYS:  # bounded: the first character's rules
            return self._alternation(first)
        return self._alternation(tuple(i for i in first if self._two[i] is None or self._two[i].match(key)))

    def iter_matches(self, text: str) -> list[tuple[str, re.Match]]:
        """``(rule name, match)`` left to right, non-overlapping, as the whole alternation's ``finditer``."""
        out, pos = [], 0
        by_key = self._by_key
        for gate in self._gate.finditer(text):  # where a rule may start (it depends on the text only)
            at = gate.start()
            if at < pos:
                continue  # inside the last match
            key = text[at : at + 2]
            if key in by_key:
                sub = by_key[key]
            else:
                sub = self._scanner_for(key)
                if len(by_key) < _MAX_KEYS:
                    by_key[key] = sub
            found = sub.match(text, at) if sub is not None else None
            if found is not None:
                out.append((found.lastgroup, found))
                pos = found.end()
        return out
