"""Batch scoring over pandas frames, and the same on Spark and Ray: focus-time and gold modes.

- :func:`score_frame`: a pandas frame in, the frame with ``<metric>`` and ``<metric>_reason`` columns out.
- :func:`focus_time_frame`: each text's years and mentions as Arrow-friendly columns.
- :func:`spark_score` / :func:`spark_focus_time`: the same through ``mapInPandas`` (needs the ``[spark]`` extra).
- :func:`ray_score` / :func:`ray_focus_time`: the same through Ray Data ``map_batches`` (the ``[ray]`` extra).

Values equal :func:`ragas_temporal.metrics.score_dataset` on the same rows. LLM modes are refused:
they are bounded by the provider, not by machines.
"""

from __future__ import annotations

from ragas_temporal.batch.frame import focus_time_frame, score_frame
from ragas_temporal.batch.plan import ScorePlan
from ragas_temporal.batch.on_ray import ray_focus_time, ray_score
from ragas_temporal.batch.on_spark import spark_focus_time, spark_score

__all__ = [
    "ScorePlan",
    "score_frame",
    "focus_time_frame",
    "spark_score",
    "spark_focus_time",
    "ray_score",
    "ray_focus_time",
]
