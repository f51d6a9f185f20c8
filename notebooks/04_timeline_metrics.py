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
# # The answer's own timeline: precision, coverage, coherence, event order, durations, consistency
#
# Faithfulness asks whether the answer's years come from the contexts. These metrics ask other
# questions a time-sensitive answer has to pass: does it stay in the period asked about
# (`AnswerTemporalPrecision`), cover every period the question names (`TemporalAnchorCoverage`), tell
# a possible timeline (`TemporalCoherence`), put events in the right order (`EventOrderAccuracy`),
# state the right duration (`DurationAccuracy`), and say the same thing when asked again
# (`TemporalConsistency`)?
#
# Each has a rule mode (`focus_time`, free); the last three that read free text have an `llm` mode in
# which a judge *lists evidence* (claims and contradictions, where each event is, the stated durations)
# and our code computes the score. This notebook runs offline: the LLM modes use the package's
# offline judge, which answers from the same rules (a real model also reads what rules miss).
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

import pandas as pd

from ragas_temporal.llm.offline import offline_llm
from ragas_temporal.metrics import (
    AnswerTemporalPrecision, DurationAccuracy, EventOrderAccuracy, TemporalAnchorCoverage,
    TemporalCoherence, TemporalConsistency, score_dataset, temporal_consistency_report,
)

pd.set_option("display.max_colwidth", 120)
llm = offline_llm()

# %% [markdown]
# ## 1. Staying in, and covering, the asked periods

# %%
rows = [
    {"user_input": "What happened to banks in 2008?", "response": "Banks failed in 2007 and 2010."},
    {"user_input": "Compare unemployment in 2010 with 2020.", "response": "In 2010 it was 9.6%; in 2020, 8.1%."},
    {"user_input": "Compare unemployment in 2010 with 2020.", "response": "In 2010 it was 9.6%."},
]
score_dataset(rows, [AnswerTemporalPrecision(), TemporalAnchorCoverage()])

# %% [markdown]
# ## 2. Is the timeline possible? Are the events in order? Is the duration right?
#
# Rule mode and LLM mode side by side, with their reasons (`score_dataset` keeps the reasons).

# %%
answers = [
    {"response": "The firm was founded in 1990 and was 40 years old in 2010."},
    {"response": "She was born in 1950 and died in 1940."},
    {"response": "The war began in 1914 and ended in 1918."},
]
score_dataset(answers, [TemporalCoherence(), TemporalCoherence(mode="llm", llm=llm)])

# %%
gold = "Sputnik launch\nApollo 11 Moon landing\nFall of the Berlin Wall"
events = [
    {"response": "The Berlin Wall fell in 1989; Sputnik was launched in 1957; Apollo 11 landed on the Moon in 1969.", "reference": gold},
    {"response": "First came the Moon landing by Apollo 11, then Sputnik, and later the Berlin Wall fell.", "reference": gold},
]
score_dataset(events, [EventOrderAccuracy(), EventOrderAccuracy(mode="llm", llm=llm)])

# %%
durations = [
    {"user_input": "How long was the siege?", "response": "It lasted two years.", "reference": "18 months"},
    {"user_input": "How long did the war last?", "response": "It ran from 1914 to 1918.", "reference": "4 years"},
    {"user_input": "How long did the war last?", "response": "A decade.", "reference": "1914-1918"},
]
score_dataset(durations, [DurationAccuracy(), DurationAccuracy(mode="llm", llm=llm)])

# %% [markdown]
# ## 3. The same question, several answers
#
# `temporal_consistency_report` scores each group (mean pairwise Jaccard of the answers' years) and
# names the years they disagree on. Inside `ragas.evaluate` a sample cannot see the other answers,
# so `TemporalConsistency` takes its group through `group_answers=`; `from_rows` builds it.

# %%
runs = [
    {"user_input": "When did Lehman Brothers fail?", "response": r}
    for r in ("In September 2008.", "It failed in 2008.", "In 2009, during the crisis.")
]
display(temporal_consistency_report(runs))
score_dataset(runs, [TemporalConsistency.from_rows(runs)])
