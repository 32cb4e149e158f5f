"""The examples in the engine's docstrings, the README and the documentation are true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import adjudicator


def _modules_with_examples() -> list[str]:
    modules = pkgutil.walk_packages(adjudicator.__path__, "adjudicator.")
    names = ["adjudicator", *(m.name for m in modules)]
    finder = doctest.DocTestFinder()
    return sorted(
        name for name in names if any(t.examples for t in finder.find(importlib.import_module(name)))
    )


@pytest.mark.parametrize("name", _modules_with_examples())
def test_docstring_examples(name: str) -> None:
    failures, attempted = doctest.testmod(importlib.import_module(name))
    assert attempted > 0 and failures == 0


ROOT = Path(__file__).resolve().parents[2]
#: The README and every page of the documentation site that shows an example.
PAGES = [ROOT / "README.md", *(p for p in sorted((ROOT / "docs").glob("*.md")) if ">>> " in p.read_text())]


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_examples_of_the_readme_and_the_documentation(page: Path) -> None:
    failures, attempted = doctest.testfile(str(page), module_relative=False)
    assert attempted > 0 and failures == 0
