"""Consistency across answers: the same question asked several times (or paraphrased), the same years?

ragas scores samples one by one, so a sample cannot see the other answers of its group by itself.
Two ways in:

- :func:`temporal_consistency_report` (dataset level): groups the rows by a column
  (``user_input``, or a ``group`` id), one row per group with the mean pairwise Jaccard of the
  answers' years, the years every answer states and the years they disagree on;
- :class:`TemporalConsistency` (per sample, works in ``ragas.evaluate``): the metric is given the
  groups through ``group_answers`` (a mapping key -> the group's answers, or a callable(sample) ->
  answers) and scores each sample against the *other* answers of its group (its own answer is
  taken out once). :meth:`TemporalConsistency.from_rows` builds that channel from the dataset.

>>> rows = [{"user_input": "When did Lehman fail?", "response": r}
...         for r in ("In 2008.", "In September 2008.", "In 2009.")]
>>> report = temporal_consistency_report(rows)
>>> report[["n_answers", "temporal_consistency", "disagreeing_years"]].values.tolist()
[[3, 0.3333333333333333, '2008, 2009']]
"""

from __future__ import annotations

import typing as t
from collections.abc import Hashable, Mapping
from dataclasses import dataclass

from ragas.dataset_schema import SingleTurnSample

from ragas_temporal import scores
from ragas_temporal.consistency import formula
from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.adapter.base import Case, Failed, Outcome, ScorerFactory, TemporalMetric, to_date
from ragas_temporal.adapter.parameters import Constraint, callable_or_none, required

if t.TYPE_CHECKING:
    import pandas as pd

__all__ = ["TemporalConsistency", "temporal_consistency_report", "GroupAnswers"]

#: The channel of a sample's group: a mapping group key -> the group's answers, or a callable.
GroupAnswers = t.Union[
    t.Mapping[Hashable, t.Sequence[str]], t.Callable[[SingleTurnSample], t.Optional[t.Sequence[str]]]
]
REPORT_COLUMNS = ("group", "n_answers", "temporal_consistency", "reason", "years_in_all", "disagreeing_years")


@dataclass(frozen=True)
class GroupConsistency:
    """Mean Jaccard of this answer's years with the other answers of its group (from the metric's channel)."""

    others_of: t.Callable[[t.Any], t.Union[t.Sequence[str], Failed]]
    columns: tuple[str, ...] = ("response",)
    focus_of: tuple[str, ...] = ("response",)
    calls_llm: bool = False

    async def score(self, case: Case) -> Outcome:
        others = self.others_of(case.sample)
        if isinstance(others, Failed):
            return others
        # the other answers are no column of this sample: read as the sample's answer was
        read = [extract_focus_time(text, case.reference_date).years for text in others]
        return formula.consistency_with_others(case.answer.years, read)

def _mapping_or_callable(value: object) -> t.Any:
    if not isinstance(value, Mapping) and not callable(value):
        raise ValueError(f"group_answers must be a mapping or a callable, got {type(value).__name__}")
    return value


@dataclass
class TemporalConsistency(TemporalMetric):
    """Do the other answers to this sample's question state the same years? Mean Jaccard with each.

    ``mean over the other answers o of |Y ∩ Y_o| / |Y ∪ Y_o|`` with ``Y`` the focus time of this
    sample's ``response``; a pair where neither states a year agrees. The group's answers come
    through ``group_answers`` (see the module docstring); the sample's own response is removed from
    them once. ``NaN`` when the channel has no group for the sample, the group has no other answer,
    or no answer states a year.

    Columns: ``user_input`` (the default group key), ``response``.

    Parameters
    ----------
    group_answers : mapping key -> list of str, or callable(sample) -> list of str | None
        Required. The answers of each group (this sample's included or not).
    group_key : callable(sample) -> key, optional
        The key of a sample's group in a ``group_answers`` mapping; default ``sample.user_input``.
    mode : {"focus_time"}
    reference_date : None, date, ISO str or callable(sample) -> date | str | None
    name : str, default "temporal_consistency"

    Examples
    --------
    >>> import asyncio
    >>> metric = TemporalConsistency(group_answers={"When?": ["In 2008.", "In 2008 and 2009.", "2010"]})
    >>> r = asyncio.run(metric.ascore(user_input="When?", response="In 2008."))
    >>> r.value, r.reason
    (0.25, 'mean Jaccard with 2 other answers; not in every other answer: 2008; only in others: 2009, 2010')
    """

    group_answers: t.Optional[GroupAnswers] = None
    group_key: t.Optional[t.Callable[[SingleTurnSample], Hashable]] = None

    _base_name: t.ClassVar[str] = "temporal_consistency"
    _parameter_constraints: t.ClassVar[t.Mapping[str, Constraint]] = {
        "group_answers": required(
            _mapping_or_callable,
            "group_answers= (a mapping group key -> answers, or a callable(sample) -> answers); "
            "TemporalConsistency.from_rows(rows, group_by=...) builds it from a dataset",
        ),
        "group_key": callable_or_none("group_key", "a callable(sample) -> key"),
    }
    _mode_scorers: t.ClassVar[t.Mapping[str, ScorerFactory]] = {
        "focus_time": lambda metric: GroupConsistency(metric._other_answers, ("user_input", "response")),
    }

    def _other_answers(self, sample: SingleTurnSample) -> list[str] | Failed:
        if isinstance(self.group_answers, Mapping):
            key = self.group_key(sample) if self.group_key is not None else sample.user_input
            answers = self.group_answers.get(key)
            where = f"group {key!r}"
        else:
            answers = self.group_answers(sample)  # type: ignore[operator]
            where = "this sample's group"
        if answers is None:
            return Failed.input(f"group_answers has no answers for {where}: add the group's answers to it")
        if isinstance(answers, str) or not all(isinstance(a, str) for a in answers):
            return Failed.input(f"group_answers for {where} must be a list of answer strings")
        others = list(answers)
        if sample.response in others:
            others.remove(sample.response)
        return others

    @classmethod
    def from_rows(cls, rows: t.Any, group_by: str = "user_input", **kwargs: t.Any) -> "TemporalConsistency":
        """The metric with ``group_answers`` built from a dataset's rows grouped by ``group_by``.

        With ``group_by="user_input"`` the groups are keyed by the question. With another column
        (a ``group`` id, which ragas drops from samples), a sample finds its group by its
        ``(user_input, response)`` pair.

        >>> rows = [{"user_input": "q1", "response": "In 2008.", "group": 1},
        ...         {"user_input": "q1 again", "response": "In 2009.", "group": 1}]
        >>> metric = TemporalConsistency.from_rows(rows, group_by="group")
        >>> metric.score(user_input="q1", response="In 2008.").value
        0.0
        """
        groups = _group_rows(rows, group_by)
        answers = {key: [row.get("response") for row in members] for key, members in groups.items()}
        if group_by == "user_input":
            return cls(group_answers=answers, **kwargs)
        index = {(row.get("user_input"), row.get("response")): key for key, members in groups.items() for row in members}
        return cls(
            group_answers=answers,
            group_key=lambda sample: index.get((sample.user_input, sample.response)),
            **kwargs,
        )


def _group_rows(rows: t.Any, group_by: str) -> dict[Hashable, list[dict]]:
    from ragas_temporal.adapter.dataset_scoring import dataset_rows  # it imports the metric classes

    listed = dataset_rows(rows)
    if listed and not any(group_by in row for row in listed):
        raise ValueError(f"group_by={group_by!r} is not a column of the rows; columns: {sorted(listed[0])}")
    groups: dict[Hashable, list[dict]] = {}
    for row in listed:
        key = row.get(group_by)
        if key is None:
            continue
        try:
            groups.setdefault(key, []).append(row)
        except TypeError:
            raise ValueError(f"group_by={group_by!r} values must be hashable (str, int), got {type(key).__name__}") from None
    return groups


def temporal_consistency_report(
    rows: t.Any, group_by: str = "user_input", reference_date: t.Any = None
) -> pd.DataFrame:
    """One row per group: how consistently its answers state the same years.

    Columns: ``group``, ``n_answers``, ``temporal_consistency`` (mean pairwise Jaccard of the
    answers' focus times, :func:`ragas_temporal.consistency.formula.temporal_consistency`), ``reason``,
    ``years_in_all`` and ``disagreeing_years`` (years some answers state and others do not).
    Rows without a string ``response`` are left out and counted in the reason; a row's own
    ``reference_date`` field overrides ``reference_date``. A group with one answer is NaN.
    """
    import pandas as pd

    default_date = to_date(reference_date, "reference_date")
    out = []
    for key, members in _group_rows(rows, group_by).items():
        years = []
        skipped = 0
        for row in members:
            response = row.get("response")
            if not isinstance(response, str) or not response.strip():
                skipped += 1
                continue
            try:
                date = to_date(row["reference_date"], "reference_date") if row.get("reference_date") else default_date
            except ValueError:
                skipped += 1
                continue
            years.append(extract_focus_time(response, date).years)
        score = formula.temporal_consistency(years)
        reason = score.reason + (f"; {skipped} row(s) without a readable response or date left out" if skipped else "")
        every = frozenset.intersection(*years) if years else frozenset()
        some = frozenset().union(*years) - every if years else frozenset()
        out.append({
            "group": key,
            "n_answers": len(years),
            "temporal_consistency": score.value,
            "reason": reason,
            "years_in_all": scores.format_years(every),
            "disagreeing_years": scores.format_years(some),
        })
    return pd.DataFrame(out, columns=list(REPORT_COLUMNS))
