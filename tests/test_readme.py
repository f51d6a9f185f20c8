"""The README's promises: its set-up commands are what CI runs, and its offline examples run."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _code_blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.S)


def test_ci_runs_the_two_readme_set_up_commands_verbatim():
    setup = _code_blocks("bash")[0]
    commands = [line for line in setup.splitlines() if line and not line.startswith("#")]
    assert len(commands) == 2, commands  # one installs and runs the main job, one runs the tests
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    for command in commands:
        assert command in ci, f"README set-up command not run verbatim by .ci/run: {command}"
    assert "ragas-temporal evaluate --example" in commands[0]
    assert "pytest" in commands[1]


def test_quickstart_extraction_block_gives_what_its_comments_say():
    block = _code_blocks("python")[0]
    namespace: dict = {}
    exec(compile(block, "README quickstart", "exec"), namespace)
    ft = namespace["ft"]
    # the block's comments: last year (2024-03-15 -> 2023) and the late 1990s (last four years)
    assert sorted(ft.years) == [1996, 1997, 1998, 1999, 2023]
    assert [(m.text, m.kind, m.value) for m in ft.mentions] == [
        ("last year", "relative", "2023"),
        ("the late 1990s", "decade", "199"),
    ]


def test_readme_reason_example_matches_the_metric():
    from ragas_temporal import TemporalFaithfulness

    r = TemporalFaithfulness().score(
        response="The crisis started in 2007 and ended in 2010.",
        retrieved_contexts=["In 2008, Lehman Brothers collapsed."],
    )
    assert (r.value, r.reason) == (0.0, "'2007', '2010' not found in the retrieved contexts")
    assert "\"'2007', '2010' not found in the retrieved contexts\"" in README
