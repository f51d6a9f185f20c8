"""The faithfulness judge: one call of the claims prompt, its reply as plain values in a :class:`Judgement`.

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
"""

from __future__ import annotations

import re
import typing as t

from ragas_temporal.faithfulness.formula import claims_from_focus_time, claims_from_mentions, credit_claims
from ragas_temporal.faithfulness.prompts import TemporalClaimsInput, TemporalClaimsPrompt
from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.focus_time.patterns import sentence_break
from ragas_temporal.llm.dated import dated_texts, iso_date
from ragas_temporal.llm.offline import answer_offline, as_date, is_offline_judge, texts_with_dates
from ragas_temporal.llm.prompt_runner import DEFAULT_FIX_RETRIES, DEFAULT_LLM_TIMEOUT, Judgement, run_prompt
from ragas_temporal.scores import year_label

if t.TYPE_CHECKING:
    import datetime as dt

    from langchain_core.callbacks import Callbacks
    from ragas.prompt import PydanticPrompt

__all__ = ["judge_temporal_claims", "offline_claims", "sentences"]

#: A date as the judges take it: ``datetime.date``, an ISO string, or ``None`` (unknown).
DateLike = t.Union["dt.date", str, None]


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
