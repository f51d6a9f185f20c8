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


#: Exit code of a usage or data error (argparse uses 2 as well).
EXIT_USAGE = 2
#: Exit code when every row failed (output is written; the cause is printed).
EXIT_ALL_ROWS_FAILED = 1
#: Exit code of an unexpected failure: still one line, the traceback only with RAGAS_TEMPORAL_DEBUG=1.
EXIT_INTERNAL = 70  # EX_SOFTWARE in sysexits.h
#: Longest error line printed: a message quoting hostile input must stay one readable line.
MAX_MESSAGE = 500

# What a user can fix: bad arguments, bad or unreadable files, numbers out of range.
USAGE_ERRORS = (ValueError, TypeError, OSError, OverflowError, RecursionError)


def one_line(exc: BaseException, limit: int = MAX_MESSAGE) -> str:
    """An exception as one line of at most ``limit`` characters.

    >>> one_line(ValueError("bad\\nvalue " + "x" * 600), limit=30)
    'bad value xxxxxxxxxx... (610 characters)'
    >>> one_line(OSError(36, "File name too long"))
    'File name too long'
    """
    if isinstance(exc, OSError) and exc.strerror and not exc.filename:
        text = exc.strerror
    else:
        text = str(exc) or type(exc).__name__
    text = " ".join(text.split())
    return text if len(text) <= limit else f"{text[:limit - 10]}... ({len(text)} characters)"


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    from ragas_temporal.commands.failures import RowsFailed, RunStopped

    try:
        return int(args.func(args) or 0)
    except RunStopped as exc:
        print(f"ragas-temporal {args.command}: {one_line(exc)}", file=sys.stderr)
        return exc.exit_code
    except RowsFailed as exc:
        print(f"ragas-temporal {args.command}: error: {one_line(exc)}", file=sys.stderr)
        return EXIT_ALL_ROWS_FAILED
    except USAGE_ERRORS as exc:
        print(f"ragas-temporal {args.command}: error: {one_line(exc)}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"ragas-temporal {args.command}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - a CLI prints one line, never a traceback
        if os.environ.get("RAGAS_TEMPORAL_DEBUG"):
            raise
        print(
            f"ragas-temporal {args.command}: internal error: {type(exc).__name__}: {one_line(exc)} "
            "(set RAGAS_TEMPORAL_DEBUG=1 for the traceback)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


if __name__ == "__main__":
    raise SystemExit(main())
