"""ragas metric classes for temporal RAG evaluation.

Each class is a ragas ``SingleTurnMetric`` (those that will get an LLM mode are also
``MetricWithLLM``), so it works in ``ragas.evaluate``; each also offers ``ascore(**columns)``
returning a ``MetricResult`` with a reason, and :func:`score_dataset` gives per-row scores with
reasons for a whole dataset.

Names carry their parameters (``temporal_precision_at_5``, ``temporal_ndcg_at_10_gold``) so two
instances never collide. ``ragas.evaluate`` labels the result column of any metric that has a
``mode`` attribute ``"<name>(mode=<mode>)"`` (as for its own ``FactualCorrectness``), so the
column of ``TemporalPrecisionAtK(k=5)`` is ``temporal_precision_at_5(mode=focus_time)`` there;
:func:`score_dataset` uses the plain names.

- generation: :class:`TemporalFaithfulness`, :class:`AnswerTemporalRecall`
- retrieval: :class:`TemporalPrecisionAtK`, :class:`TemporalRecallAtK`, :class:`TemporalNDCGAtK`,
  :class:`TemporalMRR`, :class:`TemporalMAP`
- answers and coverage: :class:`AnswerTemporalPrecision`, :class:`TemporalAnchorCoverage`,
  :class:`TemporalYearPrecisionAtK`, :class:`TemporalYearRecallAtK`
- timelines: :class:`TemporalCoherence`, :class:`EventOrderAccuracy`, :class:`DurationAccuracy`
- across answers: :class:`TemporalConsistency`, :func:`temporal_consistency_report`

>>> from ragas_temporal.metrics import TemporalPrecisionAtK, TemporalNDCGAtK
>>> TemporalPrecisionAtK(k=5).name, TemporalNDCGAtK(k=10, mode="gold").name
('temporal_precision_at_5', 'temporal_ndcg_at_10_gold')
"""

from ragas_temporal.metrics.answers import (
    AnswerTemporalPrecision,
    TemporalAnchorCoverage,
    TemporalYearCoverageAtK,
    TemporalYearPrecisionAtK,
    TemporalYearRecallAtK,
)
from ragas_temporal.metrics.base import Failed, TemporalMetric
from ragas_temporal.metrics.consistency import TemporalConsistency, temporal_consistency_report
from ragas_temporal.metrics.generation import AnswerTemporalRecall, TemporalFaithfulness
from ragas_temporal.metrics.registry import metric_from_spec, metrics_from_spec
from ragas_temporal.metrics.retrieval import (
    JudgedRankingMetric,
    RankingMetric,
    TemporalMAP,
    TemporalMRR,
    TemporalNDCGAtK,
    TemporalPrecisionAtK,
    TemporalRecallAtK,
)
from ragas_temporal.metrics.runner import score_dataset
from ragas_temporal.metrics.timeline import DurationAccuracy, EventOrderAccuracy, TemporalCoherence

__all__ = [
    "TemporalFaithfulness",
    "AnswerTemporalRecall",
    "AnswerTemporalPrecision",
    "TemporalAnchorCoverage",
    "TemporalYearCoverageAtK",
    "TemporalYearPrecisionAtK",
    "TemporalYearRecallAtK",
    "TemporalCoherence",
    "EventOrderAccuracy",
    "DurationAccuracy",
    "TemporalConsistency",
    "temporal_consistency_report",
    "TemporalPrecisionAtK",
    "TemporalRecallAtK",
    "TemporalNDCGAtK",
    "TemporalMRR",
    "TemporalMAP",
    "TemporalMetric",
    "RankingMetric",
    "JudgedRankingMetric",
    "Failed",
    "score_dataset",
    "metric_from_spec",
    "metrics_from_spec",
]
