"""The summary table ``ragas-temporal evaluate`` prints: per metric, the mean over scored rows,
and, when rows are NaN, the most common reason why (the per-row reasons are in ``--output``).

>>> print(format_summary([("temporal_faithfulness", 0.5, 2, 3)]))
metric                   mean  scored   NaN
temporal_faithfulness  0.5000       2     1
>>> print(format_summary([("temporal_faithfulness", 0.5, 2, 3, "answer makes no temporal claim (1 of 1)"),
...                       ("temporal_precision_at_5", 0.25, 3, 3, None)]))
metric                     mean  scored   NaN  most common NaN reason
temporal_faithfulness    0.5000       2     1  answer makes no temporal claim (1 of 1)
temporal_precision_at_5  0.2500       3     0
"""

from __future__ import annotations

import typing as t

__all__ = ["format_summary", "summary_table"]


def summary_table(frame, metrics: list) -> str:
    """Per-metric mean over scored rows, with the scored / NaN counts and the most common NaN reason."""
    from ragas_temporal.commands.failures import most_common_cause

    stats = []
    for m in metrics:
        values = frame[m.name]
        scored = int(values.notna().sum())
        reasons = frame.get(f"{m.name}_reason")
        why = most_common_cause(reasons[values.isna()].dropna()) if reasons is not None and scored < len(values) else None
        stats.append((m.name, values.mean() if scored else None, scored, len(values), why))
    return format_summary(stats)


#: A reason is shown at most this long in the table (the whole one is in the output file).
MAX_SHOWN_REASON = 100


def format_summary(stats: t.Sequence[tuple]) -> str:
    """The summary table from ``(metric name, mean or None, rows scored, rows[, why NaN])`` per metric
    (any engine's sums); the last column appears when some metric gives its most common NaN reason."""
    width = max(len("metric"), *(len(name) for name, *_ in stats))
    reasons = [row[4] if len(row) > 4 else None for row in stats]
    header = f"{'metric':<{width}}  {'mean':>6}  {'scored':>6}  {'NaN':>4}"
    lines = [header + ("  most common NaN reason" if any(reasons) else "")]
    for (name, mean, scored, total, *_), reason in zip(stats, reasons):
        shown = f"{mean:.4f}" if scored and mean is not None else "nan"
        line = f"{name:<{width}}  {shown:>6}  {scored:>6}  {total - scored:>4}"
        if reason:
            line += "  " + (reason if len(reason) <= MAX_SHOWN_REASON else reason[:MAX_SHOWN_REASON - 1] + "…")
        lines.append(line)
    return "\n".join(lines)
