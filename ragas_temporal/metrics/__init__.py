"""ragas metric classes for temporal RAG evaluation: one package per family, one registration per class.

Each class is a ragas ``SingleTurnMetric`` (those with an LLM mode are also ``MetricWithLLM``,
through :class:`~ragas_temporal.adapter.judged.MetricWithJudge`), so it works in
``ragas.evaluate``; each also offers ``ascore(**columns)`` returning a ``MetricResult`` with a
reason, and :func:`score_dataset` gives per-row scores with reasons for a whole dataset.

A family's ``metric.py`` holds its metric classes, their modes' scorers and their judge settings.
Defining a class with its own ``_base_name`` registers it
(:data:`~ragas_temporal.metrics.registry.METRIC_CLASSES`): the names exported here and from
``ragas_temporal`` are read from that registry, as are the CLI's ``--metrics`` names.

Names carry their parameters (``temporal_precision_at_5``, ``temporal_ndcg_at_10_gold``) so two
instances never collide. ``ragas.evaluate`` labels the result column of any metric that has a
``mode`` attribute ``"<name>(mode=<mode>)"`` (as for its own ``FactualCorrectness``), so the
column of ``TemporalPrecisionAtK(k=5)`` is ``temporal_precision_at_5(mode=focus_time)`` there;
:func:`score_dataset` uses the plain names.

- faithfulness: :class:`TemporalFaithfulness`
- answer time: :class:`AnswerTemporalRecall`, :class:`AnswerTemporalPrecision`,
  :class:`TemporalAnchorCoverage`, :class:`TemporalYearPrecisionAtK`, :class:`TemporalYearRecallAtK`
- ranking: :class:`TemporalPrecisionAtK`, :class:`TemporalRecallAtK`, :class:`TemporalNDCGAtK`,
  :class:`TemporalMRR`, :class:`TemporalMAP`
- timeline: :class:`TemporalCoherence`, :class:`EventOrderAccuracy`, :class:`DurationAccuracy`
- consistency across answers: :class:`TemporalConsistency`, :func:`temporal_consistency_report`

>>> from ragas_temporal.metrics import TemporalPrecisionAtK, TemporalNDCGAtK
>>> TemporalPrecisionAtK(k=5).name, TemporalNDCGAtK(k=10, mode="gold").name
('temporal_precision_at_5', 'temporal_ndcg_at_10_gold')
"""

from ragas_temporal.answer_time.metric import TemporalYearCoverageAtK
from ragas_temporal.adapter.base import Failed, TemporalMetric
from ragas_temporal.consistency.metric import temporal_consistency_report
from ragas_temporal.adapter.dataset_scoring import score_dataset
from ragas_temporal.ranking.metric import JudgedRankingMetric, RankingMetric
from ragas_temporal.metrics.registry import METRIC_CLASSES, metric_from_spec, metrics_from_spec

#: The metric classes, by class name, as registered when their family modules were imported.
_CLASSES = {cls.__name__: cls for cls in METRIC_CLASSES.values()}
globals().update(_CLASSES)

#: What ``ragas_temporal`` itself exports from here (lazily): every metric class and the two
#: dataset-level functions.
PACKAGE_FACE = (*_CLASSES, "temporal_consistency_report", "score_dataset")

__all__ = [
    *PACKAGE_FACE,
    "TemporalYearCoverageAtK",
    "TemporalMetric",
    "RankingMetric",
    "JudgedRankingMetric",
    "Failed",
    "metric_from_spec",
    "metrics_from_spec",
]
