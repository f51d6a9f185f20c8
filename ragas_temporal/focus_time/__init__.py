"""Focus time: text -> temporal mentions -> the set of years the text is about.

>>> from ragas_temporal.focus_time import extract_focus_time
>>> ft = extract_focus_time("In 2008, Lehman Brothers collapsed.")
>>> sorted(ft.years), ft.mentions[0].text
([2008], '2008')
"""

from ragas_temporal.focus_time.extract import extract_focus_time, extract_many
from ragas_temporal.focus_time.model import FocusTime, TemporalMention

__all__ = ["FocusTime", "TemporalMention", "extract_focus_time", "extract_many"]
