"""`load_temp_cofac` on damaged folders: every problem is a TempCofacFormatError naming the file.

Each case is one damaged file in a copy of the shipped example; the loader must name the file
(and the line or field) instead of raising RecursionError, OverflowError, UnicodeDecodeError or
csv.Error, and must not block on a FIFO.
"""

from __future__ import annotations

import os

import pytest

from ragas_temporal.tecfap import TempCofacFormatError, load_temp_cofac


def _fails_naming(root, relative: str, fragment: str) -> None:
    with pytest.raises(TempCofacFormatError) as caught:
        load_temp_cofac(root)
    message = str(caught.value)
    assert message.startswith(str(root / relative)), message
    assert fragment in message, message
    assert "\n" not in message


@pytest.mark.parametrize("relative", ["samples/sub_rel_0.json", "strict/sub_rel_1.json", "candidates/sub_rel_2.json"])
def test_json_nested_100000_deep(temp_cofac, relative):
    (temp_cofac / relative).write_text("[" * 100_000 + "]" * 100_000)
    _fails_naming(temp_cofac, relative, "JSON nested too deeply")


@pytest.mark.parametrize("cell", ["inf", "-inf", "nan", "1e400", "Infinity", "2.5"])
def test_index_cell_that_is_not_a_whole_finite_number(temp_cofac, cell):
    (temp_cofac / "test_index.csv").write_text(f"test_index\n1\n{cell}\n")
    _fails_naming(temp_cofac, "test_index.csv", f"test_index (line 3): expected an integer, got {cell!r}")


def test_binary_index(temp_cofac):
    (temp_cofac / "train_index.csv").write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe" * 20)
    _fails_naming(temp_cofac, "train_index.csv", "not UTF-8 text (byte 0); is it a binary file?")


def test_binary_json_file(temp_cofac):
    (temp_cofac / "samples/sub_rel_3.json").write_bytes(b"\xff\xfe[\x00]\x00")
    _fails_naming(temp_cofac, "samples/sub_rel_3.json", "not UTF-8 text")


def test_index_field_of_200000_characters(temp_cofac):
    (temp_cofac / "test_index.csv").write_text("test_index\n1\n" + "7" * 200_000 + "\n")
    _fails_naming(temp_cofac, "test_index.csv", "not a readable CSV index (field larger than field limit")


def test_index_field_of_100000_characters_is_quoted_shortly(temp_cofac):
    # under the csv limit: the bad value reaches the integer check, whose message stays short
    (temp_cofac / "test_index.csv").write_text("test_index\n1\n" + "x" * 100_000 + "\n")
    with pytest.raises(TempCofacFormatError) as caught:
        load_temp_cofac(temp_cofac)
    assert "(100000 characters)" in str(caught.value) and len(str(caught.value)) < 300


def test_200000_character_label_is_data_not_an_error(temp_cofac):
    # a long entity name is unusual but well-formed: it loads verbatim
    (temp_cofac / "samples/sub_rel_0.json").write_text(
        '[{"time_step": 0, "sub_label": "' + "y" * 200_000 + '"}, {"time_step": 1, "sub_label": "b"}]'
    )
    assert len(load_temp_cofac(temp_cofac).relation(0).entities[0].label) == 200_000


def test_index_path_that_is_a_directory(temp_cofac):
    (temp_cofac / "test_index.csv").unlink()
    (temp_cofac / "test_index.csv").mkdir()
    _fails_naming(temp_cofac, "test_index.csv", "the index file is a directory, not a file")


def test_index_path_that_is_a_fifo_does_not_block(temp_cofac):
    (temp_cofac / "test_index.csv").unlink()
    os.mkfifo(temp_cofac / "test_index.csv")  # nobody writes to it: opening it would block forever
    _fails_naming(temp_cofac, "test_index.csv", "is a FIFO (named pipe); give a regular file")


def test_json_file_that_is_a_fifo_does_not_block(temp_cofac):
    (temp_cofac / "candidates/sub_rel_0.json").unlink()
    os.mkfifo(temp_cofac / "candidates/sub_rel_0.json")
    _fails_naming(temp_cofac, "candidates/sub_rel_0.json", "is a FIFO")
