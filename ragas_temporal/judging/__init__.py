"""LLM judging: run our prompts, read the replies as plain values, and an offline judge to try it.

- :mod:`~ragas_temporal.judging.prompt_runner`: :func:`run_prompt` (one prompt, one LLM, never raises for
  the LLM's faults) and :class:`Judgement` (values with a reason each, or an error sentence);
- :mod:`~ragas_temporal.judging.judges`: :func:`judge_temporal_claims`, :func:`judge_relevance`
  (binary or graded, listwise) and :func:`judge_temporal_focus`;
- :mod:`~ragas_temporal.judging.query_focus`: the query's temporal focus by rules
  (``specific_time``, ``recency``, ``duration``, ...);
- :mod:`~ragas_temporal.judging.offline_rules` and :mod:`~ragas_temporal.judging.offline`: an
  offline stand-in judge for trying the LLM modes without a key. :func:`rule_based_judge` answers
  our four prompts and stock ragas ``Faithfulness``'s prompts from the years in the texts;
  :func:`offline_llm` is a ragas ``BaseRagasLLM`` answering with it; :func:`offline_llm_factory`
  is ``ragas.llms.llm_factory`` over an OpenAI client whose HTTP transport answers in-process.
  It compares years; it is not a real judge: a real model also catches a right year attached to
  the wrong event.

Example
-------
>>> from ragas_temporal.metrics import TemporalPrecisionAtK
>>> metric = TemporalPrecisionAtK(k=2, mode="llm", llm=offline_llm())
>>> metric.score(user_input="What happened in 2008?",
...              retrieved_contexts=["Lehman fell in 2008.", "Banks are old."]).value
0.5
"""

from __future__ import annotations

from ragas_temporal.judging.judges import judge_relevance, judge_temporal_claims, judge_temporal_focus
from ragas_temporal.judging.offline import (
    OFFLINE_MODEL,
    OfflineJudgeLLM,
    offline_llm,
    offline_llm_factory,
    offline_transport,
)
from ragas_temporal.judging.offline_rules import count_tokens, prompt_data, rule_based_judge, sentences, years_in
from ragas_temporal.judging.query_focus import (
    TEMPORAL_FOCUS_LABELS,
    classify_temporal_focus_by_rules,
)
from ragas_temporal.judging.prompt_runner import (
    DEFAULT_FIX_RETRIES,
    DEFAULT_LLM_TIMEOUT,
    Judgement,
    describe_error,
    diagnose_reply,
    openai_llm_output,
    run_prompt,
)

__all__ = [
    "DEFAULT_LLM_TIMEOUT",
    "DEFAULT_FIX_RETRIES",
    "Judgement",
    "run_prompt",
    "describe_error",
    "diagnose_reply",
    "openai_llm_output",
    "judge_temporal_claims",
    "judge_relevance",
    "judge_temporal_focus",
    "TEMPORAL_FOCUS_LABELS",
    "classify_temporal_focus_by_rules",
    "rule_based_judge",
    "prompt_data",
    "years_in",
    "sentences",
    "count_tokens",
    "OFFLINE_MODEL",
    "OfflineJudgeLLM",
    "offline_llm",
    "offline_llm_factory",
    "offline_transport",
]
