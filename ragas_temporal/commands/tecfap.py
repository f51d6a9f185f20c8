"""`ragas-temporal tecfap`: placeholder until its issue lands."""


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("tecfap", help="(not yet available)")
    p.set_defaults(func=lambda args: (_ for _ in ()).throw(ValueError("'tecfap' is not implemented yet")))
