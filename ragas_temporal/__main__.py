"""``python -m ragas_temporal`` is the same as the ``ragas-temporal`` console script."""

from ragas_temporal.cli import main

raise SystemExit(main())
