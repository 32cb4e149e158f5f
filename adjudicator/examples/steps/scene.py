"""What a scenario is about, and the steps that say the same thing of a hand and of a tournament.

A scenario records one subject: a hand (``hands.Hand``, the ``hand`` fixture) or a tournament
(``tournaments.TourneyContext``, the ``tourney`` fixture). Each registers itself with the scenario's
:class:`Scene` when a step first asks for it, so the steps here speak of whichever it is: a refused
event, what a ruling or record cites, the points scored, how a match stands.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from adjudicator.domain.cards import TEAMS
from adjudicator.examples.registry import fixture, then
from adjudicator.examples.steps.vocabulary import sheet_side, step


class Subject(Protocol):
    """What both a hand and a tournament can say about themselves."""

    def take_refusal(self, text: str) -> None:
        """Check that the last event was refused for ``text``, then clear the refusal."""

    def citations(self, what: str, table: int | None) -> list[dict[str, str]]:
        """What ``what`` cites (``table``'s record where the step names a table)."""

    def match(self, table: int | None) -> tuple[dict[str, Any], Mapping[Any, Any]]:
        """A match's result (see ``adjudicator.domain.matches.match_result``) and who plays each side."""

    def points(self, table: int | None) -> tuple[Mapping[str, int], Mapping[Any, Any]]:
        """The points a hand's score (or ``table``'s sheet) gives each side, and who plays each side."""


S = TypeVar("S", bound=Subject)


@dataclass
class Scene:
    subjects: list[Subject] = field(default_factory=list)

    def about(self, subject: S) -> S:
        self.subjects.append(subject)
        return subject

    @property
    def subject(self) -> Subject:
        assert len(self.subjects) == 1, f"a scenario records one hand or one tournament: {self.subjects}"
        return self.subjects[0]


@fixture
def scene() -> Scene:
    return Scene()


@then(step('the event is refused: "{text:Q}"'))
@then(step('the tournament refuses it: "{text:Q}"'))
def refused(scene: Scene, text: str) -> None:
    scene.subject.take_refusal(text)


@then(step('the {what:Cited} cites "{document:Q}" section "{section:Q}"'))
@then(step('the {what:Cited} cite "{document:Q}" section "{section:Q}"'))
@then(step('table {table:d}\'s {what:Record} cites "{document:Q}" section "{section:Q}"'))
def cites(scene: Scene, what: str, document: str, section: str, table: int | None = None) -> None:
    citations = scene.subject.citations(what, table)
    assert {"document": document, "section": section} in citations, citations


@then(step("the score gives {a:Team} {p:d} points and {b:Team} {q:d}"))
@then(step("the score gives {a:Team} {p:d} point and {b:Team} {q:d}"))
@then(step('table {table:d}\'s sheet gives "{a:Q}" {p:d} points and "{b:Q}" {q:d}'))
def points(scene: Scene, a: str, p: int, b: str, q: int, table: int | None = None) -> None:
    scored, sides = scene.subject.points(table)
    got = {sides[team]: scored[team] for team in TEAMS}
    assert got == {sheet_side(a): p, sheet_side(b): q}, got


@then("the match is still going")
@then(step("table {table:d}'s match is still going"))
def match_going(scene: Scene, table: int | None = None) -> None:
    result, _ = scene.subject.match(table)
    assert result["winner"] is None and not result["over"], result


@then("the match is tied")
@then(step("table {table:d}'s match is tied"))
def match_tied(scene: Scene, table: int | None = None) -> None:
    result, _ = scene.subject.match(table)
    assert result["winner"] is None and result["over"], result


@then(step("{team:Team} wins the match"))
@then(step('"{team:Q}" wins table {table:d}\'s match'))
def wins_match(scene: Scene, team: str, table: int | None = None) -> None:
    result, sides = scene.subject.match(table)
    assert result["over"] and result["winner"] is not None, result
    assert sides[result["winner"]] == sheet_side(team), result
