"""ragas-temporal evaluate with the answer-side and timeline metrics: names, --group-by, the offline judge."""

from __future__ import annotations

import json
import math

import pandas as pd

from ragas_temporal.cli import main


def test_answer_side_metrics_from_the_command_line(tmp_path, capsys):
    rows = [
        {"user_input": "How long did WWI last?", "response": "It lasted from 1914 to 1918.", "reference": "4 years", "group": "g"},
        {"user_input": "WWI duration?", "response": "Ten years, from 1914 to 1918.", "reference": "4 years", "group": "g"},
    ]
    data = tmp_path / "rows.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in rows))
    out = tmp_path / "out.csv"
    argv = ["evaluate", str(data), "--metrics", "duration_accuracy,duration_accuracy:llm,temporal_coherence,temporal_consistency",
            "--group-by", "group", "--offline-judge", "-o", str(out), "--no-progress"]
    assert main(argv) == 0
    frame = pd.read_csv(out)
    # 4 years for 4: exact; 10 years for 4: 1 - 6/4 clipped at 0
    assert frame["duration_accuracy"].tolist() == [1.0, 0.0]
    assert frame["duration_accuracy_llm"].tolist() == [1.0, 0.0]
    # row 1: a single forward range is a timeline of two claims (issue 22): coherent -> 1
    # row 2: "Ten years" vs the range 1914-1918 (4 years): the duration and both ends contradict -> 0
    assert frame["temporal_coherence"][0] == 1.0 and frame["temporal_coherence"][1] == 0.0
    # same years {1914..1918} in both answers of group g
    assert frame["temporal_consistency"].tolist() == [1.0, 1.0]
    assert main(["evaluate", str(data), "--metrics", "temporal_consistency", "--group-by", "topic"]) == 2
    assert "group_by='topic' is not a column" in capsys.readouterr().err
