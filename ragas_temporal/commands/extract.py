"""`ragas-temporal extract`: print the temporal mentions and focus-time years of a text.

::

    ragas-temporal extract "TEXT" [--reference-date YYYY-MM-DD] [--language CODE] [--json]
    echo "TEXT" | ragas-temporal extract - [--reference-date YYYY-MM-DD]

Example output::

    $ ragas-temporal extract "From 2008 to 2010, and last year." --reference-date 2019-06-01
    [0, 17)  'From 2008 to 2010'  range  2008/2010  years 2008-2010
    [23, 32)  'last year'  relative  2018  years 2018
    focus time: 2008, 2009, 2010, 2018
"""

from __future__ import annotations

import argparse
import json
import sys


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "extract",
        help="show the temporal mentions and focus-time years of a text",
        description="Extract temporal mentions (span, text, kind, normalised value, years) and the focus time.",
    )
    parser.add_argument("text", help="the text to analyse, or '-' to read it from standard input")
    parser.add_argument(
        "--reference-date",
        default=None,
        metavar="YYYY-MM-DD",
        help="date that relative expressions ('yesterday', 'last year') resolve against",
    )
    parser.add_argument(
        "--language",
        default="en",
        metavar="CODE",
        help="language of the text: en (default), de, fr, es, it, pt, nl, ru, pl, tr, ar, hi, zh, ja, ko, or auto",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    parser.set_defaults(func=run)


def _years_label(years) -> str:
    ys = sorted(years)
    if not ys:
        return "no years"
    if len(ys) > 2 and ys[-1] - ys[0] == len(ys) - 1 - (1 if ys[0] < 0 < ys[-1] else 0):
        return f"years {ys[0]}-{ys[-1]}"  # a contiguous span
    return "years " + ", ".join(map(str, ys))


def format_text(ft) -> str:
    """Human-readable report: one line per mention, then the focus-time years."""
    lines = [
        f"[{m.start}, {m.end})  {m.text!r}  {m.kind}  {m.value if m.value is not None else '-'}  {_years_label(m.years)}"
        for m in ft.mentions
    ]
    if not ft.mentions:
        lines.append("no temporal mentions")
    lines.append("focus time: " + (", ".join(map(str, sorted(ft.years))) if ft.years else "(empty)"))
    return "\n".join(lines)


def reference_date_hint(ft) -> str | None:
    """A one-line hint when mentions wait for a date to count from (none was given), else None.

    >>> from ragas_temporal.focus_time import extract_focus_time
    >>> print(reference_date_hint(extract_focus_time("Revenue fell last year and rose on June 4.")))
    hint: 2 mentions have no year ('last year', 'June 4'): add --reference-date YYYY-MM-DD to resolve them
    >>> reference_date_hint(extract_focus_time("Revenue fell in 2019.")) is None
    True
    """
    from ragas_temporal.focus_time.spans import read_relative, read_yearless

    waiting = [m.text for m in ft.mentions if read_relative(m.value) or read_yearless(m.value)]
    if not waiting:
        return None
    shown = ", ".join(repr(text) for text in waiting[:3]) + (", ..." if len(waiting) > 3 else "")
    noun = "mention has" if len(waiting) == 1 else "mentions have"
    return f"hint: {len(waiting)} {noun} no year ({shown}): add --reference-date YYYY-MM-DD to resolve them"


def run(args: argparse.Namespace) -> int:
    from ragas_temporal.focus_time import extract_focus_time

    text = sys.stdin.read() if args.text == "-" else args.text
    ft = extract_focus_time(text, reference_date=args.reference_date, language=args.language)
    if args.json:
        out = ft.to_dict()
        out["reference_date"] = args.reference_date
        if args.language != "en":
            out["language"] = args.language
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(format_text(ft))
    hint = None if args.reference_date else reference_date_hint(ft)
    if hint:  # on stderr: the report on stdout stays what a script parses
        sys.stdout.flush()
        print(hint, file=sys.stderr)
    return 0
