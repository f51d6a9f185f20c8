"""Helpers shared by the hostile-input tests: copies of the shipped TeCFaP example to damage."""

from __future__ import annotations

import shutil

import pytest

from ragas_temporal.tecfap import example_path


@pytest.fixture
def temp_cofac(tmp_path):
    """A writable copy of the shipped TEMP-COFAC example (4 relations; test split 1 and 2)."""
    root = tmp_path / "temp-cofac"
    shutil.copytree(example_path(), root)
    return root


DEEP_JSON = "[" * 100_000 + "]" * 100_000


def hostile_path(path, kind: str):
    """Make ``path`` a hostile file of ``kind`` and return the path to give the command.

    ``directory``, ``fifo`` (nobody writes to it: opening it would block), ``binary`` (not UTF-8),
    ``deep`` (JSON nested 100,000 deep) or ``too_long`` (a name longer than the system allows,
    in the same folder).
    """
    import os

    if kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "binary":
        path.write_bytes(b"\x00\xff\xfe\xfd" * 50)
    elif kind == "deep":
        path.write_text(DEEP_JSON)
    elif kind == "too_long":
        return path.parent / ("x" * 300 + path.suffix)
    else:
        raise ValueError(f"unknown kind {kind!r}")
    return path
