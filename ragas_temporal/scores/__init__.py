"""The shared floor of plain values: :class:`Score`, :class:`Judgement`, input checks, year-set scores.

Nothing here imports ragas or the rest of ragas_temporal, so every function works inside
``datasets.Dataset.map``, pandas ``apply``, Spark or Ray UDFs. Each returns a :class:`Score`
(``value``, ``reason``; ``float(score)`` gives the value) unless its docstring says otherwise, and
``value`` is NaN, never an exception, when a score is legitimately undefined for the input.
Invalid arguments raise ``ValueError`` or ``TypeError`` with a message naming the argument.

Examples
--------
>>> from ragas_temporal.scores import temporal_faithfulness, jaccard_grades
>>> temporal_faithfulness({2007, 2010}, [{2008}, {2009}]).reason
'answer years 2007, 2010 not found in the retrieved contexts'
>>> jaccard_grades({2020, 2021}, [{2020, 2021}, {2019}])
[4.0, 0.0]
"""

from __future__ import annotations

from ragas_temporal.scores._result import COPIED_TEXT_MAX_CHARS, JudgeFellBack, Judgement, Score, clip_copied, undefined
from ragas_temporal.scores._validation import check_k
from ragas_temporal.scores._result import format_years, year_label
from ragas_temporal.scores.year_sets import (
    anchor_coverage,
    answer_temporal_precision,
    answer_temporal_recall,
    jaccard_grades,
    overlap_relevance,
    retrieved_year_precision,
    retrieved_year_recall,
    temporal_faithfulness,
    unsupported_years,
)

__all__ = [
    "Score",
    "JudgeFellBack",
    "Judgement",
    "undefined",
    "clip_copied",
    "COPIED_TEXT_MAX_CHARS",
    "format_years",
    "year_label",
    "check_k",
    "unsupported_years",
    "temporal_faithfulness",
    "answer_temporal_recall",
    "answer_temporal_precision",
    "anchor_coverage",
    "overlap_relevance",
    "jaccard_grades",
    "retrieved_year_precision",
    "retrieved_year_recall",
]
