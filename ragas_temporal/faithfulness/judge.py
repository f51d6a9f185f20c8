"""The faithfulness judge: one call of the claims prompt, its reply as plain values in a :class:`Judgement`.

Nothing here raises for a bad LLM reply or a failing endpoint (see
:func:`ragas_temporal.llm.prompt_runner.run_prompt`); arithmetic stays in :mod:`ragas_temporal.faithfulness.formula`.
"""

from __future__ import annotations

import re
import typing as t

from ragas_temporal.faithfulness.offline import offline_claims
from ragas_temporal.faithfulness.prompts import TemporalClaimsInput, TemporalClaimsPrompt
from ragas_temporal.llm.dated import dated_texts, iso_date
from ragas_temporal.llm.offline import answer_offline, is_offline_judge
from ragas_temporal.llm.prompt_runner import DEFAULT_FIX_RETRIES, DEFAULT_LLM_TIMEOUT, Judgement, run_prompt

if t.TYPE_CHECKING:
    import datetime as dt

    from langchain_core.callbacks import Callbacks
    from ragas.prompt import PydanticPrompt

__all__ = ["judge_temporal_claims"]

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
    with :func:`~ragas_temporal.faithfulness.offline.offline_claims`; no prompt is rendered.
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
        from ragas_temporal.focus_time import extract_focus_time
        from ragas_temporal.focus_time.patterns import sentence_break

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


