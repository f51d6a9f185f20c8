"""ragas glue for TeCFaP: a per-row ``TemporalFactuality`` metric and a dataset-level report.

Temporal factuality is a property of one answer, so it is a ragas ``SingleTurnMetric`` that
works in ``ragas.evaluate``. Consistency needs all paraphrases of a question at once, which a
single-turn metric never sees, so the full TeCFaP table comes from :func:`consistency_report`,
which takes the evaluated dataset (or the ``evaluate`` result) together with the probe rows it
was built from. The pattern::

    rows = build_probe(load_temp_cofac(path), split="test")
    records = run_probe(rows, llm, out="preds.jsonl")
    dataset = probe_to_evaluation_dataset(rows, records)
    result = ragas.evaluate(dataset, metrics=[TemporalFactuality()])  # per-row soft accuracy
    table = consistency_report(result, rows)                          # all seven metrics

``result["temporal_factuality"]`` are per-row scores; ragas averages them over rows, whereas the
report macro-averages over relations as the paper does, so the two means can differ.

>>> import asyncio
>>> metric = TemporalFactuality()
>>> result = asyncio.run(metric.ascore(response="The Bends, in 1995", reference="the bends"))
>>> result.value
1.0
>>> asyncio.run(metric.ascore(response="kid b", reference="kid a")).reason
"1 of 2 gold words matched in place (gold 'kid a', compared 'kid b')"
"""

from __future__ import annotations

import math
import typing as t
from dataclasses import dataclass, field

import pandas as pd
from ragas.dataset_schema import EvaluationDataset, EvaluationResult, SingleTurnSample
from ragas.metrics.base import MetricType, SingleTurnMetric
from ragas.metrics.result import MetricResult

from ragas_temporal.tecfap.probe import ProbeRow
from ragas_temporal.tecfap.scoring import COMPATS, normalize_words, normalized_prediction, score_probe, soft_accuracy

if t.TYPE_CHECKING:
    from langchain_core.callbacks import Callbacks
    from ragas.run_config import RunConfig


@dataclass
class TemporalFactuality(SingleTurnMetric):
    """TeCFaP temporal factuality of one answer: soft accuracy of ``response`` against ``reference``.

    Position-aligned equal words over the gold's words, after the normalisation of
    ``compat`` (see :mod:`ragas_temporal.tecfap.scoring`). No LLM is called.

    Parameters
    ----------
    name : str, optional
        Result column; default ``temporal_factuality`` (``temporal_factuality_reference_code``
        with ``compat="reference_code"``, so both can run in one ``evaluate`` call).
    compat : {"paper", "reference_code"}
        Normalise gold and answer alike (paper) or reproduce the released script.

    Notes
    -----
    A sample whose ``response`` is missing or whose ``reference`` has no word gives NaN, with
    the reason in :meth:`ascore`'s result.
    """

    name: str = ""
    compat: str = "paper"
    _required_columns: t.Dict[MetricType, t.Set[str]] = field(
        default_factory=lambda: {MetricType.SINGLE_TURN: {"response", "reference"}}
    )

    def __post_init__(self) -> None:
        if self.compat not in COMPATS:
            raise ValueError(f"compat must be 'paper' or 'reference_code', got {self.compat!r}")
        if not isinstance(self.name, str) or (self.name and not self.name.strip()):
            raise ValueError(
                f"TemporalFactuality: name must be a non-empty string (the result column), or left out for "
                f"the default; got {self.name!r}"
            )
        if not self.name:
            self.name = "temporal_factuality" + ("" if self.compat == "paper" else f"_{self.compat}")
        super().__post_init__()

    def init(self, run_config: "RunConfig") -> None:
        """Nothing to set up: no LLM, no embeddings."""

    def score_texts(self, response: t.Any, reference: t.Any) -> MetricResult:
        """Score one (response, reference) pair; NaN with a reason when it cannot be scored."""
        if not isinstance(reference, str) or not reference.strip():
            return MetricResult(value=math.nan, reason="reference (the gold value object) is missing or empty")
        if response is None:
            return MetricResult(value=math.nan, reason="response is missing (None)")
        if not isinstance(response, str):
            return MetricResult(value=math.nan, reason=f"response is not a string ({type(response).__name__})")
        value = soft_accuracy(response, reference, self.compat)  # type: ignore[arg-type]
        if math.isnan(value):
            return MetricResult(value=math.nan, reason=f"reference {reference!r} has no word after normalisation")
        gold_words = reference.split() if self.compat == "reference_code" else normalize_words(reference)
        hits = round(value * len(gold_words))
        compared = normalized_prediction(response, reference, self.compat)  # type: ignore[arg-type]
        reason = (
            f"{hits} of {len(gold_words)} gold words matched in place "
            f"(gold {' '.join(gold_words)!r}, compared {compared!r})"
        )
        return MetricResult(value=value, reason=reason)

    async def ascore(self, response: t.Any = None, reference: t.Any = None, **_: t.Any) -> MetricResult:
        """Score keyword arguments (the ``@experiment`` style); returns value and reason."""
        return self.score_texts(response, reference)

    async def _single_turn_ascore(self, sample: SingleTurnSample, callbacks: "Callbacks") -> float:
        return float(self.score_texts(sample.response, sample.reference).value)


# --------------------------------------------------------------------------------------------
# dataset level


def _row_dicts(rows: t.Iterable[ProbeRow | t.Mapping[str, t.Any]]) -> list[dict[str, t.Any]]:
    out = []
    for row in rows:
        if isinstance(row, ProbeRow):
            out.append(row.to_dict())
        elif isinstance(row, t.Mapping):
            out.append(dict(row))
        else:
            raise TypeError(f"probe rows must be ProbeRow or mappings, got {type(row).__name__}")
    return out


def probe_to_evaluation_dataset(
    rows: t.Sequence[ProbeRow | t.Mapping[str, t.Any]], predictions: t.Sequence[t.Any]
) -> EvaluationDataset:
    """An ``EvaluationDataset`` with one sample per probe row, in row order.

    ``user_input`` is the rendered prompt, ``reference`` the gold value object and ``response``
    the prediction. ``predictions`` are strings or the records of :func:`run_probe` (their
    ``prediction`` field; a failed record gives an empty response).
    """
    row_dicts = _row_dicts(rows)
    if len(row_dicts) != len(predictions):
        raise ValueError(f"{len(row_dicts)} probe rows but {len(predictions)} predictions")
    samples = []
    for i, (row, pred) in enumerate(zip(row_dicts, predictions)):
        if isinstance(pred, t.Mapping):
            if "gold" in pred and pred["gold"] != row["gold"]:
                raise ValueError(f"prediction {i} is for gold {pred['gold']!r}, row {i} has gold {row['gold']!r}")
            pred = pred.get("prediction") or ""
        if not isinstance(pred, str):
            raise TypeError(f"prediction {i} must be a string or a run_probe record, got {type(pred).__name__}")
        samples.append(SingleTurnSample(user_input=row["prompt"], response=pred, reference=row["gold"]))
    return EvaluationDataset(samples=samples)


def consistency_report(
    data: EvaluationDataset | EvaluationResult | pd.DataFrame | t.Sequence[str],
    rows: t.Sequence[ProbeRow | t.Mapping[str, t.Any]],
    compat: str = "paper",
) -> pd.DataFrame:
    """The full TeCFaP table (see :func:`score_probe`) from evaluated samples and their probe rows.

    Parameters
    ----------
    data : EvaluationDataset, EvaluationResult, DataFrame or list of str
        The answers, one per probe row and in the same order: an ``EvaluationDataset`` (e.g.
        from :func:`probe_to_evaluation_dataset`), the result of ``ragas.evaluate`` on it, a
        DataFrame with a ``response`` column (``result.to_pandas()``) or plain strings.
    rows : sequence of ProbeRow or dicts
        The probe rows the samples were built from (they carry relation, pattern, direction
        and key step, which ragas does not keep).
    compat : {"paper", "reference_code"}

    Raises
    ------
    ValueError
        The lengths differ, or a sample's ``reference`` is not its row's gold (misaligned).
    """
    if isinstance(data, EvaluationResult):
        data = data.dataset
    if isinstance(data, EvaluationDataset):
        responses = [getattr(s, "response", None) for s in data.samples]
        references = [getattr(s, "reference", None) for s in data.samples]
    elif isinstance(data, pd.DataFrame):
        if "response" not in data.columns:
            raise ValueError("the DataFrame needs a 'response' column")
        responses = data["response"].tolist()
        references = data["reference"].tolist() if "reference" in data.columns else [None] * len(data)
    else:
        responses = list(data)
        references = [None] * len(responses)
    row_dicts = _row_dicts(rows)
    if len(responses) != len(row_dicts):
        raise ValueError(f"{len(responses)} samples but {len(row_dicts)} probe rows: they must align one to one")
    records = []
    for i, (row, response, reference) in enumerate(zip(row_dicts, responses, references)):
        if reference is not None and reference != row["gold"]:
            raise ValueError(f"sample {i} has reference {reference!r} but probe row {i} has gold {row['gold']!r}")
        records.append({**row, "prediction": "" if response is None else str(response)})
    return score_probe(records, compat=compat)  # type: ignore[arg-type]
