"""Plain Python values from the cells that engines hand to pandas.

Pandas frames built from Arrow (Spark's ``mapInPandas``, Ray Data, ``pandas.read_parquet``) hold a
list column's cells as ``numpy.ndarray`` and a missing value as ``None``, ``NaN``, ``pd.NA`` or
``NaT``. The metrics check for ``list`` and ``None`` (an array would score NaN with "must be a list"),
so every cell passes through :func:`plain` first.

>>> import numpy as np
>>> plain(np.array(["In 2008.", "In 2009."], dtype=object))
['In 2008.', 'In 2009.']
>>> plain(np.array([3, 4])), plain(float("nan")), plain("2024-06-01")
([3, 4], None, '2024-06-01')
"""

from __future__ import annotations

import typing as t

import numpy as np
import pandas as pd


def plain(value: t.Any) -> t.Any:
    """The cell as a plain Python value: arrays (nested too) as lists, any missing marker as ``None``."""
    if isinstance(value, np.ndarray):
        return [plain(item) for item in value.tolist()]
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, np.generic):
        return value.item()
    if value is None or (pd.api.types.is_scalar(value) and not isinstance(value, str) and pd.isna(value)):
        return None
    return value


def plain_column(series: pd.Series) -> list:
    """:func:`plain` over a column, kept cheap for the common cell types (str, None)."""
    return [value if type(value) is str else plain(value) for value in series.tolist()]
