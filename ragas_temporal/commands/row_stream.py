"""``evaluate``'s local run, a batch of rows at a time: memory holds one batch, whatever the row count.

Two passes over the data: the first (:func:`survey`) learns what the run must know before it
scores (row count, columns, ids, written forms, group answers' fingerprints), so a bad column is
refused before any judge call; the second (:class:`StreamedRun`) scores, keeps, writes and sums
one batch at a time.

>>> import argparse
>>> facts = survey([[{"id": 1, "response": "In 2008."}], [{"id": 2, "response": None}]], check_written=False)
>>> facts.rows, facts.columns, sorted(facts.filled), facts.all_have_id
(2, ['id', 'response'], ['id', 'response'], True)
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import math
import sys
import typing as t

from ragas_temporal.commands.failures import cause_of

__all__ = ["DataFacts", "survey", "Tally", "StreamedRun", "MAX_DISTINCT_REASONS"]

#: Distinct failure reasons a :class:`Tally` counts per metric (beyond them only known ones are
#: counted): a run where every row fails with its own reason keeps bounded memory.
MAX_DISTINCT_REASONS = 10_000


@dataclasses.dataclass
class DataFacts:
    """What the first pass over the data learnt (see :func:`survey`)."""

    rows: int = 0
    #: every column name, in order of first appearance (the output's input columns)
    columns: list[str] = dataclasses.field(default_factory=list)
    #: the columns that hold a value (not None) in some row
    filled: set[str] = dataclasses.field(default_factory=set)
    all_have_id: bool = True
    #: group value -> fingerprint of its answers (``partial_output.GroupAnswers``), with ``group_by``
    groups: dict = dataclasses.field(default_factory=dict)


def survey(batches: t.Iterable[t.Sequence[dict]], check_written: bool, group_by: str | None = None) -> DataFacts:
    """One pass over the rows: :class:`DataFacts`; with ``check_written``, every value's written
    form is checked (``data.writers.UnwritableValue`` names the first column no format holds)."""
    from ragas_temporal.commands.partial_output import ID_COLUMN, GroupAnswers
    from ragas_temporal.data.writers import record_form
    from ragas_temporal.adapter.columns import printable_text

    facts = DataFacts()
    names: dict[str, None] = {}
    answers = GroupAnswers(group_by) if group_by is not None else None
    for batch in batches:
        if answers is not None:
            answers.add(batch)
        for row in batch:
            facts.rows += 1
            for key, value in row.items():
                names.setdefault(str(key), None)
                if value is not None:
                    facts.filled.add(key)
            facts.all_have_id = facts.all_have_id and row.get(ID_COLUMN) is not None
            if check_written:
                record_form({key: printable_text(value) for key, value in row.items()})
    facts.columns = list(names)
    facts.all_have_id = facts.all_have_id and facts.rows > 0
    facts.groups = answers.prints() if answers is not None else {}
    return facts


class Tally:
    """The run's per-metric sums, row by row, in place of a frame of every row's scores.

    >>> from ragas_temporal.metrics import TemporalFaithfulness
    >>> tally = Tally([TemporalFaithfulness()])
    >>> tally.add({"temporal_faithfulness": 1.0, "temporal_faithfulness_reason": "ok", "temporal_faithfulness_failure": None})
    >>> tally.add({"temporal_faithfulness": None, "temporal_faithfulness_reason": "LLM call failed: timeout",
    ...            "temporal_faithfulness_failure": "judge"})
    >>> tally.rows, tally.judge_failures(), tally.failed_everywhere()
    (2, Counter({'LLM call failed: timeout': 1}), None)
    """

    def __init__(self, metrics: t.Sequence[t.Any]) -> None:
        from ragas_temporal.adapter.base import JUDGE_FELL_BACK
        from ragas_temporal.adapter.dataset_scoring import score_columns

        self._fell_back = JUDGE_FELL_BACK
        self.metrics = list(metrics)
        self._columns = [score_columns(m) for m in self.metrics]
        self.rows = 0
        self._sums = [0.0] * len(self.metrics)
        self._scored = [0] * len(self.metrics)
        self._failed: list[collections.Counter] = [collections.Counter() for _ in self.metrics]
        self._nan_reasons: list[collections.Counter] = [collections.Counter() for _ in self.metrics]
        self._judge_failed: collections.Counter = collections.Counter()
        self.fallbacks = 0

    def add(self, fields: t.Mapping[str, t.Any]) -> None:
        """One row's score columns (``outcome_fields``, or their written form from a partial file)."""
        self.rows += 1
        for j, (value_column, reason_column, failure_column) in enumerate(self._columns):
            value, reason, failure = fields.get(value_column), fields.get(reason_column), fields.get(failure_column)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and not math.isnan(value):
                self._sums[j] += value
                self._scored[j] += 1
            elif reason is not None:
                _count(self._nan_reasons[j], cause_of(reason))
            if failure == self._fell_back:  # scored by its dates: no failure of the row
                self.fallbacks += 1
            elif failure is not None:
                _count(self._failed[j], " ".join(str(reason).split()))
                if failure == "judge":
                    _count(self._judge_failed, reason)

    def summary_table(self) -> str:
        """The per-metric summary the command prints (``commands.summary.format_summary``)."""
        from ragas_temporal.commands.failures import most_common_cause
        from ragas_temporal.commands.summary import format_summary

        return format_summary([
            (m.name, self._sums[j] / self._scored[j] if self._scored[j] else None, self._scored[j], self.rows,
             most_common_cause(self._nan_reasons[j]) if self._nan_reasons[j] else None)
            for j, m in enumerate(self.metrics)
        ])

    def judge_failures(self) -> collections.Counter:
        """How often each reason occurs among the rows whose LLM judgement failed (failure kind "judge")."""
        return collections.Counter(self._judge_failed)

    def failed_everywhere(self) -> tuple[str, str] | None:
        """``(metric name, most common cause)`` of the first metric that scored no row and failed on
        some (the others' scores being undefined, e.g. no temporal claim), else None."""
        from ragas_temporal.commands.failures import most_common_cause

        for j, m in enumerate(self.metrics):
            if self._failed[j] and not self._scored[j]:
                return m.name, most_common_cause(self._failed[j].elements())
        return None


def _number(value: t.Any) -> t.Any:
    """A score read back from an output file: a number, or None."""
    try:
        return None if value is None or isinstance(value, bool) else float(value)
    except (TypeError, ValueError):
        return None


def _count(counter: collections.Counter, reason: t.Any) -> None:
    if reason in counter or len(counter) < MAX_DISTINCT_REASONS:
        counter[reason] += 1


#: ``score(batches, on_batch, on_row, total) -> JudgeUsage | None``: the command's call of
#: ``dataset_scoring.score_batches`` (its concurrency, progress bar and debug log).
Scorer = t.Callable[..., t.Any]


class StreamedRun:
    """One local run of ``evaluate``: batches of rows scored, written and summed as they finish.

    ``batches()`` gives the data's batches again on each call (the second pass; a third one on
    resume, to count the held rows). :attr:`tally` holds the sums, :attr:`finished` the rows of
    this input whose scores are kept (held or new), for the line a stopped run prints.
    """

    def __init__(self, batches: t.Callable[[], t.Iterable[list[dict]]], facts: DataFacts, metrics: t.Sequence[t.Any],
                 args: argparse.Namespace, judged: bool, settings: t.Mapping[str, t.Any]) -> None:
        from ragas_temporal.adapter.columns import SAMPLE_COLUMNS
        from ragas_temporal.adapter.dataset_scoring import (
            LANGUAGE_FIELD,
            REFERENCE_DATE_FIELD,
            score_columns,
            verdict_columns,
        )

        self.batches, self.facts, self.metrics, self.args = batches, facts, list(metrics), args
        self.judged, self.settings = judged, settings
        self.tally = Tally(self.metrics)
        self._held_here = 0
        self._output: t.Any = None
        # whatever changes a score is in the key; a metric comparing a group's answers reads the group's rows too
        self._key_fields = [*SAMPLE_COLUMNS, REFERENCE_DATE_FIELD, LANGUAGE_FIELD, args.group_by]
        grouped = any(getattr(m, "group_answers", None) is not None for m in self.metrics)
        self._group_by = args.group_by if grouped else None
        self._verdicts = bool(args.output and getattr(args, "verdicts", False))
        scored = [c for m in self.metrics for c in score_columns(m)]
        self._scored = scored
        verdicts = list(verdict_columns([], self.metrics)) if self._verdicts else []
        # an input column named like a metric's (scoring an output again) is overwritten where it stands
        self.columns = list(dict.fromkeys([*facts.columns, *scored, *verdicts]))

    def run(self, score: Scorer) -> t.Any:
        """Score every row (``score`` runs the batches), write ``--output``; returns the judge usage."""
        if not self.args.output:
            return score(self.batches(), self._sum_batch, None, self.facts.rows)
        from ragas_temporal.commands.partial_output import PartialOutput
        from ragas_temporal.data.writers import RowsWriter

        with PartialOutput(self.args.output, self.settings) as output:  # the lock: one run per output
            stored: t.Mapping[str, tuple[t.Any, dict]] = {}
            if self.judged:
                stored = output.start(self.args.resume)
                self._output = output
                if stored:
                    self._held_here = self._count_held(output, stored)
                    if self._held_here:
                        print(f"resuming: {self._held_here:,} of {self.facts.rows:,} rows already scored in {output.partial.name}")
                elif self.args.resume and output.complete_output(self._same_as_output()):
                    self._tally_output()
                    output.finish()
                    return None
            elif self.args.resume:
                print("note: no metric calls a judge, so no row was kept to resume: scoring every row", file=sys.stderr)
            with RowsWriter(self.args.output, self.columns) as writer:
                usage = self._write_batches(score, output if self.judged else None, stored, writer)
                self._writing(output, writer.commit)
            if self.judged:
                output.finish()
        return usage

    def _writing(self, output: t.Any, call: t.Callable[[], None]) -> None:
        """``call()``, a write of ``OUT``; on a judged run an ``OSError`` (a full disk) says that the
        partial file keeps the finished rows (``PartialOutput.output_failed``)."""
        try:
            call()
        except OSError as exc:
            if not self.judged:
                raise
            raise output.output_failed(exc) from None

    @property
    def finished(self) -> int:
        """Rows of this input whose scores are kept in the partial output (held, or added by this run)."""
        return self._held_here + (self._output.added if self._output is not None else 0)

    def _identities(self, batch: list[dict], seen: collections.Counter) -> tuple[list[str], list[str]]:
        """The batch's row keys and fingerprints (``partial_output.row_identities``)."""
        from ragas_temporal.commands.partial_output import row_identities

        return row_identities(batch, self._key_fields, self._group_by, use_id=self.facts.all_have_id, seen=seen,
                              groups=self.facts.groups)

    def _count_held(self, output: t.Any, stored: t.Mapping[str, tuple[t.Any, dict]]) -> int:
        """Rows of this input the partial file holds with unchanged data (and a note for the changed ones)."""
        seen: collections.Counter = collections.Counter()
        held = changed = 0
        for batch in self.batches():
            reused, dropped = output.reusable(stored, *self._identities(batch, seen))
            held, changed = held + len(reused), changed + dropped
        output.say_changed(changed)
        return held

    def _input_records(self, batch: list[dict]) -> list[dict]:
        """The batch's input columns (and claim verdicts) in their written form, as ``OUT`` holds them."""
        from ragas_temporal.data.writers import record_form
        from ragas_temporal.adapter.columns import printable_text
        from ragas_temporal.adapter.dataset_scoring import verdict_columns

        verdicts = verdict_columns(batch, self.metrics) if self._verdicts else {}
        records = []
        for i, row in enumerate(batch):
            record = record_form({key: printable_text(value) for key, value in row.items()})
            for name, values in verdicts.items():
                record.update(record_form({name: values[i]}))
            records.append(record)
        return records

    def _same_as_output(self) -> t.Iterator[bool]:
        """Row by row, whether ``OUT`` holds it with this run's columns and input values; a
        ``False`` where one of them has rows the other has not."""
        from pathlib import Path

        from ragas_temporal.data.readers import iter_row_batches
        from ragas_temporal.data.writers import record_form

        wanted = set(self.columns)
        scored = set(self._scored)
        back = (row for batch in iter_row_batches(Path(self.args.output)) for row in batch)
        for batch in self.batches():
            for row in self._input_records(batch):
                written = next(back, None)
                if written is None or set(written) != wanted:
                    yield False
                    return
                written = record_form(written)
                yield all(written.get(c) == row.get(c) for c in self.columns if c not in scored)
        if next(back, None) is not None:  # OUT has more rows than the data
            yield False

    def _tally_output(self) -> None:
        """The summary of a finished run, from ``OUT``'s score columns."""
        from pathlib import Path

        from ragas_temporal.data.readers import iter_row_batches
        from ragas_temporal.data.writers import record_form

        values = {m.name for m in self.metrics}
        for batch in iter_row_batches(Path(self.args.output)):
            for row in batch:
                fields = record_form({c: row.get(c) for c in self._scored})
                for name in values:  # a CSV holds the scores as text
                    fields[name] = _number(fields.get(name))
                self.tally.add(fields)

    def _write_batches(self, score: Scorer, output: t.Any, stored: t.Mapping[str, tuple[t.Any, dict]], writer: t.Any) -> t.Any:
        from ragas_temporal.data.writers import record_form
        from ragas_temporal.adapter.dataset_scoring import outcome_fields

        seen: collections.Counter = collections.Counter()
        current: dict[str, t.Any] = {}

        def pending_batches() -> t.Iterator[list[dict]]:
            for batch in self.batches():
                held: dict[str, dict] = {}
                if output is not None:
                    keys, prints = self._identities(batch, seen)
                    held = output.reusable(stored, keys, prints)[0] if stored else {}
                    output.expect(keys, prints)  # the fingerprints add() stores beside each new row
                else:
                    keys = [None] * len(batch)
                pending = [i for i, key in enumerate(keys) if key not in held]
                current.update(batch=batch, keys=keys, pending=pending, held=held, new={})
                yield [batch[i] for i in pending]

        def keep(i: int, outcomes: list) -> None:  # a judged row, as it finishes
            key = current["keys"][current["pending"][i]]
            fields = record_form(outcome_fields(outcomes, self.metrics))
            output.add(key, fields)
            current["new"][key] = fields

        def write(rows: list[dict], outcomes: list[list]) -> None:  # the batch, in input order
            batch, keys, held = current["batch"], current["keys"], current["held"]
            scores: list[t.Any] = [None] * len(batch)
            for i, row_outcomes in zip(current["pending"], outcomes):
                scores[i] = current["new"].get(keys[i]) if output is not None else None
                if scores[i] is None:
                    scores[i] = record_form(outcome_fields(row_outcomes, self.metrics))
            records = self._input_records(batch)
            for i, record in enumerate(records):
                fields = scores[i] if scores[i] is not None else held[keys[i]]
                self.tally.add(fields)
                record.update(fields)
            self._writing(output, lambda: writer.write(records))

        return score(pending_batches(), write, keep if output is not None else None, self.facts.rows)

    def _sum_batch(self, rows: list[dict], outcomes: list[list]) -> None:
        from ragas_temporal.adapter.dataset_scoring import outcome_fields

        for row_outcomes in outcomes:
            self.tally.add(outcome_fields(row_outcomes, self.metrics))
