"""A reference date at the calendar's edge: "next year" on 9999-12-31 or "yesterday" on 0001-01-01
has no year, and the NaN reason says that the date falls outside the calendar, not that a reference
date is missing (one was given)."""

from __future__ import annotations

import asyncio
import datetime as dt
import math
from types import SimpleNamespace

import pytest

from ragas_temporal.metrics import AnswerTemporalRecall, TemporalFaithfulness, TemporalPrecisionAtK
from ragas_temporal.scores.year_sets import no_claim_reason

CTX = ["Prices rose in 2019."]


@pytest.mark.parametrize(("text", "date"), [("It ends next year.", "9999-12-31"), ("It ended yesterday.", "0001-01-01"),
                                            ("It ends tomorrow.", "9999-12-31")])
def test_faithfulness_says_the_date_falls_outside_the_calendar(text, date):
    r = asyncio.run(TemporalFaithfulness(reference_date=date).ascore(response=text, retrieved_contexts=CTX))
    assert math.isnan(r.value)
    said = text.split(" ", 2)[2].rstrip(".")
    assert r.reason == f"'{said}' falls outside the calendar from the reference date {date}"


def test_query_side_and_llm_free_scorers_say_it_too():
    r = asyncio.run(TemporalPrecisionAtK(k=1, reference_date="9999-12-31").ascore(
        user_input="What happens next year?", retrieved_contexts=CTX))
    assert r.reason == "query has no temporal focus: 'next year' falls outside the calendar from the reference date 9999-12-31"
    r = asyncio.run(AnswerTemporalRecall().ascore(
        user_input="What happens next year?", response="In 2019.", reference_date="9999-12-31"))
    assert r.reason == "query has no temporal focus: 'next year' falls outside the calendar from the reference date 9999-12-31"


def test_without_a_reference_date_the_reason_still_asks_for_one():
    r = asyncio.run(TemporalFaithfulness().ascore(response="It ends next year.", retrieved_contexts=CTX))
    assert r.reason == "'next year' needs a reference date: pass reference_date=... or a reference_date column"


def test_the_pure_reason_reads_the_date_it_is_given():
    undated = [SimpleNamespace(text="next year", kind="relative", value=None, years=frozenset())]
    assert no_claim_reason(undated, reference_date=dt.date(9999, 12, 31)) == (
        "'next year' falls outside the calendar from the reference date 9999-12-31")
    # a vague relative time names no year whatever the date: it needs no date, it needs a year
    vague = [SimpleNamespace(text="recently", kind="relative", value="PAST_REF", years=frozenset())]
    assert no_claim_reason(vague, reference_date=dt.date(2020, 1, 1)) == "'recently' names no particular year"
