"""A faithfulness score reads in a few files: the package files one warm score runs (focus-time mode, and
LLM mode with the offline judge).

The files a reader must open to follow a score are those whose code runs; outside the extractor
(``focus_time/``) they are the ragas adapter, the reading of a row, the family's metric and its formula.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import ragas_temporal
from ragas_temporal.metrics import TemporalFaithfulness

ROOT = Path(ragas_temporal.__file__).resolve().parent
CONTEXTS = ["Revenue rose 12% in 2023.", "The firm lost money in 2021."]


def _files_run(metric, response: str) -> tuple[list[str], float]:
    """The package files (relative to the package) whose code runs while ``metric`` scores ``response``."""
    seen: set[str] = set()
    root = str(ROOT)

    def profile(frame, event, arg):
        if frame.f_code.co_filename.startswith(root):
            seen.add(Path(frame.f_code.co_filename).relative_to(ROOT).as_posix())

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        result = asyncio.run(metric.ascore(response=response, retrieved_contexts=CONTEXTS))
    finally:
        sys.setprofile(previous)
    return sorted(seen), result.value


def test_a_warm_focus_time_faithfulness_score_runs_at_most_four_files_outside_the_extractor():
    metric = TemporalFaithfulness()
    asyncio.run(metric.ascore(response="Revenue grew 12% in 2023, after a loss in March 2021.", retrieved_contexts=CONTEXTS))
    files, value = _files_run(metric, "Revenue grew 13% in 2022, after a loss in April 2021.")
    # '2022' is in no context (0), 'April 2021' only inside the contexts' 2021 (1/2): (0 + 0.5) / 2
    assert value == 0.25
    outside = [f for f in files if not f.startswith("focus_time/")]
    assert {"faithfulness/metric.py", "faithfulness/formula.py"} <= set(outside), files  # the trace saw the score
    assert len(outside) <= 4, f"{len(outside)} files outside focus_time/: {outside}"


def test_a_warm_llm_faithfulness_score_with_the_offline_judge_runs_at_most_eight_files_outside_the_extractor():
    from ragas_temporal.llm.offline import offline_llm

    metric = TemporalFaithfulness(mode="llm", llm=offline_llm())
    asyncio.run(metric.ascore(response="Revenue grew 12% in 2023, after a loss in March 2021.", retrieved_contexts=CONTEXTS))
    files, value = _files_run(metric, "Revenue grew 13% in 2022, after a loss in April 2021.")
    # one claim (one sentence): the contexts state part of its times (2021) and not the rest (2022):
    # PARTIALLY_SUPPORTED, half credit
    assert value == 0.5
    outside = [f for f in files if not f.startswith("focus_time/")]
    assert {"faithfulness/metric.py", "faithfulness/judge.py", "llm/offline.py"} <= set(outside), files
    assert len(outside) <= 8, f"{len(outside)} files outside focus_time/: {outside}"
