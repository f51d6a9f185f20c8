"""A metric defined in one module, and nowhere else, reaches the registry, the CLI and score_dataset.

This is the recipe of docs/ARCHITECTURE.md "How to add a metric": defining the class registers it.
"""

from __future__ import annotations

import importlib
import json
import math
import sys
import textwrap

import pandas as pd
import pytest

from ragas_temporal.cli import main
from ragas_temporal.metrics import metric_from_spec, metrics_from_spec, score_dataset
from ragas_temporal.adapter.base import REGISTERED
from ragas_temporal.metrics.registry import METRIC_CLASSES

MODULE = textwrap.dedent('''
    """One metric in one module: at most ``max_years`` distinct answer years earn full credit."""

    import typing as t
    from dataclasses import dataclass

    from ragas_temporal.adapter.base import Case, TemporalMetric, undated
    from ragas_temporal.adapter.parameters import count
    from ragas_temporal.scores import Score


    @dataclass(frozen=True)
    class FewYears:
        max_years: int
        columns: tuple = ("response",)
        focus_of: tuple = ("response",)
        calls_llm: bool = False

        async def score(self, case: Case) -> Score:
            nothing_dated = undated(case.answer, "answer", case.reference_date)
            if nothing_dated is not None:
                return nothing_dated
            n = len(case.answer.years)
            return Score(min(1.0, self.max_years / n), f"{n} answer years, {self.max_years} allowed")


    @dataclass
    class AnswerYearCap(TemporalMetric):
        max_years: int = 2

        _base_name: t.ClassVar[str] = "answer_year_cap"
        _parameter_constraints: t.ClassVar[dict] = {"max_years": count("max_years")}
        _mode_scorers: t.ClassVar[dict] = {"focus_time": lambda metric: FewYears(metric.max_years)}
''')

ROWS = [
    # from 2001 to 2004 and 2010: years 2001, 2002, 2003, 2004, 2010 -> 5 years; 2 allowed -> 2/5
    {"response": "It ran from 2001 to 2004 and again in 2010."},
    {"response": "It ended in 2008."},  # 1 year -> 1.0
    {"response": "No date here."},  # NaN: no temporal claim
]


@pytest.fixture
def one_module_metric(tmp_path, monkeypatch):
    (tmp_path / "one_module_metric.py").write_text(MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("one_module_metric")
    yield module.AnswerYearCap
    REGISTERED.pop("answer_year_cap", None)  # other tests see the package's metrics only
    sys.modules.pop("one_module_metric", None)


def test_the_class_is_registered_by_its_definition(one_module_metric):
    assert METRIC_CLASSES["answer_year_cap"] is one_module_metric
    assert metric_from_spec("answer_year_cap").name == "answer_year_cap"
    assert [m.name for m in metrics_from_spec("answer_year_cap, temporal_faithfulness")] == [
        "answer_year_cap", "temporal_faithfulness",
    ]
    with pytest.raises(ValueError, match=r"^AnswerYearCap: max_years must be an integer >= 0, got -1$"):
        one_module_metric(max_years=-1)


def test_score_dataset_scores_it(one_module_metric):
    frame = score_dataset(ROWS, [one_module_metric(), one_module_metric(max_years=5, name="cap_5")])
    assert frame["answer_year_cap"].tolist()[:2] == [0.4, 1.0]
    assert math.isnan(frame["answer_year_cap"][2])
    assert frame["answer_year_cap_reason"][2] == "answer makes no temporal claim"
    assert frame["cap_5"].tolist()[:2] == [1.0, 1.0]


def test_the_cli_runs_it_by_name(one_module_metric, tmp_path):
    data = tmp_path / "rows.jsonl"
    data.write_text("\n".join(json.dumps(row) for row in ROWS))
    out = tmp_path / "out.csv"
    assert main(["evaluate", str(data), "--metrics", "answer_year_cap", "-o", str(out), "--no-progress"]) == 0
    frame = pd.read_csv(out)
    assert frame["answer_year_cap"].tolist()[:2] == [0.4, 1.0]
    assert frame["answer_year_cap_reason"][0] == "5 answer years, 2 allowed"


def test_a_second_class_with_the_same_stem_is_refused():
    from ragas_temporal.metrics import TemporalMetric

    with pytest.raises(ValueError, match="two metric classes use the name stem 'temporal_faithfulness'"):

        class Impostor(TemporalMetric):
            _base_name = "temporal_faithfulness"

    assert METRIC_CLASSES["temporal_faithfulness"].__name__ == "TemporalFaithfulness"
