"""Focus-time scores: values computed by hand from METRICS.md, reasons, NaN cases and bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ragas_temporal.focus_time import FocusTime
from ragas_temporal.scores import (
    Score,
    answer_temporal_recall,
    jaccard_grades,
    overlap_relevance,
    retrieved_year_precision,
    retrieved_year_recall,
    temporal_faithfulness,
)

# --- temporal_faithfulness: |AFT ∩ ∪DFT| / |AFT| -------------------------------------------------


def test_faithfulness_seed_grounded_answer() -> None:
    # seed 000: AFT {2008, 2009}; contexts {2008} (Lehman) and {2009} (stimulus); union {2008, 2009}
    # |{2008, 2009} ∩ {2008, 2009}| / 2 = 2/2 = 1.0
    score = temporal_faithfulness({2008, 2009}, [{2008}, {2009}])
    assert score == Score(1.0, "all answer years (2008, 2009) found in the retrieved contexts")


def test_faithfulness_seed_invented_years() -> None:
    # AFT {2007, 2010}; union {2008, 2009}; intersection empty -> 0/2 = 0.0
    score = temporal_faithfulness({2007, 2010}, [{2008}, {2009}])
    assert score.value == 0.0
    assert score.reason == "answer years 2007, 2010 not found in the retrieved contexts"


def test_faithfulness_partial_and_singular_reason() -> None:
    # AFT {2007, 2008, 2009}; union {2008, 2009} -> 2/3; one unsupported year: singular "year"
    score = temporal_faithfulness([2007, 2008, 2009], [[2008], [2009, 2015]])
    assert score.value == pytest.approx(2 / 3)
    assert score.reason == "answer year 2007 not found in the retrieved contexts"


def test_faithfulness_bce_years_printed_as_bc() -> None:
    # AFT {-753, -44}; contexts {-44}: 1/2; -753 is printed "753 BC"
    score = temporal_faithfulness({-753, -44}, [{-44}])
    assert score.value == 0.5
    assert score.reason == "answer year 753 BC not found in the retrieved contexts"


def test_faithfulness_long_runs_collapse_in_reason() -> None:
    # AFT = 19th century (1801..1900, 100 years), contexts mention 1850 only: 1/100
    score = temporal_faithfulness(range(1801, 1901), [{1850}])
    assert score.value == pytest.approx(0.01)
    assert score.reason == "answer years 1801-1849, 1851-1900 not found in the retrieved contexts"


def test_faithfulness_no_answer_years_is_nan_with_reason() -> None:
    score = temporal_faithfulness(set(), [{2008}])
    assert math.isnan(score.value) and score.is_nan
    assert score.reason == "answer makes no temporal claim"


def test_faithfulness_no_contexts_means_nothing_supported() -> None:
    # union of zero contexts is empty: 0/1
    assert temporal_faithfulness({2008}, []).value == 0.0
    assert temporal_faithfulness({2008}, [set(), set()]).value == 0.0


def test_faithfulness_accepts_focus_time_numpy_and_generators() -> None:
    answer = FocusTime.from_years([2008, 2009])
    contexts = [FocusTime.from_years([2008]), np.array([2009], dtype=np.int64)]
    assert temporal_faithfulness(answer, contexts).value == 1.0
    assert temporal_faithfulness((y for y in [2008]), ([y] for y in [2008])).value == 1.0


def test_faithfulness_duplicates_in_lists_count_once() -> None:
    # [2008, 2008, 2010] is the set {2008, 2010}: 1/2
    assert temporal_faithfulness([2008, 2008, 2010], [[2008]]).value == 0.5


@pytest.mark.parametrize(
    ("answer", "contexts", "message"),
    [
        (None, [], "answer_years must be an iterable of integer years, got None"),
        ("2008", [], "answer_years must be an iterable of integer years, got str '2008'"),
        (2008, [], "answer_years must be an iterable of integer years, got int"),
        ([2008.0], [], "answer_years must contain integer years only, got 2008.0"),
        ([True], [], "answer_years must contain integer years only, got True"),
        ({2008}, None, "context_years must be an iterable of year collections (one per document), got None"),
        ({2008}, [{2008}, None], "context_years[1] must be an iterable of integer years, got None"),
        ({2008}, [{2008}, "2009"], "context_years[1] must be an iterable of integer years, got str '2009'"),
    ],
)
def test_faithfulness_bad_input_raises_type_error_naming_the_argument(answer, contexts, message) -> None:
    with pytest.raises(TypeError) as info:
        temporal_faithfulness(answer, contexts)
    assert str(info.value) == message


# --- answer_temporal_recall: |AFT ∩ QFT| / |QFT| -------------------------------------------------


def test_answer_temporal_recall() -> None:
    # QFT {2020, 2021}, AFT {2020}: 1/2, missing 2021
    assert answer_temporal_recall({2020}, {2020, 2021}) == Score(
        0.5, "answer covers 1 of 2 query years; missing: 2021"
    )
    # extra answer years do not lower recall: {2020, 2021} ⊂ AFT -> 2/2
    assert answer_temporal_recall({2019, 2020, 2021}, {2020, 2021}).value == 1.0
    # answer without years: 0/2
    assert answer_temporal_recall(set(), {2020, 2021}).value == 0.0
    # query with one year, singular
    assert answer_temporal_recall(set(), {2020}).reason == "answer covers 0 of 1 query year; missing: 2020"


def test_answer_temporal_recall_without_query_focus_is_nan() -> None:
    score = answer_temporal_recall({2020}, set())
    assert score.is_nan and score.reason == "query has no temporal focus"


# --- overlap_relevance and jaccard_grades ---------------------------------------------------------


def test_overlap_relevance() -> None:
    # QFT {2020, 2021}: {2021, 2022} shares 2021 -> 1; {2019} -> 0; {} -> 0; {2020} -> 1
    assert overlap_relevance({2020, 2021}, [{2021, 2022}, {2019}, set(), {2020}]) == [1, 0, 0, 1]
    assert overlap_relevance(set(), [{2020}]) == [0]
    assert overlap_relevance({2020}, []) == []


def test_jaccard_grades_seed_ndcg_example() -> None:
    # seed 001: QFT {2020, 2021}; DFT {2020, 2021}: J = 2/2 = 1 -> 4.0; DFT {2019}: J = 0/3 -> 0.0
    assert jaccard_grades({2020, 2021}, [{2020, 2021}, {2019}]) == [4.0, 0.0]


def test_jaccard_grades_partial_and_scale() -> None:
    # QFT {2020, 2021}, DFT {2021, 2022}: |∩| = 1, |∪| = 3 -> 4/3; scale 1 -> 1/3; empty DFT -> 0
    grades = jaccard_grades({2020, 2021}, [{2021, 2022}, set()])
    assert grades == pytest.approx([4 / 3, 0.0])
    assert jaccard_grades({2020, 2021}, [{2021, 2022}], scale=1) == pytest.approx([1 / 3])
    # both empty: defined as 0 (nothing shared)
    assert jaccard_grades(set(), [set()]) == [0.0]


@pytest.mark.parametrize("scale", [0, -1.0, math.nan, math.inf, True, "4"])
def test_jaccard_grades_rejects_bad_scale(scale) -> None:
    with pytest.raises(ValueError, match=r"scale must be a finite positive number, got "):
        jaccard_grades({2020}, [{2020}], scale=scale)


def test_doc_years_list_errors_name_the_document() -> None:
    with pytest.raises(TypeError, match=r"doc_years_list\[2\] must contain integer years only, got '2020'"):
        overlap_relevance({2020}, [{2020}, set(), ["2020"]])


# --- retrieved_year_precision / retrieved_year_recall ---------------------------------------------


def test_retrieved_year_precision() -> None:
    # union of DFT = {2019, 2020, 2021}; QFT {2020}: 1/3; off-focus 2019, 2021
    score = retrieved_year_precision({2020}, [{2020, 2021}, {2019}])
    assert score.value == pytest.approx(1 / 3)
    assert score.reason == "1 of 3 retrieved years in the query focus; off-focus: 2019, 2021"
    # every retrieved year in focus: 2/2
    assert retrieved_year_precision({2020, 2021, 2022}, [{2020}, {2021}]) == Score(
        1.0, "2 of 2 retrieved years in the query focus"
    )


def test_retrieved_year_precision_nan_cases() -> None:
    score = retrieved_year_precision({2020}, [set(), set()])
    assert score.is_nan and score.reason == "no retrieved document mentions a year"
    assert retrieved_year_precision({2020}, []).is_nan
    # without a query focus every year would be "off-focus": undefined, not 0
    no_focus = retrieved_year_precision(set(), [{2020}])
    assert no_focus.is_nan and no_focus.reason == "query has no temporal focus"


def test_retrieved_year_recall() -> None:
    # QFT {2020, 2021}; union {2019, 2020}: found 2020 -> 1/2
    assert retrieved_year_recall({2020, 2021}, [{2020}, {2019}]) == Score(
        0.5, "1 of 2 query years retrieved; missing: 2021"
    )
    assert retrieved_year_recall({2020}, [{2020}]) == Score(1.0, "1 of 1 query year retrieved")
    score = retrieved_year_recall(set(), [{2020}])
    assert score.is_nan and score.reason == "query has no temporal focus"


def test_unsupported_years_are_the_answer_years_no_context_holds() -> None:
    from ragas_temporal.scores import unsupported_years

    assert unsupported_years({2007, 2008, -44}, [{2008}, {2009, -44}]) == frozenset({2007})
    assert unsupported_years({2008}, [{2008}]) == frozenset()
    assert unsupported_years(set(), [{2008}]) == frozenset()
    with pytest.raises(TypeError):
        unsupported_years(None, [{2008}])
