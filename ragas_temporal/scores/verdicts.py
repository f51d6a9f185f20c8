"""LLM-mode temporal faithfulness: aggregate the judge's per-claim verdict labels into a score."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from ragas_temporal.scores._result import Score, undefined
from ragas_temporal.scores._validation import as_ordered, plural

__all__ = ["VERDICT_LABELS", "UNVERIFIABLE", "VERDICT_CREDIT", "verdict_spelling", "normalise_verdict", "claim_verdict_score"]

#: The labels a judge may give a temporal claim, best first.
VERDICT_LABELS = ("SUPPORTED", "PARTIALLY_SUPPORTED", "NOT_SUPPORTED", "CONTRADICTED")

#: The label the date rules give a claim nothing can check ("the previous year" with no date to
#: count from and no context saying the same, "recently"): listed with the verdicts, left out of
#: the score. Not a judge's label (a judge reads the claim and decides).
UNVERIFIABLE = "UNVERIFIABLE"

#: Credit each label earns in :func:`claim_verdict_score`.
VERDICT_CREDIT = MappingProxyType(
    {"SUPPORTED": 1.0, "PARTIALLY_SUPPORTED": 0.5, "NOT_SUPPORTED": 0.0, "CONTRADICTED": 0.0}
)


def verdict_spelling(label: str) -> str:
    """A label in the canonical spelling, known or not: stripped, upper-case, spaces and hyphens as ``_``.

    The one spelling rule for verdicts (:func:`normalise_verdict` checks the result against
    :data:`VERDICT_LABELS`).

    >>> verdict_spelling(" partially-supported ")
    'PARTIALLY_SUPPORTED'
    """
    return "_".join(label.strip().upper().replace("-", " ").split())


def normalise_verdict(label: str) -> str:
    """Canonical form of a verdict label: stripped, upper-case, spaces and hyphens as underscores.

    Raises ``ValueError`` naming the label when it is not one of :data:`VERDICT_LABELS`.

    >>> normalise_verdict(" partially supported ")
    'PARTIALLY_SUPPORTED'
    >>> normalise_verdict("not-supported")
    'NOT_SUPPORTED'
    """
    if not isinstance(label, str):
        raise TypeError(f"verdict labels must be strings, got {label!r}")
    canonical = verdict_spelling(label)
    if canonical not in VERDICT_CREDIT:
        raise ValueError(f"unknown verdict label {label!r}; expected one of {', '.join(VERDICT_LABELS)}")
    return canonical


def claim_verdict_score(labels: Sequence[str]) -> Score:
    """Share of the answer's temporal claims supported by the contexts, partial support counting half.

    ``(n_SUPPORTED + 0.5 · n_PARTIALLY_SUPPORTED) / n_claims``. Labels are matched case-insensitively,
    ignoring surrounding blanks; spaces and hyphens stand for underscores (``"partially supported"``).

    Parameters
    ----------
    labels : sequence of str
        One verdict per temporal claim, each one of :data:`VERDICT_LABELS`.

    Returns
    -------
    Score
        Value in [0, 1]. NaN when there are no claims ("answer makes no temporal claim").

    Raises
    ------
    ValueError
        For a label that is not a known verdict (the message names it).

    Examples
    --------
    >>> claim_verdict_score(["SUPPORTED", "partially_supported", "CONTRADICTED"])  # (1 + 0.5) / 3
    Score(value=0.5, reason='3 temporal claims: 1 supported, 1 partially supported, 1 contradicted')
    >>> claim_verdict_score([]).reason
    'answer makes no temporal claim'
    """
    canonical = [normalise_verdict(label) for label in as_ordered(labels, "labels")]
    if not canonical:
        return undefined("answer makes no temporal claim")
    counts = {label: 0 for label in VERDICT_LABELS}
    for label in canonical:
        counts[label] += 1
    value = sum(VERDICT_CREDIT[label] * n for label, n in counts.items()) / len(canonical)
    detail = ", ".join(f"{n} {label.lower().replace('_', ' ')}" for label, n in counts.items() if n)
    return Score(value, f"{len(canonical)} temporal {plural(len(canonical), 'claim')}: {detail}")
