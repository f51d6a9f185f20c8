"""Compute ranx metrics for the agreement test in a child process: ``python -m tests.scores.ranx_reference``.

Reads a JSON list of jobs ``{"qrels": ..., "run": ..., "metrics": [...]}`` on stdin and writes, for
each job, ``{metric: {query_id: value}}`` as a JSON list on stdout. The test runs this with
``NUMBA_DISABLE_JIT=1``: ranx's metrics are numba functions whose first compilation takes 30-40 s,
while the same Python code run un-compiled over a few hundred queries takes well under a second.
A child process keeps that setting away from every other test that might import numba, and one
child for all jobs pays ranx's import time once.
"""

from __future__ import annotations

import json
import sys


def _evaluate(job: dict) -> dict[str, dict[str, float]]:
    from ranx import Qrels, Run, evaluate

    run = Run.from_dict(job["run"])
    scores = evaluate(Qrels.from_dict(job["qrels"]), run, job["metrics"], return_mean=False, make_comparable=True)
    if len(job["metrics"]) == 1:  # ranx returns a bare array for a single metric
        scores = {job["metrics"][0]: scores}
    query_ids = list(run.keys())  # evaluate sorted the run by query id, in the order of the arrays
    return {metric: dict(zip(query_ids, map(float, values))) for metric, values in scores.items()}


def main() -> None:
    json.dump([_evaluate(job) for job in json.load(sys.stdin)], sys.stdout)


if __name__ == "__main__":
    main()
