"""The judge's part of an ``evaluate`` run: the LLM-mode metrics given the judge, the rows scored at its
concurrency with its debug log, and its report (calls, tokens, failed judgements, hybrid fallbacks).

The judge itself is built from the arguments by :mod:`ragas_temporal.commands.judge_llm`.

>>> import argparse
>>> max_concurrency(argparse.Namespace(max_concurrency=None), None)
16
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import logging
import sys
import typing as t

__all__ = [
    "LOCAL_JUDGE_CONCURRENCY", "REMOTE_CONCURRENCY", "needs_llm", "attach_judge", "score_with_judge",
    "max_concurrency", "debug_log", "report_judge",
]

#: ``--max-concurrency`` without the option: one request at a time for a judge on this machine
#: (llama.cpp's server, Ollama and LM Studio answer one at a time by default: requests queued
#: behind a slow one time out), 16 otherwise.
LOCAL_JUDGE_CONCURRENCY = 1
REMOTE_CONCURRENCY = 16


def needs_llm(metric: t.Any) -> bool:
    """True when the metric's mode calls an LLM (``:llm``, ``:hybrid``)."""
    return metric.scorer.calls_llm


def attach_judge(metrics: list, args: argparse.Namespace) -> tuple[list, t.Any]:
    """Give the LLM-mode metrics the judge the arguments name; return ``(metrics, JudgeChoice or None)``.

    Raises ``ValueError`` naming the metrics when an LLM mode has no judge; warns (stderr) when a
    judge is given but no metric would call it. Metrics are rebuilt with ``llm=`` (and
    ``llm_timeout=``) so that their own checks run on the final arguments.
    """
    judged = [m for m in metrics if needs_llm(m)]
    judge_given = bool(args.llm_model or args.offline_judge)
    if not judged:
        if judge_given or args.llm_timeout is not None or args.cache:
            print(
                "note: no metric runs in an LLM mode, so no LLM is called (ask for one, e.g. "
                "--metrics temporal_faithfulness:hybrid,temporal_precision@5:llm,temporal_ndcg@10:llm)",
                file=sys.stderr,
            )
        return metrics, None
    if not judge_given:
        names = ", ".join(f"{m.name} (mode={m.mode!r})" for m in judged)
        raise ValueError(
            f"{names}: mode={judged[0].mode!r} needs an LLM: pass --llm-model NAME (an OpenAI-compatible "
            "chat model) or --offline-judge (a rule-based stand-in, for demos)"
        )
    from ragas_temporal.commands.judge_llm import judge_from_args

    if args.cache and args.offline_judge:
        print("note: --cache is not used with --offline-judge (the stand-in judge costs nothing)", file=sys.stderr)
    judge = judge_from_args(args)
    options: dict[str, t.Any] = {"llm": judge.llm}
    if args.llm_timeout is not None:
        options["llm_timeout"] = args.llm_timeout
    return [dataclasses.replace(m, **options) if needs_llm(m) else m for m in metrics], judge


def score_with_judge(batches, metrics: list, judge: t.Any, args: argparse.Namespace, on_batch: t.Any,
                     on_row: t.Any = None, total: int | None = None):
    """``score_batches`` at the judge's concurrency; returns the ``JudgeUsage`` (None without a judge).

    Instructor logs every failed request at ERROR level; the rows already carry the reason and
    the run's tally sums them up, so its logger is quiet while the rows are scored.
    """
    from ragas_temporal.adapter.dataset_scoring import score_batches

    concurrency = max_concurrency(args, judge)
    if judge is not None and judge.local and args.max_concurrency is None:
        print(f"{concurrency} request at a time: a server on this machine answers one at a time "
              "(--max-concurrency N if yours runs requests in parallel)")
    with debug_log(args.debug_log if judge is not None else None):
        return score_batches(
            batches, metrics, on_batch, total=total, show_progress=not args.no_progress,
            max_concurrency=concurrency, on_row=on_row,
        )


def max_concurrency(args: argparse.Namespace, judge: t.Any) -> int:
    """``--max-concurrency``, else 1 for a judge on this machine, else 16."""
    if args.max_concurrency is not None:
        return args.max_concurrency
    return LOCAL_JUDGE_CONCURRENCY if judge is not None and judge.local else REMOTE_CONCURRENCY


@contextlib.contextmanager
def debug_log(path: str | None) -> t.Iterator[None]:
    """While scoring: Instructor's and our judges' DEBUG records appended to ``path``.

    Instructor's own error lines (multi-line validation dumps of rejected replies) are logged at
    DEBUG by :func:`ragas_temporal.llm.prompt_runner.quiet_instructor_logs`, so without this file they go
    nowhere: each row already carries its one-line reason.
    """
    if not path:
        yield
        return
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setLevel(logging.DEBUG)
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    loggers = [logging.getLogger(name) for name in ("instructor", "ragas_temporal")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.DEBUG)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.removeHandler(handler)
            logger.setLevel(level)
        handler.close()


def report_judge(judge: t.Any, usage: t.Any, tally: t.Any, resumed: bool) -> None:
    """What the judge cost (this run's share when ``resumed``), and its failed judgements and hybrid fallbacks
    counted from the rows' failure fields (stderr)."""
    from ragas_temporal.llm.usage import JudgeUsage

    usage = usage or JudgeUsage()
    # the stand-in answers from rules: its calls are counted, it has no tokens
    line = (
        f"LLM calls: {usage.calls:,} answered by the offline stand-in (no model, no tokens)"
        if judge.stand_in
        else usage.summary()
    )
    print(("this run: " if resumed else "") + line)
    if judge.stand_in:
        print("note: the LLM-mode scores above come from the offline rule-based stand-in judge, not from an LLM")
    failures = tally.judge_failures()
    if failures:
        reason, count = failures.most_common(1)[0]
        print(
            f"warning: {sum(failures.values())} LLM judgement(s) failed, their rows are NaN (reasons in the "
            f"<metric>_reason columns); most common ({count}x): {reason}",
            file=sys.stderr,
        )
    fallbacks = tally.fallbacks
    if fallbacks:
        print(
            f"warning: the LLM judge failed on {fallbacks} hybrid row(s), scored by focus time alone "
            "(reasons in the <metric>_reason columns)",
            file=sys.stderr,
        )
