"""Build TeCFaP probe rows from a loaded TEMP-COFAC dataset.

One row per (relation, pattern, consecutive entity pair, direction): a backward pattern asks for
e_{t-1} given e_t (t = 1..n-1), a forward pattern for e_{t+1} given e_t (t = 0..n-2). A relation
with n entities, b backward and f forward patterns gives (b + f) x (n - 1) rows; the release
(16 patterns, 634 consecutive pairs) gives 10,144.

The query is the pattern lower-cased, ``[X]`` replaced by the (lower-cased) key entity and
`` [Y]`` removed: prefix style, the model completes the sentence. The prompt follows the
reference (Alpaca-style) instruction "Complete the given sentence with correct phrase",
optionally preceded by a context line listing the relation's entities in shuffled order
(joined by "; " rather than the reference's ", " because entity names contain commas), k
completed examples from the same relation and direction, and, in closed-vocabulary mode, the
candidate entities. Every random choice is seeded by ``(seed, row id)``, so a row's prompt does
not depend on which other rows were built.

>>> from ragas_temporal.tecfap.dataset import load_example
>>> rows = build_probe(load_example(), split="all", with_context=False)
>>> len(rows)  # (3+3)*6 + (3+3)*4 + (3+3)*5 + (4+4)*4 = 36 + 24 + 30 + 32
122
>>> r = rows[0]
>>> r.relation, r.pattern_id, r.direction, r.key_step, r.key, r.gold
(0, 'pat_0_1', 'backward', 1, 'kevin rudd', 'john howard')
>>> r.query
'kevin rudd became prime minister of australia directly after'
"""

from __future__ import annotations

import random
import re
import warnings
from dataclasses import asdict, dataclass, field
from typing import Any, Mapping

from ragas_temporal.tecfap.dataset import DIRECTIONS, Pattern, Relation, TempCofac

DEFAULT_INSTRUCTION = "Complete the given sentence with correct phrase"
CLOSED_VOCABULARY_INSTRUCTION = (
    "Complete the given sentence with correct phrase. Answer with exactly one of the candidates listed in the input"
)
ALPACA_TEMPLATE = (
    "Below is an instruction that describes a task, paired with an input that provides further context. "
    "Write a response that appropriately completes the request.\n\n"
    "### Instruction:\n{instruction}\n\n### Input:\n{input}\n\n### Response:\n"
)
DEFAULT_CONTEXT_DESCRIPTION = "entities in this sequence"
# the input lines a prompt may hold before its query (written by _build_row)
_CONTEXT_LINE = "here is the list of {description} - {entities}."
_CANDIDATES_PREFIX = "Candidates: "
_EXAMPLE_PREFIX = "Example: "
_ENTITY_SEPARATOR = "; "
_X_RE = re.compile(r"\[x\]", re.IGNORECASE)
_Y_RE = re.compile(r"\s*\[y\]", re.IGNORECASE)


@dataclass(frozen=True)
class ProbeRow:
    """One probe question. ``key_step``/``gold_step`` are positions in the relation's time order;
    ``listed``: the entities the prompt lists, in its order (the candidates in closed-vocabulary
    mode, else the context line; empty when it lists none)."""

    relation: int
    pattern_id: str
    pattern: str
    direction: str
    key_step: int
    gold_step: int
    key: str
    gold: str
    query: str
    prompt: str
    sequence: tuple[str, ...] = field(repr=False)
    closed_vocabulary: bool = False
    shots: int = 0
    split: str | None = None
    listed: tuple[str, ...] = field(default=(), repr=False)

    @property
    def row_id(self) -> str:
        """Stable text id ``"<relation>:<pattern id>:<direction>:<key step>"`` (the resume key)."""
        return f"{self.relation}:{self.pattern_id}:{self.direction}:{self.key_step}"

    @property
    def candidates(self) -> tuple[str, ...]:
        """Distinct entity labels of the relation, in time order (the closed vocabulary)."""
        return tuple(dict.fromkeys(self.sequence))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict (``sequence`` as a list, plus ``row_id``)."""
        out = asdict(self)
        out["sequence"] = list(self.sequence)
        out["listed"] = list(self.listed)
        out["row_id"] = self.row_id
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "ProbeRow":
        """Inverse of :meth:`to_dict` (extra keys such as ``prediction`` are ignored)."""
        names = {f for f in cls.__dataclass_fields__}
        kwargs = {k: v for k, v in data.items() if k in names}
        kwargs["sequence"] = tuple(kwargs.get("sequence", ()))
        kwargs["listed"] = tuple(kwargs.get("listed", ()))
        return cls(**kwargs)


def render_query(pattern_text: str, key: str) -> str:
    """The prefix-style query: pattern lower-cased, ``[X]`` -> key, `` [Y]`` removed.

    >>> render_query("[X] was followed in office by [Y]", "john adams")
    'john adams was followed in office by'
    """
    # a callable replacement: the key is inserted literally (backslashes stay backslashes)
    text = _X_RE.sub(lambda _: key, pattern_text.lower(), count=1)
    return _Y_RE.sub("", text, count=1).strip()


def completed_sentence(pattern_text: str, key: str, value: str) -> str:
    """A filled pattern (used for k-shot examples).

    >>> completed_sentence("[X] was followed in office by [Y]", "john adams", "thomas jefferson")
    'john adams was followed in office by thomas jefferson'
    """
    return f"{render_query(pattern_text, key)} {value}"


def _pairs(n: int, direction: str) -> list[tuple[int, int]]:
    """(key step, gold step) pairs of one direction for n entities."""
    if direction == "backward":
        return [(t, t - 1) for t in range(1, n)]
    return [(t, t + 1) for t in range(0, n - 1)]


def _row_rng(seed: int, row_id: str, purpose: str) -> random.Random:
    # string seeds are hashed with SHA-512 by random.Random: stable across runs and processes
    return random.Random(f"{seed}:{row_id}:{purpose}")


def _examples(
    rel: Relation, labels: tuple[str, ...], direction: str, key_step: int, gold: str, k: int, rng: random.Random
) -> list[str]:
    """k completed sentences from the same relation and direction that never mention ``gold``."""
    if k == 0:
        return []
    pool = []
    for pat in rel.patterns_in(direction):  # type: ignore[arg-type]
        for t, g in _pairs(len(labels), direction):
            if t == key_step or gold in (labels[t], labels[g]):
                continue
            pool.append(completed_sentence(pat.text, labels[t], labels[g]))
    return rng.sample(pool, min(k, len(pool)))


def _render_prompt(instruction: str, lines: list[str]) -> str:
    return ALPACA_TEMPLATE.format(instruction=instruction, input="\n".join(lines))


def build_probe(
    dataset: TempCofac,
    split: str = "test",
    shots: int = 0,
    with_context: bool = True,
    seed: int = 0,
    *,
    closed_vocabulary: bool = False,
    context_descriptions: Mapping[int, str] | None = None,
    instruction: str | None = None,
) -> list[ProbeRow]:
    """Probe rows for the relations of ``split``.

    Parameters
    ----------
    dataset : TempCofac
        From :func:`load_temp_cofac` or :func:`load_example`.
    split : {"test", "train", "all"}
        Which relations (the release's ``test_index.csv`` / ``train_index.csv``).
    shots : int, 0..3
        Completed examples in the prompt, drawn from the same relation and direction; an
        example never mentions the row's gold answer and never uses the row's key step. If a
        relation has too few such examples the row gets fewer (``ProbeRow.shots`` says how many)
        and a warning is issued.
    with_context : bool
        Prefix the input with "here is the list of <description> - e1; e2; ..." (shuffled).
    seed : int
        Seeds the example choice and every shuffle, per row.
    closed_vocabulary : bool
        List the candidate entities in the prompt; :func:`run_probe` then snaps each
        prediction to the best-matching candidate.
    context_descriptions : mapping of relation index to str, optional
        What the context line calls the entities (the release keeps these outside its data
        files, e.g. "albums released by linkin park"); default "entities in this sequence".
    instruction : str, optional
        Override the instruction line.

    Returns
    -------
    list of ProbeRow
        Relations in index order; within a relation, patterns in file order, then pairs in time order.
    """
    if split not in ("train", "test", "all"):
        raise ValueError(f"split must be 'train', 'test' or 'all', got {split!r}")
    if isinstance(shots, bool) or not isinstance(shots, int) or not 0 <= shots <= 3:
        raise ValueError(f"shots must be an integer from 0 to 3, got {shots!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    if instruction is None:
        instruction = CLOSED_VOCABULARY_INSTRUCTION if closed_vocabulary else DEFAULT_INSTRUCTION
    descriptions = dict(context_descriptions or {})
    rows: list[ProbeRow] = []
    short = 0
    for rel in dataset.select(split):
        # lower-cased like the reference inference code; labels stay verbatim otherwise
        labels = tuple(label.lower() for label in rel.labels)
        distinct = list(dict.fromkeys(labels))
        for pat in rel.patterns:
            for key_step, gold_step in _pairs(len(labels), pat.direction):
                row = _build_row(rel, pat, labels, distinct, key_step, gold_step, shots, with_context, seed,
                                 closed_vocabulary, descriptions.get(rel.index, DEFAULT_CONTEXT_DESCRIPTION), instruction)
                short += row.shots < shots
                rows.append(row)
    if short:
        warnings.warn(f"{short} row(s) got fewer than {shots} examples: their relation has too few", stacklevel=2)
    return rows


def _build_row(
    rel: Relation,
    pat: Pattern,
    labels: tuple[str, ...],
    distinct: list[str],
    key_step: int,
    gold_step: int,
    shots: int,
    with_context: bool,
    seed: int,
    closed_vocabulary: bool,
    description: str,
    instruction: str,
) -> ProbeRow:
    key, gold = labels[key_step], labels[gold_step]
    row_id = f"{rel.index}:{pat.id}:{pat.direction}:{key_step}"
    query = render_query(pat.text, key)
    lines: list[str] = []
    listed: list[str] = []
    if with_context:
        listed = list(labels)
        _row_rng(seed, row_id, "context").shuffle(listed)
        lines.append(_CONTEXT_LINE.format(description=description, entities=_ENTITY_SEPARATOR.join(listed)))
    if closed_vocabulary:
        listed = list(distinct)
        _row_rng(seed, row_id, "candidates").shuffle(listed)
        lines.append(_CANDIDATES_PREFIX + _ENTITY_SEPARATOR.join(listed))
    examples = _examples(rel, labels, pat.direction, key_step, gold, shots, _row_rng(seed, row_id, "shots"))
    lines.extend(_EXAMPLE_PREFIX + ex for ex in examples)
    lines.append(query)
    return ProbeRow(
        relation=rel.index,
        pattern_id=pat.id,
        pattern=pat.text,
        direction=pat.direction,
        key_step=key_step,
        gold_step=gold_step,
        key=key,
        gold=gold,
        query=query,
        prompt=_render_prompt(instruction, lines),
        sequence=labels,
        closed_vocabulary=closed_vocabulary,
        shots=len(examples),
        split=rel.split,
        listed=tuple(listed),
    )


__all__ = ["ProbeRow", "build_probe", "render_query", "completed_sentence", "DIRECTIONS"]
