"""Run TeCFaP probe rows through a ragas LLM, appending predictions to a JSONL file.

Accepted LLMs: any ``ragas.llms.BaseRagasLLM`` (e.g. ``LangchainLLMWrapper``; called with
``agenerate_text`` on a ``StringPromptValue``) and any ``InstructorBaseRagasLLM`` from
``ragas.llms.llm_factory`` (called with ``agenerate`` and a one-field response model
``{"completion": str}``; a synchronous client is run in a worker thread).

Behaviour:

- at most ``max_concurrency`` calls in flight; a progress bar (tqdm) unless ``show_progress=False``
  (the runner of metrics' rows too: :func:`ragas_temporal.llm.runner.run_each`);
- each failed call is retried ``max_retries`` times with exponential back-off
  (``retry_wait * 2**attempt`` seconds, capped at ``max_wait``: :func:`ragas_temporal.llm.retry.retrying`,
  the judges' policy too); a row still failing is
  recorded with its ``error`` and an empty prediction, and the run goes on;
- every finished row is appended to ``out`` (one JSON object a line, flushed) as it arrives, through
  the store ``evaluate --resume`` uses too (:mod:`ragas_temporal.llm.append_store`): one run at a time
  writes ``out`` (a second one raises :class:`~ragas_temporal.llm.append_store.StoreBusy` before asking
  anything), and a last line torn by a killed run is removed so that its row is asked again;
  a rerun with the same ``out`` skips rows already answered (key: relation, pattern id,
  direction, key step) and retries rows recorded as failed; a stored row whose prompt differs
  from the new one (the probe was built differently) is an error, not a silent mix;
- the completion is the text after the query when the model echoes the sentence (as the
  reference inference code does), else the whole reply;
- closed vocabulary (rows built with ``closed_vocabulary=True``): the prompt lists the
  candidates and the completion is snapped to the best-matching candidate entity
  (:func:`~ragas_temporal.tecfap.scoring.snap_to_candidate`); ``completion`` keeps the
  unsnapped text and ``snapped`` says whether a candidate matched.

>>> extract_completion("kid a was followed by", "Kid A was followed by Amnesiac.")
'Amnesiac.'
>>> extract_completion("kid a was followed by", "Amnesiac")
'Amnesiac'
"""

from __future__ import annotations

import asyncio
import contextlib
import warnings
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from pydantic import BaseModel, Field

from ragas_temporal.llm.append_store import AppendStore
from ragas_temporal.llm.offline import answer_offline, is_offline_judge
from ragas_temporal.llm.retry import retrying
from ragas_temporal.llm.runner import progress_bar, run_each
from ragas_temporal.tecfap.probe import ProbeRow
from ragas_temporal.tecfap.records import is_failed, read_predictions, row_key
from ragas_temporal.tecfap.scoring import is_missing_text, snap_to_candidate


class SentenceCompletion(BaseModel):
    """Response model for structured (instructor) LLMs."""

    completion: str = Field(description="Only the words that complete the given sentence")


def extract_completion(query: str, response: str) -> str:
    """The answer part of a reply: the text after the query if the reply echoes it."""
    text = str(response).strip()
    position = text.lower().find(query.lower()) if query else -1
    if position >= 0:
        text = text[position + len(query) :].strip()
    return text


def offline_completion(row: ProbeRow) -> str:
    """The offline judge's completion of a probe row (see :mod:`ragas_temporal.llm.offline`).

    It knows no facts: it answers with the entity the prompt lists right after the query's entity
    (cyclically; the lists are shuffled per row), and with nothing when the prompt lists no
    entities. Its TeCFaP scores sit near chance; enough to run a probe end to end offline.

    >>> from ragas_temporal.tecfap import build_probe, load_example
    >>> row = build_probe(load_example(), split="test", with_context=True)[0]
    >>> row.query
    'canonical shipped the ubuntu long-term support release 12.04 precise pangolin right after'
    >>> row.listed
    ('16.04 xenial xerus', '18.04 bionic beaver', '10.04 lucid lynx', '14.04 trusty tahr', '12.04 precise pangolin')
    >>> offline_completion(row)  # 12.04 is listed last: the guess wraps around to the first
    '16.04 xenial xerus'
    """
    entities = row.listed
    in_query = [i for i, entity in enumerate(entities) if entity and entity in row.query]
    if not in_query:
        return ""
    key = max(in_query, key=lambda i: len(entities[i]))  # "john adams" over "adams"
    others = [e for e in entities[key + 1:] + entities[:key] if e != entities[key]]
    return others[0] if others else ""


def _as_rows(rows: Iterable[ProbeRow | Mapping[str, Any]]) -> list[ProbeRow]:
    out = []
    for row in rows:
        if isinstance(row, ProbeRow):
            out.append(row)
        elif isinstance(row, Mapping):
            out.append(ProbeRow.from_dict(row))
        else:
            raise TypeError(f"probe rows must be ProbeRow or mappings, got {type(row).__name__}")
    return out


def _check_llm(llm: Any) -> None:
    from ragas.llms.base import BaseRagasLLM, InstructorBaseRagasLLM

    if not isinstance(llm, (BaseRagasLLM, InstructorBaseRagasLLM)):
        raise TypeError(
            "llm must be a ragas BaseRagasLLM (e.g. LangchainLLMWrapper) or an InstructorBaseRagasLLM "
            f"from ragas.llms.llm_factory, got {type(llm).__name__}"
        )


async def _call_llm(llm: Any, row: ProbeRow, temperature: float | None) -> str:
    from ragas.llms.base import BaseRagasLLM, InstructorBaseRagasLLM

    if is_offline_judge(llm):  # it reads the row, not its prompt
        return await answer_offline(llm, "tecfap_probe", None, offline_completion, row)
    prompt = row.prompt
    if isinstance(llm, BaseRagasLLM):
        from langchain_core.prompt_values import StringPromptValue

        result = await llm.agenerate_text(StringPromptValue(text=prompt), n=1, temperature=temperature)
        return result.generations[0][0].text
    if isinstance(llm, InstructorBaseRagasLLM):
        if getattr(llm, "is_async", True):
            reply = await llm.agenerate(prompt, SentenceCompletion)
        else:  # a synchronous client: keep the event loop free
            reply = await asyncio.to_thread(llm.generate, prompt, SentenceCompletion)
        return reply.completion
    raise TypeError(
        "llm must be a ragas BaseRagasLLM (e.g. LangchainLLMWrapper) or an InstructorBaseRagasLLM "
        f"from ragas.llms.llm_factory, got {type(llm).__name__}"
    )


def _check_resumable(row: ProbeRow, stored: Mapping[str, Any], out: Path) -> None:
    for field in ("prompt", "gold"):
        if field in stored and stored[field] != getattr(row, field):
            raise ValueError(
                f"{out} holds row {row.row_id} with a different {field}: the probe was built with other "
                "settings (split, shots, context, seed, closed vocabulary); write to a new file"
            )


@dataclass(frozen=True)
class ProbeSettings:
    """How a probe run asks: the keyword options of :func:`run_probe` and :func:`arun_probe`, checked once.

    max_concurrency : int, default 8
        Calls in flight at once.
    max_retries : int, default 2
        Extra attempts after a failed call; back-off ``retry_wait * 2**attempt`` capped at ``max_wait``.
    retry_wait, max_wait : float, default 1.0 and 8.0
        Seconds of the first wait and the longest one.
    timeout : float, optional
        Seconds allowed per call (a timeout counts as a failed attempt).
    temperature : float, default 0.0
        Passed to ``BaseRagasLLM.agenerate_text`` (instructor LLMs use their own settings).
    show_progress : bool, default True
        Show a tqdm progress bar.

    >>> ProbeSettings.of({"max_concurrency": 4}).max_concurrency
    4
    >>> ProbeSettings(max_retries=-1)
    Traceback (most recent call last):
    ...
    ValueError: max_retries must be a non-negative integer, got -1
    >>> ProbeSettings.of({"retries": 3})
    Traceback (most recent call last):
    ...
    TypeError: unknown option 'retries'; the options are max_concurrency, max_retries, retry_wait, max_wait, timeout, temperature, show_progress
    """

    max_concurrency: int = 8
    max_retries: int = 2
    retry_wait: float = 1.0
    max_wait: float = 8.0
    timeout: float | None = None
    temperature: float | None = 0.0
    show_progress: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.max_concurrency, int) or self.max_concurrency < 1:
            raise ValueError(f"max_concurrency must be a positive integer, got {self.max_concurrency!r}")
        if not isinstance(self.max_retries, int) or self.max_retries < 0:
            raise ValueError(f"max_retries must be a non-negative integer, got {self.max_retries!r}")
        if self.retry_wait < 0 or self.max_wait < 0:
            raise ValueError("retry_wait and max_wait must be >= 0")
        if self.timeout is not None and self.timeout <= 0:
            raise ValueError(f"timeout must be positive, got {self.timeout!r}")

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> ProbeSettings:
        """The settings from keyword options; ``TypeError`` naming an unknown one."""
        known = [f.name for f in fields(cls)]
        unknown = [name for name in options if name not in known]
        if unknown:
            raise TypeError(f"unknown option {unknown[0]!r}; the options are {', '.join(known)}")
        return cls(**options)


async def arun_probe(
    rows: Iterable[ProbeRow | Mapping[str, Any]], llm: Any, *, out: str | Path | None = None, **options: Any
) -> list[dict[str, Any]]:
    """Asynchronous :func:`run_probe` (use it inside a running event loop)."""
    settings = ProbeSettings.of(options)
    _check_llm(llm)  # a wrong object is a usage error, not 10,000 failed rows
    probe = _as_rows(rows)
    keys = [row_key(r.to_dict()) for r in probe]
    if len(set(keys)) != len(keys):
        raise ValueError("probe rows repeat a (relation, pattern, direction, key step) key")
    out_path = Path(out) if out is not None else None
    # Locked and repaired before it is read: a second run refuses before asking anything.
    out_file = contextlib.ExitStack()
    store = (
        out_file.enter_context(AppendStore.open_locked(out_path, "predictions file", "write to another --out"))
        if out_path is not None else None
    )
    done: dict[tuple, dict[str, Any]] = {}
    try:
        if out_path is not None and out_path.stat().st_size:
            incomplete = 0
            for rec in read_predictions(out_path):
                if is_failed(rec):
                    continue
                if is_missing_text(rec.get("prompt")) or is_missing_text(rec.get("gold")):
                    incomplete += 1  # cannot be checked against this probe, nor scored: not a finished row
                    continue
                done[row_key(rec)] = rec
            if incomplete:
                warnings.warn(
                    f"{out_path}: {incomplete} stored record(s) without their prompt or gold are no finished "
                    "rows: their rows are asked again",
                    stacklevel=2,
                )
        for row, key in zip(probe, keys):
            if key in done:
                _check_resumable(row, done[key], out_path)  # type: ignore[arg-type]
    except BaseException:
        out_file.close()
        raise
    pending = [i for i, key in enumerate(keys) if key not in done]
    results: dict[int, dict[str, Any]] = {}

    async def ask(_: int, row: ProbeRow) -> dict[str, Any]:
        error: str | None = None
        raw = ""
        attempts = 0
        try:
            policy = retrying(settings.max_retries + 1, first_wait=settings.retry_wait, max_wait=settings.max_wait)
            async for attempt in policy:
                with attempt:
                    attempts += 1
                    call = _call_llm(llm, row, settings.temperature)
                    raw = await (asyncio.wait_for(call, settings.timeout) if settings.timeout else call)
        except Exception as exc:  # noqa: BLE001 - any provider error is recorded, not fatal
            error = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        return _record(row, raw, error, attempts)

    def keep(n: int, record: dict[str, Any]) -> None:
        results[pending[n]] = record
        if store is not None:
            store.append(record)

    try:
        bar = progress_bar(len(pending), "TeCFaP probe", settings.show_progress and bool(pending))
        try:
            await run_each([probe[i] for i in pending], ask, keep, asyncio.Semaphore(settings.max_concurrency), bar)
        finally:
            bar.close()
    finally:
        out_file.close()  # releases the lock
    return [results[i] if i in results else done[key] for i, key in enumerate(keys)]


def _record(row: ProbeRow, raw: str, error: str | None, attempts: int) -> dict[str, Any]:
    record = row.to_dict()
    completion = "" if error else extract_completion(row.query, raw)
    prediction = completion
    if row.closed_vocabulary and not error:
        snapped = snap_to_candidate(completion, row.candidates)
        record["snapped"] = snapped is not None
        prediction = snapped if snapped is not None else completion
    record.update(prediction=prediction, completion=completion, raw_response=raw, error=error, attempts=attempts)
    return record


def run_probe(
    rows: Iterable[ProbeRow | Mapping[str, Any]], llm: Any, *, out: str | Path | None = None, **options: Any
) -> list[dict[str, Any]]:
    """Ask ``llm`` every probe question; return one prediction record per row, in row order.

    Parameters
    ----------
    rows : iterable of ProbeRow (or their dicts)
        From :func:`build_probe`.
    llm : BaseRagasLLM or InstructorBaseRagasLLM
        A ragas LLM wrapper (``LangchainLLMWrapper(...)`` or ``llm_factory(...)``).
    out : path, optional
        JSONL file the records are appended to as they arrive; rows already answered in it
        are skipped (resume), rows recorded as failed are retried.
    **options
        The fields of :class:`ProbeSettings`: calls in flight, retries and their waits, the
        per-call timeout, the temperature, the progress bar.

    Returns
    -------
    list of dict
        The row's fields plus ``prediction`` (what is scored), ``completion``, ``raw_response``,
        ``error`` (None or the last error message) and ``attempts``; ``snapped`` in
        closed-vocabulary mode. Feed it (or the JSONL file) to :func:`score_probe`.

    Notes
    -----
    This is a blocking wrapper around :func:`arun_probe`; inside Jupyter it works through
    ragas's nest_asyncio support, in other running loops ``await arun_probe(...)``.
    """
    from ragas.async_utils import run

    return run(arun_probe(rows, llm, out=out, **options))


def openai_compatible_llm(
    model: str,
    base_url: str | None = None,
    api_key: str | None = None,
    *,
    structured: bool = False,
    timeout: float = 60.0,
) -> Any:
    """A ragas LLM for any OpenAI-compatible endpoint (used by the CLI).

    ``structured=False`` (default): ``LangchainLLMWrapper(ChatOpenAI(...))``, plain chat
    completions, which every OpenAI-compatible server supports. ``structured=True``:
    ``llm_factory(model, client=AsyncOpenAI(...))``, instructor tool calls returning
    ``{"completion": ...}`` (needs a server with tool calling). The client's own retries are
    off: :func:`run_probe` retries.
    """
    if not model:
        raise ValueError("a model name is required")
    api_key = api_key or "not-needed"  # local servers ignore it; the client refuses to start without one
    if structured:
        from openai import AsyncOpenAI
        from ragas.llms import llm_factory

        client = AsyncOpenAI(base_url=base_url, api_key=api_key, max_retries=0, timeout=timeout)
        return llm_factory(model, client=client)
    import warnings

    from langchain_openai import ChatOpenAI
    from ragas.llms.base import LangchainLLMWrapper

    chat = ChatOpenAI(model=model, base_url=base_url, api_key=api_key, max_retries=0, timeout=timeout, temperature=0)
    with warnings.catch_warnings():  # the wrapper is deprecated in ragas 0.4 but is the plain-text path
        warnings.simplefilter("ignore", DeprecationWarning)
        return LangchainLLMWrapper(chat)


__all__: Sequence[str] = [
    "run_probe", "arun_probe", "ProbeSettings", "extract_completion", "offline_completion", "openai_compatible_llm",
    "SentenceCompletion",
]
