"""A rule-based stand-in for an LLM judge, answering our prompts and stock ragas prompts.

:func:`rule_based_judge` is a script for :class:`tests.support.fake_llm.ScriptedLLM` (or the
loopback server, via ``lambda request: rule_based_judge(request.user_text)``). It reads the data
line of the prompt and answers deterministically from the years in the texts, so tests and
benchmarks get plausible, hand-checkable verdicts without a model:

- ``temporal_claims``: every answer sentence holding a year is one claim; SUPPORTED when all its
  years occur in the contexts, PARTIALLY_SUPPORTED when some do, otherwise CONTRADICTED when the
  contexts hold other years and NOT_SUPPORTED when they hold none; a sentence with a time phrase
  but no year (a month, "century", "last year", "years ago") is SUPPORTED when the phrase occurs
  in the contexts, else NOT_SUPPORTED;
- ``temporal_relevance``: verdict 1 when the document shares a year with the query (or, for a
  query without a year, when the document has any year);
- ``temporal_grade``: 4 when the document shares a year with the query, 2 when it has other
  years, 0 otherwise;
- ``temporal_focus``: ``specific_time``;
- stock ragas ``Faithfulness``: the statement generator returns the answer's sentences, the NLI
  prompt gives verdict 1 to a statement whose years all occur in the context;
- ragas ``FixOutputFormat`` and ``TranslateStatements``: echo / upper-case the statements.

Years are found with plain regexes (:func:`years_in`), not the focus-time extractor, so the
fake's behaviour does not move when the extractor changes.

>>> import json
>>> from ragas_temporal.prompts import TemporalClaimsPrompt, TemporalClaimsInput
>>> text = TemporalClaimsPrompt().to_string(TemporalClaimsInput(
...     answer="It began in 2008. It ended in 2010.", contexts=["Started in 2008."]))
>>> [c["verdict"] for c in json.loads(rule_based_judge(text))["claims"]]
['SUPPORTED', 'CONTRADICTED']
"""

from __future__ import annotations

import json
import re
import typing as t

__all__ = ["years_in", "parse_prompt_input", "rule_based_judge", "sentences"]

_YEAR = re.compile(r"\b(1\d{3}|20\d{2})s?\b")
_BCE_YEAR = re.compile(r"\b(\d{1,4})\s*(?:BC|BCE)\b")
_TIME_CUE = re.compile(
    r"\b(?:century|decade|last year|this year|next year|years? ago|years? later|the following year|"
    r"January|February|March|April|May|June|July|August|September|October|November|December)\b"
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def years_in(text: str) -> set[int]:
    """Years 1000-2099 (a decade "1990s" counts as its first year) and BCE years ("753 BC" = -753).

    >>> sorted(years_in("From 1990 to 2001, 3000 people; the 1980s; Rome, 753 BC"))
    [-753, 1980, 1990, 2001]
    """
    years = {int(y) for y in _YEAR.findall(text)}
    return years | {-int(y) for y in _BCE_YEAR.findall(text)}


def sentences(text: str) -> list[str]:
    """Split on sentence-final punctuation followed by a blank."""
    return [s.strip() for s in _SENTENCE.split(text.strip()) if s.strip()]


def parse_prompt_input(prompt_text: str) -> dict:
    """The data of a rendered prompt: our one-line ``Input: {...}`` or ragas's ``input: {...}``.

    >>> parse_prompt_input('Do it.\\nInput: {"a": 1}\\nOutput:')
    {'a': 1}
    """
    marker = max(prompt_text.rfind("\nInput: "), prompt_text.rfind("\ninput: "))
    if marker < 0:
        raise ValueError("prompt has no input line")
    body = prompt_text[marker + len("\nInput: "):]
    end = body.rfind("\nOutput:")
    return json.loads(body[:end] if end >= 0 else body)


def _claims(data: dict) -> dict:
    context_years = set().union(*(years_in(c) for c in data.get("contexts", []))) if data.get("contexts") else set()
    claims = []
    contexts_text = " ".join(data.get("contexts", []))
    for sentence in sentences(data["answer"]):
        years = years_in(sentence)
        if not years:
            cue = _TIME_CUE.search(sentence)
            if cue:  # a temporal claim without a year: supported when its phrase occurs in the contexts
                verdict = "SUPPORTED" if cue.group(0) in contexts_text else "NOT_SUPPORTED"
                claims.append({"claim": sentence, "verdict": verdict, "reason": f"phrase {cue.group(0)!r}", "quote": ""})
            continue
        found = years & context_years
        if found == years:
            verdict, reason = "SUPPORTED", "all its years are in the contexts"
        elif found:
            verdict, reason = "PARTIALLY_SUPPORTED", "some of its years are in the contexts"
        elif context_years:
            verdict, reason = "CONTRADICTED", "the contexts give other years"
        else:
            verdict, reason = "NOT_SUPPORTED", "the contexts give no year"
        quote = str(min(found)) if found else ""
        claims.append({"claim": sentence, "verdict": verdict, "reason": reason, "quote": quote})
    return {"claims": claims}


def _documents(data: dict, graded: bool) -> dict:
    query_years = years_in(data["query"])
    out = []
    for number, document in enumerate(data["documents"], start=1):
        doc_years = years_in(document)
        shares = bool(query_years & doc_years)
        if graded:
            grade = 4 if shares else (2 if doc_years else 0)
            out.append({"doc": number, "grade": grade, "reason": f"grade {grade} by years"})
        else:
            verdict = int(shares or (not query_years and bool(doc_years)))
            out.append({"doc": number, "verdict": verdict, "reason": "years match" if verdict else "no matching year"})
    return {"documents": out}


def rule_based_judge(prompt_text: str) -> str:
    """Answer one prompt (see the module docstring for the rules); returns JSON text."""
    head = prompt_text.lstrip()[:200]
    if head.startswith("List every temporal claim"):
        return json.dumps(_claims(parse_prompt_input(prompt_text)))
    if head.startswith("For each document, give verdict"):
        return json.dumps(_documents(parse_prompt_input(prompt_text), graded=False))
    if head.startswith("Grade each document"):
        return json.dumps(_documents(parse_prompt_input(prompt_text), graded=True))
    if head.startswith("Say what kind of time"):
        return json.dumps({"focus": "specific_time", "reason": "asks for a time"})
    if head.startswith("Given a question and an answer"):  # ragas StatementGeneratorPrompt
        data = parse_prompt_input(prompt_text)
        return json.dumps({"statements": sentences(data["answer"])})
    if head.startswith("Your task is to judge the faithfulness"):  # ragas NLIStatementPrompt
        data = parse_prompt_input(prompt_text)
        context_years = years_in(data["context"])
        verdicts = [
            {"statement": s, "reason": "years checked", "verdict": int(years_in(s) <= context_years)}
            for s in data["statements"]
        ]
        return json.dumps({"statements": verdicts})
    if "The output string did not satisfy the constraints" in head:  # ragas FixOutputFormat
        data = parse_prompt_input(prompt_text)
        return json.dumps({"text": data["output_string"]})
    if "TRANSLATOR" in head:  # ragas TranslateStatements (used by adapt_prompts)
        data = parse_prompt_input(prompt_text)
        return json.dumps({"statements": [s.upper() for s in data["statements"]]})
    raise ValueError(f"rule_based_judge does not know this prompt: {head[:80]!r}")


def judge_with_overrides(overrides: t.Mapping[str, t.Any]) -> t.Callable[[str], t.Any]:
    """A script that answers like :func:`rule_based_judge` unless a key occurs in the prompt,
    in which case it answers with that key's item (a reply string, an exception, a Delay)."""

    def script(prompt_text: str) -> t.Any:
        data_part = prompt_text[prompt_text.rfind("\nInput: "):]
        for key, item in overrides.items():
            if key in data_part:
                return item
        return rule_based_judge(prompt_text)

    return script
