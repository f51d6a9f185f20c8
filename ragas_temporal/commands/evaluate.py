"""`ragas-temporal evaluate`: placeholder until its issue lands."""


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("evaluate", help="(not yet available)")
    p.set_defaults(func=lambda args: (_ for _ in ()).throw(ValueError("'evaluate' is not implemented yet")))
