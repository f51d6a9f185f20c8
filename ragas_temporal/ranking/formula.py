"""Ranking metrics on relevance grades given in rank order (position 1 first).

Conventions follow trec_eval (each function states its own), so gold-mode numbers agree with ranx
and ir_measures; binary relevance is ``grade > 0``. Grades are finite non-negative numbers in an
ordered sequence (a set has no rank order and is refused).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ragas_temporal.scores._result import Score, undefined
from ragas_temporal.scores._validation import as_ranked_grades, check_count, check_k
from ragas_temporal.scores._result import plural

__all__ = [
    "GAINS",
    "precision_at_k",
    "recall_at_k",
    "reciprocal_rank_at_k",
    "average_precision_at_k",
    "dcg_at_k",
    "ndcg_at_k",
]

#: Accepted values of the ``gain`` argument of :func:`dcg_at_k` and :func:`ndcg_at_k`.
GAINS = ("linear", "exponential")

# 2**1024 overflows a float; real grading scales stop far below.
_MAX_EXPONENTIAL_GRADE = 1000.0


def _check_relevant_count(relevance: list[float], n_relevant: object) -> int:
    n = check_count(n_relevant, "n_relevant")
    found = sum(1 for g in relevance if g > 0)
    if found > n:
        raise ValueError(
            f"relevance contains {found} relevant documents but n_relevant is {n}; n_relevant must count "
            "every relevant document, retrieved or not"
        )
    return n


def _ranks_of_relevant(relevance: list[float], k: int) -> list[int]:
    return [i + 1 for i, g in enumerate(relevance[:k]) if g > 0]


def _listed(ranks: list[int]) -> str:
    return ", ".join(map(str, ranks))


def precision_at_k(relevance: Sequence[float], k: int) -> Score:
    """Share of the top-k positions holding a relevant document.

    ``P@k = |{i <= k : rel_i > 0}| / k``. The denominator is ``k`` even when fewer than ``k``
    documents were retrieved (trec_eval ``P_k``): a system that returns two documents for ``k = 5``
    cannot score above 0.4.

    Parameters
    ----------
    relevance : sequence of float
        Relevance grade of each retrieved document in rank order; ``> 0`` means relevant.
    k : int
        Cutoff, a positive integer.

    Returns
    -------
    Score
        Value in [0, 1]; 0 when nothing was retrieved.

    Examples
    --------
    >>> precision_at_k([1, 0, 1, 0], k=2)
    Score(value=0.5, reason='1 of the top 2 documents relevant (rank 1)')
    >>> precision_at_k([1, 1], k=5)  # fewer than k retrieved: still divided by k
    Score(value=0.4, reason='2 of the top 5 documents relevant (ranks 1, 2); only 2 retrieved, P@k divides by k')
    """
    k = check_k(k)
    grades = as_ranked_grades(relevance, "relevance")
    ranks = _ranks_of_relevant(grades, k)
    reason = f"{len(ranks)} of the top {k} documents relevant"
    if ranks:
        reason += f" ({plural(len(ranks), 'rank')} {_listed(ranks)})"
    if len(grades) < k:
        reason += f"; only {len(grades)} retrieved, P@k divides by k"
    return Score(len(ranks) / k, reason)


def recall_at_k(relevance: Sequence[float], k: int, n_relevant: int) -> Score:
    """Share of all relevant documents found in the top k.

    ``R@k = |{i <= k : rel_i > 0}| / n_relevant``.

    Parameters
    ----------
    relevance : sequence of float
        Relevance grade of each retrieved document in rank order; ``> 0`` means relevant.
    k : int
        Cutoff, a positive integer.
    n_relevant : int
        Number of relevant documents known for the query, retrieved or not (gold mode: the gold
        ids with a positive grade; focus-time mode: the relevant documents among all retrieved).
        Must be at least the number of relevant entries in ``relevance``.

    Returns
    -------
    Score
        Value in [0, 1]. NaN when ``n_relevant`` is 0 (recall is undefined without relevant documents).

    Examples
    --------
    >>> recall_at_k([0, 1, 0, 1], k=2, n_relevant=3)
    Score(value=0.3333333333333333, reason='1 of 3 relevant documents in the top 2')
    >>> recall_at_k([0, 0], k=2, n_relevant=0).reason
    'no relevant document exists for this query (n_relevant=0): recall is undefined'
    """
    k = check_k(k)
    grades = as_ranked_grades(relevance, "relevance")
    n = _check_relevant_count(grades, n_relevant)
    if n == 0:
        return undefined("no relevant document exists for this query (n_relevant=0): recall is undefined")
    hits = len(_ranks_of_relevant(grades, k))
    return Score(hits / n, f"{hits} of {n} relevant {plural(n, 'document')} in the top {k}")


def reciprocal_rank_at_k(relevance: Sequence[float], k: int) -> Score:
    """Inverse rank of the first relevant document in the top k, 0 if there is none.

    ``RR@k = 1 / min{i <= k : rel_i > 0}``; averaged over queries it gives MRR@k. A query without
    any relevant document scores 0, as in trec_eval and ranx.

    Parameters
    ----------
    relevance : sequence of float
        Relevance grade of each retrieved document in rank order; ``> 0`` means relevant.
    k : int
        Cutoff, a positive integer.

    Returns
    -------
    Score
        Value in (0, 1] or 0.

    Examples
    --------
    >>> reciprocal_rank_at_k([0, 0, 1], k=5)
    Score(value=0.3333333333333333, reason='first relevant document at rank 3')
    >>> reciprocal_rank_at_k([0, 0, 1], k=2)
    Score(value=0.0, reason='no relevant document in the top 2')
    """
    k = check_k(k)
    grades = as_ranked_grades(relevance, "relevance")
    for i, grade in enumerate(grades[:k]):
        if grade > 0:
            return Score(1.0 / (i + 1), f"first relevant document at rank {i + 1}")
    return Score(0.0, f"no relevant document in the top {k}")


def average_precision_at_k(relevance: Sequence[float], k: int, n_relevant: int) -> Score:
    """Average precision with a cutoff, normalised by all relevant documents known (trec_eval ``map_cut``).

    ``AP@k = (Σ_{r <= k, rel_r > 0} P@r) / n_relevant``. Relevant documents that were not retrieved in
    the top k contribute 0, which is why the denominator is ``n_relevant`` and not the number of
    relevant documents retrieved.

    Parameters
    ----------
    relevance : sequence of float
        Relevance grade of each retrieved document in rank order; ``> 0`` means relevant.
    k : int
        Cutoff, a positive integer.
    n_relevant : int
        Number of relevant documents known for the query, retrieved or not; at least the number of
        relevant entries in ``relevance``.

    Returns
    -------
    Score
        Value in [0, 1]. NaN when ``n_relevant`` is 0.

    Examples
    --------
    >>> average_precision_at_k([1, 0, 1], k=3, n_relevant=3)  # (1/1 + 2/3) / 3
    Score(value=0.5555555555555555, reason='relevant documents at ranks 1, 3 of the top 3; 3 relevant in total')
    """
    k = check_k(k)
    grades = as_ranked_grades(relevance, "relevance")
    n = _check_relevant_count(grades, n_relevant)
    if n == 0:
        return undefined(
            "no relevant document exists for this query (n_relevant=0): average precision is undefined"
        )
    ranks = _ranks_of_relevant(grades, k)
    # the j-th relevant document (1-based) at rank r contributes P@r = j / r
    total = sum(j / r for j, r in enumerate(ranks, start=1))
    if ranks:
        reason = f"relevant documents at {plural(len(ranks), 'rank')} {_listed(ranks)} of the top {k}"
    else:
        reason = f"no relevant document in the top {k}"
    return Score(total / n, f"{reason}; {n} relevant in total")


def _check_gain(gain: object) -> None:
    if gain not in GAINS:
        raise ValueError(f"gain must be one of {', '.join(map(repr, GAINS))}, got {gain!r}")


def _dcg(grades: list[float], k: int, gain: str) -> float:
    top = grades[:k]
    if gain == "exponential":
        if top and max(top) > _MAX_EXPONENTIAL_GRADE:
            raise ValueError(
                f"exponential gain 2**g - 1 overflows for grade {max(top)!r}; use gain='linear' or smaller grades"
            )
        return sum((2.0**g - 1.0) / math.log2(i + 2) for i, g in enumerate(top))
    return sum(g / math.log2(i + 2) for i, g in enumerate(top))


def dcg_at_k(gains: Sequence[float], k: int, gain: str = "linear") -> float:
    """Discounted cumulative gain of the top k.

    ``DCG@k = Σ_{i=1..k} G(g_i) / log2(i + 1)`` with ``G(g) = g`` (``gain="linear"``, trec_eval and
    ranx ``ndcg``) or ``G(g) = 2**g − 1`` (``gain="exponential"``, ranx ``ndcg_burges``).

    Parameters
    ----------
    gains : sequence of float
        Grade of each retrieved document in rank order.
    k : int
        Cutoff, a positive integer.
    gain : {"linear", "exponential"}, default="linear"
        Gain function.

    Returns
    -------
    float
        The DCG (a plain float, 0.0 for an empty list).

    Examples
    --------
    >>> round(dcg_at_k([3, 2, 3, 0, 1, 2], k=6), 6)  # 3/1 + 2/log2(3) + 3/2 + 0 + 1/log2(6) + 2/log2(7)
    6.861127
    >>> dcg_at_k([2, 1], k=2, gain="exponential")  # 3/1 + 1/log2(3)
    3.6309297535714578
    """
    k = check_k(k)
    _check_gain(gain)
    return _dcg(as_ranked_grades(gains, "gains"), k, gain)


def ndcg_at_k(
    gains: Sequence[float],
    k: int,
    ideal_gains: Sequence[float] | None = None,
    gain: str = "linear",
) -> Score:
    """Normalised DCG: the DCG of the ranking divided by the DCG of the ideal ranking.

    ``NDCG@k = DCG@k / IDCG@k``. The ideal ranking is ``ideal_gains`` sorted in descending order when
    given, otherwise ``gains`` sorted in descending order.

    - Gold mode: pass ``ideal_gains`` = the grades of **all** gold documents, retrieved or not
      (see :func:`gold_ideal_grades`); a relevant document the system missed lowers the score.
      This matches trec_eval ``ndcg_cut``, ranx and ir_measures.
    - Focus-time and LLM modes: only the retrieved documents have grades, so the ideal ranking is a
      re-ordering of the retrieved list. **Limitation**: the score then measures ordering only,
      not coverage; a system that retrieved only weak partial matches, best first, scores 1.0.

    Parameters
    ----------
    gains : sequence of float
        Grade of each retrieved document in rank order (finite, >= 0).
    k : int
        Cutoff, a positive integer.
    ideal_gains : sequence of float, optional
        Grades of every document that could have been retrieved, in any order.
    gain : {"linear", "exponential"}, default="linear"
        Gain function, see :func:`dcg_at_k`.

    Returns
    -------
    Score
        Value in [0, 1]. NaN when IDCG@k is 0 (no document has a positive grade).

    Raises
    ------
    ValueError
        For an invalid ``k``, grade or ``gain``, or when the gains give a DCG above the ideal DCG
        (``ideal_gains`` does not hold the grades of the retrieved relevant documents).

    Examples
    --------
    Focus-time mode, seed example: QFT {2020, 2021}, documents {2020, 2021} and {2019} give Jaccard
    grades [4, 0], already the ideal order.

    >>> ndcg_at_k([4.0, 0.0], k=2)
    Score(value=1.0, reason='DCG@2 4 equals the ideal DCG@2 (ideal from the retrieved documents)')

    Gold mode: one of two relevant documents retrieved, at rank 2: (1/log2(3)) / (1 + 1/log2(3)).

    >>> round(ndcg_at_k([0, 1], k=2, ideal_gains=[1, 1]).value, 6)
    0.386853
    """
    k = check_k(k)
    _check_gain(gain)
    grades = as_ranked_grades(gains, "gains")
    if ideal_gains is None:
        ideal = sorted(grades, reverse=True)
        source = "the retrieved documents"
    else:
        ideal = sorted(as_ranked_grades(ideal_gains, "ideal_gains"), reverse=True)
        source = "ideal_gains"
    idcg = _dcg(ideal, k, gain)
    if idcg == 0.0:
        return undefined(f"ideal DCG@{k} is 0: no document in {source} has a positive grade")
    dcg = _dcg(grades, k, gain)
    if dcg > idcg * (1.0 + 1e-9):
        raise ValueError(
            f"gains give DCG@{k} {dcg:.6g} above the ideal DCG@{k} {idcg:.6g}: ideal_gains must hold the grades "
            "of every relevant document, including the retrieved ones"
        )
    value = min(1.0, dcg / idcg)  # clip float noise from summing in a different order
    if value == 1.0:
        reason = f"DCG@{k} {dcg:.4g} equals the ideal DCG@{k} (ideal from {source})"
    else:
        reason = f"DCG@{k} {dcg:.4g} of an ideal {idcg:.4g} (ideal from {source})"
    return Score(value, reason)
