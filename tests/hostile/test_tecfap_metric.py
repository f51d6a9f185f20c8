"""`TemporalFactuality` (the TeCFaP ragas metric) on bad arguments and bad samples."""

from __future__ import annotations

import asyncio
import math

import pytest

from ragas_temporal.tecfap import TemporalFactuality


@pytest.mark.parametrize("kwargs, message", [
    ({"name": 123}, "name must be a non-empty string"),
    ({"name": "  "}, "name must be a non-empty string"),
    ({"compat": "papers"}, "compat must be 'paper' or 'reference_code'"),
])
def test_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        TemporalFactuality(**kwargs)


@pytest.mark.parametrize("response, reference, value, reason", [
    (None, "kid a", math.nan, "response is missing (None)"),
    (3, "kid a", math.nan, "response is not a string (int)"),
    ("kid a", "", math.nan, "reference (the gold value object) is missing or empty"),
    ("kid a", "!!!", math.nan, "reference '!!!' has no word after normalisation"),
    ("kid a \ud800", "kid a", 1.0, "2 of 2 gold words matched in place"),
    ("x" * 200_000, "kid a", 0.0, "0 of 2 gold words matched in place"),
])
def test_bad_samples_are_nan_with_a_reason_or_a_score(response, reference, value, reason):
    result = asyncio.run(TemporalFactuality().ascore(response=response, reference=reference))
    assert (math.isnan(result.value) and math.isnan(value)) or result.value == value
    assert result.reason.startswith(reason)
