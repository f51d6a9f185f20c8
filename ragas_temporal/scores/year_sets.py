"""Scores on focus times: sets of integer years of the answer (AFT), query (QFT) and documents (DFT).

Year arguments accept any iterable of integers (BCE years negative) or an object with a ``years``
attribute such as ``FocusTime``. ``None`` or a string raise ``TypeError``: the metric layer decides
what a missing text means before calling these functions.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable
from typing import Any

from ragas_temporal.scores._result import Score, undefined
from ragas_temporal.scores._validation import as_year_set, as_year_sets
from ragas_temporal.scores._result import format_years, plural

__all__ = [
    "no_claim_reason",
    "unsupported_years",
    "temporal_faithfulness",
    "answer_temporal_recall",
    "answer_temporal_precision",
    "anchor_coverage",
    "overlap_relevance",
    "jaccard_grades",
    "retrieved_year_precision",
    "retrieved_year_recall",
]

NO_ANSWER_CLAIM = "answer makes no temporal claim"
NO_QUERY_FOCUS = "query has no temporal focus"


def _context_union(context_years: object, name: str) -> frozenset[int]:
    return frozenset().union(*as_year_sets(context_years, name))


def _unsupported_reason(unsupported: frozenset[int]) -> str:
    return (
        f"answer {plural(len(unsupported), 'year')} {format_years(unsupported)} "
        "not found in the retrieved contexts"
    )


def unsupported_years(answer_years: Iterable[int], context_years: Iterable[Iterable[int]]) -> frozenset[int]:
    """The answer's years that no retrieved context holds: ``AFT − ∪_i DFT_i``.

    Hybrid faithfulness asks an LLM only when this is empty (every answer year occurs somewhere);
    an invented year needs no reader.

    >>> sorted(unsupported_years({2007, 2008}, [{2008}, {2009}]))
    [2007]
    >>> unsupported_years({2008}, [])
    frozenset({2008})
    """
    return as_year_set(answer_years, "answer_years") - _context_union(context_years, "context_years")


def temporal_faithfulness(answer_years: Iterable[int], context_years: Iterable[Iterable[int]]) -> Score:
    """Share of the answer's years found in at least one retrieved context.

    ``|AFT ∩ (∪_i DFT_i)| / |AFT|``.

    Parameters
    ----------
    answer_years : iterable of int
        Focus time of the answer (AFT).
    context_years : iterable of iterables of int
        Focus time of each retrieved context (DFT_i). An empty iterable (no contexts) leaves every
        answer year unsupported.

    Returns
    -------
    Score
        Value in [0, 1]. NaN when the answer has no year ("answer makes no temporal claim"). The
        reason lists the unsupported years.

    Examples
    --------
    >>> temporal_faithfulness({2008, 2009}, [{2008}, {2009}])
    Score(value=1.0, reason='all answer years (2008, 2009) found in the retrieved contexts')
    >>> temporal_faithfulness({2007, 2010}, [{2008}, {2009}])
    Score(value=0.0, reason='answer years 2007, 2010 not found in the retrieved contexts')
    >>> temporal_faithfulness({-753, 2008}, [{2008}])
    Score(value=0.5, reason='answer year 753 BC not found in the retrieved contexts')
    >>> temporal_faithfulness(set(), [{2008}]).reason
    'answer makes no temporal claim'
    """
    aft = as_year_set(answer_years, "answer_years")
    contexts = _context_union(context_years, "context_years")
    if not aft:
        return undefined(NO_ANSWER_CLAIM)
    unsupported = aft - contexts
    value = (len(aft) - len(unsupported)) / len(aft)
    if unsupported:
        return Score(value, _unsupported_reason(unsupported))
    return Score(value, f"all answer years ({format_years(aft)}) found in the retrieved contexts")


def answer_temporal_recall(answer_years: Iterable[int], query_years: Iterable[int]) -> Score:
    """Share of the query's years that the answer covers.

    ``|AFT ∩ QFT| / |QFT|``.

    Parameters
    ----------
    answer_years : iterable of int
        Focus time of the answer (AFT).
    query_years : iterable of int
        Focus time of the query (QFT).

    Returns
    -------
    Score
        Value in [0, 1]. NaN when the query has no year ("query has no temporal focus"). An answer
        without years scores 0 for a query with a temporal focus.

    Examples
    --------
    >>> answer_temporal_recall({2020}, {2020, 2021})
    Score(value=0.5, reason='answer covers 1 of 2 query years; missing: 2021')
    >>> answer_temporal_recall({2020, 2021, 2022}, {2020, 2021})
    Score(value=1.0, reason='answer covers every query year (2020, 2021)')
    """
    aft = as_year_set(answer_years, "answer_years")
    qft = as_year_set(query_years, "query_years")
    if not qft:
        return undefined(NO_QUERY_FOCUS)
    missing = qft - aft
    covered = len(qft) - len(missing)
    value = covered / len(qft)
    if missing:
        return Score(
            value,
            f"answer covers {covered} of {len(qft)} query {plural(len(qft), 'year')}; "
            f"missing: {format_years(missing)}",
        )
    return Score(value, f"answer covers every query year ({format_years(qft)})")


def answer_temporal_precision(answer_years: Iterable[int], query_years: Iterable[int]) -> Score:
    """Share of the answer's years that lie in the period the query asks about.

    ``|AFT ∩ QFT| / |AFT|``: the pair to :func:`answer_temporal_recall`. An answer that drifts to
    other periods loses precision even when it also covers the asked one.

    Parameters
    ----------
    answer_years : iterable of int
        Focus time of the answer (AFT).
    query_years : iterable of int
        Focus time of the query (QFT).

    Returns
    -------
    Score
        Value in [0, 1]. NaN when the query has no year ("query has no temporal focus") or the
        answer has none ("answer makes no temporal claim"). The reason lists the off-focus years.

    Examples
    --------
    >>> answer_temporal_precision({2007, 2010}, {2008})  # "What happened in 2008?"
    Score(value=0.0, reason='0 of 2 answer years in the query focus; off-focus: 2007, 2010')
    >>> answer_temporal_precision({2008, 2009}, {2008})
    Score(value=0.5, reason='1 of 2 answer years in the query focus; off-focus: 2009')
    """
    aft = as_year_set(answer_years, "answer_years")
    qft = as_year_set(query_years, "query_years")
    if not qft:
        return undefined(NO_QUERY_FOCUS)
    if not aft:
        return undefined(NO_ANSWER_CLAIM)
    off_focus = aft - qft
    on_focus = len(aft) - len(off_focus)
    if not off_focus:
        return Score(1.0, f"every answer year ({format_years(aft)}) is in the query focus")
    reason = (
        f"{on_focus} of {len(aft)} answer {plural(len(aft), 'year')} in the query focus; "
        f"off-focus: {format_years(off_focus)}"
    )
    return Score(on_focus / len(aft), reason)


def anchor_coverage(anchors: Iterable[Iterable[int]], covered_years: Iterable[int]) -> Score:
    """Share of the query's time anchors that the covering text touches.

    An anchor is one period the query names (one temporal mention: "2010", "the 1990s", "since
    2015"); it is covered when at least one of its years is among ``covered_years`` (the answer's,
    or the top-K contexts' years). ``|{a : Y_a ∩ C ≠ ∅}| / |anchors|``. Unlike a year recall, a
    ten-year decade counts once, like a single year: "compare the 1990s with 2020" has two anchors.

    Parameters
    ----------
    anchors : iterable of iterables of int
        Years of each anchor, in query order. Anchors without years (unresolved relative
        expressions) must be left out by the caller.
    covered_years : iterable of int
        Years of the answer (or of the top-K contexts).

    Returns
    -------
    Score
        Value in [0, 1]. NaN when there is no anchor ("query has no temporal focus").

    Examples
    --------
    >>> anchor_coverage([{2010}, {2020}], {2010, 2011})  # "compare 2010 with 2020"
    Score(value=0.5, reason='covers 1 of 2 query anchors; not covered: 2020')
    >>> anchor_coverage([set(range(1990, 2000)), {2020}], {1995, 2020}).value
    1.0
    """
    anchor_sets = [a for a in as_year_sets(anchors, "anchors")]
    covered = as_year_set(covered_years, "covered_years")
    if not anchor_sets:
        return undefined(NO_QUERY_FOCUS)
    if any(not a for a in anchor_sets):
        raise ValueError("anchors must each hold at least one year; leave unresolved anchors out")
    missed = [a for a in anchor_sets if a.isdisjoint(covered)]
    hit = len(anchor_sets) - len(missed)
    reason = f"covers {hit} of {len(anchor_sets)} query {plural(len(anchor_sets), 'anchor')}"
    if missed:
        reason += "; not covered: " + "; ".join(format_years(a) for a in missed)
    return Score(hit / len(anchor_sets), reason)


def overlap_relevance(query_years: Iterable[int], doc_years_list: Iterable[Iterable[int]]) -> list[int]:
    """Binary temporal relevance of each document: 1 iff it shares a year with the query.

    ``rel(d) = 1 if QFT ∩ DFT_d ≠ ∅ else 0``, in the order of ``doc_years_list``.

    Parameters
    ----------
    query_years : iterable of int
        Focus time of the query (QFT). When empty, every document gets 0: the metric layer should
        report NaN ("query has no temporal focus") instead of calling this.
    doc_years_list : iterable of iterables of int
        Focus time of each document, in rank order.

    Returns
    -------
    list of int
        One 0/1 value per document (a plain list, not a Score).

    Examples
    --------
    >>> overlap_relevance({2020, 2021}, [{2021, 2022}, {2019}, set()])
    [1, 0, 0]
    """
    qft = as_year_set(query_years, "query_years")
    return [0 if qft.isdisjoint(dft) else 1 for dft in as_year_sets(doc_years_list, "doc_years_list")]


def jaccard_grades(
    query_years: Iterable[int], doc_years_list: Iterable[Iterable[int]], scale: float = 4.0
) -> list[float]:
    """Graded temporal relevance of each document: Jaccard(QFT, DFT_d) times ``scale``.

    ``grade(d) = scale · |QFT ∩ DFT_d| / |QFT ∪ DFT_d|``; the default scale 4 maps it onto the 0-4
    grading used by NDCG judges. A pair of empty sets has Jaccard 0 (no shared year, nothing to grade).

    Parameters
    ----------
    query_years : iterable of int
        Focus time of the query (QFT).
    doc_years_list : iterable of iterables of int
        Focus time of each document, in rank order.
    scale : float, default=4.0
        Finite positive multiplier.

    Returns
    -------
    list of float
        One grade in [0, scale] per document (a plain list, not a Score).

    Examples
    --------
    >>> jaccard_grades({2020, 2021}, [{2020, 2021}, {2019}])
    [4.0, 0.0]
    >>> jaccard_grades({2020, 2021}, [{2021, 2022}], scale=1.0)  # 1 shared of 3 years
    [0.3333333333333333]
    """
    if (
        isinstance(scale, bool)
        or not isinstance(scale, numbers.Real)
        or not math.isfinite(scale)
        or scale <= 0
    ):
        raise ValueError(f"scale must be a finite positive number, got {scale!r}")
    qft = as_year_set(query_years, "query_years")
    grades = []
    for dft in as_year_sets(doc_years_list, "doc_years_list"):
        union = len(qft | dft)
        grades.append(scale * len(qft & dft) / union if union else 0.0)
    return grades


def retrieved_year_precision(
    query_years: Iterable[int], doc_years_list: Iterable[Iterable[int]]
) -> Score:
    """Share of the years mentioned by the retrieved documents that the query asks about.

    ``|QFT ∩ ∪_d DFT_d| / |∪_d DFT_d|``.

    Parameters
    ----------
    query_years : iterable of int
        Focus time of the query (QFT).
    doc_years_list : iterable of iterables of int
        Focus time of each retrieved document.

    Returns
    -------
    Score
        Value in [0, 1]. NaN when the query has no year ("query has no temporal focus": every
        retrieved year would be off-focus, which says nothing about the retriever) or when no
        retrieved document mentions a year.

    Examples
    --------
    >>> retrieved_year_precision({2020}, [{2020, 2021}, {2019}])
    Score(value=0.3333333333333333, reason='1 of 3 retrieved years in the query focus; off-focus: 2019, 2021')
    """
    qft = as_year_set(query_years, "query_years")
    retrieved = _context_union(doc_years_list, "doc_years_list")
    if not qft:
        return undefined(NO_QUERY_FOCUS)
    if not retrieved:
        return undefined("no retrieved document mentions a year")
    on_focus = len(qft & retrieved)
    off_focus = retrieved - qft
    reason = f"{on_focus} of {len(retrieved)} retrieved {plural(len(retrieved), 'year')} in the query focus"
    if off_focus:
        reason += f"; off-focus: {format_years(off_focus)}"
    return Score(on_focus / len(retrieved), reason)


def retrieved_year_recall(query_years: Iterable[int], doc_years_list: Iterable[Iterable[int]]) -> Score:
    """Share of the query's years mentioned by at least one retrieved document.

    ``|QFT ∩ ∪_d DFT_d| / |QFT|``.

    Parameters
    ----------
    query_years : iterable of int
        Focus time of the query (QFT).
    doc_years_list : iterable of iterables of int
        Focus time of each retrieved document.

    Returns
    -------
    Score
        Value in [0, 1]. NaN when the query has no year ("query has no temporal focus").

    Examples
    --------
    >>> retrieved_year_recall({2020, 2021}, [{2020}, {2019}])
    Score(value=0.5, reason='1 of 2 query years retrieved; missing: 2021')
    """
    qft = as_year_set(query_years, "query_years")
    retrieved = _context_union(doc_years_list, "doc_years_list")
    if not qft:
        return undefined(NO_QUERY_FOCUS)
    missing = qft - retrieved
    found = len(qft) - len(missing)
    reason = f"{found} of {len(qft)} query {plural(len(qft), 'year')} retrieved"
    if missing:
        reason += f"; missing: {format_years(missing)}"
    return Score(found / len(qft), reason)


def no_claim_reason(mentions: Iterable[Any], side: str = "answer", reference_date: Any = None) -> str:
    """Why a text with no dated mention cannot be scored, and what to do about it.

    ``mentions`` are the text's mentions (objects with ``text``, ``kind``, ``value``, ``years``);
    ``side`` is ``"answer"`` (faithfulness) or ``"query"`` (retrieval metrics); ``reference_date``
    is the date the text was read against (``None``: none). Relative mentions without years need a
    reference date; with one, they fell outside the calendar ("next year" on 9999-12-31); a vague
    one ("recently", value ``PAST_REF``) names no year at all. Anaphoric ones need an earlier date
    or a reference date; any other mention without years is named as having unknown years.

    >>> from types import SimpleNamespace as M
    >>> no_claim_reason([])
    'answer makes no temporal claim'
    >>> no_claim_reason([], side="query")
    'query has no temporal focus'
    >>> no_claim_reason([M(text="last year", kind="relative", years=set())])
    "'last year' needs a reference date: pass reference_date=... or a reference_date column"
    >>> no_claim_reason([M(text="the following year", kind="anaphoric", years=set())], side="query")
    "query has no temporal focus: 'the following year' needs an earlier date in the same text or a reference date: pass reference_date=... or a reference_date column"
    >>> import datetime as dt
    >>> no_claim_reason([M(text="next year", kind="relative", value=None, years=set())], reference_date=dt.date(9999, 12, 31))
    "'next year' falls outside the calendar from the reference date 9999-12-31"
    """
    if side not in ("answer", "query"):
        raise ValueError(f"side must be 'answer' or 'query', got {side!r}")
    base = NO_ANSWER_CLAIM if side == "answer" else NO_QUERY_FOCUS
    undated = [m for m in mentions if not getattr(m, "years", None)]
    if not undated:
        return base
    fix = "pass reference_date=... or a reference_date column"
    by_kind: dict[str, list[str]] = {"relative": [], "vague": [], "beyond": [], "anaphoric": [], "other": []}
    for mention in undated:
        kind = getattr(mention, "kind", None)
        unresolved = getattr(mention, "value", None) is None or getattr(mention, "relative", None) is not None
        if kind == "relative" and not unresolved:
            kind = "vague"  # PAST_REF, PRESENT_REF: no date would give it a year
        elif kind == "relative" and reference_date is not None:
            kind = "beyond"  # read against a date, yet no year: it left the calendar
        by_kind[kind if kind in by_kind else "other"].append(repr(str(mention.text)))
    parts = []
    if by_kind["relative"]:
        verb = "needs" if len(by_kind["relative"]) == 1 else "need"
        parts.append(f"{', '.join(by_kind['relative'])} {verb} a reference date: {fix}")
    if by_kind["beyond"]:
        verb = "falls" if len(by_kind["beyond"]) == 1 else "fall"
        shown = reference_date.isoformat() if hasattr(reference_date, "isoformat") else str(reference_date)
        parts.append(f"{', '.join(by_kind['beyond'])} {verb} outside the calendar from the reference date {shown}")
    if by_kind["vague"]:
        verb = "names" if len(by_kind["vague"]) == 1 else "name"
        parts.append(f"{', '.join(by_kind['vague'])} {verb} no particular year")
    if by_kind["anaphoric"]:
        verb = "needs" if len(by_kind["anaphoric"]) == 1 else "need"
        parts.append(f"{', '.join(by_kind['anaphoric'])} {verb} an earlier date in the same text or a reference date: {fix}")
    if by_kind["other"]:
        parts.append(f"the years of {', '.join(by_kind['other'])} are unknown: nothing to check them against")
    reason = "; ".join(parts)
    # The answer side's sentence already says a claim is made but cannot be dated; the query side
    # keeps its established opening so readers and filters still recognise it.
    return reason if side == "answer" else f"{base}: {reason}"
