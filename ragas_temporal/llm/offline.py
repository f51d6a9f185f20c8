"""The offline judge's handle: what ``offline_llm()`` returns, for a metric's ``llm=`` slot. No key, no network.

The offline judge is a stand-in that compares dates, for trying the ``llm`` and ``hybrid`` modes
without a model. It reads no prompt: each of our judges (faithfulness, ranking, timeline, the
TeCFaP probe) sees that its ``llm`` is an :class:`OfflineJudge` and answers with its family's
rules (``faithfulness/judge.py``, ``ranking/judge.py``, ``timeline/offline.py``,
``tecfap/probe_runner.py``) from the inputs it already holds, through :func:`answer_offline`,
which counts the call and fires the LangChain callbacks a model call fires (no tokens: no model
ran). Anything that sends it a prompt (a stock ragas metric, ``adapt_prompts``) gets a one-line
``ValueError``: give those a real LLM.

>>> import asyncio
>>> from ragas_temporal.metrics import TemporalFaithfulness
>>> metric = TemporalFaithfulness(mode="llm", llm=offline_llm(), reference_date="2024-03-15")
>>> result = asyncio.run(metric.ascore(response="Last year revenue grew by 12%.",
...                                    retrieved_contexts=["Revenue rose 12% in 2023."]))
>>> result.value, result.reason
(1.0, '1 temporal claim: 1 supported')
>>> metric.llm.calls
1
"""

from __future__ import annotations

import datetime as dt
import typing as t

from langchain_core.outputs import Generation, LLMResult
from ragas.llms.base import BaseRagasLLM
from ragas.run_config import RunConfig

if t.TYPE_CHECKING:
    from langchain_core.callbacks import Callbacks

__all__ = ["OFFLINE_MODEL", "NOT_A_PROMPT_JUDGE", "OfflineJudge", "offline_llm", "is_offline_judge", "answer_offline",
           "as_date", "texts_with_dates"]

#: The model name the offline judge reports.
OFFLINE_MODEL = "offline-rule-judge"
#: Why the offline judge refuses a prompt.
NOT_A_PROMPT_JUDGE = (
    "offline_llm() answers only ragas-temporal's judges (the llm and hybrid modes of its metrics, TeCFaP "
    "probes), never a prompt: give stock ragas metrics and adapt_prompts a real LLM"
)

T = t.TypeVar("T")


class OfflineJudge(BaseRagasLLM):
    """The offline judge in a metric's ``llm=`` slot (a ragas ``BaseRagasLLM``, so ``ragas.evaluate``
    takes it); ``calls`` counts the judgements it gave.

    >>> from langchain_core.prompt_values import StringPromptValue
    >>> OfflineJudge().generate_text(StringPromptValue(text="Say ok"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: offline_llm() answers only ragas-temporal's judges (...), never a prompt: give stock ragas metrics and adapt_prompts a real LLM
    """

    def __init__(self, model_name: str = OFFLINE_MODEL, run_config: RunConfig | None = None):
        super().__init__(run_config=run_config or RunConfig(max_retries=1, max_wait=0))
        self.model_name = model_name
        self.calls = 0

    def is_finished(self, response: LLMResult) -> bool:
        return True

    def generate_text(self, *args: t.Any, **kwargs: t.Any) -> LLMResult:
        raise ValueError(NOT_A_PROMPT_JUDGE)

    async def agenerate_text(self, *args: t.Any, **kwargs: t.Any) -> LLMResult:
        raise ValueError(NOT_A_PROMPT_JUDGE)

    def __repr__(self) -> str:
        return f"OfflineJudge(calls={self.calls})"


def offline_llm() -> OfflineJudge:
    """A fresh :class:`OfflineJudge`: pass it as ``llm=`` to a metric, to ``ragas.evaluate`` or to ``run_probe``."""
    return OfflineJudge()


def is_offline_judge(llm: t.Any) -> bool:
    """Whether a judge should answer with its offline rules instead of calling ``llm``."""
    return isinstance(llm, OfflineJudge)


async def answer_offline(llm: OfflineJudge, task: str, callbacks: Callbacks, rules: t.Callable[..., T],
                         *args: t.Any, **kwargs: t.Any) -> T:
    """``rules(*args, **kwargs)``, counted as one call of ``llm``: LangChain's ``on_llm_start`` /
    ``on_llm_end`` fire with ``task`` as the prompt and no token usage, so a run's meter counts the
    call (tokens: usage not reported) as it would a model's."""
    from langchain_core.callbacks import AsyncCallbackManager

    llm.calls += 1
    run_managers = await AsyncCallbackManager.configure(inheritable_callbacks=callbacks).on_llm_start(
        {"name": type(llm).__name__}, [task])
    try:
        answer = rules(*args, **kwargs)
    except BaseException as exc:
        for run_manager in run_managers:
            await run_manager.on_llm_error(exc)
        raise
    result = LLMResult(generations=[[Generation(text="", generation_info={"finish_reason": "stop"})]],
                       llm_output={"model_name": llm.model_name})
    for run_manager in run_managers:
        await run_manager.on_llm_end(result)
    return answer


def as_date(value: t.Any) -> dt.date | None:
    """The date the offline rules read ``value`` as (its first ten characters in ISO form); ``None``
    when there is none or it cannot be read ("unknown", a typo): relative times then stay unplaced.

    >>> as_date("2024-03-15T10:00"), as_date(dt.datetime(2024, 3, 15, 10)), as_date("soon")
    (datetime.date(2024, 3, 15), datetime.date(2024, 3, 15), None)
    """
    try:
        return dt.date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


def texts_with_dates(texts: t.Sequence[str], dates: t.Sequence[t.Any] | None,
                     reference: dt.date | None) -> list[tuple[str, dt.date | None]]:
    """Each context or document with the date its relative times are read against: its own
    (``dates``, parallel to ``texts``), else ``reference``.

    >>> texts_with_dates(["a", "b"], ["2021-05-01", None], dt.date(2024, 3, 15))
    [('a', datetime.date(2021, 5, 1)), ('b', datetime.date(2024, 3, 15))]
    """
    dates = dates or ()
    return [(str(text), (as_date(dates[i]) if i < len(dates) else None) or reference) for i, text in enumerate(texts)]
