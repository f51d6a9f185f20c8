"""The offline judge follows the focus-time mode's date rules (issue 19 item 5): days, months and
quarters, not only years."""

from __future__ import annotations

from ragas_temporal.faithfulness.judge import offline_claims

EINSTEIN = "Albert Einstein (born 14 March 1879) was a German-born theoretical physicist."


def judge(answer: str, contexts: list[str], **fields) -> list[tuple[str, str]]:
    return [(verdict, reason) for _, verdict, reason, _ in offline_claims(answer, contexts, **fields)]


def test_an_altered_day_is_contradicted_with_the_stated_date() -> None:
    assert judge("Einstein was born on 20th March 1879.", [EINSTEIN]) == [
        ("CONTRADICTED", "the contexts give 14 March 1879")]
    assert judge("Einstein was born on 14th March 1879.", [EINSTEIN]) == [("SUPPORTED", "the contexts give 1879")]


def test_a_coarser_claim_is_supported_and_a_finer_one_partly() -> None:
    assert judge("Einstein was born in the spring of 1879.", [EINSTEIN])[0][0] == "SUPPORTED"
    assert judge("Einstein was born on 14 March 1879.", ["Einstein was born in 1879."])[0][0] == "PARTIALLY_SUPPORTED"


def test_listed_claims_of_the_hybrid_mode_are_judged_by_their_mentions() -> None:
    verdicts = judge("It closed in the first quarter of 2020 and reopened in 2021.",
                     ["The merger closed in Q3 2020. It reopened in 2021."],
                     claims=["the first quarter of 2020", "2021"])
    assert [v for v, _ in verdicts] == ["CONTRADICTED", "SUPPORTED"]
