"""Claim-level temporal faithfulness: one test per rule of docs/METRICS.md, values worked out by hand.

Claims are built from mention records shaped like the extractor's (text, kind, TIMEX value,
years), so these tests pin the rules without depending on what the extractor finds in prose.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from ragas_temporal.focus_time.spans import mention_span

from ragas_temporal.faithfulness.formula import (
    TemporalClaim,
    claim_faithfulness,
    claim_verdicts,
    claim_from_mention,
    claims_from_mentions,
    credit_claims,
)
from ragas_temporal.scores.year_sets import no_claim_reason


def mention(text: str, kind: str, value: str | None, years=()) -> SimpleNamespace:
    # shaped like the extractor's mention, span included (read by the extractor's one reader of values)
    years = frozenset(years)
    return SimpleNamespace(text=text, kind=kind, value=value, years=years,
                           span=mention_span(value, kind, text, years) if years else None)


def year(text: str, y: int) -> SimpleNamespace:
    return mention(text, "year", str(y), {y})


def span(text: str, start: int, end: int) -> SimpleNamespace:
    return mention(text, "range", f"{start}/{end}", range(start, end + 1))


def decade(text: str, first: int) -> SimpleNamespace:
    return mention(text, "decade", str(first // 10), range(first, first + 10))


def score(answer: list, *contexts: list) -> tuple[float, str]:
    result = claim_faithfulness(
        claims_from_mentions(answer), [claims_from_mentions(context) for context in contexts]
    )
    return result.value, result.reason


# --- rule 1: a year or a date is supported when its year is among the contexts' years --------------


def test_year_supported_by_the_same_year_in_a_context() -> None:
    assert score([year("1995", 1995)], [year("1995", 1995)]) == (
        1.0, "every temporal claim ('1995') found in the retrieved contexts")


def test_date_judged_by_its_year() -> None:
    # answer "March 1547" vs context "31 March 1547": one claim, year 1547 stated -> 1/1
    answer = [mention("March 1547", "date", "1547-03", {1547})]
    context = [mention("31 March 1547", "date", "1547-03-31", {1547})]
    assert score(answer, context)[0] == 1.0


def test_range_end_is_a_stated_year_but_its_inner_years_are_not() -> None:
    # a lifespan "(1867–1934)" states 1867 and 1934; "1913" is not stated, only inside the range:
    # partially supported (issue 19 rule 2: a point strictly inside a stated range is 1/2, was 0)
    lifespan = span("1867–1934", 1867, 1934)
    assert score([year("1934", 1934)], [lifespan])[0] == 1.0
    assert score([year("1913", 1913)], [lifespan]) == (0.5, "'1913' partially supported: inside 1867–1934")


def test_invented_year_scores_zero_with_its_text_in_the_reason() -> None:
    assert score([year("1995", 1995)], [year("1996", 1996)]) == (
        0.0, "'1995' not found in the retrieved contexts")


# --- rule 2: a range by both ends, or inside a context range; one end -> half credit --------------


def test_range_supported_by_both_ends_stated_separately() -> None:
    # Francis I: context gives two dates, answer the lifespan "1494–1547" -> both ends -> 1/1
    answer = [span("1494–1547", 1494, 1547)]
    context = [mention("12 September 1494", "date", "1494-09-12", {1494}),
               mention("31 March 1547", "date", "1547-03-31", {1547})]
    assert score(answer, context)[0] == 1.0


def test_range_inside_a_context_range_is_supported() -> None:
    # "2008–2010" lies inside the context's "2005–2012" although neither end is stated as a year
    assert score([span("2008–2010", 2008, 2010)], [span("2005–2012", 2005, 2012)])[0] == 1.0


def test_range_sharing_one_end_with_a_context_range_is_that_range_with_an_end_changed() -> None:
    # context "2005–2021"; answer "2005–2019" lies inside it but keeps 2005 and moves the other end:
    # judged by its ends, 2005 stated, 2019 not -> 0.5/1
    assert score([span("2005–2019", 2005, 2019)], [span("2005–2021", 2005, 2021)]) == (
        0.5, "'2005–2019': only 2005 found")
    # the same inward move at the start: "2007–2021" -> only 2021 -> 0.5
    assert score([span("2007–2021", 2007, 2021)], [span("2005–2021", 2005, 2021)])[0] == 0.5
    # the whole stated range is still fully supported (both ends stated)
    assert score([span("2005–21", 2005, 2021)], [span("2005–2021", 2005, 2021)])[0] == 1.0


def test_range_with_one_supported_end_gets_half_credit() -> None:
    # answer ranges: "1991–2000" (both ends found: 1) and "2007–11" (only 2007: 0.5) -> 1.5/2 = 0.75
    answer = [span("1991–2000", 1991, 2000), span("2007–11", 2007, 2011)]
    context = [span("1991 -- 2000", 1991, 2000), year("2007", 2007)]
    assert score(answer, context) == (0.75, "'2007–11': only 2007 found")


def test_range_with_no_supported_end_scores_zero() -> None:
    assert score([span("1980–1985", 1980, 1985)], [year("1990", 1990)]) == (
        0.0, "'1980–1985' not found in the retrieved contexts")


def test_a_range_weighs_as_much_as_a_year() -> None:
    # one 50-year range (supported) and one invented year: 1 + 0 over 2 claims = 0.5
    answer = [span("1900–1950", 1900, 1950), year("1960", 1960)]
    context = [year("1900", 1900), year("1950", 1950)]
    assert score(answer, context)[0] == 0.5


# --- rule 3: an open range is judged by its start ------------------------------------------------


def test_open_range_judged_by_its_start() -> None:
    open_range = mention("2015–present", "range", "2015/PRESENT_REF", {2015})
    assert claim_from_mention(open_range).shape == "open_range"
    assert score([open_range], [year("2015", 2015)])[0] == 1.0
    assert score([open_range], [year("2016", 2016)]) == (
        0.0, "'2015–present' not found in the retrieved contexts")
    # closed at the reference year by the extractor (value 2015/2024): still judged by 2015 alone
    closed_at_reference = mention("2015–present", "range", "2015/2024", range(2015, 2025))
    assert score([closed_at_reference], [year("2015", 2015)])[0] == 1.0


# --- rule 4: a decade or a century by the same period or a year inside it --------------------------


def test_decade_supported_by_the_same_decade() -> None:
    assert score([decade("the nineties", 1990)], [decade("the 1990s", 1990)])[0] == 1.0


def test_decade_supported_by_a_year_inside_it() -> None:
    assert score([decade("the 1990s", 1990)], [year("1994", 1994)])[0] == 1.0


def test_decade_supported_by_a_shorter_period_inside_it() -> None:
    late_seventies = mention("the late 1970s", "decade", "197", range(1976, 1980))
    assert score([decade("the 1970s", 1970)], [late_seventies])[0] == 1.0
    # but not the other way round: the late 1970s is narrower than what the context states, which
    # only contains it: partially supported (issue 19 rule 2, was 0)
    assert score([late_seventies], [decade("the 1970s", 1970)])[0] == 0.5


def test_wrong_decade_scores_zero() -> None:
    assert score([decade("the 1980s", 1980)], [year("1994", 1994)])[0] == 0.0


def test_century_supported_by_a_year_inside_it() -> None:
    century = mention("the 19th century", "century", "18", range(1800, 1900))
    assert score([century], [year("1851", 1851)])[0] == 1.0
    assert score([century], [year("1901", 1901)])[0] == 0.0


def test_year_only_partly_supported_by_a_context_that_only_states_its_decade() -> None:
    # the 1990s contains 1995 but does not state it: partially supported (issue 19 rule 2, was 0)
    assert score([year("1995", 1995)], [decade("the 1990s", 1990)]) == (
        0.5, "'1995' partially supported: the contexts give the 1990s")


# --- rule 5: "2016–17" and "2016–2017" are one claim ----------------------------------------------


def test_short_and_long_range_forms_are_the_same_claim() -> None:
    short, long = span("2016–17", 2016, 2017), span("2016–2017", 2016, 2017)
    assert claim_from_mention(short) == claim_from_mention(long)
    # the answer repeats the claim in both forms and adds an invented year: 2 distinct claims, 1 supported
    assert score([short, long, year("2019", 2019)], [long])[0] == 0.5
    assert score([short], [long])[0] == 1.0


# --- score = credited claims / claims, reasons by text ---------------------------------------------


def test_reason_quotes_every_weak_claim_in_answer_order() -> None:
    answer = [year("1995", 1995), span("2007–11", 2007, 2011), year("2000", 2000)]
    context = [year("2007", 2007), year("2000", 2000)]
    assert score(answer, context) == (
        pytest.approx(1.5 / 3), "'1995' not found in the retrieved contexts; '2007–11': only 2007 found")


def test_no_claim_is_nan() -> None:
    assert math.isnan(score([], [year("2020", 2020)])[0])
    assert score([], [year("2020", 2020)])[1] == "answer makes no temporal claim"


def test_a_claim_nothing_can_check_is_nan_with_what_was_found_and_why() -> None:
    value, reason = score([mention("last year", "relative", None)], [year("2020", 2020)])
    assert math.isnan(value)
    assert reason == "nothing to check: unverifiable, left out of the score: 'last year' needs a reference date, and no context says the same"


def test_bce_years_in_reasons() -> None:
    answer = [mention("44 BC to AD 14", "range", "BC0044/0014", range(-44, 15))]
    assert claim_from_mention(answer[0]) == TemporalClaim("", "range", -44, 14)
    assert score(answer, [mention("44 BC", "year", "BC0044", {-44})]) == (0.5, "'44 BC to AD 14': only 44 BC found")


def test_range_ends_come_from_the_value_when_inner_years_are_not_listed() -> None:
    # a wide range whose years hold only its ends still has its ends from "1000/2000"
    wide = mention("1000–2000", "range", "1000/2000", {1000, 2000})
    assert claim_from_mention(wide) == TemporalClaim("", "range", 1000, 2000)
    assert score([span("1200–1300", 1200, 1300)], [wide])[0] == 1.0  # inside the context range


def test_bad_arguments_raise_type_error_naming_them() -> None:
    with pytest.raises(TypeError, match="answer_claims"):
        credit_claims("1995", [])
    with pytest.raises(TypeError, match=r"context_claims\[0\]\[0\]"):
        credit_claims([], [[1995]])


# --- NaN reasons that say what to do ---------------------------------------------------------------


def test_no_mention_at_all() -> None:
    assert no_claim_reason([]) == "answer makes no temporal claim"
    assert no_claim_reason([], side="query") == "query has no temporal focus"


def test_relative_mention_without_reference_date_names_the_fix() -> None:
    assert no_claim_reason([mention("last year", "relative", None)]) == (
        "'last year' needs a reference date: pass reference_date=... or a reference_date column")


def test_several_undated_kinds_are_each_explained() -> None:
    reason = no_claim_reason([
        mention("last year", "relative", None), mention("next month", "relative", None),
        mention("that spring", "anaphoric", None), mention("the Jurassic", "named_period", None),
    ])
    assert reason == (
        "'last year', 'next month' need a reference date: pass reference_date=... or a reference_date column; "
        "'that spring' needs an earlier date in the same text or a reference date: pass reference_date=... "
        "or a reference_date column; the years of 'the Jurassic' are unknown: nothing to check them against"
    )


def test_side_is_validated() -> None:
    with pytest.raises(ValueError, match="side"):
        no_claim_reason([], side="context")


# --- issue 19: claims at their own precision, the seed's verdicts -----------------------------------


def date(text: str, value: str) -> SimpleNamespace:
    year_ = int(value[:4])
    return mention(text, "date", value, {year_})


def verdicts(answer: list, *contexts: list) -> list[str]:
    credits = credit_claims(claims_from_mentions(answer), [claims_from_mentions(c) for c in contexts])
    return [c["verdict"] for c in claim_verdicts(credits)]


def test_seed_003_einstein_altered_day_scores_zero_and_names_the_stated_date() -> None:
    context = [date("14 March 1879", "1879-03-14")]
    assert score([date("20th March 1879", "1879-03-20")], context) == (
        0.0, "'20th March 1879' not supported: the contexts give 14 March 1879")
    assert score([date("14th March 1879", "1879-03-14")], context)[0] == 1.0


def test_altered_day_and_month_are_not_supported() -> None:
    assert score([date("Jan 25, 1967", "1967-01-25")], [date("January 15, 1967", "1967-01-15")]) == (
        0.0, "'Jan 25, 1967' not supported: the contexts give January 15, 1967")
    assert verdicts([date("April 1879", "1879-04")], [date("14 March 1879", "1879-03-14")]) == ["NOT_SUPPORTED"]


def test_a_finer_stated_date_supports_every_coarser_claim_that_contains_it() -> None:
    # 14 March 1879 lies inside March 1879, spring (March-May) 1879, Q1 1879, 1879 and the 1870s
    context = [date("14 March 1879", "1879-03-14")]
    coarser = [date("March 1879", "1879-03"), date("spring 1879", "1879-SP"), date("Q1 1879", "1879-Q1"),
               year("1879", 1879), decade("the 1870s", 1870)]
    assert verdicts(coarser, context) == ["SUPPORTED"] * 5


def test_quarters_and_seasons_against_other_quarters_and_months() -> None:
    assert score([date("the first quarter of 2020", "2020-Q1")], [date("Q3 2020", "2020-Q3")]) == (
        0.0, "'the first quarter of 2020' not supported: the contexts give Q3 2020")
    # October is autumn (September-November), not spring
    assert verdicts([date("the spring of 1987", "1987-SP")], [date("October 1987", "1987-10")]) == ["NOT_SUPPORTED"]
    assert verdicts([date("the autumn of 1987", "1987-FA")], [date("October 1987", "1987-10")]) == ["SUPPORTED"]


def test_a_claim_finer_than_the_context_is_partially_supported() -> None:
    # "20 March 1879" against "March 1879" or "1879": contained, not stated -> 1/2 each
    assert score([date("20 March 1879", "1879-03-20")], [date("March 1879", "1879-03")]) == (
        0.5, "'20 March 1879' partially supported: the contexts give March 1879")
    assert verdicts([date("20 March 1879", "1879-03-20")], [year("1879", 1879)]) == ["PARTIALLY_SUPPORTED"]
    # strictly inside a stated range: 1/2; an end of it: supported
    assert verdicts([year("2008", 2008), year("2009", 2009)], [span("(2007–2009)", 2007, 2009)]) == [
        "PARTIALLY_SUPPORTED", "SUPPORTED"]


def test_a_range_is_judged_by_its_ends_at_their_precision() -> None:
    context = [mention("March 3, 1990 to June 5, 1992", "range", "1990-03-03/1992-06-05", range(1990, 1993))]
    assert verdicts([span("1990–1992", 1990, 1992)], context) == ["SUPPORTED"]  # each year holds a stated end
    # one end moved by a day: that end not supported, the other supported -> partially supported
    moved = mention("March 3, 1990 to June 6, 1992", "range", "1990-03-03/1992-06-06", range(1990, 1993))
    assert score([moved], context) == (0.5, "'March 3, 1990 to June 6, 1992': only 1990 found")


def test_score_is_the_llm_modes_formula_over_the_verdicts() -> None:
    # supported + 1/2 partially supported + not supported over 3 claims = 0.5
    answer = [date("14 March 1879", "1879-03-14"), date("20 April 1955", "1955-04-20"), year("1921", 1921)]
    context = [date("14 March 1879", "1879-03-14"), date("18 April 1955", "1955-04-18"), span("1920–1922", 1920, 1922)]
    assert verdicts(answer, context) == ["SUPPORTED", "NOT_SUPPORTED", "PARTIALLY_SUPPORTED"]
    value, reason = score(answer, context)
    assert value == pytest.approx(0.5)
    assert reason == ("'20 April 1955' not supported: the contexts give 18 April 1955; "
                      "'1921' partially supported: inside 1920–1922")


def test_claim_verdicts_are_plain_values_in_answer_order() -> None:
    credits = credit_claims(claims_from_mentions([date("20 March 1879", "1879-03-20"), year("1879", 1879)]),
                            [claims_from_mentions([date("14 March 1879", "1879-03-14")])])
    assert claim_verdicts(credits) == [
        {"claim": "20 March 1879", "verdict": "NOT_SUPPORTED", "credit": 0.0, "note": "the contexts give 14 March 1879"},
        {"claim": "1879", "verdict": "SUPPORTED", "credit": 1.0, "note": ""},
    ]


# --- relative counts and times of day compared as values (plain records, no extractor) ----------


def relative(text: str, value: str, count: tuple) -> SimpleNamespace:
    return SimpleNamespace(text=text, kind="relative", value=value, years=frozenset(), relative=count)


def test_a_deictic_count_of_the_same_unit_decides_a_relative_claim() -> None:
    # "four months ago" against "three months ago" and "a year ago": the nearest count of months named
    claim = relative("four months ago", "UNDEF-this-month-MINUS-4", (True, "month", -4))
    context = [relative("three months ago", "UNDEF-this-month-MINUS-3", (True, "month", -3)),
               relative("a year ago", "UNDEF-this-year-MINUS-1", (True, "year", -1))]
    assert score([claim], context) == (0.0, "'four months ago' not supported: the contexts give three months ago")
    # the same count in other words: supported; counts from a text's own dates are compared with
    # the contexts' counts from their dates, never with counts from the moment of writing
    same = relative("4 months ago", "UNDEF-this-month-MINUS-4", (True, "month", -4))
    assert score([claim], [same])[0] == 1.0
    later = relative("four months later", "UNDEF-REF-month-PLUS-4", (False, "month", 4))
    assert score([later], [relative("a month later", "UNDEF-REF-month-PLUS-1", (False, "month", 1))]) == (
        0.0, "'four months later' not supported: the contexts give a month later")
    assert math.isnan(score([later], [relative("in a month", "UNDEF-this-month-PLUS-1", (True, "month", 1))])[0])
    # "that month" points back to a date: neither compared nor a count to compare with
    that = relative("that month", "UNDEF-REF-month", (False, "month", 0))
    assert math.isnan(score([that], [relative("a month later", "UNDEF-REF-month-PLUS-1", (False, "month", 1))])[0])
    assert math.isnan(score([later], [that])[0])


def test_a_time_of_day_is_compared_with_the_contexts_times() -> None:
    # answer "6.15am" at no named day; the context's "6:45am" lies on its stated day
    answer = SimpleNamespace(text="6.15am", kind="anaphoric", value=None, years=frozenset(), clock_time="XXXX-XX-XXT06:15")
    dated = mention("4 May 2011", "date", "2011-05-04", {2011})
    at = SimpleNamespace(**vars(mention("6:45am", "anaphoric", "2011-05-04T06:45", {2011})), clock_time="XXXX-XX-XXT06:45")
    context = claims_from_mentions([dated, at])
    assert len(context) == 1 and context[0].times == (("XXXX-XX-XXT06:45", "6:45am"),)  # one day, its time kept
    assert credit_claims(claims_from_mentions([answer]), [context])[0].note == "the contexts give 6:45am"
    assert score([answer], [at])[0] == 0.0 and math.isnan(score([answer], [dated])[0])
