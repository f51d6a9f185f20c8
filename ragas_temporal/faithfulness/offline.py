"""The offline judge's temporal claims: the answer's claims judged by the focus-time mode's date rules.

A stand-in for trying the ``llm`` and ``hybrid`` modes without a model (see
:mod:`ragas_temporal.llm.offline`): every answer sentence with a temporal expression is a claim
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
"""

from __future__ import annotations

import re
import typing as t

from ragas_temporal.faithfulness.formula import claims_from_focus_time, claims_from_mentions, credit_claims
from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.focus_time.patterns import sentence_break
from ragas_temporal.llm.offline import as_date, texts_with_dates
from ragas_temporal.scores import year_label

__all__ = ["offline_claims", "sentences"]

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
