"""The notebooks in notebooks/ are jupytext pairs, run end to end offline, draw the pictures they
promise, and are committed with the outputs a fresh run gives.

Each notebook is two files paired by ``[tool.jupytext]`` in pyproject.toml: ``NN_name.py``, a
percent script (the cells to edit and review), and ``NN_name.ipynb``, the same cells with their
outputs (so the code host shows the tables and plots). After editing a notebook (its ``.py``, or
either file in Jupyter with jupytext installed, which saves both), store its new outputs with::

    python -m tests.test_notebooks              # every notebook; or name some: 02_llm_judge

which reads the cells from each ``.py`` (keeping the ``.ipynb``'s cell ids), runs them in the
kernel the tests use and writes the ``.ipynb``.

Each notebook runs in a fresh ``python3`` kernel (the venv's ipykernel) with its working directory
set to notebooks/, analytics off, a non-interactive matplotlib backend, no provider settings from
the developer's shell, and an OpenAI base URL that points nowhere, so an accidental network call
fails instead of reaching a provider. A code cell tagged ``picture`` must produce an image/png
output; the notebooks named in ``PROMISED_PICTURES`` must have at least that many such cells.

A fresh run must print what the stored notebook shows: stream text, text/plain and text/html
are compared exactly (nothing is normalised: the notebooks print no timing, path or address).
Images are compared by count per cell and each must be a PNG: their bytes change with the
matplotlib and FreeType versions, so they are not compared.
"""

from __future__ import annotations

import base64
import copy
import importlib.util
import os
import re
import sys
import tempfile
from pathlib import Path

import jupytext
import nbformat
import pytest

NOTEBOOK_DIR = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
SCRIPTS = sorted(NOTEBOOK_DIR.glob("[0-9][0-9]_*.py"))  # the paired scripts (offline_llm.py is a module)
CELL_TIMEOUT = 300  # seconds per cell
PICTURE_TAG = "picture"
# Issue 6: a timeline per sample and metric distributions (01), cost per sample (02),
# a forward/backward bar chart (03).
PROMISED_PICTURES = {"01_quickstart.ipynb": 2, "02_llm_judge.ipynb": 1, "03_tecfap.ipynb": 1}
# Settings that would switch a notebook to a real provider or a real benchmark clone.
ONLINE_SWITCHES = ("RAGAS_TEMPORAL_OPENAI_MODEL", "RAGAS_TEMPORAL_TECFAP_DATA", "OPENAI_BASE_URL")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# What would make a stored output differ on another machine or run: a path of this machine, a memory address.
MACHINE_PATHS = tuple(p for p in (str(NOTEBOOK_DIR.parent), sys.prefix, os.path.expanduser("~"), tempfile.gettempdir(),
                                   "site-packages") if len(p) > 1)  # a home of "/" would match any text
ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{6,}")


def _picture_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [c for c in nb.cells if c.cell_type == "code" and PICTURE_TAG in c.metadata.get("tags", [])]


def _code_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [c for c in nb.cells if c.cell_type == "code"]


def _kernel_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ONLINE_SWITCHES}
    env.update(
        RAGAS_DO_NOT_TRACK="true",
        MPLBACKEND="Agg",  # the notebooks select the inline backend themselves
        OPENAI_API_KEY="sk-test-not-a-real-key",
        OPENAI_BASE_URL="http://127.0.0.1:9/v1",  # discard port: a stray call fails fast
    )
    return env


def _execute(nb: nbformat.NotebookNode, env: dict[str, str]) -> nbformat.NotebookNode:
    """Run ``nb`` in place from empty outputs; what it stores is the same on every run and machine."""
    from nbclient import NotebookClient

    for cell in _code_cells(nb):
        cell.outputs, cell.execution_count = [], None
    client = NotebookClient(
        nb, timeout=CELL_TIMEOUT, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK_DIR)}},
        record_timing=False,  # no execution timestamps in the cells' metadata
        coalesce_streams=True,  # one stdout output per cell, however the kernel flushed it
    )
    client.execute(env=env)  # raises CellExecutionError (with the traceback) on any error
    nb.metadata.get("language_info", {}).pop("version", None)  # the kernel's Python patch version
    return nb


def _outputs(cell: nbformat.NotebookNode) -> list[tuple]:
    """A cell's outputs as compared between runs: texts exactly, images by count (see the docstring)."""
    shown = []
    for out in cell.outputs:
        if out.output_type == "stream":
            shown.append(("stream", out.name, out.text))
        elif out.output_type in ("display_data", "execute_result"):
            data = out.get("data", {})
            texts = tuple((mime, data[mime]) for mime in ("text/plain", "text/html") if mime in data)
            shown.append((out.output_type, sorted(data), texts))
        else:
            shown.append((out.output_type, out.get("ename"), out.get("evalue")))
    return shown


def _pngs(cell: nbformat.NotebookNode) -> list[str]:
    return [o.data["image/png"] for o in cell.outputs if "image/png" in o.get("data", {})]


def _cell_inputs(nb: nbformat.NotebookNode) -> list[tuple]:
    return [(c.cell_type, c.source, c.metadata.get("tags", [])) for c in nb.cells]


def test_the_promised_notebooks_exist():
    assert set(PROMISED_PICTURES) <= {p.name for p in NOTEBOOKS}


def test_every_notebook_is_a_jupytext_pair():
    assert [p.stem for p in NOTEBOOKS] == [p.stem for p in SCRIPTS], "each NN_name.ipynb needs its NN_name.py"
    from jupytext.config import load_jupytext_config
    from jupytext.formats import long_form_multiple_formats
    from jupytext.paired_paths import paired_paths

    for path in NOTEBOOKS:
        config = load_jupytext_config(str(path))  # pyproject.toml's [tool.jupytext]
        assert config is not None, "no jupytext configuration pairs the notebooks"
        formats = long_form_multiple_formats(config.default_formats(str(path)))
        assert {p for p, _ in paired_paths(str(path), "ipynb", formats)} == {str(path), str(path.with_suffix(".py"))}
        assert path.with_suffix(".py").read_text(encoding="utf-8").startswith("# ---\n# jupyter:\n")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_notebook_holds_the_cells_of_its_script(path: Path):
    stored = nbformat.read(path, as_version=4)
    nbformat.validate(stored)
    script = jupytext.read(path.with_suffix(".py"))
    assert _cell_inputs(stored) == _cell_inputs(script), (
        f"{path.name} and {path.stem}.py hold different cells: edit the .py, then python -m tests.test_notebooks"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_notebook_is_run_and_holds_nothing_of_the_machine(path: Path):
    nb = nbformat.read(path, as_version=4)
    code = _code_cells(nb)
    assert [c.execution_count for c in code] == list(range(1, len(code) + 1)), (
        f"{path.name} is not stored as one run from the top: python -m tests.test_notebooks {path.stem}"
    )
    assert [c.id for c in code if "execution" in c.metadata] == []  # execution timestamps
    assert "version" not in nb.metadata.get("language_info", {})
    texts = [str(out) for c in code for out in _outputs(c)]
    assert [p for p in MACHINE_PATHS if any(p in text for text in texts)] == []
    assert [a for text in texts for a in ADDRESS.findall(text)] == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_notebook_shows_its_promised_pictures(path: Path):
    nb = nbformat.read(path, as_version=4)
    pictures = _picture_cells(nb)
    assert len(pictures) >= PROMISED_PICTURES.get(path.name, 0), f"{path.name} lost a promised picture cell"
    assert [c.id for c in pictures if not _pngs(c)] == [], f"{path.name}: a picture cell is stored without its image"


@pytest.mark.notebook
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_fresh_run_gives_the_stored_outputs(path: Path):
    stored = nbformat.read(path, as_version=4)
    fresh = _execute(copy.deepcopy(stored), _kernel_env())  # in memory: the checkout is never written

    for cell in _picture_cells(fresh):
        assert _pngs(cell), f"{path.name}: picture cell {cell.id} drew no image"
    for old, new in zip(_code_cells(stored), _code_cells(fresh), strict=True):
        assert _outputs(new) == _outputs(old), (
            f"{path.name}: cell {old.id} printed something else than its stored output; "
            f"if the change is intended: python -m tests.test_notebooks {path.stem}"
        )
        assert len(_pngs(new)) == len(_pngs(old))
        assert all(base64.b64decode(png)[:8] == PNG_SIGNATURE for png in _pngs(new))


@pytest.mark.notebook
def test_llm_judge_notebook_takes_the_provider_path_when_a_model_is_named():
    # RAGAS_TEMPORAL_OPENAI_MODEL switches notebook 02 to a real OpenAI-compatible provider; here
    # the "provider" is a loopback server answering with the package's offline judge (the rules
    # the notebook uses offline), so the switch, the key/base-URL handling and the token meter are
    # exercised without a network.
    from tests.support.fake_judges import rule_based_judge
    from tests.support.openai_server import LoopbackOpenAIServer

    nb = nbformat.read(NOTEBOOK_DIR / "02_llm_judge.ipynb", as_version=4)
    with LoopbackOpenAIServer(lambda request: rule_based_judge(request.user_text)) as server:
        env = _kernel_env()
        env.update(RAGAS_TEMPORAL_OPENAI_MODEL="loopback-model", OPENAI_BASE_URL=server.base_url)
        _execute(nb, env)
        n_requests = len(server.requests)

    printed = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert "judge: loopback-model" in printed
    # section 1 judged through the server: sample 19's one claim names 2007 and 2009, the contexts
    # give 2007 and 2008, so the rules label it PARTIALLY_SUPPORTED: (0 + 0.5 * 1) / 1 = 0.5
    assert "score 0.5: 1 temporal claim: 1 partially supported" in printed
    assert n_requests > 0
    assert all(r.body.get("model") == "loopback-model" for r in server.requests)


def test_a_named_model_without_a_key_says_so_in_one_line_and_judges_offline(monkeypatch, capsys):
    # before: notebook 02 ended in the OpenAI client's traceback ("Missing credentials")
    spec = importlib.util.spec_from_file_location("offline_llm_under_test", NOTEBOOK_DIR / "offline_llm.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setenv("RAGAS_TEMPORAL_OPENAI_MODEL", "gpt-4o-mini")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    _, _, model = module.judge_llm()
    from ragas_temporal.llm.offline import OFFLINE_MODEL

    assert model == OFFLINE_MODEL
    assert capsys.readouterr().out.splitlines() == [
        "RAGAS_TEMPORAL_OPENAI_MODEL=gpt-4o-mini needs an API key for https://api.openai.com/v1: set "
        "OPENAI_API_KEY before starting Jupyter; using the offline judge meanwhile"]


def store_outputs(names: list[str]) -> int:
    """Run the notebooks named (stems; all when none) from their ``.py`` and write each ``.ipynb``."""
    from jupytext.combine import combine_inputs_with_outputs

    wanted = {Path(n).stem for n in names} or {p.stem for p in SCRIPTS}
    unknown = wanted - {p.stem for p in SCRIPTS}
    if unknown:
        print(f"no notebooks/{sorted(unknown)[0]}.py; the notebooks are: {', '.join(p.stem for p in SCRIPTS)}")
        return 2
    for script in SCRIPTS:
        if script.stem not in wanted:
            continue
        target = script.with_suffix(".ipynb")
        nb = jupytext.read(script)
        if target.exists():  # keep the stored cell ids, so only the changed cells show in a diff
            nb = combine_inputs_with_outputs(nb, nbformat.read(target, as_version=4), fmt="py:percent")
        _execute(nb, _kernel_env())
        partial = target.with_name(target.name + ".partial")  # a failed write leaves the stored notebook
        partial.write_text(jupytext.writes(nb, fmt="ipynb"), encoding="utf-8")
        partial.replace(target)
        print(f"wrote {target.relative_to(NOTEBOOK_DIR.parent)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(store_outputs(sys.argv[1:]))
