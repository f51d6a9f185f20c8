"""Is an answer's own timeline possible? Coherence from its dated claims and the pairs that clash.

The evidence (which claims the answer makes, which of them contradict each other) comes from
rules or from an LLM judge; this module only counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ragas_temporal.scores._result import Score, undefined
from ragas_temporal.scores._validation import check_count, plural

__all__ = ["timeline_coherence"]

_MAX_EXPLAINED = 3


def timeline_coherence(n_dated_claims: int, contradictions: Sequence[tuple[Iterable[int], str]]) -> Score:
    """``1 − (claims in at least one contradiction) / (dated claims)``.

    Parameters
    ----------
    n_dated_claims : int
        Number of claims of the answer that place something in time (a date, a year, an age, a
        duration), numbered ``0 .. n-1``.
    contradictions : sequence of (claim indices, explanation)
        Each entry names the claims that cannot all be true together (usually a pair) and says why.
        A claim in several contradictions counts once.

    Returns
    -------
    Score
        Value in [0, 1]; 1 when nothing clashes. NaN with fewer than two dated claims ("nothing to
        compare").

    Examples
    --------
    >>> timeline_coherence(4, [((0, 2), "died (1940) before born (1950)")])
    Score(value=0.5, reason='2 of 4 dated claims contradict another: died (1940) before born (1950)')
    >>> timeline_coherence(3, [])
    Score(value=1.0, reason='no contradiction among 3 dated claims')
    >>> timeline_coherence(1, []).reason
    'fewer than 2 dated claims (1): nothing to compare'
    """
    n = check_count(n_dated_claims, "n_dated_claims")
    involved: set[int] = set()
    explanations: list[str] = []
    for number, (claims, explanation) in enumerate(contradictions):
        indices = set(claims)
        bad = [i for i in indices if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n]
        if len(indices) < 2 or bad:
            raise ValueError(
                f"contradictions[{number}] must name at least two distinct claims in 0..{n - 1}, got {sorted(indices, key=str)}"
            )
        involved |= indices
        explanations.append(str(explanation))
    if n < 2:
        return undefined(f"fewer than 2 dated claims ({n}): nothing to compare")
    if not involved:
        return Score(1.0, f"no contradiction among {n} dated claims")
    shown = "; ".join(explanations[:_MAX_EXPLAINED])
    if len(explanations) > _MAX_EXPLAINED:
        shown += f"; and {len(explanations) - _MAX_EXPLAINED} more"
    reason = (
        f"{len(involved)} of {n} dated claims contradict another"
        if len(involved) != 1
        else f"1 of {n} dated {plural(n, 'claim')} contradicts another"
    )
    return Score((n - len(involved)) / n, f"{reason}: {shown}")
