"""Hostile input, faults and interrupted runs: what each public entry point answers.

One module per entry point; the three answers are a ``ValueError`` at construction, NaN with a
reason for one row, and one line on stderr with a non-zero exit code from the CLI. No row is lost.

=====================================  =============================================================
entry point (module)                   cases tried
=====================================  =============================================================
extract_focus_time (test_extractor)    non-str, lone surrogate, NUL, Unicode line breaks, bidi,
                                       1M-character and deeply bracketed text, bad reference date
metric classes (test_metric_classes)   every registered class: name not a string, numpy k, k not a
                                       positive int, llm that is not an LLM, hostile text in every
                                       column (100,000-deep JSON, surrogate, 100 KB of dashes); LLM
                                       mode without LLM in ascore, NaT/NaN dates, contexts not a list,
                                       a judge reply nested 100,000 deep
batch (test_batch)                     frame not a pandas DataFrame, metrics None / not a metric,
                                       one metric object, two metrics with one name, a pandas frame
                                       given to the Spark / Ray helpers
TemporalFactuality (test_tecfap_metric) bad name/compat, None/int/empty/huge/surrogate samples
score_dataset (test_score_dataset)     lone surrogate among 999 clean rows, numpy-array and parquet
                                       list columns, NaT/NaN date column and callable, LLM mode
                                       without LLM, rows of every wrong shape
ragas.evaluate (test_ragas_evaluate)   LLM modes without any LLM and no key, llm= given, no key for
                                       focus-time modes, empty value row, lone surrogate row
judge LLM calls (test_llm_calls)       429 with the default LangChain client, fewer retries asked,
                                       transient error, replies quoting }]} / code fences / prose,
                                       an LLM that blocks the event loop (documented limit)
prompts (test_prompts)                 ten line-break characters in untrusted text
ragas-temporal (test_cli_top_level)    any exception type: one line, exit 2 / 70 / 130
ragas-temporal extract                 surrogate argv, binary stdin, bad reference dates
ragas-temporal evaluate                -o missing folder / directory / FIFO / too long / no suffix
                                       (before scoring), JSONL lines that are numbers, lists, null,
                                       deep or broken, deep .json, deep CSV cell, FIFO / binary /
                                       too-long data, surrogate row, --metrics "", no @K, dead endpoint
ragas-temporal tecfap run|score        Infinity/NaN/1e400 keys, deep line, directory / FIFO / binary
                                       / too-long files, --out not writable, bad descriptions,
                                       broken index, inf timeout, every row failing, some failing
TeCFaP loader (test_tecfap_loader)     100,000-deep JSON, inf/nan/1e400/2.5 index cells, binary
                                       files, 200,000-character field, index that is a folder / FIFO
TeCFaP runner (test_tecfap_runner)     torn last line, complete last line without newline, second
                                       run on the same file, lock after a failure, out not a file
=====================================  =============================================================
"""
