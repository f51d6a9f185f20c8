"""docs/ARCHITECTURE.md stays true: every module it names exists, every module is named there, and the
imports are the ones its layer rules state."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARCHITECTURE = ROOT / "docs" / "ARCHITECTURE.md"
MODULE_PATH = re.compile(r"\bragas_temporal/[\w/]*\.py\b")


def _named_modules() -> set[str]:
    return set(MODULE_PATH.findall(ARCHITECTURE.read_text(encoding="utf-8")))


def _package_modules() -> set[str]:
    return {path.relative_to(ROOT).as_posix() for path in (ROOT / "ragas_temporal").rglob("*.py")}


def test_the_module_pattern_finds_paths_in_text():
    text = "see ragas_temporal/metrics/base.py and `ragas_temporal/__init__.py`, not ragas_temporal/ alone"
    assert MODULE_PATH.findall(text) == ["ragas_temporal/metrics/base.py", "ragas_temporal/__init__.py"]


def test_every_module_named_in_architecture_exists():
    named = _named_modules()
    assert len(named) > 20  # the doc lists the package, not a handful of files
    missing = sorted(path for path in named if not (ROOT / path).is_file())
    assert not missing, f"docs/ARCHITECTURE.md names modules that do not exist: {missing}"


def test_every_package_module_is_named_in_architecture():
    unnamed = sorted(_package_modules() - _named_modules())
    assert not unnamed, f"add these modules to docs/ARCHITECTURE.md: {unnamed}"


# --- the layers: ARCHITECTURE.md's import rules against the imports the modules make ---------------

PACKAGE = ROOT / "ragas_temporal"
FACE = "ragas_temporal"  # the package's own __init__.py: the public face
RULE = re.compile(r"^- `(?P<package>[\w.]+)` imports? (?P<rest>.*)$")


def _packages() -> set[str]:
    """The units the layer rules speak of: sub-packages, top-level modules, and the public face."""
    subpackages = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    modules = {path.stem for path in PACKAGE.glob("*.py") if path.stem != "__init__"}
    return subpackages | modules | {FACE}


def _first_clause(text: str) -> str:
    """``text`` up to its first ``:``, ``;`` or ``.`` outside backticks and parentheses, parentheses dropped."""
    out, depth, quoted = [], 0, False
    for char in text:
        if char == "`":
            quoted = not quoted
        elif not quoted and char == "(":
            depth += 1
        elif not quoted and char == ")":
            depth -= 1
            continue
        elif not quoted and depth == 0 and char in ":;.":
            break
        if depth == 0:
            out.append(char)
    return "".join(out)


def layer_rules(markdown: str) -> dict[str, frozenset[str]]:
    """The "Layers: who may import whom" section as a table: package -> the packages it may import."""
    section = markdown.split("## Layers: who may import whom", 1)[1].split("\n## ", 1)[0]
    rules: dict[str, frozenset[str]] = {}
    for line in section.splitlines():
        match = RULE.match(line)
        if match is None:
            continue
        package, clause = match["package"], _first_clause(match["rest"])
        assert package not in rules, f"two layer rules for `{package}`"
        rules[package] = frozenset() if clause.startswith("nothing of ours") else frozenset(re.findall(r"`([\w.]+)`", clause))
    return rules


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _package_of(module: str, packages: set[str]) -> str | None:
    """The unit a dotted module name of ours belongs to (None: not ours)."""
    parts = module.split(".")
    if parts[0] != FACE:
        return None
    return parts[1] if len(parts) > 1 and parts[1] in packages else FACE


def _imports(path: Path, packages: set[str]):
    """(target package, imported name, line) for every import statement of ours in the module at ``path``."""
    module = _module_name(path)
    here = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if (target := _package_of(alias.name, packages)) is not None:
                    yield target, alias.name.rsplit(".", 1)[-1], node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # a relative import, made absolute
                base = ".".join(here[: len(here) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                # "from ragas_temporal import scores" imports a package; "import __version__" the face
                target = _package_of(full if base == FACE and alias.name in packages else base, packages)
                if target is not None:
                    yield target, alias.name, node.lineno


def package_imports() -> dict[str, dict[str, list[str]]]:
    """package -> imported package -> where ("path:line"), every module of the package walked."""
    packages = _packages()
    found: dict[str, dict[str, list[str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        source = _package_of(_module_name(path), packages)
        for target, _, line in _imports(path, packages):
            if target != source:
                found.setdefault(source, {}).setdefault(target, []).append(f"{path.relative_to(ROOT)}:{line}")
    return found


def layer_problems(rules: dict[str, frozenset[str]], imports: dict[str, dict[str, list[str]]]) -> list[str]:
    """Every import a rule forbids, and every dependency a rule states that no import makes."""
    problems = []
    for package in sorted(set(rules) | set(imports)):
        allowed, made = rules.get(package), imports.get(package, {})
        if allowed is None:
            problems.append(f"`{package}` has no layer rule")
            continue
        problems += [f"`{package}` imports `{t}`, which its rule does not allow: {made[t][0]}" for t in sorted(set(made) - allowed)]
        problems += [f"`{package}`'s rule names `{t}`, but no module of it imports `{t}`" for t in sorted(allowed - set(made))]
    return problems


def test_the_layer_rules_read_the_first_clause_of_each_bullet():
    text = (
        "## Layers: who may import whom\nintro `x` imports `y`.\n"
        "- `a` imports nothing of ours: the floor.\n"
        "- `b` imports `a` (through `c.d`), `c` and ragas; not `e`.\n"
        "- Modules do not import `a`.\n## Next\n- `z` imports `a`.\n"
    )
    assert layer_rules(text) == {"a": frozenset(), "b": frozenset({"a", "c"})}


def test_layer_problems_name_a_forbidden_import_and_a_stated_dependency_never_made():
    rules = {"a": frozenset(), "b": frozenset({"a", "c"}), "c": frozenset()}
    imports = {"a": {"b": ["ragas_temporal/a/x.py:3"]}, "b": {"a": ["ragas_temporal/b/y.py:9"]}}
    assert layer_problems(rules, imports) == [
        "`a` imports `b`, which its rule does not allow: ragas_temporal/a/x.py:3",
        "`b`'s rule names `c`, but no module of it imports `c`",
    ]
    assert layer_problems({}, {"d": {"a": ["p:1"]}}) == ["`d` has no layer rule"]


def test_the_imports_are_the_ones_the_layer_rules_state():
    rules = layer_rules(ARCHITECTURE.read_text(encoding="utf-8"))
    packages = _packages()
    assert set(rules) == packages, f"layer rules for unknown packages or packages without a rule: {set(rules) ^ packages}"
    unknown = sorted({t for targets in rules.values() for t in targets} - packages)
    assert not unknown, f"layer rules name packages that do not exist: {unknown}"
    problems = layer_problems(rules, package_imports())
    assert not problems, "docs/ARCHITECTURE.md's layers disagree with the imports:\n" + "\n".join(problems)


def test_the_layer_rules_have_no_cycle():
    rules = layer_rules(ARCHITECTURE.read_text(encoding="utf-8"))
    done: set[str] = set()

    def visit(package: str, path: tuple[str, ...]) -> None:
        assert package not in path, f"import cycle: {' -> '.join(path + (package,))}"
        if package not in done:
            for target in rules.get(package, ()):
                visit(target, path + (package,))
            done.add(package)

    for package in rules:
        visit(package, ())


def test_no_module_imports_a_private_name_of_another_package():
    packages = _packages()
    crossing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = _package_of(_module_name(path), packages)
        crossing += [
            f"{path.relative_to(ROOT)}:{line} imports {name} from `{target}`"
            for target, name, line in _imports(path, packages)
            if target != source and name.startswith("_") and not name.startswith("__")
        ]
    assert not crossing, crossing
