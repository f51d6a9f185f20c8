"""ragas-temporal: temporal metrics for RAG and LLM evaluation that plug into ragas.

The focus-time extractor is imported eagerly (it is light); metric classes are imported on first
use so that ``ragas-temporal extract`` and ``import ragas_temporal`` stay fast and do not import
ragas until a metric is needed.

>>> from ragas_temporal import extract_focus_time
>>> sorted(extract_focus_time("The crisis started in 2007 and ended in 2010.").years)
[2007, 2010]

Scores with reasons for a whole dataset (here the 20-sample example shipped with the package):

>>> from ragas_temporal import TemporalFaithfulness, load_example_dataset, score_dataset
>>> frame = score_dataset(load_example_dataset(), [TemporalFaithfulness()])
>>> len(frame), "temporal_faithfulness_reason" in frame.columns
(20, True)
"""

from __future__ import annotations

import importlib
from typing import Any

from ragas_temporal.focus_time import FocusTime, TemporalMention, extract_focus_time, extract_many

__version__ = "0.1.0"

# public name -> module that defines it (imported lazily, see __getattr__)
_LAZY: dict[str, str] = {
    "TemporalFaithfulness": "ragas_temporal.metrics",
    "TemporalPrecisionAtK": "ragas_temporal.metrics",
    "TemporalRecallAtK": "ragas_temporal.metrics",
    "TemporalNDCGAtK": "ragas_temporal.metrics",
    "TemporalMRR": "ragas_temporal.metrics",
    "TemporalMAP": "ragas_temporal.metrics",
    "AnswerTemporalRecall": "ragas_temporal.metrics",
    "AnswerTemporalPrecision": "ragas_temporal.metrics",
    "TemporalCoherence": "ragas_temporal.metrics",
    "TemporalYearPrecisionAtK": "ragas_temporal.metrics",
    "TemporalYearRecallAtK": "ragas_temporal.metrics",
    "TemporalAnchorCoverage": "ragas_temporal.metrics",
    "EventOrderAccuracy": "ragas_temporal.metrics",
    "DurationAccuracy": "ragas_temporal.metrics",
    "TemporalConsistency": "ragas_temporal.metrics",
    "temporal_consistency_report": "ragas_temporal.metrics",
    "TemporalFactuality": "ragas_temporal.tecfap",
    "score_dataset": "ragas_temporal.metrics",
    "load_example_dataset": "ragas_temporal.data",
}

__all__ = ["FocusTime", "TemporalMention", "extract_focus_time", "extract_many", "__version__", *_LAZY]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'ragas_temporal' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # cache: the next lookup is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
