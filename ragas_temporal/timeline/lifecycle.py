"""The lifecycle lexicon (``lifecycle.json``): which event words open a span, which close it, which order.

The words are data, not code: ``lifecycle.json`` lists, per kind of span, the words that open it
("founded", "born", "took office") and those that close it ("dissolved", "died", "left office");
whether an age counts from its opening ("born in 1960 ... aged 30"); and the one-sided order words
("after", "before", "followed by").

>>> pair, = PAIRS_OF["dissolved"]
>>> pair.kind, "founded" in pair.opens, pair.age_origin
('organisation', True, 'thing')
>>> [p.kind for p in PAIRS_OF["released"]]
['production', 'custody']
>>> [m.group(0) for m in EVENT_WORDS.finditer("He took office in 2001 and left office in 1999.")]
['took office', 'left office']
>>> ORDER_DIRECTION["followed by"], ORDER_DIRECTION["followed"]
('before', 'after')
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources

__all__ = [
    "LifecyclePair", "LIFECYCLE_PAIRS", "PAIRS_OF", "closes", "EVENT_WORDS", "ORDER_DIRECTION", "ORDER_WORDS", "AGE_ORIGINS", "PERSON_AGE_ORIGINS",
    "word_key",
]


@dataclass(frozen=True)
class LifecyclePair:
    """One kind of span: the words that open it and those that close it."""

    kind: str
    opens: frozenset[str]
    closes: frozenset[str]
    age_origin: str | None  # "person", "thing" or None

    def role(self, word: str) -> str:
        """``"opens"`` or ``"closes"`` for a word of this pair (written in any case or spacing)."""
        return "opens" if _key(word) in self.opens else "closes"


def _key(word: str) -> str:
    return " ".join(word.lower().split())


def _alternation(words: set[str]) -> str:
    # longest first, so "left office" wins over "left"; spaces match any run of blanks
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


def _load() -> dict:
    return json.loads(resources.files("ragas_temporal.timeline").joinpath("lifecycle.json").read_text(encoding="utf-8"))


_DATA = _load()
LIFECYCLE_PAIRS: tuple[LifecyclePair, ...] = tuple(
    LifecyclePair(p["kind"], frozenset(map(_key, p["opens"])), frozenset(map(_key, p["closes"])), p["age_origin"])
    for p in _DATA["pairs"]
)
#: Event word -> the pairs it belongs to, in the file's order.
PAIRS_OF: dict[str, tuple[LifecyclePair, ...]] = {}
for _pair in LIFECYCLE_PAIRS:
    for _word in _pair.opens | _pair.closes:
        PAIRS_OF[_word] = (*PAIRS_OF.get(_word, ()), _pair)
for _word, _pairs in PAIRS_OF.items():
    if len({p.role(_word) for p in _pairs}) > 1:
        raise ValueError(f"lifecycle.json: {_word!r} opens one span and closes another; give it one role")
#: Any event word of the lexicon, as a whole word (not "re-established").
EVENT_WORDS = re.compile(rf"(?<![\w-])(?:{_alternation(set(PAIRS_OF))})\b", re.IGNORECASE)
#: Order word -> "after" (the event before the word is the later one) or "before".
ORDER_DIRECTION: dict[str, str] = {_key(w): side for side, words in _DATA["order"].items() for w in words}
ORDER_WORDS = re.compile(rf"\b(?:{_alternation(set(ORDER_DIRECTION))})\b", re.IGNORECASE)
#: Words an age counts from: "N years old" from any of them ("born", "founded", "built" ...), a
#: person's age ("aged 30", "at the age of 30") from a person's only ("born").
AGE_ORIGINS = frozenset(w for p in LIFECYCLE_PAIRS if p.age_origin for w in p.opens)
PERSON_AGE_ORIGINS = frozenset(w for p in LIFECYCLE_PAIRS if p.age_origin == "person" for w in p.opens)


def closes(word: str) -> bool:
    """Does this (lexicon-spelled) event word close its spans?"""
    return PAIRS_OF[word][0].role(word) == "closes"


def word_key(word: str) -> str:
    """The lexicon's spelling of a matched word: lower case, single spaces."""
    return _key(word)
