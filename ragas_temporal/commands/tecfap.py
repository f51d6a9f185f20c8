"""`ragas-temporal tecfap`: run the TeCFaP probe against an OpenAI-compatible endpoint and score it.

::

    ragas-temporal tecfap run --data PATH --model NAME --base-url URL [--shots K]
                              [--closed-vocabulary] [--split test|train|all] --out preds.jsonl
    ragas-temporal tecfap score preds.jsonl [--compat reference_code] [--by-relation] [--format text|csv|json]

``--data`` defaults to the small example shipped with the package (not the benchmark, which
users clone themselves). The API key is read from the environment variable named by
``--api-key-env`` (default ``OPENAI_API_KEY``); a server on this machine needs none, any other
endpoint without one is refused before a request is sent, as `evaluate --llm-model` does.
A rerun with the same ``--out`` resumes: answered rows are skipped, failed rows retried.
"""

from __future__ import annotations

import argparse
import sys

from ragas_temporal.commands.arg_types import non_negative_int, positive_int, positive_seconds
from ragas_temporal.commands.failures import RowsFailed, most_common_cause


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "tecfap",
        help="TeCFaP: temporally consistent factuality probe (run, score)",
        description="Run the TeCFaP probe (TEMP-COFAC) through an LLM and score the predictions.",
    )
    actions = parser.add_subparsers(dest="tecfap_command", metavar="ACTION")
    actions.required = True

    run = actions.add_parser("run", help="ask an OpenAI-compatible model every probe question")
    run.add_argument("--data", default=None, help="TEMP-COFAC folder or repository clone (default: the shipped example)")
    run.add_argument("--model", required=True, help="model name sent to the endpoint")
    run.add_argument("--base-url", default=None, help="OpenAI-compatible base URL, e.g. http://localhost:8000/v1")
    run.add_argument("--api-key-env", default="OPENAI_API_KEY", help="environment variable holding the API key")
    run.add_argument("--split", choices=("test", "train", "all"), default="test")
    run.add_argument("--shots", type=int, default=0, choices=range(0, 4), metavar="K", help="examples per prompt (0-3)")
    run.add_argument("--no-context", action="store_true", help="leave out the context line listing the entities")
    run.add_argument(
        "--context-descriptions",
        default=None,
        metavar="JSON",
        help='JSON file {"<relation index>": "albums released by ..."} naming each relation\'s entities in the context line',
    )
    run.add_argument("--closed-vocabulary", action="store_true", help="list candidates and snap answers to them")
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--max-concurrency", type=positive_int, default=8)
    run.add_argument("--max-retries", type=non_negative_int, default=2)
    run.add_argument("--timeout", type=positive_seconds, default=60.0, help="seconds per call")
    run.add_argument("--structured", action="store_true", help="use llm_factory (instructor tool calls) instead of plain chat")
    run.add_argument("--no-progress", action="store_true")
    run.add_argument("--out", required=True, help="predictions JSONL (appended; a rerun resumes)")
    run.set_defaults(func=_run)

    score = actions.add_parser("score", help="score a predictions JSONL file")
    score.add_argument("predictions", help="JSONL written by 'tecfap run' (or run_probe)")
    score.add_argument("--compat", choices=("paper", "reference_code"), default="paper")
    score.add_argument("--on-error", choices=("exclude", "wrong"), default="exclude", help="how failed rows count")
    score.add_argument("--by-relation", action="store_true", help="one row per relation instead of the summary")
    score.add_argument("--format", choices=("text", "csv", "json"), default="text")
    score.set_defaults(func=_score)


def _run(args: argparse.Namespace) -> int:
    from ragas_temporal.tecfap import build_probe, example_path, load_temp_cofac, openai_compatible_llm, run_probe

    data_path = args.data or example_path()
    dataset = load_temp_cofac(data_path)
    descriptions = _read_descriptions(args.context_descriptions) if args.context_descriptions else None
    rows = build_probe(
        dataset,
        split=args.split,
        shots=args.shots,
        with_context=not args.no_context,
        seed=args.seed,
        closed_vocabulary=args.closed_vocabulary,
        context_descriptions=descriptions,
    )
    if not rows:
        raise ValueError(f"split {args.split!r} of {dataset.root} has no probe row")
    from ragas_temporal.commands.judge_llm import api_key_for, resolve_base_url

    base_url = resolve_base_url(args.base_url)
    # before any request: without a key, each of the probe's requests would fail on its own
    api_key = api_key_for(base_url, args.api_key_env, option="--model")
    llm = openai_compatible_llm(
        args.model,
        base_url=base_url,
        api_key=api_key,
        structured=args.structured,
        timeout=args.timeout,
    )
    records = run_probe(
        rows,
        llm,
        max_concurrency=args.max_concurrency,
        out=args.out,
        max_retries=args.max_retries,
        timeout=args.timeout,
        show_progress=not args.no_progress,
    )
    errors = [r["error"] for r in records if r.get("error")]
    print(f"{len(records)} rows ({len(errors)} failed) from {dataset.root} -> {args.out}")
    if errors and len(errors) == len(records):
        raise RowsFailed(f"every row failed: {most_common_cause(errors)}; fix it and rerun the same command")
    if errors:
        print(f"rerun the same command to retry the {len(errors)} failed row(s)", file=sys.stderr)
    return 0


def _read_descriptions(path: str) -> dict[int, str]:
    from pathlib import Path

    from ragas_temporal.input_files import loads_json, read_text

    file = Path(path)
    raw = loads_json(read_text(file, "context descriptions file"), file)
    if not isinstance(raw, dict):
        raise ValueError(f"{file}: expected a JSON object mapping relation index to description")
    out: dict[int, str] = {}
    for key, value in raw.items():
        if not str(key).strip().isdigit() or not isinstance(value, str):
            raise ValueError(f"{file}: entry {key!r}: expected an integer key and a string description")
        out[int(key)] = value
    return out


def _score(args: argparse.Namespace) -> int:
    import warnings

    from ragas_temporal.tecfap import score_by_relation, score_probe

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if args.by_relation:
            table = score_by_relation(args.predictions, compat=args.compat, on_error=args.on_error)
        else:
            table = score_probe(args.predictions, compat=args.compat, on_error=args.on_error)
    for w in caught:
        print(f"warning: {w.message}", file=sys.stderr)
    if table.attrs.get("n_scored", 0) == 0:
        raise ValueError(f"{args.predictions} holds no scorable prediction")
    if args.format == "csv":
        sys.stdout.write(table.to_csv())
    elif args.format == "json":
        sys.stdout.write(table.to_json(orient="index", indent=2) + "\n")
    else:
        import pandas as pd

        with pd.option_context("display.max_colwidth", 120, "display.width", 200):
            print(table.to_string(float_format=lambda v: f"{v:.4f}"))
        attrs = table.attrs
        print(f"\ncompat={attrs['compat']}  rows={attrs['n_rows']}  failed={attrs['n_failed']} ({args.on_error})")
    return 0
