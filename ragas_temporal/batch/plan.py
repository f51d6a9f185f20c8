"""What batch scoring needs to know before it sees a row: the metrics, the columns, the one date.

A :class:`ScorePlan` is built once on the driver (where a bad argument raises ``ValueError`` before any
work is shipped), then called on each pandas batch by whichever engine runs it; it pickles with its
metrics, so Spark and Ray can send it to their workers.

Batch scoring runs the modes that never call an LLM (focus_time, gold): an LLM mode's throughput
is bounded by the provider's rate limits and budget, not by the number of machines.

>>> plan = ScorePlan.build(["temporal_precision@5", "temporal_ndcg@10:gold"])
>>> [field.name for field in plan.output_fields()][:4]
['temporal_precision_at_5', 'temporal_precision_at_5_reason', 'temporal_precision_at_5_failure', 'temporal_ndcg_at_10_gold']
>>> ScorePlan.build(["temporal_faithfulness:hybrid"])
Traceback (most recent call last):
...
ValueError: temporal_faithfulness_hybrid: mode 'hybrid' calls an LLM; batch scoring (score_frame, spark_score, ray_score, --engine spark/ray) runs the focus_time and gold modes only, because an LLM mode is bounded by the provider's rate limits, not by machines: score LLM modes with score_dataset or ragas.evaluate
"""

from __future__ import annotations

import datetime as dt
import typing as t
from dataclasses import dataclass, field

import pyarrow as pa

from ragas_temporal.focus_time.reference import parse_reference_date

if t.TYPE_CHECKING:
    from ragas_temporal.metrics import TemporalMetric

#: The row field (and default frame column) that holds a row's own reference date (as in score_dataset).
REFERENCE_DATE = "reference_date"

MetricLike = t.Union[str, "TemporalMetric"]


def resolve_metrics(metrics: MetricLike | t.Iterable[MetricLike]) -> list[TemporalMetric]:
    """Metric objects from objects or spec strings (``"temporal_ndcg@10:gold"``, or one comma-separated string).

    Raises ``ValueError`` for an unknown spec, two metrics with one name, or an LLM mode.
    """
    from ragas_temporal.metrics import TemporalMetric, metric_from_spec
    from ragas_temporal.adapter.base import check_unique_names

    if isinstance(metrics, (str, TemporalMetric)):
        items = metrics.split(",") if isinstance(metrics, str) else [metrics]
    elif isinstance(metrics, t.Iterable):
        items = list(metrics)
    else:
        raise ValueError(
            f"metrics must be a metric, a spec string or a list of them (e.g. ['temporal_precision@5']), "
            f"got {type(metrics).__name__}"
        )
    resolved = []
    for item in items:
        if isinstance(item, str):
            if item.strip():
                resolved.append(metric_from_spec(item))
        elif isinstance(item, TemporalMetric):
            resolved.append(item)
        else:
            raise ValueError(f"metrics must be ragas_temporal metrics or spec strings, got {type(item).__name__}")
    if not resolved:
        raise ValueError("no metric given: pass metric objects or specs such as 'temporal_precision@5'")
    check_unique_names(resolved)
    for m in resolved:
        if m.scorer.calls_llm:
            raise ValueError(
                f"{m.name}: mode {m.mode!r} calls an LLM; batch scoring (score_frame, spark_score, ray_score, "
                "--engine spark/ray) runs the focus_time and gold modes only, because an LLM mode is bounded by "
                "the provider's rate limits, not by machines: score LLM modes with score_dataset or ragas.evaluate"
            )
    return resolved


def resolve_columns(columns: t.Mapping[str, str] | None) -> dict[str, str]:
    """The ragas column (or ``reference_date``, ``language``) -> frame column map, every known name included."""
    from ragas_temporal.adapter.columns import SAMPLE_COLUMNS
    from ragas_temporal.adapter.dataset_scoring import LANGUAGE_FIELD

    known = (*SAMPLE_COLUMNS, REFERENCE_DATE, LANGUAGE_FIELD)  # a row's language overrides the metrics', as in score_dataset
    given = dict(columns or {})
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise ValueError(f"columns: unknown key(s) {unknown}; map these names to your frame's columns: {list(known)}")
    return {name: given.get(name, name) for name in known}


@dataclass(frozen=True)
class ScorePlan:
    """Metrics, column names and a fallback reference date, checked once; call it on a pandas frame.

    ``columns`` maps each ragas column name (and ``reference_date``) to the frame's column;
    ``reference_date`` is the date of rows whose reference-date column is missing or null.
    """

    metrics: tuple[TemporalMetric, ...]
    columns: dict[str, str] = field(default_factory=dict)
    reference_date: dt.date | None = None
    keep: tuple[str, ...] | None = None

    @classmethod
    def build(
        cls,
        metrics: MetricLike | t.Iterable[MetricLike],
        reference_date: dt.date | str | None = None,
        columns: t.Mapping[str, str] | None = None,
        keep: t.Iterable[str] | None = None,
    ) -> ScorePlan:
        return cls(
            metrics=tuple(resolve_metrics(metrics)),
            columns=resolve_columns(columns),
            reference_date=parse_reference_date(reference_date, "reference_date"),
            keep=None if keep is None else tuple(keep),
        )

    def needed_columns(self) -> list[str]:
        """The frame columns the metrics cannot do without, in metric order."""
        needed: list[str] = []
        for m in self.metrics:
            for name in m.needed_columns:
                column = self.columns[name]
                if column not in needed:
                    needed.append(column)
        return needed

    def check_columns(self, available: t.Iterable[str]) -> None:
        """``ValueError`` naming the columns the metrics need that the frame lacks, or the kept ones it lacks."""
        available = [str(c) for c in available]
        for m in self.metrics:
            missing = [self.columns[c] for c in m.needed_columns if self.columns[c] not in available]
            if missing:
                raise ValueError(
                    f"metric {m.name} needs column(s) {', '.join(missing)}, missing from the frame (it has: "
                    f"{', '.join(available) or 'nothing'}); map your names with columns={{'user_input': 'query', ...}}"
                )
        absent = [c for c in self.keep or () if c not in available]
        if absent:
            raise ValueError(f"keep: no column(s) {', '.join(absent)} in the frame (it has: {', '.join(available)})")
        clash = [f.name for f in self.output_fields() if f.name in self.kept(available)]
        if clash:
            raise ValueError(f"the frame already has column(s) {', '.join(clash)}: drop them, or pass keep= without them")

    def kept(self, available: t.Iterable[str]) -> list[str]:
        """The input columns carried to the output (all of them unless ``keep`` was given)."""
        return list(available) if self.keep is None else list(self.keep)

    def output_fields(self) -> list[pa.Field]:
        """The Arrow fields added to the output, per metric as ``score_dataset`` gives them.

        ``<metric>`` (float64, NaN or null when undefined), ``<metric>_reason`` (string) and
        ``<metric>_failure`` (string: ``"input"``, ``"error"``, or null when the row was scored).
        """
        from ragas_temporal.adapter.dataset_scoring import FAILURE_SUFFIX

        fields = []
        for m in self.metrics:
            fields += [
                pa.field(m.name, pa.float64()),
                pa.field(f"{m.name}_reason", pa.string()),
                pa.field(f"{m.name}{FAILURE_SUFFIX}", pa.string()),
            ]
        return fields
