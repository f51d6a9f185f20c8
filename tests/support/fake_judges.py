"""The package's offline rule-based judge as a test script, plus fault overrides.

:func:`rule_based_judge` is a script for :class:`tests.support.fake_llm.ScriptedLLM` (or the
loopback server, via ``lambda request: rule_based_judge(request.user_text)``). It is
:func:`ragas_temporal.judging.rule_based_judge` (rules in :mod:`ragas_temporal.judging.offline_rules`:
years from the focus-time extractor, relative times read against the prompt's
``reference_date``), with one change for tests: ragas's ``TranslateStatements`` prompt (used by
``adapt_prompts``) is answered by upper-casing the statements, so a test can see that the
"translation" reached the prompt. :func:`judge_with_overrides` answers chosen prompts with faults.

>>> import json
>>> from ragas_temporal.prompts import TemporalClaimsPrompt, TemporalClaimsInput
>>> text = TemporalClaimsPrompt().to_string(TemporalClaimsInput(
...     answer="It began in 2008. It ended in 2010.", contexts=["Started in 2008."]))
>>> [c["verdict"] for c in json.loads(rule_based_judge(text))["claims"]]
['SUPPORTED', 'CONTRADICTED']
"""

from __future__ import annotations

import json
import typing as t

from ragas_temporal.judging import prompt_data as parse_prompt_input
from ragas_temporal.judging import rule_based_judge as _package_judge

__all__ = ["parse_prompt_input", "rule_based_judge", "judge_with_overrides"]


def rule_based_judge(prompt_text: str) -> str:
    """The package's offline judge; ``TranslateStatements`` upper-cases instead of echoing.

    >>> rule_based_judge('Translate.\\ninput: {"target_language": "x", "statements": ["May 1932"]}\\nOutput:')
    '{"statements": ["MAY 1932"]}'
    """
    data = parse_prompt_input(prompt_text)
    if set(data) == {"target_language", "statements"}:
        return json.dumps({"statements": [s.upper() for s in data["statements"]]})
    return _package_judge(prompt_text)


def judge_with_overrides(overrides: t.Mapping[str, t.Any]) -> t.Callable[[str], t.Any]:
    """A script that answers like :func:`rule_based_judge` unless a key occurs in the prompt's
    data, in which case it answers with that key's item (a reply string, an exception, a Delay)."""

    def script(prompt_text: str) -> t.Any:
        data_part = prompt_text[prompt_text.rfind("\nInput: "):]
        for key, item in overrides.items():
            if key in data_part:
                return item
        return rule_based_judge(prompt_text)

    return script
