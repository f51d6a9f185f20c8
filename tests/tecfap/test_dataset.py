"""Loader tests: the shipped example, path resolution, the release's quirks, malformed files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ragas_temporal.tecfap import TempCofacFormatError, example_path, load_example, load_temp_cofac


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A writable copy of the example laid out like a clone: <tmp>/dataset/temp-cofac."""
    root = tmp_path / "clone" / "dataset" / "temp-cofac"
    shutil.copytree(example_path(), root)
    return root


def test_example_loads_with_split_and_typed_records():
    data = load_example()
    assert [r.index for r in data.relations] == [0, 1, 2, 3]
    assert data.train_index == (0, 3) and data.test_index == (1, 2)
    assert [r.split for r in data.relations] == ["train", "test", "test", "train"]
    rel = data.relation(3)
    assert len(rel.patterns) == 8
    assert [p.direction for p in rel.patterns] == ["backward"] * 4 + ["forward"] * 4
    assert rel.patterns[0].id == "pat_3_1" and rel.patterns[0].temporal_nature == "strict"
    assert rel.labels == ("Pablo Honey", "The Bends", "OK Computer", "Kid A", "Amnesiac")
    assert [r.index for r in data.select("test")] == [1, 2]
    with pytest.raises(KeyError):
        data.relation(9)


@pytest.mark.parametrize("level", ["temp-cofac", "dataset", "clone"])
def test_path_may_be_the_folder_dataset_or_clone_root(copy: Path, level: str):
    path = {"temp-cofac": copy, "dataset": copy.parent, "clone": copy.parent.parent}[level]
    assert load_temp_cofac(path).root == copy


def test_missing_path_and_non_dataset_folder(tmp_path: Path):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        load_temp_cofac(tmp_path / "nope")
    with pytest.raises(FileNotFoundError, match="strict/"):
        load_temp_cofac(tmp_path)


# --- the release's quirks, each present in small form in the example -----------------------


def test_quirk_repeated_entity_name_is_kept_by_position():
    rel = load_example().relation(0)
    assert rel.labels[1] == rel.labels[3] == "Kevin Rudd"
    assert [e.step for e in rel.entities] == list(range(7))


def test_quirk_same_pattern_text_for_both_directions():
    rel = load_example().relation(3)
    back = {p.text for p in rel.patterns_in("backward")}
    fwd = {p.text for p in rel.patterns_in("forward")}
    assert back & fwd == {"Radiohead released the album [X] around the time of [Y]"}


def test_quirk_candidates_split_version_numbers_from_names():
    rel = load_example().relation(1)
    assert rel.candidate_words[:5] == ("10.04", "12.04", "14.04", "16.04", "18.04")
    # the word bag cannot be cut back into entities: "10.04 lucid lynx" is not a substring
    assert "10.04 lucid lynx" not in " ".join(rel.candidate_words)
    assert rel.labels[0] == "10.04 Lucid Lynx"


def test_quirk_commas_and_periods_in_names_are_verbatim():
    rel = load_example().relation(2)
    assert "Charles F. Bolden, Jr." in rel.labels and "Sean O'Keefe" in rel.labels


def test_labels_lose_surrounding_white_space_only(copy: Path):
    _edit_json(copy / "samples" / "sub_rel_2.json", lambda d: d[3].update(sub_label="  Charles F. Bolden, Jr. \n"))
    assert load_temp_cofac(copy).relation(2).labels[3] == "Charles F. Bolden, Jr."


def test_entities_are_ordered_by_time_step_not_file_order(copy: Path):
    file = copy / "samples" / "sub_rel_3.json"
    ents = json.loads(file.read_text())
    file.write_text(json.dumps(list(reversed(ents))))
    assert load_temp_cofac(copy).relation(3).labels[0] == "Pablo Honey"


def test_repeated_time_step_warns_and_file_order_breaks_the_tie(copy: Path):
    file = copy / "samples" / "sub_rel_3.json"
    ents = json.loads(file.read_text())
    ents[2]["time_step"] = 1  # "OK Computer" now shares step 1 with "The Bends"
    file.write_text(json.dumps(ents))
    with pytest.warns(UserWarning, match="repeated time_step"):
        rel = load_temp_cofac(copy).relation(3)
    assert rel.labels[1:3] == ("The Bends", "OK Computer")
    assert [e.step for e in rel.entities] == [0, 1, 2, 3, 4]


def test_index_files_are_optional(copy: Path):
    (copy / "train_index.csv").unlink()
    (copy / "test_index.csv").unlink()
    data = load_temp_cofac(copy)
    assert data.train_index is None and data.relations[0].split is None
    with pytest.raises(ValueError, match="no test_index.csv"):
        data.select("test")
    assert len(data.select("all")) == 4


def test_files_saved_with_a_utf8_byte_order_mark_load_alike(copy: Path):
    # issue 21 item 5: every JSON and index file re-saved with a BOM (Excel, PowerShell, Notepad)
    files = sorted(p for p in copy.rglob("*") if p.suffix in (".json", ".csv"))
    assert {p.suffix for p in files} == {".json", ".csv"}
    for file in files:
        file.write_bytes(b"\xef\xbb\xbf" + file.read_bytes())
    data, example = load_temp_cofac(copy), load_example()
    assert data.relations == example.relations
    assert (data.train_index, data.test_index) == (example.train_index, example.test_index) == ((0, 3), (1, 2))


# --- malformed files: the error names the file and the field ---------------------------------


def _edit_json(file: Path, edit) -> None:
    data = json.loads(file.read_text())
    edit(data)
    file.write_text(json.dumps(data))


@pytest.mark.parametrize(
    "sub, edit, field, problem",
    [
        ("strict", lambda d: d[2].update(direction="sideways"), "[2].direction", "expected 'forward' or 'backward'"),
        ("strict", lambda d: d[0].pop("pattern"), "[0].pattern", "missing"),
        ("strict", lambda d: d[1].update(pattern="no placeholders here"), "[1].pattern", "[X]"),
        ("strict", lambda d: d[4].update(id=d[3]["id"], direction=d[3]["direction"]), "[4].id", "duplicate"),
        ("samples", lambda d: d[1].update(time_step="later"), "[1].time_step", "integer"),
        ("samples", lambda d: d[0].update(sub_label=""), "[0].sub_label", "non-empty string"),
        ("candidates", lambda d: d.pop("candidates"), "candidates", "missing"),
    ],
)
def test_malformed_field_names_file_and_field(copy: Path, sub, edit, field, problem):
    file = copy / sub / "sub_rel_2.json"
    _edit_json(file, edit)
    with pytest.raises(TempCofacFormatError) as err:
        load_temp_cofac(copy)
    assert err.value.file == str(file)
    assert err.value.field == field
    assert problem in str(err.value) and str(file) in str(err.value)


def test_invalid_json_names_the_file(copy: Path):
    file = copy / "samples" / "sub_rel_1.json"
    file.write_text("[{not json")
    with pytest.raises(TempCofacFormatError, match="sub_rel_1.json: not valid JSON"):
        load_temp_cofac(copy)


def test_missing_companion_file(copy: Path):
    (copy / "candidates" / "sub_rel_0.json").unlink()
    with pytest.raises(FileNotFoundError, match="candidates/sub_rel_0.json"):
        load_temp_cofac(copy)


def test_bad_index_files(copy: Path):
    (copy / "test_index.csv").write_text("test_index\n1\ntwo\n")
    with pytest.raises(TempCofacFormatError, match=r"test_index \(line 3\): expected an integer"):
        load_temp_cofac(copy)
    (copy / "test_index.csv").write_text("index\n1\n")
    with pytest.raises(TempCofacFormatError, match="header row with column 'test_index'"):
        load_temp_cofac(copy)
    (copy / "test_index.csv").write_text("test_index\n1\n7\n")
    with pytest.raises(TempCofacFormatError, match="relation 7 has no strict/sub_rel_7.json"):
        load_temp_cofac(copy)
    (copy / "test_index.csv").write_text("test_index\n0\n")
    with pytest.raises(TempCofacFormatError, match=r"relations \[0\] are also in train_index.csv"):
        load_temp_cofac(copy)


def test_loader_errors_are_value_errors_for_the_cli():
    assert issubclass(TempCofacFormatError, ValueError)
