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
# # TeCFaP: temporally consistent factuality probing
#
# TeCFaP asks a model the *same* temporal question in several paraphrases, forward in time
# ("Kevin Rudd was succeeded by ...") and backward ("Kevin Rudd took over from ..."), and measures
# whether its answers are right (**factuality**), the same across paraphrases (**consistency**) and
# both at once (**temporally consistent factuality**), plus `succ_patt`, `succ_objs`, `know_cons`
# and `unk_cons` from the paper.
#
# This notebook runs the probe on the small example shipped with the package (written in the
# TEMP-COFAC format), scores it in both compatibility modes, draws forward against backward, and
# shows how to point the same code at a clone of the real benchmark and a real model.
# It runs offline: the "model" here is a lookup table that we design to make typical mistakes.
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

import matplotlib.pyplot as plt
import pandas as pd

from ragas_temporal.tecfap import build_probe, load_example, run_probe, score_by_relation, score_probe

# %% [markdown]
# ## 1. The data: relations whose entities follow each other in time
#
# Each relation has an ordered list of entities and paraphrase patterns per direction.
# The example has four relations (two in the train split, two in the test split).

# %%
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

# %% [markdown]
# ## 2. The probe: one question per (relation, pattern, consecutive pair, direction)
#
# The example is tiny, so we probe every relation (`split="all"`); on the benchmark you would use
# `split="test"`. Each row carries its prompt (Alpaca-style, as in the paper's reference code).

# %%
rows = build_probe(data, split="all")
print(len(rows), "probe rows")
print(rows[0].prompt)
print("gold:", rows[0].gold)

# %% [markdown]
# ## 3. A stand-in model (offline)
#
# `run_probe` accepts any ragas LLM. To stay offline we write a tiny `BaseRagasLLM` that answers
# each prompt from a table. We fill the table with the mistakes real models make:
#
# - forward questions: right, except on the *last* forward paraphrase of each relation, where it
#   skips one step ahead;
# - backward questions: right on the first backward paraphrase only; on the others it confuses the
#   direction and names the *next* entity instead of the previous one;
# - it echoes the question, then answers in the entity's own capitalisation on the first, third,
#   ... paraphrase of each direction ("... directly after John Howard."), in lower case otherwise. The paper's normalisation
#   ignores case; the released reference code does not.
#
# Replace `model` by a real LLM to probe it (section 7).

# %%
from langchain_core.outputs import Generation, LLMResult
from ragas.llms.base import BaseRagasLLM


class LookupModel(BaseRagasLLM):
    """A stand-in for a language model: the reply to each prompt comes from a dict."""

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


# %%
def scripted_reply(row, patterns_of) -> str:
    """The stand-in model's answer to one probe row (see the rules above)."""
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

# %% [markdown]
# `run_probe` also takes `out="preds.jsonl"`: every answer is appended as it arrives, and a
# rerun with the same file skips rows already answered (resume after a crash or a rate limit).
#
# ## 4. Scores in both compatibility modes
#
# `compat="paper"` applies the paper's definitions (normalise gold and answer alike: lower-case,
# strip punctuation, drop a leading article). `compat="reference_code"` reproduces the released
# evaluation script, so numbers can be compared with the published tables: it normalises only the
# answer, never lower-cases it, and credits groups with equal soft scores rather than identical
# answers. The capitalised answers of our stand-in model show the difference.

# %%
paper = score_probe(records, compat="paper")
reference = score_probe(records, compat="reference_code")
both = pd.concat(
    {"paper": paper[["backward", "forward", "average"]], "reference_code": reference[["backward", "forward", "average"]]},
    axis=1,
)
both.round(3)

# %%
paper[paper["note"] != ""][["note"]]  # why a value is NaN, if any

# %% [markdown]
# ## 5. Forward against backward
#
# One panel per compatibility mode: the stand-in model is much better forward than backward, and
# the reference code's case-sensitive comparison gives no credit to its capitalised answers.

# %% tags=["picture"]
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

# %% [markdown]
# Per relation (the summary above macro-averages these rows). Relation 2's golds contain commas
# and periods ("Charles F. Bolden, Jr."), which the reference code can never match in full.

# %%
by_relation = score_by_relation(records)
by_relation[["temporal_factuality_backward", "temporal_factuality_forward",
             "temporal_consistency_backward", "temporal_consistency_forward"]].round(3)

# %% [markdown]
# ## 6. The same numbers through `ragas.evaluate`
#
# Temporal factuality is a property of one answer, so it is a ragas metric
# (`TemporalFactuality`). Consistency needs all paraphrases at once; `consistency_report` computes
# the full table from the evaluated dataset and its probe rows.

# %%
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

# %% [markdown]
# `result` averages over rows, the report macro-averages over relations as the paper does, so
# the two factuality means can differ.
#
# ## 7. The real benchmark and a real model
#
# The TEMP-COFAC release is not shipped with this package (it carries no licence grant): clone it
# and pass the clone's path. The loader finds `dataset/temp-cofac/` inside the clone.
#
# ```bash
# git clone https://github.com/ab-iitd/tecfap
# export RAGAS_TEMPORAL_TECFAP_DATA=$PWD/tecfap
# ```
#
# Any OpenAI-compatible endpoint works (OpenAI, vLLM, Ollama, llama.cpp server):
#
# ```python
# from ragas_temporal.tecfap import load_temp_cofac, openai_compatible_llm
# data = load_temp_cofac(os.environ["RAGAS_TEMPORAL_TECFAP_DATA"])
# rows = build_probe(data, split="test", shots=0)
# llm = openai_compatible_llm("my-model", base_url="http://localhost:8000/v1")
# records = run_probe(rows, llm, out="preds.jsonl")      # resumable
# score_probe("preds.jsonl", compat="reference_code")   # compare with the published tables
# ```
#
# or from the shell:
#
# ```bash
# ragas-temporal tecfap run --data tecfap --model my-model --base-url http://localhost:8000/v1 --out preds.jsonl
# ragas-temporal tecfap score preds.jsonl --compat reference_code
# ```
#
# The next cell loads the clone when `RAGAS_TEMPORAL_TECFAP_DATA` is set and skips otherwise.

# %%
from ragas_temporal.tecfap import load_temp_cofac

clone = os.environ.get("RAGAS_TEMPORAL_TECFAP_DATA")
if clone:
    benchmark = load_temp_cofac(clone)
    test_rows = build_probe(benchmark, split="test")
    print(f"{len(benchmark.relations)} relations, {len(test_rows)} test probe rows in {benchmark.root}")
else:
    print("RAGAS_TEMPORAL_TECFAP_DATA is not set: skipped (see the cell above)")

# %% [markdown]
# ## 8. CTSRL rewards for training
#
# The paper's reinforcement-learning rewards are plain callables in the TRL convention
# `f(prompts, completions, **columns) -> list[float]`. The smooth reward gives partial credit to a
# wrong entity that is close in time to the gold.

# %%
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
