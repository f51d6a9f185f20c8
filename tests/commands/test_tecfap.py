"""`ragas-temporal tecfap run|score` offline: the shipped example against a loopback server."""

from __future__ import annotations

import json

import pytest

from ragas_temporal.cli import main
from ragas_temporal.tecfap import build_probe, load_example


def _gold_responder():
    rows = build_probe(load_example(), split="all")
    by_query = {r.query: r.gold for r in rows}

    def responder(request):
        # the query is the last line of the Input section of the user prompt
        query = next(line for line in request.prompt_text.splitlines() if line in by_query)
        return by_query[query].title()

    return responder


def test_run_then_score(openai_server_factory, tmp_path, capsys):
    server = openai_server_factory(_gold_responder())
    out = tmp_path / "preds.jsonl"
    code = main(["tecfap", "run", "--model", "loopback", "--base-url", server.base_url, "--shots", "1",
                 "--no-progress", "--out", str(out)])
    assert code == 0
    # test split of the example: relation 1 (6 patterns x 4 pairs) + relation 2 (6 x 5) = 54 rows
    assert len(server.requests) == 54
    assert "54 rows (0 failed)" in capsys.readouterr().out
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert {r["relation"] for r in records} == {1, 2} and all(r["shots"] == 1 for r in records)

    assert main(["tecfap", "score", str(out)]) == 0
    text = capsys.readouterr().out
    assert "temporally_consistent_factuality" in text and "compat=paper  rows=54  failed=0" in text
    assert main(["tecfap", "score", str(out), "--format", "json"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert table["temporal_factuality"]["average"] == 1.0
    assert table["unk_cons"]["average"] == 1.0  # vacuous: no unknown pattern

    assert main(["tecfap", "score", str(out), "--compat", "reference_code", "--format", "json"]) == 0
    ref = json.loads(capsys.readouterr().out)
    # Title-cased answers: the reference script does not lower-case, so nothing matches
    assert ref["temporal_factuality"]["average"] == 0.0

    # rerun: nothing left to ask
    assert main(["tecfap", "run", "--model", "loopback", "--base-url", server.base_url, "--shots", "1",
                 "--no-progress", "--out", str(out)]) == 0
    assert len(server.requests) == 54


def test_closed_vocabulary_all_split_and_by_relation(openai_server_factory, tmp_path, capsys):
    server = openai_server_factory(_gold_responder())
    out = tmp_path / "cv.jsonl"
    assert main(["tecfap", "run", "--data", str(load_example().root), "--model", "m", "--base-url", server.base_url,
                 "--split", "all", "--closed-vocabulary", "--no-progress", "--out", str(out)]) == 0
    assert len(server.requests) == 122
    assert all("Candidates: " in req.prompt_text for req in server.requests)
    capsys.readouterr()
    assert main(["tecfap", "score", str(out), "--by-relation", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("relation,temporal_factuality_backward,temporal_factuality_forward")
    assert [line.split(",")[0] for line in lines[1:]] == ["0", "1", "2", "3"]


def test_context_descriptions_file(openai_server_factory, tmp_path, capsys):
    server = openai_server_factory(_gold_responder())
    descriptions = tmp_path / "ctx.json"
    descriptions.write_text(json.dumps({"1": "ubuntu lts releases", "2": "nasa administrators"}))
    out = tmp_path / "p.jsonl"
    assert main(["tecfap", "run", "--model", "m", "--base-url", server.base_url, "--context-descriptions",
                 str(descriptions), "--no-progress", "--out", str(out)]) == 0
    texts = [req.prompt_text for req in server.requests]
    assert sum("here is the list of ubuntu lts releases - " in t for t in texts) == 24
    assert sum("here is the list of nasa administrators - " in t for t in texts) == 30
    descriptions.write_text("[1, 2]")
    assert main(["tecfap", "run", "--model", "m", "--context-descriptions", str(descriptions),
                 "--out", str(out)]) == 2
    assert "expected a JSON object" in capsys.readouterr().err


def test_errors_exit_2(tmp_path, capsys):
    assert main(["tecfap", "score", str(tmp_path / "missing.jsonl")]) == 2
    assert "ragas-temporal tecfap: error: predictions file not found" in capsys.readouterr().err
    assert main(["tecfap", "run", "--data", str(tmp_path), "--model", "m", "--out", str(tmp_path / "o.jsonl")]) == 2
    assert "does not look like TEMP-COFAC" in capsys.readouterr().err
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert main(["tecfap", "score", str(empty)]) == 2
    assert "no scorable prediction" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["tecfap", "run", "--model", "m", "--shots", "5", "--out", "x.jsonl"])


def test_run_without_a_key_for_a_remote_endpoint_stops_before_any_request(monkeypatch, tmp_path, capsys):
    # before: a placeholder key was sent, and each of the probe's 54 requests failed on its own
    import ragas_temporal.tecfap as tecfap

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.setattr(tecfap, "openai_compatible_llm", lambda *a, **k: pytest.fail("an LLM was built"))
    out = tmp_path / "preds.jsonl"
    assert main(["tecfap", "run", "--model", "gpt-4o-mini", "--no-progress", "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["ragas-temporal tecfap: error: --model needs an API key for https://api.openai.com/v1: set the "
                   "environment variable OPENAI_API_KEY (or name another one with --api-key-env)"]
    assert not out.exists()
