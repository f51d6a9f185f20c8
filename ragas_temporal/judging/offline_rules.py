"""The offline judge's rules: a prompt's text in, a JSON reply out, decided by comparing years.

A stand-in judge that compares years; not a real judge. It reads the JSON data of a rendered prompt
(our one-line ``Input: {...}`` or ragas's ``input: {...}`` block), finds years with the package's
own focus-time extractor (relative times resolved against the prompt's ``reference_date``, or a
text's own ``date``), and answers:

- temporal claims (``answer`` + ``contexts``): every answer sentence with a temporal expression is
  a claim (or, when the data lists ``claims``, each listed time expression, with the years it has
  in the answer); SUPPORTED when all its years are in the contexts, PARTIALLY_SUPPORTED when some are
  (NOT_SUPPORTED instead when the instruction contains ``Be strict``), CONTRADICTED when the
  contexts give other years, NOT_SUPPORTED when they give none or when the claim has no year
  (e.g. "last year" without a reference date);
- listwise relevance / grades (``query`` + ``documents``): verdict 1 when a document shares a year
  with the query (for a query without a year: when the document has any year); grade 4 when it
  shares one, 2 when it has other years, else 0;
- temporal focus (``query`` alone): ``specific_time``;
- stock ragas ``Faithfulness``: statements are the answer's sentences; a statement gets verdict 1
  when all its years occur in the context;
- ragas ``FixOutputFormat``: the text back; ``TranslateStatements``: the statements unchanged (it
  cannot translate).

It cannot tell a right year tied to the wrong event, which is what a real judge adds.

Example
-------
>>> import json
>>> from ragas_temporal.prompts import TemporalClaimsInput, TemporalClaimsPrompt
>>> text = TemporalClaimsPrompt().to_string(TemporalClaimsInput(
...     reference_date="2024-03-15", answer="Revenue grew last year. It fell in 2020.",
...     contexts=["Revenue rose 12% in 2023."]))
>>> [(c["verdict"], c["reason"]) for c in json.loads(rule_based_judge(text))["claims"]]
[('SUPPORTED', 'the contexts give 2023'), ('CONTRADICTED', 'the contexts give other years')]
"""

from __future__ import annotations

import datetime as dt
import json
import re
import typing as t

from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.judging.offline_timeline import event_locations_reply, stated_durations_reply, timeline_reply
from ragas_temporal.scores import year_label

__all__ = ["rule_based_judge", "prompt_data", "years_in", "sentences", "count_tokens"]

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_TOKEN = re.compile(r"\w+|[^\w\s]")


def count_tokens(text: str) -> int:
    """A rough, deterministic token count: every word and every punctuation mark is one token.

    Not a BPE tokenizer (those need downloaded vocabularies), but monotone in text length, which
    is what relative cost comparisons need.

    >>> count_tokens('Say "ok", please.')
    7
    """
    return len(_TOKEN.findall(text))


def years_in(text: str, reference_date: dt.date | None = None) -> set[int]:
    """The years ``text`` is about (its focus time; BCE years are negative).

    >>> sorted(years_in("From 1990 to 1992, 3000 people"))
    [1990, 1991, 1992]
    >>> sorted(years_in("Sales fell last year.", dt.date(2024, 3, 15)))
    [2023]
    """
    return set(extract_focus_time(text, reference_date).years)


def sentences(text: str) -> list[str]:
    """Split on sentence-final punctuation followed by a blank.

    >>> sentences("It began in 2008. It ended!  Then?")
    ['It began in 2008.', 'It ended!', 'Then?']
    """
    return [s.strip() for s in _SENTENCE_END.split(text.strip()) if s.strip()]


def prompt_data(prompt: str) -> dict:
    """The JSON data of a rendered prompt: our ``Input: {...}`` line or ragas's ``input: {...}`` block.

    >>> prompt_data('Do it.\\nInput: {"a": 1}\\nOutput:')
    {'a': 1}
    """
    start = max(prompt.rfind("\nInput: "), prompt.rfind("\ninput: "))
    if start < 0:
        raise ValueError("the prompt has no input data")
    body = prompt[start + len("\nInput: "):]
    end = body.rfind("\nOutput:")
    return json.loads(body[:end] if end >= 0 else body)


def _date(value: t.Any) -> dt.date | None:
    # a date the judge cannot read ("unknown", a typo) is no date: relative times stay unplaced
    try:
        return dt.date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


def _text_and_date(item: t.Any, reference: dt.date | None) -> tuple[str, dt.date | None]:
    """A context/document as sent: a plain string (read at ``reference``) or ``{"date", "text"}``."""
    if isinstance(item, dict):
        return str(item.get("text", "")), _date(item.get("date")) or reference
    return str(item), reference


def _years_text(years: set[int]) -> str:
    ordered = sorted(years)
    if len(ordered) > 3 and ordered[-1] - ordered[0] == len(ordered) - 1:
        return f"{year_label(ordered[0])}-{year_label(ordered[-1])}"
    return ", ".join(year_label(y) for y in ordered)


def _listed_claims(data: dict, reference: dt.date | None) -> list[tuple[str, set[int]]]:
    """(claim, years) for each claim to judge.

    Listed ``claims`` (hybrid mode) are the answer's time expressions: each takes the years its
    mention has in the whole answer ("the following year" leans on the sentence before), else its
    own. Without a list, every answer sentence with a temporal expression is a claim.
    """
    listed = data.get("claims")
    if listed is None:
        out = []
        for sentence in sentences(data["answer"]):
            focus = extract_focus_time(sentence, reference)
            if focus.mentions:
                out.append((sentence, set(focus.years)))
        return out
    in_answer: dict[str, set[int]] = {}
    for mention in extract_focus_time(data["answer"], reference).mentions:
        in_answer.setdefault(mention.text, set()).update(mention.years)
    return [(str(c), in_answer.get(str(c)) or set(extract_focus_time(str(c), reference).years)) for c in listed]


def _claims(data: dict, strict: bool) -> dict:
    reference = _date(data.get("reference_date"))
    context_years: set[int] = set()
    for item in data.get("contexts") or []:
        context_years |= years_in(*_text_and_date(item, reference))
    claims = []
    for claim, years in _listed_claims(data, reference):
        found = years & context_years
        if not years:
            verdict, reason = "NOT_SUPPORTED", "this time cannot be placed without a date"
        elif found == years:
            verdict, reason = "SUPPORTED", "the contexts give " + _years_text(years)
        elif found:
            verdict = "NOT_SUPPORTED" if strict else "PARTIALLY_SUPPORTED"
            reason = "the contexts do not give " + _years_text(years - found)
        elif context_years:
            verdict, reason = "CONTRADICTED", "the contexts give other years"
        else:
            verdict, reason = "NOT_SUPPORTED", "the contexts give no year"
        quote = _years_text(found) if found else ""
        claims.append({"claim": claim, "verdict": verdict, "reason": reason, "quote": quote})
    return {"claims": claims}


def _documents(data: dict, graded: bool) -> dict:
    reference = _date(data.get("reference_date"))
    query_years = years_in(data["query"], reference)
    out = []
    for number, item in enumerate(data["documents"], start=1):
        doc_years = years_in(*_text_and_date(item, reference))
        shares = bool(query_years & doc_years)
        if graded:
            grade = 4 if shares else (2 if doc_years else 0)
            out.append({"doc": number, "grade": grade, "reason": "shares a year" if shares else "no shared year"})
        else:
            verdict = int(shares or (not query_years and bool(doc_years)))
            out.append({"doc": number, "verdict": verdict, "reason": "shares a year" if verdict else "no shared year"})
    return {"documents": out}


def rule_based_judge(prompt: str) -> str:
    """The offline judge's JSON reply to one rendered prompt (rules in the module docstring).

    The prompt is recognised by the fields of its data, so changed instructions
    (``set_prompts``) still reach the right rule. Raises ``ValueError`` for a prompt it does
    not know.
    """
    data = prompt_data(prompt)
    instruction = prompt[: max(prompt.rfind("\nInput: "), prompt.rfind("\ninput: "))]
    if "answer" in data and "contexts" in data:  # our temporal-claims prompt
        return json.dumps(_claims(data, strict="Be strict" in instruction))
    if "documents" in data:  # our listwise relevance (0/1) or grade (0-4) prompt
        return json.dumps(_documents(data, graded='"grade"' in instruction))
    if "events" in data and "answer" in data:  # our event-location prompt
        return json.dumps(event_locations_reply(data))
    if "topic" in data and "answer" in data:  # our stated-durations prompt
        return json.dumps(stated_durations_reply(data))
    if set(data) <= {"answer", "reference_date"} and "answer" in data:  # our timeline-claims prompt
        return json.dumps(timeline_reply(data))
    if set(data) == {"query"}:  # our temporal-focus prompt
        return json.dumps({"focus": "specific_time", "reason": "asks about a time"})
    if "statements" in data and "context" in data:  # ragas Faithfulness: NLI verdicts
        context_years = years_in(data["context"])
        return json.dumps({"statements": [
            {"statement": s, "reason": "years checked", "verdict": int(years_in(s) <= context_years)}
            for s in data["statements"]
        ]})
    if "answer" in data and "question" in data:  # ragas Faithfulness: statement generation
        return json.dumps({"statements": sentences(data["answer"])})
    if "output_string" in data:  # ragas FixOutputFormat: give the text back
        return json.dumps({"text": data["output_string"]})
    if "statements" in data and "target_language" in data:  # ragas TranslateStatements (adapt_prompts)
        return json.dumps({"statements": list(data["statements"])})
    raise ValueError(f"the offline judge does not know this prompt: {prompt[:80]!r}")
