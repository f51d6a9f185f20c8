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
# # LLM and hybrid modes: reasons, custom prompts, cost per sample
#
# Focus time compares *years*. It cannot tell "Lehman Brothers collapsed in 2009" (a real year of
# the crisis, the wrong event) from the truth. The **llm** mode of `TemporalFaithfulness` asks a
# judge to list the answer's temporal claims and label each SUPPORTED, PARTIALLY_SUPPORTED,
# NOT_SUPPORTED or CONTRADICTED, in one call per sample. The **hybrid** mode spends that call only
# when focus time cannot decide: an answer year that no context mentions is scored without a call.
# The retrieval metrics have an llm mode too: one listwise call judges all top-k documents.
#
# **Which LLM?** By default this notebook runs offline on a rule-based judge that compares years
# (the test suite's fake endpoint, wired up by `offline_llm.py` next to this notebook: it reads each
# prompt and answers with the package's offline rules), so it works anywhere, including CI;
# `ragas_temporal.llm.offline.offline_llm()` gives you the same verdicts for our metrics in your own
# code (it answers from the inputs, without a prompt, so it reports no tokens). To use a real model, set before starting
# Jupyter:
#
# ```bash
# export RAGAS_TEMPORAL_OPENAI_MODEL=gpt-4o-mini   # the switch
# export OPENAI_API_KEY=sk-...                     # your key
# export OPENAI_BASE_URL=http://localhost:8000/v1  # optional: any OpenAI-compatible server
# ```
#
# Either way the LLM is built the same way, `llm_factory(model, client=AsyncOpenAI(...))`, and every
# cell after that runs the same code.
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

import copy

import matplotlib.pyplot as plt
import pandas as pd

from offline_llm import judge_llm
from ragas_temporal.data import example_rows
from ragas_temporal.metrics import TemporalFaithfulness, TemporalNDCGAtK, TemporalPrecisionAtK, score_dataset

pd.set_option("display.max_colwidth", 110)
llm, meter, model = judge_llm()
print("judge:", model)

# %% [markdown]
# ## 1. One answer, one call, one reason
#
# `metric.score(...)` (or `await metric.ascore(...)`) scores one sample and returns the value with
# its reason. The answer below gets 2007 right and 2009 wrong (the App Store opened in 2008).

# %%
rows = example_rows()  # the 20 samples shipped with the package
sample = rows[19]
print("answer:  ", sample["response"])
print("contexts:", *sample["retrieved_contexts"], sep="\n  ")
judge = TemporalFaithfulness(mode="llm", llm=llm)
result = judge.score(response=sample["response"], retrieved_contexts=sample["retrieved_contexts"])
print(f"\nscore {result.value}: {result.reason}")

# %% [markdown]
# ## 2. Three modes side by side, with their reasons
#
# `score_dataset` scores every row with every metric and keeps the reasons (`ragas.evaluate` keeps
# only the numbers; pass it `llm=llm` and the same metrics work there). It reads each row's
# `reference_date` ("last year" in an answer is resolved against it).

# %%
modes = [TemporalFaithfulness(mode=mode, llm=llm, name=mode) for mode in ("focus_time", "llm", "hybrid")]
calls_before = meter.calls
by_mode = score_dataset(rows, modes)
print(f"{meter.calls - calls_before} LLM calls for {len(rows)} samples x 3 modes")
by_mode[["response", "focus_time", "llm", "hybrid"]]

# %%
by_mode[["llm_reason", "hybrid_reason"]].head(8)

# %% [markdown]
# What to read in the reasons:
#
# - hybrid says *judged by focus time; no LLM call* when an answer year appears in no context: no
#   judge is needed to see that 45 BC is unsupported;
# - rows 4-6 ("Last year revenue grew by 12%", "This year ...", "Three years ago ..."): the judge
#   receives the sample's reference date as data (the prompt's `reference_date` field; with
#   `context_dates=`, each context's own date too), so it places "last year" as focus time does;
# - with the offline judge the llm column mostly repeats focus time (it compares years too); a real
#   model also catches a right year attached to the wrong event.
#
# ## 3. Retrieval in llm mode: one listwise call per sample
#
# The judge sees the question, its temporal focus (from rules: `specific_time`, `recency`,
# `before_after`, ...) and all documents at once, and returns a 0/1 verdict (precision) or a 0-4
# grade (NDCG) per document, each with a reason.

# %%
retrieval = score_dataset(rows[:6], [TemporalPrecisionAtK(k=3, mode="llm", llm=llm),
                                     TemporalNDCGAtK(k=3, mode="llm", llm=llm)])
retrieval[["user_input", "temporal_precision_at_3_llm", "temporal_precision_at_3_llm_reason",
           "temporal_ndcg_at_3_llm_reason"]]

# %% [markdown]
# ## 4. Customising a prompt
#
# Every LLM mode runs a ragas `PydanticPrompt` held by the metric, so ragas's prompt API works:
# `get_prompts()`, `set_prompts(...)`, `save_prompts(path)` / `load_prompts(path)` and
# `adapt_prompts(language, llm)` (translation; the verdict labels stay in English). Here we make the
# judge stricter: partial support counts as no support.

# %%
prompts = judge.get_prompts()
print(list(prompts))
print(prompts["temporal_claims"].instruction)

# %%
strict_prompt = copy.deepcopy(prompts["temporal_claims"])
strict_prompt.instruction += " Be strict: a claim the contexts support only in part is NOT_SUPPORTED."
strict = TemporalFaithfulness(mode="llm", llm=llm, name="llm_strict")
strict.set_prompts(temporal_claims=strict_prompt)

# what the judge receives for row 4: instruction, output shape, one example, then the data as one
# JSON line, the sample's reference date included
from ragas_temporal.faithfulness.prompts import TemporalClaimsInput

row = rows[4]
print(strict_prompt.to_string(TemporalClaimsInput(
    reference_date=row["reference_date"], answer=row["response"], contexts=row["retrieved_contexts"])))

# %%
compare = score_dataset(rows, [modes[1], strict])
changed = compare["llm"].fillna(-1) != compare["llm_strict"].fillna(-1)  # NaN == NaN here
compare[changed][["response", "llm", "llm_strict", "llm_strict_reason"]]

# %% [markdown]
# (The offline judge knows this one sentence, `Be strict`, so the effect shows here; a real model
# follows whatever you write.)
#
# ## 5. Cost per sample
#
# Every reply of the OpenAI-compatible API reports its token usage; `judge_llm()` put a meter on
# the HTTP client, so we score one sample at a time and read the calls and tokens it took. Stock
# ragas `Faithfulness` runs beside ours for comparison (two calls per sample: statements, then
# verdicts). Prices are per million tokens: put your provider's (the defaults are gpt-4o-mini's
# list prices when this was written).

# %%
import warnings

from ragas import RunConfig
from ragas.dataset_schema import SingleTurnSample

with warnings.catch_warnings():  # ragas 0.4 flags the legacy import, which ragas.evaluate needs
    warnings.simplefilter("ignore", DeprecationWarning)
    from ragas.metrics import Faithfulness

PRICE_INPUT, PRICE_OUTPUT = 0.15, 0.60  # USD per million prompt / completion tokens


async def cost_per_sample(metric) -> pd.DataFrame:
    """Score each example row alone; the meter's difference is that row's cost."""
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

# %% tags=["picture"]
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

# %% [markdown]
# With the offline judge the token counts are rough (every word and punctuation mark counts as one
# token); with a real provider they are the provider's own counts.
#
# For a real endpoint, bound the time a dead server can cost:
# `ragas.evaluate(..., run_config=RunConfig(timeout=60, max_retries=2, max_wait=5))`; each judgement
# is also capped by the metric's `llm_timeout` (30 s by default), and a failure gives that row NaN
# with the reason, never a lost run.
