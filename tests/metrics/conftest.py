"""Fixtures of the metric tests: a recording stand-in for the focus-time extractor.

The stand-in knows bare four-digit years, "N BC" and "last year" (reference year - 1), and records
every (text, reference_date) it is asked about. Tests that check how the metric classes route
reference dates use it, so they do not depend on the real extractor's rule coverage.
"""

from __future__ import annotations

import re

import pytest

from ragas_temporal.focus_time import FocusTime

_YEAR = re.compile(r"\b(\d{1,4}) BC\b|\b(1[0-9]{3}|20[0-9]{2})\b")


class RecordingExtractor:
    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    def __call__(self, text, reference_date=None, language="en") -> FocusTime:
        self.calls.append((text, reference_date))
        years = set()
        for bc, year in _YEAR.findall(text):
            years.add(-int(bc) if bc else int(year))
        if "last year" in text.lower() and reference_date is not None:
            years.add(reference_date.year - 1)
        return FocusTime.from_years(years)


@pytest.fixture
def recording_extractor(monkeypatch) -> RecordingExtractor:
    """Route every metric's extraction through a fresh RecordingExtractor (undone after the test)."""
    fake = RecordingExtractor()
    monkeypatch.setattr("ragas_temporal.adapter.case.extract_focus_time", fake)
    return fake
