"""`ragas-temporal evaluate`: score a RAG dataset with the temporal metrics, with reasons.

    ragas-temporal evaluate --example
    ragas-temporal evaluate data.jsonl --metrics temporal_faithfulness,temporal_precision@5,temporal_ndcg@10 \
        --reference-date 2024-06-01 --output scores.csv
    ragas-temporal evaluate --hf NAME --split test
    ragas-temporal evaluate path/to/save_to_disk_folder --split test

DATA uses ragas column names (``user_input``, ``response``, ``retrieved_contexts``,
``retrieved_context_ids``, ``reference_context_ids``). In CSV, list columns hold a JSON list (or a
Python list literal, as ragas's ``to_csv`` writes). A ``reference_date`` column (ISO date), when
present, is each row's reference date and wins over ``--reference-date``.

Prints the mean of each metric over the rows it could score, and writes one row per sample with
``<metric>`` and ``<metric>_reason`` columns to ``--output`` (``.csv`` or ``.jsonl``).
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import sys
import typing as t
from pathlib import Path

LIST_COLUMNS = ("retrieved_contexts", "retrieved_context_ids", "reference_context_ids", "reference_contexts")


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "evaluate",
        help="score a RAG dataset with temporal metrics (try: ragas-temporal evaluate --example)",
        description=__doc__.split("\n\n", 1)[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Metric names: temporal_faithfulness, answer_temporal_recall, temporal_precision@K, "
        "temporal_recall@K, temporal_ndcg@K, temporal_mrr@K, temporal_map@K; add ':gold' for the "
        "gold-id mode of the retrieval metrics (temporal_ndcg@10:gold).",
    )
    src = p.add_argument_group("data (one of)")
    src.add_argument("data", nargs="?", help="a .jsonl, .json or .csv file, or a datasets save_to_disk folder")
    src.add_argument("--example", action="store_true", help="the example dataset shipped with the package")
    src.add_argument("--hf", metavar="NAME", help="a Hugging Face Hub dataset name (needs network)")
    p.add_argument("--hf-config", metavar="CONFIG", help="configuration name of the --hf dataset")
    p.add_argument("--split", metavar="S", help="split of a --hf dataset or of a saved DatasetDict")
    p.add_argument(
        "--metrics",
        metavar="LIST",
        help="comma-separated metric names (default: every metric whose columns the data has)",
    )
    p.add_argument(
        "--reference-date",
        metavar="YYYY-MM-DD",
        help="date that relative expressions ('last year') resolve against, for rows without a reference_date",
    )
    p.add_argument("--output", "-o", metavar="PATH", help="write per-row scores and reasons (.csv or .jsonl)")
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    p.set_defaults(func=run)


# --- loading --------------------------------------------------------------------------------


def load_rows(args: argparse.Namespace) -> list[dict]:
    """Rows (dicts with ragas column names) from whichever source the arguments name."""
    sources = [s for s in (args.data, args.example or None, args.hf) if s]
    if len(sources) != 1:
        raise ValueError("give exactly one of DATA, --example or --hf NAME")
    if args.example:
        from ragas_temporal.data import example_rows

        return example_rows()
    if args.hf:
        return _rows_of(load_hf_dataset(args.hf, args.hf_config, args.split), args.split)
    path = Path(args.data)
    if not path.exists():
        raise FileNotFoundError(f"no such file or folder: {path}")
    if path.is_dir():
        from datasets import load_from_disk

        return _rows_of(load_from_disk(str(path)), args.split)
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        return read_jsonl(path)
    if suffix == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, list):
            raise ValueError(f"{path}: a .json file must hold a list of rows")
        return data
    if suffix == ".csv":
        return read_csv(path)
    raise ValueError(f"{path}: unsupported file type {suffix or '(none)'}; use .jsonl, .json, .csv or a save_to_disk folder")


def load_hf_dataset(name: str, config: str | None, split: str | None):
    """``datasets.load_dataset`` (kept in one place so tests can replace it)."""
    from datasets import load_dataset

    return load_dataset(name, config, split=split)


def _rows_of(dataset: t.Any, split: str | None) -> list[dict]:
    if hasattr(dataset, "keys") and not hasattr(dataset, "features"):  # a DatasetDict
        splits = list(dataset.keys())
        if split is None:
            if len(splits) != 1:
                raise ValueError(f"the dataset has splits {splits}: choose one with --split")
            split = splits[0]
        if split not in dataset:
            raise ValueError(f"no split {split!r}; the dataset has {splits}")
        dataset = dataset[split]
    return dataset.to_list()


def read_jsonl(path: Path) -> list[dict]:
    rows = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{number}: not valid JSON ({exc.msg})") from None
    return rows


def read_csv(path: Path) -> list[dict]:
    import pandas as pd

    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    rows = frame.to_dict(orient="records")
    for row in rows:
        for column, value in row.items():
            if value == "":
                row[column] = None
            elif column in LIST_COLUMNS:
                row[column] = parse_list_cell(value)
    return rows


def parse_list_cell(text: str) -> t.Any:
    """A CSV list cell: JSON (``["a", "b"]``) or a Python literal (``['a', 'b']``); else the text itself.

    Text that is not a list is kept so that the row scores NaN with a reason naming the column,
    instead of the whole file failing.

    >>> parse_list_cell('["In 2008.", "In 2009."]')
    ['In 2008.', 'In 2009.']
    >>> parse_list_cell("['d1', 'd2']")
    ['d1', 'd2']
    """
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            return json.loads(stripped)
        except json.JSONDecodeError:
            try:
                return ast.literal_eval(stripped)
            except (ValueError, SyntaxError):
                pass
    return text


# --- running --------------------------------------------------------------------------------


def choose_metrics(args: argparse.Namespace, rows: list[dict]) -> list:
    from ragas_temporal.metrics.dataset import DEFAULT_METRICS, metrics_from_spec

    kwargs = {"reference_date": args.reference_date} if args.reference_date else {}
    if args.metrics:
        return metrics_from_spec(args.metrics, **kwargs)
    available = {k for row in rows for k, v in row.items() if v is not None}
    chosen, skipped = [], []
    for metric in metrics_from_spec(DEFAULT_METRICS, **kwargs):
        missing = [c for c in metric._needed if c not in available]
        (skipped if missing else chosen).append((metric, missing))
    for metric, missing in skipped:
        print(f"skipping {metric.name}: the data has no {', '.join(missing)}", file=sys.stderr)
    if not chosen:
        raise ValueError(f"no default metric can run: the data has columns {sorted(available)}")
    return [metric for metric, _ in chosen]


def summary_table(frame, metrics: list) -> str:
    """Per-metric mean over scored rows, with the scored / NaN counts."""
    width = max(len("metric"), *(len(m.name) for m in metrics))
    lines = [f"{'metric':<{width}}  {'mean':>6}  {'scored':>6}  {'NaN':>4}"]
    for m in metrics:
        values = frame[m.name]
        scored = int(values.notna().sum())
        mean = f"{values.mean():.4f}" if scored else "nan"
        lines.append(f"{m.name:<{width}}  {mean:>6}  {scored:>6}  {len(values) - scored:>4}")
    return "\n".join(lines)


def write_output(frame, path: Path) -> None:
    suffix = path.suffix.lower()
    records = frame.to_dict(orient="records")
    for record in records:
        for key, value in record.items():
            if isinstance(value, float) and math.isnan(value):
                record[key] = None
            elif hasattr(value, "isoformat"):
                record[key] = value.isoformat()
    if suffix == ".jsonl":
        with path.open("w", encoding="utf-8") as handle:
            for record in records:
                handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    elif suffix == ".csv":
        import pandas as pd

        for record in records:
            for key, value in record.items():
                if isinstance(value, (list, tuple, dict)):
                    record[key] = json.dumps(list(value) if isinstance(value, tuple) else value, ensure_ascii=False)
        pd.DataFrame(records, columns=list(frame.columns)).to_csv(path, index=False)
    else:
        raise ValueError(f"--output must end in .csv or .jsonl, got {path.name}")


def run(args: argparse.Namespace) -> int:
    if args.output:  # fail before the work, not after it
        suffix = Path(args.output).suffix.lower()
        if suffix not in (".csv", ".jsonl"):
            raise ValueError(f"--output must end in .csv or .jsonl, got {Path(args.output).name}")
    if args.reference_date:
        from ragas_temporal.metrics._base import to_date

        to_date(args.reference_date, "--reference-date")
    rows = load_rows(args)
    if not rows:
        raise ValueError("the dataset has no rows")
    metrics = choose_metrics(args, rows)

    from ragas_temporal.metrics import score_dataset

    frame = score_dataset(rows, metrics, show_progress=not args.no_progress)
    print(f"{len(frame)} rows, {len(metrics)} metrics")
    print(summary_table(frame, metrics))
    if args.output:
        write_output(frame, Path(args.output))
        print(f"per-row scores and reasons written to {args.output}")
    return 0
