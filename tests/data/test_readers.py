"""Dataset readers: each file kind gives the same rows; bad files name the file (and line)."""

from __future__ import annotations

import json

import pytest

from ragas_temporal.data import readers

ROWS = [
    {"response": "It began in 2008.", "retrieved_contexts": ["In 2008.", "In 2009."], "reference": None},
    {"response": "It ended in 2010.", "retrieved_contexts": ["In 2010."], "reference": "2010"},
]


def test_jsonl_json_and_csv_give_the_same_rows(tmp_path):
    jsonl = tmp_path / "rows.jsonl"
    jsonl.write_text("\n".join(json.dumps(r) for r in ROWS) + "\n\n", encoding="utf-8")  # a blank line is skipped
    as_json = tmp_path / "rows.json"
    as_json.write_text(json.dumps(ROWS), encoding="utf-8")
    csv = tmp_path / "rows.csv"
    csv.write_text(
        'response,retrieved_contexts,reference\n'
        '"It began in 2008.","[""In 2008."", ""In 2009.""]",\n'
        '"It ended in 2010.","[\'In 2010.\']",2010\n',
        encoding="utf-8",
    )
    for path in (jsonl, as_json, csv):
        assert readers.read_rows(path) == ROWS, path.suffix


def test_bad_files_are_errors_that_name_them(tmp_path):
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"response": "ok"}\n{not json}\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"broken.jsonl:2: not valid JSON"):
        readers.read_rows(broken)
    not_a_list = tmp_path / "one.json"
    not_a_list.write_text('{"response": "ok"}', encoding="utf-8")
    with pytest.raises(ValueError, match="one.json: a .json file must hold a list of rows"):
        readers.read_rows(not_a_list)
    with pytest.raises(ValueError, match=r"rows.txt: unsupported file type \.txt"):
        (tmp_path / "rows.txt").write_text("x", encoding="utf-8")
        readers.read_rows(tmp_path / "rows.txt")
    with pytest.raises(FileNotFoundError, match="no such file or folder"):
        readers.read_rows(tmp_path / "absent.jsonl")


def test_a_csv_cell_that_is_not_a_list_stays_text():
    # the row then scores NaN with a reason naming the column, instead of the file failing
    assert readers.parse_list_cell("just text") == "just text"
    assert readers.parse_list_cell("[unclosed") == "[unclosed"
    assert readers.parse_list_cell("['d1', 2]") == ["d1", 2]


def test_dataset_dict_needs_a_split_when_it_has_several():
    from datasets import Dataset, DatasetDict

    both = DatasetDict({"train": Dataset.from_list(ROWS[:1]), "test": Dataset.from_list(ROWS[1:])})
    assert readers.rows_of_dataset(both, "test") == ROWS[1:]
    with pytest.raises(ValueError, match=r"the dataset has splits \['train', 'test'\]: choose one with --split"):
        readers.rows_of_dataset(both, None)
    with pytest.raises(ValueError, match="no split 'dev'"):
        readers.rows_of_dataset(both, "dev")
    assert readers.rows_of_dataset(DatasetDict({"train": Dataset.from_list(ROWS)}), None) == ROWS
