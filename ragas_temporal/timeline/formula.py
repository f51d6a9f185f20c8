"""The timeline family's arithmetic: event order (Kendall tau), duration accuracy, and the coherence of an
answer's own timeline (1 - contradicting / dated claims). The evidence comes from the rules or a judge;
this module only counts."""

from __future__ import annotations

import math
import numbers
from fractions import Fraction
from collections.abc import Hashable, Iterable, Mapping, Sequence

from ragas_temporal.scores._result import Score, undefined
from ragas_temporal.scores._validation import as_ordered, check_count
from ragas_temporal.scores._result import plural

__all__ = [
    "kendall_tau_b",
    "event_order_tau",
    "event_order_accuracy",
    "duration_accuracy",
    "timeline_coherence",
]

_MAX_NAMED_EVENTS = 5


def _sign(a: object, b: object) -> int:
    return (a > b) - (a < b)  # type: ignore[operator]


def _pair_counts(x: Sequence, y: Sequence) -> tuple[int, int, int, int, int]:
    """(concordant, discordant, tied in x, tied in y, pairs) over all pairs i < j."""
    concordant = discordant = tied_x = tied_y = 0
    n = len(x)
    for i in range(n):
        xi, yi = x[i], y[i]
        for j in range(i + 1, n):
            sx, sy = _sign(xi, x[j]), _sign(yi, y[j])
            if sx == 0:
                tied_x += 1
            if sy == 0:
                tied_y += 1
            if sx * sy > 0:
                concordant += 1
            elif sx * sy < 0:
                discordant += 1
    return concordant, discordant, tied_x, tied_y, n * (n - 1) // 2


def kendall_tau_b(x: Sequence, y: Sequence) -> float:
    """Kendall rank correlation tau-b between two paired sequences of comparable values.

    ``tau_b = (C − D) / sqrt((P − T_x) · (P − T_y))`` with ``C``/``D`` the concordant/discordant pairs,
    ``P = n(n−1)/2`` and ``T_x``/``T_y`` the pairs tied in ``x``/``y``. Same value as
    ``scipy.stats.kendalltau`` (variant "b"), in pure Python, O(n²): meant for short event lists.

    Returns NaN when fewer than two items are given or when every pair is tied in one sequence.

    Examples
    --------
    >>> kendall_tau_b([1, 2, 3, 4], [1, 3, 2, 4])  # 5 concordant, 1 discordant of 6 pairs
    0.6666666666666666
    >>> round(kendall_tau_b([1, 1, 2], [1, 2, 3]), 6)  # one pair tied in x: 2 / sqrt(2 · 3)
    0.816497
    """
    if len(x) != len(y):
        raise ValueError(f"x and y must have the same length, got {len(x)} and {len(y)}")
    concordant, discordant, tied_x, tied_y, pairs = _pair_counts(x, y)
    denominator = math.sqrt((pairs - tied_x) * (pairs - tied_y))
    if denominator == 0:
        return math.nan
    return (concordant - discordant) / denominator


def _positions(order: object, name: str) -> dict[Hashable, object]:
    """Event -> sort key: the index in a sequence, or the value of a mapping (ties allowed)."""
    if isinstance(order, Mapping):
        for event, time in order.items():
            if time != time:  # NaN compares neither above nor below anything: it would pass as a tie
                raise ValueError(f"{name} gives NaN as the time of event {event!r}")
        return dict(order)
    positions: dict[Hashable, object] = {}
    for index, event in enumerate(as_ordered(order, name)):
        try:
            if event in positions:
                raise ValueError(
                    f"event {event!r} appears twice in {name}; give a mapping event -> time to express ties"
                )
        except TypeError:
            raise TypeError(f"{name} must hold hashable events, got {event!r}") from None
        positions[event] = index
    return positions


def _name_events(events: list) -> str:
    shown = ", ".join(map(str, events[:_MAX_NAMED_EVENTS]))
    if len(events) > _MAX_NAMED_EVENTS:
        shown += f" and {len(events) - _MAX_NAMED_EVENTS} more"
    return shown


def event_order_tau(
    predicted_order: Sequence[Hashable] | Mapping[Hashable, object],
    gold_order: Sequence[Hashable] | Mapping[Hashable, object],
) -> Score:
    """Agreement of the answer's event order with the gold order: Kendall tau-b over shared events.

    Only events present in both orders are compared; events the answer leaves out are named in the
    reason (score them separately with a recall if they matter).

    Parameters
    ----------
    predicted_order, gold_order : sequence of hashable, or mapping hashable -> comparable
        Either the events in chronological order (each event at most once), or a mapping from event
        to a time such as a year, where equal times are ties (tau-b accounts for them).

    Returns
    -------
    Score
        Value in **[-1, 1]**: 1 same order, -1 reversed, about 0 unrelated. NaN when fewer than two
        events are shared, or when all shared events are tied in one of the orders.

    Examples
    --------
    >>> event_order_tau(["a", "c", "b", "d"], ["a", "b", "c", "d"])
    Score(value=0.6666666666666666, reason='Kendall tau-b over 4 shared events: 5 concordant, 1 discordant pairs')
    >>> event_order_tau({"moon landing": 1969, "sputnik": 1957}, ["sputnik", "moon landing", "iss"])
    Score(value=1.0, reason='Kendall tau-b over 2 shared events: 1 concordant, 0 discordant pairs; not in the prediction: iss')
    """
    predicted = _positions(predicted_order, "predicted_order")
    gold = _positions(gold_order, "gold_order")
    shared = [event for event in gold if event in predicted]
    missing = [event for event in gold if event not in predicted]
    missing_note = f"; not in the prediction: {_name_events(missing)}" if missing else ""
    if len(shared) < 2:
        return undefined(
            f"fewer than 2 events appear in both orders ({len(shared)} shared): ordering is undefined{missing_note}"
        )
    x = [gold[event] for event in shared]
    y = [predicted[event] for event in shared]
    try:
        concordant, discordant, tied_x, tied_y, pairs = _pair_counts(x, y)
    except TypeError as exc:
        raise TypeError(f"event times must be comparable with each other: {exc}") from None
    if tied_x == pairs or tied_y == pairs:
        which = "gold" if tied_x == pairs else "predicted"
        return undefined(f"all {len(shared)} shared events are tied in the {which} order: ordering is undefined")
    value = (concordant - discordant) / math.sqrt((pairs - tied_x) * (pairs - tied_y))
    reason = (
        f"Kendall tau-b over {len(shared)} shared events: {concordant} concordant, "
        f"{discordant} discordant pairs"
    )
    ties = pairs - concordant - discordant
    if ties:
        reason += f", {ties} tied"
    return Score(value, reason + missing_note)


def event_order_accuracy(
    predicted_times: Sequence[Hashable] | Mapping[Hashable, object],
    gold_order: Sequence[Hashable],
) -> Score:
    """Event-order agreement rescaled to [0, 1]: ``(tau_b + 1) / 2`` over the gold events found.

    ``predicted_times`` places the gold events the answer mentions (a mapping event -> year or
    position, or the events in the answer's order); ``gold_order`` lists every gold event in
    chronological order. Events the answer does not mention are left out of the tau and counted
    in the reason ("found 3 of 4"). **Ties**: two events the answer places at the same time (the
    same year) are a tied pair; tau-b counts it neither concordant nor discordant and shrinks its
    denominator, so a tie costs less than a reversal. 1 = the gold order, 0.5 = unrelated or
    half reversed, 0 = the reverse order.

    Returns
    -------
    Score
        Value in [0, 1]. NaN when fewer than two gold events are found, or when every found event
        is tied in the answer (no order is stated).

    Examples
    --------
    >>> event_order_accuracy({"a": 1969, "b": 1957, "c": 1991}, ["b", "a", "c", "d"])
    Score(value=1.0, reason='found 3 of 4 gold events (not found: d); Kendall tau-b 1 over 3 concordant, 0 discordant pairs')
    >>> round(event_order_accuracy({"a": 2001, "b": 2001, "c": 1999}, ["a", "b", "c"]).value, 4)
    0.0918

    (a, b) tied, (a, c) and (b, c) reversed: tau-b = (0 − 2) / sqrt(3 · 2) = −0.8165, rescaled 0.0918.
    """
    gold = as_ordered(gold_order, "gold_order")
    predicted = _positions(predicted_times, "predicted_times")
    missing = [event for event in gold if event not in predicted]
    n_found = len(gold) - len(missing)
    found = f"found {n_found} of {len(gold)} gold events"
    if missing:
        found += f" (not found: {_name_events(missing)})"
    if n_found < 2:
        return undefined(f"{found}: fewer than 2 to order")
    tau = event_order_tau(predicted_times, gold)
    if tau.is_nan:
        return undefined(f"{found}; {tau.reason}")
    detail = tau.reason.split(": ", 1)[1].split("; not in the prediction")[0]
    return Score((tau.value + 1) / 2, f"{found}; Kendall tau-b {tau.value:.3g} over {detail}")


def _check_duration(value: object, name: str) -> Fraction:
    """The value as an exact fraction; a float as the nearest fraction with a denominator up to 10⁹
    (``0.1 + 0.2`` is three tenths), so binary residue never reaches a score or a reason."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a finite non-negative number of years, got {value!r}")
    if isinstance(value, numbers.Rational):
        return Fraction(value)
    return Fraction(float(value)).limit_denominator(10**9)


def duration_accuracy(
    predicted_years: float, gold_years: float, tolerance: float = 0.0, unit: str = "years"
) -> Score:
    """Closeness of a predicted duration to the gold one, with an optional tolerance.

    ``1`` when ``|p − g| <= tolerance``; otherwise ``1 − min(1, (|p − g| − tolerance) / g)``: the score
    falls linearly with the error beyond the tolerance and reaches 0 when that error equals the gold
    duration itself (e.g. answering 20 or 0 years for a 10-year war). A gold duration of 0 gives 1 within
    the tolerance and 0 beyond it (a relative error is undefined). With the default ``tolerance=0``
    this is ``1 − min(1, |p − g| / g)``.

    Parameters
    ----------
    predicted_years : float
        Duration stated by the answer, in years (finite, >= 0).
    gold_years : float
        Reference duration in years (finite, >= 0).
    tolerance : float, default=0.0
        Absolute error in years that still counts as exact (finite, >= 0).
    unit : str, default="years"
        The unit the three numbers are in, as the reason names it: the formula is a relative error,
        so give both durations in the gold's unit (``duration_accuracy(24, 18, unit="months")``).

    Returns
    -------
    Score
        Value in [0, 1].

    Examples
    --------
    >>> duration_accuracy(8, 10)  # 1 - 2/10
    Score(value=0.8, reason='predicted 8 years for a gold duration of 10 years: off by 2')
    >>> duration_accuracy(11, 10, tolerance=1).value
    1.0
    >>> duration_accuracy(24, 18, unit="months").reason  # 1 - 6/18
    'predicted 24 months for a gold duration of 18 months: off by 6'

    The arithmetic is exact (fractions), so equal durations written in other units score exactly 1
    and a reason shows no float residue:

    >>> from fractions import Fraction
    >>> duration_accuracy(Fraction(6 * 7), 42, unit="days")  # six weeks against 42 days
    Score(value=1.0, reason='predicted 42 days for a gold duration of 42 days: exact')
    >>> duration_accuracy(0.1 + 0.2, 0.3).reason
    'predicted 0.3 years for a gold duration of 0.3 years: exact'
    """
    predicted = _check_duration(predicted_years, "predicted_years")
    gold = _check_duration(gold_years, "gold_years")
    tol = _check_duration(tolerance, "tolerance")
    if not isinstance(unit, str) or not unit.strip():
        raise ValueError(f"unit must be a non-empty string such as 'years', got {unit!r}")
    error = abs(predicted - gold)
    stated = f"predicted {_shown(predicted)} {unit} for a gold duration of {_shown(gold)} {unit}"
    if error <= tol:
        within = f" (within the tolerance of {_shown(tol)})" if tol else ""
        return Score(1.0, f"{stated}: exact{within}" if error == 0 else f"{stated}: off by {_shown(error)}{within}")
    if gold == 0:
        return Score(0.0, f"{stated}: off by {_shown(error)}, and a zero gold duration allows no relative error")
    value = 1 - min(Fraction(1), (error - tol) / gold)
    beyond = f", {_shown(error - tol)} beyond the tolerance" if tol else ""
    return Score(float(value), f"{stated}: off by {_shown(error)}{beyond}")


def _shown(amount: Fraction) -> str:
    """An exact amount for a reason: six significant digits, no float residue."""
    return f"{float(amount):g}"


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
