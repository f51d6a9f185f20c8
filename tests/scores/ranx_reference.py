"""Compute ranx metrics for the agreement test in a child process: ``python -m tests.scores.ranx_reference``.

Reads ``{"qrels": ..., "run": ..., "metrics": [...]}`` as JSON on stdin and writes
``{metric: {query_id: value}}`` as JSON on stdout. The test runs this with ``NUMBA_DISABLE_JIT=1``:
ranx's metrics are numba functions whose first compilation takes 30-40 s, while the same Python
code run un-compiled over a few hundred queries takes well under a second. A child process keeps
that setting away from every other test that might import numba.
"""

from __future__ import annotations

import json
import sys


def main() -> None:
    from ranx import Qrels, Run, evaluate

    payload = json.load(sys.stdin)
    qrels = Qrels.from_dict(payload["qrels"])
    run = Run.from_dict(payload["run"])
    scores = evaluate(qrels, run, payload["metrics"], return_mean=False, make_comparable=True)
    if len(payload["metrics"]) == 1:  # ranx returns a bare array for a single metric
        scores = {payload["metrics"][0]: scores}
    query_ids = list(run.keys())
    json.dump({m: dict(zip(query_ids, map(float, values))) for m, values in scores.items()}, sys.stdout)


if __name__ == "__main__":
    main()
