"""Languages of focus-time extraction: the supported codes, their check, and auto detection.

Nothing here imports dateparser or reads locale data at import time (a language loads on first use).

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
