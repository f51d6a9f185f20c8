"""The findings of issue 35's probe of the language surfaces, each on new examples of its shape:
counts read as years, amounts and identifiers read as years, relative phrases with number words,
``language="auto"`` against the code, region subtags, and Polish "N roku" that is no year.

Every expected value is computed by hand from the sentence and the reference date.
"""

from __future__ import annotations

import pytest

from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.focus_time.languages import check_language

REF = "2024-05-15"


def years(text: str, language: str, reference_date: str | None = REF) -> set[int]:
    return set(extract_focus_time(text, reference_date, language).years)


# --- region subtags ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "code, expected",
    [("fr-CA", "fr"), ("es_MX", "es"), ("ZH-TW", "zh"), ("pt-PT", "pt"), ("sr-Latn-RS", None), ("it_IT.UTF-8", "it"),
     ("zh-Hant-HK", "zh"), ("en-", None), ("de-x!", None), ("deu-DE", None)],
)  # fmt: skip
def test_a_region_subtag_reads_as_its_language_and_a_bad_code_still_raises(code, expected):
    if expected is None:
        with pytest.raises(ValueError, match=r"unknown language .*use one of en, de"):
            check_language(code)
    else:
        assert check_language(code) == expected


def test_a_region_subtag_reads_the_language_dates():
    # "12 mars 1871": the French day, read only by the French table
    assert extract_focus_time("Elle est née le 12 mars 1871.", REF, "fr-BE").mentions[0].value == "1871-03-12"
