"""Gold mode: turn retrieved ids and gold ids (or graded qrels) into the grades the ranking metrics take.

``gold`` is either a collection of relevant ids (binary: each has grade 1) or a mapping
``id -> grade`` (graded qrels; grade 0 means judged non-relevant). Ids are compared as text
(:func:`id_key`): the integer ``7`` and the string ``"7"`` are one document, as CSV and JSON round
trips make them.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence

from ragas_temporal.scores._validation import as_ordered, check_finite_non_negative
from ragas_temporal.scores.ids import id_key, keyed_by_id

__all__ = ["gold_grades", "gold_ideal_grades", "n_relevant_gold"]


def _gold_mapping(gold: object) -> dict[Hashable, float]:
    if isinstance(gold, Mapping):
        return {
            doc_id: check_finite_non_negative(grade, f"gold grade of {doc_id!r}")
            for doc_id, grade in keyed_by_id(gold, "gold").items()
        }
    if gold is None or isinstance(gold, (str, bytes)) or not isinstance(gold, Collection):
        shown = "None" if gold is None else f"{type(gold).__name__} {gold!r}"[:80]
        raise TypeError(f"gold must be a collection of ids or a mapping id -> grade, got {shown}")
    try:
        return dict.fromkeys(map(id_key, gold), 1.0)
    except TypeError as exc:
        raise TypeError(f"gold ids must be hashable: {exc}") from None


def gold_grades(retrieved_ids: Sequence[Hashable], gold: Collection[Hashable] | Mapping[Hashable, float]) -> list[float]:
    """Grade of each retrieved id from the gold judgements, in rank order.

    A retrieved id absent from ``gold`` gets 0. Ids are compared as text (:func:`id_key`: ``7`` is
    ``"7"``). **Duplicates**: a document counts once, at its first
    (best) rank; later occurrences of the same id get grade 0 and keep their position, so the list
    stays aligned with ``retrieved_ids`` and with the retrieved contexts. On duplicate-free runs this
    is exactly what ranx and trec_eval compute (ranx runs are dicts and cannot hold duplicates); a
    run that repeats a relevant document cannot gain from it.

    Parameters
    ----------
    retrieved_ids : sequence of hashable
        Retrieved document ids in rank order.
    gold : collection of hashable or mapping hashable -> float
        Relevant ids (binary, grade 1 each) or graded judgements ``id -> grade`` (finite, >= 0).

    Returns
    -------
    list of float
        One grade per retrieved id.

    Examples
    --------
    >>> gold_grades(["d3", "d1", "d9"], {"d1", "d2"})
    [0.0, 1.0, 0.0]
    >>> gold_grades(["d1", "d1", "d2"], {"d1": 3, "d2": 1})  # second "d1" is a duplicate
    [3.0, 0.0, 1.0]
    >>> gold_grades([12, 7], ["7"])  # a JSON file's 7 is a CSV file's "7"
    [0.0, 1.0]
    """
    grades = _gold_mapping(gold)
    ids = as_ordered(retrieved_ids, "retrieved_ids")
    seen: set[Hashable] = set()
    out: list[float] = []
    for rank, doc_id in enumerate(map(id_key, ids), start=1):
        try:
            duplicate = doc_id in seen
        except TypeError:
            raise TypeError(f"retrieved_ids must hold hashable ids, got {doc_id!r} at rank {rank}") from None
        if duplicate:
            out.append(0.0)
            continue
        seen.add(doc_id)
        out.append(grades.get(doc_id, 0.0))
    return out


def gold_ideal_grades(gold: Collection[Hashable] | Mapping[Hashable, float]) -> list[float]:
    """Grades of all gold documents, highest first: the ``ideal_gains`` for :func:`ndcg_at_k` in gold mode.

    Examples
    --------
    >>> gold_ideal_grades({"d1": 1, "d2": 3, "d3": 0})
    [3.0, 1.0, 0.0]
    >>> gold_ideal_grades(["d1", "d2"])
    [1.0, 1.0]
    """
    return sorted(_gold_mapping(gold).values(), reverse=True)


def n_relevant_gold(gold: Collection[Hashable] | Mapping[Hashable, float]) -> int:
    """Number of gold ids with a positive grade (the ``n_relevant`` of recall and AP in gold mode).

    Examples
    --------
    >>> n_relevant_gold({"d1": 2, "d2": 0, "d3": 1})
    2
    >>> n_relevant_gold(["d1", "d2", "d2"])  # a set of ids: duplicates count once
    2
    """
    return sum(1 for grade in _gold_mapping(gold).values() if grade > 0)
