"""The house keeps its shape: modules and classes stay small enough to read in one sitting.

A module over ~400 lines or a class over ~250 is a sign that several concepts share one home; pure
data tables (a rulebook's citations, an OpenAPI description) are allowed to be long.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("adjudicator", "api")
MAX_MODULE_LINES = 400
MAX_CLASS_LINES = 250


def _modules() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_is_a_warehouse(path: Path) -> None:
    lines = len(path.read_text().splitlines())
    assert lines <= MAX_MODULE_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it by concept"


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_class_is_a_god_class(path: Path) -> None:
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            size = (node.end_lineno or node.lineno) - node.lineno + 1
            assert size <= MAX_CLASS_LINES, f"{path.relative_to(ROOT)}: class {node.name} has {size} lines"


def test_the_floors_and_the_import_graph_keep_their_contracts(monkeypatch: pytest.MonkeyPatch) -> None:
    """import-linter's contracts (pyproject.toml): the domain imports neither the service layer nor an
    entry point nor a framework; the service layer imports no entry point; no package has a cycle."""
    from importlinter.cli import lint_imports

    monkeypatch.chdir(ROOT)
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True) == 0
