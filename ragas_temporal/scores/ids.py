"""THE id rule: document ids compare as text (``7`` is ``"7"``), for gold ids, qrels and context dates."""

from __future__ import annotations

import numbers
from collections.abc import Hashable, Mapping

__all__ = ["id_key", "keyed_by_id"]


def id_key(doc_id: Hashable) -> Hashable:
    """The one rule for document ids: an id is compared as its text, so the integer ``7`` is ``"7"``.

    Other values are returned unchanged (and compared as they are).

    >>> id_key(7), id_key("7"), id_key("d1")
    ('7', '7', 'd1')
    """
    if isinstance(doc_id, numbers.Integral) and not isinstance(doc_id, bool):
        return str(int(doc_id))
    return doc_id


def keyed_by_id(mapping: Mapping, what: str) -> dict:
    """``mapping`` with its keys read by :func:`id_key`; ``ValueError`` when two keys are one id.

    >>> keyed_by_id({7: 1.0, "d1": 2.0}, "gold")
    {'7': 1.0, 'd1': 2.0}
    >>> keyed_by_id({7: 1, "7": 3}, "gold")
    Traceback (most recent call last):
    ...
    ValueError: gold names id '7' twice (as 7 and '7'): ids are compared as text; keep one
    """
    keyed: dict = {}
    given: dict = {}
    for key, value in mapping.items():
        text = id_key(key)
        if text in keyed:
            raise ValueError(f"{what} names id {text!r} twice (as {given[text]!r} and {key!r}): ids are compared as text; keep one")
        keyed[text] = value
        given[text] = key
    return keyed
