"""Where a metric class joins the registry: :func:`register`, called as the class is defined.

:data:`REGISTERED` maps each class's name stem to the class; :mod:`ragas_temporal.metrics.registry`
reads it (the spec grammar, the CLI, the exports). A class without its own ``_base_name`` (a base
class) stays out; two classes with one stem are an error.

>>> class Ours: _base_name = "answer_doc_example"
>>> class Variant(Ours): pass  # inherits the stem: not its own
>>> register(Ours), register(Variant)
(True, False)
>>> REGISTERED.pop("answer_doc_example") is Ours
True
"""

from __future__ import annotations

__all__ = ["REGISTERED", "register"]

#: Every metric class by the stem of its name, filled as the classes are defined.
REGISTERED: dict[str, type] = {}


def register(cls: type) -> bool:
    """Add ``cls`` under its own ``_base_name`` (True); False when it sets none of its own.

    Defining the same class again (a module reloaded) replaces it; another class on a known stem
    raises ``ValueError``.
    """
    stem = vars(cls).get("_base_name")
    if stem is None:
        return False
    known = REGISTERED.get(stem)
    if known is not None and (known.__module__, known.__qualname__) != (cls.__module__, cls.__qualname__):
        raise ValueError(f"two metric classes use the name stem {stem!r}: {known.__qualname__} and {cls.__qualname__}")
    REGISTERED[stem] = cls
    return True
