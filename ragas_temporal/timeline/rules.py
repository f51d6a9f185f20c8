"""The coherence rules, one pure function each: :class:`.Evidence` in, its contradictions out.

Each rule is described in :mod:`.coherence`; :data:`RULES` lists them in the order a timeline
reports their findings.

>>> evidence = Evidence.read("The company was founded in 1990 and dissolved in 1985.")
>>> lifecycle(evidence)
[Contradiction(claims=(0, 1), rule='lifecycle', explanation="'dissolved in 1985' is before 'founded in 1990' (founded → dissolved)")]
>>> [rule(evidence) for rule in (reversed_range, order, age, duration)]
[[], [], [], []]
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass

from ragas_temporal.timeline.bounds import certainly_before, span_years, years_between
from ragas_temporal.timeline.dated_claims import DatedClaim, Range
from ragas_temporal.timeline.durations import Duration, format_amount
from ragas_temporal.timeline.evidence import NEW_SUBJECT, Event, Evidence
from ragas_temporal.timeline.lifecycle import (
    AGE_ORIGINS,
    ORDER_DIRECTION,
    ORDER_WORDS,
    PAIRS_OF,
    PERSON_AGE_ORIGINS,
    closes,
)
from ragas_temporal.timeline.vocabulary import CLAUSE_BREAK, UNIT_IN_YEARS

__all__ = ["Contradiction", "TOLERANCE_YEARS", "RULES", "reversed_range", "lifecycle", "order", "age", "duration"]

#: A stated gap ("five years after") within this many years of what the dates imply is coherent.
TOLERANCE_YEARS = 1
# an age is stated at a date of its sentence this close to it
_AGE_AT_REACH = 60
# how many neighbours on each side a rule looks at (bounds the work on hostile text)
_NEAREST = 8


@dataclass(frozen=True)
class Contradiction:
    """Claims (indices into ``Timeline.claims``) that cannot all be true, the rule and why."""

    claims: tuple[int, ...]
    rule: str
    explanation: str


def _found(claims: tuple[int, ...], rule: str, explanation: str) -> Contradiction:
    return Contradiction(tuple(sorted(set(claims))), rule, explanation)


# --- reversed_range ------------------------------------------------------------------------------


def reversed_range(evidence: Evidence) -> list[Contradiction]:
    """A range that ends before it starts.

    >>> reversed_range(Evidence.read("He served from 2010 to 2005."))[0].explanation
    'the range 2010 to 2005 ends before it starts (reversed range)'
    """
    index = evidence.index
    return [
        _found(
            (index[id(r.first)], index[id(r.last)]),
            "reversed_range",
            f"the range {r.first.text} to {r.last.text} ends before it starts (reversed range)",
        )
        for r in evidence.reversed_ranges
    ]


# --- lifecycle -----------------------------------------------------------------------------------


def lifecycle(evidence: Evidence) -> list[Contradiction]:
    """A closing event dated before the related opening event of its kind (module docstring example)."""
    found = []
    openers: dict[str, list[Event]] = {}
    for e in evidence.events:
        if not closes(e.word):
            for pair in PAIRS_OF[e.word]:
                openers.setdefault(pair.kind, []).append(e)
    starts = {kind: [e.start for e in events] for kind, events in openers.items()}
    for close in evidence.events:
        if not closes(close.word):
            continue
        for pair in PAIRS_OF[close.word]:
            opening = _opening_of(evidence, close, openers.get(pair.kind, []), starts.get(pair.kind, []))
            if opening is not None and certainly_before(evidence.span(close), evidence.span(opening)):
                found.append(
                    _found(
                        (opening.claim, close.claim),
                        "lifecycle",
                        f"'{close.phrase}' is before '{opening.phrase}' ({opening.word} → {close.word})",
                    )
                )
                break
    return found


def _opening_of(evidence: Evidence, close: Event, openers: list[Event], starts: list[int]) -> Event | None:
    """The nearest opening event before ``close`` and related to it (this or the previous sentence).

    An opening written after the closing is left alone: prose tells a restart that way ("was
    abolished in 1963 and re-established in 1965", "resigned ..., and was appointed ...").
    """
    sentence = evidence.sentence_of(close.start)
    k = bisect_left(starts, close.start)
    for e in reversed(openers[max(0, k - 8) : k]):
        if evidence.sentence_of(e.start) < sentence - 1:
            break
        if e.claim != close.claim and evidence.related(e, close):
            return e
    return None


# --- order ---------------------------------------------------------------------------------------

# a date that locates its event ("in 2005", "of 2012"), not one that modifies a noun ("the 2017 season")
_LOCATING = re.compile(r"\b(?:in|on|of|during|at|by)\s+(?:the\s+)?$|^\s*$", re.IGNORECASE)
_DIGIT = re.compile(r"\d")
# "elected in 1992, before which she had served ... from 1985": the order word points back
_REFERS_BACK = re.compile(r"\s*(?:which|whom|that|this|then)\b", re.IGNORECASE)
# a second order phrase coordinated with the first: "ten years after X in 1989 and five years after Y"
_COORDINATED = re.compile(r"^\s*,?\s*and\s*$", re.IGNORECASE)


def order(evidence: Evidence) -> list[Contradiction]:
    """A one-sided order word between two dated events of one sentence, or a stated gap the dates miss.

    >>> order(Evidence.read("The treaty was signed in 1920, five years after the war ended in 1918."))[0].explanation
    "'five years after', but 1920 - 1918 is 2 years (order gap)"
    """
    claims, text = evidence.claims, evidence.text
    found: list[Contradiction] = []
    gaps = sorted(evidence.durations.values(), key=lambda d: d.end)
    gap_ends = [d.end for d in gaps]
    duration_index = {(c.start, c.end): i for i, c in enumerate(claims) if c.kind != "time"}
    head_of: dict[int, int] = {}  # object of an order word -> the date the relation started from
    # an order is checked between stated dates ("the fall of the Berlin Wall" is no season)
    stated = [i for i in evidence.times if _DIGIT.search(claims[i].text)]
    for a, b in zip(stated, stated[1:]):
        first, second = claims[a], claims[b]
        if evidence.sentence[a] != evidence.sentence[b] or second.start < first.end:
            continue
        r = evidence.range_of.get(id(first))
        if r is not None and r.last is second:
            continue  # the two ends of one range
        between = text[first.end : second.start]
        cue = ORDER_WORDS.search(between)
        if cue is None or CLAUSE_BREAK.search(between[cue.end() :]) or _REFERS_BACK.match(between, cue.end()):
            continue
        gap = _gap(text, gaps, gap_ends, first.end, first.end + cue.start())
        lead = between[: cue.start()] if gap is None else between[: gap.start - first.end]
        if _COORDINATED.match(lead) and a in head_of:
            # "in 1999, ten years after X in 1989 and five years after Y in 1993": from the head date
            a, first = head_of[a], claims[head_of[a]]
        elif not _LOCATING.search(evidence.before(evidence.sentence[a], first.start)):
            continue
        elif CLAUSE_BREAK.search(lead.replace(",", "", 1) if lead.rstrip().endswith(",") else lead) or re.search(r"[–—-]", lead):
            continue
        head_of[b] = a
        found += _check_order(evidence, a, b, " ".join(cue.group(0).lower().split()), gap, duration_index)
    return found


def _check_order(
    evidence: Evidence, a: int, b: int, word: str, gap: Duration | None, duration_index: dict[tuple[int, int], int]
) -> list[Contradiction]:
    """``claims[a]`` <order word> ``claims[b]``, with the gap stated before the word (a claim of ``duration_index``) if any."""
    first, second = evidence.claims[a], evidence.claims[b]
    later, earlier = (first, second) if ORDER_DIRECTION[word] == "after" else (second, first)
    if certainly_before(later.bounds, earlier.bounds):
        relation = "earlier" if later is first else "later"
        return [_found((a, b), "order", f"{first.text} is {relation} than {second.text}, yet the answer says '{word}' (order)")]
    if gap is not None and gap.bound == "exact" and later.bounds.precision == earlier.bounds.precision == 1:
        implied = later.bounds.lo[0] - earlier.bounds.hi[0]
        if abs(implied - gap.in_unit("year")) > TOLERANCE_YEARS:
            return [
                _found(
                    (a, b, duration_index[(gap.start, gap.end)]),
                    "order",
                    f"'{gap.text} {word}', but {later.text} - {earlier.text} is {format_amount(implied, 'year')} (order gap)",
                )
            ]
    return []


def _gap(text: str, by_end: list[Duration], ends: list[int], start: int, cue_start: int) -> Duration | None:
    """A duration written right before an order word ("five years after"); ``by_end`` sorted by end."""
    k = bisect_right(ends, cue_start)  # the last duration ending before the cue
    if not k:
        return None
    d = by_end[k - 1]
    if start <= d.start and not d.is_age and not text[d.end : cue_start].strip():
        return d
    return None


# --- age -----------------------------------------------------------------------------------------


def age(evidence: Evidence) -> list[Contradiction]:
    """An age at a date of its sentence that the date of the event it counts from denies.

    >>> age(Evidence.read("The firm was founded in 1990 and was 40 years old in 2010."))[0].explanation
    "'40 years old' in 2010, but 2010 - 1990 is 20 years (age since founded)"
    """
    claims = evidence.claims
    found = []
    origins = [e for e in evidence.events if e.word in AGE_ORIGINS]
    origin_claims = {e.claim for e in origins}
    origin_starts = [e.start for e in origins]
    times_in: dict[int, list[int]] = {}  # sentence -> its time claims
    for i in evidence.times:
        times_in.setdefault(evidence.sentence[i], []).append(i)
    for i, claim in enumerate(claims):
        if claim.kind != "age":
            continue
        stated_age = evidence.durations[(claim.start, claim.end)]
        at = _age_at(evidence, i, times_in.get(evidence.sentence[i], []), origin_claims)
        if at is None:
            continue
        # "aged 30", "at the age of 30" are a person's age: counted from a birth only
        words = AGE_ORIGINS if claim.text.lower().endswith("old") else PERSON_AGE_ORIGINS
        k = bisect_left(origin_starts, claim.start)
        nearby = origins[max(0, k - _NEAREST) : k + _NEAREST]
        related = [e for e in nearby if e.word in words and e.claim != at and _age_related(evidence, e, claim)]
        if not related:
            continue
        before = [e for e in related if e.start < claim.start]
        origin = before[-1] if before else related[0]
        low, high = years_between(evidence.span(origin), claims[at].bounds)
        stated = stated_age.in_unit("year")
        # "aged 30" holds from the 30th birthday to the day before the 31st; between years
        # stated loosely ("in its 21st year"), one more year is allowed
        slack = 1 if min(evidence.span(origin).precision, claims[at].bounds.precision) == 3 else 1 + TOLERANCE_YEARS
        wrong = {"exact": stated < low or stated >= high + slack, "at_least": stated >= high + slack,
                 "at_most": stated < low, "about": stated < low - 2 or stated > high + 2}[stated_age.bound]
        if wrong:
            at_claim, origin_claim = claims[at], claims[origin.claim]
            implied = at_claim.bounds.lo[0] - origin_claim.bounds.lo[0]
            found.append(
                _found(
                    (origin.claim, i, at),
                    "age",
                    f"'{claim.text}' in {at_claim.text}, but {at_claim.bounds.lo[0]} - {origin_claim.bounds.lo[0]} is "
                    f"{format_amount(implied, 'year')} (age since {origin.word})",
                )
            )
    return found


def _age_at(evidence: Evidence, i: int, times: list[int], origin_claims: set[int]) -> int | None:
    """The date an age is stated at: the nearest other date of its sentence (``times``, a few on each side)."""
    claim = evidence.claims[i]
    k = bisect_left(times, i)
    best = None
    for j in times[max(0, k - _NEAREST) : k + _NEAREST]:
        other = evidence.claims[j]
        if j in origin_claims or other.bounds is None:
            continue
        distance = other.start - claim.end if other.start >= claim.end else claim.start - other.end
        if distance <= _AGE_AT_REACH and (best is None or distance < best[0]):
            best = (distance, j)
    return None if best is None else best[1]


def _age_related(evidence: Evidence, origin: Event, claim: DatedClaim) -> bool:
    s1, s2 = evidence.sentence_of(origin.start), evidence.sentence_of(claim.start)
    if s1 == s2:
        first_end, second_start = (origin.end, claim.start) if origin.start < claim.start else (claim.end, origin.start)
        return not NEW_SUBJECT.search(evidence.text[first_end:second_start])
    return s2 - s1 == 1 and evidence.one_subject(s1, s2)


# --- duration ------------------------------------------------------------------------------------

# between a duration and the range it measures: "six years, from 1939 to 1945", "six years (1939–1945)"
_NEXT_TO = re.compile(r"^\s*[,(:–—-]?\s*(?:from|between|in|during|spanning|over|,)?\s*$", re.IGNORECASE)
# a duration that is a gap between events, not an event's length: "two years later", "in 22 years"
_MEASURED_AFTER = re.compile(
    r"^\s*(?:,\s*(?:lasting\s+|a\s+span\s+of\s+|a\s+period\s+of\s+|or\s+|some\s+)?|lasting\s+)(?:about\s+|nearly\s+|over\s+)?$",
    re.IGNORECASE,
)
_GAP_AFTER = re.compile(r"^\s*(?:later|earlier|after|before|since|prior|previously|on)\b", re.IGNORECASE)
_GAP_BEFORE = re.compile(r"\b(?:in|within|for\s+the\s+first\s+time\s+in)\s+$", re.IGNORECASE)


def duration(evidence: Evidence) -> list[Contradiction]:
    """A duration written next to the range it measures that the range cannot have.

    >>> duration(Evidence.read("The war lasted six years, from 1939 to 1941."))[0].explanation
    'six years, but from 1939 to 1941 is 2 years (duration)'
    """
    text, index = evidence.text, evidence.index
    found = []
    ranges_in: dict[int, list[Range]] = {}  # sentence -> its ranges
    for r in evidence.ranges:
        ranges_in.setdefault(evidence.sentence_of(r.start), []).append(r)
    for i, claim in enumerate(evidence.claims):
        if claim.kind != "duration":
            continue
        d = evidence.durations[(claim.start, claim.end)]
        if _GAP_AFTER.match(text, d.end) or _GAP_BEFORE.search(text[max(0, d.start - 30) : d.start]):
            continue
        in_sentence = ranges_in.get(evidence.sentence[i], [])
        k = bisect_left([r.start for r in in_sentence], d.start) if len(in_sentence) > 2 * _NEAREST else 0
        for r in in_sentence[max(0, k - 1) : k + 1] if len(in_sentence) > 2 * _NEAREST else in_sentence:
            if not _measures(text, d, r):
                continue
            shortest, longest = span_years(r.first.bounds, r.last.bounds)
            stated = d.years
            slack = UNIT_IN_YEARS[d.unit] / 2
            low, high = shortest - slack, longest + slack
            if d.bound == "about":
                low, high = low * 9 / 10, high * 11 / 10
            wrong = {"exact": not low <= stated <= high, "at_least": stated > high,
                     "at_most": stated < low, "about": not low <= stated <= high}[d.bound]
            if wrong:
                length = r.last.bounds.lo[0] - r.first.bounds.lo[0]
                found.append(
                    _found(
                        (i, index[id(r.first)], index[id(r.last)]),
                        "duration",
                        f"{d.text}, but {r.text} is {format_amount(length, 'year')} (duration)",
                    )
                )
    return found


def _measures(text: str, d: Duration, r: Range) -> bool:
    """Is the range written right next to the duration, as the span it measures?"""
    if d.end <= r.start:
        between = text[d.end : r.start]
        attributive = re.match(r"^-?\s*[a-z]+\s*", between) if d.text.split()[-1:] and "-" in d.text else None
        if attributive and _NEXT_TO.match(between[attributive.end() :]):
            return True
        return bool(_NEXT_TO.match(between))
    # after its range, a duration follows a comma or says so: "from 1999 to 2007, eight years in
    # all", "from 1939 to 1945, lasting six years" ("1982–83 (60 years and 219 days)" is someone's age)
    return r.end <= d.start and bool(_MEASURED_AFTER.match(text[r.end : d.start]))


#: The rules in the order a timeline lists what they find.
RULES: tuple[Callable[[Evidence], list[Contradiction]], ...] = (reversed_range, lifecycle, order, age, duration)
