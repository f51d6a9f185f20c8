"""TEMPORARY bootstrap extractor (4-digit years only); the real scanner replaces this module."""

from __future__ import annotations

import datetime as dt
import re
from typing import Iterable, Sequence

from ragas_temporal.focus_time.model import FocusTime, TemporalMention

_YEAR = re.compile(r"(?<![\d$,.])(1[0-9]{3}|20[0-9]{2})(?![\d,.]\d)")


def extract_focus_time(text: str, reference_date: dt.date | str | None = None) -> FocusTime:
    if not isinstance(text, str):
        raise TypeError(f"extract_focus_time expects a str, got {type(text).__name__}")
    mentions = [
        TemporalMention(m.start(), m.end(), m.group(), "year", m.group(), frozenset({int(m.group())}))
        for m in _YEAR.finditer(text)
    ]
    return FocusTime.from_mentions(mentions)


def extract_many(texts: Iterable[str], reference_dates: Sequence | None = None) -> list[FocusTime]:
    texts = list(texts)
    refs = list(reference_dates) if reference_dates is not None else [None] * len(texts)
    return [extract_focus_time(t, r) for t, r in zip(texts, refs)]
