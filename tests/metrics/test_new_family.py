"""A new metric family is one new package: the registry, the CLI and score_dataset find it, no list edited.

docs/ARCHITECTURE.md "How to add a metric": the registry imports the ``metric`` module of every
sub-package of ``ragas_temporal`` (its ``__path__``), and defining the class registers it. The family
here is written to a temporary folder, which a fresh interpreter adds to ``ragas_temporal.__path__``
(so that the source tree is never written), before it runs ``python -m ragas_temporal evaluate`` and
the Python API.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ragas_temporal.metrics.registry import METRIC_CLASSES

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "RAGAS_DO_NOT_TRACK": "true"}

#: The family ``year_cap``, as a contributor would write it: the formula (pure), the metric (ragas glue).
FAMILY = {
    "__init__.py": '"""The year cap family: a focused answer names few years."""\n',
    "formula.py": textwrap.dedent('''
        """The year cap: ``min(1, max_years / n)`` for an answer naming ``n`` distinct years."""

        from ragas_temporal.scores import Score


        def year_cap(n_years: int, max_years: int) -> Score:
            """>>> year_cap(4, 1)
            Score(value=0.25, reason='4 answer years, 1 allowed')
            """
            return Score(min(1.0, max_years / n_years), f"{n_years} answer years, {max_years} allowed")
    '''),
    "metric.py": textwrap.dedent('''
        """AnswerYearCap: at most ``max_years`` distinct answer years earn full credit."""

        import typing as t
        from dataclasses import dataclass

        from ragas_temporal.adapter.base import Case, TemporalMetric, undated
        from ragas_temporal.adapter.parameters import count
        from ragas_temporal.scores import Score
        from ragas_temporal.year_cap.formula import year_cap


        @dataclass(frozen=True)
        class YearCapByFocusTime:
            max_years: int
            columns: tuple = ("response",)
            focus_of: tuple = ("response",)
            calls_llm: bool = False

            async def score(self, case: Case) -> Score:
                nothing_dated = undated(case.answer, "answer", case.reference_date)
                if nothing_dated is not None:
                    return nothing_dated
                return year_cap(len(case.answer.years), self.max_years)


        @dataclass
        class AnswerYearCap(TemporalMetric):
            max_years: int = 1

            _base_name: t.ClassVar[str] = "answer_year_cap"
            _parameter_constraints: t.ClassVar[dict] = {"max_years": count("max_years")}
            _mode_scorers: t.ClassVar[dict] = {"focus_time": lambda metric: YearCapByFocusTime(metric.max_years)}
    '''),
}

#: Run in a fresh interpreter: the family's folder joins ragas_temporal's, then
#: ``python -m ragas_temporal evaluate`` (argv after the folder and the results file), then the API.
SCRIPT = textwrap.dedent('''
    import json, runpy, sys
    import ragas_temporal

    ragas_temporal.__path__.append(sys.argv.pop(1))
    results = sys.argv.pop(1)
    try:
        runpy.run_module("ragas_temporal", run_name="__main__", alter_sys=True)  # python -m ragas_temporal
    except SystemExit as exit:
        cli_exit = exit.code

    from ragas_temporal.data import example_rows
    from ragas_temporal.metrics import AnswerYearCap, PACKAGE_FACE, metric_from_spec, metrics_from_spec, score_dataset
    from ragas_temporal.metrics.registry import FAMILIES, METRIC_CLASSES

    rows = [
        {"response": "It ran from 2001 to 2004 and again in 2010."},
        {"response": "It ended in 2008."},
        {"response": "No date here."},
    ]
    frame = score_dataset(rows, [AnswerYearCap(), AnswerYearCap(max_years=5, name="cap_5")])
    example = score_dataset(example_rows(), [metric_from_spec("answer_year_cap")])
    try:
        AnswerYearCap(max_years=-1)
        refused = None
    except ValueError as exc:
        refused = str(exc)
    json.dump({
        "cli_exit": cli_exit,
        "families": FAMILIES,
        "module": METRIC_CLASSES["answer_year_cap"].__module__,
        "in_face": "AnswerYearCap" in PACKAGE_FACE,
        "names": [m.name for m in metrics_from_spec("answer_year_cap, temporal_faithfulness")],
        "values": frame["answer_year_cap"].tolist(),
        "reasons": frame["answer_year_cap_reason"].tolist(),
        "cap_5": frame["cap_5"].tolist(),
        "example": example["answer_year_cap"].tolist(),
        "refused": refused,
    }, open(results, "w"))
''')

# answer_year_cap (max_years=1) on the example dataset: 1 / the number of distinct years the
# response names, by hand from the responses; None where the years are a decade's or a century's
# (the extractor's reading, tested in tests/focus_time), which the CLI must still give as score_dataset does.
EXAMPLE_BY_HAND = [
    1 / 2,  # 2008, 2009
    1 / 2,  # 2007, 2010
    1.0,  # July 20, 1969
    1 / 2,  # 1989, 1990
    1.0,  # "last year" of 2024-03-15: 2023
    1 / 2,  # "this year" of 2025-06-30 and 2012
    1 / 2,  # "three years ago" of 2025-05-01 (2022) and 2023
    1.0,  # 753 BC
    1 / 2,  # 45 BC, 44 BC
    None,  # "the early 1990s"
    None,  # "the 19th century", 1825
    1 / 7,  # between 1939 and 1945
    1 / 2,  # fiscal 2021, FY2019
    1.0,  # 1987
    1 / 2,  # 1919, 1920
    1.0,  # 2012
    None,  # around 1440, the 1450s
    math.nan,  # no date: no temporal claim
    1.0,  # 1813
    1 / 2,  # June 29, 2007, and 2009
]


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> tuple[dict, list[dict], subprocess.CompletedProcess]:
    folder = tmp_path_factory.mktemp("families")
    (folder / "year_cap").mkdir()
    for name, text in FAMILY.items():
        (folder / "year_cap" / name).write_text(text, encoding="utf-8")
    out, results = folder / "out.jsonl", folder / "results.json"
    argv = ["evaluate", "--example", "--metrics", "answer_year_cap", "-o", str(out), "--no-progress"]
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(folder), str(results), *argv], env=ENV,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    written = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    return json.loads(results.read_text(encoding="utf-8")), written, done


def _same(got: list[float], expected: list[float | None]) -> bool:
    return all(e is None or (math.isnan(e) and math.isnan(g)) or g == pytest.approx(e) for g, e in zip(got, expected))


def test_the_registry_finds_the_family(run):
    results, _, _ = run
    assert results["families"][-1] == "year_cap" and "faithfulness" in results["families"]
    assert results["module"] == "ragas_temporal.year_cap.metric"
    assert results["in_face"]  # from ragas_temporal.metrics import AnswerYearCap
    assert results["names"] == ["answer_year_cap", "temporal_faithfulness"]
    assert results["refused"] == "AnswerYearCap: max_years must be an integer >= 0, got -1"
    assert "answer_year_cap" not in METRIC_CLASSES  # this process never saw the folder


def test_score_dataset_gives_the_hand_computed_values(run):
    results, _, _ = run
    # 2001 to 2004 and 2010: five distinct years, one allowed -> 1/5; 2008 alone -> 1; no date -> NaN
    assert results["values"][:2] == [0.2, 1.0] and math.isnan(results["values"][2])
    assert results["reasons"] == ["5 answer years, 1 allowed", "1 answer years, 1 allowed", "answer makes no temporal claim"]
    assert results["cap_5"][:2] == [1.0, 1.0]
    assert len(results["example"]) == len(EXAMPLE_BY_HAND) and _same(results["example"], EXAMPLE_BY_HAND)


def test_the_cli_scores_the_family_by_name(run):
    results, written, done = run
    assert results["cli_exit"] == 0
    values = [math.nan if row["answer_year_cap"] is None else row["answer_year_cap"] for row in written]
    assert _same(values, EXAMPLE_BY_HAND)
    assert _same(values, results["example"])  # row for row, the decades and centuries too
    assert written[0]["answer_year_cap_reason"] == "2 answer years, 1 allowed"
    assert done.stdout.startswith("20 rows, 1 metric\n") and "\nanswer_year_cap " in done.stdout


def test_a_second_class_with_the_same_stem_is_refused():
    from ragas_temporal.metrics import TemporalMetric

    with pytest.raises(ValueError, match="two metric classes use the name stem 'temporal_faithfulness'"):

        class Impostor(TemporalMetric):
            _base_name = "temporal_faithfulness"

    assert METRIC_CLASSES["temporal_faithfulness"].__name__ == "TemporalFaithfulness"
