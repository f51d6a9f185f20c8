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
