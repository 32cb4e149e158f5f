"""pytest-bdd's steps, made from the service's own step library (``adjudicator.examples``).

Each sentence of the registry becomes one pytest-bdd step of its kind, with the registry's parser, that
calls the registry's function through the scenario's ``example_fixtures`` (the objects its steps share,
each made on first use, as the service's runner makes them). A sentence is written once, in
``adjudicator/examples/steps``: the suite (pytest-bdd) and the service (``adjudicator.examples.run``)
run the same function for it, and a step matches exactly where the service's runner would choose it.

Tags become markers; an example tagged ``@all`` and no rulebook also gets each Bid Whist rulebook's,
so ``pytest -m texas tests/features`` runs the examples the Texas page shows. After a scenario's last
step, its hand's log must survive its text record (a check of the suite's own, which the service does
not run).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from pytest_bdd import parsers, step
from pytest_bdd.parser import Feature, Scenario

from adjudicator import adjudicate
from adjudicator.domain.handfile import FORMAT, from_text, judged, normalized, to_text
from adjudicator.domain.rulebooks import RULESETS
from adjudicator.examples import steps  # noqa: F401  importing the step library registers every sentence
from adjudicator.examples.registry import DEFINITIONS, Definition, Fixtures, Kind
from adjudicator.examples.runner import NoStep, definition
from adjudicator.examples.steps.hands import Hand
from adjudicator.service.rulebook.examples import WHIST

FAILED = pytest.StashKey[bool]()


@cache
def chosen(kind: Kind, text: str) -> Definition | None:
    """The definition the service's runner runs for a sentence (None: no step says it)."""
    try:
        return definition(kind, text)[0]
    except NoStep:
        return None


class Sentence(parsers.StepParser):
    """A registered sentence as pytest-bdd's parser; its fields travel as one argument, ``fields``."""

    def __init__(self, said: Definition) -> None:
        super().__init__(said.pattern if isinstance(said.pattern, str) else said.pattern.format)
        self.said = said

    def is_matching(self, name: str) -> bool:
        return chosen(self.said.kind, name) is self.said

    def parse_arguments(self, name: str) -> dict[str, Any]:
        return {"fields": self.said.match(name) or {}}


def runs(said: Definition) -> Callable[..., None]:
    def run_step(
        example_fixtures: Fixtures, fields: dict[str, Any], datatable: list[list[str]] | None = None
    ) -> None:
        given = fields if datatable is None else {**fields, "datatable": datatable}
        example_fixtures.call(said.function, given)

    run_step.__doc__ = said.function.__doc__
    return run_step


for said in DEFINITIONS:  # at module level: pytest-bdd puts each step's fixture in this module
    step(Sentence(said), said.kind)(runs(said))


@pytest.fixture
def example_fixtures() -> Fixtures:
    """One scenario's shared objects (``scene``, ``hand``, ``tourney``...), made as the runner makes them."""
    return Fixtures()


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """An example tagged ``@all`` and no rulebook runs for every Bid Whist rulebook (as its pages say)."""
    for item in items:
        tags = {mark.name for mark in item.iter_markers()}
        if "all" in tags and not tags & set(RULESETS):
            for ruleset in WHIST:
                item.add_marker(ruleset)


def pytest_bdd_step_error(request: pytest.FixtureRequest) -> None:
    request.node.stash[FAILED] = True


def pytest_bdd_step_func_lookup_error(request: pytest.FixtureRequest) -> None:
    request.node.stash[FAILED] = True


def pytest_bdd_after_scenario(request: pytest.FixtureRequest, feature: Feature, scenario: Scenario) -> None:
    if not request.node.stash.get(FAILED, False):
        every_hand_survives_its_text_record(request.getfixturevalue("example_fixtures"))


def every_hand_survives_its_text_record(fixtures: Fixtures) -> None:
    """A scenario's hand log (if it recorded one) as a text record reads back into the same events, and
    they give the same rulings and score (``adjudicator.domain.handfile``)."""
    scene = fixtures.made.get("scene")
    hand = next((s for s in scene.subjects if isinstance(s, Hand)), None) if scene is not None else None
    if hand is None or hand.table is None or not hand.events:
        return
    table = hand.table
    given = normalized(
        {"format": FORMAT, "ruleset": table.ruleset.id, "dealer": table.dealer, "events": hand.events}
    )
    (back,) = from_text(to_text(given, judged(given)))
    assert back == given
    before, after = (adjudicate(table.ruleset, table.dealer, r["events"], "noted") for r in (given, back))
    assert (after.score, after.rulings_data()) == (before.score, before.rulings_data())
