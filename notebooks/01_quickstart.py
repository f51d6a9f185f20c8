# ---
# jupyter:
#   jupytext:
#     notebook_metadata_filter: -jupytext.text_representation.jupytext_version
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Quickstart: focus time and temporal RAG metrics
#
# Stock faithfulness asks "is this statement supported?"; it does not look at *when*. ragas-temporal
# turns every text into its **focus time** (the set of years it is about) and scores answers and
# retrieved documents on it, inside `ragas.evaluate`, next to stock metrics.
#
# In this notebook: extract focus times and look at the mentions; evaluate the example dataset
# shipped with the package with our metrics beside stock `Faithfulness`; read the results table
# and the reasons; draw each sample's answer years against its context years; plot each metric's
# distribution. Everything runs offline (stock `Faithfulness` needs an LLM: see section 2).
#
# Install (once, from a clone of the repository; the `notebooks` extra brings matplotlib and Jupyter's kernel):
#
# ```bash
# pip install -e ".[notebooks]"        # or: pip install "ragas-temporal[notebooks]"
# ```
#
# The extra installs the kernel, not a front-end: open the notebook in VS Code, or
# `pip install jupyterlab` and run `jupyter lab` from the `notebooks/` folder.

# %%
# %matplotlib inline
import os
import warnings

os.environ["RAGAS_DO_NOT_TRACK"] = "true"  # before ragas is imported: no usage analytics
warnings.filterwarnings("ignore", message="IProgress not found")  # tqdm without ipywidgets

import datetime as dt
import re

import matplotlib.pyplot as plt
import pandas as pd

from ragas_temporal import extract_focus_time

# %% [markdown]
# ## 1. Focus time: which years is a text about?
#
# `extract_focus_time` finds every temporal mention (its span, kind and a normalised value) and
# maps it to years. Relative expressions ("last year") need a **reference date**: the notebook
# passes one explicitly, the library never reads the clock. Numbers that are not years
# ("Room 2045", "2000 people") are left alone.

# %%
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

# %% [markdown]
# A focus time is an immutable set of years with its mentions; it supports set operations, which
# is all the metrics need. BCE years are negative (753 BC is -753).

# %%
answer = extract_focus_time("The crisis started in 2007 and ended in 2010.")
context = extract_focus_time("In September 2008 Lehman Brothers failed; the recession lasted until 2010.")
print("answer years:", sorted(answer.years), " context years:", sorted(context.years))
print("supported:", sorted((answer & context).years), " unsupported:", sorted((answer - context).years))
print("Jaccard:", answer.jaccard(context))

# %% [markdown]
# ## 2. Evaluate the example dataset, beside stock `Faithfulness`
#
# The package ships 20 temporal RAG samples (grounded answers, invented years, "last year", BCE
# dates, decades, questions without any date) in ragas's column names. Samples with relative
# expressions have a reference date; ragas drops unknown columns, so the dates travel through
# the metrics' `reference_date=` argument (`example_reference_dates()` looks them up by question).
#
# Stock `Faithfulness` calls an LLM. `offline_llm.py`, next to this notebook, builds one with
# `llm_factory`: by default an offline stand-in (the test suite's fake endpoint, answering with the
# package's offline rules; it compares years, nothing more, so its `faithfulness` column is only a stand-in); set `RAGAS_TEMPORAL_OPENAI_MODEL=gpt-4o-mini` (plus
# `OPENAI_API_KEY`) before starting Jupyter to use a real model instead. Our metrics below run in
# focus-time mode and never call the LLM.

# %%
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

# %% [markdown]
# ## 3. The results table
#
# ragas names a column `name(mode=...)` when a metric has a mode; we shorten the names. `NaN` means
# "cannot be scored" (a question with no temporal focus, an answer with no temporal claim), never 0.

# %%
scores = result.to_pandas()
scores.columns = [re.sub(r"\(mode=.*\)$", "", c) for c in scores.columns]
metric_columns = [c for c in scores.columns if c not in dataset.features()]
table = scores[["user_input", "response", *metric_columns]]
pd.set_option("display.max_colwidth", 60)
table.round(2)

# %%
table[metric_columns].agg(["mean", "count"]).T.rename(columns={"count": "scored"}).round(3)

# %% [markdown]
# ### Why? The reasons behind the scores
#
# `ragas.evaluate` keeps only the numbers. `score_dataset` runs the same metric code and keeps a
# reason per score; it also reads a `reference_date` field from each row, so it takes the example
# rows as they are.

# %%
from ragas_temporal.metrics import score_dataset

explained = score_dataset(example_rows(), [TemporalFaithfulness()])
explained[["response", "temporal_faithfulness", "temporal_faithfulness_reason"]].round(2)


# %% [markdown]
# ## 4. A timeline per sample: answer years against context years
#
# Each panel is one sample: the grey bar is what the retrieved contexts cover, the answer's years
# are green where a context supports them and red where none does (the years temporal
# faithfulness counts against the answer).

# %%
def year_runs(years):
    """Contiguous runs of a year set as (start, length) pairs for broken_barh."""
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


# %% tags=["picture"]
from textwrap import shorten

from matplotlib.ticker import FuncFormatter, MaxNLocator

era = FuncFormatter(lambda x, _: f"{-int(x)} BC" if x < 0 else f"{int(x)}")  # -753 is 753 BC
rows = example_rows()
fig, axes = plt.subplots(5, 4, figsize=(16, 13))
for i, (ax, row) in enumerate(zip(axes.flat, rows)):
    answer, contexts = sample_years(row)
    every = answer | contexts
    score = scores.loc[i, "temporal_faithfulness"]
    ax.set_title(f"#{i} {shorten(row['user_input'], 44, placeholder='...')}\n"
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

# %% [markdown]
# ## 5. The distribution of each metric
#
# Counts of scores per metric (NaN rows are left out and counted in the title).

# %% tags=["picture"]
fig, axes = plt.subplots(2, 4, figsize=(13, 5.5), sharey=True)
for ax, column in zip(axes.flat, metric_columns):
    values = scores[column].dropna()
    ax.hist(values, bins=[i / 10 for i in range(11)], color="#4c72b0", edgecolor="white")
    ax.set_title(f"{column}\n(n={len(values)}, NaN={scores[column].isna().sum()})", fontsize=9)
    ax.set_xlim(0, 1)
for ax in axes.flat[len(metric_columns):]:
    ax.set_visible(False)
for ax in axes[:, 0]:
    ax.set_ylabel("samples")
fig.tight_layout()
plt.show()

# %% [markdown]
# ## Next
#
# - `02_llm_judge.ipynb`: the LLM and hybrid modes, their reasons, custom prompts, cost per sample.
# - `03_tecfap.ipynb`: temporally consistent factuality probing (TeCFaP).
# - The same evaluation from the shell: `ragas-temporal evaluate --example`.
