"""The temporal focus of a query, by rules: what kind of time the question asks about.

Labels (:data:`TEMPORAL_FOCUS_LABELS`):

- ``specific_time``: a point or period ("When did ...", "What year ...", "... in 2008?");
- ``recency``: the latest state ("latest", "most recent", "currently", "as of today");
- ``duration``: a length of time ("How long ...", "for how many years ...");
- ``trend``: change over time ("How has ... changed", "over the years", "trend");
- ``before_after``: an order relative to an anchor ("before the war", "after 2008", "which came first");
- ``none``: no temporal aspect (only an LLM says this: rules never claim a query is atemporal).

:func:`classify_temporal_focus_by_rules` returns one label when a cue phrase is found, and
``None`` when no rule fires ("rules cannot tell"); callers then either ask an LLM (the
``temporal_focus`` prompt) or let the relevance judge infer the focus in the same call.

When cues of several kinds occur, the most specific wins, in this fixed order:
``duration`` > ``trend`` > ``before_after`` > ``recency`` > ``specific_time``
("How long after the war ..." asks for a duration; "What changed after 2008?" is before/after).
A query with no cue phrase but an explicit time mention (a year, a date, "last year") is
``specific_time``. No LLM, no wall clock; the labels are :mod:`ragas_temporal.ranking.focus_prompt`'s.

Example
-------
>>> classify_temporal_focus_by_rules("How long did the Hundred Years' War last?")
'duration'
>>> classify_temporal_focus_by_rules("What is the latest iPhone?")
'recency'
>>> classify_temporal_focus_by_rules("Who wrote Hamlet?") is None
True
"""

from __future__ import annotations

import re
from typing import Callable

# the label set is the prompt's (one tuple, and the output model's Literal over it)
from ragas_temporal.ranking.focus_prompt import TEMPORAL_FOCUS_LABELS

__all__ = [
    "TEMPORAL_FOCUS_LABELS",
    "FOCUS_PRECEDENCE",
    "FOCUS_CUES",
    "classify_temporal_focus_by_rules",
    "focus_cues_found",
]


#: When cues of several kinds fire, the first label in this order wins.
FOCUS_PRECEDENCE: tuple[str, ...] = ("duration", "trend", "before_after", "recency", "specific_time")

# One place to read every rule: label -> cue patterns (case-insensitive, word-bounded).
_CUE_SOURCES: dict[str, tuple[str, ...]] = {
    "duration": (
        r"how long",
        r"how many (?:years|months|weeks|days|hours|decades|centuries)",
        r"for how (?:long|many)",
        r"duration of",
        r"length of time",
        r"(?:lasted|last) (?:for )?(?:how|about|over)",
        r"how much time",
        r"how old",
    ),
    "trend": (
        r"trends?",
        r"over (?:the|recent|past) (?:years|decades|centuries|months)",
        r"over time",
        r"(?:how|in what way) (?:has|have|did) .{0,60}?(?:change|changed|evolve|evolved|grow|grown|develop|developed)",
        r"evolution of",
        r"history of",
        r"year[- ]over[- ]year",
        r"(?:rise|fall|growth|decline|increase|decrease) (?:of|in) .{0,40}? (?:since|from|between)",
    ),
    "before_after": (
        r"before",
        r"after",
        r"prior to",
        r"earlier than",
        r"later than",
        r"preceded",
        r"followed",
        r"which (?:came|happened|was) (?:first|earlier|later)",
        r"until",
        r"by the time",
    ),
    "recency": (
        r"latest",
        r"most recent(?:ly)?",
        r"recent(?:ly)?",
        r"current(?:ly)?",
        r"nowadays",
        r"right now",
        r"as of (?:today|now)",
        r"these days",
        r"up[- ]to[- ]date",
        r"newest",
        r"today",
        r"now",
    ),
    "specific_time": (
        r"when",
        r"what (?:year|date|day|month|decade|century|time)",
        r"which (?:year|date|day|month|decade|century)",
        r"in what (?:year|month|decade|century)",
        r"since when",
        r"what era",
    ),
}

#: Compiled cue patterns per label (word-bounded, case-insensitive).
FOCUS_CUES: dict[str, re.Pattern[str]] = {
    label: re.compile(r"\b(?:" + "|".join(sources) + r")\b", re.IGNORECASE)
    for label, sources in _CUE_SOURCES.items()
}


def focus_cues_found(query: str) -> dict[str, list[str]]:
    """Every cue phrase found in ``query``, by label (labels without a cue are left out).

    >>> focus_cues_found("How long after the war was the treaty signed?")
    {'duration': ['How long'], 'before_after': ['after']}
    """
    found: dict[str, list[str]] = {}
    for label in FOCUS_PRECEDENCE:
        hits = [m.group(0) for m in FOCUS_CUES[label].finditer(query)]
        if hits:
            found[label] = hits
    return found


def classify_temporal_focus_by_rules(
    query: str,
    has_time_mention: bool | Callable[[str], bool] | None = None,
) -> str | None:
    """Classify the temporal focus of ``query`` by cue phrases; ``None`` when no rule fires.

    Parameters
    ----------
    query : str
        The user question.
    has_time_mention : bool or callable, optional
        Whether the query mentions a time (a year, a date, "last year"). A callable receives
        the query. By default the focus-time extractor decides
        (``extract_focus_time(query).mentions`` is non-empty).

    Returns
    -------
    str or None
        One of ``specific_time``, ``recency``, ``duration``, ``trend``, ``before_after``;
        ``None`` when the rules cannot tell (no cue phrase and no time mention).

    Raises
    ------
    TypeError
        If ``query`` is not a string.

    Examples
    --------
    >>> classify_temporal_focus_by_rules("When did the Berlin Wall fall?")
    'specific_time'
    >>> classify_temporal_focus_by_rules("How has inflation changed over the years?")
    'trend'
    >>> classify_temporal_focus_by_rules("Who led France before de Gaulle?")
    'before_after'
    >>> classify_temporal_focus_by_rules("Who won the 2010 World Cup?")  # no cue, a year
    'specific_time'
    >>> classify_temporal_focus_by_rules("Who won the World Cup?", has_time_mention=False) is None
    True
    """
    if not isinstance(query, str):
        raise TypeError(f"query must be a string, got {type(query).__name__}")
    for label in FOCUS_PRECEDENCE:
        if FOCUS_CUES[label].search(query):
            return label
    if has_time_mention is None:
        from ragas_temporal.focus_time import extract_focus_time

        mentioned = bool(extract_focus_time(query).mentions)
    elif callable(has_time_mention):
        mentioned = bool(has_time_mention(query))
    else:
        mentioned = bool(has_time_mention)
    return "specific_time" if mentioned else None
