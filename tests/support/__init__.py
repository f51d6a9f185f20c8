"""Shared test doubles (offline, deterministic).

- ``tests.support.fake_llm``: ``ScriptedLLM`` (a ``ragas`` ``BaseRagasLLM`` answering from a script,
  recording prompts, counting calls and tokens, injecting faults), ``ScriptedChatModel`` and
  ``langchain_wrapped`` / ``fake_list_chat_llm`` (LangChain chat models wrapped in
  ``LangchainLLMWrapper``), ``count_tokens``, ``Delay``.
- ``tests.support.openai_server``: ``LoopbackOpenAIServer`` (OpenAI-compatible HTTP server on
  127.0.0.1 for the real openai / instructor / langchain-openai client paths), ``HANG``,
  ``HTTPReply``, ``refused_base_url``; ``tests/conftest.py`` turns it into the ``openai_server`` and
  ``openai_server_factory`` fixtures every test can ask for.
- ``tests.support.fake_judges``: ``rule_based_judge``, the package's offline judge
  (``ragas_temporal.judging``) as a script answering our temporal prompts and stock ragas
  Faithfulness prompts from the years in the texts; ``parse_prompt_input``; ``judge_with_overrides``.
- ``tests.support.doc_blocks``: the runner of the documentation's code blocks (``fences``,
  ``run_block``, ``stated_results``, ``matches_stated``), used by ``tests/test_docs.py`` on README.md
  and every ``docs/**/*.md`` page.
"""
