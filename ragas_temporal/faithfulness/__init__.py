"""Temporal faithfulness: each temporal claim of an answer judged against the retrieved contexts, at the
precision it states. formula (verdicts and score, pure), prompts, judge (the call, the offline answer, and
grounding of its reply), metric."""
