"""The ranking judges: document relevance (listwise, one call) and the query's temporal focus.

- :func:`judge_relevance`: a 0/1 verdict (``scale="binary"``) or a 0-4 grade (``scale="graded"``)
  per document, listwise in one call;
- :func:`judge_temporal_focus`: the query's temporal focus, by rules first (no call when they tell).

Nothing here raises for a bad LLM reply or a failing endpoint (see
:func:`ragas_temporal.llm.prompt_runner.run_prompt`).

Example
-------
>>> import asyncio
>>> j = asyncio.run(judge_temporal_focus("How long did the siege last?"))  # rules, no LLM call
>>> j.values, j.source
('duration', 'rules')
>>> asyncio.run(judge_relevance(None, "q", [], scale="graded")).values  # no documents, no call
()
"""

from __future__ import annotations

import typing as t
from types import MappingProxyType

from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.llm.offline import answer_offline, as_date, is_offline_judge, texts_with_dates
from ragas_temporal.llm.prompt_runner import DEFAULT_FIX_RETRIES, DEFAULT_LLM_TIMEOUT, run_prompt
from ragas_temporal.scores import Judgement
from ragas_temporal.llm.dated import DateLike, dated_texts, iso_date
from ragas_temporal.ranking.focus_prompt import TemporalFocusInput, TemporalFocusPrompt
from ragas_temporal.ranking.prompts import RelevanceInput, TemporalGradePrompt, TemporalRelevancePrompt
from ragas_temporal.ranking.query_focus import classify_temporal_focus_by_rules, focus_cues_found

if t.TYPE_CHECKING:
    from langchain_core.callbacks import Callbacks
    from ragas.prompt import PydanticPrompt

__all__ = ["RELEVANCE_SCALES", "judge_relevance", "judge_temporal_focus", "offline_relevance"]

RelevanceScale = t.Literal["binary", "graded"]

#: scale -> (default prompt class, the per-document output field holding the value)
RELEVANCE_SCALES: t.Mapping[str, tuple[type, str]] = MappingProxyType(
    {"binary": (TemporalRelevancePrompt, "verdict"), "graded": (TemporalGradePrompt, "grade")}
)


def _check_document_numbers(numbers: list[int], n_documents: int) -> str | None:
    expected = list(range(1, n_documents + 1))
    if sorted(numbers) == expected:
        return None
    return (
        f"LLM judged documents {numbers} but {n_documents} were given "
        f"(expected each of {expected} exactly once)"
    )


def offline_relevance(
    query: str,
    documents: t.Sequence[str],
    *,
    scale: RelevanceScale = "binary",
    reference_date: DateLike = None,
    document_dates: t.Sequence[DateLike] | None = None,
) -> Judgement[tuple[int, ...]]:
    """The offline judge's relevance (see :mod:`ragas_temporal.llm.offline`), by years alone: a
    document sharing a year with the query gets verdict 1 (for a query without a year: any year
    does) or grade 4; grade 2 when it has other years, else 0.

    >>> offline_relevance("What happened in 2008?", ["In 2008 ...", "In 2010 ...", "Nothing."], scale="graded")
    Judgement(values=(4, 2, 0), reasons=('shares a year', 'no shared year', 'no shared year'), error=None, details=(), source='llm')
    """
    reference = as_date(reference_date)
    query_years = set(extract_focus_time(query, reference).years)
    values, reasons = [], []
    for text, date in texts_with_dates(documents, document_dates, reference):
        doc_years = set(extract_focus_time(text, date).years)
        shares = bool(query_years & doc_years)
        if scale == "graded":
            value = 4 if shares else (2 if doc_years else 0)
            reasons.append("shares a year" if shares else "no shared year")
        else:
            value = int(shares or (not query_years and bool(doc_years)))
            reasons.append("shares a year" if value else "no shared year")
        values.append(value)
    return Judgement(values=tuple(values), reasons=tuple(reasons))


async def judge_relevance(
    llm: t.Any,
    query: str,
    documents: t.Sequence[str],
    *,
    scale: RelevanceScale = "binary",
    focus: str = "infer",
    reference_date: DateLike = None,
    document_dates: t.Sequence[DateLike] | None = None,
    prompt: PydanticPrompt | None = None,
    callbacks: Callbacks = None,
    timeout: float | None = DEFAULT_LLM_TIMEOUT,
    fix_retries: int = DEFAULT_FIX_RETRIES,
) -> Judgement[tuple[int, ...]]:
    """Temporal relevance of each document (rank order kept), listwise in one call.

    ``scale="binary"``: a 0/1 verdict per document (``temporal_relevance`` prompt);
    ``scale="graded"``: a 0-4 grade (``temporal_grade`` prompt). No call for an empty document
    list. A reply that skips, repeats or invents a document number fails the judgement (the row
    becomes NaN with that reason). ``reference_date`` (the query's) and ``document_dates``
    (parallel to ``documents``) go into the prompt's data, as in :func:`judge_temporal_claims`.
    """
    if scale not in RELEVANCE_SCALES:
        raise ValueError(f"scale must be one of {', '.join(RELEVANCE_SCALES)}, got {scale!r}")
    default_prompt, field = RELEVANCE_SCALES[scale]
    if not documents:
        return Judgement(values=(), reasons=())
    if is_offline_judge(llm):
        return await answer_offline(
            llm, default_prompt.prompt_name, callbacks, offline_relevance, query, documents,
            scale=scale, reference_date=reference_date, document_dates=document_dates,
        )
    data = RelevanceInput(
        query=query,
        reference_date=iso_date(reference_date),
        temporal_focus=focus,
        documents=dated_texts(documents, document_dates, reference_date),
    )
    prompt = prompt or default_prompt()
    output, error = await run_prompt(
        prompt, llm, data, callbacks=callbacks, timeout=timeout, fix_retries=fix_retries,
        max_tokens=getattr(prompt, "reply_token_budget", lambda n: None)(len(documents)),
    )
    if error:
        return Judgement.failed(error)
    items = list(output.documents)
    problem = _check_document_numbers([item.doc for item in items], len(documents))
    if problem:
        return Judgement.failed(problem)
    items.sort(key=lambda item: item.doc)
    return Judgement(
        values=tuple(int(getattr(item, field)) for item in items),
        reasons=tuple(item.reason for item in items),
    )


async def judge_temporal_focus(
    query: str,
    llm: t.Any = None,
    *,
    prompt: PydanticPrompt | None = None,
    reference_date: t.Any = None,
    callbacks: Callbacks = None,
    timeout: float | None = DEFAULT_LLM_TIMEOUT,
    fix_retries: int = DEFAULT_FIX_RETRIES,
) -> Judgement[str]:
    """The query's temporal focus: rules first, the LLM only when the rules cannot tell.

    With no LLM and no rule firing, the value is ``"infer"`` (the relevance judge then decides
    the focus inside its own call) and ``source`` is ``"rules"``.

    >>> import asyncio
    >>> asyncio.run(judge_temporal_focus("How long did it last?")).values
    'duration'
    """
    def has_mention(text: str) -> bool:
        from ragas_temporal.focus_time import extract_focus_time

        return bool(extract_focus_time(text, reference_date).mentions)

    label = classify_temporal_focus_by_rules(query, has_time_mention=has_mention)
    if label is not None:
        cues = focus_cues_found(query).get(label)
        why = f"cue {cues[0]!r} in the query" if cues else "a time mention in the query"
        return Judgement(values=label, reasons=(why,), source="rules")
    if llm is None:
        return Judgement(values="infer", reasons=("no rule fired; left to the judge",), source="rules")
    if is_offline_judge(llm):  # the offline judge's one answer
        return await answer_offline(
            llm, "temporal_focus", callbacks, Judgement, values="specific_time", reasons=("asks about a time",)
        )
    output, error = await run_prompt(
        prompt or TemporalFocusPrompt(), llm, TemporalFocusInput(query=query),
        callbacks=callbacks, timeout=timeout, fix_retries=fix_retries,
    )
    if error:
        return Judgement.failed(error)
    return Judgement(values=output.focus, reasons=(output.reason,))
