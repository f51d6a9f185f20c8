"""CTSRL reward functions (TeCFaP paper, section 4) for RL trainers, as plain callables.

Both follow the TRL reward-function convention ``f(prompts, completions, **kwargs) ->
list[float]``: dataset columns arrive as keyword lists aligned with ``completions`` and unknown
keywords (``trainer_state``, ``completion_ids``, ...) are ignored. A completion is a string or a
conversational list of messages (the last message's ``content`` is used). No torch/trl import.

Training samples belong to one of two tasks (keyword ``task``, default all ``"factuality"``):

``"factuality"`` (task k1, sentence completion)
    Correct when the completion, normalised as in the paper and truncated to the gold's word
    count, equals the normalised ``gold`` (soft accuracy 1). If ``query`` is given and the
    completion echoes it, only the text after it is judged.
``"consistency"`` (task k2, "are these two sentences paraphrases?")
    Correct when the completion's first word (true/yes or false/no, any case) matches the
    boolean ``paraphrase_label``.

CTSRL Discrete (eq. 1-2): R = (1 - alpha) * R_fact + alpha * R_cons, each component 1 for a
correct answer and 0 otherwise; a sample only has the component of its task, so a correct k1
answer earns 1 - alpha and a correct k2 answer alpha (alpha = 0.66 in the paper).
``weighting="reference_code"`` reproduces the released training script's weights instead, which
reward a correct k1 answer with 1 and a correct k2 answer with alpha / (1 - alpha) (its alpha =
0.5, 0.66, 0.75 are the integer weights 1, 2, 3: pass alpha=2/3 for its "0.66"). Only the
weights change: correctness is judged as above in both cases (the script compares raw strings,
case-sensitive, which would make "Kid A" wrong for the gold "kid a").

CTSRL Smooth (eq. 3-4): R = R_fact + R_cons, unweighted. A correct k1 answer earns 1; a wrong
one that names another entity of the sequence at step p, for the gold at step o among N
entities, earns (p+1)/(o+1) if p < o, (N-p)/(N-o) if p > o, and (N-|o-p|)/N when o is the first
or last step (the released script's rule, which METRICS.md adopts); 0 if it names no entity of
the sequence. k2 is as in the discrete variant (1 or 0). The gold's position comes from the
``gold_step`` keyword, and a predicted name that occurs at several steps counts at the occurrence
nearest the gold (the released script looks both names up by their first occurrence, which
misplaces a repeated name such as a prime minister who served twice).

>>> seq = ["a1", "a2", "a3", "a4", "a5", "a6", "a7"]  # N = 7, gold step o = 3 ("a4")
>>> ctsrl_smooth_reward(["q"] * 3, ["a3", "a5", "a4"], gold=["a4"] * 3, sequence=[seq] * 3, gold_step=[3] * 3)
[0.75, 0.75, 1.0]
>>> ctsrl_discrete_reward(["q", "q"], ["a4", "True"], task=["factuality", "consistency"],
...                       gold=["a4", None], paraphrase_label=[None, True])
[0.33999999999999997, 0.66]
"""

from __future__ import annotations

from typing import Any, Sequence

from ragas_temporal.tecfap.probe_runner import extract_completion
from ragas_temporal.tecfap.scoring import normalize_words, soft_accuracy

TASKS = ("factuality", "consistency")
_TRUE = frozenset({"true", "yes"})
_FALSE = frozenset({"false", "no"})


def smooth_temporal_credit(gold_step: int, predicted_step: int, n_steps: int) -> float:
    """CTSRL Smooth credit of a prediction at ``predicted_step`` for the gold at ``gold_step``.

    >>> smooth_temporal_credit(3, 2, 7), smooth_temporal_credit(3, 4, 7)  # (2+1)/(3+1), (7-4)/(7-3)
    (0.75, 0.75)
    >>> smooth_temporal_credit(0, 6, 7)  # gold first: (7-|0-6|)/7
    0.14285714285714285
    >>> smooth_temporal_credit(3, 3, 7)
    1.0
    """
    if n_steps < 1 or not 0 <= gold_step < n_steps or not 0 <= predicted_step < n_steps:
        raise ValueError(f"steps must lie in [0, {n_steps}), got gold {gold_step} and prediction {predicted_step}")
    o, p, n = gold_step, predicted_step, n_steps
    if p == o:
        return 1.0
    if o == 0 or o == n - 1:
        return (n - abs(o - p)) / n
    if p < o:
        return (p + 1) / (o + 1)
    return (n - p) / (n - o)


def _completion_text(completion: Any) -> str:
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Sequence) and completion and isinstance(completion[-1], dict):
        return str(completion[-1].get("content") or "")  # conversational format
    if isinstance(completion, dict):
        return str(completion.get("content") or "")
    raise TypeError(f"a completion must be a string or a list of messages, got {type(completion).__name__}")


def _column(kwargs: dict[str, Any], name: str, n: int, default: Any = None, required: bool = False) -> list[Any]:
    if name not in kwargs or kwargs[name] is None:
        if required:
            raise ValueError(f"reward function needs the keyword list {name!r}")
        return [default] * n
    values = list(kwargs[name])
    if len(values) != n:
        raise ValueError(f"keyword list {name!r} has {len(values)} items for {n} completions")
    return values


def _paraphrase_verdict(text: str) -> bool | None:
    words = normalize_words(text)
    first = words[0] if words else ""
    return True if first in _TRUE else False if first in _FALSE else None


def _label(value: Any, i: int) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise ValueError(f"paraphrase_label[{i}] must be a boolean (or true/false), got {value!r}")


def _prepare(prompts: Sequence[Any], completions: Sequence[Any], kwargs: dict[str, Any]) -> tuple[list[str], list[str]]:
    if len(prompts) != len(completions):
        raise ValueError(f"{len(prompts)} prompts but {len(completions)} completions")
    n = len(completions)
    tasks = _column(kwargs, "task", n, default="factuality")
    for i, task in enumerate(tasks):
        if task not in TASKS:
            raise ValueError(f"task[{i}] must be 'factuality' or 'consistency', got {task!r}")
    queries = _column(kwargs, "query", n)
    texts = [
        extract_completion(q, _completion_text(c)) if q else _completion_text(c) for c, q in zip(completions, queries)
    ]
    return tasks, texts


def _fact_correct(text: str, gold: Any, i: int) -> bool:
    if not isinstance(gold, str) or not normalize_words(gold):
        raise ValueError(f"gold[{i}] must be a non-empty string for a factuality sample, got {gold!r}")
    return soft_accuracy(text, gold) == 1.0


def _cons_correct(text: str, label: Any, i: int) -> bool:
    return _paraphrase_verdict(text) is _label(label, i)


def ctsrl_discrete_reward(
    prompts: Sequence[Any],
    completions: Sequence[Any],
    *,
    alpha: float = 0.66,
    weighting: str = "paper",
    **kwargs: Any,
) -> list[float]:
    """CTSRL Discrete reward of each completion.

    Parameters
    ----------
    prompts, completions : sequences of equal length
        As given by the trainer (prompts are not read, only counted).
    alpha : float in (0, 1), default 0.66
        Weight of the consistency task.
    weighting : {"paper", "reference_code"}
        ``(1 - alpha, alpha)`` for (factuality, consistency), or the released script's
        ``(1, alpha / (1 - alpha))``.
    **kwargs
        ``task`` (list of "factuality" / "consistency"; default all factuality), ``gold`` (the
        value object, for factuality samples), ``paraphrase_label`` (bool, for consistency
        samples), ``query`` (optional: text to strip when a completion echoes it).

    Returns
    -------
    list of float
    """
    if not 0.0 < alpha < 1.0:
        raise ValueError(f"alpha must lie strictly between 0 and 1, got {alpha!r}")
    if weighting not in ("paper", "reference_code"):
        raise ValueError(f"weighting must be 'paper' or 'reference_code', got {weighting!r}")
    fact_weight, cons_weight = (1.0 - alpha, alpha) if weighting == "paper" else (1.0, alpha / (1.0 - alpha))
    tasks, texts = _prepare(prompts, completions, kwargs)
    n = len(texts)
    golds = _column(kwargs, "gold", n)
    labels = _column(kwargs, "paraphrase_label", n)
    rewards = []
    for i, (task, text) in enumerate(zip(tasks, texts)):
        if task == "factuality":
            rewards.append(fact_weight if _fact_correct(text, golds[i], i) else 0.0)
        else:
            rewards.append(cons_weight if _cons_correct(text, labels[i], i) else 0.0)
    return rewards


def predicted_step(text: str, sequence: Sequence[str], gold_step: int) -> int | None:
    """The time step of the sequence entity a completion names, or ``None``.

    An entity matches when the normalised completion, truncated to the entity's word count,
    equals it; the longest matching entity wins ("rocky ii" over "rocky"), and a name that
    occurs at several steps resolves to the occurrence nearest the gold step.

    >>> predicted_step("Kevin Rudd, again", ["john howard", "kevin rudd", "julia gillard", "kevin rudd"], 2)
    1
    >>> predicted_step("nobody", ["a b", "c d"], 0) is None
    True
    """
    words = normalize_words(text)
    best: tuple[int, int] | None = None  # (-word count, distance to gold), smaller is better
    step = None
    for s, entity in enumerate(sequence):
        ent_words = normalize_words(entity)
        if ent_words and words[: len(ent_words)] == ent_words:
            rank = (-len(ent_words), abs(s - gold_step))
            if best is None or rank < best:
                best, step = rank, s
    return step


def ctsrl_smooth_reward(prompts: Sequence[Any], completions: Sequence[Any], **kwargs: Any) -> list[float]:
    """CTSRL Smooth reward of each completion.

    Parameters
    ----------
    prompts, completions : sequences of equal length
    **kwargs
        ``task`` (default all factuality); for factuality samples ``gold``, ``sequence`` (the
        relation's entities in time order) and ``gold_step`` (0-based position of the gold in
        ``sequence``; needed because a name may repeat); for consistency samples
        ``paraphrase_label``; optional ``query``.

    Returns
    -------
    list of float
        1 for a correct answer; the temporal-distance credit of
        :func:`smooth_temporal_credit` for a wrong entity of the sequence; 0 otherwise.

    Examples
    --------
    Gold "kevin rudd" at step 3 of the Australian prime ministers (N = 7): "Julia Gillard"
    (step 2) earns (2+1)/(3+1) = 0.75, "Tony Abbott" (step 4) (7-4)/(7-3) = 0.75, "Kevin Rudd"
    is correct (1.0), "Paul Keating" is not in the sequence (0.0).

    >>> seq = ["john howard", "kevin rudd", "julia gillard", "kevin rudd", "tony abbott",
    ...        "malcolm turnbull", "scott morrison"]
    >>> ctsrl_smooth_reward(["q"] * 4, ["Julia Gillard", "Tony Abbott", "Kevin Rudd", "Paul Keating"],
    ...                     gold=["kevin rudd"] * 4, sequence=[seq] * 4, gold_step=[3] * 4)
    [0.75, 0.75, 1.0, 0.0]
    """
    tasks, texts = _prepare(prompts, completions, kwargs)
    n = len(texts)
    golds = _column(kwargs, "gold", n)
    sequences = _column(kwargs, "sequence", n)
    gold_steps = _column(kwargs, "gold_step", n)
    labels = _column(kwargs, "paraphrase_label", n)
    rewards = []
    for i, (task, text) in enumerate(zip(tasks, texts)):
        if task == "consistency":
            rewards.append(1.0 if _cons_correct(text, labels[i], i) else 0.0)
            continue
        if _fact_correct(text, golds[i], i):
            rewards.append(1.0)
            continue
        seq, o = sequences[i], gold_steps[i]
        if seq is None or o is None:
            raise ValueError(f"factuality sample {i} needs 'sequence' and 'gold_step' for the smooth reward")
        seq = [str(s) for s in seq]
        if isinstance(o, bool) or not isinstance(o, int) or not 0 <= o < len(seq):
            raise ValueError(f"gold_step[{i}] must be an index into sequence[{i}] (0..{len(seq) - 1}), got {o!r}")
        p = predicted_step(text, seq, o)
        if p is None or p == o:
            # p == o here means the name at the gold step was not judged correct (cannot happen
            # with a consistent gold); no credit rather than a free 1.0
            rewards.append(0.0)
        else:
            rewards.append(smooth_temporal_credit(o, p, len(seq)))
    return rewards


__all__ = ["ctsrl_discrete_reward", "ctsrl_smooth_reward", "smooth_temporal_credit", "predicted_step", "TASKS"]
