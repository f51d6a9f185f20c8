"""Is an answer's own timeline possible? Its dated claims, and the contradictions rules can find.

A **dated claim** is a temporal mention with years (from the focus-time extractor), the start and
the end of a range (two claims: "from 2008 to 2012" is a timeline of its own), or a stated duration
or age ("three years", "40 years old", "aged 30").

Event words are data (:mod:`.lifecycle`, ``lifecycle.json``). An event word **attaches** to the date
right after it in its clause ("founded in 1990", "died on 2 March 1879"), or to a date that opens
its clause ("In 2015, construction began"). Rules relate two events only when both attach to dates
in the same sentence, or in adjacent sentences with the same subject ("Ada was born in 1815. She
died in 1810."; a pronoun continues the subject before it); a new possessive subject inside a
sentence ("and his father died in 1940") ends the relation. Dates are compared at the finest
precision both state (:mod:`.bounds`).

``reversed_range``
    a range that ends before it starts: "from 2010 to 2005", "2010-2005";
``lifecycle``
    a closing event dated before its opening event of the same kind: founded → dissolved, opened →
    closed, began → completed, born → died, joined → left, built → demolished, recorded → released
    ("'dissolved in 1985' is before 'founded in 1990' (founded → dissolved)");
``order``
    a one-sided order word between two dated events of one sentence: "X in 2005 followed Y in 2008",
    "the reform of 2012 preceded the crisis of 2009", "signed in 1920, five years after the war
    ended in 1918" (a stated gap must match the dates within a year). The first date must locate
    its event ("in/on/of/during 2005", not "the 2017 season"), and no clause break may come between
    the cue and either date;
``age``
    an age ("aged 30", "at the age of 30", "a 30-year-old", "40 years old") at a date of its sentence,
    against the date of the event it counts from (born, founded, built ...: ``age_origin`` in the
    lexicon) in the same sentence or the previous one with the same subject;
``duration``
    a duration written next to the range it measures ("lasted six years, from 1939 to 1945",
    "six years (1939–1945)") that the range cannot have, the range's shortest and longest reading
    allowed ("more than 30 years" is a lower bound). A duration is never compared with a range it
    does not describe: "growth of 10.6% a year", "a six-year stay" and "first time in 22 years" are
    not contradictions.

>>> timeline = read_timeline("The firm was founded in 1990 and was 40 years old in 2010.")
>>> [c.text for c in timeline.claims]
['1990', '40 years old', '2010']
>>> timeline.contradictions[0].explanation
"'40 years old' in 2010, but 2010 - 1990 is 20 years (age since founded)"
>>> read_timeline("The company was founded in 1990 and dissolved in 1985.").contradictions[0].explanation
"'dissolved in 1985' is before 'founded in 1990' (founded → dissolved)"
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ragas_temporal.timeline.dated_claims import DatedClaim
from ragas_temporal.timeline.evidence import Evidence
from ragas_temporal.timeline.rules import RULES, TOLERANCE_YEARS, Contradiction

__all__ = ["DatedClaim", "Contradiction", "Timeline", "read_timeline", "TOLERANCE_YEARS"]


@dataclass(frozen=True)
class Timeline:
    """An answer's dated claims in text order and the contradictions among them."""

    claims: tuple[DatedClaim, ...]
    contradictions: tuple[Contradiction, ...]

    def evidence(self) -> tuple[int, list[tuple[tuple[int, ...], str]]]:
        """``(n_dated_claims, [(claim indices, explanation), ...])``: the input of ``timeline_coherence``."""
        return len(self.claims), [(c.claims, c.explanation) for c in self.contradictions]


def read_timeline(text: str, reference_date: dt.date | None = None) -> Timeline:
    """The dated claims of ``text`` and the contradictions the rules find (module docstring)."""
    evidence = Evidence.read(text, reference_date)
    return Timeline(tuple(evidence.claims), tuple(found for rule in RULES for found in rule(evidence)))
