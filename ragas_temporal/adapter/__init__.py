"""What every family's ragas classes stand on: TemporalMetric (the ragas adapter), a row read once, parameter
rules, the LLM slot, registration, the judge settings of the LLM modes, and the dataset runner (score_dataset)."""
