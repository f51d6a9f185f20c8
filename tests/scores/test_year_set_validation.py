"""as_year_set / as_year_sets / as_ordered: the fast path for built-in collections validates as strictly
as the general path (same messages), and the general path still takes numpy ints and int subclasses."""

from __future__ import annotations

import enum

import numpy as np
import pytest

from ragas_temporal.scores import overlap_relevance, temporal_faithfulness
from ragas_temporal.scores._validation import as_ordered, as_year_set, as_year_sets

COLLECTIONS = [list, tuple, set, frozenset]


@pytest.mark.parametrize("kind", COLLECTIONS, ids=lambda k: k.__name__)
def test_builtin_collections_of_ints(kind) -> None:
    assert as_year_set(kind([2008, -44, 2008]), "y") == frozenset({2008, -44})
    assert as_year_set(kind(), "y") == frozenset()


def test_a_frozenset_of_ints_is_returned_as_is() -> None:
    years = frozenset({2008})
    assert as_year_set(years, "y") is years


@pytest.mark.parametrize("kind", COLLECTIONS, ids=lambda k: k.__name__)
@pytest.mark.parametrize(
    ("bad", "shown"), [(True, "True"), (False, "False"), (2008.5, "2008.5"), (None, "None"), ("2008", "'2008'")]
)
def test_builtin_collections_reject_non_integers_with_the_same_message(kind, bad, shown) -> None:
    with pytest.raises(TypeError) as info:
        as_year_set(kind([2008, bad]), "answer_years")
    assert str(info.value) == f"answer_years must contain integer years only, got {shown}"


def test_unhashable_items_are_named_not_a_hash_error() -> None:
    # a list inside the year list is a nesting mistake: the message shows it
    with pytest.raises(TypeError, match=r"answer_years must contain integer years only, got \[2008\]"):
        as_year_set([[2008]], "answer_years")


class Year(enum.IntEnum):
    LEHMAN = 2008


def test_numpy_ints_and_int_subclasses_take_the_checked_path_and_become_plain_ints() -> None:
    years = as_year_set(np.array([2008, 2009]), "y")
    assert years == {2008, 2009} and all(type(y) is int for y in years)
    years = as_year_set([Year.LEHMAN, 2010], "y")
    assert years == {2008, 2010} and all(type(y) is int for y in years)
    with pytest.raises(TypeError, match="y must contain integer years only"):
        as_year_set(np.array([True]), "y")


@pytest.mark.parametrize("outer", [list, tuple], ids=lambda k: k.__name__)
def test_per_document_sets_name_the_bad_document(outer) -> None:
    assert as_year_sets(outer([[2008], (2009,), {2010}, frozenset()]), "docs") == [
        frozenset({2008}), frozenset({2009}), frozenset({2010}), frozenset()
    ]
    with pytest.raises(TypeError) as info:
        as_year_sets(outer([[2008], [2009, True]]), "docs")
    assert str(info.value) == "docs[1] must contain integer years only, got True"
    with pytest.raises(TypeError) as info:
        as_year_sets(outer([[2008], None]), "docs")
    assert str(info.value) == "docs[1] must be an iterable of integer years, got None"


def test_scores_on_tuples_and_lists() -> None:
    # AFT {2008, 2010}, contexts {2008} ∪ {2009}: 1 of 2 answer years found -> 0.5
    assert temporal_faithfulness((2008, 2010), ([2008], (2009,))).value == 0.5
    # QFT {2009}: documents share it? [no, yes]
    assert overlap_relevance([2009], ((2008,), [2009, 2010])) == [0, 1]


def test_as_ordered_copies_lists_and_still_refuses_sets() -> None:
    grades = [3, 1]
    out = as_ordered(grades, "relevance")
    assert out == grades and out is not grades  # callers may change their copy
    assert as_ordered((1, 0), "relevance") == [1, 0]
    with pytest.raises(TypeError, match=r"relevance must be an ordered sequence \(rank 1 first\), got set"):
        as_ordered({1, 0}, "relevance")
