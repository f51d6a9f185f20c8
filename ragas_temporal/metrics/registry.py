"""The metric registry: every metric class by name, and the spec grammar ``temporal_precision@5:gold``.

The CLI's ``--metrics`` and :func:`metrics_from_spec` read names here; :data:`DEFAULT_METRICS` is the
set ``ragas-temporal evaluate`` runs when none is given.

>>> [m.name for m in metrics_from_spec("temporal_precision@5, temporal_ndcg_at_10:gold")]
['temporal_precision_at_5', 'temporal_ndcg_at_10_gold']
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import pkgutil
import re
import sys
import typing as t
from types import MappingProxyType

from ragas_temporal.adapter.base import TemporalMetric, check_unique_names
from ragas_temporal.adapter.registration import REGISTERED


#: The package the families are sub-packages of (``ragas_temporal``).
_PACKAGE = __name__.split(".")[0]


def _import_families() -> tuple[str, ...]:
    """Import the ``metric`` module of every sub-package of ragas_temporal that has one (a metric family).

    Defining a class registers it (``TemporalMetric.__init_subclass__`` calls ``register``), so a
    new family is one new package with a ``metric.py``: no list to edit. The folders scanned are
    the package's ``__path__`` (read from ``sys.modules``: the registry never imports the face),
    each in name order.
    """
    found = []
    for info in pkgutil.iter_modules(sys.modules[_PACKAGE].__path__):
        module = f"{_PACKAGE}.{info.name}.metric"
        if info.ispkg and importlib.util.find_spec(module) is not None:
            importlib.import_module(module)
            found.append(info.name)
    return tuple(found)


#: The metric families found, in the order their classes registered.
FAMILIES: tuple[str, ...] = _import_families()

__all__ = [
    "FAMILIES",
    "METRIC_CLASSES",
    "DEFAULT_METRICS",
    "metric_from_spec",
    "metrics_from_spec",
    "check_unique_names",
]

#: Every metric class the spec grammar knows, by the stem of its name: each class that sets its
#: own ``_base_name`` registers itself when it is defined (a live, read-only view).
METRIC_CLASSES: t.Mapping[str, type[TemporalMetric]] = MappingProxyType(REGISTERED)


#: The metric set ``ragas-temporal evaluate`` runs when no ``--metrics`` is given.
DEFAULT_METRICS = (
    "temporal_faithfulness",
    "temporal_precision@5",
    "temporal_recall@5",
    "temporal_ndcg@10",
    "temporal_mrr@10",
    "temporal_map@10",
    "answer_temporal_recall",
)

_K_SUFFIX = re.compile(r"^(?P<base>.+?)(?:@|_at_)(?P<k>[^@_]+)$")


def _k_default(cls: type) -> object:
    """The default of the class's ``k`` field; ``_NO_K`` when it has none (the metric takes no k)."""
    for f in dataclasses.fields(cls):
        if f.name == "k":
            return f.default
    return _NO_K


_NO_K = object()


def _spec_name(name: str, cls: type) -> str:
    k = _k_default(cls)
    return name if k is _NO_K else f"{name}[@K]" if k is None else f"{name}@K"


def _name_options(text: str, classes: t.Mapping[str, type]) -> tuple[str, dict]:
    """Split a name option off a metric name: ``temporal_faithfulness_year`` -> the stem and
    ``{"granularity": "year"}``, from the class's ``_spec_options`` (name part -> arguments)."""
    for stem, cls in classes.items():
        for part, arguments in getattr(cls, "_spec_options", {}).items():
            if text == f"{stem}_{part}":
                return stem, dict(arguments)
    return text, {}


def metric_from_spec(
    spec: str, *, rows: t.Any = None, group_by: str = "user_input", **kwargs: t.Any
) -> TemporalMetric:
    """Build one metric from a name such as ``temporal_precision@5``.

    Accepted forms: ``<metric>``, ``<metric>@<k>`` or ``<metric>_at_<k>`` for the ranking metrics,
    ``<metric>_<option>`` for a class's name options (``temporal_faithfulness_year``),
    each optionally followed by a mode as ``:<mode>`` or ``_<mode>`` (``temporal_ndcg@10:gold``,
    ``temporal_ndcg_at_10_gold``). ``kwargs`` (``reference_date``, ``context_dates``, ``llm`` ...)
    go to the constructor. A metric that compares answers across a group (``temporal_consistency``)
    is built from the dataset's ``rows`` grouped by ``group_by`` (its ``from_rows``); ``rows`` may
    be a callable that reads them, called only then.

    >>> metric_from_spec("temporal_precision@5").name
    'temporal_precision_at_5'
    >>> metric_from_spec("temporal_ndcg_at_10_gold").name
    'temporal_ndcg_at_10_gold'
    >>> metric_from_spec("temporal_faithfulness_year:hybrid").name  # a class's name options
    'temporal_faithfulness_year_hybrid'
    >>> metric_from_spec("temporal_precison@5")
    Traceback (most recent call last):
    ...
    ValueError: unknown metric 'temporal_precison@5'; known: answer_temporal_precision, answer_temporal_recall, duration_accuracy, event_order_accuracy, temporal_anchor_coverage[@K], temporal_coherence, temporal_consistency, temporal_faithfulness, temporal_map@K, temporal_mrr@K, temporal_ndcg@K, temporal_precision@K, temporal_recall@K, temporal_year_precision@K, temporal_year_recall@K (modes as ':gold', ':llm', ':hybrid')
    """
    classes = METRIC_CLASSES
    text = spec.strip().lower()
    mode = None
    if ":" in text:
        text, mode = (part.strip() for part in text.split(":", 1))
    else:
        all_modes = sorted({m for cls in classes.values() for m in cls.modes()}, key=len, reverse=True)
        for candidate in all_modes:
            suffix = "_" + candidate
            if text.endswith(suffix):
                text, mode = text[: -len(suffix)], candidate
                break
    k: int | None = None
    match = _K_SUFFIX.match(text)
    if match and match.group("base") in classes:
        text = match.group("base")
        raw_k = match.group("k")
        if not raw_k.isdigit() or int(raw_k) < 1:
            raise ValueError(f"metric {spec!r}: k must be a positive integer, got {raw_k!r}")
        k = int(raw_k)
    text, options = _name_options(text, classes)
    kwargs.update(options)
    cls = classes.get(text)
    if cls is None:
        known = sorted(_spec_name(name, c) for name, c in classes.items())
        raise ValueError(f"unknown metric {spec!r}; known: {', '.join(known)} (modes as ':gold', ':llm', ':hybrid')")
    if k is not None:
        if _k_default(cls) is _NO_K:
            raise ValueError(f"metric {spec!r}: {text} takes no k")
        kwargs["k"] = k
    if mode is not None:
        kwargs["mode"] = mode
    from_rows = getattr(cls, "from_rows", None)
    if from_rows is not None:
        if callable(rows):  # the rows read on demand (a dataset read a batch at a time)
            rows = rows()
        if rows is None:
            raise ValueError(
                f"metric {spec!r} compares each answer with the other answers of its group: build it with "
                f"{cls.__name__}.from_rows(rows, group_by=...), or pass rows= here"
            )
        return from_rows(rows, group_by=group_by, **kwargs)
    return cls(**kwargs)


def metrics_from_spec(specs: str | t.Iterable[str], **kwargs: t.Any) -> list[TemporalMetric]:
    """Build metrics from a comma-separated string or a list of names (see :func:`metric_from_spec`).

    >>> [m.name for m in metrics_from_spec("temporal_faithfulness, temporal_ndcg@10")]
    ['temporal_faithfulness', 'temporal_ndcg_at_10']
    """
    items = specs.split(",") if isinstance(specs, str) else list(specs)
    items = [s.strip() for s in items if s.strip()]
    if not items:
        raise ValueError("no metric given")
    metrics = [metric_from_spec(s, **kwargs) for s in items]
    check_unique_names(metrics)
    return metrics
