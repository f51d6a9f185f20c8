"""Shared test doubles (offline, deterministic).

- ``tests.support.fake_llm``: ``ScriptedLLM`` (a ``ragas`` ``BaseRagasLLM`` answering from a script,
  recording prompts, counting calls and tokens, injecting faults), ``ScriptedChatModel`` and
  ``langchain_wrapped`` / ``fake_list_chat_llm`` (LangChain chat models wrapped in
  ``LangchainLLMWrapper``), ``count_tokens``, ``Delay``.
- ``tests.support.openai_server``: ``LoopbackOpenAIServer`` (OpenAI-compatible HTTP server on
  127.0.0.1 for the real openai / instructor / langchain-openai client paths), ``HANG``,
  ``HTTPReply``, ``refused_base_url``; ``tests/conftest.py`` turns it into the ``openai_server`` and
  ``openai_server_factory`` fixtures every test can ask for.
- ``tests.support.chat_replies``: the OpenAI reply JSON both send (``chat_completion``, with usage)
  and ``in_process_client``, an ``AsyncOpenAI`` answered in-process (``httpx.MockTransport``).
- ``tests.support.fake_judges``: ``rule_based_judge``, a judge that reads a rendered prompt back and
  answers with the package's offline rules (the ones ``offline_llm()`` answers with from structured
  inputs), and stock ragas Faithfulness prompts from the years in the texts; ``parse_prompt_input``,
  ``read_probe_prompt``, ``offline_llm_factory`` (an ``llm_factory`` LLM over ``in_process_client``);
  ``judge_with_overrides`` and the judges that behave as small local models.
- ``tests.support.doc_blocks``: the runner of the documentation's code blocks (``fences``,
  ``run_block``, ``stated_results``, ``matches_stated``), used by ``tests/test_docs.py`` on README.md
  and every ``docs/**/*.md`` page.
"""
