"""The base of metrics with an LLM mode: the bounds on one judgement, validated once and kept with the metric.

>>> from ragas_temporal.metrics import TemporalCoherence
>>> TemporalCoherence(llm_timeout=5).judging.timeout()
5
>>> TemporalCoherence(fix_retries=-1)
Traceback (most recent call last):
...
ValueError: TemporalCoherence: fix_retries must be an integer >= 0, got -1
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from ragas.metrics.base import MetricWithLLM

from ragas_temporal.judging import DEFAULT_FIX_RETRIES, DEFAULT_LLM_TIMEOUT
from ragas_temporal.metrics.base import TemporalMetric
from ragas_temporal.metrics.llm_scorers import JudgeSettings

if t.TYPE_CHECKING:
    from ragas.run_config import RunConfig

__all__ = ["MetricWithJudge"]


@dataclass
class MetricWithJudge(TemporalMetric, MetricWithLLM):
    """A :class:`TemporalMetric` with an LLM mode: ``llm_timeout`` and ``fix_retries`` as ``self.judging``.

    Its instances are what a judge object reads at call time
    (:class:`~ragas_temporal.metrics.llm_scorers.JudgedMetric`: ``llm`` and ``judging``).

    Parameters
    ----------
    llm_timeout : float or None, default None
        Seconds one judgement may take, ragas retries included. ``None``: no bound of ours, the
        LLM client's own timeout stands (and, under ``ragas.evaluate``, 90 % of its
        ``RunConfig.timeout``). When ``RunConfig.timeout`` is shorter, 90 % of it is used instead.
    fix_retries : int, default 1
        ragas ``FixOutputFormat`` repair calls allowed for an unparsable reply (0 disables them).
    """

    llm_timeout: t.Optional[float] = DEFAULT_LLM_TIMEOUT
    fix_retries: int = DEFAULT_FIX_RETRIES

    def _validate_params(self) -> None:
        self.judging = JudgeSettings.validated(type(self).__name__, self.llm_timeout, self.fix_retries)

    def init(self, run_config: RunConfig) -> None:
        super().init(run_config)
        self.judging.observe_run_timeout(getattr(run_config, "timeout", None))
