"""LLM judging for the temporal metrics: run our prompts, turn outputs into plain values.

Every function here runs one ragas ``PydanticPrompt`` once (``prompt.generate`` for
``LangchainLLMWrapper``/``BaseRagasLLM`` LLMs; the same rendering and output model through
``agenerate`` for ``llm_factory`` Instructor LLMs, see below; either way users' ``set_prompts``
changes take effect), and returns a :class:`Judgement`: plain values
(verdict labels, 0/1 verdicts, 0-4 grades, a focus label) with one reason per item, or an
``error`` sentence saying why the judgement failed. Nothing here raises for a bad LLM reply or
a failing endpoint: a malformed reply, an unknown label, an exception or a timeout becomes
``Judgement.failed(reason)`` and the metric turns that row into NaN with that reason, while
the rest of the run goes on. Arithmetic stays in :mod:`ragas_temporal.scores`.

Cost and retries, bounded on purpose:

- ``timeout`` (seconds) bounds one judgement end to end, retries included
  (``asyncio.wait_for``); the default :data:`DEFAULT_LLM_TIMEOUT` is 30 s.
- ``fix_retries`` is passed to ``PydanticPrompt.generate(retries_left=...)``. For a
  ``BaseRagasLLM`` an unparsable reply triggers ragas's ``FixOutputFormat`` prompt, one extra
  LLM call per retry that re-sends the whole prompt; default :data:`DEFAULT_FIX_RETRIES` = 1.
  ``llm_factory`` LLMs never take that path: Instructor validates the reply itself and retries
  up to its own ``max_retries`` (3 by default, i.e. 4 requests; pass ``max_retries=`` to
  ``llm_factory`` to change it). For them the prompt runs through the same rendering and output
  model, with LLM callbacks fired so that ``token_usage_parser`` sees their tokens.
- ragas's own retry of a failing call (``BaseRagasLLM.generate`` with ``RunConfig.max_retries``,
  10 by default with exponential waits up to ``max_wait`` = 60 s) happens inside the timeout.

Example
-------
>>> import asyncio
>>> j = asyncio.run(judge_temporal_focus("How long did the siege last?"))  # rules, no LLM call
>>> j.values, j.source
('duration', 'rules')
"""

from __future__ import annotations

import asyncio
import re
import typing as t
from dataclasses import dataclass

from ragas_temporal.prompts import (
    RelevanceInput,
    dated_texts,
    TemporalClaimsInput,
    TemporalClaimsPrompt,
    TemporalFocusInput,
    TemporalFocusPrompt,
    TemporalGradePrompt,
    TemporalRelevancePrompt,
)
from ragas_temporal.prompts._dated import iso_date
from ragas_temporal.temporal_focus import classify_temporal_focus_by_rules, focus_cues_found

if t.TYPE_CHECKING:
    import datetime as dt

    from langchain_core.callbacks import Callbacks
    from ragas.prompt import PydanticPrompt

__all__ = [
    "DEFAULT_LLM_TIMEOUT",
    "DEFAULT_FIX_RETRIES",
    "Judgement",
    "run_prompt",
    "judge_temporal_claims",
    "judge_binary_relevance",
    "judge_graded_relevance",
    "judge_temporal_focus",
    "describe_error",
    "diagnose_reply",
    "openai_llm_output",
]

#: Seconds one judgement may take, ragas retries included (metric argument ``llm_timeout``).
DEFAULT_LLM_TIMEOUT = 30.0
#: Repair calls (ragas ``FixOutputFormat``) allowed for an unparsable reply (``fix_retries``).
DEFAULT_FIX_RETRIES = 1

T = t.TypeVar("T")
#: A date as the judges take it: ``datetime.date``, an ISO string, or ``None`` (unknown).
DateLike = t.Union["dt.date", str, None]


@dataclass(frozen=True)
class Judgement(t.Generic[T]):
    """What a judge said: values with one reason each, or an error sentence.

    Attributes
    ----------
    values : tuple or str or None
        Verdict labels, 0/1 verdicts, 0-4 grades (one per claim or document), or a focus
        label; ``None`` when the judgement failed.
    reasons : tuple of str
        One reason per value (the judge's words), empty when failed.
    error : str or None
        Why the judgement failed; ``None`` on success.
    details : tuple
        Extra per-item data (claims with their quotes for the faithfulness judge).
    source : str
        ``"llm"`` or ``"rules"`` (the focus judge answers from rules when it can).

    >>> Judgement.failed("LLM call timed out after 30 s").ok
    False
    """

    values: T | None
    reasons: tuple[str, ...] = ()
    error: str | None = None
    details: tuple = ()
    source: str = "llm"

    @property
    def ok(self) -> bool:
        return self.error is None

    @classmethod
    def failed(cls, error: str) -> "Judgement[T]":
        return cls(values=None, error=error)


# ----------------------------------------------------------------------------------------
# running a prompt with fault handling
# ----------------------------------------------------------------------------------------
_PYDANTIC_ERROR = re.compile(
    r"^(?P<loc>[\w.\[\]]+)\n\s+(?P<msg>[^\n\[]+?)\s*\[type=\w+, input_value=(?P<value>'[^']*'|[^,\]]*)",
    re.MULTILINE,
)


def describe_error(exc: BaseException, output_name: str = "the expected JSON") -> str:
    """A one-line reason for a failed LLM judgement.

    Validation errors name the field, the rule and the offending value, so an unknown verdict
    label reads ``claims.0.verdict: Input should be 'SUPPORTED', ... (got 'MAYBE')``. Instructor's
    retry exception is described by its last failed attempt.

    >>> describe_error(asyncio.TimeoutError(), "X")
    'LLM call timed out'
    >>> describe_error(ConnectionError("refused"), "X")
    'LLM call failed: ConnectionError: refused'
    """
    name = type(exc).__name__
    attempts = getattr(exc, "failed_attempts", None)
    if attempts:  # instructor: describe the last attempt's own exception
        inner = getattr(attempts[-1], "exception", None)
        if isinstance(inner, BaseException):
            return describe_error(inner, output_name)
    if isinstance(exc, (asyncio.TimeoutError, TimeoutError)) or "Timeout" in name:
        return "LLM call timed out"
    if name == "LLMDidNotFinishException":
        return "LLM stopped before finishing its reply (finish_reason was not 'stop'; max tokens too low?)"
    errors = getattr(exc, "errors", None)
    if name == "ValidationError" and callable(errors) and errors():
        return f"LLM reply did not match {output_name}: {_describe_validation(errors()[0])}"
    text = str(exc)
    match = _PYDANTIC_ERROR.search(text)
    if match:
        return f"LLM reply did not match {output_name}: {match['loc']}: {match['msg']} (got {match['value']})"
    if name in {"RagasOutputParserException", "OutputParserException", "ValidationError", "JSONDecodeError"}:
        return f"LLM reply did not match {output_name}: {_first_line(text) or name}"
    return f"LLM call failed: {name}: {_first_line(text)}"


def diagnose_reply(reply: str, output_model: t.Any) -> str:
    """Why ``reply`` does not validate as ``output_model`` (empty string when it does).

    >>> from ragas_temporal.prompts import TemporalClaimsOutput
    >>> diagnose_reply("not json", TemporalClaimsOutput)
    "reply is not JSON: 'not json'"
    >>> diagnose_reply('{"claims": [{"claim": "c", "verdict": "MAYBE", "reason": "r"}]}', TemporalClaimsOutput)
    "claims.0.verdict: Input should be 'SUPPORTED', 'PARTIALLY_SUPPORTED', 'NOT_SUPPORTED' or 'CONTRADICTED' (got 'MAYBE')"
    """
    import json

    from pydantic import ValidationError
    from ragas.prompt.utils import extract_json

    try:
        payload = json.loads(extract_json(reply))
    except ValueError:
        return f"reply is not JSON: {_first_line(reply, 80)!r}"
    try:
        output_model.model_validate(payload)
    except ValidationError as err:
        return _describe_validation(err.errors()[0])
    return ""


def _describe_validation(error: dict) -> str:
    if error.get("type") == "json_invalid":
        return f"reply is not JSON: {_first_line(str(error.get('input', '')), 80)!r}"
    loc = ".".join(str(part) for part in error.get("loc", ())) or "reply"
    return f"{loc}: {error.get('msg', 'invalid')} (got {error.get('input')!r})"


def _first_line(text: str, limit: int = 200) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[: limit - 3] + "..."


def _reply_recorder() -> t.Any:
    """A LangChain callback handler keeping the raw text of every LLM reply it sees."""
    from langchain_core.callbacks import BaseCallbackHandler

    class ReplyRecorder(BaseCallbackHandler):
        def __init__(self) -> None:
            self.replies: list[str] = []

        def on_llm_end(self, response: t.Any, **kwargs: t.Any) -> None:
            for generations in response.generations:
                self.replies.extend(g.text for g in generations)

    return ReplyRecorder()


def _with_handler(callbacks: Callbacks, handler: t.Any) -> Callbacks:
    from langchain_core.callbacks import BaseCallbackManager

    if isinstance(callbacks, BaseCallbackManager):
        manager = callbacks.copy()
        manager.add_handler(handler, inherit=True)
        return manager
    return [*(callbacks or []), handler]


def openai_llm_output(prompt_tokens: int, completion_tokens: int, model_name: str) -> dict[str, t.Any]:
    """An ``LLMResult.llm_output`` in the shape ragas's ``get_token_usage_for_openai`` reads.

    The one definition of that shape for every LLM here that reports its own tokens (the
    Instructor path below, the offline judge, the test doubles).

    >>> openai_llm_output(12, 3, "gpt-4o-mini")["token_usage"]
    {'prompt_tokens': 12, 'completion_tokens': 3, 'total_tokens': 15}
    """
    return {
        "token_usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
        "model_name": model_name,
    }


def _is_instructor_llm(llm: t.Any) -> bool:
    from ragas.llms.base import InstructorBaseRagasLLM

    return isinstance(llm, InstructorBaseRagasLLM)


async def _generate_with_instructor(prompt: PydanticPrompt, llm: t.Any, data: t.Any, callbacks: Callbacks) -> t.Any:
    """What ``PydanticPrompt.generate`` does for an ``llm_factory`` LLM, plus LLM callbacks.

    ragas 0.4.3 calls Instructor LLMs without callbacks, so ``ragas.evaluate(token_usage_parser=...)``
    sees no tokens for them. Here the same prompt text and output model go to ``agenerate`` (a
    sync client runs in a thread), and ``on_llm_start``/``on_llm_end`` fire with the usage of the
    OpenAI-style raw response in the ``llm_output`` shape ``get_token_usage_for_openai`` reads.
    """
    from langchain_core.callbacks import AsyncCallbackManager
    from langchain_core.outputs import Generation, LLMResult

    processed = prompt.process_input(data)
    text = prompt.to_string(processed)
    manager = AsyncCallbackManager.configure(inheritable_callbacks=callbacks)
    run_managers = await manager.on_llm_start({"name": type(llm).__name__}, [text])
    try:
        if getattr(llm, "is_async", True):
            result = await llm.agenerate(text, prompt.output_model)
        else:
            result = await asyncio.to_thread(llm.generate, text, prompt.output_model)
    except BaseException as exc:
        for run_manager in run_managers:
            await run_manager.on_llm_error(exc)
        raise
    raw = getattr(result, "_raw_response", None)
    usage = getattr(raw, "usage", None)
    prompt_tokens = int(getattr(usage, "prompt_tokens", 0) or 0)
    completion_tokens = int(getattr(usage, "completion_tokens", 0) or 0)
    llm_result = LLMResult(
        generations=[[Generation(text=result.model_dump_json())]],
        llm_output=openai_llm_output(
            prompt_tokens, completion_tokens, getattr(raw, "model", None) or getattr(llm, "model", "")
        ),
    )
    for run_manager in run_managers:
        await run_manager.on_llm_end(llm_result)
    # a plain instance of the output model (Instructor may hand back a patched subclass)
    output = prompt.output_model.model_validate(result.model_dump())
    return prompt.process_output(output, data)


async def run_prompt(
    prompt: PydanticPrompt,
    llm: t.Any,
    data: t.Any,
    *,
    callbacks: Callbacks = None,
    timeout: float | None = DEFAULT_LLM_TIMEOUT,
    fix_retries: int = DEFAULT_FIX_RETRIES,
) -> tuple[t.Any, str | None]:
    """Run ``prompt`` once on ``data``; return ``(output, None)`` or ``(None, reason)``.

    Never raises for LLM faults (exceptions, timeouts, malformed or invalid replies);
    ``asyncio.CancelledError`` still propagates so that ragas can cancel a run. When ragas's
    parser rejects a reply, the reason names the offending field and value (read from the raw
    reply through a callback, because ragas's parser exception does not carry it).
    """
    if llm is None:
        return None, "no LLM configured for this metric"
    recorder = _reply_recorder()
    callbacks = _with_handler(callbacks, recorder)
    if _is_instructor_llm(llm):
        call = _generate_with_instructor(prompt, llm, data, callbacks)
    else:
        call = prompt.generate(llm=llm, data=data, callbacks=callbacks, retries_left=fix_retries)
    try:
        output = await asyncio.wait_for(call, timeout=timeout)
    except (asyncio.TimeoutError, TimeoutError):
        return None, f"LLM call timed out after {timeout:g} s" if timeout else "LLM call timed out"
    except Exception as exc:  # any LLM/client/parse fault: this row only
        reason = describe_error(exc, prompt.output_model.__name__)
        if type(exc).__name__ in {"RagasOutputParserException", "OutputParserException"} and recorder.replies:
            detail = diagnose_reply(recorder.replies[0], prompt.output_model)
            if detail:
                reason = f"LLM reply did not match {prompt.output_model.__name__}: {detail}"
        return None, reason
    return output, None


# ----------------------------------------------------------------------------------------
# the judges
# ----------------------------------------------------------------------------------------
async def judge_temporal_claims(
    llm: t.Any,
    answer: str,
    contexts: t.Sequence[str],
    *,
    question: str | None = None,
    reference_date: DateLike = None,
    context_dates: t.Sequence[DateLike] | None = None,
    prompt: PydanticPrompt | None = None,
    callbacks: Callbacks = None,
    timeout: float | None = DEFAULT_LLM_TIMEOUT,
    fix_retries: int = DEFAULT_FIX_RETRIES,
) -> Judgement[tuple[str, ...]]:
    """Temporal claims of ``answer`` with a verdict each, in one call.

    Returns the verdict labels (``SUPPORTED``, ``PARTIALLY_SUPPORTED``, ``NOT_SUPPORTED``,
    ``CONTRADICTED``) in claim order, the judge's reasons, and ``details`` holding
    ``(claim, verdict, reason, quote)`` tuples. Zero claims is a success with no values (the
    score is then NaN "answer makes no temporal claim").

    ``reference_date`` (the date "last year" in the answer means the year before) goes into the
    prompt's data; ``context_dates``, parallel to ``contexts``, gives contexts their own dates
    (``None`` entries: read against ``reference_date``).
    """
    prompt = prompt or TemporalClaimsPrompt()
    data = TemporalClaimsInput(
        question=question or None,
        reference_date=iso_date(reference_date),
        answer=answer,
        contexts=dated_texts(contexts, context_dates, reference_date),
    )
    output, error = await run_prompt(
        prompt, llm, data, callbacks=callbacks, timeout=timeout, fix_retries=fix_retries
    )
    if error:
        return Judgement.failed(error)
    claims = list(output.claims)
    return Judgement(
        values=tuple(c.verdict for c in claims),
        reasons=tuple(c.reason for c in claims),
        details=tuple((c.claim, c.verdict, c.reason, c.quote) for c in claims),
    )


def _check_document_numbers(numbers: list[int], n_documents: int) -> str | None:
    expected = list(range(1, n_documents + 1))
    if sorted(numbers) == expected:
        return None
    return (
        f"LLM judged documents {numbers} but {n_documents} were given "
        f"(expected each of {expected} exactly once)"
    )


async def _judge_documents(
    prompt: PydanticPrompt,
    field: str,
    llm: t.Any,
    query: str,
    documents: t.Sequence[str],
    focus: str,
    reference_date: DateLike,
    document_dates: t.Sequence[DateLike] | None,
    callbacks: Callbacks,
    timeout: float | None,
    fix_retries: int,
) -> Judgement[tuple[int, ...]]:
    if not documents:
        return Judgement(values=(), reasons=())
    data = RelevanceInput(
        query=query,
        reference_date=iso_date(reference_date),
        temporal_focus=focus,
        documents=dated_texts(documents, document_dates, reference_date),
    )
    output, error = await run_prompt(
        prompt, llm, data, callbacks=callbacks, timeout=timeout, fix_retries=fix_retries
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


async def judge_binary_relevance(
    llm: t.Any,
    query: str,
    documents: t.Sequence[str],
    *,
    focus: str = "infer",
    reference_date: DateLike = None,
    document_dates: t.Sequence[DateLike] | None = None,
    prompt: PydanticPrompt | None = None,
    callbacks: Callbacks = None,
    timeout: float | None = DEFAULT_LLM_TIMEOUT,
    fix_retries: int = DEFAULT_FIX_RETRIES,
) -> Judgement[tuple[int, ...]]:
    """0/1 temporal relevance of each document (rank order kept), listwise in one call.

    No call for an empty document list. A reply that skips, repeats or invents a document
    number fails the judgement (the row becomes NaN with that reason). ``reference_date`` (the
    query's) and ``document_dates`` (parallel to ``documents``) go into the prompt's data, as in
    :func:`judge_temporal_claims`.
    """
    return await _judge_documents(
        prompt or TemporalRelevancePrompt(), "verdict", llm, query, documents, focus,
        reference_date, document_dates, callbacks, timeout, fix_retries,
    )


async def judge_graded_relevance(
    llm: t.Any,
    query: str,
    documents: t.Sequence[str],
    *,
    focus: str = "infer",
    reference_date: DateLike = None,
    document_dates: t.Sequence[DateLike] | None = None,
    prompt: PydanticPrompt | None = None,
    callbacks: Callbacks = None,
    timeout: float | None = DEFAULT_LLM_TIMEOUT,
    fix_retries: int = DEFAULT_FIX_RETRIES,
) -> Judgement[tuple[int, ...]]:
    """0-4 temporal relevance grade of each document (rank order kept), listwise in one call."""
    return await _judge_documents(
        prompt or TemporalGradePrompt(), "grade", llm, query, documents, focus,
        reference_date, document_dates, callbacks, timeout, fix_retries,
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
    output, error = await run_prompt(
        prompt or TemporalFocusPrompt(), llm, TemporalFocusInput(query=query),
        callbacks=callbacks, timeout=timeout, fix_retries=fix_retries,
    )
    if error:
        return Judgement.failed(error)
    return Judgement(values=output.focus, reasons=(output.reason,))
