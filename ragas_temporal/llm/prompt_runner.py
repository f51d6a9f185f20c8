"""Run one of our prompts on an LLM, never raising for the LLM's faults: the prompt runner.

:func:`run_prompt` runs one ragas ``PydanticPrompt`` once (``prompt.generate`` for
``LangchainLLMWrapper``/``BaseRagasLLM`` LLMs; the same rendering and output model through
``agenerate`` for ``llm_factory`` Instructor LLMs, see below; either way users' ``set_prompts``
changes take effect) and returns ``(output, None)`` or ``(None, reason)``. A malformed reply, an
unknown label, an exception or a timeout becomes a one-line reason; the judges in
:mod:`ragas_temporal.faithfulness.judge` wrap it in a :class:`Judgement`, and the metric turns a failed
judgement into NaN with that reason while the rest of the run goes on.

Cost and retries, bounded on purpose:

- ``timeout`` (seconds) bounds one judgement end to end, retries included
  (``asyncio.wait_for``); by default (:data:`DEFAULT_LLM_TIMEOUT` is ``None``) there is no bound
  of ours: the LLM client's own timeout stands, as the user set it (a local server at 30 tokens/s
  needs a minute for a long reply, which a fixed 30 s would cut).
- ``fix_retries`` is passed to ``PydanticPrompt.generate(retries_left=...)``. For a
  ``BaseRagasLLM`` an unparsable reply triggers ragas's ``FixOutputFormat`` prompt, one extra
  LLM call per retry that re-sends the whole prompt; default :data:`DEFAULT_FIX_RETRIES` = 1.
  ``llm_factory`` LLMs never take that path: Instructor validates the reply itself and retries
  up to its own ``max_retries`` (3 by default, i.e. 4 requests; pass ``max_retries=`` to
  ``llm_factory`` to change it). For them the prompt runs through the same rendering and output
  model, with LLM callbacks fired so that ``token_usage_parser`` sees their tokens.
- a failing call of a ``BaseRagasLLM`` is retried by :class:`~ragas_temporal.llm.llm_calls.BoundedLLM`
  instead of ragas's ``RunConfig.max_retries`` loop (10 attempts by default): at most 3 attempts
  (fewer if the run config says so) with 1 s, 2 s back-off, inside the timeout; the reason says
  how many attempts were made and whether the endpoint answered 429. Replies are parsed as whole
  JSON first, so a reason quoting ``}]}`` or a code fence survives ragas's JSON extraction.
- an LLM whose ``agenerate_text`` blocks the event loop (``time.sleep``, a synchronous client)
  cannot be cut by the timeout, which needs the loop: such a call ends when it ends.

Example
-------
>>> import asyncio
>>> from ragas_temporal.ranking.focus_prompt import TemporalFocusInput, TemporalFocusPrompt
>>> asyncio.run(run_prompt(TemporalFocusPrompt(), None, TemporalFocusInput(query="When?")))
(None, 'no LLM configured for this metric')
"""

from __future__ import annotations

import asyncio
import copy
import logging
import re
import typing as t

from ragas_temporal.llm.llm_calls import TRUNCATED_REPLY, json_ends_early
from ragas_temporal.scores._result import Judgement

if t.TYPE_CHECKING:
    from langchain_core.callbacks import Callbacks
    from ragas.prompt import PydanticPrompt

__all__ = [
    "DEFAULT_LLM_TIMEOUT",
    "DEFAULT_FIX_RETRIES",
    "Judgement",
    "run_prompt",
    "describe_error",
    "diagnose_reply",
    "openai_llm_output",
    "quiet_instructor_logs",
]

#: Seconds one judgement may take, ragas retries included (metric argument ``llm_timeout``).
#: ``None``: the LLM client's own timeout stands (and ragas's ``RunConfig.timeout`` in ``init``).
DEFAULT_LLM_TIMEOUT: float | None = None
#: Repair calls (ragas ``FixOutputFormat``) allowed for an unparsable reply (``fix_retries``).
DEFAULT_FIX_RETRIES = 1

T = t.TypeVar("T")


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
    causes = _causes(exc)  # a client's exception raised from ours or from a timeout
    ours = next((c for c in causes if type(c).__name__ in {"LLMCallFailed", "ReplyTruncated", "ReplyTooLong"}), None)
    if ours is not None:  # the message already says it all
        return str(ours)
    if any(isinstance(c, (asyncio.TimeoutError, TimeoutError)) or "Timeout" in type(c).__name__ for c in causes):
        return "LLM call timed out"
    if name in {"LLMDidNotFinishException", "IncompleteOutputException"}:  # ragas's, Instructor's
        return f"{TRUNCATED_REPLY}: the server stopped it at max_tokens (finish_reason 'length')"
    errors = getattr(exc, "errors", None)
    if name == "ValidationError" and callable(errors) and errors():
        detail = _describe_validation(errors()[0])
        return detail if detail.startswith(TRUNCATED_REPLY) else f"LLM reply did not match {output_name}: {detail}"
    text = str(exc)
    match = _PYDANTIC_ERROR.search(text)
    if match:
        return f"LLM reply did not match {output_name}: {match['loc']}: {match['msg']} (got {match['value']})"
    if name in {"RagasOutputParserException", "OutputParserException", "ValidationError", "JSONDecodeError"}:
        return f"LLM reply did not match {output_name}: {_first_line(text) or name}"
    return f"LLM call failed: {name}: {_first_line(text)}"


def _causes(exc: BaseException, limit: int = 8) -> list[BaseException]:
    """``exc`` and the exceptions it was raised from (``__cause__``/``__context__``), nearest first."""
    chain = [exc]
    while len(chain) < limit:
        nxt = chain[-1].__cause__ or chain[-1].__context__
        if nxt is None or nxt in chain:
            break
        chain.append(nxt)
    return chain


def client_timeout(llm: t.Any) -> float | None:
    """Seconds one request of an ``llm_factory`` LLM may take: its OpenAI client's ``timeout``.

    >>> from types import SimpleNamespace as NS
    >>> client_timeout(NS(client=NS(client=NS(timeout=60.0)))), client_timeout(object())
    (60.0, None)
    """
    timeout = getattr(getattr(getattr(llm, "client", None), "client", None), "timeout", None)
    timeout = getattr(timeout, "read", timeout)  # an httpx.Timeout: the wait for the reply
    return float(timeout) if isinstance(timeout, (int, float)) and not isinstance(timeout, bool) else None


def diagnose_reply(reply: str, output_model: t.Any) -> str:
    """Why ``reply`` does not validate as ``output_model`` (empty string when it does).

    >>> from ragas_temporal.faithfulness.prompts import TemporalClaimsOutput
    >>> diagnose_reply("not json", TemporalClaimsOutput)
    "reply is not JSON: 'not json'"
    >>> diagnose_reply('{"claims": [{"claim": "c", "verdict": "MAYBE", "reason": "r"}]}', TemporalClaimsOutput)
    "claims.0.verdict: Input should be 'SUPPORTED', 'PARTIALLY_SUPPORTED', 'NOT_SUPPORTED' or 'CONTRADICTED' (got 'MAYBE')"
    """
    import json

    from pydantic import ValidationError
    from ragas.prompt.utils import extract_json

    if json_ends_early(reply):
        return f"{TRUNCATED_REPLY}: its JSON ends before its brackets close"
    try:
        payload = json.loads(extract_json(reply))
    except (ValueError, RecursionError):  # RecursionError: nested too deeply to be a verdict list
        return f"reply is not JSON: {_first_line(reply, 80)!r}"
    try:
        output_model.model_validate(payload)
    except ValidationError as err:
        return _describe_validation(err.errors()[0])
    return ""


def _describe_validation(error: dict) -> str:
    if error.get("type") == "json_invalid" and json_ends_early(str(error.get("input", ""))):
        return f"{TRUNCATED_REPLY}: its JSON ends before its brackets close"
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


class _DemoteToDebug(logging.Filter):
    """Log records of Instructor's loggers re-levelled to DEBUG (see :func:`quiet_instructor_logs`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)


_DEMOTE = _DemoteToDebug()


def quiet_instructor_logs() -> None:
    """Instructor's own log lines (multi-line validation dumps of every rejected reply) at DEBUG.

    The row already carries a one-line reason; the dump is for debugging. It goes to Python
    logging under the ``instructor`` loggers at DEBUG: shown only where the user asked for DEBUG
    (``logging.getLogger("instructor").setLevel(logging.DEBUG)`` plus a handler, or the CLI's
    ``--debug-log FILE``). A filter acts on the logger a record is made in, so it is put on every
    Instructor logger that exists (called at each Instructor judgement, so late ones get it too).
    """
    for name, logger in list(logging.Logger.manager.loggerDict.items()):
        if (name == "instructor" or name.startswith("instructor.")) and isinstance(logger, logging.Logger):
            if _DEMOTE not in logger.filters:
                logger.addFilter(_DEMOTE)


def _is_instructor_llm(llm: t.Any) -> bool:
    from ragas.llms.base import InstructorBaseRagasLLM

    return isinstance(llm, InstructorBaseRagasLLM)


def _with_reply_budget(llm: t.Any, max_tokens: int | None) -> t.Any:
    """An Instructor LLM whose ``max_tokens`` is at most ``max_tokens`` (a shallow copy; the
    user's LLM is not changed). A smaller ``max_tokens`` the user set stands."""
    current = getattr(llm, "model_args", {}).get("max_tokens")
    if not max_tokens or (current is not None and current <= max_tokens):
        return llm
    budgeted = copy.copy(llm)
    budgeted.model_args = {**llm.model_args, "max_tokens": max_tokens}
    # With a cache, ragas wraps the instance's generate/agenerate at construction: the copy's
    # would call the original's bound methods, which read the original's max_tokens (1,024).
    # The copy's own methods, wrapped in the same cache (same keys: the prompt and output model).
    cache = getattr(llm, "cache", None)
    for name in ("generate", "agenerate"):
        if name in vars(budgeted):
            from ragas.cache import cacher

            own = getattr(type(budgeted), name).__get__(budgeted)
            setattr(budgeted, name, cacher(cache_backend=cache)(own) if cache is not None else own)
    return budgeted


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
    max_tokens: int | None = None,
) -> tuple[t.Any, str | None]:
    """Run ``prompt`` once on ``data``; return ``(output, None)`` or ``(None, reason)``.

    ``max_tokens``: the reply budget (``prompt.reply_token_budget``), applied to ``llm_factory``
    (Instructor) LLMs whose own ``max_tokens`` is larger; a LangChain model keeps its own.

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
        quiet_instructor_logs()
        call = _generate_with_instructor(prompt, _with_reply_budget(llm, max_tokens), data, callbacks)
    else:
        from ragas_temporal.llm.llm_calls import bounded

        call = prompt.generate(llm=bounded(llm), data=data, callbacks=callbacks, retries_left=fix_retries)
    try:
        output = await asyncio.wait_for(call, timeout=timeout)
    except (asyncio.TimeoutError, TimeoutError):
        return None, f"LLM call timed out after {timeout:g} s" if timeout else "LLM call timed out"
    except Exception as exc:  # any LLM/client/parse fault: this row only
        reason = describe_error(exc, prompt.output_model.__name__)
        per_request = client_timeout(llm)
        if reason == "LLM call timed out" and per_request:
            reason = f"LLM call timed out after {per_request:g} s (the client's timeout per request)"
        if type(exc).__name__ in {"RagasOutputParserException", "OutputParserException"} and recorder.replies:
            detail = diagnose_reply(recorder.replies[0], prompt.output_model)
            if detail.startswith(TRUNCATED_REPLY):
                reason = detail
            elif detail:
                reason = f"LLM reply did not match {prompt.output_model.__name__}: {detail}"
        return None, reason
    return output, None
