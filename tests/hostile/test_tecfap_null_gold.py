"""TeCFaP records without a gold value: never scored against the text "None"; on resume, a stored
record without its prompt or gold is no finished row (it cannot be checked against the probe), so
its row is asked again."""

from __future__ import annotations

import json
import math

import pandas as pd
import pytest

from ragas_temporal.tecfap import build_probe, load_example, run_probe, score_probe
from tests.support.fake_llm import ScriptedLLM


def _rec(key_step, gold, prediction):
    return {"relation": 0, "pattern_id": "p1", "direction": "forward", "key_step": key_step, "gold": gold,
            "prediction": prediction}


@pytest.mark.parametrize("missing", [None, math.nan, ""], ids=["null", "NaN", "empty"])
def test_a_record_without_gold_is_an_error_naming_it(missing):
    records = [_rec(0, "kid a", "kid a"), _rec(1, missing, "None")]
    with pytest.raises(ValueError) as caught:
        score_probe(records)
    assert str(caught.value) == (
        f"prediction record 1 (relation 0, pattern 'p1', forward, key step 1) has no gold ({missing!r}): "
        "each record needs its gold value object as text"
    )


def test_a_null_gold_from_a_data_frame_is_refused_too():
    frame = pd.DataFrame([_rec(0, "kid a", "kid a"), _rec(1, None, "nan")])
    with pytest.raises(ValueError, match=r"prediction record 1 .* has no gold \(nan\)"):
        score_probe(frame)


@pytest.fixture(scope="module")
def rows():
    return build_probe(load_example(), split="test")


def test_resume_asks_again_for_rows_whose_stored_record_lacks_prompt_or_gold(rows, tmp_path):
    table = {r.prompt: r.gold for r in rows}
    out = tmp_path / "preds.jsonl"
    run_probe(rows[:6], ScriptedLLM(lambda p: table[p]), out=out, show_progress=False)
    stored = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    del stored[1]["prompt"]
    stored[4]["gold"] = None
    out.write_text("".join(json.dumps(r) + "\n" for r in stored), encoding="utf-8")

    llm = ScriptedLLM(lambda p: table[p])
    with pytest.warns(UserWarning, match=r"2 stored record\(s\) without their prompt or gold .* asked again"):
        records = run_probe(rows[:6], llm, out=out, show_progress=False)
    assert llm.calls == 2 and sorted(llm.prompts) == sorted([rows[1].prompt, rows[4].prompt])
    assert [r["gold"] for r in records] == [r.gold for r in rows[:6]]
    assert score_probe(out).attrs["n_rows"] == 6  # the new records win over the incomplete ones
