"""`ragas-temporal evaluate`: score a RAG dataset with the temporal metrics, with reasons.

    ragas-temporal evaluate --example
    ragas-temporal evaluate data.jsonl --metrics temporal_faithfulness,temporal_precision@5,temporal_ndcg@10 \
        --reference-date 2024-06-01 --output scores.csv
    ragas-temporal evaluate --hf NAME --split test
    ragas-temporal evaluate path/to/save_to_disk_folder --split test
    ragas-temporal evaluate data.jsonl --metrics temporal_faithfulness:hybrid,temporal_ndcg@10:llm \
        --llm-model gpt-4o-mini
    ragas-temporal evaluate --example --metrics temporal_faithfulness:hybrid --offline-judge
    ragas-temporal evaluate logs.parquet --engine spark --master local[2] --output scores.parquet
    ragas-temporal evaluate logs.parquet --engine ray --ray-address ray://head:10001 --output scores.parquet

DATA uses ragas column names (``user_input``, ``response``, ``retrieved_contexts``,
``retrieved_context_ids``, ``reference_context_ids``). In CSV, list columns hold a JSON list (or a
Python list literal, as ragas's ``to_csv`` writes). A ``reference_date`` column (ISO date), when
present, is each row's reference date and wins over ``--reference-date``.

Prints the mean of each metric over the rows it could score, and writes one row per sample with
``<metric>`` and ``<metric>_reason`` columns to ``--output`` (``.csv``, ``.jsonl`` or ``.parquet``).
Rows are kept in ``OUTPUT.partial`` as they finish, and ``OUTPUT`` appears whole at the end
(:mod:`ragas_temporal.commands.partial_output`); ``--resume`` continues an interrupted run.
SIGINT and SIGTERM stop a run with one line (exit 130 or 143), keeping the finished rows.
``--engine spark`` or ``--engine ray`` scores the focus-time and gold modes on that engine
(:mod:`ragas_temporal.commands.scale_out`).

LLM modes (``temporal_faithfulness:llm``, ``temporal_faithfulness:hybrid``,
``temporal_precision@K:llm``, ``temporal_ndcg@K:llm``) need a judge: ``--llm-model NAME`` (any
OpenAI-compatible chat model; ``--base-url`` for a local server, the key read from the variable
named by ``--api-key-env``) or ``--offline-judge`` (a rule-based stand-in that compares years, for
demos). The command then prints the number of LLM calls and their prompt/completion tokens.
``--cache DIR`` keeps every judge reply in ragas's disk cache, so a rerun asks no call twice.
"""

from __future__ import annotations

import argparse
import functools
import typing as t
from pathlib import Path

from ragas_temporal.commands.arg_types import positive_int, positive_seconds
from ragas_temporal.commands.judge_run import (  # stdlib only: --help stays light
    LOCAL_JUDGE_CONCURRENCY,
    REMOTE_CONCURRENCY,
    attach_judge,
    needs_llm,
    report_judge,
    score_with_judge,
)
from ragas_temporal.commands.metric_choice import choose_metrics_for_columns
from ragas_temporal.data.writers import OUTPUT_SUFFIXES  # stdlib only: --help stays light

#: where the scoring runs (--engine); spark and ray need their extras
ENGINES = ("local", "spark", "ray")


DESCRIPTION = """\
Score a RAG dataset with the temporal metrics: a mean per metric on screen, and per-row scores
with their reasons in --output.

examples:
  ragas-temporal evaluate --example
  ragas-temporal evaluate data.jsonl --metrics temporal_faithfulness,temporal_ndcg@10 -o scores.csv
  ragas-temporal evaluate --hf NAME --split test --reference-date 2024-06-01
  ragas-temporal evaluate data.jsonl --metrics temporal_faithfulness:hybrid,temporal_ndcg@10:llm \\
      --llm-model gpt-4o-mini
  ragas-temporal evaluate --example --metrics temporal_faithfulness:hybrid --offline-judge
  ragas-temporal evaluate logs.parquet --engine spark --master local[2] -o scores.parquet"""

EPILOG = """\
metrics (--metrics, comma-separated):
  temporal_faithfulness, answer_temporal_recall, temporal_precision@K, temporal_recall@K,
  temporal_ndcg@K, temporal_mrr@K, temporal_map@K (K a positive integer)
modes (after a colon):
  :gold    retrieval metrics scored with reference_context_ids (temporal_ndcg@10:gold)
  :llm     an LLM judges (temporal_faithfulness:llm, temporal_precision@5:llm, temporal_ndcg@10:llm)
  :hybrid  temporal_faithfulness: invented years scored by focus time; the LLM is asked only when
           every answer year occurs in the contexts
  :llm and :hybrid need --llm-model (or --offline-judge); LLM calls and tokens are printed at the end.
data columns: user_input, response, retrieved_contexts, retrieved_context_ids, reference_context_ids,
  and optionally reference_date (ISO date of the row; wins over --reference-date)."""


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "evaluate",
        help="score a RAG dataset with temporal metrics (try: ragas-temporal evaluate --example)",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    src = p.add_argument_group("data (one of)")
    src.add_argument(
        "data", nargs="?", help="a .jsonl, .json, .csv or .parquet file (or folder of Parquet parts), or a datasets save_to_disk folder"
    )
    src.add_argument("--example", action="store_true", help="the example dataset shipped with the package")
    src.add_argument("--hf", metavar="NAME", help="a Hugging Face Hub dataset name (needs network)")
    src.add_argument("--hf-config", metavar="CONFIG", help="configuration name of the --hf dataset")
    src.add_argument("--split", metavar="S", help="split of a --hf dataset or of a saved DatasetDict")
    scoring = p.add_argument_group("scoring")
    scoring.add_argument(
        "--metrics",
        metavar="LIST",
        help="comma-separated metric names (default: every focus-time metric the data's columns can feed)",
    )
    scoring.add_argument(
        "--group-by", metavar="COLUMN", default="user_input",
        help="column whose equal values make a group of answers to the same question, for "
        "temporal_consistency (default: user_input)",
    )
    scoring.add_argument(
        "--reference-date",
        metavar="YYYY-MM-DD",
        help="date that relative expressions ('last year') resolve against, for rows without a reference_date",
    )
    scoring.add_argument(
        "--language",
        metavar="CODE",
        help="language the texts are in: en (default), de, fr, es, it, pt, nl, ru, pl, tr, ar, hi, zh, ja, ko, "
        "or auto (per text); a row's language column wins",
    )
    scoring.add_argument(
        "--max-concurrency", type=positive_int, default=None, metavar="N",
        help=f"rows scored at once, i.e. LLM requests in flight (default: {REMOTE_CONCURRENCY}; "
        f"{LOCAL_JUDGE_CONCURRENCY} for a judge on localhost, which answers one request at a time)",
    )
    engine = p.add_argument_group("engine (focus_time and gold modes on Spark or Ray: the same command on a laptop or a cluster)")
    engine.add_argument(
        "--engine", choices=ENGINES, default="local",
        help="local (default), spark or ray; spark and ray read DATA as .parquet or .jsonl and write --output as a "
        "folder of parts (needs the [spark] or [ray] extra)",
    )
    engine.add_argument("--master", default="local[2]", metavar="URL", help="Spark master (default: local[2]; e.g. spark://host:7077)")
    engine.add_argument("--ray-address", metavar="ADDR", help="Ray cluster address (default: a new local Ray; e.g. ray://head:10001)")
    output = p.add_argument_group("output")
    output.add_argument(
        "--output", "-o", metavar="PATH", help="write per-row scores and reasons (.csv, .jsonl or .parquet)"
    )
    output.add_argument(
        "--resume", action="store_true",
        help="continue an interrupted run: rows already in OUTPUT.partial with the same data are kept, not scored "
        "again (after a finished run, OUTPUT is read back)",
    )
    output.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    output.add_argument(
        "--verdicts", action="store_true",
        help="also write <metric>_verdicts for temporal_faithfulness: each claim's verdict by the date rules "
        "(a JSON list of {claim, verdict, credit, note}; local engine)",
    )
    judge = p.add_argument_group("LLM judge (for the ':llm' and ':hybrid' modes)")
    judge.add_argument("--llm-model", metavar="NAME", help="an OpenAI-compatible chat model, e.g. gpt-4o-mini")
    judge.add_argument(
        "--base-url", metavar="URL",
        help="OpenAI-compatible API URL, e.g. http://localhost:11434/v1 (default: $OPENAI_BASE_URL, "
        "else the OpenAI API)",
    )
    judge.add_argument(
        "--api-key-env", metavar="VAR", default="OPENAI_API_KEY",
        help="environment variable holding the API key (default: OPENAI_API_KEY; not needed for a "
        "localhost URL)",
    )
    judge.add_argument(
        "--llm-timeout", metavar="SECONDS", type=positive_seconds,
        help="time bound of one judgement, retries included, and of each request (default: none of ours; "
        "each request may take 20 s, or 120 s on a localhost server); a judgement that times out "
        "makes its row NaN, with the reason",
    )
    judge.add_argument(
        "--debug-log", metavar="FILE",
        help="append the judge client's DEBUG log (Instructor's validation details of rejected "
        "replies, kept off the screen) to FILE",
    )
    judge.add_argument(
        "--cache", metavar="DIR",
        help="keep every judge reply in ragas's disk cache under DIR (one sub-folder per model): a rerun or "
        "--resume asks no judgement twice",
    )
    judge.add_argument(
        "--offline-judge", action="store_true",
        help="use the package's rule-based stand-in judge instead of an LLM (it compares years; no "
        "model, no network): for demos",
    )
    p.set_defaults(func=run)


# --- loading --------------------------------------------------------------------------------


def row_batches(args: argparse.Namespace) -> t.Callable[[], t.Iterable[list[dict]]]:
    """The rows (dicts with ragas column names) of whichever source the arguments name, a batch at a
    time: each call of the returned function reads them again (a file is never held whole)."""
    from ragas_temporal.data import readers

    sources = [s for s in (args.data, args.example or None, args.hf) if s]
    if len(sources) != 1:
        raise ValueError("give exactly one of DATA, --example or --hf NAME")
    if args.data:
        path, split = Path(args.data), args.split
        return lambda: readers.iter_row_batches(path, split)
    if args.hf:
        dataset = readers.chosen_split(readers.load_hf_dataset(args.hf, args.hf_config, args.split), args.split)
        return lambda: readers.dataset_batches(dataset, None)
    from ragas_temporal.data import example_rows

    rows = example_rows()
    return lambda: (rows[start:start + readers.BATCH_ROWS] for start in range(0, len(rows), readers.BATCH_ROWS))


# --- running --------------------------------------------------------------------------------


def check_output(args: argparse.Namespace) -> None:
    """Refuse a bad ``--output`` / ``--resume`` before any work."""
    if args.resume and not args.output:
        raise ValueError("--resume continues the run that writes --output: give the same --output")
    if getattr(args, "verdicts", False) and not args.output:
        # the verdicts are columns of the output file: without one they would be dropped unseen
        raise ValueError("--verdicts adds a column to the per-row output: give --output PATH (.csv, .jsonl or .parquet)")
    if not args.output:
        return
    from ragas_temporal.commands.partial_output import NAME_RESERVE
    from ragas_temporal.input_files import check_output_file

    path = Path(args.output)
    if path.name.startswith(".") and path.suffix == "" and path.name.lower() in OUTPUT_SUFFIXES:
        raise ValueError(f"--output {args.output!r} has no name before {path.name}: give one, e.g. scores{path.name}")
    if path.suffix.lower() not in OUTPUT_SUFFIXES:
        raise ValueError(f"--output must end in .csv, .jsonl or .parquet, got {path.name}")
    check_output_file(path, "--output", reserve=NAME_RESERVE)


def run_settings(args: argparse.Namespace, metrics: list) -> dict:
    """What a resumed run must share with the run it continues (stored in the partial output)."""
    return {
        "metrics": [f"{m.name}:{m.mode}" for m in metrics],
        "reference_date": args.reference_date,
        "language": args.language,
        "group_by": args.group_by,
        "judge": args.llm_model and f"{args.llm_model} at {args.base_url or 'default URL'}"
        or ("offline" if args.offline_judge else None),
    }


def score_rows(batches: t.Callable[[], t.Iterable[list[dict]]], facts: t.Any, metrics: list, judge: t.Any,
               args: argparse.Namespace):
    """Score the rows and write ``--output``, a batch at a time; returns ``(Tally, JudgeUsage or None)``.
    An interrupt becomes :class:`RunStopped`.

    When a metric calls a judge, each finished row is kept in the partial output (a resumed run
    pays no judge call twice); without one, rows cost only time, and the output is written
    beside the run all the same, locked and atomic (focus-time and gold runs keep their speed).
    :mod:`ragas_temporal.commands.row_stream` runs the batches.
    """
    from ragas_temporal.commands.failures import RunStopped
    from ragas_temporal.commands.row_stream import StreamedRun
    from ragas_temporal.commands.stopping import exit_code_of, interrupts_on_sigterm, quiet_interrupted_tasks

    judged = any(needs_llm(m) for m in metrics)
    streamed = StreamedRun(batches, facts, metrics, args, judged, run_settings(args, metrics))
    stopped_with = None
    sigterm: list = []
    try:
        with interrupts_on_sigterm() as sigterm:
            usage = streamed.run(lambda rows, on_batch, on_row, total: score_with_judge(
                rows, metrics, judge, args, on_batch, on_row=on_row, total=total))
            return streamed.tally, usage
    except KeyboardInterrupt as exc:
        stopped_with = exc
    quiet_interrupted_tasks()  # the interrupt left the event loop through a task
    code = exit_code_of(stopped_with, sigterm)
    if args.output and judged:
        raise RunStopped(
            f"stopped after {streamed.finished:,} of {facts.rows:,} rows; run the same command with --resume to continue", code
        )
    if args.output:
        raise RunStopped(f"stopped; {args.output} is unchanged (no metric calls a judge: run the same command again)", code)
    raise RunStopped("stopped; no row was kept (give --output to keep finished rows and --resume to continue)", code)


def run(args: argparse.Namespace) -> int:
    if args.engine != "local":
        from ragas_temporal.commands.scale_out import run_on_engine

        return run_on_engine(args)
    check_output(args)  # fail before the work, not after it
    if args.reference_date:
        from ragas_temporal.adapter.case import to_date

        to_date(args.reference_date, "--reference-date")
    if args.language:
        from ragas_temporal.focus_time.languages import check_language

        args.language = check_language(args.language)
    from ragas_temporal.commands.row_stream import survey
    from ragas_temporal.adapter.dataset_scoring import check_available_columns

    batches = row_batches(args)
    # the first pass: what the run must know before it scores (a bad value is refused here, before any work)
    facts = survey(batches(), check_written=bool(args.output), group_by=args.group_by if args.output else None)
    if not facts.rows:
        raise ValueError("the dataset has no rows")
    all_rows = functools.cache(lambda: [row for batch in batches() for row in batch])  # temporal_consistency's groups
    metrics, judge = attach_judge(choose_metrics_for_columns(args, facts.filled, all_rows), args)
    check_available_columns(facts.filled, metrics)
    if judge is not None:
        judged = ", ".join(m.name for m in metrics if needs_llm(m))
        print(f"LLM judge for {judged}: {judge.description}")
    tally, usage = score_rows(batches, facts, metrics, judge, args)
    print(f"{tally.rows} row{'' if tally.rows == 1 else 's'}, {len(metrics)} metric{'' if len(metrics) == 1 else 's'}")
    print(tally.summary_table())
    if judge is not None:
        report_judge(judge, usage, tally, resumed=args.resume)
    if args.output:
        print(f"per-row scores and reasons written to {args.output}")
    everywhere = tally.failed_everywhere()
    if everywhere:
        from ragas_temporal.commands.failures import RowsFailed

        name, cause = everywhere
        raise RowsFailed(f"{name} scored no row: {cause}")
    return 0
