"""The extractor's fast paths build the same values as the public constructors.

``new_mention`` and ``FocusTime.from_mentions`` skip the frozen dataclass ``__init__`` for speed;
``Groups.first_present`` finds which entry of a table rule matched in one pass. Each is checked
against the slow, obvious form.
"""

import dataclasses
import pickle

import pytest

from ragas_temporal.focus_time.interpret.core import Groups
from ragas_temporal.focus_time.model import FocusTime, TemporalMention, new_mention
from ragas_temporal.focus_time.patterns import HOLIDAY_GROUPS, HOLIDAYS, NAMED_PERIOD_GROUPS, RULE_REGEX


def _mention(start=3, end=7, text="2008", kind="year", value="2008", years=frozenset({2008})):
    return TemporalMention(start, end, text, kind, value, years)


def test_new_mention_is_the_dataclass_value():
    fast = new_mention(3, 7, "2008", "year", "2008", frozenset({2008}))
    slow = _mention()
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert dataclasses.asdict(fast) == dataclasses.asdict(slow)
    assert fast.start_year == 2008 and fast.to_dict()["years"] == [2008]


def test_new_mention_stays_frozen():
    fast = new_mention(0, 4, "2008", "year", "2008", frozenset({2008}))
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.start = 1  # type: ignore[misc]


def test_from_mentions_without_mentions_is_the_empty_focus_time():
    assert FocusTime.from_mentions([]) == FocusTime()
    assert FocusTime.from_mentions(iter(())).years == frozenset()
    assert not FocusTime.from_mentions(())


def test_from_mentions_unions_years_in_order():
    a = _mention(0, 4, "2008", "year", "2008", frozenset({2008}))
    b = _mention(9, 18, "2010-2012", "range", "2010/2012", frozenset({2010, 2011, 2012}))
    ft = FocusTime.from_mentions([a, b])
    assert ft.years == frozenset({2008, 2010, 2011, 2012})
    assert ft.mentions == (a, b)
    assert ft == FocusTime(years=frozenset({2008, 2010, 2011, 2012}), mentions=(a, b))


def test_from_mentions_of_one_mention_with_a_mutable_year_set_is_still_immutable():
    years = {1995}
    ft = FocusTime.from_mentions([_mention(years=years)])  # a user's mention built with a set
    years.add(1996)
    assert ft.years == frozenset({1995})
    assert isinstance(ft.years, frozenset)


def test_from_mentions_builds_a_frozen_picklable_focus_time_like_the_constructor():
    a, b = _mention(0, 4), _mention(9, 13, "2010", "year", "2010", frozenset({2010}))
    fast = FocusTime.from_mentions([a, b])
    slow = FocusTime(years=frozenset({2008, 2010}), mentions=(a, b))
    assert type(fast) is FocusTime and fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert pickle.loads(pickle.dumps(fast)) == slow
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.years = frozenset()  # type: ignore[misc]


def test_from_mentions_on_a_subclass_builds_the_subclass():
    @dataclasses.dataclass(frozen=True, slots=True)
    class Tagged(FocusTime):
        pass

    ft = Tagged.from_mentions([_mention()])
    assert type(ft) is Tagged and ft.years == frozenset({2008})
    assert type(Tagged.from_mentions([])) is Tagged


@pytest.mark.parametrize(
    ("text", "date"),
    [("Christmas Eve", (12, 24)), ("Christmas", (12, 25)), ("Boxing Day", (12, 26)), ("Halloween", (10, 31))],
)
def test_first_present_names_the_holiday_that_matched(text, date):
    match = RULE_REGEX["holiday"].match(text)
    index = Groups(match).first_present(HOLIDAY_GROUPS)
    assert HOLIDAYS[index][1] == date
    # the slow form: the first group of the table that took part
    assert index == next(i for i, name in enumerate(HOLIDAY_GROUPS) if match.group(name) is not None)


def test_first_present_is_minus_one_when_no_named_group_took_part():
    match = RULE_REGEX["holiday"].match("Christmas")
    assert Groups(match).first_present(NAMED_PERIOD_GROUPS) == -1  # the holiday rule has no p<i> groups
