"""The examples in the tournament package's docstrings are true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import adjudicator.domain.tournaments as package

MODULES = [
    "adjudicator.domain.tournaments",
    *(m.name for m in pkgutil.iter_modules(package.__path__, package.__name__ + ".")),
]
WITH_EXAMPLES = [
    m for m in MODULES if any(t.examples for t in doctest.DocTestFinder().find(importlib.import_module(m)))
]


def test_there_are_examples() -> None:
    assert "adjudicator.domain.tournaments.playoffs" in WITH_EXAMPLES


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_tournament_docstring_examples(name: str) -> None:
    failures, attempted = doctest.testmod(importlib.import_module(name))
    assert attempted > 0 and failures == 0
