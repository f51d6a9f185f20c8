"""The package-level contract of ragas_temporal.scores: result type, layering, reasons, properties."""

from __future__ import annotations

import math
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ragas_temporal.scores as scores
from ragas_temporal.scores import (
    Score,
    format_years,
    jaccard_grades,
    overlap_relevance,
    temporal_faithfulness,
    undefined,
)
from ragas_temporal.ranking.formula import ndcg_at_k, precision_at_k

SCORES_DIR = Path(scores.__file__).parent

# --- Score -------------------------------------------------------------------------------------


def test_score_is_a_float_like_named_tuple() -> None:
    s = Score(0.25, "1 of 4")
    assert float(s) == 0.25 and s.value == 0.25 and s.reason == "1 of 4"
    assert s._fields == ("value", "reason")
    assert not s.is_nan
    assert pickle.loads(pickle.dumps(s)) == s  # crosses process boundaries (datasets.map num_proc)
    nan = undefined("query has no temporal focus")
    assert nan.is_nan and math.isnan(float(nan)) and nan.reason == "query has no temporal focus"


def test_every_public_name_is_exported() -> None:
    for name in scores.__all__:
        assert hasattr(scores, name), name
    # the brief's scoring API: the shared ones on the scores floor, each family's in its formula module
    brief_api = {
        "ragas_temporal.scores": (
            "temporal_faithfulness", "answer_temporal_recall", "overlap_relevance", "jaccard_grades",
            "retrieved_year_precision", "retrieved_year_recall", "Score",
        ),
        "ragas_temporal.faithfulness.formula": ("claim_verdict_score", "VERDICT_LABELS"),
        "ragas_temporal.ranking.formula": (
            "precision_at_k", "recall_at_k", "reciprocal_rank_at_k", "average_precision_at_k", "dcg_at_k", "ndcg_at_k",
        ),
        "ragas_temporal.ranking.gold": ("gold_grades", "n_relevant_gold"),
        "ragas_temporal.timeline.formula": ("event_order_tau", "duration_accuracy"),
        "ragas_temporal.consistency.formula": ("temporal_consistency",),
    }  # fmt: skip
    import importlib

    for module, names in brief_api.items():
        exported = set(importlib.import_module(module).__all__)
        assert set(names) <= exported, (module, set(names) - exported)


# --- layering: no ragas, nothing else of ours ----------------------------------------------------


def test_sources_import_nothing_outside_the_scores_package() -> None:
    for path in SCORES_DIR.glob("*.py"):
        for line in path.read_text().splitlines():
            match = re.match(r"\s*(?:from|import)\s+([\w.]+)", line)
            if match:
                module = match.group(1)
                assert module != "ragas" and not module.startswith("ragas."), f"{path.name}: {line.strip()}"
                if module.startswith("ragas_temporal"):
                    assert module.startswith("ragas_temporal.scores"), f"{path.name}: {line.strip()}"


def test_importing_scores_does_not_import_ragas() -> None:
    code = "import sys, ragas_temporal.scores; print(sorted(m for m in sys.modules if m == 'ragas' or m.startswith('ragas.')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


# --- formatting of years in reasons -------------------------------------------------------------


@pytest.mark.parametrize(
    ("years", "text"),
    [
        ({2010, 2007}, "2007, 2010"),
        ({2007, 2008}, "2007, 2008"),  # two consecutive years stay listed
        (range(1990, 2000), "1990-1999"),
        ({-753}, "753 BC"),
        ({-3, -2, -1}, "3 BC-1 BC"),
        # years of one or two digits take their era word (issue 20: "AD 79"); 0 is not a year
        ({-44, 14}, "44 BC, AD 14"),
        (range(0, 40, 2), "0, AD 2, AD 4, AD 6, AD 8, AD 10, AD 12, AD 14, AD 16, AD 18, AD 20, AD 22, and 8 more"),
        ((), ""),
    ],
)
def test_format_years(years, text) -> None:
    assert format_years(years) == text


# --- properties over random inputs ----------------------------------------------------------------

years = st.frozensets(st.integers(min_value=-1000, max_value=2100), max_size=8)
doc_years = st.lists(years, max_size=6)
grades = st.lists(st.integers(min_value=0, max_value=4), max_size=12)
ks = st.integers(min_value=1, max_value=15)


@settings(max_examples=200, deadline=None)
@given(answer=years, contexts=doc_years)
def test_faithfulness_is_a_share_whose_reason_names_the_unsupported_years(answer, contexts) -> None:
    faithful = temporal_faithfulness(answer, contexts)
    if not answer:
        assert faithful.is_nan
    else:
        unsupported = answer - frozenset().union(*contexts)
        assert faithful.value == pytest.approx(1 - len(unsupported) / len(answer))
        # the reason names exactly the unsupported years
        assert ("not found" in faithful.reason) == bool(unsupported)


@settings(max_examples=200, deadline=None)
@given(query=years, docs=doc_years)
def test_jaccard_grade_positive_exactly_when_overlapping(query, docs) -> None:
    relevance = overlap_relevance(query, docs)
    graded = jaccard_grades(query, docs)
    assert [int(g > 0) for g in graded] == relevance
    assert all(0.0 <= g <= 4.0 for g in graded)


@settings(max_examples=200, deadline=None)
@given(gains=grades, k=ks)
def test_ndcg_bounds_and_ideal_order(gains, k) -> None:
    score = ndcg_at_k(gains, k)
    if not any(g > 0 for g in gains):  # the ideal top k holds the largest grade, so IDCG@k = 0 iff all are 0
        assert score.is_nan and score.reason
    else:
        assert 0.0 <= score.value <= 1.0
        assert ndcg_at_k(sorted(gains, reverse=True), k).value == pytest.approx(1.0)


@settings(max_examples=200, deadline=None)
@given(gains=grades, k=ks)
def test_precision_is_hits_over_k(gains, k) -> None:
    assert precision_at_k(gains, k).value == pytest.approx(sum(1 for g in gains[:k] if g > 0) / k)


# --- usable from datasets.map ----------------------------------------------------------------------


def test_scores_run_inside_datasets_map() -> None:
    datasets = pytest.importorskip("datasets")
    table = datasets.Dataset.from_dict(
        {
            "answer_years": [[2008, 2009], [2007, 2010], []],
            "context_years": [[[2008], [2009]], [[2008], [2009]], [[2008]]],
        }
    )

    def score_batch(batch: dict) -> dict:
        results = [temporal_faithfulness(a, c) for a, c in zip(batch["answer_years"], batch["context_years"])]
        return {"faithfulness": [r.value for r in results], "reason": [r.reason for r in results]}

    scored = table.map(score_batch, batched=True)
    assert scored["faithfulness"][:2] == [1.0, 0.0]  # the two seed answers
    assert math.isnan(scored["faithfulness"][2])
    assert scored["reason"][1] == "answer years 2007, 2010 not found in the retrieved contexts"


def test_year_label_and_check_k_are_public() -> None:
    from ragas_temporal.scores import check_k, year_label

    # a year of one or two digits takes its era word (issue 20: "AD 79"); three digits stand alone
    assert [year_label(y) for y in (2008, 14, 618, -753)] == ["2008", "AD 14", "618", "753 BC"]
    assert check_k(5) == 5
    with pytest.raises(ValueError, match="k must be a positive integer, got 0"):
        check_k(0)
