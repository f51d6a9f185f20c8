"""ragas-temporal: temporal metrics for RAG and LLM evaluation that plug into ragas.

The focus-time extractor is imported eagerly (it is light); metric classes are imported on first
use (their names are the metric registry's) so that ``ragas-temporal extract`` and ``import ragas_temporal`` stay fast and do not import
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

import functools
import importlib
import importlib.util
from typing import Any

from ragas_temporal.focus_time import FocusTime, TemporalMention, extract_focus_time, extract_many

__version__ = "0.1.0"

#: Public names defined outside ``ragas_temporal.metrics`` -> their module (imported lazily).
_ELSEWHERE: dict[str, str] = {
    "TemporalFactuality": "ragas_temporal.tecfap",
    "load_example_dataset": "ragas_temporal.data",
}
_EAGER = ["FocusTime", "TemporalMention", "extract_focus_time", "extract_many", "__version__"]


@functools.cache
def _lazy() -> dict[str, str]:
    """Public name -> module that defines it: the metric classes as the registry knows them
    (``ragas_temporal.metrics.PACKAGE_FACE``), then the rest. Importing the metrics imports ragas,
    so this runs on the first lookup of a lazy name, never at ``import ragas_temporal``."""
    from ragas_temporal import metrics

    return {**dict.fromkeys(metrics.PACKAGE_FACE, "ragas_temporal.metrics"), **_ELSEWHERE}


def __getattr__(name: str) -> Any:
    if name == "__all__":  # ``from ragas_temporal import *``
        return [*_EAGER, *_lazy()]
    module = _ELSEWHERE.get(name)
    # a private name or a submodule (``from ragas_temporal import scores``) never imports the metrics
    if module is None and not name.startswith("_") and importlib.util.find_spec(f"{__name__}.{name}") is None:
        module = _lazy().get(name)
    if module is None:
        raise AttributeError(f"module 'ragas_temporal' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # cache: the next lookup is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted([*_EAGER, *_lazy()])
