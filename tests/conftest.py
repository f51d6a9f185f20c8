"""Test-wide set-up. RAGAS_DO_NOT_TRACK must be set before anything imports ragas."""

import os

os.environ["RAGAS_DO_NOT_TRACK"] = "true"
os.environ.setdefault("OPENAI_API_KEY", "sk-test-not-a-real-key")  # clients refuse to build without one; never used for real calls
