"""Claims a judge returns must be the answer's own claims, each counted once, each dated one judged.

A small judge copies the prompt's worked example ("The bridge took six years to build."), adds a
sentence of the contexts, splits the answer into fragments ("It", "ended") or says one claim three
times. Scoring those claims pads the score. A judged claim is **the answer's** (grounded) when

- it contains one of the answer's temporal expressions (the mentions the focus-time extractor
  finds in the answer): the mention's words, compared after :func:`normalise_words`, or a mention
  of the claim with the same value ("in 2023" for the answer's "last year" read on 2024-03-15);
  sharing a year is not enough ("May 1932" is not the answer's "1932"), and
- its other words are the answer's: every number among them occurs in the answer ("Apollo 12" is
  not the answer's "Apollo 11"), and at least :data:`MIN_OWN_SHARE` (half) of its content
  words occur in the answer. Content words are numbers and words of three letters or more that
  are not function words (``EVENT_STOPWORDS``) nor words for time ("date", "years"), compared by
  their first :data:`STEM` letters, so "began" matches "begins"; in scripts written without
  spaces each letter is a word. A claim that
  is only the expression ("2008", as hybrid lists them) is grounded.

Claims that are the same **count once**: the same words after :func:`normalise_words`, or the same
answer expressions with the same content words. Of a repeated claim the lowest verdict stands,
so repeating a claim can never raise a score.

Each of the answer's **dated** expressions (a mention with years) must be judged: contained in a
grounded claim. :func:`own_claims` names those that were not; the LLM mode then scores the judged
claims only and says which were not judged, and gives NaN when none of the answer's dated
expressions was judged (a reply of invented claims never scores 1.0).

>>> answer = "The crisis occurred in 2008 and continued into 2009."
>>> is_grounded("The crisis occurred in 2008.", answer)
True
>>> is_grounded("The crisis lasted from 2008 to 2009.", answer)  # a paraphrase holding the answer's years
True
>>> is_grounded("Lehman Brothers collapsed in 2008.", answer)  # a context's sentence sharing a year
False
>>> is_grounded("continued", answer), is_grounded("The bridge took six years to build.", answer)
(False, False)
"""

from __future__ import annotations

import re
import typing as t
import unicodedata
from dataclasses import dataclass, replace

from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.focus_time.patterns import CJK_LETTERS, EVENT_STOPWORDS
from ragas_temporal.scores import VERDICT_CREDIT, verdict_spelling
from ragas_temporal.focus_time.amounts import unit_of

if t.TYPE_CHECKING:
    from ragas_temporal.focus_time import FocusTime
    from ragas_temporal.llm.prompt_runner import Judgement

__all__ = [
    "MIN_OWN_SHARE",
    "STEM",
    "normalise_words",
    "AnswerExpressions",
    "is_grounded",
    "grounding_flags",
    "OwnClaims",
    "own_claims",
    "ungrounded_reason",
]

#: Share of a claim's content words (beside its temporal expression) that must occur in the answer.
MIN_OWN_SHARE = 1 / 2
#: Letters a word is compared by ("continued" and "continues" are one word).
STEM = 5
_NOT_WORD = re.compile(r"[\W_]+")
# a number, one letter of a script written without spaces, or a run of other letters
_TOKEN = re.compile(rf"\d+|[{CJK_LETTERS}]|[^\W\d_{CJK_LETTERS}]+")
_UNSPACED = re.compile(rf"[{CJK_LETTERS}]")
# words a judge adds to say a claim is about time ("its date is ...", "for six years"): no content
_TIME_NOUNS = frozenset({"date", "dates", "time", "times", "period", "periods"})


def normalise_words(text: str) -> str:
    """Lower-case words and numbers separated by single spaces: accents, quotes, dashes and
    punctuation are dropped so that a judge's re-typed claim still matches the answer.

    >>> normalise_words("Lehman’s fall — in 2008!")
    'lehman s fall in 2008'
    """
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NOT_WORD.sub(" ", plain.casefold()).strip()


def _content_words(normalised: str) -> list[str]:
    """Numbers and content words of normalised text, each by its stem.

    >>> _content_words("the crisis continued into 2009 after apollo 12 for two years")
    ['crisi', 'conti', '2009', 'apoll', '12', 'two']
    """
    words = []
    for token in _TOKEN.findall(normalised):
        if token.isdigit() or _UNSPACED.match(token):
            words.append(token)
        elif len(token) >= 3 and token not in EVENT_STOPWORDS and token not in _TIME_NOUNS and not unit_of(token, measured=True):
            words.append(token[:STEM])
    return words


#: a letter or digit that joins a phrase to its neighbour (CJK letters do not: they are written unspaced)
_JOINING = re.compile(rf"[^\W{CJK_LETTERS}]")


def _whole_word_starts(phrase: str, normalised: str) -> list[int]:
    """Where ``phrase`` starts in ``normalised`` as whole words, left to right, never overlapping.

    A plain ``str.find`` with a one-character check each side: a regex built per phrase would be
    compiled anew for every claim (its CJK class costs milliseconds), which was most of a judged run's time.

    >>> _whole_word_starts("in 1990", "in 1990 and again in 19901 or in 1990")
    [0, 30]
    >>> _whole_word_starts("1990年", "始于1990年")
    [2]
    """
    starts: list[int] = []
    if not phrase:
        return starts
    at = normalised.find(phrase)
    while at != -1:
        end = at + len(phrase)
        if not (at and _JOINING.match(normalised, at - 1)) and not _JOINING.match(normalised, end):
            starts.append(at)
            at = normalised.find(phrase, end)
        else:
            at = normalised.find(phrase, at + 1)
    return starts


def _occurs(phrase: str, normalised: str) -> bool:
    """``phrase`` occurs in ``normalised`` as whole words (next to letters of unspaced scripts too)."""
    return bool(_whole_word_starts(phrase, normalised))


def _blank_out(phrase: str, normalised: str) -> str:
    """``normalised`` with each whole-word occurrence of ``phrase`` replaced by a space.

    >>> _blank_out("may 4", "on may 4 and may 45")
    'on   and may 45'
    """
    pieces, last = [], 0
    for at in _whole_word_starts(phrase, normalised):
        pieces.append(normalised[last:at])
        pieces.append(" ")
        last = at + len(phrase)
    pieces.append(normalised[last:])
    return "".join(pieces)


@dataclass(frozen=True)
class AnswerExpressions:
    """What a claim is checked against: the answer's temporal expressions and words.

    ``expressions`` holds one ``(normalised words, value, dated, text)`` per mention of the answer;
    ``words`` the stems of its content words.
    """

    expressions: tuple[tuple[str, str | None, bool, str], ...]
    words: frozenset[str]
    reference_date: t.Any = None
    language: str = "en"

    @classmethod
    def read(
        cls, answer: str, focus_time: FocusTime | None = None, reference_date: t.Any = None, language: str = "en"
    ) -> "AnswerExpressions":
        """From the answer's text and its focus time (extracted here when not given)."""
        if focus_time is None:
            focus_time = extract_focus_time(answer, reference_date, language)
        expressions = tuple(
            (normalise_words(m.text), m.value, bool(m.years), str(m.text)) for m in focus_time.mentions
        )
        return cls(expressions, frozenset(_content_words(normalise_words(answer))), reference_date, language)

    def link(self, claim: str) -> tuple[frozenset[int], list[str]]:
        """``(indexes of the answer's expressions the claim contains, the claim's other content words)``."""
        normalised = normalise_words(claim)
        linked = {i for i, (words, _, _, _) in enumerate(self.expressions) if _occurs(words, normalised)}
        values = {i: value for i, (_, value, _, _) in enumerate(self.expressions) if value is not None}
        rest = normalised
        for mention in extract_focus_time(claim, self.reference_date, self.language).mentions:
            same = {i for i, value in values.items() if value == mention.value}
            if same:
                linked |= same
                rest = rest.replace(normalise_words(mention.text), " ")
        for i in linked:
            rest = _blank_out(self.expressions[i][0], rest)
        return frozenset(linked), _content_words(rest)

    def grounded(self, linked: t.AbstractSet[int], words: t.Sequence[str]) -> bool:
        """The rule of the module docstring, on :meth:`link`'s result."""
        if not linked:
            return False
        if any(w.isdigit() and w not in self.words for w in words):
            return False
        return not words or sum(w in self.words for w in words) >= MIN_OWN_SHARE * len(words)


def is_grounded(claim: str, answer: str, reference_date: t.Any = None, *, language: str = "en") -> bool:
    """True when ``claim`` is the answer's (the rule of the module docstring)."""
    expressions = AnswerExpressions.read(answer, None, reference_date, language)
    return expressions.grounded(*expressions.link(claim))


def grounding_flags(
    judgement: Judgement, answer: str, reference_date: t.Any = None, *, focus_time: FocusTime | None = None,
    language: str = "en",
) -> list[bool]:
    """One flag per judged claim (``judgement.details`` order): is it the answer's?"""
    expressions = AnswerExpressions.read(answer, focus_time, reference_date, language)
    return [expressions.grounded(*expressions.link(detail[0])) for detail in judgement.details]


@dataclass(frozen=True)
class OwnClaims:
    """The judged claims that are the answer's, each once, and what was left out.

    ``judgement`` keeps the grounded claims, one per repeated claim (its lowest verdict);
    ``dropped`` counts the claims that are not the answer's, ``repeated`` the repeats merged;
    ``unjudged`` names the answer's dated expressions no grounded claim contains; ``judged_dated``
    is True when at least one dated expression was judged (or the answer has none).
    """

    judgement: Judgement
    dropped: int = 0
    repeated: int = 0
    unjudged: tuple[str, ...] = ()
    judged_dated: bool = True

    def notes(self) -> list[str]:
        """What the reason says about the claims left out (empty when nothing was).

        >>> from ragas_temporal.llm.prompt_runner import Judgement
        >>> OwnClaims(Judgement(()), dropped=2, repeated=1, unjudged=("2010",)).notes()
        ['2 claims from the judge are not in the answer: ignored', '1 repeated claim counted once', "not judged: '2010' (scored on the judged claims)"]
        """
        notes = [ungrounded_reason(self.dropped)] if self.dropped else []
        if self.repeated:
            notes.append(f"{self.repeated} repeated {'claim' if self.repeated == 1 else 'claims'} counted once")
        if self.unjudged:
            named = ", ".join(repr(text) for text in self.unjudged)
            notes.append(f"not judged: {named}" + (" (scored on the judged claims)" if self.judged_dated else ""))
        return notes


def _credit(verdict: str) -> float:
    return VERDICT_CREDIT.get(verdict_spelling(verdict), 0.0)


def own_claims(
    judgement: Judgement, answer: str, focus_time: FocusTime | None = None, reference_date: t.Any = None,
    language: str = "en",
) -> OwnClaims:
    """The answer's own claims among ``judgement``'s, each counted once (see the module docstring).

    ``judgement.details`` holds ``(claim, verdict, reason, quote)`` tuples, as
    :func:`~ragas_temporal.faithfulness.judge.judge_temporal_claims` returns them; ``focus_time`` is
    the answer's (extracted here when not given). A failed or empty judgement is unchanged.

    >>> from ragas_temporal.llm.prompt_runner import Judgement
    >>> said = [("It began in 2008.", "SUPPORTED"), ("it began in 2008", "CONTRADICTED"),
    ...         ("It", "SUPPORTED"), ("Apollo 12 landed in 2008.", "SUPPORTED")]
    >>> judged = Judgement(tuple(v for _, v in said), ("r",) * 4, details=tuple((c, v, "r", "") for c, v in said))
    >>> own = own_claims(judged, "It began in 2008. It ended in 2010.")
    >>> own.judgement.values, own.dropped, own.repeated, own.unjudged
    (('CONTRADICTED',), 2, 1, ('2010',))
    """
    if not judgement.ok or not judgement.details:
        return OwnClaims(judgement)
    expressions = AnswerExpressions.read(answer, focus_time, reference_date, language)
    kept: list[int] = []  # indexes into judgement.details, one per distinct claim
    seen: dict[t.Any, int] = {}  # a claim's keys -> its place in kept
    judged: set[int] = set()
    dropped = repeated = 0
    for index, detail in enumerate(judgement.details):
        linked, words = expressions.link(detail[0])
        if not expressions.grounded(linked, words):
            dropped += 1
            continue
        judged |= linked
        keys = (("words", normalise_words(detail[0])), ("content", linked, frozenset(words)))
        place = next((seen[key] for key in keys if key in seen), None)
        if place is None:
            for key in keys:
                seen[key] = len(kept)
            kept.append(index)
            continue
        repeated += 1
        for key in keys:
            seen.setdefault(key, place)
        if _credit(detail[1]) < _credit(judgement.details[kept[place]][1]):
            kept[place] = index  # of a repeated claim the lowest verdict stands
    judged_words = {expressions.expressions[i][0] for i in judged}
    judged_values = {expressions.expressions[i][1] for i in judged} - {None}
    dated = [(text, words in judged_words or value in judged_values)
             for words, value, is_dated, text in expressions.expressions if is_dated]
    unjudged = tuple(dict.fromkeys(text for text, was_judged in dated if not was_judged))
    kept_judgement = replace(
        judgement,
        values=tuple(judgement.values[i] for i in kept),
        reasons=tuple(judgement.reasons[i] for i in kept) if len(judgement.reasons) == len(judgement.details) else judgement.reasons,
        details=tuple(judgement.details[i] for i in kept),
    )
    return OwnClaims(kept_judgement, dropped, repeated, unjudged, judged_dated=not dated or any(j for _, j in dated))


def ungrounded_reason(dropped: int) -> str:
    """The reason's words for claims dropped as not the answer's.

    >>> ungrounded_reason(2)
    '2 claims from the judge are not in the answer: ignored'
    >>> ungrounded_reason(1)
    '1 claim from the judge is not in the answer: ignored'
    """
    if dropped == 1:
        return "1 claim from the judge is not in the answer: ignored"
    return f"{dropped} claims from the judge are not in the answer: ignored"
