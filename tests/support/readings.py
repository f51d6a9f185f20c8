"""What the package reads and scores in one line, for tests that assert on it by hand.

>>> values("The plant reopened on June 4.")
[('June 4', 'XXXX-06-04')]
>>> faithfulness("It reopened in 2019.", ["The plant reopened in 2019."])
(1.0, "every temporal claim ('2019') found in the retrieved contexts")
"""

from __future__ import annotations

import asyncio
import datetime as dt

from ragas_temporal import TemporalFaithfulness
from ragas_temporal.focus_time.extract import scan


def values(text: str, reference: dt.date | None = None) -> list[tuple[str, str | None]]:
    """``(text, TIMEX value)`` of each mention the extractor finds in ``text``, in order."""
    return [(m.text, m.value) for m in scan(text, reference)]


def faithfulness(answer: str, contexts: list[str], **kwargs) -> tuple[float, str]:
    """``(value, reason)`` of ``TemporalFaithfulness(**kwargs)`` on one answer and its contexts."""
    result = asyncio.run(TemporalFaithfulness(**kwargs).ascore(response=answer, retrieved_contexts=contexts))
    return result.value, result.reason
