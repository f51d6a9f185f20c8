"""Claim-level temporal faithfulness: each dated mention of the answer is one claim, judged as a reader would.

A year-set score (``|AFT ∩ ∪DFT| / |AFT|``) expands "from 1515 to 1547" into 33 years and counts
1516..1546 as unsupported claims although the context states exactly that reign. Here every
answer mention that has years is **one claim**, judged by what it states:

- a **point** (a year, a date, a fiscal year, a resolved "last year") is supported when its year is
  among the contexts' stated years: a year or date a context names, or an end of a range it names
  (a range's inner years are not stated: "(1867–1934)" does not say 1913);
- a **range** is supported when both of its ends are supported, or when it lies inside a range a
  context states without sharing just one of its ends (that is the stated range with an end changed:
  "2005–2019" against "2005–2021"); one supported end earns half credit ("2016–17" and "2016–2017"
  are the same claim);
- an **open range** ("2015–present") is judged by its start;
- a **period** (a decade, a century) is supported when a context states the same period (or a
  shorter one inside it: "the late 1970s" supports "the 1970s") or a year inside it. A point is *not* supported by a context that only states
  its decade: "1995" needs 1995, "the 1990s" is not enough.

Score = credited claims / claims; identical claims of the answer count once.

Nothing here imports ragas or the extractor: :func:`claim_from_mention` reads any object with the
extractor's mention attributes (``text``, ``kind``, ``value``, ``years``), so it works on the
extractor's ``TemporalMention`` and on users' own records alike.

Examples
--------
>>> from types import SimpleNamespace as M
>>> reign = M(text="from 1515 to 1547", kind="range", value="1515/1547", years=range(1515, 1548))
>>> claim_from_mention(reign)
TemporalClaim(text='from 1515 to 1547', shape='range', start=1515, end=1547, granularity='year')
>>> answer = [claim_from_mention(M(text="1494", kind="year", value="1494", years={1494})), claim_from_mention(reign)]
>>> context = [claim_from_mention(M(text="12 September 1494", kind="date", value="1494-09-12", years={1494})),
...            claim_from_mention(M(text="1515", kind="year", value="1515", years={1515}))]
>>> claim_faithfulness(answer, [context])
Score(value=0.75, reason="'from 1515 to 1547': only 1515 found")
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ragas_temporal.scores._result import Score, undefined
from ragas_temporal.scores._validation import year_label, plural
from ragas_temporal.scores.verdicts import VERDICT_CREDIT, normalise_verdict
from ragas_temporal.scores.year_sets import NO_ANSWER_CLAIM, NO_QUERY_FOCUS

__all__ = [
    "CLAIM_SHAPES",
    "TemporalClaim",
    "ClaimCredit",
    "claim_from_mention",
    "claims_from_mentions",
    "claims_from_focus_time",
    "credit_claims",
    "credits_reason",
    "claim_faithfulness",
    "claims_for_judge",
    "judged_claim_faithfulness",
    "capped_credit",
    "capped_claim_faithfulness",
    "no_claim_reason",
    "NO_ANSWER_CLAIM",
    "NO_QUERY_FOCUS",
]

#: What a claim states: one year, a closed span, a span open at its end, a coarse period.
CLAIM_SHAPES = ("point", "range", "open_range", "period")

# Mention kinds whose years form a coarse period rather than a stated span.
_PERIOD_KINDS = frozenset({"decade", "century"})
# Mention kinds that state a span: their ends are what is claimed.
_SPAN_KINDS = frozenset({"range", "named_period"})
# A TIMEX year at the start of a value part: "2019-03-03", "BC0753", "2021-Q3", "0014".
_TIMEX_YEAR = re.compile(r"^(BC)?(\d{4})(?![\d])")
# A range whose text ends in "present"/"now"/"today" is open even when the extractor closed it at
# the reference year ("2015–present" read on 2024-01-01 has the value "2015/2024"); the same
# words the extractor's range pattern accepts as an open end.
_OPEN_END = re.compile(r"(?i)(?:present|now|today)\W*$")
# Reasons quote at most this many unsupported claims; the rest are counted.
_MAX_QUOTED = 5


@dataclass(frozen=True, slots=True)
class TemporalClaim:
    """One temporal claim: the answer's words and the years they commit to.

    ``shape`` is one of :data:`CLAIM_SHAPES`; ``start``/``end`` are years (BCE negative), equal for a
    point, and ``end == start`` for an open range (it is judged by its start). ``granularity`` is
    ``"year"`` for points and ranges, ``"decade"`` or ``"century"`` for periods. Equality ignores
    ``text``, so "2016–17" and "2016–2017" are the same claim.

    >>> TemporalClaim("2016–17", "range", 2016, 2017) == TemporalClaim("2016–2017", "range", 2016, 2017)
    True
    """

    text: str
    shape: str
    start: int
    end: int
    granularity: str = "year"

    @property
    def key(self) -> tuple[str, int, int, str]:
        """What the claim states, without its wording."""
        return (self.shape, self.start, self.end, self.granularity)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TemporalClaim) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)


@dataclass(frozen=True, slots=True)
class ClaimCredit:
    """How much one claim earns (1, 0.5 or 0) and, when less than 1, what was missing."""

    claim: TemporalClaim
    credit: float
    note: str = ""


def _timex_year(part: str) -> int | None:
    match = _TIMEX_YEAR.match(part.strip())
    if not match:
        return None
    year = int(match[2])
    return -year if match[1] else year


def _span_of(value: object) -> tuple[int | None, int | None] | None:
    """(start, end) of a TIMEX range value "A/B"; end ``None`` when open ("2015/PRESENT_REF")."""
    if not isinstance(value, str) or "/" not in value:
        return None
    first, _, second = value.partition("/")
    start = _timex_year(first)
    if start is None:
        return None
    return start, _timex_year(second)


def claim_from_mention(mention: Any) -> TemporalClaim | None:
    """The claim a mention makes, or ``None`` when it has no years (an unresolved "last year").

    Reads ``mention.text``, ``.kind``, ``.value`` (TIMEX-style) and ``.years``. Range ends come from
    the value ("2008/2010") when it has them, so a range whose inner years were never listed is
    still judged by its ends; otherwise from the smallest and largest year.

    >>> from types import SimpleNamespace as M
    >>> claim_from_mention(M(text="2016–17", kind="range", value="2016/2017", years={2016, 2017}))
    TemporalClaim(text='2016–17', shape='range', start=2016, end=2017, granularity='year')
    >>> claim_from_mention(M(text="2015–present", kind="range", value="2015/PRESENT_REF", years={2015}))
    TemporalClaim(text='2015–present', shape='open_range', start=2015, end=2015, granularity='year')
    >>> claim_from_mention(M(text="2015–present", kind="range", value="2015/2024", years=range(2015, 2025))).shape
    'open_range'
    >>> claim_from_mention(M(text="the 1990s", kind="decade", value="199", years=range(1990, 2000)))
    TemporalClaim(text='the 1990s', shape='period', start=1990, end=1999, granularity='decade')
    >>> claim_from_mention(M(text="last year", kind="relative", value=None, years=set())) is None
    True
    """
    kind = getattr(mention, "kind", None)
    text = str(getattr(mention, "text", ""))
    years = list(getattr(mention, "years", None) or ())
    span = _span_of(getattr(mention, "value", None)) if kind in _SPAN_KINDS else None
    if span is not None:
        start, end = span
        if end is None or _OPEN_END.search(text):
            return TemporalClaim(text, "open_range", start, start)  # type: ignore[arg-type]
        start, end = min(start, end), max(start, end)  # type: ignore[type-var]
    elif years:
        start, end = min(years), max(years)
    else:
        return None
    if kind in _PERIOD_KINDS:
        return TemporalClaim(text, "period", start, end, kind)
    if start == end:
        return TemporalClaim(text, "point", start, end)
    return TemporalClaim(text, "range", start, end)


def claims_from_mentions(mentions: Iterable[Any]) -> list[TemporalClaim]:
    """Claims of the mentions that have years, in order, each distinct claim once.

    >>> from types import SimpleNamespace as M
    >>> [c.text for c in claims_from_mentions([
    ...     M(text="2016–17", kind="range", value="2016/2017", years={2016, 2017}),
    ...     M(text="last year", kind="relative", value=None, years=set()),
    ...     M(text="2016–2017", kind="range", value="2016/2017", years={2016, 2017})])]
    ['2016–17']
    """
    seen: dict[TemporalClaim, None] = {}
    for mention in mentions:
        claim = claim_from_mention(mention)
        if claim is not None and claim not in seen:
            seen[claim] = None
    return list(seen)


def claims_from_focus_time(focus_time: Any) -> list[TemporalClaim]:
    """Claims of a focus time (any object with ``mentions`` and ``years``).

    The mentions' claims (:func:`claims_from_mentions`), then one point claim for each year no
    mention accounts for: a focus time built from bare years (``FocusTime.from_years``) still
    makes its claims.

    >>> from types import SimpleNamespace as M
    >>> built = M(years={1995, 2008}, mentions=[M(text="2008", kind="year", value="2008", years={2008})])
    >>> claims_from_focus_time(built)
    [TemporalClaim(text='2008', shape='point', start=2008, end=2008, granularity='year'), \
TemporalClaim(text='1995', shape='point', start=1995, end=1995, granularity='year')]
    """
    mentions = tuple(getattr(focus_time, "mentions", None) or ())
    claims = claims_from_mentions(mentions)
    accounted = set().union(*(getattr(m, "years", None) or () for m in mentions))
    for year in sorted(set(getattr(focus_time, "years", None) or ()) - accounted):
        claim = TemporalClaim(year_label(year), "point", year, year)
        if claim not in claims:
            claims.append(claim)
    return claims


class _Evidence:
    """What the contexts state, indexed for the support rules."""

    def __init__(self, context_claims: Iterable[Iterable[TemporalClaim]]) -> None:
        # Stated years: points, range ends, open starts. A range's inner years are not stated years
        # ("(1867–1934)" states a birth and a death, not 1913); a range claim may still lie inside
        # a stated range, which is the rule's separate clause.
        self.years: set[int] = set()
        self.spans: list[tuple[int, int]] = []  # closed ranges stated
        self.periods: set[tuple[int, int]] = set()  # decades/centuries stated
        for claims in context_claims:
            for claim in claims:
                if claim.shape == "period":
                    self.periods.add((claim.start, claim.end))
                elif claim.shape == "range":
                    self.years.update((claim.start, claim.end))
                    self.spans.append((claim.start, claim.end))
                else:
                    self.years.add(claim.start)

    def has_year(self, year: int) -> bool:
        return year in self.years

    def has_span_around(self, start: int, end: int) -> bool:
        # A sub-period of a stated range is supported; a range that shares exactly one end with the
        # stated range and stops short at the other is that range with an end changed ("2005–2019"
        # against "2005–2021"), so it is judged by its ends instead.
        return any(
            s <= start and end <= e and (start == s) == (end == e) for s, e in self.spans
        )

    def has_period_or_year_in(self, start: int, end: int) -> bool:
        return any(start <= year <= end for year in self.years) or any(
            start <= s and e <= end for s, e in self.periods
        )


def _credit(claim: TemporalClaim, evidence: _Evidence) -> ClaimCredit:
    if claim.shape == "period":
        return ClaimCredit(claim, 1.0 if evidence.has_period_or_year_in(claim.start, claim.end) else 0.0)
    if claim.shape in ("point", "open_range"):
        return ClaimCredit(claim, 1.0 if evidence.has_year(claim.start) else 0.0)
    if evidence.has_span_around(claim.start, claim.end):
        return ClaimCredit(claim, 1.0)
    found = [year for year in (claim.start, claim.end) if evidence.has_year(year)]
    if len(found) == 2:
        return ClaimCredit(claim, 1.0)
    if found:
        return ClaimCredit(claim, 0.5, f"only {year_label(found[0])} found")
    return ClaimCredit(claim, 0.0)


def _as_claims(claims: object, name: str) -> list[TemporalClaim]:
    if isinstance(claims, (str, bytes)) or not isinstance(claims, Iterable):
        raise TypeError(f"{name} must be an iterable of TemporalClaim, got {type(claims).__name__}")
    out = list(claims)
    for i, claim in enumerate(out):
        if not isinstance(claim, TemporalClaim):
            raise TypeError(f"{name}[{i}] must be a TemporalClaim, got {type(claim).__name__}")
    return out


def credit_claims(
    answer_claims: Iterable[TemporalClaim], context_claims: Iterable[Iterable[TemporalClaim]]
) -> list[ClaimCredit]:
    """The credit of each distinct answer claim against the claims of all retrieved contexts.

    >>> year = lambda y: TemporalClaim(str(y), "point", y, y)
    >>> [c.credit for c in credit_claims([year(1995), TemporalClaim("1990s", "period", 1990, 1999, "decade")],
    ...                                  [[TemporalClaim("the 1990s", "period", 1990, 1999, "decade")]])]
    [0.0, 1.0]
    """
    answer = list(dict.fromkeys(_as_claims(answer_claims, "answer_claims")))
    if isinstance(context_claims, (str, bytes)) or not isinstance(context_claims, Iterable):
        raise TypeError(f"context_claims must be an iterable of claim lists, got {type(context_claims).__name__}")
    evidence = _Evidence(_as_claims(claims, f"context_claims[{i}]") for i, claims in enumerate(context_claims))
    return [_credit(claim, evidence) for claim in answer]


def credits_reason(credits: Iterable[ClaimCredit]) -> str:
    """The reason for a list of credits: each claim short of full credit, by its text.

    Claims with no support are listed together, then each half-credited range with what was found.

    >>> credits_reason([ClaimCredit(TemporalClaim("1995", "point", 1995, 1995), 0.0),
    ...                 ClaimCredit(TemporalClaim("2007–11", "range", 2007, 2011), 0.5, "only 2007 found")])
    "'1995' not found in the retrieved contexts; '2007–11': only 2007 found"
    """
    credits = list(credits)
    weak = [c for c in credits if c.credit < 1.0]
    if not weak:
        quoted = ", ".join(repr(c.claim.text) for c in credits[:_MAX_QUOTED])
        more = f" and {len(credits) - _MAX_QUOTED} more" if len(credits) > _MAX_QUOTED else ""
        return f"every temporal claim ({quoted}{more}) found in the retrieved contexts"
    missing = [c for c in weak if not c.note]
    parts = []
    if missing:
        quoted = ", ".join(repr(c.claim.text) for c in missing[:_MAX_QUOTED])
        more = f" and {len(missing) - _MAX_QUOTED} more" if len(missing) > _MAX_QUOTED else ""
        parts.append(f"{quoted}{more} not found in the retrieved contexts")
    partial = [c for c in weak if c.note]
    parts.extend(f"{c.claim.text!r}: {c.note}" for c in partial[:_MAX_QUOTED])
    if len(partial) > _MAX_QUOTED:
        parts.append(f"and {len(partial) - _MAX_QUOTED} more partly supported")
    return "; ".join(parts)


def claim_faithfulness(
    answer_claims: Iterable[TemporalClaim], context_claims: Iterable[Iterable[TemporalClaim]]
) -> Score:
    """Share of the answer's temporal claims the retrieved contexts support (the rules above).

    Parameters
    ----------
    answer_claims : iterable of TemporalClaim
        Claims of the answer (identical claims count once).
    context_claims : iterable of iterables of TemporalClaim
        Claims of each retrieved context.

    Returns
    -------
    Score
        ``Σ credit / number of claims`` in [0, 1]; NaN ("answer makes no temporal claim") when there
        is no claim. The reason quotes each claim short of full credit by its text.

    Examples
    --------
    >>> rage = [TemporalClaim("1991–2000", "range", 1991, 2000), TemporalClaim("2007–2011", "range", 2007, 2011)]
    >>> context = [TemporalClaim("1991 -- 2000", "range", 1991, 2000), TemporalClaim("2007 -- 11", "range", 2007, 2011)]
    >>> claim_faithfulness(rage, [context]).value
    1.0
    >>> claim_faithfulness([TemporalClaim("1995", "point", 1995, 1995)], [context]).value  # inside, not stated
    0.0
    >>> claim_faithfulness([TemporalClaim("2012", "point", 2012, 2012)], [context])
    Score(value=0.0, reason="'2012' not found in the retrieved contexts")
    >>> claim_faithfulness([], [context]).reason
    'answer makes no temporal claim'
    """
    credits = credit_claims(answer_claims, context_claims)
    if not credits:
        return undefined(NO_ANSWER_CLAIM)
    return Score(sum(c.credit for c in credits) / len(credits), credits_reason(credits))


def claims_for_judge(credits: Iterable[ClaimCredit]) -> list[TemporalClaim]:
    """The claims a judge still has to read: those focus time did not reject (credit above 0).

    A claim no context states earns 0 whoever reads it; the rest may be a right year tied to the
    wrong event, which only a reader can tell.

    >>> year = lambda y: TemporalClaim(str(y), "point", y, y)
    >>> [c.text for c in claims_for_judge([ClaimCredit(year(2007), 0.0), ClaimCredit(year(2008), 1.0)])]
    ['2008']
    """
    return [c.claim for c in credits if c.credit > 0]


def judged_claim_faithfulness(credits: Iterable[ClaimCredit], verdicts: Iterable[str]) -> Score:
    """Hybrid score: judge credit for the claims focus time kept, 0 for those it rejected, over all claims.

    ``verdicts`` are the judge's labels for :func:`claims_for_judge` of ``credits``, in that order
    (credit per label as in :data:`~ragas_temporal.scores.verdicts.VERDICT_CREDIT`).

    >>> year = lambda y: TemporalClaim(str(y), "point", y, y)
    >>> credits = [ClaimCredit(year(2007), 0.0), ClaimCredit(year(2008), 1.0), ClaimCredit(year(2009), 1.0)]
    >>> judged_claim_faithfulness(credits, ["SUPPORTED", "CONTRADICTED"])  # (0 + 1 + 0) / 3
    Score(value=0.3333333333333333, reason="'2007' not found in the retrieved contexts (no LLM call); LLM judge: 1 of 2 other claims supported")
    """
    credits = list(credits)
    labels = [normalise_verdict(v) for v in verdicts]
    kept = claims_for_judge(credits)
    if len(labels) != len(kept):
        raise ValueError(f"verdicts must give one label per claim left to judge: {len(kept)} claims, {len(labels)} labels")
    if not credits:
        return undefined(NO_ANSWER_CLAIM)
    rejected = [c for c in credits if c.credit == 0]
    judged = sum(VERDICT_CREDIT[label] for label in labels)
    parts = [f"{credits_reason(rejected)} (no LLM call)"] if rejected else []
    if kept:
        supported = sum(label == "SUPPORTED" for label in labels)
        other = "other " if rejected else ""
        parts.append(f"LLM judge: {supported} of {len(kept)} {other}{plural(len(kept), 'claim')} supported")
    return Score(judged / len(credits), "; ".join(parts))


def capped_credit(credit: ClaimCredit, verdict: str | None) -> float:
    """A judged claim's credit: the judge's, never above the claim's date credit.

    The dates settle what they can; a judge (or a context that talks it round) cannot raise a
    claim above what its dates earn. ``None`` (the judge gave no usable verdict for it): the date
    credit stands.

    >>> ran = ClaimCredit(TemporalClaim("from 2010 to 2012", "range", 2010, 2012), 0.5, "only 2010 found")
    >>> capped_credit(ran, "SUPPORTED"), capped_credit(ran, "CONTRADICTED"), capped_credit(ran, None)
    (0.5, 0.0, 0.5)
    """
    if verdict is None:
        return credit.credit
    return min(credit.credit, VERDICT_CREDIT[normalise_verdict(verdict)])


def capped_claim_faithfulness(
    credits: Iterable[ClaimCredit], verdicts: Iterable[str | None], judge_problem: str = ""
) -> Score:
    """Hybrid score with the dates as a ceiling: ``Σ min(date credit, judge credit) / claims``.

    ``verdicts`` run parallel to :func:`claims_for_judge` of ``credits``; a ``None`` verdict (the
    judge failed, or said nothing usable about that claim) keeps the claim's date credit, and
    ``judge_problem`` says why in the reason. Claims no context states earn 0 without a call.

    >>> year = lambda y: TemporalClaim(str(y), "point", y, y)
    >>> ran = ClaimCredit(TemporalClaim("from 2010 to 2012", "range", 2010, 2012), 0.5, "only 2010 found")
    >>> capped_claim_faithfulness([ran], ["SUPPORTED"])  # an obedient judge cannot lift the dates' 0.5
    Score(value=0.5, reason="LLM judge: 1 of 1 claim supported; capped by the dates: 'from 2010 to 2012': only 2010 found")
    >>> capped_claim_faithfulness([ClaimCredit(year(2007), 0.0), ran], [None], "LLM call timed out after 60 s")
    Score(value=0.25, reason="'2007' not found in the retrieved contexts (no LLM call); LLM judge failed (LLM call timed out after 60 s): focus-time credit kept for 1 claim ('from 2010 to 2012': only 2010 found)")
    """
    credits = list(credits)
    labels = [None if v is None else normalise_verdict(v) for v in verdicts]
    kept = [c for c in credits if c.credit > 0]
    if len(labels) != len(kept):
        raise ValueError(f"verdicts must give one label (or None) per claim left to judge: {len(kept)} claims, {len(labels)} labels")
    if not credits:
        return undefined(NO_ANSWER_CLAIM)
    rejected = [c for c in credits if c.credit == 0]
    parts = [f"{credits_reason(rejected)} (no LLM call)"] if rejected else []
    judged = [(c, label) for c, label in zip(kept, labels) if label is not None]
    undecided = [c for c, label in zip(kept, labels) if label is None]
    if judged:
        supported = sum(label == "SUPPORTED" for _, label in judged)
        other = "other " if rejected else ""
        parts.append(f"LLM judge: {supported} of {len(judged)} {other}{plural(len(judged), 'claim')} supported")
        capped = [c for c, label in judged if VERDICT_CREDIT[label] > c.credit]
        if capped:
            parts.append(f"capped by the dates: {credits_reason(capped)}")
    if undecided:
        why = f" ({judge_problem})" if judge_problem else ""
        weak = [c for c in undecided if c.credit < 1.0]
        detail = f" ({credits_reason(weak)})" if weak else ""
        parts.append(
            f"LLM judge failed{why}: focus-time credit kept for {len(undecided)} {plural(len(undecided), 'claim')}{detail}"
        )
    value = sum(capped_credit(c, label) for c, label in zip(kept, labels)) / len(credits)
    return Score(value, "; ".join(parts))


def no_claim_reason(mentions: Iterable[Any], side: str = "answer") -> str:
    """Why a text with no dated mention cannot be scored, and what to do about it.

    ``mentions`` are the text's mentions (objects with ``text``, ``kind``, ``years``); ``side`` is
    ``"answer"`` (faithfulness) or ``"query"`` (retrieval metrics). Relative mentions without years
    need a reference date; anaphoric ones an earlier date or a reference date; any other mention
    without years is named as having unknown years.

    >>> from types import SimpleNamespace as M
    >>> no_claim_reason([])
    'answer makes no temporal claim'
    >>> no_claim_reason([], side="query")
    'query has no temporal focus'
    >>> no_claim_reason([M(text="last year", kind="relative", years=set())])
    "'last year' needs a reference date: pass reference_date=... or a reference_date column"
    >>> no_claim_reason([M(text="the following year", kind="anaphoric", years=set())], side="query")
    "query has no temporal focus: 'the following year' needs an earlier date in the same text or a reference date: pass reference_date=... or a reference_date column"
    """
    if side not in ("answer", "query"):
        raise ValueError(f"side must be 'answer' or 'query', got {side!r}")
    base = NO_ANSWER_CLAIM if side == "answer" else NO_QUERY_FOCUS
    undated = [m for m in mentions if not getattr(m, "years", None)]
    if not undated:
        return base
    fix = "pass reference_date=... or a reference_date column"
    by_kind: dict[str, list[str]] = {"relative": [], "anaphoric": [], "other": []}
    for mention in undated:
        kind = getattr(mention, "kind", None)
        by_kind[kind if kind in by_kind else "other"].append(repr(str(mention.text)))
    parts = []
    if by_kind["relative"]:
        verb = "needs" if len(by_kind["relative"]) == 1 else "need"
        parts.append(f"{', '.join(by_kind['relative'])} {verb} a reference date: {fix}")
    if by_kind["anaphoric"]:
        verb = "needs" if len(by_kind["anaphoric"]) == 1 else "need"
        parts.append(f"{', '.join(by_kind['anaphoric'])} {verb} an earlier date in the same text or a reference date: {fix}")
    if by_kind["other"]:
        parts.append(f"the years of {', '.join(by_kind['other'])} are unknown: nothing to check them against")
    reason = "; ".join(parts)
    # The answer side's sentence already says a claim is made but cannot be dated; the query side
    # keeps its established opening so readers and filters still recognise it.
    return reason if side == "answer" else f"{base}: {reason}"
