"""Agreement of the focus times of several answers to one question (mean pairwise Jaccard)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from ragas_temporal.scores._result import Score, undefined
from ragas_temporal.scores._validation import as_ordered, as_year_set
from ragas_temporal.scores._result import format_years, plural

__all__ = ["temporal_consistency", "consistency_with_others"]


def temporal_consistency(answers_years: Sequence[Iterable[int]]) -> Score:
    """Agreement of the focus times of several answers to the same question: mean pairwise Jaccard.

    ``mean over pairs (a, b) of |Y_a ∩ Y_b| / |Y_a ∪ Y_b|``. Two answers that both mention no year
    agree (Jaccard 1 for that pair); one with years and one without disagree (0).

    Parameters
    ----------
    answers_years : sequence of iterables of int
        Focus time of each answer (e.g. samples drawn at a temperature, or paraphrased questions).

    Returns
    -------
    Score
        Value in [0, 1]. NaN with fewer than two answers, or when no answer mentions a year.

    Examples
    --------
    >>> temporal_consistency([{2008}, {2008, 2009}, {2008}])  # pairs: 1/2, 1, 1/2
    Score(value=0.6666666666666666, reason='mean Jaccard over 3 pairs of 3 answers; years in every answer: 2008; in only some: 2009')
    """
    sets = [as_year_set(years, f"answers_years[{i}]") for i, years in enumerate(as_ordered(answers_years, "answers_years"))]
    if len(sets) < 2:
        return undefined(f"consistency needs at least 2 answers, got {len(sets)}")
    union = frozenset().union(*sets)
    if not union:
        return undefined(f"none of the {len(sets)} answers makes a temporal claim")
    total = 0.0
    pairs = 0
    for a, b in combinations(sets, 2):
        pair_union = len(a | b)
        total += len(a & b) / pair_union if pair_union else 1.0
        pairs += 1
    common = frozenset.intersection(*sets)
    reason = f"mean Jaccard over {pairs} {plural(pairs, 'pair')} of {len(sets)} answers"
    reason += f"; years in every answer: {format_years(common)}" if common else "; no year in every answer"
    if union - common:
        reason += f"; in only some: {format_years(union - common)}"
    return Score(total / pairs, reason)


def consistency_with_others(answer_years: Iterable[int], others_years: Sequence[Iterable[int]]) -> Score:
    """Agreement of one answer's years with the other answers to the same question.

    ``mean over the other answers o of |Y ∩ Y_o| / |Y ∪ Y_o|`` (a pair where neither states a year
    agrees: 1). This is the per-sample view of :func:`temporal_consistency`: each sample of a group
    is scored against the rest, and the reason names the years they disagree on.

    Returns
    -------
    Score
        Value in [0, 1]. NaN when there is no other answer, or when neither this answer nor any
        other states a year.

    Examples
    --------
    >>> consistency_with_others({2008}, [{2008}, {2008, 2009}])  # Jaccard 1 and 1/2
    Score(value=0.75, reason='mean Jaccard with 2 other answers; only in others: 2009')
    >>> consistency_with_others({2008}, [{2008}]).reason
    'mean Jaccard with 1 other answer; same years (2008)'
    """
    own = as_year_set(answer_years, "answer_years")
    others = [as_year_set(y, f"others_years[{i}]") for i, y in enumerate(as_ordered(others_years, "others_years"))]
    if not others:
        return undefined("no other answer in this sample's group to compare with")
    union = own.union(*others)
    if not union:
        return undefined(f"neither this answer nor the {len(others)} other(s) state a year")
    total = sum(len(own & o) / len(own | o) if own | o else 1.0 for o in others)
    reason = f"mean Jaccard with {len(others)} other {plural(len(others), 'answer')}"
    only_here = own - frozenset.intersection(*others)
    only_there = union - own
    if only_here:
        reason += f"; not in every other answer: {format_years(only_here)}"
    if only_there:
        reason += f"; only in others: {format_years(only_there)}"
    if not only_here and not only_there:
        reason += f"; same years ({format_years(own)})"
    return Score(total / len(others), reason)
