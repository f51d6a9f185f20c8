"""`ragas-temporal` itself: whatever a command raises, the user gets one line and an exit code."""

from __future__ import annotations

import pytest

from ragas_temporal import cli


def _run_with(monkeypatch, capsys, exc):
    def explode(args):
        raise exc

    parser = cli.build_parser(["extract"])
    real_parse = parser.parse_args

    def parse(argv):
        args = real_parse(argv)
        args.func = explode
        return args

    monkeypatch.setattr(parser, "parse_args", parse)
    monkeypatch.setattr(cli, "build_parser", lambda argv: parser)
    code = cli.main(["extract", "x"])
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return code, err.strip()


@pytest.mark.parametrize("exc, code, text", [
    (ValueError("bad value"), 2, "ragas-temporal extract: error: bad value"),
    (OSError(36, "File name too long"), 2, "ragas-temporal extract: error: File name too long"),
    (IsADirectoryError(21, "Is a directory", "out"), 2, "error: [Errno 21] Is a directory: 'out'"),
    (OverflowError("cannot convert float infinity to integer"), 2, "error: cannot convert float infinity"),
    (RecursionError("maximum recursion depth exceeded"), 2, "error: maximum recursion depth exceeded"),
    (ValueError("many\nlines\nof\ntext " + "z" * 2000), 2, "error: many lines of text zzz"),
    (KeyError("surprise"), 70, "internal error: KeyError: 'surprise' (set RAGAS_TEMPORAL_DEBUG=1"),
    (KeyboardInterrupt(), 130, "ragas-temporal extract: interrupted"),
])
def test_every_exception_is_one_line(monkeypatch, capsys, exc, code, text):
    got_code, line = _run_with(monkeypatch, capsys, exc)
    assert got_code == code
    assert text in line
    assert len(line) <= 600


def test_debug_variable_shows_the_traceback(monkeypatch, capsys):
    monkeypatch.setenv("RAGAS_TEMPORAL_DEBUG", "1")
    with pytest.raises(KeyError):
        _run_with(monkeypatch, capsys, KeyError("surprise"))
