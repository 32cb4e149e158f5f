"""The package's Gherkin runner (``adjudicator.examples``), which the service and the test suite share:
``And`` continues the kind before it, a step's fields, table and fixtures are given by name, a
fixture is made once per example, a sentence no step says fails in words, and under ``python -O``
(where the steps' asserts vanish) nothing is reported as holding."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from typing import Any

import parse
import pytest

from adjudicator.examples import registry, run, runner
from adjudicator.examples.registry import Definition


@dataclass(frozen=True)
class Said:
    keyword: str
    text: str
    table: tuple[tuple[str, ...], ...] = ()


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[list[Any]]:
    """A registry of three steps and one fixture, ``notes``: each example's notes, in order."""
    made: list[list[Any]] = []

    def notes() -> list[Any]:
        made.append([])
        return made[-1]

    steps = [
        Definition("given", "a list", lambda notes: notes.append("given")),
        Definition("then", parse.compile("it holds {n:d}"), lambda notes, n: notes.append(n)),
        Definition("then", "a table", lambda notes, datatable: notes.append(datatable)),
        Definition("then", "it holds 4", lambda notes: notes.append("the later step")),
    ]
    monkeypatch.setattr(runner, "DEFINITIONS", steps)
    monkeypatch.setattr(registry, "FIXTURES", {"notes": notes})
    return made


def test_and_continues_the_kind_before_it_and_each_example_has_fixtures_of_its_own(
    made: list[list[Any]],
) -> None:
    steps = [Said("Given", "a list"), Said("Then", "it holds 2"), Said("And", "it holds 4")]
    assert run([*steps, Said("But", "a table", (("a", "b"), ("1", "2")))]).passed
    assert run(steps[:2]).passed
    assert made == [["given", 2, "the later step", [["a", "b"], ["1", "2"]]], ["given", 2]]


def test_a_sentence_no_step_says_or_a_failed_check_fails_in_words(made: list[list[Any]]) -> None:
    outcome = run([Said("Given", "a list"), Said("And", "it holds 2")])
    assert not outcome.passed and outcome.failure == "And it holds 2: no given step says 'it holds 2'"
    failed = run([Said("Given", "a list")], after=lambda fixtures: _fails(fixtures.get("notes")))
    assert failed.failure == "after the last step: the notes were ['given']"
    assert isinstance(failed.error, AssertionError)


def _fails(notes: list[Any]) -> None:
    raise AssertionError(f"the notes were {notes}")


def test_under_python_o_nothing_is_reported_as_holding() -> None:
    said = subprocess.run(
        [sys.executable, "-O", "-c", "from adjudicator.examples import run; print(run([]))"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert "passed=False" in said.stdout and "python -O" in said.stdout
