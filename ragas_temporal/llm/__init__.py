"""The one LLM layer: running a prompt (timeouts, repair, retries), the retry policy, the runner of
LLM-answered rows, usage metering, prompt rendering, and the resumable output store."""
