"""The faithfulness judge: one call of the claims prompt (or the offline judge's answer), its reply as
plain values in a :class:`Judgement`, and that reply held to the answer's own claims (grounding).

Nothing here raises for a bad LLM reply or a failing endpoint (see
:func:`ragas_temporal.llm.prompt_runner.run_prompt`); arithmetic stays in :mod:`ragas_temporal.faithfulness.formula`.

:func:`offline_claims` is the offline judge's answer, a stand-in for trying the ``llm`` and ``hybrid``
modes without a model (see :mod:`ragas_temporal.llm.offline`): every answer sentence with a temporal expression is a claim
(or, when ``claims`` are listed, each listed time expression, with its mentions in the answer),
judged by the date rules of :mod:`ragas_temporal.faithfulness.formula` (each time at its own
precision, days to centuries): SUPPORTED when the contexts state all its times, CONTRADICTED when
they state none of them even in part but give other dates ("the contexts give 14 March 1879"),
PARTIALLY_SUPPORTED otherwise (NOT_SUPPORTED instead when the prompt's instruction says
``Be strict``), NOT_SUPPORTED when the contexts give no date or when the date rules cannot check
the claim ("last year" without a reference date, and no context saying the same). It cannot tell
a right year tied to the wrong event, which is what a real judge adds.

>>> import datetime as dt
>>> [(c[1], c[2]) for c in offline_claims("Revenue grew last year. It fell in 2020.",
...                                       ["Revenue rose 12% in 2023."], reference_date=dt.date(2024, 3, 15))]
[('SUPPORTED', 'the contexts give 2023'), ('CONTRADICTED', 'the contexts give other years')]

**Grounding.** Claims a judge returns must be the answer's own claims, each counted once, each dated one judged.

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

from ragas_temporal.faithfulness.formula import (
    VERDICT_CREDIT,
    claims_from_focus_time,
    claims_from_mentions,
    credit_claims,
    verdict_spelling,
)
from ragas_temporal.faithfulness.prompts import TemporalClaimsInput, TemporalClaimsPrompt
from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.focus_time.amounts import unit_of
from ragas_temporal.focus_time.patterns import CJK_LETTERS, EVENT_STOPWORDS, sentence_break
from ragas_temporal.llm.dated import DateLike, dated_texts, iso_date
from ragas_temporal.llm.offline import answer_offline, as_date, is_offline_judge, texts_with_dates
from ragas_temporal.llm.prompt_runner import DEFAULT_FIX_RETRIES, DEFAULT_LLM_TIMEOUT, run_prompt
from ragas_temporal.scores import Judgement, year_label

if t.TYPE_CHECKING:
    from langchain_core.callbacks import Callbacks
    from ragas.prompt import PydanticPrompt

    from ragas_temporal.focus_time import FocusTime

__all__ = [
    "judge_temporal_claims",
    "offline_claims",
    "sentences",
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



async def judge_temporal_claims(
    llm: t.Any,
    answer: str,
    contexts: t.Sequence[str],
    *,
    question: str | None = None,
    reference_date: DateLike = None,
    context_dates: t.Sequence[DateLike] | None = None,
    claims: t.Sequence[str] | None = None,
    prompt: PydanticPrompt | None = None,
    callbacks: Callbacks = None,
    timeout: float | None = DEFAULT_LLM_TIMEOUT,
    fix_retries: int = DEFAULT_FIX_RETRIES,
) -> Judgement[tuple[str, ...]]:
    """Temporal claims of ``answer`` with a verdict each, in one call.

    ``claims``: the answer's time expressions to judge (hybrid mode sends only those focus time
    could not reject); the judge must return one verdict per listed claim, in order, or the
    judgement fails. ``None``: the judge finds the claims itself.

    Returns the verdict labels (``SUPPORTED``, ``PARTIALLY_SUPPORTED``, ``NOT_SUPPORTED``,
    ``CONTRADICTED``) in claim order, the judge's reasons, and ``details`` holding
    ``(claim, verdict, reason, quote)`` tuples. Zero claims is a success with no values (the
    score is then NaN "answer makes no temporal claim").

    ``reference_date`` (the date "last year" in the answer means the year before) goes into the
    prompt's data; ``context_dates``, parallel to ``contexts``, gives contexts their own dates
    (``None`` entries: read against ``reference_date``).

    The offline judge (:func:`~ragas_temporal.llm.offline.offline_llm`) answers from these inputs
    with :func:`offline_claims`; no prompt is rendered.
    """
    if is_offline_judge(llm):
        strict = "Be strict" in str(getattr(prompt, "instruction", ""))
        judged = await answer_offline(
            llm, "temporal_claims", callbacks, offline_claims, answer, contexts,
            reference_date=reference_date, context_dates=context_dates, claims=claims, strict=strict,
        )
        return Judgement(
            values=tuple(c[1] for c in judged), reasons=tuple(c[2] for c in judged), details=tuple(judged)
        )
    prompt = prompt or TemporalClaimsPrompt()
    data = TemporalClaimsInput(
        question=question or None,
        reference_date=iso_date(reference_date),
        answer=answer,
        contexts=dated_texts(contexts, context_dates, reference_date),
        claims=list(claims) if claims is not None else None,
    )
    # the reply budget: the listed claims, else the answer's time mentions plus one claim per
    # sentence for what is not dated (durations, order)
    if claims is not None:
        n_items = len(claims)
    else:
        mentions = len(extract_focus_time(answer, reference_date).mentions)
        # sentence ends (a semicolon too; the text's end included, as the text is given a trailing space)
        n_items = mentions + len(re.findall(rf"{sentence_break(';', '；')}|\n", answer.strip() + " "))
    budget = getattr(prompt, "reply_token_budget", lambda n: None)(n_items)
    output, error = await run_prompt(
        prompt, llm, data, callbacks=callbacks, timeout=timeout, fix_retries=fix_retries, max_tokens=budget
    )
    if error:
        return Judgement.failed(error)
    judged = list(output.claims)
    if claims is not None and len(judged) != len(claims):
        return Judgement.failed(f"LLM judged {len(judged)} claims but {len(claims)} were listed")
    return Judgement(
        values=tuple(c.verdict for c in judged),
        reasons=tuple(c.reason for c in judged),
        details=tuple((c.claim, c.verdict, c.reason, c.quote) for c in judged),
    )


_SENTENCE_END = re.compile(sentence_break())


def sentences(text: str) -> list[str]:
    """Split on sentence-final punctuation followed by a blank, or on a mark that ends a sentence
    wherever it stands (``patterns.SENTENCE_CLOSING_MARKS``: 。！？।؟).

    >>> sentences("It began in 2008. It ended!  Then?")
    ['It began in 2008.', 'It ended!', 'Then?']
    >>> sentences("一战于1914年开始。1919年结束。")
    ['一战于1914年开始。', '1919年结束。']
    """
    return [s.strip() for s in _SENTENCE_END.split(text.strip()) if s.strip()]


def _years_text(years: set[int]) -> str:
    ordered = sorted(years)
    if len(ordered) > 3 and ordered[-1] - ordered[0] == len(ordered) - 1:
        return f"{year_label(ordered[0])}-{year_label(ordered[-1])}"
    return ", ".join(year_label(y) for y in ordered)


def _claims_to_judge(answer: str, listed: t.Sequence[str] | None, reference: t.Any) -> list[tuple[str, list]]:
    """(claim, its mentions) for each claim to judge.

    Listed claims (hybrid mode) are the answer's time expressions: each takes its mentions in the
    whole answer ("the following year" leans on the sentence before), else its own. Without a
    list, every answer sentence with a temporal expression is a claim.
    """
    if listed is None:
        out = []
        for sentence in sentences(answer):
            focus = extract_focus_time(sentence, reference)
            if focus.mentions:
                out.append((sentence, list(focus.mentions)))
        return out
    in_answer: dict[str, list] = {}
    for mention in extract_focus_time(answer, reference).mentions:
        in_answer.setdefault(mention.text, []).append(mention)
    return [(str(c), in_answer.get(str(c)) or list(extract_focus_time(str(c), reference).mentions)) for c in listed]


def _verdict(credits: list, any_context_date: bool, strict: bool) -> tuple[str, str]:
    """One label for a claim's time expressions: all supported, supported; none even partly,
    contradicted when the contexts give other dates; otherwise partially supported (not supported
    when ``strict``)."""
    labels = {c.verdict for c in credits}
    notes = "; ".join(dict.fromkeys(c.note for c in credits if c.note))
    if labels == {"SUPPORTED"}:
        return "SUPPORTED", ""
    if labels == {"NOT_SUPPORTED"}:
        if any_context_date:
            return "CONTRADICTED", notes or "the contexts give other years"
        return "NOT_SUPPORTED", "the contexts give no year"
    return ("NOT_SUPPORTED" if strict else "PARTIALLY_SUPPORTED"), notes


def offline_claims(
    answer: str,
    contexts: t.Sequence[str],
    *,
    reference_date: t.Any = None,
    context_dates: t.Sequence[t.Any] | None = None,
    claims: t.Sequence[str] | None = None,
    strict: bool = False,
) -> list[tuple[str, str, str, str]]:
    """``(claim, verdict, reason, quote)`` for each claim, as :func:`judge_temporal_claims` reads a reply."""
    reference = as_date(reference_date)
    context_years: set[int] = set()
    context_claims = []
    for text, date in texts_with_dates(contexts, context_dates, reference):
        focus = extract_focus_time(text, date)
        context_years |= focus.years
        context_claims.append(claims_from_focus_time(focus))
    any_context_date = bool(context_years) or any(c.shape == "yearless" for cs in context_claims for c in cs)
    judged = []
    for claim, mentions in _claims_to_judge(answer, claims, reference):
        years = set().union(*(m.years for m in mentions))
        found = years & context_years
        # the focus-time mode's verdicts; a time they cannot check ("last year" with no date) is
        # not supported here: a judge must give every claim a label
        credits = [c for c in credit_claims(claims_from_mentions(mentions), context_claims) if c.checked]
        if not credits:
            verdict, reason = "NOT_SUPPORTED", "this time cannot be placed without a date"
        else:
            verdict, reason = _verdict(credits, any_context_date, strict)
            if verdict == "SUPPORTED":
                reason = "the contexts give " + (_years_text(years) if years else "the same date")
            elif verdict != "CONTRADICTED" and found != years and context_years:
                reason = "the contexts do not give " + _years_text(years - found)
        judged.append((claim, verdict, reason, _years_text(found) if found else ""))
    return judged


# --- grounding: a judged claim must be the answer's own ----------------------------------------

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

        >>> from ragas_temporal.scores import Judgement
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

    >>> from ragas_temporal.scores import Judgement
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
