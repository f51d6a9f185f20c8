"""Pure scoring functions on plain Python values: year sets, relevance grades, ids, verdict labels.

Nothing here imports ragas or the rest of ragas_temporal, so every function works inside
``datasets.Dataset.map``, pandas ``apply``, Spark or Ray UDFs. Each returns a :class:`Score`
(``value``, ``reason``; ``float(score)`` gives the value) unless its docstring says otherwise, and
``value`` is NaN, never an exception, when a score is legitimately undefined for the input
(an answer without years, a query without relevant documents). Invalid arguments raise
``ValueError`` (bad values, e.g. ``k=0``) or ``TypeError`` (wrong container, e.g. ``None`` or a
string where years are expected) with a message naming the argument.

Modules, one job each:

- :mod:`.claims`: claim-level temporal faithfulness (each dated mention one claim at its own
  precision, day to century, with the LLM mode's verdicts; ranges by their ends), per-claim
  verdicts as plain values, and the reasons for texts without a dated mention;
- :mod:`.year_sets`: focus-time scores (faithfulness, answer recall,
  overlap/Jaccard relevance, retrieved-year precision/recall);
- :mod:`.ranking`: P@k, R@k, RR@k, AP@k, DCG@k, NDCG@k with trec_eval conventions;
- :mod:`.gold`: grades from retrieved ids and gold ids or graded qrels; the one id rule (`id_key`: ids compare as text);
- :mod:`.verdicts`: LLM verdict labels to a faithfulness score;
- :mod:`.answers`: event-order Kendall tau (and its [0, 1] accuracy), duration accuracy,
  consistency across answers (per group and per answer);
- :mod:`.timeline`: coherence of an answer's own timeline from its dated claims and contradictions.

Examples
--------
>>> from ragas_temporal.scores import temporal_faithfulness, jaccard_grades, ndcg_at_k
>>> temporal_faithfulness({2007, 2010}, [{2008}, {2009}]).reason
'answer years 2007, 2010 not found in the retrieved contexts'
>>> float(ndcg_at_k(jaccard_grades({2020, 2021}, [{2020, 2021}, {2019}]), k=2))
1.0
"""

from __future__ import annotations

from ragas_temporal.scores._result import COPIED_TEXT_MAX_CHARS, JudgeFellBack, Score, clip_copied, undefined
from ragas_temporal.scores._validation import check_k, format_years, year_label
from ragas_temporal.scores.answers import (
    consistency_with_others,
    duration_accuracy,
    event_order_accuracy,
    event_order_tau,
    kendall_tau_b,
    temporal_consistency,
)
from ragas_temporal.scores.claims import (
    CLAIM_SHAPES,
    ClaimCredit,
    TemporalClaim,
    claim_faithfulness,
    claim_from_mention,
    claim_verdicts,
    claims_for_judge,
    claims_from_focus_time,
    claims_from_mentions,
    credit_claims,
    credits_reason,
    credits_score,
    judged_claim_faithfulness,
    capped_claim_faithfulness,
    capped_credit,
    no_claim_reason,
)
from ragas_temporal.scores.gold import gold_grades, gold_ideal_grades, id_key, keyed_by_id, n_relevant_gold
from ragas_temporal.scores.ranking import (
    GAINS,
    average_precision_at_k,
    dcg_at_k,
    ndcg_at_k,
    precision_at_k,
    recall_at_k,
    reciprocal_rank_at_k,
)
from ragas_temporal.scores.verdicts import (
    UNVERIFIABLE,
    VERDICT_CREDIT,
    VERDICT_LABELS,
    claim_verdict_score,
    normalise_verdict,
    verdict_spelling,
)
from ragas_temporal.scores.timeline import timeline_coherence
from ragas_temporal.scores.year_sets import (
    anchor_coverage,
    answer_temporal_precision,
    unsupported_years,
    answer_temporal_recall,
    jaccard_grades,
    overlap_relevance,
    retrieved_year_precision,
    retrieved_year_recall,
    temporal_faithfulness,
)

__all__ = [
    "Score",
    "JudgeFellBack",
    "undefined",
    "clip_copied",
    "COPIED_TEXT_MAX_CHARS",
    "format_years",
    "year_label",
    "check_k",
    # claim-level faithfulness
    "CLAIM_SHAPES",
    "TemporalClaim",
    "ClaimCredit",
    "claim_from_mention",
    "claims_from_mentions",
    "claims_from_focus_time",
    "credit_claims",
    "credits_reason",
    "credits_score",
    "claim_faithfulness",
    "claim_verdicts",
    "claims_for_judge",
    "capped_credit",
    "capped_claim_faithfulness",
    "judged_claim_faithfulness",
    "no_claim_reason",
    # focus time
    "unsupported_years",
    "temporal_faithfulness",
    "answer_temporal_recall",
    "answer_temporal_precision",
    "anchor_coverage",
    "overlap_relevance",
    "jaccard_grades",
    "retrieved_year_precision",
    "retrieved_year_recall",
    # ranking
    "GAINS",
    "precision_at_k",
    "recall_at_k",
    "reciprocal_rank_at_k",
    "average_precision_at_k",
    "dcg_at_k",
    "ndcg_at_k",
    # gold ids
    "id_key",
    "keyed_by_id",
    "gold_grades",
    "gold_ideal_grades",
    "n_relevant_gold",
    # LLM verdicts
    "VERDICT_LABELS",
    "UNVERIFIABLE",
    "VERDICT_CREDIT",
    "normalise_verdict",
    "verdict_spelling",
    "claim_verdict_score",
    # answer-side companions
    "kendall_tau_b",
    "event_order_tau",
    "event_order_accuracy",
    "duration_accuracy",
    "temporal_consistency",
    "consistency_with_others",
    # timelines
    "timeline_coherence",
]
