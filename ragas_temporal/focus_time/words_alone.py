"""What a mention's words state read on their own, apart from the date the text tied them to.

A resolved "the previous year" after "2021" has the value ``2020``; its words alone say
``UNDEF-REF-year-MINUS-1``. "18:00 GMT" on a dated day has that day's value; its words alone say
the time ``XXXX-XX-XXT18:00``. Claims compare these with contexts that leave the same words
unresolved. Each text is read once by the extractor (:func:`~ragas_temporal.focus_time.extract.scan`)
and remembered; nothing is read at extraction time, so only the mentions a claim asks about cost.

>>> from ragas_temporal.focus_time.extract import scan
>>> resolved = scan("In 2021 output fell. The previous year it rose.")[1]
>>> resolved.value, written_relative(resolved)
('2020', 'UNDEF-REF-year-MINUS-1')
>>> clock_time(scan("The match starts at 7 pm.")[0])
'XXXX-XX-XXT19:00'
"""

from __future__ import annotations

import datetime as dt
import functools
import typing as t

from ragas_temporal.focus_time.extract import scan
from ragas_temporal.focus_time.spans import read_relative

__all__ = ["written_relative", "clock_time"]

#: Longest mention text re-read for a clock time ("7.30pm on Friday 3 June" is far shorter).
_CLOCK_TEXT_MAX = 40


def written_relative(mention: t.Any) -> str | None:
    """The relative value a resolved relative or anaphoric mention's words state alone; ``None`` for
    any other mention (an unresolved one carries that value already).

    >>> from types import SimpleNamespace as M
    >>> written_relative(M(text="the previous year", kind="anaphoric", value="2020", years=frozenset({2020})))
    'UNDEF-REF-year-MINUS-1'
    >>> written_relative(M(text="2020", kind="year", value="2020", years=frozenset({2020}))) is None
    True
    """
    if not getattr(mention, "years", None) or getattr(mention, "kind", None) not in ("relative", "anaphoric"):
        return None
    return _relative_value(str(mention.text))


def clock_time(mention: t.Any) -> str | None:
    """The time of day a clock time's words state, on a day they do not name (TIMEX3
    ``XXXX-XX-XXT19:00``: "7 pm", "19:00 BST", "7.30pm"), whatever date the text ties it to;
    ``None`` for any other mention.

    >>> from types import SimpleNamespace as M
    >>> clock_time(M(text="18:00 GMT", kind="anaphoric", value="2017-09"))
    'XXXX-XX-XXT18:00'
    >>> clock_time(M(text="2017", kind="year", value="2017")) is None
    True
    """
    text = str(getattr(mention, "text", ""))
    if getattr(mention, "kind", None) not in ("anaphoric", "date", "relative") or len(text) > _CLOCK_TEXT_MAX:
        return None
    return _time_of_day(text) if any(c.isdigit() for c in text) else None


@functools.lru_cache(maxsize=4096)
def _relative_value(text: str) -> str | None:
    """The relative value of ``text`` read alone (one mention covering it, no reference date)."""
    mentions = scan(text)
    if len(mentions) != 1 or read_relative(mentions[0].value) is None:
        return None
    return mentions[0].value


@functools.lru_cache(maxsize=4096)
def _time_of_day(text: str) -> str | None:
    """``XXXX-XX-XXTHH:MM`` of ``text`` read alone against any day, when it is one mention with a
    time of day (a part of day such as "noon" is not a clock time)."""
    mentions = scan(text, dt.date(2000, 1, 3))
    if len(mentions) != 1 or mentions[0].value is None:
        return None
    _, sep, time = mentions[0].value.partition("T")
    time = time.rstrip("Z")
    if not sep or len(time) != 5 or not time[:2].isdigit() or not time[3:].isdigit():
        return None
    return f"XXXX-XX-XXT{time}"
