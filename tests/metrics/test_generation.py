"""TemporalFaithfulness and AnswerTemporalRecall: seed examples and hand-computed values."""

from __future__ import annotations

import asyncio
import math

import pytest
from ragas.dataset_schema import SingleTurnSample

from ragas_temporal.metrics import AnswerTemporalRecall, TemporalFaithfulness

SEED_CONTEXTS = ["In 2008, Lehman Brothers collapsed.", "The 2009 stimulus package helped recovery."]


def run(coro):
    return asyncio.run(coro)


def test_seed_faithfulness_grounded_answer_is_one():
    # AFT {2008, 2009}; DFT {2008} ∪ {2009} = {2008, 2009}; |AFT ∩ ∪DFT| / |AFT| = 2 / 2
    r = run(TemporalFaithfulness().ascore(
        response="The crisis occurred in 2008 and continued into 2009.", retrieved_contexts=SEED_CONTEXTS))
    assert r.value == 1.0


def test_seed_faithfulness_hallucinated_answer_is_zero_with_reason():
    # AFT {2007, 2010}; ∪DFT {2008, 2009}; intersection empty: 0 / 2
    r = run(TemporalFaithfulness().ascore(
        response="The crisis started in 2007 and ended in 2010.", retrieved_contexts=SEED_CONTEXTS))
    assert r.value == 0.0
    assert r.reason == "'2007', '2010' not found in the retrieved contexts"


def test_partially_grounded_answer():
    # AFT {2008, 2011}; ∪DFT {2008, 2009}: 1 / 2
    r = run(TemporalFaithfulness().ascore(
        response="It began in 2008 and ended in 2011.", retrieved_contexts=SEED_CONTEXTS))
    assert r.value == 0.5
    assert "2011" in r.reason and "2008" not in r.reason


def test_single_turn_path_returns_the_float():
    sample = SingleTurnSample(response="It began in 2008.", retrieved_contexts=SEED_CONTEXTS)
    assert TemporalFaithfulness().single_turn_score(sample) == 1.0


def test_no_temporal_claim_is_nan_with_reason():
    r = run(TemporalFaithfulness().ascore(response="The crisis was severe.", retrieved_contexts=SEED_CONTEXTS))
    assert math.isnan(r.value)
    assert r.reason == "answer makes no temporal claim"


def test_bce_years_in_reason(recording_extractor):
    # AFT {-45, -44}; DFT {-44}: 1 / 2, the unsupported year printed as "45 BC"
    r = run(TemporalFaithfulness().ascore(
        response="Caesar died in 45 BC or 44 BC.", retrieved_contexts=["Caesar was killed in 44 BC."]))
    assert r.value == 0.5
    assert r.reason == "'45 BC' not found in the retrieved contexts"


def test_answer_temporal_recall_hand_values():
    # QFT {2008, 2009}; AFT {2008}: |AFT ∩ QFT| / |QFT| = 1 / 2
    m = AnswerTemporalRecall()
    r = run(m.ascore(user_input="What happened in 2008 and 2009?", response="Banks failed in 2008."))
    assert r.value == 0.5
    assert "2009" in r.reason
    # QFT {2008}; AFT {2008, 2010}: 1 / 1
    assert run(m.ascore(user_input="What happened in 2008?", response="In 2008 and 2010.")).value == 1.0
    # no query focus: NaN
    r = run(m.ascore(user_input="What happened?", response="In 2008."))
    assert math.isnan(r.value) and r.reason == "query has no temporal focus"


# --- granularity: claim (default) and year ------------------------------------------------------


@pytest.mark.parametrize("granularity", ["claim", "year"])
def test_seed_examples_give_one_and_zero_under_both_granularities(granularity):
    # grounded: claims '2008', '2009' both stated (2/2); years {2008, 2009} ⊆ ∪DFT (2/2)
    # invented: claims '2007', '2010' unstated (0/2); years {2007, 2010} ∩ ∪DFT = ∅ (0/2)
    m = TemporalFaithfulness(granularity=granularity)
    grounded = run(m.ascore(response="The crisis occurred in 2008 and continued into 2009.",
                            retrieved_contexts=SEED_CONTEXTS))
    invented = run(m.ascore(response="The crisis started in 2007 and ended in 2010.",
                            retrieved_contexts=SEED_CONTEXTS))
    assert (grounded.value, invented.value) == (1.0, 0.0)


def test_claim_level_reads_a_range_by_its_ends_where_the_year_formula_counts_its_years():
    # context states 1515 and 1547; the answer's one range "from 1515 to 1547" has both ends -> 1/1.
    # year formula: AFT = 1515..1547 (33 years), 2 of them in ∪DFT -> 2/33
    context = ["Francis I was crowned in 1515 and reigned until his death in 1547."]
    answer = "Francis I was King of France from 1515 to 1547."
    assert run(TemporalFaithfulness().ascore(response=answer, retrieved_contexts=context)).value == 1.0
    year_level = run(TemporalFaithfulness(granularity="year").ascore(response=answer, retrieved_contexts=context))
    assert year_level.value == pytest.approx(2 / 33)


def test_claim_reason_names_the_half_supported_range_by_its_text():
    # claims '1995' (unstated: 0) and '2007–11' (2007 stated, 2011 not: 0.5) -> 0.5 / 2
    r = run(TemporalFaithfulness().ascore(response="They met in 1995 and toured in 2007–11.",
                                          retrieved_contexts=["The band toured in 2007."]))
    assert r.value == 0.25
    assert r.reason == "'1995' not found in the retrieved contexts; '2007–11': only 2007 found"


def test_granularity_names_the_metric_when_not_default():
    assert TemporalFaithfulness().name == "temporal_faithfulness"
    assert TemporalFaithfulness(granularity="year").name == "temporal_faithfulness_year"
    assert TemporalFaithfulness(granularity="year", name="mine").name == "mine"


@pytest.mark.parametrize("bad", ["years", "Claim", None, 1])
def test_bad_granularity_raises_naming_the_choices(bad):
    with pytest.raises(ValueError, match=r"granularity must be 'claim' or 'year'"):
        TemporalFaithfulness(granularity=bad)


# --- NaN reasons that say what to do --------------------------------------------------------------


def test_relative_answer_without_reference_date_names_the_fix():
    r = run(TemporalFaithfulness().ascore(response="It raised rates last year.", retrieved_contexts=SEED_CONTEXTS))
    assert math.isnan(r.value)
    assert r.reason == "'last year' needs a reference date: pass reference_date=... or a reference_date column"
    # with a reference date the claim is dated (2009) and judged
    dated = run(TemporalFaithfulness(reference_date="2010-03-01").ascore(
        response="It raised rates last year.", retrieved_contexts=SEED_CONTEXTS))
    assert dated.value == 1.0


def test_answer_without_any_temporal_mention_keeps_the_plain_reason():
    r = run(TemporalFaithfulness(granularity="year").ascore(
        response="The crisis was severe.", retrieved_contexts=SEED_CONTEXTS))
    assert math.isnan(r.value) and r.reason == "answer makes no temporal claim"


def test_query_without_dated_focus_says_what_to_do():
    r = run(AnswerTemporalRecall().ascore(user_input="What happened last year?", response="Prices fell in 2008."))
    assert math.isnan(r.value)
    assert r.reason == (
        "query has no temporal focus: 'last year' needs a reference date: "
        "pass reference_date=... or a reference_date column"
    )


# the worked examples of docs/METRICS.md "Temporal faithfulness (claim level)", end to end
@pytest.mark.parametrize(
    ("answer", "context", "value", "reason"),
    [
        # rule 1: 1867..1934 (both ends stated: 1), 1903 (1), 1913 (strictly inside the stated
        # lifespan: 1/2 since issue 19, was 0) -> 2.5/3
        ("Marie Curie (1867–1934) won Nobel Prizes in 1903 and 1913.",
         "Marie Curie (7 November 1867 – 4 July 1934) was a physicist. She won Nobel Prizes in 1903 and 1911.",
         2.5 / 3, "'1913' partially supported: inside 7 November 1867 – 4 July 1934"),
        # rule 2: two ranges, each inside/equal to a stated range -> 2/2
        ("Rage Against the Machine (1991–2000, 2007–2011)", "Rage Against the Machine (1991 -- 2000 ; 2007 -- 11)",
         1.0, "every temporal claim ('1991–2000', '2007–2011') found in the retrieved contexts"),
        # rule 2: 1991–2000 (both ends: 1) and 2007–11 (one end: 0.5) -> 1.5/2
        ("They were active 1991–2000 and 2007–11.", "They played in 1991, 2000 and 2007.",
         0.75, "'2007–11': only 2007 found"),
        # rule 3: open range by its start
        ("Tim Cook: CEO 2011–present.", "Tim Cook became CEO in 2011.",
         1.0, "every temporal claim ('2011–present') found in the retrieved contexts"),
        # rule 4: decade by a year inside it; the wrong decade
        ("Casablanca is a film from the 1940s.", "Casablanca is a 1942 film.",
         1.0, "every temporal claim ('the 1940s') found in the retrieved contexts"),
        ("Casablanca is a film from the 1950s.", "Casablanca is a 1942 film.",
         0.0, "'the 1950s' not found in the retrieved contexts"),
        # rule 5: a year is only partly supported by its decade (contained, not stated: 1/2 since issue 19, was 0)
        ("It happened in 1995.", "It happened in the 1990s.", 0.5, "'1995' partially supported: the contexts give the 1990s"),
        # issue 19, the seed's Einstein case: an altered day, the stated day in another form
        ("Einstein was born in Germany on 20th March 1879.", "Albert Einstein (born 14 March 1879) was a physicist.",
         0.0, "'20th March 1879' not supported: the contexts give 14 March 1879"),
        ("Einstein was born in Germany on 14th March 1879.", "Albert Einstein (born 14 March 1879) was a physicist.",
         1.0, "every temporal claim ('14th March 1879') found in the retrieved contexts"),
        # a quarter, a season, a coarser context
        ("The merger closed in the first quarter of 2020.", "The merger closed in Q3 2020.",
         0.0, "'the first quarter of 2020' not supported: the contexts give Q3 2020"),
        ("The bridge reopened in the spring of 1987.", "The bridge reopened in October 1987.",
         0.0, "'in the spring of 1987' not supported: the contexts give October 1987"),
        ("Pulp Fiction premiered in May 1994.", "Pulp Fiction is a 1994 film.",
         0.5, "'May 1994' partially supported: the contexts give 1994"),
        # rule 6: 2015–2016 == 2015–16
        ("Leicester won in the 2015–2016 season.", "Leicester won in the 2015–16 season.",
         1.0, "every temporal claim ('2015–2016') found in the retrieved contexts"),
    ],
)  # fmt: skip
def test_metrics_doc_worked_examples(answer, context, value, reason):
    r = run(TemporalFaithfulness().ascore(response=answer, retrieved_contexts=[context]))
    assert (r.value, r.reason) == (pytest.approx(value), reason)
