"""Read the TEMP-COFAC benchmark (TeCFaP, seed 004) from disk into typed records.

The benchmark carries no licence grant, so the package never ships it: users clone the public
repository and pass its path. The package ships a small example written by us in the same
on-disk format (:func:`example_path`, :func:`load_example`). The layout, and the quirks of the
release this loader survives (why patterns are keyed by ``(id, direction)`` and entities by their
position), are in ``docs/tecfap.md`` ("The TEMP-COFAC data format").

Malformed files raise :class:`TempCofacFormatError` (a ``ValueError``) naming the file and field.

>>> data = load_example()
>>> [r.index for r in data.relations], data.train_index, data.test_index
([0, 1, 2, 3], (0, 3), (1, 2))
>>> rel = data.relation(0)
>>> [e.label for e in rel.entities][:4]
['John Howard', 'Kevin Rudd', 'Julia Gillard', 'Kevin Rudd']
>>> rel.split
'train'
"""

from __future__ import annotations

import csv
import io
import re
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ragas_temporal.input_files import InputFileError, finite_integer, loads_json, read_text

Direction = Literal["forward", "backward"]
DIRECTIONS: tuple[Direction, ...] = ("backward", "forward")

_FILE_RE = re.compile(r"^sub_rel_(\d+)\.json$")
_X_RE = re.compile(r"\[x\]", re.IGNORECASE)
_Y_RE = re.compile(r"\[y\]", re.IGNORECASE)


class TempCofacFormatError(ValueError):
    """A TEMP-COFAC file is missing or malformed; the message names the file and the field."""

    def __init__(self, file: str | Path, field: str, problem: str) -> None:
        self.file = str(file)
        self.field = field
        self.problem = problem
        where = f"{self.file}: {field}" if field else self.file
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class Pattern:
    """One paraphrase pattern of a subject-relation.

    ``text`` keeps the release's casing and its ``[X]`` (key object) and ``[Y]`` (value object)
    placeholders; the subject and relation are written into the text.
    """

    id: str
    text: str
    direction: Direction
    temporal_nature: str | None = None
    tense: str | None = None


@dataclass(frozen=True)
class Entity:
    """One entity of a relation. ``step`` is its 0-based position in time order (the key used
    everywhere); ``time_step`` is the value stored in the file."""

    step: int
    time_step: int
    label: str


@dataclass(frozen=True)
class Relation:
    """A subject-relation: its patterns, its entities in time order and its candidate text."""

    index: int
    patterns: tuple[Pattern, ...]
    entities: tuple[Entity, ...]
    candidates_text: str
    split: Literal["train", "test"] | None = None

    @property
    def labels(self) -> tuple[str, ...]:
        """Entity labels in time order (a name may repeat)."""
        return tuple(e.label for e in self.entities)

    @property
    def candidate_words(self) -> tuple[str, ...]:
        """The candidates file as the release's inference code reads it: lower-cased words."""
        return tuple(self.candidates_text.lower().split())

    def patterns_in(self, direction: Direction) -> tuple[Pattern, ...]:
        """The patterns of one direction, in file order."""
        return tuple(p for p in self.patterns if p.direction == direction)


@dataclass(frozen=True)
class TempCofac:
    """A loaded TEMP-COFAC folder: relations sorted by index, and the train/test split."""

    root: Path
    relations: tuple[Relation, ...]
    train_index: tuple[int, ...] | None
    test_index: tuple[int, ...] | None

    def relation(self, index: int) -> Relation:
        """The relation with this ``sub_rel_<index>`` number (``KeyError`` if absent)."""
        for rel in self.relations:
            if rel.index == index:
                return rel
        raise KeyError(f"no relation sub_rel_{index} in {self.root}")

    def select(self, split: str) -> tuple[Relation, ...]:
        """Relations of ``split`` ("train", "test" or "all")."""
        if split == "all":
            return self.relations
        if split not in ("train", "test"):
            raise ValueError(f"split must be 'train', 'test' or 'all', got {split!r}")
        wanted = self.train_index if split == "train" else self.test_index
        if wanted is None:
            raise ValueError(f"{self.root} has no {split}_index.csv; use split='all'")
        return tuple(r for r in self.relations if r.index in set(wanted))


# --------------------------------------------------------------------------------------------
# locating the folder


def example_path() -> Path:
    """Path of the example shipped with the package (written by us, same format as the release)."""
    return Path(__file__).resolve().parent.parent / "data" / "temp_cofac_example" / "dataset" / "temp-cofac"


def load_example() -> TempCofac:
    """Load the shipped example: 4 relations (train 0 and 3, test 1 and 2)."""
    return load_temp_cofac(example_path())


def resolve_root(path: str | Path) -> Path:
    """Find the ``temp-cofac`` folder from ``path``: the folder itself, ``dataset/`` or the clone root."""
    path = Path(path).expanduser()
    if not path.exists():
        raise FileNotFoundError(f"TEMP-COFAC path does not exist: {path}")
    for candidate in (path, path / "temp-cofac", path / "dataset" / "temp-cofac"):
        if (candidate / "strict").is_dir():
            return candidate
    raise FileNotFoundError(
        f"{path} does not look like TEMP-COFAC: expected a 'strict/' folder in it, in "
        f"'temp-cofac/' or in 'dataset/temp-cofac/'"
    )


# --------------------------------------------------------------------------------------------
# loading


def load_temp_cofac(path: str | Path) -> TempCofac:
    """Read a TEMP-COFAC folder (or a clone of the benchmark repository) into typed records.

    Parameters
    ----------
    path : str or Path
        The ``dataset/temp-cofac`` folder, its parent ``dataset`` or the repository clone root.

    Returns
    -------
    TempCofac
        Relations sorted by index with patterns, ordered entities, candidate text and split.

    Raises
    ------
    FileNotFoundError
        ``path`` is not a TEMP-COFAC folder, or a relation lacks its samples or candidates file.
    TempCofacFormatError
        A file is not valid JSON/CSV or a field is missing or has the wrong type; the message
        names the file and the field (e.g. ``strict/sub_rel_3.json: [2].direction: ...``).

    Examples
    --------
    >>> data = load_temp_cofac(example_path())
    >>> rel = data.relation(1)
    >>> rel.entities[0]
    Entity(step=0, time_step=0, label='10.04 Lucid Lynx')
    >>> rel.candidate_words[:3]
    ('10.04', '12.04', '14.04')
    """
    root = resolve_root(path)
    indices = _relation_indices(root)
    train = _read_index(root, "train")
    test = _read_index(root, "test")
    for name, idx in (("train_index", train), ("test_index", test)):
        for i in idx or ():
            if i not in indices:
                raise TempCofacFormatError(
                    root / f"{name}.csv", name, f"relation {i} has no strict/sub_rel_{i}.json"
                )
    if train is not None and test is not None and set(train) & set(test):
        both = sorted(set(train) & set(test))
        raise TempCofacFormatError(root / "test_index.csv", "test_index", f"relations {both} are also in train_index.csv")
    relations = []
    for i in indices:
        split = "train" if train and i in train else "test" if test and i in test else None
        relations.append(
            Relation(
                index=i,
                patterns=_read_patterns(root, i),
                entities=_read_entities(root, i),
                candidates_text=_read_candidates(root, i),
                split=split,
            )
        )
    return TempCofac(root=root, relations=tuple(relations), train_index=train, test_index=test)


def _relation_indices(root: Path) -> list[int]:
    indices = sorted(int(m.group(1)) for f in (root / "strict").iterdir() if (m := _FILE_RE.match(f.name)))
    if not indices:
        raise FileNotFoundError(f"{root / 'strict'} holds no sub_rel_<i>.json file")
    return indices


def _load_json(file: Path) -> Any:
    if not file.exists():
        raise FileNotFoundError(f"missing TEMP-COFAC file: {file}")
    try:
        return loads_json(read_text(file, "TEMP-COFAC file"), file)
    except InputFileError as exc:  # binary, deeply nested, not a regular file, not JSON
        raise TempCofacFormatError(file, "", exc.problem) from None


def _text_field(file: Path, item: dict, where: str, key: str, *, required: bool = True) -> str | None:
    value = item.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        got = "missing" if key not in item else f"got {value!r}"
        raise TempCofacFormatError(file, f"{where}.{key}" if where else key, f"expected a non-empty string, {got}")
    return value


def _read_patterns(root: Path, i: int) -> tuple[Pattern, ...]:
    file = root / "strict" / f"sub_rel_{i}.json"
    raw = _load_json(file)
    if not isinstance(raw, list) or not raw:
        raise TempCofacFormatError(file, "", "expected a non-empty JSON array of patterns")
    patterns: list[Pattern] = []
    seen: set[tuple[str, str]] = set()
    for n, item in enumerate(raw):
        where = f"[{n}]"
        if not isinstance(item, dict):
            raise TempCofacFormatError(file, where, f"expected an object, got {type(item).__name__}")
        if isinstance(item.get("id"), int) and not isinstance(item.get("id"), bool):
            item = {**item, "id": str(item["id"])}  # a numeric id is still an id
        pid = _text_field(file, item, where, "id")
        text = _text_field(file, item, where, "pattern")
        direction = _text_field(file, item, where, "direction").strip().lower()
        if direction not in DIRECTIONS:
            raise TempCofacFormatError(
                file, f"{where}.direction", f"expected 'forward' or 'backward', got {item['direction']!r}"
            )
        for placeholder, rx in (("[X]", _X_RE), ("[Y]", _Y_RE)):
            if len(rx.findall(text)) != 1:
                raise TempCofacFormatError(
                    file, f"{where}.pattern", f"expected exactly one {placeholder} placeholder in {text!r}"
                )
        # Ids are unique per direction: a text reused for both directions (a release quirk) is fine.
        if (pid, direction) in seen:
            raise TempCofacFormatError(file, f"{where}.id", f"duplicate {direction} pattern id {pid!r}")
        seen.add((pid, direction))
        patterns.append(
            Pattern(
                id=pid,
                text=text,
                direction=direction,  # type: ignore[arg-type]
                temporal_nature=_text_field(file, item, where, "temporal_nature", required=False),
                tense=_text_field(file, item, where, "tense", required=False),
            )
        )
    return tuple(patterns)


def _read_entities(root: Path, i: int) -> tuple[Entity, ...]:
    file = root / "samples" / f"sub_rel_{i}.json"
    raw = _load_json(file)
    if not isinstance(raw, list) or len(raw) < 2:
        raise TempCofacFormatError(file, "", "expected a JSON array of at least 2 entities")
    staged: list[tuple[int, int, str]] = []
    for n, item in enumerate(raw):
        where = f"[{n}]"
        if not isinstance(item, dict):
            raise TempCofacFormatError(file, where, f"expected an object, got {type(item).__name__}")
        ts = item.get("time_step")
        if isinstance(ts, str) and ts.strip().lstrip("-").isdigit():
            ts = int(ts)  # tolerate "3": the order is what matters
        if not isinstance(ts, int) or isinstance(ts, bool):
            raise TempCofacFormatError(file, f"{where}.time_step", f"expected an integer, got {ts!r}")
        label = _text_field(file, item, where, "sub_label").strip()
        staged.append((ts, n, label))
    time_steps = [ts for ts, _, _ in staged]
    if len(set(time_steps)) != len(time_steps):
        # Never fatal: file order breaks the tie, and positions (not time_step values) key the probe.
        warnings.warn(f"{file}: repeated time_step values; file order breaks ties", stacklevel=3)
    staged.sort(key=lambda t: (t[0], t[1]))
    return tuple(Entity(step=pos, time_step=ts, label=label) for pos, (ts, _, label) in enumerate(staged))


def _read_candidates(root: Path, i: int) -> str:
    file = root / "candidates" / f"sub_rel_{i}.json"
    raw = _load_json(file)
    if not isinstance(raw, dict):
        raise TempCofacFormatError(file, "", f"expected a JSON object, got {type(raw).__name__}")
    return _text_field(file, raw, "", "candidates").strip()  # type: ignore[union-attr]


def _read_index(root: Path, split: str) -> tuple[int, ...] | None:
    file = root / f"{split}_index.csv"
    column = f"{split}_index"
    if not file.exists():
        return None
    try:
        text = read_text(file, "index file")
    except InputFileError as exc:  # a directory, a FIFO, a binary file
        raise TempCofacFormatError(file, column, exc.problem) from None
    try:
        rows = [row for row in csv.reader(io.StringIO(text, newline="")) if row and any(c.strip() for c in row)]
    except csv.Error as exc:  # e.g. a field longer than the csv module's limit
        raise TempCofacFormatError(file, column, f"not a readable CSV index ({exc})") from None
    if not rows or column not in [c.strip() for c in rows[0]]:
        raise TempCofacFormatError(file, column, f"expected a header row with column {column!r}")
    col = [c.strip() for c in rows[0]].index(column)
    values: list[int] = []
    for line, row in enumerate(rows[1:], start=2):
        cell = row[col].strip() if col < len(row) else ""
        try:  # pandas writes ints, but "3.0" costs nothing to accept; inf and 1e400 are refused
            values.append(finite_integer(cell, column))
        except ValueError:
            shown = cell if len(cell) <= 40 else f"{cell[:40]}... ({len(cell)} characters)"
            raise TempCofacFormatError(file, f"{column} (line {line})", f"expected an integer, got {shown!r}") from None
    return tuple(values)
