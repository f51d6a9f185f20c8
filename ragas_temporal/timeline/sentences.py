"""Sentence spans: the rules relate two times, or an event and a time, only inside one sentence.

A semicolon ends a sentence here too: "Apollo 11 landed in 1969; Sputnik flew in 1957" states two
facts, and the year of one must not be read as the year of the other. The marks are the extractor's
(``patterns.SENTENCE_END_MARKS`` before a blank, ``SENTENCE_CLOSING_MARKS`` such as 。 anywhere).

>>> text = "It began in 2008. It ended in 2010!  Then? Yes; no"
>>> [text[s:e] for s, e in sentence_spans(text)]
['It began in 2008.', 'It ended in 2010!', 'Then?', 'Yes;', 'no']
>>> text = "一战于1914年开始。1918年结束；"
>>> [text[s:e] for s, e in sentence_spans(text)]
['一战于1914年开始。', '1918年结束；']

Two adjacent sentences are about one subject when their subjects (the words before the verb) are
the same, or when the second one's is a personal pronoun continuing a subject that is not someone
else's ("Ada was born in 1815. She died ..."; not "His father died in 1940. He was born ...").

>>> sentence_subject("In 1955, the old bridge was closed."), same_subject("Ada was born in 1815.", "She died in 1810.")
('old bridge', True)
>>> same_subject("His father died in 1940.", "He was born in 1950.")
False
"""

from __future__ import annotations

import re

from ragas_temporal.timeline.vocabulary import sentence_break
__all__ = ["sentence_spans", "sentence_index", "sentence_subject", "same_subject", "is_subject_only"]

# a sentence ends at . ! ? ; (or a line break) followed by blanks; "U.S. 2008" splits too, which only
# makes a rule miss a relation, never invent one
_BOUNDARY = re.compile(rf"{sentence_break(';', '；')}|\n\s*")
# a date or place phrase that opens a sentence before its subject: "In 1955, ..."
_OPENING_PHRASE = re.compile(
    r"^(?:(?:in|on|by|during|after|before|from|at)\s(?:[^,.;]{1,40},\s*|[^,.;]{1,40}?(?=\b(?:he|she|it|they)\b)))?",
    re.IGNORECASE,
)
# where the subject ends: a verb (an auxiliary or a past form), a number, a clause mark
_SUBJECT_END = re.compile(
    r"[,;:(\d]|\b(?:was|were|is|are|has|had|have|became|becomes|did|does|will|would|could|can|may|might|"
    r"must|shall|should|later|then|also|first|soon|still|[a-z]+ed)\b",
    re.IGNORECASE,
)
_PRONOUNS = frozenset({"he", "she", "it", "they"})
_POSSESSIVE = re.compile(r"\b(?:his|her|its|their|whose|my|our|your)\b|'s\b|’s\b", re.IGNORECASE)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each non-blank sentence of ``text``, in order."""
    spans = []
    start = 0
    for match in _BOUNDARY.finditer(text):
        if text[start : match.start()].strip():
            spans.append((start, match.start()))
        start = match.end()
    if text[start:].strip():
        spans.append((start, len(text.rstrip())))
    return spans


def sentence_index(spans: list[tuple[int, int]], position: int) -> int:
    """Index of the sentence holding character ``position`` (the last one starting at or before it)."""
    low, high = 0, len(spans)
    while low < high:
        middle = (low + high) // 2
        if spans[middle][0] <= position:
            low = middle + 1
        else:
            high = middle
    return max(low - 1, 0)


def sentence_subject(sentence: str) -> str:
    """The words before a sentence's verb, lower case, without a leading article or date phrase."""
    text = sentence.strip()
    text = text[_OPENING_PHRASE.match(text).end() :]
    end = _SUBJECT_END.search(text)
    words = text[: end.start() if end else len(text)].lower().split()
    if words and words[0] in ("the", "a", "an"):
        words = words[1:]
    if words and words[0] in _PRONOUNS:
        return words[0]
    return " ".join(words[:6])


def same_subject(first: str, second: str) -> bool:
    """Are two adjacent sentences about one subject? (module docstring)"""
    a, b = sentence_subject(first), sentence_subject(second)
    if not a or not b:
        return False
    if _POSSESSIVE.search(a) or _POSSESSIVE.search(b):
        return a == b
    # "Mozart" and "Mozart wrote his first symphony": the verb is not always known, the start is
    if a == b or b.startswith(a + " ") or a.startswith(b + " "):
        return True
    return b.split()[0] in _PRONOUNS


def is_subject_only(words: str) -> bool:
    """Are these words (a sentence's start) only its subject, with no verb yet? ("The company", not "He married Jane")

    >>> is_subject_only("In 1990, the old company"), is_subject_only("He married Jane")
    (True, False)
    """
    text = words.strip()
    text = text[_OPENING_PHRASE.match(text).end() :]
    return bool(text) and _SUBJECT_END.search(text) is None
