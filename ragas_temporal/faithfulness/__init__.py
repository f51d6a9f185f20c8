"""Temporal faithfulness: each temporal claim of an answer judged against the retrieved contexts, at the
precision it states. formula (pure verdicts and score), prompts, judge (and grounding of a judge's claims), metric."""
