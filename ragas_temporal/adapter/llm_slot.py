"""A metric's ``llm`` slot: what counts as an LLM, one message when it is missing, and :class:`NoLLM`
for a mode that never calls one.

A metric in an LLM mode (``mode="llm"``, ``"hybrid"``) needs a ragas LLM. Three mistakes are caught
before any row is scored, each with the same advice on how to build one:

- something that is not an LLM (``llm="gpt-4o-mini"``): ``ValueError`` at construction;
- no LLM at all: ``ValueError`` from ``init`` (``score_dataset``) and ``ascore``, and inside
  ``ragas.evaluate(...)`` called without ``llm=`` when ragas's default OpenAI client could not be
  built (no ``OPENAI_API_KEY``: ragas would fail with "Missing credentials"), *before* ragas
  tries. ragas reads each metric's ``required_columns`` before that point;
  :func:`ragas_default_llm_would_fail` tells, from the running ``ragas.evaluation.aevaluate``
  frame, whether that call was given an ``llm``. With a key set, ragas's documented default
  (``gpt-4o-mini``) is left to work as ragas intends.

>>> llm_problem("gpt-4o-mini")
"got str 'gpt-4o-mini'"
>>> llm_problem(None) is None
True
"""

from __future__ import annotations

import os
import sys
import typing as t

from ragas.llms.base import BaseRagasLLM
from ragas.metrics.base import MetricWithLLM

__all__ = ["HOW_TO_BUILD_AN_LLM", "NoLLM", "check_llm", "fill_llm_slot", "llm_problem", "ragas_default_llm_would_fail"]

#: The advice every LLM message ends with.
HOW_TO_BUILD_AN_LLM = (
    "build one with ragas.llms.llm_factory('gpt-4o-mini', client=openai.AsyncOpenAI()) "
    "or ragas.llms.LangchainLLMWrapper(langchain_openai.ChatOpenAI(model='gpt-4o-mini'))"
)


def llm_problem(llm: t.Any) -> str | None:
    """Why ``llm`` is not an LLM a judge can call (``None`` when it is one, or is absent)."""
    if llm is None:
        return None
    from langchain_core.language_models import BaseLanguageModel
    from ragas.llms.base import BaseRagasLLM, InstructorBaseRagasLLM

    if isinstance(llm, (BaseRagasLLM, InstructorBaseRagasLLM, BaseLanguageModel)):
        return None
    shown = repr(llm)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return f"got {type(llm).__name__} {shown}"


def ragas_default_llm_would_fail() -> bool:
    """True when called (at any depth) from a ``ragas.evaluate`` given no ``llm=`` while no
    ``OPENAI_API_KEY`` is set, i.e. when ragas's default OpenAI client is about to fail.

    False outside ``ragas.evaluate``, or when its frame cannot be found (another ragas version):
    then ``init`` still checks, after ragas has filled the slot.

    >>> ragas_default_llm_would_fail()  # not inside ragas.evaluate
    False
    """
    if os.environ.get("OPENAI_API_KEY"):
        return False
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_name == "aevaluate" and frame.f_globals.get("__name__") == "ragas.evaluation":
            return frame.f_locals.get("llm") is None
        frame = frame.f_back
    return False


def check_llm(metric: t.Any, *, allow_missing: bool = False) -> None:
    """Raise ``ValueError`` (with how to build one) when ``metric.llm`` is missing or not an LLM.

    >>> from ragas_temporal.metrics import TemporalFaithfulness
    >>> check_llm(TemporalFaithfulness(mode="llm"))
    Traceback (most recent call last):
    ...
    ValueError: temporal_faithfulness_llm: mode='llm' needs an LLM: pass llm= or use ragas.evaluate(llm=...); build one ...
    """
    llm = getattr(metric, "llm", None)
    if llm is None and not allow_missing:
        raise ValueError(
            f"{metric.name}: mode={metric.mode!r} needs an LLM: pass llm= or use ragas.evaluate(llm=...); "
            f"{HOW_TO_BUILD_AN_LLM}"
        )
    problem = llm_problem(llm)
    if problem:
        raise ValueError(f"{type(metric).__name__}: llm must be a ragas LLM, {problem}; {HOW_TO_BUILD_AN_LLM}")


class NoLLM(BaseRagasLLM):
    """Fills the ``llm`` slot of a metric whose mode never calls an LLM (focus_time, gold).

    ``ragas.evaluate`` only injects its LLM into metrics whose ``llm`` is ``None``, building a
    default OpenAI client when none is given (an error offline without ``OPENAI_API_KEY``). Any
    call raises, so a wrongly routed call cannot go unnoticed.
    """

    def __init__(self, owner: str = "this metric") -> None:
        super().__init__()
        self.owner = owner

    def _refuse(self) -> t.NoReturn:
        raise RuntimeError(f"{self.owner} does not call an LLM; NoLLM was asked to generate")

    def generate_text(self, prompt, n=1, temperature=0.01, stop=None, callbacks=None):  # type: ignore[override]
        self._refuse()

    async def agenerate_text(self, prompt, n=1, temperature=0.01, stop=None, callbacks=None):  # type: ignore[override]
        self._refuse()

    def is_finished(self, response) -> bool:  # type: ignore[override]
        return True

    def __repr__(self) -> str:
        return "NoLLM()"


def fill_llm_slot(metric: t.Any, calls_llm: bool) -> None:
    """Check ``metric.llm`` (a missing one may come later) and, for a mode that calls no LLM, fill an
    empty slot with :class:`NoLLM` so ``ragas.evaluate`` builds no default OpenAI client for it.

    A metric without an ``llm`` slot (not a ragas ``MetricWithLLM``) is left alone.

    >>> from ragas_temporal.metrics import TemporalFaithfulness
    >>> metric = TemporalFaithfulness()  # focus_time: __post_init__ called this
    >>> metric.llm, metric.llm.owner
    (NoLLM(), "temporal_faithfulness (mode='focus_time')")
    """
    if not isinstance(metric, MetricWithLLM):
        return
    check_llm(metric, allow_missing=True)  # llm="gpt-4o-mini" is a mistake now, not on every row
    if metric.llm is None and not calls_llm:
        metric.llm = NoLLM(f"{metric.name} (mode={metric.mode!r})")
