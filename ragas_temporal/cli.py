"""Command-line entry point: ``ragas-temporal {extract,evaluate,tecfap} ...``.

Each sub-command lives in its own module under ``ragas_temporal.commands`` and exposes
``add_parser(subparsers)``, which registers its arguments and sets ``func(args) -> int``.
Modules are imported only when needed so that ``extract`` never pays for importing ragas.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Sequence

# The CLI is often run offline; ragas's usage tracking would try the network. Users can opt back in.
os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")

COMMANDS = ("extract", "evaluate", "tecfap")


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    from ragas_temporal import __version__

    parser = argparse.ArgumentParser(
        prog="ragas-temporal",
        description="Temporal metrics for RAG and LLM evaluation with ragas.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    wanted = _command_in(argv)
    for name in COMMANDS:
        if wanted is None or wanted == name:
            importlib.import_module(f"ragas_temporal.commands.{name}").add_parser(sub)
        else:  # registered without importing its module; only the chosen command is loaded
            sub.add_parser(name)
    return parser


def _command_in(argv: Sequence[str]) -> str | None:
    for arg in argv:
        if arg in COMMANDS:
            return arg
        if not arg.startswith("-"):
            return None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except (ValueError, FileNotFoundError, TypeError) as exc:
        print(f"ragas-temporal {args.command}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
