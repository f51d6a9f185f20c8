"""Interpreters: turn one rule match into a mention reading (kind, normalised value, years).

Each rule in ``patterns.RULES`` names one function here. An interpreter receives the match's
groups (``Groups``, local names), the scan ``Context`` (text, reference date, current anchor)
and returns a ``Reading``, or ``None`` to reject the match (a number that is not a year).

Resolution policy (documented once, here):

* **deictic** expressions ("yesterday", "last year", "three years ago", "last Friday") resolve
  against the reference date only; without one the mention is kept with no years and HeidelTime's
  value for how far it lies from the moment of writing (``spans.relative_value``): "last year" and
  "a year ago" are ``UNDEF-this-year-MINUS-1``, "yesterday" ``UNDEF-this-day-MINUS-1``;
* **anaphoric** expressions ("the following year", "two years later", "that March", a bare
  "in March", "March 3", "the next day", clock times, "tonight"-style parts of day used without
  "this/last") resolve against the *anchor*: the last date earlier in the same text, whether
  written out ("in 2010") or itself resolved ("last year", "the following year", "in March");
  else against the reference date, else they keep no years and a value counted from the text's
  last date (``UNDEF-REF-year-MINUS-1`` for "the previous year", "the prior year" and "the year
  before"; ``UNDEF-REF-week-MINUS-1`` for "a week earlier" and "the week before"). So "Revenue fell last year and
  recovered the following year" (reference 2024-03-15) is 2023 then 2024, and "In 2010 ... The
  following year ... Two years later" is 2010, 2011, 2013. A resolved relative date anchors at
  its own granularity (year, month or day; quarters, decades and centuries leave the anchor as
  it was). A calendar name without a year (a month, day, quarter, season or fixed holiday) is
  tied to a year only where the text ties it (TimeML; ``Context.calendar_base_at``): a written
  date with a month before it ("On 3 May 1990 ... on 4 June" is 1990-06-04), a year written
  earlier in the same sentence ("In 2010, on June 4"), "that" ("that March"), else the reference
  date (or a context's own date); a year that merely appears in another sentence does not. Left
  untied, it keeps the year unknown: ``XXXX-06-04``, ``XXXX-03``, ``XXXX-Q2``, ``XXXX-SU``
  (``spans.read_yearless`` reads them). A tied name takes the base's year; when the base is the
  moment of writing (the reference date, a dateline equal to it, or a date found from it such
  as "last week") it moves back (or forward) one year if the sentence is in the past (or future) tense
  and the date would otherwise lie after (or before) the base: "was introduced in January"
  written in September 2005 is January 2005, "11 December" in a past-tense sentence written in
  January 2010 is December 2009. After another explicit date, narration moves forward from it:
  "On 22 June 1941 ... By December ..." is December 1941;
* in a report on a quarter (the last quarter the text named, not after the reference date's,
  within ``core.PERIOD_WINDOW`` characters) "a year ago", "a year earlier" and "the same period
  last year" are that quarter a year before (TimeBank: ``1988-Q3`` in a report on the third
  quarter of 1989) and, in the language tables, "no trimestre" is that quarter; with no quarter
  named they are years, as above;
* "the past/next N years|months|weeks|days" is a TIMEX3 DURATION (value ``P5Y``); its years are
  every calendar year touched by the span from N units before (or after) the base date to the
  base date: "the past 5 years" on 2019-03-03 covers 2014-2019;
* "now", "currently", "recently", "a few years ago" are TIMEX3 ``PRESENT_REF``/``PAST_REF``/
  ``FUTURE_REF``: mentions without years (a present-tense sentence does not claim a year);
* a bare weekday is the nearest such day to the reference date (ties and up to 4 days back go to
  the past: news reports past events); "this"/"coming" weekday is the next one (today included),
  "last"/"past" the previous one, "next" the first one after today. Without a reference date it is
  that weekday of an unknown week, TIMEX3 ``XXXX-WXX-6`` for "on Saturday" (ISO: Monday is 1).

>>> import datetime as dt
>>> from ragas_temporal.focus_time.extract import extract_focus_time
>>> sorted(extract_focus_time("the past 5 years", dt.date(2019, 3, 3)).years)
[2014, 2015, 2016, 2017, 2018, 2019]
"""

from __future__ import annotations

# One module per section of the rule table (``patterns.RULES``); the reading types they share are
# re-exported for the extractor.
from ragas_temporal.focus_time.interpret.anaphoric import (
    cjk_month_day,
    clock,
    day_anaphoric,
    month_bare,
    month_day,
    part_of_day_bare,
    unit_before_after,
    weekday_the_day,
)
from ragas_temporal.focus_time.interpret.calendar_names import cjk_part_of_year, discussed_quarter, easter, holiday, quarter, season
from ragas_temporal.focus_time.interpret.core import Anchor, Context, Groups, Interpreter, Reading, groups_of
from ragas_temporal.focus_time.interpret.dates import cjk_date, month_range, month_year, numeric_date, rare_date, short_date, ymd
from ragas_temporal.focus_time.interpret.deictic import (
    ago,
    cjk_ago,
    cjk_ref_word,
    cjk_relative_day,
    cjk_relative_unit,
    cjk_relative_year,
    cjk_weekday,
    day_relative,
    part_of_day,
    past_n,
    ref_word,
    same_period,
    unit_relative,
    weekday,
    year_ago_quarter,
    year_to_date,
)
from ragas_temporal.focus_time.interpret.periods import (
    century,
    decade_digits,
    decade_short,
    decade_words,
    named_period,
)
from ragas_temporal.focus_time.interpret.ranges import bracketed_range, date_range, era_range, from_range, year_range
from ragas_temporal.focus_time.interpret.years import (
    apostrophe_year,
    bare_year,
    cjk_era_year,
    era_year,
    fiscal_year,
    in_year,
    marked_year,
    the_year,
)
from ragas_temporal.focus_time.patterns import RULES

__all__ = [
    "Anchor",
    "Context",
    "Groups",
    "groups_of",
    "INTERPRETERS",
    "Interpreter",
    "Reading",
    "easter",
    "ago",
    "apostrophe_year",
    "bare_year",
    "bracketed_range",
    "cjk_ago",
    "cjk_relative_year",
    "cjk_date",
    "cjk_era_year",
    "cjk_month_day",
    "cjk_part_of_year",
    "cjk_ref_word",
    "cjk_relative_day",
    "cjk_relative_unit",
    "cjk_weekday",
    "century",
    "clock",
    "day_anaphoric",
    "day_relative",
    "date_range",
    "discussed_quarter",
    "decade_digits",
    "decade_short",
    "decade_words",
    "era_range",
    "era_year",
    "fiscal_year",
    "from_range",
    "holiday",
    "in_year",
    "marked_year",
    "month_bare",
    "month_day",
    "month_range",
    "month_year",
    "named_period",
    "numeric_date",
    "part_of_day",
    "part_of_day_bare",
    "past_n",
    "quarter",
    "rare_date",
    "ref_word",
    "same_period",
    "season",
    "short_date",
    "the_year",
    "unit_before_after",
    "unit_relative",
    "weekday",
    "weekday_the_day",
    "year_range",
    "year_to_date",
    "ymd",
]

#: Rule interpreter name -> function; every rule of the table must name one defined above.
INTERPRETERS: dict[str, Interpreter] = {rule.interpreter: globals()[rule.interpreter] for rule in RULES}
# readers only the language tables' rules name (their words come from a language's additions)
INTERPRETERS.update(discussed_quarter=discussed_quarter, same_period=same_period)
