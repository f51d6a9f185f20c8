"""The ``llm`` of an LLM-mode metric: what counts as an LLM, and one message when it is missing.

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

__all__ = ["HOW_TO_BUILD_AN_LLM", "llm_problem", "ragas_default_llm_would_fail"]

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
