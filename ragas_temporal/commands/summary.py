"""The summary table ``ragas-temporal evaluate`` prints: per metric, the mean over scored rows.

>>> print(format_summary([("temporal_faithfulness", 0.5, 2, 3)]))
metric                   mean  scored   NaN
temporal_faithfulness  0.5000       2     1
"""

from __future__ import annotations

import typing as t

__all__ = ["format_summary", "summary_table"]


def summary_table(frame, metrics: list) -> str:
    """Per-metric mean over scored rows, with the scored / NaN counts."""
    stats = []
    for m in metrics:
        values = frame[m.name]
        scored = int(values.notna().sum())
        stats.append((m.name, values.mean() if scored else None, scored, len(values)))
    return format_summary(stats)


def format_summary(stats: t.Sequence[tuple[str, float | None, int, int]]) -> str:
    """The summary table from ``(metric name, mean or None, rows scored, rows)`` per metric (any engine's sums)."""
    width = max(len("metric"), *(len(name) for name, *_ in stats))
    lines = [f"{'metric':<{width}}  {'mean':>6}  {'scored':>6}  {'NaN':>4}"]
    for name, mean, scored, total in stats:
        shown = f"{mean:.4f}" if scored and mean is not None else "nan"
        lines.append(f"{name:<{width}}  {shown:>6}  {scored:>6}  {total - scored:>4}")
    return "\n".join(lines)
