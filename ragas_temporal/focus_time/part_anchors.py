"""Parts of a date anchored to the date written with them, not to the reference date.

A part of a date (a time, a part of the day, a quarter, a half, a season) written without its own
year is resolved by its rule against the last date of the text, else the reference date. When the
date it belongs to is written **after** it, that is the wrong anchor: "on the morning of 4 July
1776" read on 2024-06-15 made "the morning" 2024-06-15. This pass, run once on a text's mentions,
re-anchors such a part to the date written with it:

- **in the same phrase**: the next mention, joined only by "of", "on", "in", "at", "during" or a
  comma ("3 pm on 14 March 1879", "noon on 4 July 1776");
- **in the same sentence**: when nothing dated comes before the part in the text (so the
  reference date resolved it), the first later mention of the sentence that can anchor it
  ("In the evening, Lincoln was shot at Ford's Theatre on 14 April 1865").

A time or a part of a day takes the day it is written with, a quarter, a half or a season the year
(a year, a fiscal year read as its calendar year, or a date: its year). Written with a coarser
date ("the evening of April 1865"), the part becomes that date: coarser is safe. A part with no
date written with it keeps its resolution; across a sentence, only a date of the precision the
part needs anchors it ("Dawn", a title, is not a part of 1997 later in the line). Weeks ("the last week of August 2005") are
not extracted as weeks: the month they are written with is the claim (coarser is safe).

>>> from ragas_temporal.focus_time.extract import scan
>>> import datetime as dt
>>> [(m.text, m.value) for m in scan("adopted on the morning of 4 July 1776", dt.date(2024, 6, 15))]
[('the morning of 4 July 1776', '1776-07-04TMO')]
"""

from __future__ import annotations

import re
from typing import Sequence

from ragas_temporal.focus_time.model import TemporalMention, new_mention
from ragas_temporal.focus_time.normalise import format_year
from ragas_temporal.focus_time.patterns import SENTENCE_CLOSING_MARKS, SENTENCE_END_MARKS
from ragas_temporal.focus_time.spans import part_of_value, read_value

__all__ = ["anchor_parts"]

# What may stand between a part and the date it belongs to, in one phrase.
_PHRASE_GAP = re.compile(r"(?i)\s*(?:,\s*)?(?:(?:of|on|in|at|during)\s+)?(?:the\s+)?\s*$")
# A sentence ends at . ! ? followed by a space, at 。！？।؟ (or at a line break).
_SENTENCE_END = re.compile(rf"[{re.escape(SENTENCE_END_MARKS)}]\s|[{SENTENCE_CLOSING_MARKS}]|\n")
# Kinds a part can have when its rule resolved it on its own.
_PART_KINDS = frozenset({"anaphoric"})


def format_day(day: tuple) -> str:
    """TIMEX3 value of a day: ``(1776, 7, 4)`` -> ``"1776-07-04"``."""
    return f"{format_year(day[0])}-{day[1]:02d}-{day[2]:02d}"


def _anchored(anchor: TemporalMention, needs: str, suffix: str, coarser: bool) -> tuple[str, int] | None:
    """The value and year of a part written with ``anchor``: the part on the anchor's day or year;
    with ``coarser`` (the same phrase), the anchor's own value when it is coarser than the part
    needs ("the evening of April 1865" is a claim about April 1865: coarser is safe); ``None``
    when ``anchor`` is no single date (or too coarse across a sentence: "Dawn ... 1997")."""
    span = read_value(anchor.value)
    if span is None or span.is_range or span.start.unit not in ("day", "month", "year"):
        return None
    period = span.start
    year = period.first[0]
    if needs == "day" and period.unit == "day":
        return format_day(period.first) + suffix, year
    if needs == "year":
        return format_year(year) + suffix, year
    return (str(anchor.value), year) if coarser else None


def anchor_parts(mentions: Sequence[TemporalMention], text: str) -> Sequence[TemporalMention]:
    """``mentions`` with each part re-anchored to the date written with it (see above). A part and
    its date in one phrase become one mention ("the morning of 4 July 1776": one claim, in the
    date's kind, with the part in its value); a part anchored across the sentence keeps its words.

    >>> from ragas_temporal.focus_time.extract import scan
    >>> import datetime as dt
    >>> [m.value for m in scan("In the third quarter, sales of fiscal 2019 fell.", dt.date(2024, 6, 15))]
    ['2019-Q3', '2019']
    >>> [(m.text, m.kind, m.value) for m in scan("3 pm on 14 March 1879", dt.date(2024, 6, 15))]
    [('3 pm on 14 March 1879', 'date', '1879-03-14T15:00')]
    """
    out: list[TemporalMention] = []
    merged: set[int] = set()  # dates folded into the part before them
    changed = False
    dated_before = False
    for i, mention in enumerate(mentions):
        if i in merged:
            continue
        part = part_of_value(mention.value) if mention.kind in _PART_KINDS else None
        if part is None:
            dated_before = dated_before or bool(mention.years)
            out.append(mention)
            continue
        needs, suffix = part
        anchored, anchor_at, in_phrase = None, -1, False
        for j in range(i + 1, len(mentions)):
            later = mentions[j]
            gap = text[mention.end:later.start]
            in_phrase = _PHRASE_GAP.match(gap) is not None
            if not in_phrase and (dated_before or _SENTENCE_END.search(gap)):
                break
            if part_of_value(later.value) is None and (in_phrase or needs == "day" or later.kind != "relative"):
                # across the sentence a deictic year ("profit rose in the third quarter from a
                # year ago") is a comparison, not the part's year
                anchored, anchor_at = _anchored(later, needs, suffix, coarser=in_phrase), j
                if anchored is not None or in_phrase:
                    break
        dated_before = True
        if anchored is None:
            out.append(mention)
            continue
        changed = True
        value, year = anchored
        if in_phrase:
            date = mentions[anchor_at]
            merged.add(anchor_at)
            out.append(new_mention(mention.start, date.end, text[mention.start:date.end], date.kind, value, frozenset({year})))
        else:
            out.append(new_mention(mention.start, mention.end, mention.text, mention.kind, value, frozenset({year})))
    return tuple(out) if changed else mentions
