"""Sentence spans: the rules relate two times, or an event and a time, only inside one sentence.

A semicolon ends a sentence here too: "Apollo 11 landed in 1969; Sputnik flew in 1957" states two
facts, and the year of one must not be read as the year of the other.

>>> text = "It began in 2008. It ended in 2010!  Then? Yes; no"
>>> [text[s:e] for s, e in sentence_spans(text)]
['It began in 2008.', 'It ended in 2010!', 'Then?', 'Yes;', 'no']
"""

from __future__ import annotations

import re

__all__ = ["sentence_spans", "sentence_index"]

# a sentence ends at . ! ? ; (or a line break) followed by blanks; "U.S. 2008" splits too, which only
# makes a rule miss a relation, never invent one
_BOUNDARY = re.compile(r"(?<=[.!?;])\s+|\n\s*")


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
