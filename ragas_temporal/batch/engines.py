"""The optional engines: import one, or say in one line which extra installs it."""

from __future__ import annotations

import importlib
import types

#: engine module -> the package extra that installs it
EXTRAS = {"pyspark": "spark", "ray": "ray"}


class MissingEngine(ImportError):
    """An engine's package is not installed; the message names the extra."""


def require(module: str) -> types.ModuleType:
    """Import ``module`` (``pyspark`` or ``ray``) or raise :class:`MissingEngine` naming the extra.

    >>> try:
    ...     require("nonexistent_engine")
    ... except MissingEngine as exc:
    ...     print(exc)
    nonexistent_engine is not installed: pip install 'ragas-temporal[nonexistent_engine]'
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        extra = EXTRAS.get(module, module)
        raise MissingEngine(f"{module} is not installed: pip install 'ragas-temporal[{extra}]'") from None


def check_engine_data(data: object, method: str, what: str, helper: str) -> None:
    """``ValueError`` naming the fix unless ``data`` has the engine's batch ``method`` (duck-typed, so
    Spark Connect DataFrames pass too).

    >>> check_engine_data([], "map_batches", "a Ray dataset", "ray_score")
    Traceback (most recent call last):
    ...
    ValueError: ray_score needs a Ray dataset, got list; for a pandas DataFrame use score_frame
    """
    if not callable(getattr(data, method, None)):
        raise ValueError(f"{helper} needs {what}, got {type(data).__name__}; for a pandas DataFrame use score_frame")


def each_batch(function, batches):
    """Apply ``function`` to every batch of an iterator (the shape ``mapInPandas`` calls)."""
    for batch in batches:
        yield function(batch)
