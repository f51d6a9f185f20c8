"""Issue 34: TemporalFaithfulness judges halves and the quarter forms of financial reports at what
they state: a half is six months (H1 January-June), supported by a quarter, month or day inside
it, partly by the year that contains it, not by the other half; without a year, by the same half
or something inside it whatever the year. New sentences; scores and reasons by hand from the
rules in ``faithfulness/formula.py``."""

from __future__ import annotations

import pytest

from tests.support.readings import faithfulness


@pytest.mark.parametrize(
    ("context", "expected"),
    [
        ("Exports peaked in Q3 2018.", (1.0, "every temporal claim ('the second half of 2018') found in the retrieved contexts")),
        ("Exports peaked in November 2018.", (1.0, "every temporal claim ('the second half of 2018') found in the retrieved contexts")),
        ("Exports peaked in 2018.", (0.5, "'the second half of 2018' partially supported: the contexts give 2018")),
        ("Exports peaked in H1 2018.", (0.0, "'the second half of 2018' not supported: the contexts give H1 2018")),
        ("Exports peaked in Q1 2018.", (0.0, "'the second half of 2018' not supported: the contexts give Q1 2018")),
    ],
)
def test_a_dated_half_is_supported_by_what_lies_inside_it(context: str, expected: tuple) -> None:
    assert faithfulness("Exports peaked in the second half of 2018.", [context]) == expected


@pytest.mark.parametrize(
    ("answer", "context", "expected"),
    [
        # the same half without a year, or a quarter inside it
        ("H1 sales slowed.", "Sales slowed in the first half of the year.", (1.0, "every temporal claim ('H1') found in the retrieved contexts")),
        ("Sales slowed in the first half of the year.", "Q2 sales slowed.", (1.0, "every temporal claim ('the first half of the year') found in the retrieved contexts")),
        # the other half: not supported, the half the contexts give named
        ("Sales slowed in the first half of the year.", "Sales slowed in the second half of the year.",
         (0.0, "'the first half of the year' not supported: the contexts give the second half of the year")),
        # a quarter inside a half the contexts give: partly
        ("Q4 sales slowed.", "Sales slowed in the second half of the year.",
         (0.5, "'Q4' partially supported: the contexts give the second half of the year")),
    ],
)
def test_a_half_without_a_year_is_judged_whatever_the_year(answer: str, context: str, expected: tuple) -> None:
    assert faithfulness(answer, [context]) == expected


def test_a_fiscal_quarter_code_against_another_quarter_is_flagged() -> None:
    # "3Q19" against "Q2 fiscal 2019": both read as quarters of 2019, different ones
    assert faithfulness("Revenue fell in 3Q19.", ["Revenue fell in Q2 fiscal 2019."]) == (
        0.0, "'3Q19' not supported: the contexts give Q2 fiscal 2019")
    assert faithfulness("Revenue fell in 2Q19.", ["Revenue fell in Q2 fiscal 2019."]) == (
        1.0, "every temporal claim ('2Q19') found in the retrieved contexts")


def test_the_year_ago_quarter_in_other_words_is_supported() -> None:
    assert faithfulness("Margins beat the year-ago quarter.", ["Margins beat the same quarter last year."]) == (
        1.0, "every temporal claim ('the year-ago quarter') found in the retrieved contexts")
