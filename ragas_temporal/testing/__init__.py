"""An offline stand-in judge for trying the LLM modes without a key: it compares years; it is not a real judge.

- :func:`rule_based_judge`: a rendered prompt in, a JSON reply out. It answers our four prompts
  (temporal claims, listwise relevance, listwise grades, temporal focus) and stock ragas
  ``Faithfulness``'s statement and verdict prompts from the years in the texts, found with the
  package's focus-time extractor (relative times read against the prompt's ``reference_date``);
- :func:`offline_llm`: a ragas ``BaseRagasLLM`` (:class:`OfflineJudgeLLM`) answering with it;
- :func:`offline_llm_factory`: ``ragas.llms.llm_factory`` over an OpenAI client whose HTTP
  transport answers in-process (:func:`offline_transport`).

Use them to see the pipeline run (reasons, costs, ``ragas.evaluate`` wiring), in notebooks, docs
and tests. The scores say only whether the years match: a real model also catches a right year
attached to the wrong event.

Example
-------
>>> from ragas_temporal.metrics import TemporalPrecisionAtK
>>> metric = TemporalPrecisionAtK(k=2, mode="llm", llm=offline_llm())
>>> metric.score(user_input="What happened in 2008?",
...              retrieved_contexts=["Lehman fell in 2008.", "Banks are old."]).value
0.5
"""

from __future__ import annotations

from ragas_temporal.testing.judge import count_tokens, prompt_data, rule_based_judge, sentences, years_in
from ragas_temporal.testing.llm import (
    OFFLINE_MODEL,
    OfflineJudgeLLM,
    offline_llm,
    offline_llm_factory,
    offline_transport,
)

__all__ = [
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
