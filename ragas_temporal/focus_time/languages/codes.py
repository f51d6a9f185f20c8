"""The supported language codes (ISO 639-1, as dateparser names its locales) and their check."""

from __future__ import annotations

import re

#: Every language extraction reads, English first (the default). Each code other than "en" has a
#: file ``additions/<code>.json`` and a locale of dateparser.
SUPPORTED_LANGUAGES: tuple[str, ...] = (
    "en", "de", "fr", "es", "it", "pt", "nl", "ru", "pl", "tr", "ar", "hi", "zh", "ja", "ko",
)  # fmt: skip
#: Pick the language per text (``detect.detect_language``).
AUTO = "auto"
#: What may follow a language code: region and script subtags ("BR", "Hans-CN", "419"), letters and digits.
_SUBTAGS = re.compile(r"[a-z0-9]{2,8}(?:-[a-z0-9]{2,8})*")
#: How much of an unknown code an error message repeats.
_SHOWN_CHARS = 20


def check_language(code: object) -> str:
    """The normalised code ("DE" -> "de", " fr " -> "fr"), "auto", or ValueError naming the supported ones.

    A region or script subtag (BCP 47 "pt-BR", "zh-Hans-CN"; POSIX "en_US", "de_DE.UTF-8") reads as its
    language: the dates of a language do not change with its region here.

    >>> check_language(" Fr "), check_language("pt-BR"), check_language("en_US"), check_language("zh-Hans-CN")
    ('fr', 'pt', 'en', 'zh')
    >>> check_language(None)
    Traceback (most recent call last):
    ...
    ValueError: language must be a str such as 'en', got NoneType: use one of en, de, fr, es, it, pt, nl, ru, pl, tr, ar, hi, zh, ja, ko, or 'auto'
    """
    supported = f"use one of {', '.join(SUPPORTED_LANGUAGES)}, or 'auto'"
    if not isinstance(code, str):
        raise ValueError(f"language must be a str such as 'en', got {type(code).__name__}: {supported}")
    normal = code.strip().lower().replace("_", "-")
    if normal in SUPPORTED_LANGUAGES or normal == AUTO:
        return normal
    base, dash, region = normal.split(".", 1)[0].partition("-")
    if dash and base in SUPPORTED_LANGUAGES and _SUBTAGS.fullmatch(region):
        return base
    shown = code if len(code) <= _SHOWN_CHARS else code[:_SHOWN_CHARS] + "…"  # a reason never copies a whole text
    raise ValueError(f"unknown language {shown!r}: {supported}")
