"""The examples in the engine's docstrings are true."""

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


def test_readme_examples() -> None:
    readme = Path(__file__).resolve().parents[2] / "README.md"
    failures, attempted = doctest.testfile(str(readme), module_relative=False)
    assert attempted > 0 and failures == 0
