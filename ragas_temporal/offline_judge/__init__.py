"""The offline stand-in judge: no key, no network."""
