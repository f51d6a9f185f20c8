"""The pandas example of docs/scaling-out.md runs and gives what its comments say."""

from __future__ import annotations

import re
from pathlib import Path

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "scaling-out.md").read_text(encoding="utf-8")


def test_scaling_out_pandas_example():
    block = re.findall(r"```python\n(.*?)```", PAGE, flags=re.S)[0]
    namespace: dict = {}
    exec(compile(block, "docs/scaling-out.md", "exec"), namespace)
    scores, years = namespace["scores"], namespace["years"]
    # row 0 has no own date -> 2024-01-01 (unused: "2020" is absolute); QFT {2020}, relevance [1, 0] -> P@2 = 1/2
    # row 1: its own date 2024-06-01 -> "last year" = 2023; one relevant of the top 2 -> 1/2; NDCG 1.0 each
    assert scores["temporal_precision_at_2"].tolist() == [0.5, 0.5]
    assert scores["temporal_ndcg_at_10"].tolist() == [1.0, 1.0]
    assert years["years"].tolist() == [[2020], [2023]]
    assert [m["kind"] for m in years["mentions"][1]] == ["relative"]
