"""Sub-commands of the ``ragas-temporal`` CLI, one module each (see ragas_temporal.cli)."""
