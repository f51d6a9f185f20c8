"""Languages of focus-time extraction: the supported codes, their check, and auto detection.

English runs the package's own rule table (``focus_time.patterns``). Every other supported
language runs a small rule table built on first use from dateparser's locale data (month and
weekday names, relative words, the date order: ``vocabulary.py``) plus our own additions
(``additions/<code>.json``: year cues, range words, count nouns, each with its reason), together
with the language-neutral numeric rules of the English table (ISO dates, years, CJK dates):
``table.py``. Nothing here imports dateparser or reads locale data at import time.

>>> check_language("DE")
'de'
>>> check_language("auto")
'auto'
>>> check_language("xx")
Traceback (most recent call last):
...
ValueError: unknown language 'xx': use one of en, de, fr, es, it, pt, nl, ru, pl, tr, ar, hi, zh, ja, ko, or 'auto'
>>> from ragas_temporal.focus_time.languages import detect_language  # loaded on first use
>>> detect_language("Die Berliner Mauer fiel am 9. November 1989.")
'de'
"""

from __future__ import annotations

from ragas_temporal.focus_time.languages.codes import AUTO, SUPPORTED_LANGUAGES, check_language

__all__ = ["AUTO", "SUPPORTED_LANGUAGES", "check_language", "detect_language"]


def __getattr__(name: str):
    # detect_language reads the additions on first use: not imported with the package (cold start)
    if name == "detect_language":
        from ragas_temporal.focus_time.languages.detect import detect_language

        return detect_language
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
