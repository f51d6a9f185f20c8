"""Which metrics ``ragas-temporal evaluate`` runs: ``--metrics``, else the defaults the data can feed.

Shared by the local run (which knows its rows) and the Spark/Ray runs (which know only their
columns), so both choose, note and skip alike.

>>> import argparse
>>> args = argparse.Namespace(metrics="temporal_faithfulness", reference_date=None, group_by=None)
>>> [m.name for m in choose_metrics_for_columns(args, {"response", "retrieved_contexts"})]
['temporal_faithfulness']
"""

from __future__ import annotations

import argparse
import sys

__all__ = ["choose_metrics", "choose_metrics_for_columns"]


def choose_metrics(args: argparse.Namespace, rows: list[dict]) -> list:
    """The metrics to run: ``--metrics``, else every default metric the data's columns can feed.

    Metrics in LLM modes are built without an LLM here; :func:`attach_judge` gives them one.
    """
    return choose_metrics_for_columns(args, {k for row in rows for k, v in row.items() if v is not None}, rows)


def choose_metrics_for_columns(args: argparse.Namespace, available: set[str], rows: list[dict] | None = None) -> list:
    """:func:`choose_metrics` given the names of the data's columns (an engine knows its schema, not its rows)."""
    from ragas_temporal.metrics.registry import DEFAULT_METRICS, metrics_from_spec

    kwargs = {"reference_date": args.reference_date} if args.reference_date else {}
    if getattr(args, "language", None):
        kwargs["language"] = args.language  # rows with a language column override it
    specs = [s.strip() for s in (args.metrics or "").split(",") if s.strip()]
    if specs:
        metrics = metrics_from_spec(specs, rows=rows, group_by=args.group_by, **kwargs)
        for spec, metric in zip(specs, metrics):
            if getattr(metric, "k", None) is not None and "@" not in spec and "_at_" not in spec:
                print(f"note: {spec} has no @K: using k={metric.k} ({metric.name})", file=sys.stderr)
        return metrics
    chosen, skipped = [], []
    for metric in metrics_from_spec(DEFAULT_METRICS, **kwargs):
        missing = [c for c in metric.needed_columns if c not in available]
        (skipped if missing else chosen).append((metric, missing))
    for metric, missing in skipped:
        print(f"skipping {metric.name}: the data has no {', '.join(missing)}", file=sys.stderr)
    if not chosen:
        raise ValueError(f"no default metric can run: the data has columns {sorted(available)}")
    if args.metrics is not None:  # given, but naming nothing (--metrics "")
        names = ", ".join(metric.name for metric, _ in chosen)
        print(f"note: --metrics {args.metrics!r} names no metric: using the defaults the data can feed: {names}",
              file=sys.stderr)
    return [metric for metric, _ in chosen]
