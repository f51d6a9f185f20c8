"""docs/ARCHITECTURE.md stays true (every module it names exists, every module is named there), and the
imports keep the layer contracts in pyproject.toml ([tool.importlinter], run here by import-linter)."""

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
    text = "see ragas_temporal/adapter/base.py and `ragas_temporal/__init__.py`, not ragas_temporal/ alone"
    assert MODULE_PATH.findall(text) == ["ragas_temporal/adapter/base.py", "ragas_temporal/__init__.py"]


def test_every_module_named_in_architecture_exists():
    named = _named_modules()
    assert len(named) > 20  # the doc lists the package, not a handful of files
    missing = sorted(path for path in named if not (ROOT / path).is_file())
    assert not missing, f"docs/ARCHITECTURE.md names modules that do not exist: {missing}"


def test_every_package_module_is_named_in_architecture():
    unnamed = sorted(_package_modules() - _named_modules())
    assert not unnamed, f"add these modules to docs/ARCHITECTURE.md: {unnamed}"


# --- the layers: import-linter's contracts in pyproject.toml are the rules; what it cannot check is below ---

PACKAGE = ROOT / "ragas_temporal"
PYPROJECT = ROOT / "pyproject.toml"
FACE = "ragas_temporal"  # the package's own __init__.py: the public face


def _packages() -> set[str]:
    """The units the layer rules speak of: sub-packages, top-level modules, and the public face."""
    subpackages = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    modules = {path.stem for path in PACKAGE.glob("*.py") if path.stem != "__init__"}
    return subpackages | modules | {FACE}


def _unit(module: str) -> str:
    """``ragas_temporal.metrics`` -> ``metrics``; the face keeps its name."""
    return module.split(".", 1)[1] if "." in module else module


def _contracts(kind: str) -> list[dict]:
    from importlinter.api import read_configuration

    contracts = read_configuration(str(PYPROJECT))["contracts_options"]
    return [contract for contract in contracts if contract["type"] == kind]


def _floors() -> list[set[str]]:
    """The layers contract's floors, top first, each as the set of its units."""
    (contract,) = _contracts("layers")
    return [set(re.split(r"\s*[|:]\s*", layer.strip())) for layer in contract["layers"]]


def test_the_imports_keep_the_layer_contracts(capsys):
    from importlinter.cli import lint_imports

    status = lint_imports(config_filename=str(PYPROJECT), no_cache=True)
    assert status == 0, capsys.readouterr().out


def test_every_package_stands_on_one_floor():
    # a unit on no floor may import and be imported by anything: import-linter cannot tell it is missing
    placed = [unit for floor in _floors() for unit in floor]
    assert len(placed) == len(set(placed)), f"a unit on two floors: {placed}"
    assert set(placed) | {FACE} == _packages(), f"units on no floor, or floors of no unit: {(set(placed) | {FACE}) ^ _packages()}"


def test_every_family_is_kept_from_the_commands_and_on_the_families_floor():
    # the registry finds the families (a package with a metric.py); the commands reach them only through it
    from ragas_temporal.metrics.registry import FAMILIES

    (forbidden,) = _contracts("forbidden")
    kept_out = {_unit(module) for module in forbidden["forbidden_modules"]}
    family_floors = [floor for floor in _floors() if floor & set(FAMILIES)]
    assert set(FAMILIES) - {"tecfap"} == kept_out, "list every metric family in the forbidden contract"
    assert set(FAMILIES) <= set().union(*family_floors)


# --- private names: import-linter checks private modules, not the private names a module imports ----------


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
