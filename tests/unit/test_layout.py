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


def _offenders(found: list[str], rule: str) -> str:
    """The failure message: every offender at once, so one run shows all there is to split."""
    return f"{len(found)} {rule}:\n" + "\n".join(found)


def test_no_module_is_a_warehouse() -> None:
    sizes = ((path, len(path.read_text().splitlines())) for path in _modules())
    found = [
        f"{path.relative_to(ROOT)} has {lines} lines" for path, lines in sizes if lines > MAX_MODULE_LINES
    ]
    assert not found, _offenders(found, f"modules over {MAX_MODULE_LINES} lines (split each by concept)")


def test_no_class_is_a_god_class() -> None:
    found = [
        f"{path.relative_to(ROOT)}: class {node.name} has {size} lines"
        for path in _modules()
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ClassDef)
        and (size := (node.end_lineno or node.lineno) - node.lineno + 1) > MAX_CLASS_LINES
    ]
    assert not found, _offenders(found, f"classes over {MAX_CLASS_LINES} lines")


def test_the_floors_and_the_import_graph_keep_their_contracts(monkeypatch: pytest.MonkeyPatch) -> None:
    """import-linter's contracts (pyproject.toml): the domain imports neither the service layer nor an
    entry point nor a framework; the service layer imports no entry point; no package has a cycle."""
    from importlinter.cli import lint_imports

    monkeypatch.chdir(ROOT)
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True) == 0
