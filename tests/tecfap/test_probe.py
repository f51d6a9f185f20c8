"""build_probe: row counts by hand, queries, prompts, k-shot rules, determinism, bad arguments."""

from __future__ import annotations

from collections import Counter

import pytest

from ragas_temporal.tecfap import build_probe, load_example
from ragas_temporal.tecfap.probe import ProbeRow, render_query


@pytest.fixture(scope="module")
def data():
    return load_example()


def test_row_counts_by_hand(data):
    # rows per relation = (backward patterns + forward patterns) x (entities - 1)
    # rel 0: (3+3) x (7-1) = 36   rel 1: (3+3) x (5-1) = 24
    # rel 2: (3+3) x (6-1) = 30   rel 3: (4+4) x (5-1) = 32
    rows = build_probe(data, split="all")
    assert Counter(r.relation for r in rows) == {0: 36, 1: 24, 2: 30, 3: 32}
    assert len(rows) == 122
    assert len(build_probe(data, split="test")) == 24 + 30
    assert len(build_probe(data, split="train")) == 36 + 32
    # backward rows use steps t=1..n-1 -> gold t-1; forward t=0..n-2 -> gold t+1
    rel3_back = [(r.key_step, r.gold_step) for r in rows if r.relation == 3 and r.pattern_id == "pat_3_1"]
    rel3_fwd = [(r.key_step, r.gold_step) for r in rows if r.relation == 3 and r.pattern_id == "pat_3_5"]
    assert rel3_back == [(1, 0), (2, 1), (3, 2), (4, 3)]
    assert rel3_fwd == [(0, 1), (1, 2), (2, 3), (3, 4)]


def test_row_fields_and_query(data):
    rows = build_probe(data, split="all", with_context=False)
    row = next(r for r in rows if r.relation == 2 and r.pattern_id == "pat_2_4" and r.key_step == 2)
    assert row.direction == "forward"
    assert (row.key, row.gold) == ("michael d. griffin", "charles f. bolden, jr.")
    assert row.query == "michael d. griffin was followed as nasa administrator by"
    assert row.row_id == "2:pat_2_4:forward:2"
    assert row.prompt.endswith("### Input:\nmichael d. griffin was followed as nasa administrator by\n\n### Response:\n")
    assert "Complete the given sentence with correct phrase" in row.prompt
    assert ProbeRow.from_dict(row.to_dict()) == row


def test_render_query_removes_y_and_keeps_key_literal():
    assert render_query("Canonical followed the Ubuntu LTS release [X] with [Y]", r"10.04 lucid\1 lynx") == (
        r"canonical followed the ubuntu lts release 10.04 lucid\1 lynx with"
    )


def test_repeated_name_gives_distinct_rows_with_gold_by_position(data):
    rows = build_probe(data, split="all")
    # forward pattern pat_0_4 from "kevin rudd": step 1 -> julia gillard, step 3 -> tony abbott
    rudd = {r.key_step: r.gold for r in rows if r.pattern_id == "pat_0_4" and r.key == "kevin rudd"}
    assert rudd == {1: "julia gillard", 3: "tony abbott"}


def test_reused_pattern_text_gives_one_row_set_per_direction(data):
    rows = build_probe(data, split="all", with_context=False)
    same_text = [r for r in rows if r.pattern == "Radiohead released the album [X] around the time of [Y]"]
    assert Counter(r.direction for r in same_text) == {"backward": 4, "forward": 4}
    # identical query text, different gold depending on the direction
    by_query = {(r.direction, r.gold) for r in same_text if r.key == "ok computer"}
    assert by_query == {("backward", "the bends"), ("forward", "kid a")}
    assert len({r.row_id for r in rows}) == len(rows)


def test_context_line_lists_every_entity_shuffled(data):
    rows = build_probe(data, split="all", seed=3, context_descriptions={2: "nasa administrators"})
    row = next(r for r in rows if r.relation == 2)
    line = next(l for l in row.prompt.splitlines() if l.startswith("here is the list of nasa administrators - "))
    listed = line.removeprefix("here is the list of nasa administrators - ").rstrip(".").split("; ")
    assert sorted(listed) == sorted(row.sequence)
    other = next(r for r in rows if r.relation == 0)
    assert "here is the list of entities in this sequence - " in other.prompt


@pytest.mark.parametrize("shots", [1, 2, 3])
def test_k_shot_examples_same_relation_never_the_answer(data, shots):
    rows = build_probe(data, split="all", shots=shots, seed=7)
    for row in rows:
        examples = [l.removeprefix("Example: ") for l in row.prompt.splitlines() if l.startswith("Example: ")]
        assert len(examples) == row.shots == shots  # every example relation has enough pairs
        for ex in examples:
            assert row.gold not in ex, (row.row_id, ex)
            # from the same relation: the example ends with one of its entities
            assert any(ex.endswith(" " + label) for label in row.sequence)


def test_shots_fall_short_when_a_relation_has_too_few_examples(tmp_path, data):
    import json
    import shutil

    from ragas_temporal.tecfap import example_path, load_temp_cofac

    root = tmp_path / "temp-cofac"
    shutil.copytree(example_path(), root)
    # relation 3 cut to 3 entities: a forward row 0->1 may only use pair 1->2, which names
    # its gold "the bends" -> no example; row 1->2 may use 0->1 ("pablo honey" -> "the bends")
    ents = json.loads((root / "samples" / "sub_rel_3.json").read_text())[:3]
    (root / "samples" / "sub_rel_3.json").write_text(json.dumps(ents))
    with pytest.warns(UserWarning, match="fewer than 1 examples"):
        rows = build_probe(load_temp_cofac(root), split="all", shots=1)
    fwd = {r.key_step: r.shots for r in rows if r.relation == 3 and r.direction == "forward"}
    assert fwd == {0: 0, 1: 1}


def test_seed_makes_prompts_reproducible_and_independent_of_split(data):
    a = build_probe(data, split="all", shots=2, seed=11)
    b = build_probe(data, split="all", shots=2, seed=11)
    c = build_probe(data, split="all", shots=2, seed=12)
    assert [r.prompt for r in a] == [r.prompt for r in b]
    assert [r.prompt for r in a] != [r.prompt for r in c]
    test_only = {r.row_id: r.prompt for r in build_probe(data, split="test", shots=2, seed=11)}
    assert all(test_only[r.row_id] == r.prompt for r in a if r.row_id in test_only)


def test_closed_vocabulary_lists_distinct_candidates(data):
    rows = build_probe(data, split="all", closed_vocabulary=True)
    row = next(r for r in rows if r.relation == 0)
    assert row.closed_vocabulary
    line = next(l for l in row.prompt.splitlines() if l.startswith("Candidates: "))
    assert sorted(line.removeprefix("Candidates: ").split("; ")) == sorted(set(row.sequence))
    assert len(row.candidates) == 6  # 7 entities, "kevin rudd" twice
    assert "exactly one of the candidates" in row.prompt


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"split": "dev"}, "split must be"),
        ({"shots": 4}, "shots must be an integer from 0 to 3"),
        ({"shots": -1}, "shots must be"),
        ({"shots": 1.0}, "shots must be"),
        ({"seed": "x"}, "seed must be an integer"),
    ],
)
def test_invalid_arguments(data, kwargs, message):
    with pytest.raises(ValueError, match=message):
        build_probe(data, **kwargs)


def test_release_sized_dataset_gives_10144_rows(tmp_path):
    """A synthetic folder shaped like the release: 66 relations, 16 patterns (8 + 8), 700 entities."""
    import json

    from ragas_temporal.tecfap import load_temp_cofac

    # 62 relations of 11 entities, 2 of 4 and 2 of 5: 682 + 8 + 10 = 700 entities,
    # 62*10 + 2*3 + 2*4 = 634 consecutive pairs -> 16 x 634 = 10,144 rows
    sizes = [11] * 62 + [4, 4, 5, 5]
    assert sum(sizes) == 700 and sum(n - 1 for n in sizes) == 634
    root = tmp_path / "dataset" / "temp-cofac"
    for sub in ("strict", "samples", "candidates"):
        (root / sub).mkdir(parents=True)
    for i, n in enumerate(sizes):
        pats = [{"id": f"pat_{i}_{k + 1}", "pattern": f"s{i} had [X] then variant {k} [Y]",
                 "direction": "backward" if k < 8 else "forward"} for k in range(16)]
        (root / "strict" / f"sub_rel_{i}.json").write_text(json.dumps(pats))
        ents = [{"time_step": t, "sub_label": f"E{i} {t}"} for t in range(n)]
        (root / "samples" / f"sub_rel_{i}.json").write_text(json.dumps(ents))
        (root / "candidates" / f"sub_rel_{i}.json").write_text(json.dumps({"candidates": "E"}))
    (root / "train_index.csv").write_text("train_index\n" + "\n".join(map(str, range(20, 66))))
    (root / "test_index.csv").write_text("test_index\n" + "\n".join(map(str, range(20))))
    data = load_temp_cofac(tmp_path)
    assert len(build_probe(data, split="all", with_context=False)) == 10144
    # the test split here: 20 relations of 11 entities -> 16 x 20 x 10
    assert len(build_probe(data, split="test", with_context=False)) == 3200


@pytest.mark.parametrize(
    "options",
    [{"with_context": True}, {"with_context": False}, {"with_context": False, "closed_vocabulary": True},
     {"with_context": True, "closed_vocabulary": True, "shots": 2}],
)
def test_a_row_keeps_the_entities_its_prompt_lists_in_their_order(options):
    lists_entities = options.get("with_context") or options.get("closed_vocabulary")
    for row in build_probe(load_example(), split="all", **options):
        # candidates are the distinct labels; the context line lists the sequence (both shuffled)
        expected = sorted(set(row.sequence)) if options.get("closed_vocabulary") else sorted(row.sequence)
        assert sorted(row.listed) == (expected if lists_entities else [])
        if lists_entities:
            assert "; ".join(row.listed) in row.prompt
        assert ProbeRow.from_dict(row.to_dict()).listed == row.listed
