"""The offline judge's rules: a prompt's text in, a JSON reply out, decided by comparing years.

A stand-in judge that compares years; not a real judge. It reads the JSON data of a rendered prompt
(our one-line ``Input: {...}`` or ragas's ``input: {...}`` block), finds years with the package's
own focus-time extractor (relative times resolved against the prompt's ``reference_date``, or a
text's own ``date``), and answers:

- temporal claims (``answer`` + ``contexts``): every answer sentence with a temporal expression is
  a claim (or, when the data lists ``claims``, each listed time expression, with its mentions in
  the answer), judged by the focus-time mode's date rules (``scores.claims``: each time at its own
  precision, days to centuries): SUPPORTED when the contexts state all its times, CONTRADICTED when
  they state none of them even in part but give other dates ("the contexts give 14 March 1879"),
  PARTIALLY_SUPPORTED otherwise (NOT_SUPPORTED instead when the instruction contains ``Be strict``),
  NOT_SUPPORTED when the contexts give no date or when the date rules cannot check the claim (e.g.
  "last year" without a reference date, and no context saying the same); a date without a year
  ("June 4", "Q2", "on Saturday") is judged as those rules judge it, by its day, month, quarter,
  season or weekday;
- listwise relevance / grades (``query`` + ``documents``): verdict 1 when a document shares a year
  with the query (for a query without a year: when the document has any year); grade 4 when it
  shares one, 2 when it has other years, else 0;
- temporal focus (``query`` alone): ``specific_time``;
- stock ragas ``Faithfulness``: statements are the answer's sentences; a statement gets verdict 1
  when all its years occur in the context;
- ragas ``FixOutputFormat``: the text back; ``TranslateStatements``: the statements unchanged (it
  cannot translate);
- a TeCFaP sentence-completion prompt (plain text, see :func:`tecfap_guess`): the entity listed
  after the key in the prompt's own list, a guess, so its TeCFaP scores sit near chance.

It cannot tell a right year tied to the wrong event, which is what a real judge adds.

Example
-------
>>> import json
>>> from ragas_temporal.faithfulness.prompts import TemporalClaimsInput, TemporalClaimsPrompt
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
from ragas_temporal.focus_time.patterns import sentence_break
from ragas_temporal.offline_judge.timeline import (
    event_locations_reply,
    stated_durations_reply,
    timeline_reply,
)
from ragas_temporal.faithfulness.formula import claims_from_focus_time, claims_from_mentions, credit_claims
from ragas_temporal.scores import year_label

__all__ = ["rule_based_judge", "tecfap_guess", "prompt_data", "years_in", "sentences", "count_tokens"]

_SENTENCE_END = re.compile(sentence_break())
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
    """Split on sentence-final punctuation followed by a blank, or on a mark that ends a sentence
    wherever it stands (``patterns.SENTENCE_CLOSING_MARKS``: 。！？।؟).

    >>> sentences("It began in 2008. It ended!  Then?")
    ['It began in 2008.', 'It ended!', 'Then?']
    >>> sentences("一战于1914年开始。1919年结束。")
    ['一战于1914年开始。', '1919年结束。']
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


def _listed_claims(data: dict, reference: dt.date | None) -> list[tuple[str, list]]:
    """(claim, its mentions) for each claim to judge.

    Listed ``claims`` (hybrid mode) are the answer's time expressions: each takes its mentions in
    the whole answer ("the following year" leans on the sentence before), else its own. Without a
    list, every answer sentence with a temporal expression is a claim.
    """
    listed = data.get("claims")
    if listed is None:
        out = []
        for sentence in sentences(data["answer"]):
            focus = extract_focus_time(sentence, reference)
            if focus.mentions:
                out.append((sentence, list(focus.mentions)))
        return out
    in_answer: dict[str, list] = {}
    for mention in extract_focus_time(data["answer"], reference).mentions:
        in_answer.setdefault(mention.text, []).append(mention)
    return [(str(c), in_answer.get(str(c)) or list(extract_focus_time(str(c), reference).mentions)) for c in listed]


def _verdict(credits: list, any_context_date: bool, strict: bool) -> tuple[str, str]:
    """One label for a claim's time expressions by the date rules of ``scores.claims`` (the focus-time
    mode's rules): all supported, supported; none even partly, contradicted when the contexts give
    other dates; otherwise partially supported (not supported when ``strict``)."""
    labels = {c.verdict for c in credits}
    notes = "; ".join(dict.fromkeys(c.note for c in credits if c.note))
    if labels == {"SUPPORTED"}:
        return "SUPPORTED", ""
    if labels == {"NOT_SUPPORTED"}:
        if any_context_date:
            return "CONTRADICTED", notes or "the contexts give other years"
        return "NOT_SUPPORTED", "the contexts give no year"
    return ("NOT_SUPPORTED" if strict else "PARTIALLY_SUPPORTED"), notes


def _claims(data: dict, strict: bool) -> dict:
    reference = _date(data.get("reference_date"))
    context_years: set[int] = set()
    context_claims = []
    for item in data.get("contexts") or []:
        focus = extract_focus_time(*_text_and_date(item, reference))
        context_years |= focus.years
        context_claims.append(claims_from_focus_time(focus))
    any_context_date = bool(context_years) or any(c.shape == "yearless" for cs in context_claims for c in cs)
    claims = []
    for claim, mentions in _listed_claims(data, reference):
        years = set().union(*(m.years for m in mentions))
        found = years & context_years
        # the focus-time mode's verdicts; a time they cannot check ("last year" with no date) is
        # not supported here: a judge must give every claim a label
        credits = [c for c in credit_claims(claims_from_mentions(mentions), context_claims) if c.checked]
        if not credits:
            verdict, reason = "NOT_SUPPORTED", "this time cannot be placed without a date"
        else:
            verdict, reason = _verdict(credits, any_context_date, strict)
            if verdict == "SUPPORTED":
                reason = "the contexts give " + (_years_text(years) if years else "the same date")
            elif verdict != "CONTRADICTED" and found != years and context_years:
                reason = "the contexts do not give " + _years_text(years - found)
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


def tecfap_guess(prompt: str) -> str | None:
    """The stand-in's completion of a TeCFaP probe prompt, ``None`` for any other prompt.

    It knows no facts: it answers with the entity listed right after the query's entity in the
    prompt's candidates or context line (cyclically; the lists are shuffled per row), and with
    nothing when the prompt lists no entities. Enough to run a probe end to end offline.

    >>> from ragas_temporal.tecfap import build_probe, load_example
    >>> row = build_probe(load_example(), split="test", with_context=True)[0]
    >>> row.query
    'canonical shipped the ubuntu long-term support release 12.04 precise pangolin right after'
    >>> row.prompt.splitlines()[6]
    'here is the list of entities in this sequence - 16.04 xenial xerus; 18.04 bionic beaver; 10.04 lucid lynx; 14.04 trusty tahr; 12.04 precise pangolin.'
    >>> tecfap_guess(row.prompt)  # 12.04 is listed last: the guess wraps around to the first
    '16.04 xenial xerus'
    >>> tecfap_guess('Input: {"query": "When?"}') is None
    True
    """
    from ragas_temporal.tecfap.probe import read_probe_prompt

    parts = read_probe_prompt(prompt)
    if parts is None:
        return None
    in_query = [i for i, entity in enumerate(parts.entities) if entity and entity in parts.query]
    if not in_query:
        return ""
    key = max(in_query, key=lambda i: len(parts.entities[i]))  # "john adams" over "adams"
    others = [e for e in parts.entities[key + 1:] + parts.entities[:key] if e != parts.entities[key]]
    return others[0] if others else ""


def rule_based_judge(prompt: str) -> str:
    """The offline judge's JSON reply to one rendered prompt (rules in the module docstring).

    The prompt is recognised by the fields of its data, so changed instructions
    (``set_prompts``) still reach the right rule. Raises ``ValueError`` for a prompt it does
    not know.
    """
    completion = tecfap_guess(prompt)
    if completion is not None:  # a TeCFaP probe: plain text in, plain text out
        return completion
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
