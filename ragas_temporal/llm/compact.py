"""A compact rendering for ragas ``PydanticPrompt``: short schema line, one-line JSON examples.

ragas's default ``PydanticPrompt.to_string`` spells out the full JSON Schema of the output model
and pretty-prints every example with four-space indents. For a judge that runs once per sample
that overhead dominates the prompt. :class:`CompactPydanticPrompt` keeps everything that makes a
ragas prompt a ragas prompt (``instruction``, ``examples``, ``input_model``/``output_model``,
``generate``, ``adapt``, ``save``/``load``, ``get_prompts``/``set_prompts`` on metrics) and only
changes the text layout:

.. code-block:: text

    <instruction>
    Reply with JSON only, shaped as: <one-line shape of the output model>
    Example input: <json>
    Example output: <json>
    Input: <json of the data>
    Output:

Untrusted texts (answers, contexts, documents, queries) travel only inside the JSON of the last
``Input:`` line, as escaped JSON strings; the instruction part above it never changes with the
data, which is what the prompt-injection test checks.

Example
-------
>>> from pydantic import BaseModel
>>> from typing import Literal
>>> class In(BaseModel):
...     text: str
>>> class Out(BaseModel):
...     label: Literal["A", "B"]
...     why: str
>>> class Demo(CompactPydanticPrompt[In, Out]):
...     instruction = "Label the text."
...     input_model = In
...     output_model = Out
>>> print(Demo().to_string(In(text='say "hi"')))
Label the text.
Reply with JSON only, shaped as: {"label": "A"|"B", "why": string}
Input: {"text":"say \\"hi\\""}
Output:
"""

# No "from __future__ import annotations" here: doctest inherits a module's future flags, and
# the pydantic models defined in the examples below need their annotations evaluated.
import types
import typing as t

from pydantic import BaseModel
from ragas.prompt import PydanticPrompt

__all__ = ["CompactPydanticPrompt", "compact_shape", "escape_line_breaks", "InputModel", "OutputModel"]

InputModel = t.TypeVar("InputModel", bound=BaseModel)
OutputModel = t.TypeVar("OutputModel", bound=BaseModel)

_SCALARS = {str: "string", int: "integer", float: "number", bool: "true|false"}


def _shape_of(annotation: t.Any) -> str:
    origin = t.get_origin(annotation)
    args = t.get_args(annotation)
    if origin is t.Literal:
        return "|".join(f'"{a}"' if isinstance(a, str) else str(a) for a in args)
    if origin in (list, tuple, set, frozenset, t.List, t.Sequence):
        return f"[{_shape_of(args[0]) if args else 'any'}, ...]"
    if origin in (t.Union, types.UnionType):
        return "|".join(_shape_of(a) for a in args if a is not type(None))
    if origin is t.Annotated:
        return _shape_of(args[0])
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return compact_shape(annotation)
    return _SCALARS.get(annotation, "any")


def compact_shape(model: t.Type[BaseModel]) -> str:
    """One-line shape of a pydantic model: field names with types, literals spelled out.

    >>> from pydantic import BaseModel
    >>> from typing import Literal, List
    >>> class Item(BaseModel):
    ...     verdict: Literal[0, 1]
    ...     reason: str
    >>> class Items(BaseModel):
    ...     items: List[Item]
    >>> compact_shape(Items)
    '{"items": [{"verdict": 0|1, "reason": string}, ...]}'
    """
    fields = ", ".join(
        f'"{name}": {_shape_of(info.annotation)}' for name, info in model.model_fields.items()
    )
    return "{" + fields + "}"


class CompactPydanticPrompt(PydanticPrompt[InputModel, OutputModel]):
    """``PydanticPrompt`` with a compact text layout (see the module docstring).

    Subclasses set ``prompt_name``: ragas's ``BasePrompt.__init__`` would otherwise name the
    prompt after the class (``temporal_claims_prompt``) and ignore a ``name=`` argument.
    """

    prompt_name: t.ClassVar[t.Optional[str]] = None
    #: Fields kept verbatim by :meth:`adapt` besides ``Literal`` ones (label-like free strings).
    untranslated_fields: t.ClassVar[t.FrozenSet[str]] = frozenset()
    #: ``(tokens for the reply's frame, tokens per item)`` a schema-shaped reply needs at most;
    #: ``None``: no budget (the LLM's own ``max_tokens`` applies).
    reply_tokens: t.ClassVar[t.Optional[t.Tuple[int, int]]] = None

    def __init__(
        self,
        name: t.Optional[str] = None,
        language: str = "english",
        original_hash: t.Optional[str] = None,
    ):
        super().__init__(name=name, language=language, original_hash=original_hash)
        self.name = name or self.prompt_name or self.name

    def _generate_output_signature(self, indent: int = 4) -> str:
        return f"Reply with JSON only, shaped as: {compact_shape(self.output_model)}"

    def _generate_examples(self) -> str:
        lines = []
        for example_input, example_output in self.examples:
            lines.append("Example input: " + example_input.model_dump_json(exclude_none=True))
            lines.append("Example output: " + example_output.model_dump_json())
        return "\n".join(lines)

    async def adapt(self, target_language: str, llm: t.Any, adapt_instruction: bool = False):
        """ragas's ``adapt`` (translate the examples, optionally the instruction), except that
        label fields stay as they are: ``Literal`` fields (verdicts, grades, focus labels) and
        :attr:`untranslated_fields`. A translated label would teach the judge a label the
        output model rejects."""
        adapted = await super().adapt(target_language, llm, adapt_instruction)
        adapted.examples = [
            (
                _restore_labels(orig_in, new_in, self.untranslated_fields),
                _restore_labels(orig_out, new_out, self.untranslated_fields),
            )
            for (orig_in, orig_out), (new_in, new_out) in zip(self.examples, adapted.examples)
        ]
        adapted.original_hash = hash(adapted)
        return adapted

    def reply_token_budget(self, n_items: int) -> t.Optional[int]:
        """``max_tokens`` that fits a reply with ``n_items`` items of the output schema.

        A judge that rambles past it is cut (``finish_reason: "length"``) and the row says
        "judge reply truncated", instead of a slow local server spending a minute on 1,024 tokens.
        """
        if self.reply_tokens is None:
            return None
        frame, per_item = self.reply_tokens
        return frame + per_item * max(1, n_items)

    def instruction_part(self) -> str:
        """Everything before the data: instruction, output shape and examples."""
        parts = [self.instruction.strip(), self._generate_output_signature()]
        examples = self._generate_examples()
        if examples:
            parts.append(examples)
        return "\n".join(parts)

    def to_string(self, data: t.Optional[InputModel] = None) -> str:
        payload = escape_line_breaks(data.model_dump_json(exclude_none=True)) if data is not None else "(none)"
        return f"{self.instruction_part()}\nInput: {payload}\nOutput:"


#: Characters that some readers (and tokenizers) take as line ends but JSON leaves raw inside a
#: string: escaped, untrusted text cannot start a line of its own in the prompt.
_UNICODE_LINE_BREAKS = str.maketrans({"\u2028": "\\u2028", "\u2029": "\\u2029", "\u0085": "\\u0085"})


def escape_line_breaks(json_text: str) -> str:
    """JSON text with U+2028, U+2029 and U+0085 written as ``\\uXXXX`` escapes.

    Outside strings JSON allows none of them, so escaping every occurrence only touches strings,
    and the JSON still parses to the same value.

    >>> import json
    >>> escaped = escape_line_breaks(json.dumps({"a": "x\u2028y\u0085z"}, ensure_ascii=False))
    >>> escaped
    '{"a": "x\\\\u2028y\\\\u0085z"}'
    >>> json.loads(escaped)["a"] == "x\u2028y\u0085z"
    True
    """
    return json_text.translate(_UNICODE_LINE_BREAKS)


def _is_label_annotation(annotation: t.Any) -> bool:
    if t.get_origin(annotation) is t.Literal:
        return True
    if t.get_origin(annotation) in (t.Union, types.UnionType):
        return any(_is_label_annotation(a) for a in t.get_args(annotation))
    return False


def _restore_labels(original: t.Any, translated: t.Any, keep: t.FrozenSet[str]) -> t.Any:
    """Copy label fields of ``original`` back into ``translated`` (same structure), recursively."""
    if isinstance(original, BaseModel) and isinstance(translated, BaseModel):
        updates = {}
        for name, info in type(original).model_fields.items():
            old, new = getattr(original, name), getattr(translated, name)
            if name in keep or _is_label_annotation(info.annotation):
                updates[name] = old
            else:
                updates[name] = _restore_labels(old, new, keep)
        return translated.model_copy(update=updates)
    if isinstance(original, list) and isinstance(translated, list) and len(original) == len(translated):
        return [_restore_labels(o, n, keep) for o, n in zip(original, translated)]
    return translated
