"""`ragas-temporal extract`: placeholder until its issue lands."""


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("extract", help="(not yet available)")
    p.set_defaults(func=lambda args: (_ for _ in ()).throw(ValueError("'extract' is not implemented yet")))
