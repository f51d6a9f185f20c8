"""`ragas-temporal evaluate`: every data format offline, metric parsing, output files, errors, LLM modes."""

from __future__ import annotations

import json
import math
import os

import pandas as pd
import pytest

from ragas_temporal.cli import main
from tests.support.fake_judges import parse_prompt_input as prompt_data
from tests.support.fake_llm import count_tokens
from tests.support.openai_server import HANG

CTX = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
ROWS = [
    # faithfulness: AFT {2008, 2009} ⊆ {2008} ∪ {2009} -> 1.0; P@5: QFT {2008}, rel [1, 0] -> 1/5
    {"user_input": "What happened in 2008?", "response": "The crisis occurred in 2008 and continued into 2009.",
     "retrieved_contexts": CTX, "retrieved_context_ids": ["a", "b"], "reference_context_ids": ["b"]},
    # faithfulness: AFT {2007, 2010}, none supported -> 0.0; P@5 as above -> 1/5
    {"user_input": "What happened in 2008?", "response": "The crisis started in 2007 and ended in 2010.",
     "retrieved_contexts": CTX, "retrieved_context_ids": ["a", "b"], "reference_context_ids": ["b"]},
]
METRICS = "temporal_faithfulness,temporal_precision@5,temporal_precision@5:gold"


def table_row(printed: str, name: str) -> list[str]:
    """The mean, scored and NaN cells of the summary-table line of metric ``name``."""
    for line in printed.splitlines():
        cells = line.split()
        if cells and cells[0] == name:
            return cells[1:4]
    raise AssertionError(f"no table row for {name} in:\n{printed}")


def write_jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def scores_of(path):
    frame = pd.read_csv(path) if path.suffix == ".csv" else pd.read_json(path, lines=True)
    return frame


def check_seed_scores(frame):
    assert frame["temporal_faithfulness"].tolist() == [1.0, 0.0]
    assert frame["temporal_precision_at_5"].tolist() == pytest.approx([0.2, 0.2])
    # gold: ids [a, b], gold {b}: rel [0, 1] -> 1/5
    assert frame["temporal_precision_at_5_gold"].tolist() == pytest.approx([0.2, 0.2])
    assert frame["temporal_faithfulness_reason"][1] == "'2007', '2010' not found in the retrieved contexts"


def test_jsonl_to_csv(tmp_path, capsys):
    data = write_jsonl(tmp_path / "data.jsonl", ROWS)
    out = tmp_path / "scores.csv"
    assert main(["evaluate", str(data), "--metrics", METRICS, "--output", str(out)]) == 0
    printed = capsys.readouterr().out
    # means: faithfulness (1 + 0) / 2 = 0.5; precision 0.2
    assert table_row(printed, "temporal_faithfulness") == ["0.5000", "2", "0"]  # mean, scored, NaN
    assert table_row(printed, "temporal_precision_at_5") == ["0.2000", "2", "0"]
    frame = scores_of(out)
    check_seed_scores(frame)
    assert json.loads(frame["retrieved_contexts"][0]) == CTX  # list cells written as JSON


def test_csv_with_json_and_python_list_cells_to_jsonl(tmp_path):
    frame = pd.DataFrame(ROWS)
    frame["retrieved_contexts"] = [json.dumps(CTX), repr(CTX)]  # JSON, then ragas's to_csv style
    for column in ("retrieved_context_ids", "reference_context_ids"):
        frame[column] = frame[column].map(json.dumps)
    data = tmp_path / "data.csv"
    frame.to_csv(data, index=False)
    out = tmp_path / "scores.jsonl"
    assert main(["evaluate", str(data), "--metrics", METRICS, "-o", str(out), "--no-progress"]) == 0
    check_seed_scores(scores_of(out))


def test_save_to_disk_folder_and_dataset_dict_split(tmp_path):
    from datasets import Dataset, DatasetDict

    Dataset.from_list(ROWS).save_to_disk(str(tmp_path / "single"))
    out = tmp_path / "a.csv"
    assert main(["evaluate", str(tmp_path / "single"), "--metrics", METRICS, "-o", str(out), "--no-progress"]) == 0
    check_seed_scores(scores_of(out))

    DatasetDict({"test": Dataset.from_list(ROWS), "train": Dataset.from_list(ROWS[:1])}).save_to_disk(str(tmp_path / "dd"))
    out = tmp_path / "b.csv"
    assert main(["evaluate", str(tmp_path / "dd"), "--split", "test", "--metrics", METRICS, "-o", str(out)]) == 0
    check_seed_scores(scores_of(out))


def test_dataset_dict_without_split_is_a_clean_error(tmp_path, capsys):
    from datasets import Dataset, DatasetDict

    DatasetDict({"test": Dataset.from_list(ROWS), "train": Dataset.from_list(ROWS)}).save_to_disk(str(tmp_path / "dd"))
    assert main(["evaluate", str(tmp_path / "dd")]) == 2
    assert "choose one with --split" in capsys.readouterr().err


def test_hf_loads_with_the_given_arguments(monkeypatch, tmp_path):
    from datasets import Dataset

    from ragas_temporal.data import readers

    calls = []

    def fake_load(name, config, split):
        calls.append((name, config, split))
        return Dataset.from_list(ROWS)

    monkeypatch.setattr(readers, "load_hf_dataset", fake_load)
    out = tmp_path / "s.csv"
    argv = ["evaluate", "--hf", "someone/temporal-rag", "--hf-config", "v1", "--split", "test", "--metrics", METRICS, "-o", str(out)]
    assert main(argv) == 0
    assert calls == [("someone/temporal-rag", "v1", "test")]
    check_seed_scores(scores_of(out))


def test_save_to_disk_and_hub_datasets_are_read_a_batch_at_a_time(monkeypatch, tmp_path):
    # before: Dataset.to_list() turned the whole (memory-mapped) table into Python rows at once
    from datasets import Dataset

    from ragas_temporal.data import readers

    Dataset.from_list(ROWS * 3).save_to_disk(str(tmp_path / "six"))
    monkeypatch.setattr(Dataset, "to_list", lambda self: pytest.fail("the whole dataset was read"))
    batches = list(readers.iter_row_batches(tmp_path / "six", size=4))
    assert [len(batch) for batch in batches] == [4, 2]
    assert batches[0][:2] == ROWS and batches[1] == ROWS

    monkeypatch.setattr(readers, "load_hf_dataset", lambda name, config, split: Dataset.from_list(ROWS))
    out = tmp_path / "s.csv"
    assert main(["evaluate", "--hf", "someone/temporal-rag", "--metrics", METRICS, "-o", str(out), "--no-progress"]) == 0
    check_seed_scores(scores_of(out))


def test_an_empty_save_to_disk_folder_is_a_one_line_error(tmp_path, capsys):
    # before: "internal error: IndexError" from Dataset.iter on a table without rows
    from datasets import Dataset

    Dataset.from_dict({"response": [], "retrieved_contexts": []}).save_to_disk(str(tmp_path / "empty"))
    capsys.readouterr()  # datasets' progress bar
    assert main(["evaluate", str(tmp_path / "empty"), "--no-progress"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"ragas-temporal evaluate: error: {tmp_path / 'empty'}: the dataset has no rows"]


def test_example_runs_every_default_metric(tmp_path, capsys):
    out = tmp_path / "example.jsonl"
    assert main(["evaluate", "--example", "-o", str(out), "--no-progress"]) == 0
    printed = capsys.readouterr().out
    for name in ("temporal_faithfulness", "temporal_precision_at_5", "temporal_recall_at_5", "temporal_ndcg_at_10",
                 "temporal_mrr_at_10", "temporal_map_at_10", "answer_temporal_recall"):
        assert len(table_row(printed, name)) == 3
    # before: the NaN rows were counted and never explained; the reasons were only in the file
    lines = printed.splitlines()
    assert lines[1].split()[-4:] == ["most", "common", "NaN", "reason"]
    assert lines[2].endswith("  answer makes no temporal claim (1 of 1 rows)") and lines[2].startswith("temporal_faithfulness ")
    assert all(line.endswith("  query has no temporal focus (5 of 5 rows)") for line in lines[3:8])
    frame = scores_of(out)
    assert len(frame) == 20 and frame["temporal_faithfulness_reason"].notna().all()


def test_reference_date_flag_and_row_field(tmp_path):
    rows = [
        {"response": "Prices peaked last year.", "retrieved_contexts": ["Prices peaked in 2023."]},
        {"response": "Prices peaked last year.", "retrieved_contexts": ["Prices peaked in 2023."], "reference_date": "2021-01-01"},
    ]
    data = write_jsonl(tmp_path / "d.jsonl", rows)
    out = tmp_path / "s.csv"
    assert main(["evaluate", str(data), "--metrics", "temporal_faithfulness", "--reference-date", "2024-06-01", "-o", str(out)]) == 0
    # row 1: 2024 -> "last year" = 2023, grounded; row 2's own date 2021 -> 2020, not grounded
    assert scores_of(out)["temporal_faithfulness"].tolist() == [1.0, 0.0]


def test_default_metrics_skip_what_the_data_cannot_feed(tmp_path, capsys):
    data = write_jsonl(tmp_path / "d.jsonl", [{"response": "In 2008.", "retrieved_contexts": CTX}])
    assert main(["evaluate", str(data), "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert "skipping temporal_precision_at_5: the data has no user_input" in captured.err
    assert table_row(captured.out, "temporal_faithfulness") == ["1.0000", "1", "0"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["evaluate", "missing.jsonl"], "no such file or folder: missing.jsonl"),
        (["evaluate"], "give exactly one of DATA, --example or --hf NAME"),
        (["evaluate", "--example", "--metrics", "temporal_precison@5"], "unknown metric 'temporal_precison@5'"),
        (["evaluate", "--example", "--metrics", "temporal_ndcg@0"], "k must be a positive integer"),
        (["evaluate", "--example", "-o", "scores.xlsx"], "--output must end in .csv, .jsonl or .parquet"),
        (["evaluate", "--example", "--reference-date", "last week"], "--reference-date must be a date"),
        (["evaluate", "--example", "--metrics", "temporal_faithfulness:llm"], "mode='llm' needs an LLM"),
    ],
)
def test_clean_errors(argv, message, capsys):
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_missing_column_for_a_requested_metric(tmp_path, capsys):
    data = write_jsonl(tmp_path / "d.jsonl", [{"response": "In 2008."}])
    assert main(["evaluate", str(data), "--metrics", "temporal_faithfulness"]) == 2
    assert "needs column(s) retrieved_contexts" in capsys.readouterr().err


def test_bad_rows_are_scored_nan_not_dropped(tmp_path):
    rows = [ROWS[0], {**ROWS[0], "retrieved_contexts": []}, {**ROWS[0], "response": ""}]
    data = write_jsonl(tmp_path / "d.jsonl", rows)
    out = tmp_path / "s.jsonl"
    assert main(["evaluate", str(data), "--metrics", "temporal_faithfulness", "-o", str(out)]) == 0
    frame = scores_of(out)
    assert len(frame) == 3 and frame["temporal_faithfulness"][0] == 1.0
    assert all(math.isnan(v) for v in frame["temporal_faithfulness"][1:])
    assert frame["temporal_faithfulness_reason"].tolist()[1:] == ["retrieved_contexts is empty", "response is empty"]


# --- LLM modes ------------------------------------------------------------------------------


def test_offline_judge_runs_hybrid_faithfulness_on_the_example(tmp_path, capsys):
    out = tmp_path / "s.jsonl"
    argv = ["evaluate", "--example", "--metrics", "temporal_faithfulness:hybrid", "--offline-judge", "-o", str(out),
            "--no-progress"]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "offline rule-based stand-in judge" in printed  # said before the table ...
    assert "scores above come from the offline rule-based stand-in judge, not from an LLM" in printed  # ... and after
    frame = scores_of(out)
    score, reason = frame["temporal_faithfulness_hybrid"], frame["temporal_faithfulness_hybrid_reason"]
    # row 0: claims '2008', '2009', both stated in the contexts, so the judge reads both (one call):
    # each has its year in the contexts -> SUPPORTED -> 2/2
    assert score[0] == 1.0
    assert reason[0] == "LLM judge: 2 of 2 claims supported"
    # row 1: claims '2007', '2010', no context states either: 0 each, no call -> 0.0
    assert score[1] == 0.0 and reason[1] == "'2007', '2010' not found in the retrieved contexts (no LLM call)"
    # row 3: claims '1989' (stated: judged, SUPPORTED) and '1990' (unstated: 0, no call) -> 1/2
    assert score[3] == 0.5 and reason[3].startswith("'1990' not found in the retrieved contexts (no LLM call); LLM judge: 1 of 1 other claim")
    # row 17 ("The capital of Australia is Canberra."): no temporal expression -> NaN, no call
    assert math.isnan(score[17]) and reason[17] == "answer makes no temporal claim (no temporal expression; no LLM call)"
    # one call per row that reached the judge, none for the others
    judged = int(reason.str.contains("LLM judge:").sum())
    assert 0 < judged < len(frame)
    # the stand-in's calls are counted; it runs no model, so it has no tokens
    assert f"LLM calls: {judged} answered by the offline stand-in (no model, no tokens)" in printed
    assert table_row(printed, "temporal_faithfulness_hybrid")[1:] == [str(int(score.notna().sum())), str(int(score.isna().sum()))]


def claims_and_relevance_judge(request):
    """Scripted judge replies, by prompt: claims -> SUPPORTED + PARTIALLY_SUPPORTED; 0/1 -> [1, 0]; grades -> [0, 4]."""
    data = prompt_data(request.user_text)
    if "answer" in data:
        claims = [{"claim": "The crisis began in 2008.", "verdict": "SUPPORTED", "reason": "stated"},
                  {"claim": "It continued into 2009.", "verdict": "PARTIALLY_SUPPORTED", "reason": "year only"}]
        return json.dumps({"claims": claims})
    if '"grade"' in request.user_text:
        return json.dumps({"documents": [{"doc": 1, "grade": 0, "reason": "off"}, {"doc": 2, "grade": 4, "reason": "on"}]})
    return json.dumps({"documents": [{"doc": 1, "verdict": 1, "reason": "on"}, {"doc": 2, "verdict": 0, "reason": "off"}]})


LLM_METRICS = "temporal_faithfulness:llm,temporal_precision@2:llm,temporal_ndcg@2:llm"


def test_llm_model_and_base_url_reach_the_server(tmp_path, capsys, openai_server):
    openai_server.responder = claims_and_relevance_judge
    data = write_jsonl(tmp_path / "d.jsonl", ROWS[:1])
    out = tmp_path / "s.jsonl"
    argv = ["evaluate", str(data), "--metrics", LLM_METRICS, "--llm-model", "judge-model-x",
            "--base-url", openai_server.base_url, "-o", str(out), "--no-progress"]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    frame = scores_of(out)
    # faithfulness: (1 supported + 0.5 × 1 partially supported) / 2 claims = 0.75
    assert frame["temporal_faithfulness_llm"][0] == 0.75
    # P@2 from verdicts [1, 0]: 1 / 2
    assert frame["temporal_precision_at_2_llm"][0] == 0.5
    # NDCG@2 from grades [0, 4]: DCG = 0/log2(2) + 4/log2(3) = 2.5237; ideal [4, 0]: 4/log2(2) = 4 -> 0.6309
    assert frame["temporal_ndcg_at_2_llm"][0] == pytest.approx(4 / math.log2(3) / 4)
    # the query names 2008, so rules give the focus: one call per metric, each for our model, in JSON mode
    requests = openai_server.requests
    assert len(requests) == 3
    assert {r.body["model"] for r in requests} == {"judge-model-x"}
    assert all(r.path.endswith("/v1/chat/completions") for r in requests)
    # tokens as the server reported them (count_tokens of every message / of the reply)
    prompt_tokens = sum(count_tokens(r.prompt_text) for r in requests)
    completion_tokens = sum(count_tokens(claims_and_relevance_judge(r)) for r in requests)
    assert f"LLM calls: 3 requests for 3 judgements; tokens: {prompt_tokens:,} prompt + {completion_tokens:,} completion" in printed
    assert "stand-in" not in printed


def test_base_url_defaults_to_openai_base_url_and_a_loopback_server_needs_no_key(tmp_path, monkeypatch, openai_server):
    openai_server.responder = claims_and_relevance_judge
    monkeypatch.setenv("OPENAI_BASE_URL", openai_server.base_url)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    data = write_jsonl(tmp_path / "d.jsonl", ROWS[:1])
    out = tmp_path / "s.csv"
    argv = ["evaluate", str(data), "--metrics", "temporal_faithfulness:hybrid", "--llm-model", "m", "-o", str(out)]
    assert main(argv) == 0
    # AFT {2008, 2009} all in the contexts -> the judge: (1 + 0.5) / 2 = 0.75
    assert scores_of(out)["temporal_faithfulness_hybrid"].tolist() == [0.75]
    assert len(openai_server.requests) == 1


def test_invalid_replies_are_retried_once_then_the_row_is_nan(tmp_path, capsys, openai_server):
    openai_server.responder = lambda request: "not json"
    data = write_jsonl(tmp_path / "d.jsonl", ROWS[:1])
    out = tmp_path / "s.jsonl"
    argv = ["evaluate", str(data), "--metrics", "temporal_faithfulness:llm", "--llm-model", "m",
            "--base-url", openai_server.base_url, "-o", str(out), "--no-progress"]
    assert main(argv) == 1  # no row scored: the command fails, after writing every row
    # Instructor re-asks once (INSTRUCTOR_RETRIES = 1): 2 requests, then NaN with the reason
    assert len(openai_server.requests) == 2
    frame = scores_of(out)
    assert frame["temporal_faithfulness_llm"].isna().all()
    assert frame["temporal_faithfulness_llm_reason"][0] == "LLM reply did not match TemporalClaimsOutput: reply is not JSON: 'not json'"
    captured = capsys.readouterr()
    # the endpoint's usage of both requests, though the judgement failed (issue 36)
    prompt_tokens = sum(count_tokens(r.prompt_text) for r in openai_server.requests)
    assert f"LLM calls: 2 requests for 1 judgement (1 failed); tokens: {prompt_tokens:,} prompt + 4 completion" in captured.out
    assert "warning: 1 LLM judgement(s) failed" in captured.err
    assert "Max retries exceeded" not in captured.err  # Instructor's own log lines are kept quiet


def test_llm_timeout_bounds_each_judgement(tmp_path, capsys, openai_server_factory):
    server = openai_server_factory(lambda request: HANG, hang_limit=10)
    data = write_jsonl(tmp_path / "d.jsonl", ROWS)
    out = tmp_path / "s.jsonl"
    argv = ["evaluate", str(data), "--metrics", "temporal_faithfulness:llm", "--llm-model", "m",
            "--base-url", server.base_url, "--llm-timeout", "0.3", "-o", str(out), "--no-progress"]
    assert main(argv) == 1  # no row scored
    frame = scores_of(out)
    assert frame["temporal_faithfulness_llm"].isna().all()
    assert frame["temporal_faithfulness_llm_reason"].tolist() == ["LLM call timed out after 0.3 s"] * 2
    captured = capsys.readouterr()
    assert "LLM calls: 2 requests for 2 judgements (2 failed)" in captured.out
    assert "2 LLM judgement(s) failed, their rows are NaN" in captured.err
    assert "most common (2x): LLM call timed out after 0.3 s" in captured.err
    assert "error: temporal_faithfulness_llm scored no row: LLM call timed out after 0.3 s (2 of 2 rows)" in captured.err


def test_judge_given_without_an_llm_mode_is_a_note(tmp_path, capsys):
    data = write_jsonl(tmp_path / "d.jsonl", ROWS[:1])
    assert main(["evaluate", str(data), "--metrics", "temporal_faithfulness", "--offline-judge", "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert "no metric runs in an LLM mode" in captured.err
    assert "LLM calls" not in captured.out and table_row(captured.out, "temporal_faithfulness") == ["1.0000", "1", "0"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--metrics", "temporal_faithfulness:hybrid"],
         "temporal_faithfulness_hybrid (mode='hybrid'): mode='hybrid' needs an LLM: pass --llm-model NAME"),
        (["--metrics", "temporal_faithfulness,temporal_ndcg@10:llm,temporal_precision@5:llm"],
         "temporal_ndcg_at_10_llm (mode='llm'), temporal_precision_at_5_llm (mode='llm'): mode='llm' needs an LLM"),
        (["--metrics", "temporal_recall@5:llm", "--offline-judge"], "mode must be one of 'focus_time', 'gold'; got 'llm'"),
        (["--metrics", "temporal_faithfulness:llm", "--llm-model", "m", "--offline-judge"],
         "give either --llm-model or --offline-judge, not both"),
        (["--metrics", "temporal_faithfulness:llm", "--llm-model", "m", "--base-url", "localhost:8000"],
         "--base-url must be an http:// or https:// URL, got 'localhost:8000'"),
        (["--metrics", "temporal_faithfulness:llm", "--llm-model", "m", "--base-url", "https://llm.example.com/v1",
          "--api-key-env", "H9_NO_SUCH_KEY"],
         "--llm-model needs an API key for https://llm.example.com/v1: set the environment variable H9_NO_SUCH_KEY"),
    ],
)
def test_llm_mode_errors(argv, message, capsys):
    assert main(["evaluate", "--example", *argv]) == 2
    assert message in capsys.readouterr().err


def test_the_api_key_is_looked_up_in_the_current_os_environ(monkeypatch):
    # datasets' map(num_proc=...) replaces os.environ with a copy; a default bound at import time
    # would keep reading the old object
    from ragas_temporal.commands.judge_llm import api_key_for

    monkeypatch.setattr(os, "environ", {"H9_CURRENT_KEY": "sk-current"})
    assert api_key_for("https://llm.example.com/v1", "H9_CURRENT_KEY") == "sk-current"


def test_missing_openai_key_for_the_openai_api(monkeypatch, capsys):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    assert main(["evaluate", "--example", "--metrics", "temporal_faithfulness:llm", "--llm-model", "gpt-4o-mini"]) == 2
    err = capsys.readouterr().err
    assert "needs an API key for https://api.openai.com/v1: set the environment variable OPENAI_API_KEY" in err


@pytest.mark.parametrize("option, value", [("--llm-timeout", "0"), ("--llm-timeout", "soon"), ("--max-concurrency", "0")])
def test_bad_numbers_are_usage_errors(option, value, capsys):
    with pytest.raises(SystemExit) as info:
        main(["evaluate", "--example", option, value])
    assert info.value.code == 2
    assert f"argument {option}: must be a positive" in capsys.readouterr().err


def test_client_has_bounded_timeouts_and_retries():
    from ragas_temporal.commands.judge_llm import CLIENT_RETRIES, INSTRUCTOR_RETRIES, openai_judge_llm

    llm = openai_judge_llm("m", "https://llm.example.com/v1", "k", timeout=5.0)
    client = llm.client.client  # Instructor's wrapped AsyncOpenAI
    assert (client.timeout, client.max_retries, CLIENT_RETRIES) == (5.0, 1, 1)  # --llm-timeout
    # issue 36: a local server answers one request at a time; a retry of a timed-out request
    # queues behind it and times out too, so the client does not retry there
    assert openai_judge_llm("m", "http://127.0.0.1:9/v1", "k").client.client.max_retries == 0
    assert llm.model_args["max_retries"] == INSTRUCTOR_RETRIES == 1
    # issue 26: the user's --llm-timeout stands, longer than ours too (a slow local judge needs it)
    assert openai_judge_llm("m", "http://127.0.0.1:9/v1", "k", timeout=60.0).client.client.timeout == 60.0
    # without it: 20 s per request to a remote API, 120 s to a server on this machine
    assert openai_judge_llm("m", "https://llm.example.com/v1", "k").client.client.timeout == 20.0
    assert openai_judge_llm("m", "http://127.0.0.1:9/v1", "k").client.client.timeout == 120.0


def test_help_lists_the_llm_options(capsys):
    with pytest.raises(SystemExit):
        main(["evaluate", "--help"])
    text = capsys.readouterr().out
    for option in ("--llm-model NAME", "--base-url URL", "--api-key-env VAR", "--llm-timeout SECONDS", "--offline-judge"):
        assert option in text
    assert "LLM judge (for the ':llm' and ':hybrid' modes)" in text


def test_help_lists_every_data_format_that_works(capsys):
    # before: ".jsonl, .json or .csv", though Parquet files and folders of parts are read too
    with pytest.raises(SystemExit):
        main(["evaluate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "a .jsonl, .json, .csv or .parquet file (or folder of Parquet parts), or a datasets save_to_disk folder" in text


def test_summary_counts_are_pluralised(tmp_path, capsys):
    data = write_jsonl(tmp_path / "one.jsonl", ROWS[:1])
    assert main(["evaluate", str(data), "--metrics", "temporal_faithfulness", "--no-progress"]) == 0
    assert "1 row, 1 metric\n" in capsys.readouterr().out
    data = write_jsonl(tmp_path / "two.jsonl", ROWS)
    assert main(["evaluate", str(data), "--metrics", METRICS, "--no-progress"]) == 0
    assert "2 rows, 3 metrics\n" in capsys.readouterr().out


def test_claim_and_year_faithfulness_side_by_side(tmp_path):
    # the reign "from 1515 to 1547" against a context stating 1515 and 1547:
    # claim level one range, both ends stated -> 1.0; year level 2 of the 33 years 1515..1547 -> 2/33
    rows = [{"response": "Francis I was King of France from 1515 to 1547.",
             "retrieved_contexts": ["Francis I was crowned in 1515 and reigned until his death in 1547."]}]
    data, out = write_jsonl(tmp_path / "d.jsonl", rows), tmp_path / "s.jsonl"
    argv = ["evaluate", str(data), "--metrics", "temporal_faithfulness,temporal_faithfulness_year", "-o", str(out),
            "--no-progress"]
    assert main(argv) == 0
    frame = pd.read_json(out, lines=True)
    assert frame["temporal_faithfulness"][0] == 1.0
    assert frame["temporal_faithfulness_year"][0] == pytest.approx(2 / 33)
    assert frame["temporal_faithfulness_year_reason"][0] == "answer years 1516-1546 not found in the retrieved contexts"


# --- issue 26: a local judge answering one request at a time ----------------------------------
def _in_flight_counter():
    import threading
    import time

    state = {"now": 0, "most": 0}
    lock = threading.Lock()

    def responder(request):
        with lock:
            state["now"] += 1
            state["most"] = max(state["most"], state["now"])
        time.sleep(0.05)
        with lock:
            state["now"] -= 1
        return claims_and_relevance_judge(request)

    return state, responder


def test_a_localhost_judge_gets_one_request_at_a_time_by_default(tmp_path, capsys, openai_server):
    state, openai_server.responder = _in_flight_counter()
    data = write_jsonl(tmp_path / "d.jsonl", ROWS[:1] * 6)
    argv = ["evaluate", str(data), "--metrics", "temporal_faithfulness:llm", "--llm-model", "m",
            "--base-url", openai_server.base_url, "--no-progress"]
    assert main(argv) == 0
    assert len(openai_server.requests) == 6 and state["most"] == 1  # before: up to 6 at once
    assert "1 request at a time: a server on this machine answers one at a time" in capsys.readouterr().out
    assert main([*argv, "--max-concurrency", "3"]) == 0
    assert state["most"] == 3
    assert "request at a time" not in capsys.readouterr().out


def test_remote_judges_keep_16_rows_at_once():
    import argparse

    from ragas_temporal.commands.judge_run import max_concurrency
    from ragas_temporal.commands.judge_llm import JudgeChoice

    args = argparse.Namespace(max_concurrency=None)
    assert max_concurrency(args, JudgeChoice(None, "remote")) == 16
    assert max_concurrency(args, JudgeChoice(None, "local", local=True)) == 1
    assert max_concurrency(args, None) == 16


def test_debug_log_receives_instructors_dumps(tmp_path, capsys, openai_server):
    openai_server.responder = lambda request: "not json"
    data = write_jsonl(tmp_path / "d.jsonl", ROWS[:1])
    log = tmp_path / "judge.log"
    argv = ["evaluate", str(data), "--metrics", "temporal_faithfulness:llm", "--llm-model", "m",
            "--base-url", openai_server.base_url, "--no-progress", "--debug-log", str(log)]
    assert main(argv) == 1
    assert "Max retries exceeded" not in capsys.readouterr().err
    text = log.read_text()
    assert "instructor" in text and "DEBUG" in text and "Max retries exceeded" in text


def test_hybrid_rows_whose_judge_failed_are_scored_by_focus_time_and_said(tmp_path, capsys, openai_server_factory):
    server = openai_server_factory(lambda request: HANG, hang_limit=10)
    data = write_jsonl(tmp_path / "d.jsonl", ROWS[:1])
    out = tmp_path / "s.jsonl"
    argv = ["evaluate", str(data), "--metrics", "temporal_faithfulness:hybrid", "--llm-model", "m",
            "--base-url", server.base_url, "--llm-timeout", "0.3", "-o", str(out), "--no-progress"]
    assert main(argv) == 0
    frame = scores_of(out)
    assert frame["temporal_faithfulness_hybrid"].tolist() == [1.0]  # 2008 and 2009 stated: focus time's 1.0
    assert frame["temporal_faithfulness_hybrid_reason"][0].startswith("LLM judge failed (LLM call timed out after 0.3 s)")
    # issue 37: the fallback is a field of the row, not only words in its reason
    assert frame["temporal_faithfulness_hybrid_failure"].tolist() == ["judge_fell_back"]
    assert "the LLM judge failed on 1 hybrid row(s), scored by focus time alone" in capsys.readouterr().err


def test_fallbacks_are_counted_from_the_failure_field_not_from_the_reason():
    from ragas_temporal.commands.row_stream import Tally
    from ragas_temporal.metrics import TemporalFaithfulness

    tally = Tally([TemporalFaithfulness()])
    # before: any reason containing "LLM judge failed (" counted, and one written otherwise did not
    tally.add({"temporal_faithfulness": 1.0, "temporal_faithfulness_reason": "quoted: LLM judge failed (x)",
               "temporal_faithfulness_failure": None})
    tally.add({"temporal_faithfulness": 0.5, "temporal_faithfulness_reason": "dates kept",
               "temporal_faithfulness_failure": "judge_fell_back"})
    assert tally.fallbacks == 1
    assert tally.failed_everywhere() is None  # a fallback row was scored: no failure
