"""Write the notebooks of this folder from the cell sources below (outputs cleared).

Run ``python notebooks/_build.py`` after editing a cell here; the ``.ipynb`` files are generated,
committed without outputs, and executed end to end by ``tests/test_notebooks.py``.
Each notebook is a list of ``(kind, source)`` pairs, kept short and readable: kind ``"md"`` is a
markdown cell, ``"code"`` a code cell and ``"picture"`` a code cell that must draw an image (tagged
``picture``; the test checks it produced an image/png output).
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent

INSTALL = """\
Install (once, from a clone of the repository; the `notebooks` extra brings matplotlib and Jupyter's kernel):

```bash
pip install -e ".[notebooks]"        # or: pip install "ragas-temporal[notebooks]"
```

The extra installs the kernel, not a front-end: open the notebook in VS Code, or
`pip install jupyterlab` and run `jupyter lab` from the `notebooks/` folder."""

OFFLINE_ENV = """\
%matplotlib inline
import os
import warnings

os.environ["RAGAS_DO_NOT_TRACK"] = "true"  # before ragas is imported: no usage analytics
warnings.filterwarnings("ignore", message="IProgress not found")  # tqdm without ipywidgets
"""

# ---------------------------------------------------------------------------------------------
# 01: quickstart

QUICKSTART: list[tuple[str, str]] = [
    ("md", """\
# Quickstart: focus time and temporal RAG metrics

Stock faithfulness asks "is this statement supported?"; it does not look at *when*. ragas-temporal
turns every text into its **focus time** (the set of years it is about) and scores answers and
retrieved documents on it, inside `ragas.evaluate`, next to stock metrics.

In this notebook: extract focus times and look at the mentions; evaluate the example dataset
shipped with the package with our metrics beside stock `Faithfulness`; read the results table
and the reasons; draw each sample's answer years against its context years; plot each metric's
distribution. Everything runs offline (stock `Faithfulness` needs an LLM: see section 2).

""" + INSTALL),
    ("code", OFFLINE_ENV + """
import datetime as dt
import re

import matplotlib.pyplot as plt
import pandas as pd

from ragas_temporal import extract_focus_time
"""),
    ("md", """\
## 1. Focus time: which years is a text about?

`extract_focus_time` finds every temporal mention (its span, kind and a normalised value) and
maps it to years. Relative expressions ("last year") need a **reference date**: the notebook
passes one explicitly, the library never reads the clock. Numbers that are not years
("Room 2045", "2000 people") are left alone."""),
    ("code", """\
texts = {
    "The crisis started in 2007 and ended in 2010.": None,
    "Revenue grew by 12% last year.": dt.date(2024, 3, 15),
    "The Berlin Wall fell in 1989; Germany reunified the following year.": None,
    "Grunge defined Seattle in the early 1990s.": None,
    "Rome was founded in 753 BC.": None,
    "Room 2045 hosted 2000 people during World War II.": None,
}
mentions = []
for text, reference_date in texts.items():
    focus = extract_focus_time(text, reference_date=reference_date)
    for m in focus.mentions:
        mentions.append({"text": text[:45], "mention": m.text, "kind": m.kind, "value": m.value,
                         "years": f"{min(m.years)}..{max(m.years)}" if len(m.years) > 2 else sorted(m.years)})
pd.DataFrame(mentions)
"""),
    ("md", """\
A focus time is an immutable set of years with its mentions; it supports set operations, which
is all the metrics need. BCE years are negative (753 BC is -753)."""),
    ("code", """\
answer = extract_focus_time("The crisis started in 2007 and ended in 2010.")
context = extract_focus_time("In September 2008 Lehman Brothers failed; the recession lasted until 2010.")
print("answer years:", sorted(answer.years), " context years:", sorted(context.years))
print("supported:", sorted((answer & context).years), " unsupported:", sorted((answer - context).years))
print("Jaccard:", answer.jaccard(context))
"""),
    ("md", """\
## 2. Evaluate the example dataset, beside stock `Faithfulness`

The package ships 20 temporal RAG samples (grounded answers, invented years, "last year", BCE
dates, decades, questions without any date) in ragas's column names. Samples with relative
expressions have a reference date; ragas drops unknown columns, so the dates travel through
the metrics' `reference_date=` argument (`example_reference_dates()` looks them up by question).

Stock `Faithfulness` calls an LLM. `offline_llm.py`, next to this notebook, builds one with
`llm_factory`: by default the package's offline rule-based judge (`ragas_temporal.judging`; it
compares years, nothing more, so its `faithfulness` column is only a stand-in); set `RAGAS_TEMPORAL_OPENAI_MODEL=gpt-4o-mini` (plus
`OPENAI_API_KEY`) before starting Jupyter to use a real model instead. Our metrics below run in
focus-time mode and never call the LLM."""),
    ("code", """\
from ragas import evaluate

with warnings.catch_warnings():  # ragas 0.4 flags the legacy import, which ragas.evaluate needs
    warnings.simplefilter("ignore", DeprecationWarning)
    from ragas.metrics import Faithfulness

from offline_llm import judge_llm
from ragas_temporal.data import example_reference_dates, example_rows, load_example_dataset
from ragas_temporal.metrics import (
    AnswerTemporalRecall,
    TemporalFaithfulness,
    TemporalMRR,
    TemporalNDCGAtK,
    TemporalPrecisionAtK,
    TemporalRecallAtK,
)

dataset = load_example_dataset()
dates = example_reference_dates()
metrics = [
    TemporalFaithfulness(reference_date=dates),
    AnswerTemporalRecall(reference_date=dates),
    TemporalPrecisionAtK(k=3, reference_date=dates),
    TemporalNDCGAtK(k=3, reference_date=dates),
    TemporalMRR(k=3, reference_date=dates),
    TemporalRecallAtK(k=3, mode="gold"),  # against reference_context_ids
    Faithfulness(),  # stock ragas, LLM-judged
]
llm, meter, model = judge_llm()
result = evaluate(dataset, metrics=metrics, llm=llm, show_progress=False)
print(f"judge: {model}, {meter.calls} LLM calls (all from stock Faithfulness)")
"""),
    ("md", """\
## 3. The results table

ragas names a column `name(mode=...)` when a metric has a mode; we shorten the names. `NaN` means
"cannot be scored" (a question with no temporal focus, an answer with no temporal claim), never 0."""),
    ("code", """\
scores = result.to_pandas()
scores.columns = [re.sub(r"\\(mode=.*\\)$", "", c) for c in scores.columns]
metric_columns = [c for c in scores.columns if c not in dataset.features()]
table = scores[["user_input", "response", *metric_columns]]
pd.set_option("display.max_colwidth", 60)
table.round(2)
"""),
    ("code", """\
table[metric_columns].agg(["mean", "count"]).T.rename(columns={"count": "scored"}).round(3)
"""),
    ("md", """\
### Why? The reasons behind the scores

`ragas.evaluate` keeps only the numbers. `score_dataset` runs the same metric code and keeps a
reason per score; it also reads a `reference_date` field from each row, so it takes the example
rows as they are."""),
    ("code", """\
from ragas_temporal.metrics import score_dataset

explained = score_dataset(example_rows(), [TemporalFaithfulness()])
explained[["response", "temporal_faithfulness", "temporal_faithfulness_reason"]].round(2)
"""),
    ("md", """\
## 4. A timeline per sample: answer years against context years

Each panel is one sample: the grey bar is what the retrieved contexts cover, the answer's years
are green where a context supports them and red where none does (the years temporal
faithfulness counts against the answer)."""),
    ("code", """\
def year_runs(years):
    \"\"\"Contiguous runs of a year set as (start, length) pairs for broken_barh.\"\"\"
    runs = []
    for y in sorted(years):
        if runs and y == runs[-1][0] + runs[-1][1]:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((y, 1))
    return runs


def sample_years(row):
    ref = row.get("reference_date")
    answer = extract_focus_time(row["response"], reference_date=ref).years
    contexts = set().union(*(extract_focus_time(c, reference_date=ref).years for c in row["retrieved_contexts"]))
    return set(answer), contexts
"""),
    ("picture", """\
from textwrap import shorten

from matplotlib.ticker import FuncFormatter, MaxNLocator

era = FuncFormatter(lambda x, _: f"{-int(x)} BC" if x < 0 else f"{int(x)}")  # -753 is 753 BC
rows = example_rows()
fig, axes = plt.subplots(5, 4, figsize=(16, 13))
for i, (ax, row) in enumerate(zip(axes.flat, rows)):
    answer, contexts = sample_years(row)
    every = answer | contexts
    score = scores.loc[i, "temporal_faithfulness"]
    ax.set_title(f"#{i} {shorten(row['user_input'], 44, placeholder='...')}\\n"
                 f"temporal faithfulness = {score:.2f}", fontsize=8)
    ax.set_yticks([0.5, 1.5], ["contexts", "answer"], fontsize=8)
    ax.set_ylim(0, 2.1)
    if not every:
        ax.text(0.5, 0.5, "no years", ha="center", va="center", transform=ax.transAxes, color="grey")
        ax.set_xticks([])
        continue
    lo, hi = min(every), max(every)
    pad = max(2, (hi - lo) * 0.1)
    ax.set_xlim(lo - pad, hi + pad)
    min_width = (hi - lo + 2 * pad) * 0.02  # a single year stays visible on a long axis
    bars = lambda runs: [(s - 0.5, max(n, min_width)) for s, n in runs]  # centred on the year
    ax.broken_barh(bars(year_runs(contexts)), (0.15, 0.7), color="#9e9e9e")
    ax.broken_barh(bars(year_runs(answer & contexts)), (1.15, 0.7), color="#2e7d32")
    ax.broken_barh(bars(year_runs(answer - contexts)), (1.15, 0.7), color="#c62828")
    ax.xaxis.set_major_locator(MaxNLocator(nbins=6, integer=True))
    ax.xaxis.set_major_formatter(era)
    ax.tick_params(axis="x", labelsize=7)
handles = [plt.Rectangle((0, 0), 1, 1, color=c) for c in ("#9e9e9e", "#2e7d32", "#c62828")]
fig.legend(handles, ["context years", "answer year, supported", "answer year, unsupported"],
           loc="lower center", ncol=3, frameon=False)
fig.tight_layout(rect=(0, 0.03, 1, 1))
plt.show()
"""),
    ("md", """\
## 5. The distribution of each metric

Counts of scores per metric (NaN rows are left out and counted in the title)."""),
    ("picture", """\
fig, axes = plt.subplots(2, 4, figsize=(13, 5.5), sharey=True)
for ax, column in zip(axes.flat, metric_columns):
    values = scores[column].dropna()
    ax.hist(values, bins=[i / 10 for i in range(11)], color="#4c72b0", edgecolor="white")
    ax.set_title(f"{column}\\n(n={len(values)}, NaN={scores[column].isna().sum()})", fontsize=9)
    ax.set_xlim(0, 1)
for ax in axes.flat[len(metric_columns):]:
    ax.set_visible(False)
for ax in axes[:, 0]:
    ax.set_ylabel("samples")
fig.tight_layout()
plt.show()
"""),
    ("md", """\
## Next

- `02_llm_judge.ipynb`: the LLM and hybrid modes, their reasons, custom prompts, cost per sample.
- `03_tecfap.ipynb`: temporally consistent factuality probing (TeCFaP).
- The same evaluation from the shell: `ragas-temporal evaluate --example`."""),
]

# ---------------------------------------------------------------------------------------------
# 02: LLM judge

LLM_JUDGE: list[tuple[str, str]] = [
    ("md", """\
# LLM and hybrid modes: reasons, custom prompts, cost per sample

Focus time compares *years*. It cannot tell "Lehman Brothers collapsed in 2009" (a real year of
the crisis, the wrong event) from the truth. The **llm** mode of `TemporalFaithfulness` asks a
judge to list the answer's temporal claims and label each SUPPORTED, PARTIALLY_SUPPORTED,
NOT_SUPPORTED or CONTRADICTED, in one call per sample. The **hybrid** mode spends that call only
when focus time cannot decide: an answer year that no context mentions is scored without a call.
The retrieval metrics have an llm mode too: one listwise call judges all top-k documents.

**Which LLM?** By default this notebook runs offline on a rule-based judge that compares years
(`ragas_temporal.judging`, wired up by `offline_llm.py` next to this notebook), so it works
anywhere, including CI; `ragas_temporal.judging.offline_llm()` gives you the same judge in your own code. To use a real model, set before starting
Jupyter:

```bash
export RAGAS_TEMPORAL_OPENAI_MODEL=gpt-4o-mini   # the switch
export OPENAI_API_KEY=sk-...                     # your key
export OPENAI_BASE_URL=http://localhost:8000/v1  # optional: any OpenAI-compatible server
```

Either way the LLM is built the same way, `llm_factory(model, client=AsyncOpenAI(...))`, and every
cell after that runs the same code.

""" + INSTALL),
    ("code", OFFLINE_ENV + """
import copy

import matplotlib.pyplot as plt
import pandas as pd

from offline_llm import judge_llm
from ragas_temporal.data import example_rows
from ragas_temporal.metrics import TemporalFaithfulness, TemporalNDCGAtK, TemporalPrecisionAtK, score_dataset

pd.set_option("display.max_colwidth", 110)
llm, meter, model = judge_llm()
print("judge:", model)
"""),
    ("md", """\
## 1. One answer, one call, one reason

`metric.score(...)` (or `await metric.ascore(...)`) scores one sample and returns the value with
its reason. The answer below gets 2007 right and 2009 wrong (the App Store opened in 2008)."""),
    ("code", """\
rows = example_rows()  # the 20 samples shipped with the package
sample = rows[19]
print("answer:  ", sample["response"])
print("contexts:", *sample["retrieved_contexts"], sep="\\n  ")
judge = TemporalFaithfulness(mode="llm", llm=llm)
result = judge.score(response=sample["response"], retrieved_contexts=sample["retrieved_contexts"])
print(f"\\nscore {result.value}: {result.reason}")
"""),
    ("md", """\
## 2. Three modes side by side, with their reasons

`score_dataset` scores every row with every metric and keeps the reasons (`ragas.evaluate` keeps
only the numbers; pass it `llm=llm` and the same metrics work there). It reads each row's
`reference_date` ("last year" in an answer is resolved against it)."""),
    ("code", """\
modes = [TemporalFaithfulness(mode=mode, llm=llm, name=mode) for mode in ("focus_time", "llm", "hybrid")]
calls_before = meter.calls
by_mode = score_dataset(rows, modes)
print(f"{meter.calls - calls_before} LLM calls for {len(rows)} samples x 3 modes")
by_mode[["response", "focus_time", "llm", "hybrid"]]
"""),
    ("code", """\
by_mode[["llm_reason", "hybrid_reason"]].head(8)
"""),
    ("md", """\
What to read in the reasons:

- hybrid says *judged by focus time; no LLM call* when an answer year appears in no context: no
  judge is needed to see that 45 BC is unsupported;
- rows 4-6 ("Last year revenue grew by 12%", "This year ...", "Three years ago ..."): the judge
  receives the sample's reference date as data (the prompt's `reference_date` field; with
  `context_dates=`, each context's own date too), so it places "last year" as focus time does;
- with the offline judge the llm column mostly repeats focus time (it compares years too); a real
  model also catches a right year attached to the wrong event.

## 3. Retrieval in llm mode: one listwise call per sample

The judge sees the question, its temporal focus (from rules: `specific_time`, `recency`,
`before_after`, ...) and all documents at once, and returns a 0/1 verdict (precision) or a 0-4
grade (NDCG) per document, each with a reason."""),
    ("code", """\
retrieval = score_dataset(rows[:6], [TemporalPrecisionAtK(k=3, mode="llm", llm=llm),
                                     TemporalNDCGAtK(k=3, mode="llm", llm=llm)])
retrieval[["user_input", "temporal_precision_at_3_llm", "temporal_precision_at_3_llm_reason",
           "temporal_ndcg_at_3_llm_reason"]]
"""),
    ("md", """\
## 4. Customising a prompt

Every LLM mode runs a ragas `PydanticPrompt` held by the metric, so ragas's prompt API works:
`get_prompts()`, `set_prompts(...)`, `save_prompts(path)` / `load_prompts(path)` and
`adapt_prompts(language, llm)` (translation; the verdict labels stay in English). Here we make the
judge stricter: partial support counts as no support."""),
    ("code", """\
prompts = judge.get_prompts()
print(list(prompts))
print(prompts["temporal_claims"].instruction)
"""),
    ("code", """\
strict_prompt = copy.deepcopy(prompts["temporal_claims"])
strict_prompt.instruction += " Be strict: a claim the contexts support only in part is NOT_SUPPORTED."
strict = TemporalFaithfulness(mode="llm", llm=llm, name="llm_strict")
strict.set_prompts(temporal_claims=strict_prompt)

# what the judge receives for row 4: instruction, output shape, one example, then the data as one
# JSON line, the sample's reference date included
from ragas_temporal.prompts import TemporalClaimsInput

row = rows[4]
print(strict_prompt.to_string(TemporalClaimsInput(
    reference_date=row["reference_date"], answer=row["response"], contexts=row["retrieved_contexts"])))
"""),
    ("code", """\
compare = score_dataset(rows, [modes[1], strict])
changed = compare["llm"].fillna(-1) != compare["llm_strict"].fillna(-1)  # NaN == NaN here
compare[changed][["response", "llm", "llm_strict", "llm_strict_reason"]]
"""),
    ("md", """\
(The offline judge knows this one sentence, `Be strict`, so the effect shows here; a real model
follows whatever you write.)

## 5. Cost per sample

Every reply of the OpenAI-compatible API reports its token usage; `judge_llm()` put a meter on
the HTTP client, so we score one sample at a time and read the calls and tokens it took. Stock
ragas `Faithfulness` runs beside ours for comparison (two calls per sample: statements, then
verdicts). Prices are per million tokens: put your provider's (the defaults are gpt-4o-mini's
list prices when this was written)."""),
    ("code", """\
import warnings

from ragas import RunConfig
from ragas.dataset_schema import SingleTurnSample

with warnings.catch_warnings():  # ragas 0.4 flags the legacy import, which ragas.evaluate needs
    warnings.simplefilter("ignore", DeprecationWarning)
    from ragas.metrics import Faithfulness

PRICE_INPUT, PRICE_OUTPUT = 0.15, 0.60  # USD per million prompt / completion tokens


async def cost_per_sample(metric) -> pd.DataFrame:
    \"\"\"Score each example row alone; the meter's difference is that row's cost.\"\"\"
    metric.llm = llm
    metric.init(RunConfig(timeout=60, max_retries=1))
    out = []
    for row in rows:
        fields = {k: row[k] for k in ("user_input", "response", "retrieved_contexts")}
        before = meter.snapshot()
        if isinstance(metric, TemporalFaithfulness):
            await metric.ascore(reference_date=row.get("reference_date"), **fields)
        else:  # stock ragas metric
            await metric.single_turn_ascore(SingleTurnSample(**fields))
        calls, prompt_tokens, completion_tokens = (b - a for a, b in zip(before, meter.snapshot()))
        cost = (prompt_tokens * PRICE_INPUT + completion_tokens * PRICE_OUTPUT) / 1e6
        out.append({"calls": calls, "prompt tokens": prompt_tokens,
                    "completion tokens": completion_tokens, "cost (USD)": cost})
    return pd.DataFrame(out)


costs = {
    "focus_time": await cost_per_sample(TemporalFaithfulness(mode="focus_time")),
    "llm": await cost_per_sample(TemporalFaithfulness(mode="llm")),
    "hybrid": await cost_per_sample(TemporalFaithfulness(mode="hybrid")),
    "ragas Faithfulness": await cost_per_sample(Faithfulness()),
}
summary = pd.DataFrame({name: frame.mean() for name, frame in costs.items()}).T
summary["USD per 1,000 samples"] = summary.pop("cost (USD)") * 1000
summary.round(3)  # means per sample
"""),
    ("picture", """\
per_sample = pd.DataFrame({name: frame["cost (USD)"] * 1e6 for name, frame in costs.items() if name != "focus_time"})
ax = per_sample.plot.bar(figsize=(12, 3.8), width=0.8, rot=0, color=["#4c72b0", "#55a868", "#c44e52"])
ax.set_ylim(0, per_sample.max().max() * 1.3)  # room for the legend
ax.legend(ncol=3, loc="upper left")
ax.set_xlabel("sample")
ax.set_ylabel("cost per sample (USD per million samples)")
ax.set_title(f"Cost per sample with {model} (focus_time mode costs nothing)")
ax.grid(axis="y", alpha=0.3)
plt.tight_layout()
plt.show()
"""),
    ("md", """\
With the offline judge the token counts are rough (every word and punctuation mark counts as one
token); with a real provider they are the provider's own counts.

For a real endpoint, bound the time a dead server can cost:
`ragas.evaluate(..., run_config=RunConfig(timeout=60, max_retries=2, max_wait=5))`; each judgement
is also capped by the metric's `llm_timeout` (30 s by default), and a failure gives that row NaN
with the reason, never a lost run."""),
]


# ---------------------------------------------------------------------------------------------
# 03: TeCFaP

TECFAP: list[tuple[str, str]] = [
    ("md", """\
# TeCFaP: temporally consistent factuality probing

TeCFaP asks a model the *same* temporal question in several paraphrases, forward in time
("Kevin Rudd was succeeded by ...") and backward ("Kevin Rudd took over from ..."), and measures
whether its answers are right (**factuality**), the same across paraphrases (**consistency**) and
both at once (**temporally consistent factuality**), plus `succ_patt`, `succ_objs`, `know_cons`
and `unk_cons` from the paper.

This notebook runs the probe on the small example shipped with the package (written in the
TEMP-COFAC format), scores it in both compatibility modes, draws forward against backward, and
shows how to point the same code at a clone of the real benchmark and a real model.
It runs offline: the "model" here is a lookup table that we design to make typical mistakes.

""" + INSTALL),
    ("code", OFFLINE_ENV + """
import matplotlib.pyplot as plt
import pandas as pd

from ragas_temporal.tecfap import build_probe, load_example, run_probe, score_by_relation, score_probe
"""),
    ("md", """\
## 1. The data: relations whose entities follow each other in time

Each relation has an ordered list of entities and paraphrase patterns per direction.
The example has four relations (two in the train split, two in the test split)."""),
    ("code", """\
data = load_example()
pd.DataFrame(
    [
        {
            "relation": r.index,
            "split": r.split,
            "patterns": len(r.patterns),
            "entities in time order": " -> ".join(e.label for e in r.entities),
        }
        for r in data.relations
    ]
).set_index("relation")
"""),
    ("md", """\
## 2. The probe: one question per (relation, pattern, consecutive pair, direction)

The example is tiny, so we probe every relation (`split="all"`); on the benchmark you would use
`split="test"`. Each row carries its prompt (Alpaca-style, as in the paper's reference code)."""),
    ("code", """\
rows = build_probe(data, split="all")
print(len(rows), "probe rows")
print(rows[0].prompt)
print("gold:", rows[0].gold)
"""),
    ("md", """\
## 3. A stand-in model (offline)

`run_probe` accepts any ragas LLM. To stay offline we write a tiny `BaseRagasLLM` that answers
each prompt from a table. We fill the table with the mistakes real models make:

- forward questions: right, except on the *last* forward paraphrase of each relation, where it
  skips one step ahead;
- backward questions: right on the first backward paraphrase only; on the others it confuses the
  direction and names the *next* entity instead of the previous one;
- it echoes the question, then answers in the entity's own capitalisation on the first, third,
  ... paraphrase of each direction ("... directly after John Howard."), in lower case otherwise. The paper's normalisation
  ignores case; the released reference code does not.

Replace `model` by a real LLM to probe it (section 7)."""),
    ("code", """\
from langchain_core.outputs import Generation, LLMResult
from ragas.llms.base import BaseRagasLLM


class LookupModel(BaseRagasLLM):
    \"\"\"A stand-in for a language model: the reply to each prompt comes from a dict.\"\"\"

    def __init__(self, replies: dict[str, str]):
        super().__init__()
        self.replies = replies

    def _result(self, prompt) -> LLMResult:
        return LLMResult(generations=[[Generation(text=self.replies.get(prompt.to_string(), ""))]])

    def generate_text(self, prompt, n=1, temperature=None, stop=None, callbacks=None):
        return self._result(prompt)

    async def agenerate_text(self, prompt, n=1, temperature=None, stop=None, callbacks=None):
        return self._result(prompt)

    def is_finished(self, response):
        return True
"""),
    ("code", """\
def scripted_reply(row, patterns_of) -> str:
    \"\"\"The stand-in model's answer to one probe row (see the rules above).\"\"\"
    same_direction = patterns_of[(row.relation, row.direction)]  # pattern ids, in file order
    position = same_direction.index(row.pattern_id)
    step = row.gold_step
    if row.direction == "forward" and position == len(same_direction) - 1:
        step = min(row.gold_step + 1, len(row.sequence) - 1)  # skips one ahead
    if row.direction == "backward" and position > 0:
        step = row.key_step + 1 if row.key_step + 1 < len(row.sequence) else row.key_step  # wrong way
    label = data.relation(row.relation).entities[step].label
    answer = label if position % 2 == 0 else label.lower()
    return f"{row.query} {answer}."


patterns_of = {}
for r in data.relations:
    for p in r.patterns:
        patterns_of.setdefault((r.index, p.direction), []).append(p.id)

model = LookupModel({row.prompt: scripted_reply(row, patterns_of) for row in rows})
records = run_probe(rows, model, show_progress=False)
pd.DataFrame(records)[["relation", "pattern_id", "direction", "key", "gold", "prediction"]].head(8)
"""),
    ("md", """\
`run_probe` also takes `out="preds.jsonl"`: every answer is appended as it arrives, and a
rerun with the same file skips rows already answered (resume after a crash or a rate limit).

## 4. Scores in both compatibility modes

`compat="paper"` applies the paper's definitions (normalise gold and answer alike: lower-case,
strip punctuation, drop a leading article). `compat="reference_code"` reproduces the released
evaluation script, so numbers can be compared with the published tables: it normalises only the
answer, never lower-cases it, and credits groups with equal soft scores rather than identical
answers. The capitalised answers of our stand-in model show the difference."""),
    ("code", """\
paper = score_probe(records, compat="paper")
reference = score_probe(records, compat="reference_code")
both = pd.concat(
    {"paper": paper[["backward", "forward", "average"]], "reference_code": reference[["backward", "forward", "average"]]},
    axis=1,
)
both.round(3)
"""),
    ("code", """\
paper[paper["note"] != ""][["note"]]  # why a value is NaN, if any
"""),
    ("md", """\
## 5. Forward against backward

One panel per compatibility mode: the stand-in model is much better forward than backward, and
the reference code's case-sensitive comparison gives no credit to its capitalised answers."""),
    ("picture", """\
fig, axes = plt.subplots(1, 2, figsize=(12, 4.2), sharey=True)
for ax, (title, table) in zip(axes, [("compat='paper'", paper), ("compat='reference_code'", reference)]):
    values = table[["backward", "forward"]].iloc[::-1]  # first metric on top
    values.plot.barh(ax=ax, color=["#c44e52", "#4c72b0"], width=0.75)
    for row, (metric, pair) in enumerate(values.iterrows()):  # say where a value is undefined
        for offset, value in zip((-0.19, 0.19), pair):
            if pd.isna(value):
                ax.text(0.01, row + offset, "NaN", va="center", fontsize=8, color="grey")
    ax.set_title(title)
    ax.set_xlim(0, 1.05)
    ax.set_xlabel("score")
    ax.set_ylabel("")
    ax.grid(axis="x", alpha=0.3)
    ax.get_legend().remove()
fig.legend(*axes[0].get_legend_handles_labels(), loc="upper center", ncol=2, frameon=False)
fig.tight_layout(rect=(0, 0, 1, 0.93))
plt.show()
"""),
    ("md", """\
Per relation (the summary above macro-averages these rows). Relation 2's golds contain commas
and periods ("Charles F. Bolden, Jr."), which the reference code can never match in full."""),
    ("code", """\
by_relation = score_by_relation(records)
by_relation[["temporal_factuality_backward", "temporal_factuality_forward",
             "temporal_consistency_backward", "temporal_consistency_forward"]].round(3)
"""),
    ("md", """\
## 6. The same numbers through `ragas.evaluate`

Temporal factuality is a property of one answer, so it is a ragas metric
(`TemporalFactuality`). Consistency needs all paraphrases at once; `consistency_report` computes
the full table from the evaluated dataset and its probe rows."""),
    ("code", """\
from ragas import evaluate

from ragas_temporal.tecfap import TemporalFactuality, consistency_report, probe_to_evaluation_dataset

dataset = probe_to_evaluation_dataset(rows, records)
result = evaluate(
    dataset,
    metrics=[TemporalFactuality(), TemporalFactuality(compat="reference_code")],
    show_progress=False,
)
print(result)
table = consistency_report(result, rows)
assert table[["backward", "forward"]].equals(paper[["backward", "forward"]])
"""),
    ("md", """\
`result` averages over rows, the report macro-averages over relations as the paper does, so
the two factuality means can differ.

## 7. The real benchmark and a real model

The TEMP-COFAC release is not shipped with this package (it carries no licence grant): clone it
and pass the clone's path. The loader finds `dataset/temp-cofac/` inside the clone.

```bash
git clone https://github.com/ab-iitd/tecfap
export RAGAS_TEMPORAL_TECFAP_DATA=$PWD/tecfap
```

Any OpenAI-compatible endpoint works (OpenAI, vLLM, Ollama, llama.cpp server):

```python
from ragas_temporal.tecfap import load_temp_cofac, openai_compatible_llm
data = load_temp_cofac(os.environ["RAGAS_TEMPORAL_TECFAP_DATA"])
rows = build_probe(data, split="test", shots=0)
llm = openai_compatible_llm("my-model", base_url="http://localhost:8000/v1")
records = run_probe(rows, llm, out="preds.jsonl")      # resumable
score_probe("preds.jsonl", compat="reference_code")   # compare with the published tables
```

or from the shell:

```bash
ragas-temporal tecfap run --data tecfap --model my-model --base-url http://localhost:8000/v1 --out preds.jsonl
ragas-temporal tecfap score preds.jsonl --compat reference_code
```

The next cell loads the clone when `RAGAS_TEMPORAL_TECFAP_DATA` is set and skips otherwise."""),
    ("code", """\
from ragas_temporal.tecfap import load_temp_cofac

clone = os.environ.get("RAGAS_TEMPORAL_TECFAP_DATA")
if clone:
    benchmark = load_temp_cofac(clone)
    test_rows = build_probe(benchmark, split="test")
    print(f"{len(benchmark.relations)} relations, {len(test_rows)} test probe rows in {benchmark.root}")
else:
    print("RAGAS_TEMPORAL_TECFAP_DATA is not set: skipped (see the cell above)")
"""),
    ("md", """\
## 8. CTSRL rewards for training

The paper's reinforcement-learning rewards are plain callables in the TRL convention
`f(prompts, completions, **columns) -> list[float]`. The smooth reward gives partial credit to a
wrong entity that is close in time to the gold."""),
    ("code", """\
from ragas_temporal.tecfap import ctsrl_smooth_reward

# relation 0, forward: the first paraphrase (right) and the last one (skips one step ahead)
first, last = patterns_of[(0, "forward")][0], patterns_of[(0, "forward")][-1]
sample = [r for r in rows if r.relation == 0 and r.pattern_id in (first, last)]
completions = [scripted_reply(r, patterns_of) for r in sample]
rewards = ctsrl_smooth_reward(
    [r.prompt for r in sample],
    completions,
    gold=[r.gold for r in sample],
    sequence=[list(r.sequence) for r in sample],
    gold_step=[r.gold_step for r in sample],
    query=[r.query for r in sample],  # the echoed question is cut off before judging
)
pd.DataFrame({
    "pattern": [r.pattern_id for r in sample],
    "gold": [r.gold for r in sample],
    "answer": [c[len(r.query):].strip() for r, c in zip(sample, completions)],
    "smooth reward": rewards,
})
"""),
]


# ---------------------------------------------------------------------------------------------
# 04: timeline metrics

TIMELINE: list[tuple[str, str]] = [
    ("md", """\
# The answer's own timeline: precision, coverage, coherence, event order, durations, consistency

Faithfulness asks whether the answer's years come from the contexts. These metrics ask other
questions a time-sensitive answer has to pass: does it stay in the period asked about
(`AnswerTemporalPrecision`), cover every period the question names (`TemporalAnchorCoverage`), tell
a possible timeline (`TemporalCoherence`), put events in the right order (`EventOrderAccuracy`),
state the right duration (`DurationAccuracy`), and say the same thing when asked again
(`TemporalConsistency`)?

Each has a rule mode (`focus_time`, free); the last three that read free text have an `llm` mode in
which a judge *lists evidence* (claims and contradictions, where each event is, the stated durations)
and our code computes the score. This notebook runs offline: the LLM modes use the package's
offline judge, which answers from the same rules (a real model also reads what rules miss).

""" + INSTALL),
    ("code", OFFLINE_ENV + """
import pandas as pd

from ragas_temporal.judging import offline_llm
from ragas_temporal.metrics import (
    AnswerTemporalPrecision, DurationAccuracy, EventOrderAccuracy, TemporalAnchorCoverage,
    TemporalCoherence, TemporalConsistency, score_dataset, temporal_consistency_report,
)

pd.set_option("display.max_colwidth", 120)
llm = offline_llm()
"""),
    ("md", """\
## 1. Staying in, and covering, the asked periods"""),
    ("code", """\
rows = [
    {"user_input": "What happened to banks in 2008?", "response": "Banks failed in 2007 and 2010."},
    {"user_input": "Compare unemployment in 2010 with 2020.", "response": "In 2010 it was 9.6%; in 2020, 8.1%."},
    {"user_input": "Compare unemployment in 2010 with 2020.", "response": "In 2010 it was 9.6%."},
]
score_dataset(rows, [AnswerTemporalPrecision(), TemporalAnchorCoverage()])
"""),
    ("md", """\
## 2. Is the timeline possible? Are the events in order? Is the duration right?

Rule mode and LLM mode side by side, with their reasons (`score_dataset` keeps the reasons)."""),
    ("code", """\
answers = [
    {"response": "The firm was founded in 1990 and was 40 years old in 2010."},
    {"response": "She was born in 1950 and died in 1940."},
    {"response": "The war began in 1914 and ended in 1918."},
]
score_dataset(answers, [TemporalCoherence(), TemporalCoherence(mode="llm", llm=llm)])
"""),
    ("code", """\
gold = "Sputnik launch\\nApollo 11 Moon landing\\nFall of the Berlin Wall"
events = [
    {"response": "The Berlin Wall fell in 1989; Sputnik was launched in 1957; Apollo 11 landed on the Moon in 1969.", "reference": gold},
    {"response": "First came the Moon landing by Apollo 11, then Sputnik, and later the Berlin Wall fell.", "reference": gold},
]
score_dataset(events, [EventOrderAccuracy(), EventOrderAccuracy(mode="llm", llm=llm)])
"""),
    ("code", """\
durations = [
    {"user_input": "How long was the siege?", "response": "It lasted two years.", "reference": "18 months"},
    {"user_input": "How long did the war last?", "response": "It ran from 1914 to 1918.", "reference": "4 years"},
    {"user_input": "How long did the war last?", "response": "A decade.", "reference": "1914-1918"},
]
score_dataset(durations, [DurationAccuracy(), DurationAccuracy(mode="llm", llm=llm)])
"""),
    ("md", """\
## 3. The same question, several answers

`temporal_consistency_report` scores each group (mean pairwise Jaccard of the answers' years) and
names the years they disagree on. Inside `ragas.evaluate` a sample cannot see the other answers,
so `TemporalConsistency` takes its group through `group_answers=`; `from_rows` builds it."""),
    ("code", """\
runs = [
    {"user_input": "When did Lehman Brothers fail?", "response": r}
    for r in ("In September 2008.", "It failed in 2008.", "In 2009, during the crisis.")
]
display(temporal_consistency_report(runs))
score_dataset(runs, [TemporalConsistency.from_rows(runs)])
"""),
]


NOTEBOOKS: dict[str, list[tuple[str, str]]] = {
    "01_quickstart.ipynb": QUICKSTART,
    "02_llm_judge.ipynb": LLM_JUDGE,
    "03_tecfap.ipynb": TECFAP,
    "04_timeline_metrics.ipynb": TIMELINE,
}


def build(name: str, cells: list[tuple[str, str]]) -> nbformat.NotebookNode:
    """A notebook with cleared outputs from ``(kind, source)`` pairs."""
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    for i, (kind, source) in enumerate(cells):
        if kind not in ("md", "code", "picture"):
            raise ValueError(f"{name}: cell {i} has unknown kind {kind!r}")
        cell = new_markdown_cell(source.rstrip()) if kind == "md" else new_code_cell(source.rstrip())
        if kind == "picture":
            cell.metadata["tags"] = ["picture"]
        cell["id"] = f"{Path(name).stem[:2]}-{i:02d}"  # stable ids: regenerating gives no diff
        nb.cells.append(cell)
    nbformat.validate(nb)
    return nb


def main(argv: list[str]) -> int:
    wanted = set(argv) or set(NOTEBOOKS)
    for name, cells in NOTEBOOKS.items():
        if name in wanted:
            nbformat.write(build(name, cells), HERE / name)
            print(f"wrote {HERE / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
