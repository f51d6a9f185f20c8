"""CTSRL reward functions: hand-computed tables."""

from __future__ import annotations

import pytest

from ragas_temporal.tecfap import ctsrl_discrete_reward, ctsrl_smooth_reward, smooth_temporal_credit
from ragas_temporal.tecfap.rewards import predicted_step

# Radiohead's first seven studio albums: N = 7
SEQ = ["pablo honey", "the bends", "ok computer", "kid a", "amnesiac", "hail to the thief", "in rainbows"]


@pytest.mark.parametrize(
    "gold_step, expected",
    [
        # o = 3 (middle): p < o -> (p+1)/(o+1) = (p+1)/4; p > o -> (N-p)/(N-o) = (7-p)/4
        (3, [1 / 4, 2 / 4, 3 / 4, 1.0, 3 / 4, 2 / 4, 1 / 4]),
        # o = 0 (first): (N-|o-p|)/N = (7-p)/7
        (0, [1.0, 6 / 7, 5 / 7, 4 / 7, 3 / 7, 2 / 7, 1 / 7]),
        # o = 6 (last): (7-|6-p|)/7
        (6, [1 / 7, 2 / 7, 3 / 7, 4 / 7, 5 / 7, 6 / 7, 1.0]),
        # o = 1: p=0 -> 1/2; p>1 -> (7-p)/6
        (1, [1 / 2, 1.0, 5 / 6, 4 / 6, 3 / 6, 2 / 6, 1 / 6]),
    ],
)
def test_smooth_reward_table(gold_step, expected):
    completions = [s.title() for s in SEQ]  # the model names each entity of the sequence in turn
    n = len(completions)
    rewards = ctsrl_smooth_reward(["q"] * n, completions, gold=[SEQ[gold_step]] * n,
                                  sequence=[SEQ] * n, gold_step=[gold_step] * n)
    assert rewards == pytest.approx(expected)
    assert [smooth_temporal_credit(gold_step, p, 7) for p in range(7)] == pytest.approx(expected)


def test_issue_example_seven_entities_gold_three():
    assert smooth_temporal_credit(3, 2, 7) == 0.75  # (2+1)/(3+1)
    assert smooth_temporal_credit(3, 4, 7) == 0.75  # (7-4)/(7-3)


def test_smooth_reward_outside_the_sequence_and_partial_names():
    n = 3
    rewards = ctsrl_smooth_reward(["q"] * n, ["OK Go", "Kid", "the bends, I think"], gold=["kid a"] * n,
                                  sequence=[SEQ] * n, gold_step=[3] * n)
    # "ok go" names no entity; "kid" is not all of "kid a"; "the bends" is step 1 -> (1+1)/(3+1)
    assert rewards == [0.0, 0.0, 0.5]


def test_smooth_reward_repeated_name_resolves_to_nearest_occurrence():
    pms = ["john howard", "kevin rudd", "julia gillard", "kevin rudd", "tony abbott", "malcolm turnbull", "scott morrison"]
    # gold "tony abbott" at o=4; "Kevin Rudd" occurs at 1 and 3, nearest is 3 -> (3+1)/(4+1) = 0.8
    assert ctsrl_smooth_reward(["q"], ["Kevin Rudd"], gold=["tony abbott"], sequence=[pms], gold_step=[4]) == [0.8]
    # gold "kevin rudd" (o=3): naming it is correct whatever occurrence
    assert ctsrl_smooth_reward(["q"], ["kevin rudd"], gold=["kevin rudd"], sequence=[pms], gold_step=[3]) == [1.0]
    assert predicted_step("Kevin Rudd", pms, 0) == 1


def test_smooth_reward_consistency_task_is_one_or_zero():
    rewards = ctsrl_smooth_reward(["q"] * 3, ["True", "false", "maybe"], task=["consistency"] * 3,
                                  paraphrase_label=[True, True, False])
    assert rewards == [1.0, 0.0, 0.0]


def test_discrete_reward_paper_weighting():
    completions = ["Kid A", "Amnesiac", "True, they are paraphrases", "no", "Yes"]
    tasks = ["factuality", "factuality", "consistency", "consistency", "consistency"]
    gold = ["kid a", "kid a", None, None, None]
    labels = [None, None, True, True, True]
    rewards = ctsrl_discrete_reward(["q"] * 5, completions, task=tasks, gold=gold, paraphrase_label=labels)
    # alpha = 0.66: correct k1 -> 1 - 0.66 = 0.34, correct k2 -> 0.66, wrong -> 0
    assert rewards == pytest.approx([0.34, 0.0, 0.66, 0.0, 0.66])


@pytest.mark.parametrize("alpha, cons_reward", [(0.5, 1.0), (2 / 3, 2.0), (0.75, 3.0)])
def test_discrete_reward_reference_code_weighting(alpha, cons_reward):
    # the released script: correct k1 -> 1, correct k2 -> alpha / (1 - alpha) (its 1, 2, 3)
    rewards = ctsrl_discrete_reward(["q", "q"], ["kid a", "false"], alpha=alpha, weighting="reference_code",
                                    task=["factuality", "consistency"], gold=["kid a", None],
                                    paraphrase_label=[None, "False"])
    assert rewards == pytest.approx([1.0, cons_reward])


def test_trl_conventions_conversational_completions_and_extra_kwargs():
    completions = [[{"role": "assistant", "content": "Kid A"}], [{"role": "assistant", "content": "Amnesiac"}]]
    rewards = ctsrl_discrete_reward(["p1", "p2"], completions, gold=["kid a", "kid a"],
                                    trainer_state=object(), completion_ids=[[1], [2]])
    assert rewards == pytest.approx([0.34, 0.0])


def test_echoed_query_is_stripped_when_given():
    rewards = ctsrl_discrete_reward(["q"], ["OK Computer was followed by Kid A"], gold=["kid a"],
                                    query=["ok computer was followed by"])
    assert rewards == pytest.approx([0.34])


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: ctsrl_discrete_reward(["q"], ["a", "b"], gold=["a", "b"]), "1 prompts but 2 completions"),
        (lambda: ctsrl_discrete_reward(["q"], ["a"], gold=["a", "b"]), "'gold' has 2 items for 1"),
        (lambda: ctsrl_discrete_reward(["q"], ["a"]), "gold\\[0\\] must be a non-empty string"),
        (lambda: ctsrl_discrete_reward(["q"], ["a"], gold=["a"], task=["recall"]), "task\\[0\\]"),
        (lambda: ctsrl_discrete_reward(["q"], ["a"], gold=["a"], alpha=1.0), "alpha"),
        (lambda: ctsrl_discrete_reward(["q"], ["a"], gold=["a"], weighting="x"), "weighting"),
        (lambda: ctsrl_discrete_reward(["q"], ["true"], task=["consistency"], paraphrase_label=["perhaps"]),
         "paraphrase_label\\[0\\]"),
        (lambda: ctsrl_smooth_reward(["q"], ["x"], gold=["kid a"]), "needs 'sequence' and 'gold_step'"),
        (lambda: ctsrl_smooth_reward(["q"], ["x"], gold=["kid a"], sequence=[SEQ], gold_step=[7]), "gold_step\\[0\\]"),
        (lambda: smooth_temporal_credit(3, 9, 7), "steps must lie"),
    ],
)
def test_invalid_inputs(call, message):
    with pytest.raises(ValueError, match=message):
        call()
