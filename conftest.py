"""Run-wide set-up for the tests and the package's docstring examples (``--doctest-modules``).

RAGAS_DO_NOT_TRACK must be set before anything imports ragas; clients refuse to build without an
API key, so a placeholder is set (never used for a real call: the tests are offline).
"""

import os

os.environ["RAGAS_DO_NOT_TRACK"] = "true"
os.environ.setdefault("OPENAI_API_KEY", "sk-test-not-a-real-key")
