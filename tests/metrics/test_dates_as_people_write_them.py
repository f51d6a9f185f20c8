"""Issue 34: TemporalFaithfulness judges a date at what it states, including what it leaves out.

Each row of the issue's table has a test here built from a new sentence of the same shape (not the
quoted one); the expected score and reason follow from the rules in scores/claims.py by hand.
"""

from __future__ import annotations

import asyncio
import json
import math
import time

import pytest
from ragas.dataset_schema import SingleTurnSample

from ragas_temporal import TemporalFaithfulness
from ragas_temporal.adapter.columns import TEXT_MAX_CHARS
from ragas_temporal.faithfulness.formula import UNVERIFIABLE
from ragas_temporal.llm.offline import offline_llm
from tests.support.readings import faithfulness


def verdicts(answer: str, contexts: list[str]) -> list[tuple[str, str, str]]:
    sample = SingleTurnSample(response=answer, retrieved_contexts=contexts)
    return [(v["claim"], v["verdict"], v["note"]) for v in TemporalFaithfulness().claim_verdicts(sample)]


# --- the table, a new sentence per row ------------------------------------------------


def test_a_day_without_a_year_matches_the_same_day_the_context_dates() -> None:
    # "until after june 4" / the same words: the context's day is tied to the year of the full
    # date before it; the answer's stays yearless, and the same month and day support it
    context = "On 2 March 2015 the city said the museum stays closed until after October 12."
    assert faithfulness("the museum stays closed until after october 12", [context]) == (
        1.0, "every temporal claim ('october 12') found in the retrieved contexts")


def test_a_year_elsewhere_in_the_answer_does_not_date_its_day() -> None:
    # "in an april 9 note": the answer's other year is in another sentence, so it does not tie
    answer = "The company was founded in 1998. the chief executive resigned in a november 3 letter."
    context = "In a November 3 letter, the chief executive resigned. The company was founded in 1998."
    assert faithfulness(answer, [context]) == (
        1.0, "every temporal claim ('1998', 'november 3') found in the retrieved contexts")


def test_a_different_day_without_a_year_is_not_supported_and_names_the_stated_day() -> None:
    # "alexandra palace on 29 april." against a different day: NaN before, now a verdict
    assert faithfulness("the band will play the arena on 17 october.", ["The band will play the arena on 18 October."]) == (
        0.0, "'17 october' not supported: the contexts give 18 October")
    assert faithfulness("The summit opens on June 5.", ["The summit opens on June 4 in Geneva."]) == (
        0.0, "'June 5' not supported: the contexts give June 4")


def test_an_invented_day_is_not_supported_although_its_year_is() -> None:
    # "passed away on March 8": the day is a claim of its own, not dropped
    answer = "The painter died on July 21. He was born in 1930."
    assert faithfulness(answer, ["The painter, born in 1930, died in Paris."]) == (
        0.5, "'July 21' not found in the retrieved contexts")


@pytest.mark.parametrize(
    ("answer", "context"),
    [
        ("Exports rose 4% on the previous year.", "Exports were 4% higher than in the prior year."),
        ("Rents were higher a week earlier.", "Rents were higher the week before."),
        ("Prices fell last year.", "Prices fell a year ago."),
    ],
)
def test_the_same_relative_date_in_other_words_is_supported(answer: str, context: str) -> None:
    value, reason = faithfulness(answer, [context])
    assert value == 1.0 and reason.startswith("every temporal claim")


def test_a_named_event_is_supported_by_a_date_inside_it() -> None:
    # "70 years since the end of World War II" against 1945: not half-supported for one end
    assert faithfulness("Eighty years after the First World War began.", ["The armistice was signed in 1918."]) == (
        1.0, "every temporal claim ('the First World War') found in the retrieved contexts")
    assert faithfulness("It happened during the First World War.", ["It happened in 1925."])[0] == 0.0


def test_a_relative_date_nothing_can_check_is_listed_as_unverifiable() -> None:
    # "the eurobasket 2017 next month": "next month" is not checked silently any more
    answer = "The 2019 World Cup starts next month."
    context = "The 2019 World Cup takes place in England."
    assert faithfulness(answer, [context]) == (
        1.0,
        "every temporal claim ('2019') found in the retrieved contexts; unverifiable, left out of the score: "
        "'next month' needs a reference date, and no context says the same",
    )
    assert verdicts(answer, [context]) == [
        ("2019", "SUPPORTED", ""),
        ("next month", UNVERIFIABLE, "needs a reference date, and no context says the same"),
    ]


@pytest.mark.parametrize(
    ("answer", "context", "claim"),
    [
        ("Q3 sales fell.", "Third-quarter sales fell 5%.", "Q3"),
        ("The vote is on May 14.", "The vote is on 14 May.", "May 14"),
        ("It opens in early September.", "It opens in September.", "in early September"),
        ("The council meets in the spring.", "The council met in April 2013.", "in the spring"),
        ("Revenue grew in the March quarter.", "Revenue grew in the first quarter.", "the March quarter"),
    ],
)
def test_quarters_days_and_months_without_a_year_are_judged(answer: str, context: str, claim: str) -> None:
    # "Q2", "March 21", "early March": NaN before ("answer makes no temporal claim")
    assert faithfulness(answer, [context]) == (1.0, f"every temporal claim ({claim!r}) found in the retrieved contexts")


# --- what the real summaries showed (benchmarks/real_summaries.py --misses) ----------------------


def test_a_relative_date_resolved_on_one_side_only_is_matched_by_its_words() -> None:
    # "the previous year" tied to the answer's own year, "the prior year" left unresolved by the
    # source (it counts from the reference date only): the same words, supported both ways round
    context = "In 2018, exports rose 3% over the prior year."
    assert faithfulness("In 2018 exports rose 3% on the previous year.", [context]) == (
        1.0, "every temporal claim ('2018', 'the previous year') found in the retrieved contexts")
    assert faithfulness("Exports rose 3% on the prior year.", ["In 2018 exports rose 3% on the previous year."]) == (
        1.0, "every temporal claim ('the prior year') found in the retrieved contexts")
    # resolved on both sides: compared in full (2017 is not the context's 2015)
    assert faithfulness("In 2018 exports rose on the year before.", ["In 2016 exports rose on the year before. In 2018 they fell."]) == (
        0.5, "'the year before' not found in the retrieved contexts")


@pytest.mark.parametrize(
    ("answer", "context", "claim"),
    [
        # nothing before "the next day" to count from: it counts from the moment of writing, as "tomorrow"
        ("The replacement arrives the next day.", "The replacement arrives tomorrow.", "the next day"),
        ("Prices are now higher.", "Prices are currently higher.", "now"),
        ("A new plant opens soon.", "A new plant opens next year.", "soon"),  # next year is in the future
        # no value at all ("the next 14 days" without a date): the same words say the same
        ("Sign up within the next 14 days for a discount.", "Discount if you sign up within the next 14 days.", "the next 14 days"),
        ("They met over the weekend.", "They met on Saturday.", "the weekend"),
    ],
)
def test_relative_and_vague_claims_are_compared_with_the_contexts_as_values(answer: str, context: str, claim: str) -> None:
    assert faithfulness(answer, [context]) == (1.0, f"every temporal claim ({claim!r}) found in the retrieved contexts")


def test_a_vague_or_weekend_claim_nothing_can_check_stays_out_of_the_score() -> None:
    value, reason = faithfulness("A new plant opens soon.", ["A plant opened last year."])  # the past: no check
    assert math.isnan(value) and reason == "'soon' names no particular year"
    value, reason = faithfulness("They met over the weekend.", ["They met in a cafe."])
    assert math.isnan(value) and reason == (
        "nothing to check: unverifiable, left out of the score: "
        "'the weekend' the contexts give no weekday or full date to check it against")
    assert faithfulness("They met over the weekend.", ["They met on Tuesday."]) == (
        0.0, "'the weekend' not supported: the contexts give on Tuesday")


def test_a_dated_claim_whose_day_and_year_the_context_states_apart_is_supported() -> None:
    # "August 2022" against "17 August last year ... December 2022": the month and the year are
    # both stated, and the context ties neither to the other
    assert faithfulness("The transfers began in May 2021.", ["The transfers began on 4 May last year and ran until December 2021."]) == (
        1.0, "every temporal claim ('May 2021') found in the retrieved contexts")
    assert faithfulness("Sales in the third quarter of 2020 rose.", ["Sales rose in 2020. Third-quarter sales rose 4%."])[0] == 1.0
    # the day without the year stays half
    assert faithfulness("The plant reopened in March 2016.", ["The plant reopened on 14 March."]) == (
        0.5, "'March 2016' partially supported: the contexts give 14 March")


def test_a_quarter_coordinated_with_a_relative_year_keeps_its_year_unknown() -> None:
    # "compared to the previous year and pre-pandemic first quarter": not that year's quarter
    answer = "Margins should hold through 2022, and profit rose against the year before and the pre-crisis third quarter."
    context = "Margins should hold through 2022. Profit rose 40% over the prior year and 12% over the pre-crisis third quarter of 2019."
    assert faithfulness(answer, [context]) == (
        1.0, "every temporal claim ('2022', 'the year before', 'third quarter') found in the retrieved contexts")


def test_a_lower_cased_month_and_day_is_read_and_checked() -> None:
    answer = "the board approved the plan in a march 12 memo ."
    assert faithfulness(answer, ["The board approved the plan in a March 12 memo."])[0] == 1.0
    assert faithfulness(answer, ["The board approved the plan in a March 19 memo."]) == (
        0.0, "'march 12' not supported: the contexts give March 19")


@pytest.mark.parametrize(
    ("answer", "context", "reason"),
    [
        # "36 years ago" against the source's "35 years ago": the same unit from the same moment, another count
        ("The bridge opened 40 years ago.", "The bridge, opened 45 years ago, is closing.",
         "'40 years ago' not supported: the contexts give 45 years ago"),
        ("The games return next year.", "The games return this year, after a break.",
         "'next year' not supported: the contexts give this year"),
        ("The storm hit three days ago.", "The storm, which hit two days ago, and last week's floods.",
         "'three days ago' not supported: the contexts give two days ago"),
    ],
)
def test_a_relative_date_counted_otherwise_than_the_contexts_is_not_supported(answer: str, context: str, reason: str) -> None:
    assert faithfulness(answer, [context]) == (0.0, reason)


def test_this_year_is_supported_by_this_month_inside_it() -> None:
    # as "2015" is supported by "March 2015": the present year holds the present month and day
    assert faithfulness("Ticket sales rose this year.", ["Ticket sales rose this month."]) == (
        1.0, "every temporal claim ('this year') found in the retrieved contexts")
    assert faithfulness("The mill reopens this week.", ["The mill reopens today, its owner said."])[0] == 1.0
    # the other way round the context only contains it: nothing finer to check it against
    assert math.isnan(faithfulness("Ticket sales rose this month.", ["Ticket sales rose this year."])[0])


def test_a_relative_date_of_another_unit_or_pointing_back_stays_unverifiable() -> None:
    # "last month" against "last year": no count of months to compare with, no flag
    value, reason = faithfulness("The fair closed last month.", ["The fair closed last year."])
    assert math.isnan(value) and reason == "'last month' needs a reference date: pass reference_date=... or a reference_date column"
    # "that week" points back to a date, any of the text's: nothing to compare it with
    value, reason = faithfulness("Shares had peaked that week.", ["Shares had peaked two weeks earlier."])
    assert math.isnan(value) and reason.startswith("'that week' needs an earlier date in the same text")
    # a count from the text's dates is not compared with one from the moment of writing
    value, reason = faithfulness("Shares had peaked three weeks earlier.", ["Shares had peaked two weeks ago."])
    assert math.isnan(value) and reason.startswith("'three weeks earlier' needs an earlier date in the same text")


def test_a_count_from_the_texts_dates_is_compared_with_the_contexts_counts_of_its_unit() -> None:
    # "three weeks earlier" against "two weeks earlier": another count of weeks, named
    assert faithfulness("Shares had peaked three weeks earlier.", ["Shares had peaked two weeks earlier."]) == (
        0.0, "'three weeks earlier' not supported: the contexts give two weeks earlier")
    # against the same count in other words, resolved from the context's own date: supported
    context = ["The museum opened in 1994. The following year it won a prize."]
    assert faithfulness("A year later it won a prize.", context) == (
        1.0, "every temporal claim ('A year later') found in the retrieved contexts")
    assert faithfulness("Two years later it won a prize.", context) == (
        0.0, "'Two years later' not supported: the contexts give The following year")


def test_a_weekday_is_checked_against_the_weekday_written_with_a_day_without_a_year() -> None:
    # "on monday evening" against the source's "Monday 8 June": the day has no year, its weekday is written
    context = "The ferry sank on Tuesday 14 March near the coast."
    assert faithfulness("The ferry sank on Tuesday evening.", [context]) == (
        1.0, "every temporal claim ('on Tuesday evening') found in the retrieved contexts")
    assert faithfulness("The ferry sank on Wednesday evening.", [context]) == (
        0.0, "'on Wednesday evening' not supported: the contexts give Tuesday 14 March")


def test_a_relative_weekend_is_supported_by_a_stated_weekend_or_saturday() -> None:
    # "over the coming weekend" against the source's "the weekend"
    assert faithfulness("The fair opens next weekend.", ["The fair opens on Saturday."]) == (
        1.0, "every temporal claim ('next weekend') found in the retrieved contexts")
    assert faithfulness("The fair opens this weekend.", ["The fair opens at the weekend."])[0] == 1.0
    # no weekend, Saturday or Sunday stated: nothing to check it against
    assert math.isnan(faithfulness("The fair opens this weekend.", ["The fair opens on Monday."])[0])


@pytest.mark.parametrize(
    ("answer", "context", "expected"),
    [
        # "7 pm" at no named day against the source's "7pm": times of day compared as values
        ("Doors open at 8 pm.", "Doors open at 8pm; the show starts at 9pm.",
         (1.0, "every temporal claim ('8 pm') found in the retrieved contexts")),
        ("Doors open at 8 pm.", "Doors open at 20:00 on 3 May 2016.",
         (1.0, "every temporal claim ('8 pm') found in the retrieved contexts")),
        ("Doors open at 9.30pm.", "Doors open at 8pm; the show starts at 9pm.",
         (0.0, "'9.30pm' not supported: the contexts give 9pm")),
    ],
)
def test_a_time_of_day_at_no_named_day_is_compared_with_the_contexts_times(answer: str, context: str, expected) -> None:
    assert faithfulness(answer, [context]) == expected


def test_a_time_the_context_ties_to_its_stated_day_still_checks_a_time_at_no_day() -> None:
    # "12.30am" on the source's "March 13, 2014" is that day (one claim) and keeps its time
    context = "On 2 May 2014 he went to bed at 11.30pm, the court heard."
    assert faithfulness("He said he went to bed at 11.30pm.", [context]) == (
        1.0, "every temporal claim ('11.30pm') found in the retrieved contexts")
    assert faithfulness("He said he went to bed at 10.30pm.", [context]) == (
        0.0, "'10.30pm' not supported: the contexts give 11.30pm")


def test_a_time_of_day_with_no_time_in_the_contexts_stays_unverifiable() -> None:
    assert math.isnan(faithfulness("Doors open at 8 pm.", ["Doors open early."])[0])
    assert verdicts("Doors open at 8 pm in 2016.", ["Doors opened early in 2016."]) == [
        ("8 pm", UNVERIFIABLE, "a time of day on a day nothing names, and no context gives a time"),
        ("2016", "SUPPORTED", ""),
    ]


# --- the rules behind them -------------------------------------------------------------------


def test_a_weekday_is_supported_by_a_full_date_that_falls_on_it() -> None:
    context = "The treaty was signed on 9 November 1989."  # a Thursday
    assert faithfulness("It was signed on Thursday.", [context])[0] == 1.0
    assert faithfulness("It was signed on Friday.", [context]) == (
        0.0, "'on Friday' not supported: the contexts give 9 November 1989")
    assert faithfulness("It was signed on Friday.", ["It was signed on Friday."])[0] == 1.0


def test_a_dated_day_against_the_same_day_without_a_year_is_partly_supported() -> None:
    # the context states the day, not the year
    assert faithfulness("It reopened on 12 October 2015.", ["It reopened on October 12."]) == (
        0.5, "'12 October 2015' partially supported: the contexts give October 12")


def test_a_day_inside_a_stated_month_without_a_year_is_partly_supported() -> None:
    assert faithfulness("It reopened on 12 October.", ["It reopened in October."]) == (
        0.5, "'12 October' partially supported: the contexts give in October")


def test_full_dates_on_both_sides_compare_in_full() -> None:
    answer = "On 3 May 1990 he left; on 4 June he came back."
    assert faithfulness(answer, ["He left on 3 May 1990 and came back on 4 June 1990."])[0] == 1.0
    # 4 June is tied to 1990 in the answer: 4 June 1991 does not support it
    assert faithfulness(answer, ["He left on 3 May 1990 and came back on 4 June 1991."]) == (
        0.5, "'4 June' not supported: the contexts give 3 May 1990")


def test_unverifiable_claims_in_hybrid_and_the_offline_judge() -> None:
    answer = "The painter died on July 21. He was born in 1930."
    context = ["The painter, born in 1930, died in Paris."]
    hybrid = TemporalFaithfulness(mode="hybrid", llm=offline_llm())
    value = asyncio.run(hybrid.ascore(response=answer, retrieved_contexts=context)).value
    assert value == 0.5  # the date rules reject the day without a call; the judge keeps 1930
    llm = TemporalFaithfulness(mode="llm", llm=offline_llm())
    assert asyncio.run(llm.ascore(response="The shop reopens on June 5.", retrieved_contexts=["The shop reopens on June 4."])).value == 0.0
    assert asyncio.run(llm.ascore(response="The shop reopens on June 4.", retrieved_contexts=["The shop reopens on June 4."])).value == 1.0


# --- bad input: a reason, never a traceback --------------------------------------------------


def test_a_weekday_or_quarter_with_no_context_date_gets_a_reason() -> None:
    # nothing to check a weekday against: unverifiable, never flagged (NaN when it is alone)
    value, reason = faithfulness("They met on Tuesday.", ["They met in a cafe."])
    assert math.isnan(value)
    assert reason == (
        "nothing to check: unverifiable, left out of the score: "
        "'on Tuesday' the contexts give no weekday or full date to check it against"
    )
    assert faithfulness("They met on Tuesday in 2019.", ["They met in a cafe in 2019."])[0] == 1.0
    assert faithfulness("Q2 revenue fell.", ["Revenue fell."]) == (0.0, "'Q2' not found in the retrieved contexts")


def test_february_30_gets_a_reason() -> None:
    value, reason = faithfulness("The law took effect on February 30.", ["The law took effect in 2001."])
    assert math.isnan(value) and reason == "answer makes no temporal claim"


def test_nothing_checkable_is_nan_naming_what_was_found() -> None:
    value, reason = faithfulness("It fell the year before.", ["It fell in 2001."])
    assert math.isnan(value)
    assert reason == (
        "'the year before' needs an earlier date in the same text or a reference date: "
        "pass reference_date=... or a reference_date column"
    )


def test_a_yearless_date_in_a_1_mb_answer_is_scored_in_bounded_time() -> None:
    sentence = "Trading resumed on October 2 after the halt. "
    # about 1 MB, just under the cap on one text (a longer one is NaN with the cap in its reason)
    answer = sentence * (TEXT_MAX_CHARS // len(sentence))
    started = time.process_time()
    value, reason = faithfulness(answer, ["Trading resumed on 2 October 2008."])
    assert value == 1.0 and json.dumps(reason)
    assert time.process_time() - started < 60
