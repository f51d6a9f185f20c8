"""TeCFaP metric arithmetic (seed 004, ``docs/METRICS.md`` "TeCFaP"): pure functions, no ragas.

A probe row is (relation r, pattern p, direction d, key step t, gold value object, prediction).
Rows sharing (r, d, t) are the paraphrase **group** of one question. Two modes:

``compat="paper"`` (default, the paper's definitions as METRICS.md states them)
    Normalisation, applied to gold and prediction alike: lower-case; strip punctuation from the
    edges of every word (so ``"hahn, jr."`` -> ``hahn jr`` while ``"10.2"`` stays ``10.2``: the
    spec says "strip punctuation" and stripping inside a word would merge ``10.2`` with ``102``);
    drop one leading article (a, an, the); truncate the prediction to the gold's word count.

    - temporal factuality (soft accuracy) of a row = position-aligned equal words / gold words;
    - temporal consistency of a group = identical normalised predictions over the C(n, 2)
      paraphrase pairs; a group with fewer than two rows is undefined and left out;
    - temporally consistent factuality of a group = the group's factuality if all its normalised
      predictions are identical, else 0;
    - succ_patt = share of patterns with at least one fully correct row (soft accuracy 1);
    - succ_objs = share of groups (value objects, keyed by time step) answered correctly at
      least once;
    - know_cons / unk_cons = temporal consistency computed only over the rows of patterns that
      produced a correct answer at least once ("known") / never did ("unknown"). A relation with
      no unknown pattern at all (a perfect model) has unk_cons vacuously 1.0, noted in the
      ``note`` column, so gold answers score 1.0 on every metric; know_cons with no known
      pattern is NaN (a 1.0 would flatter a model that is always wrong).

    Each is computed per relation and direction (groups and patterns macro-averaged inside the
    relation, rows averaged for factuality), then macro-averaged over relations; "average" is
    the mean of the backward and forward values.

``compat="reference_code"`` (reproduces the released evaluation script, to compare with the
published tables)
    - only the prediction is normalised, and differently: ``.`` ``,`` ``"`` and ``</s>`` are
      deleted everywhere, no lower-casing, one leading token among a/an/the/s/"/' is dropped,
      then the prediction is truncated to the gold's word count (an empty one becomes
      ``NO_OUTPUT``); the gold is compared as it is (its words split on white space), so a gold
      with a comma or period (``"charles f. bolden, jr."``, ``"10.04 lucid lynx"``) or a leading
      article (``"the bends"``: the prediction's "the" is dropped) can never be matched in full;
    - temporally consistent factuality credits a group whose rows have **equal soft scores**
      (not identical predictions): two different half-right answers both scoring 0.5 give 0.5;
    - a group with a single row has consistency 0 instead of being left out;
    - know_cons / unk_cons that are undefined are reported as NaN (the script writes -1.0).

Two empty answers agree with each other (in both modes: the reference script turns both into
``NO_OUTPUT``); a row whose LLM call failed is handled by ``on_error`` instead.

Undefined values are NaN and the table's ``note`` column says why (e.g. ``know_cons`` when no
question has two answers from known patterns); vacuous values (see above) are noted too.

>>> soft_accuracy("The Bends.", "the bends")
1.0
>>> soft_accuracy("kid b", "kid a")
0.5
>>> soft_accuracy("The Bends", "the bends", compat="reference_code")  # no lower-casing there
0.0
>>> pairwise_agreement(["x", "x", "y"])  # 1 identical pair out of C(3, 2) = 3
0.3333333333333333
"""

from __future__ import annotations

import math
import string
import warnings
from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, Hashable, Iterable, Literal, Mapping, Sequence

import pandas as pd

from ragas_temporal.tecfap.records import is_failed, latest_by_key, read_predictions, row_key

Compat = Literal["paper", "reference_code"]
COMPATS: tuple[str, ...] = ("paper", "reference_code")
METRIC_NAMES: tuple[str, ...] = (
    "temporal_factuality",
    "temporal_consistency",
    "temporally_consistent_factuality",
    "succ_patt",
    "succ_objs",
    "know_cons",
    "unk_cons",
)
_DIRECTIONS = ("backward", "forward")
_ARTICLES = frozenset({"a", "an", "the"})
# ASCII punctuation plus the typographic marks models like to emit
_EDGE_PUNCT = string.punctuation + "\u201c\u201d\u2018\u2019\u00ab\u00bb\u2026\u2013\u2014"
_REF_CLEAN_HEAD = frozenset({"a", "an", "the", "s", '"', "'"})
NO_OUTPUT = "NO_OUTPUT"


def _check_compat(compat: str) -> None:
    if compat not in COMPATS:
        raise ValueError(f"compat must be 'paper' or 'reference_code', got {compat!r}")


# --------------------------------------------------------------------------------------------
# normalisation and row scores


def normalize_words(text: str) -> list[str]:
    """Paper normalisation of one string into words.

    Lower-case, strip punctuation from word edges (dropping words that were only punctuation),
    drop one leading article unless it is the only word.

    >>> normalize_words("Charles F. Bolden, Jr.")
    ['charles', 'f', 'bolden', 'jr']
    >>> normalize_words("  The 10.2 Jaguar ")
    ['10.2', 'jaguar']
    >>> normalize_words("Sean O'Keefe")
    ['sean', "o'keefe"]
    """
    words = [w for w in (tok.strip(_EDGE_PUNCT) for tok in str(text).lower().split()) if w]
    if len(words) > 1 and words[0] in _ARTICLES:
        words = words[1:]
    return words


def reference_code_prediction(prediction: str, gold: str) -> str:
    """The released script's prediction cleaning (see the module docstring).

    >>> reference_code_prediction('the "Bends", then more.', "the bends")
    'Bends then'
    >>> reference_code_prediction("The Bends", "the bends")  # case-sensitive: "The" is not dropped
    'The Bends'
    >>> reference_code_prediction("  ", "kid a")
    'NO_OUTPUT'
    """
    text = str(prediction).replace(".", "").strip().replace(",", "").replace("</s>", "").replace('"', "")
    tokens = text.split()
    if not tokens:
        return NO_OUTPUT
    n = len(str(gold).split())
    kept = tokens[1 : n + 1] if tokens[0] in _REF_CLEAN_HEAD else tokens[:n]
    return " ".join(kept)


def normalized_prediction(prediction: str, gold: str, compat: Compat = "paper") -> str:
    """The prediction as the metrics compare it: normalised and truncated to the gold's length.

    >>> normalized_prediction("The Bends, released in 1995", "the bends")
    'bends'
    >>> normalized_prediction("Kevin Rudd again", "kevin rudd")
    'kevin rudd'
    """
    _check_compat(compat)
    if compat == "reference_code":
        return reference_code_prediction(prediction, gold)
    return " ".join(normalize_words(prediction)[: len(normalize_words(gold))])


def soft_accuracy(prediction: str, gold: str, compat: Compat = "paper") -> float:
    """Temporal factuality of one row: position-aligned equal words / words in the gold.

    Parameters
    ----------
    prediction, gold : str
        The model's completion and the gold value object.
    compat : {"paper", "reference_code"}
        Normalisation of both sides (paper) or of the prediction only (reference code).

    Returns
    -------
    float
        In [0, 1]; NaN when the gold has no word after normalisation (nothing to match).

    Examples
    --------
    >>> soft_accuracy("ok computer", "OK Computer")
    1.0
    >>> soft_accuracy("computer ok", "ok computer")  # position-aligned: no word in place
    0.0
    >>> soft_accuracy("Bolden, Jr.", "charles f. bolden, jr.", compat="reference_code")
    0.0
    >>> soft_accuracy("charles f bolden jr", "charles f. bolden, jr.", compat="reference_code")
    0.25
    """
    _check_compat(compat)
    if compat == "reference_code":
        gold_words = str(gold).split()
        pred_words = reference_code_prediction(prediction, gold).split()
    else:
        gold_words = normalize_words(gold)
        pred_words = normalize_words(prediction)[: len(gold_words)]
    if not gold_words:
        return math.nan
    hits = sum(1 for g, p in zip(gold_words, pred_words) if g == p)
    return hits / len(gold_words)


def pairwise_agreement(items: Sequence[Hashable], compat: Compat = "paper") -> float:
    """Share of identical pairs among the C(n, 2) pairs of ``items``.

    Fewer than two items: NaN (paper: no pair to judge) or 0.0 (reference code).

    >>> pairwise_agreement(["a", "a", "a"])
    1.0
    >>> pairwise_agreement(["a"])
    nan
    >>> pairwise_agreement(["a"], compat="reference_code")
    0.0
    """
    _check_compat(compat)
    n = len(items)
    if n < 2:
        return 0.0 if compat == "reference_code" else math.nan
    same = sum(1 for a, b in combinations(items, 2) if a == b)
    return same / (n * (n - 1) / 2)


def group_consistent_factuality(
    normalized_predictions: Sequence[Hashable], scores: Sequence[float], compat: Compat = "paper"
) -> float:
    """Temporally consistent factuality of one paraphrase group.

    Paper: the group's factuality if all normalised predictions are identical, else 0.
    Reference code: the shared soft score if all soft scores are equal, else 0.

    >>> group_consistent_factuality(["kid c", "kid b"], [0.5, 0.5])
    0.0
    >>> group_consistent_factuality(["kid c", "kid b"], [0.5, 0.5], compat="reference_code")
    0.5
    """
    _check_compat(compat)
    if not scores:
        return math.nan
    if compat == "reference_code":
        return float(scores[0]) if len(set(scores)) == 1 else 0.0
    if len(set(normalized_predictions)) == 1:
        return _mean(scores)
    return 0.0


def snap_to_candidate(prediction: str, candidates: Sequence[str]) -> str | None:
    """Closed vocabulary: the candidate entity that best matches a free-text prediction.

    Candidates are ranked by (1) paper soft accuracy of the prediction against the candidate
    (the prediction must *start* with the candidate to score 1), then (2) the F1 of the two
    normalised word bags (the candidate appears somewhere in a longer answer), then (3) their
    order in ``candidates`` (time order). ``None`` when no candidate shares a word with the
    prediction: the prediction is then kept as it is (and will score as wrong unless it is).

    >>> cands = ["john howard", "kevin rudd", "julia gillard"]
    >>> snap_to_candidate("Julia Gillard.", cands)
    'julia gillard'
    >>> snap_to_candidate("I believe it was Gillard", cands)
    'julia gillard'
    >>> snap_to_candidate("nobody", cands) is None
    True
    """
    pred_words = normalize_words(prediction)
    pred_bag = set(pred_words)
    best: tuple[float, float] = (0.0, 0.0)
    best_candidate: str | None = None
    for cand in candidates:
        cand_words = normalize_words(cand)
        if not cand_words:
            continue
        acc = soft_accuracy(prediction, cand)
        overlap = len(pred_bag & set(cand_words))
        f1 = 0.0 if overlap == 0 else 2 * overlap / (len(pred_bag) + len(set(cand_words)))
        if (acc, f1) > best:  # strict: on a tie the earlier candidate stays
            best, best_candidate = (acc, f1), cand
    return best_candidate


def _mean(values: Iterable[float]) -> float:
    kept = [v for v in values if not math.isnan(v)]
    return sum(kept) / len(kept) if kept else math.nan


# --------------------------------------------------------------------------------------------
# dataset-level table


@dataclass(frozen=True)
class _Scored:
    relation: int
    pattern_id: str
    direction: str
    key_step: int
    compared: Hashable  # normalised prediction (or a unique token for a failed row)
    score: float


class _FailedAnswer:
    """A failed row counted as wrong: equal to nothing, so it is never consistent with anything."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<failed>"


def is_missing_text(value: Any) -> bool:
    """True for a value that holds no text: ``None``, a NaN or ``pd.NA`` (a missing table cell), or blank.

    The one test of whether a record's ``gold`` or ``prompt`` is there (``str(None)`` is "None",
    a gold any prediction "None" would match).

    >>> is_missing_text(None), is_missing_text(float("nan")), is_missing_text("  "), is_missing_text("kid a")
    (True, True, True, False)
    """
    if isinstance(value, str):
        return not value.strip()
    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):  # a list or another container: not a missing scalar
        return False


def _gold_text(rec: Mapping[str, Any], n: int) -> str:
    gold = rec["gold"]
    if is_missing_text(gold):
        relation, pattern_id, direction, key_step = row_key(rec)
        raise ValueError(
            f"prediction record {n} (relation {relation}, pattern {pattern_id!r}, {direction}, key step {key_step}) "
            f"has no gold ({gold!r}): each record needs its gold value object as text"
        )
    return str(gold)


def _scored_rows(records: Sequence[Mapping[str, Any]], compat: Compat, on_error: str) -> tuple[list[_Scored], int]:
    rows: list[_Scored] = []
    n_failed = 0
    for n, rec in enumerate(records):
        for field in ("relation", "pattern_id", "direction", "key_step", "gold"):
            if field not in rec:
                raise ValueError(f"prediction record {n} lacks field {field!r}")
        direction = str(rec["direction"])
        if direction not in _DIRECTIONS:
            raise ValueError(f"prediction record {n}: direction must be 'backward' or 'forward', got {direction!r}")
        gold = _gold_text(rec, n)
        if is_failed(rec):
            n_failed += 1
            if on_error == "exclude":
                continue
            compared: Hashable = _FailedAnswer()
            score = 0.0 if not math.isnan(soft_accuracy("", gold, compat)) else math.nan
        else:
            pred = rec.get("prediction")
            pred = "" if pred is None or (isinstance(pred, float) and math.isnan(pred)) else str(pred)
            compared = normalized_prediction(pred, gold, compat)
            score = soft_accuracy(pred, gold, compat)
        relation, pattern_id, _, key_step = row_key(rec)
        rows.append(_Scored(relation, pattern_id, direction, key_step, compared, score))
    return rows, n_failed


def _relation_direction_values(rows: Sequence[_Scored], compat: Compat) -> tuple[dict[str, float], dict[str, str]]:
    """All seven metrics for the rows of one (relation, direction), and why any is NaN."""
    groups: dict[int, list[_Scored]] = defaultdict(list)
    patterns: dict[str, list[_Scored]] = defaultdict(list)
    for r in rows:
        groups[r.key_step].append(r)
        patterns[r.pattern_id].append(r)
    correct = {pid: any(r.score == 1.0 for r in prs) for pid, prs in patterns.items()}

    def consistency(subset: Iterable[_Scored]) -> float:
        by_step: dict[int, list[Hashable]] = defaultdict(list)
        for r in subset:
            by_step[r.key_step].append(r.compared)
        return _mean(pairwise_agreement(v, compat) for v in by_step.values())

    values = {
        "temporal_factuality": _mean(r.score for r in rows),
        "temporal_consistency": consistency(rows),
        "temporally_consistent_factuality": _mean(
            group_consistent_factuality([r.compared for r in g], [r.score for r in g], compat) for g in groups.values()
        ),
        "succ_patt": _mean(float(ok) for ok in correct.values()),
        "succ_objs": _mean(float(any(r.score == 1.0 for r in g)) for g in groups.values()),
        "know_cons": consistency(r for r in rows if correct[r.pattern_id]),
        "unk_cons": consistency(r for r in rows if not correct[r.pattern_id]),
    }
    reasons = {}
    if compat == "paper":
        # No unknown pattern means no unknown answer that could disagree: vacuously 1.0 (noted).
        if all(correct.values()):
            values["unk_cons"] = 1.0
            reasons["unk_cons"] = "vacuous 1.0: every pattern produced a correct answer at least once (no unknown pattern)"
    for metric, value in values.items():
        if not math.isnan(value):
            continue
        if metric == "know_cons" and not any(correct.values()):
            reasons[metric] = "no pattern produced a correct answer"
        elif metric == "unk_cons" and all(correct.values()):
            reasons[metric] = "every pattern produced a correct answer at least once: no unknown pattern"
        elif metric in ("know_cons", "unk_cons"):
            kind = "known" if metric == "know_cons" else "unknown"
            reasons[metric] = f"no question has two answers from {kind} patterns"
        elif metric == "temporal_consistency":
            reasons[metric] = "no question has two or more paraphrase answers"
        else:
            reasons[metric] = "no scorable row (gold without words)"
    return values, reasons


def _as_records(predictions: Any) -> list[dict[str, Any]]:
    if isinstance(predictions, (str, Path)):
        return read_predictions(predictions)
    if isinstance(predictions, pd.DataFrame):
        predictions = predictions.to_dict("records")
    return latest_by_key(_to_mapping(p) for p in predictions)


def _to_mapping(p: Any) -> Mapping[str, Any]:
    if isinstance(p, Mapping):
        return p
    if hasattr(p, "to_dict"):
        return p.to_dict()
    raise TypeError(f"a prediction record must be a mapping, got {type(p).__name__}")


def score_by_relation(predictions: Any, compat: Compat = "paper", on_error: str = "exclude") -> pd.DataFrame:
    """Per-relation values: one row per relation, columns ``<metric>_<direction>``.

    Same inputs as :func:`score_probe`. Undefined values are NaN.
    """
    _check_compat(compat)
    if on_error not in ("exclude", "wrong"):
        raise ValueError(f"on_error must be 'exclude' or 'wrong', got {on_error!r}")
    records = _as_records(predictions)
    rows, n_failed = _scored_rows(records, compat, on_error)
    by_rel_dir: dict[tuple[int, str], list[_Scored]] = defaultdict(list)
    for r in rows:
        by_rel_dir[(r.relation, r.direction)].append(r)
    relations = sorted({r.relation for r in rows})
    table: dict[int, dict[str, float]] = {}
    why_nan: dict[str, set[str]] = defaultdict(set)  # "<metric>_<direction>" -> reasons
    for rel in relations:
        values: dict[str, float] = {}
        for direction in _DIRECTIONS:
            subset = by_rel_dir.get((rel, direction), [])
            if subset:
                computed, reasons = _relation_direction_values(subset, compat)
            else:
                computed = {m: math.nan for m in METRIC_NAMES}
                reasons = {m: "no row in this direction" for m in METRIC_NAMES}
            for metric in METRIC_NAMES:
                values[f"{metric}_{direction}"] = computed[metric]
                if metric in reasons:
                    why_nan[f"{metric}_{direction}"].add(reasons[metric])
        table[rel] = values
    columns = [f"{m}_{d}" for m in METRIC_NAMES for d in _DIRECTIONS]
    df = pd.DataFrame.from_dict(table, orient="index", columns=columns)
    df.index.name = "relation"
    df.attrs.update(
        compat=compat,
        on_error=on_error,
        n_rows=len(records),
        n_failed=n_failed,
        n_scored=len(rows),
        nan_reasons={k: sorted(v) for k, v in why_nan.items()},  # also holds "vacuous 1.0: ..." notes
    )
    return df


def score_probe(predictions: Any, compat: Compat = "paper", on_error: str = "exclude") -> pd.DataFrame:
    """The TeCFaP report: seven metrics x (backward, forward, average), macro over relations.

    Parameters
    ----------
    predictions : path, DataFrame or iterable of mappings
        Prediction records (a JSONL file written by :func:`run_probe`, or the same fields in
        memory): ``relation``, ``pattern_id``, ``direction``, ``key_step``, ``gold``,
        ``prediction`` and optionally ``error``. Several records with one row key: the last wins.
    compat : {"paper", "reference_code"}
        Metric definitions (see the module docstring for every difference).
    on_error : {"exclude", "wrong"}
        A failed row (``error`` set): left out of every metric (default; a network failure
        says nothing about the model), or counted as a wrong answer that agrees with no other
        answer. Either way the table's ``attrs["n_failed"]`` counts them and a warning is issued.

    Returns
    -------
    pandas.DataFrame
        Index: the seven metric names; columns ``backward``, ``forward``, ``average`` (mean of
        the two) and ``note`` (why a value is NaN or vacuous, else empty). ``attrs`` holds ``compat``,
        ``on_error``, ``n_rows``, ``n_failed``, ``n_scored``, ``n_relations`` and
        ``nan_reasons`` (``"<metric>_<direction>"`` -> reasons some relation had a NaN).

    Examples
    --------
    Two paraphrases of one forward question, one right, one wrong:

    >>> recs = [
    ...     {"relation": 0, "pattern_id": "p1", "direction": "forward", "key_step": 0, "gold": "kid a", "prediction": "Kid A"},
    ...     {"relation": 0, "pattern_id": "p2", "direction": "forward", "key_step": 0, "gold": "kid a", "prediction": "amnesiac"},
    ... ]
    >>> table = score_probe(recs)
    >>> float(table.loc["temporal_factuality", "forward"]), float(table.loc["temporal_consistency", "forward"])
    (0.5, 0.0)
    >>> float(table.loc["succ_patt", "forward"]), float(table.loc["know_cons", "forward"])
    (0.5, nan)
    """
    per_relation = score_by_relation(predictions, compat=compat, on_error=on_error)
    n_failed = per_relation.attrs["n_failed"]
    if n_failed:
        how = "left out" if on_error == "exclude" else "counted as wrong"
        warnings.warn(f"{n_failed} failed prediction(s) {how} (on_error={on_error!r})", stacklevel=2)
    out: dict[str, dict[str, Any]] = {}
    for metric in METRIC_NAMES:
        values: dict[str, Any] = {}
        notes: list[str] = []
        for direction in _DIRECTIONS:
            column = per_relation.get(f"{metric}_{direction}", pd.Series(dtype=float))
            value = float(column.mean()) if column.notna().any() else math.nan  # macro over relations
            values[direction] = value
            reasons = per_relation.attrs["nan_reasons"].get(f"{metric}_{direction}", [])
            if math.isnan(value):
                notes.append(f"{direction}: {'; '.join(reasons or ['no prediction'])}")
            elif vacuous := [r for r in reasons if r.startswith("vacuous")]:
                notes.append(f"{direction}: {'; '.join(vacuous)}")
        both = (values["backward"], values["forward"])
        values["average"] = math.nan if any(math.isnan(v) for v in both) else (both[0] + both[1]) / 2
        if math.isnan(values["average"]) and not notes:
            notes.append("undefined in one direction")
        values["note"] = "; ".join(notes)
        out[metric] = values
    table = pd.DataFrame.from_dict(out, orient="index", columns=["backward", "forward", "average", "note"])
    table.index.name = "metric"
    table.attrs.update(per_relation.attrs, n_relations=len(per_relation))
    return table
