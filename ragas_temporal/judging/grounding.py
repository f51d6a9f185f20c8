"""Claims a judge returns must be the answer's: grounded by their words or by their dates.

A small judge often copies the prompt's worked example ("The bridge took six years to build.")
in place of the answer's claims. Scoring those claims scores the example, not the answer. A
judged claim is **grounded** when

- its words occur in the answer, compared after :func:`normalise_words` (case, accents, quotes,
  dashes and punctuation runs do not matter: "The crisis occurred in 2008." is in "The crisis
  occurred in 2008 and continued into 2009"), or
- it states years (read by the focus-time extractor, relative times against the reference date)
  and every one of them is a year of the answer: a judge may restate "in 2008 and 2009" as
  "The crisis lasted from 2008 to 2009.".

A claim with neither (a paraphrase without a date, the example's bridge) is not the answer's.

>>> answer = "The crisis occurred in 2008 and continued into 2009."
>>> is_grounded("The crisis occurred in 2008.", answer)
True
>>> is_grounded("The bridge closed last year (1990).", answer, "1991-05-01")
False
>>> is_grounded("The bridge took six years to build.", answer)
False
"""

from __future__ import annotations

import re
import typing as t
import unicodedata
from dataclasses import replace

from ragas_temporal.focus_time import extract_focus_time

if t.TYPE_CHECKING:
    from ragas_temporal.judging.prompt_runner import Judgement

__all__ = ["normalise_words", "is_grounded", "grounding_flags", "grounded_claims", "ungrounded_reason"]

_NOT_WORD = re.compile(r"[\W_]+")


def normalise_words(text: str) -> str:
    """Lower-case words and numbers separated by single spaces: accents, quotes, dashes and
    punctuation are dropped so that a judge's re-typed claim still matches the answer.

    >>> normalise_words("Lehman’s fall — in 2008!")
    'lehman s fall in 2008'
    """
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NOT_WORD.sub(" ", plain.casefold()).strip()


def is_grounded(claim: str, answer: str, reference_date: t.Any = None, *, answer_years: t.AbstractSet[int] | None = None) -> bool:
    """True when ``claim`` is the answer's: its words occur in it, or its years are among its years."""
    words = normalise_words(claim)
    if words and f" {words} " in f" {normalise_words(answer)} ":
        return True
    years = extract_focus_time(claim, reference_date).years
    if not years:
        return False
    if answer_years is None:
        answer_years = extract_focus_time(answer, reference_date).years
    return years <= answer_years


def grounding_flags(judgement: Judgement, answer: str, reference_date: t.Any = None) -> list[bool]:
    """One flag per judged claim (``judgement.details`` order): is it the answer's?"""
    answer_years = extract_focus_time(answer, reference_date).years
    return [is_grounded(detail[0], answer, reference_date, answer_years=answer_years) for detail in judgement.details]


def grounded_claims(judgement: Judgement, answer: str, reference_date: t.Any = None) -> tuple[Judgement, int]:
    """``(judgement with only the grounded claims, number dropped)``; a failed judgement is unchanged.

    ``judgement.details`` holds ``(claim, verdict, reason, quote)`` tuples, as
    :func:`~ragas_temporal.judging.judges.judge_temporal_claims` returns them.
    """
    if not judgement.ok or not judgement.details:
        return judgement, 0
    keep = grounding_flags(judgement, answer, reference_date)
    dropped = keep.count(False)
    if not dropped:
        return judgement, 0
    kept = replace(
        judgement,
        values=tuple(v for v, k in zip(judgement.values, keep) if k),
        reasons=tuple(r for r, k in zip(judgement.reasons, keep) if k),
        details=tuple(d for d, k in zip(judgement.details, keep) if k),
    )
    return kept, dropped


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
