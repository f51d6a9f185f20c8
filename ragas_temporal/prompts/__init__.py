"""ragas ``PydanticPrompt`` classes for the LLM modes of the temporal metrics.

- :class:`TemporalClaimsPrompt`: temporal claims of an answer with a verdict each (one call);
- :class:`TemporalRelevancePrompt`: 0/1 temporal relevance of the top-K documents (listwise);
- :class:`TemporalGradePrompt`: 0-4 temporal relevance grades of the top-K documents (listwise);
- :class:`TemporalFocusPrompt`: the temporal focus of a query, when the rules cannot tell;
- :class:`TimelineClaimsPrompt`, :class:`EventLocationPrompt`, :class:`StatedDurationPrompt`:
  evidence about an answer's own timeline (dated claims and contradictions, where gold events
  are placed, stated durations), one call each.

All share :class:`CompactPydanticPrompt`'s layout: a short instruction, a one-line output
shape, one short example, then the data as one JSON line. Reference dates are data too: the
claims and relevance inputs take ``reference_date`` and :class:`DatedText` items for texts with
their own date (:func:`dated_texts` builds them). Metrics hold them as attributes, so
ragas's ``get_prompts``/``set_prompts``/``adapt_prompts``/``save_prompts``/``load_prompts`` work.

>>> sorted(p().name for p in (TemporalClaimsPrompt, TemporalRelevancePrompt, TemporalGradePrompt, TemporalFocusPrompt))
['temporal_claims', 'temporal_focus', 'temporal_grade', 'temporal_relevance']
"""

from __future__ import annotations

from ragas_temporal.prompts.compact import CompactPydanticPrompt, compact_shape
from ragas_temporal.prompts.dated import DatedText, dated_texts, iso_date
from ragas_temporal.prompts.claims import (
    TemporalClaim,
    TemporalClaimsInput,
    TemporalClaimsOutput,
    TemporalClaimsPrompt,
)
from ragas_temporal.prompts.timeline import (
    DURATION_UNITS,
    EventLocation,
    EventLocationInput,
    EventLocationPrompt,
    EventLocationsOutput,
    StatedDuration,
    StatedDurationInput,
    StatedDurationPrompt,
    StatedDurationsOutput,
    TimelineClaim,
    TimelineClaimsOutput,
    TimelineClaimsPrompt,
    TimelineContradiction,
    TimelineInput,
)
from ragas_temporal.prompts.focus import TemporalFocusInput, TemporalFocusOutput, TemporalFocusPrompt
from ragas_temporal.prompts.relevance import (
    FOCUS_FOR_JUDGE,
    DocumentGrade,
    DocumentVerdict,
    RelevanceGrades,
    RelevanceInput,
    RelevanceVerdicts,
    TemporalGradePrompt,
    TemporalRelevancePrompt,
)

__all__ = [
    "CompactPydanticPrompt",
    "compact_shape",
    "DatedText",
    "dated_texts",
    "iso_date",
    "TemporalClaim",
    "TemporalClaimsInput",
    "TemporalClaimsOutput",
    "TemporalClaimsPrompt",
    "FOCUS_FOR_JUDGE",
    "RelevanceInput",
    "DocumentVerdict",
    "RelevanceVerdicts",
    "DocumentGrade",
    "RelevanceGrades",
    "TemporalRelevancePrompt",
    "TemporalGradePrompt",
    "TemporalFocusInput",
    "TemporalFocusOutput",
    "TemporalFocusPrompt",
    "TimelineInput",
    "TimelineClaim",
    "TimelineContradiction",
    "TimelineClaimsOutput",
    "TimelineClaimsPrompt",
    "EventLocationInput",
    "EventLocation",
    "EventLocationsOutput",
    "EventLocationPrompt",
    "DURATION_UNITS",
    "StatedDurationInput",
    "StatedDuration",
    "StatedDurationsOutput",
    "StatedDurationPrompt",
]
