"""A hand recorded event by event, then judged: the ``hand`` fixture and the steps on the hand as a whole.

The steps speak the rulebooks' words (books, kitty, renege, uptown/downtown); each one records an event
dict through ``Table.apply`` exactly as a scorekeeper would, or asserts on what the engine then says:
the table's state, its rulings, its score. A step that records an event the engine refuses keeps the
error for ``Then the event is refused``; any other ``Then`` step fails on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from adjudicator.domain.adjudication import Adjudication, adjudicate, judge
from adjudicator.domain.cards import TEAMS, Seat
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.matches import match_result
from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.domain.rulings import Ruling
from adjudicator.domain.table import Conflicts, Table
from adjudicator.examples.registry import fixture, given, then, when
from adjudicator.examples.steps.scene import Scene
from adjudicator.examples.steps.vocabulary import Event, spoken, step


@dataclass
class Hand:
    """The hand a scenario records: the table, its event log, and the last refused event."""

    table: Table | None = None
    events: list[Event] = field(default_factory=list)
    refused: IllegalEvent | None = None
    version_before: int | None = None
    ruling: Ruling | None = None
    dealt_hands: dict[str, list[str]] = field(default_factory=dict)
    draw_result: dict[str, Any] | None = None
    match_scores: list[dict[str, Any]] = field(default_factory=list)

    @property
    def t(self) -> Table:
        assert self.table is not None, "start with: Given a <ruleset> hand dealt by <seat>"
        return self.table

    @property
    def ruleset_id(self) -> str:
        return self.t.ruleset.id

    def record(self, event: Event, *, setup: bool = False, conflicts: Conflicts = "refused") -> None:
        """Record ``event`` as a writer who sees the concealed cards would, or as ``conflicts`` says."""
        before = self.t.version
        try:
            self.t.apply(event, conflicts)
        except IllegalEvent as error:
            if setup:
                raise AssertionError(f"a Given event was refused: {error.message}: {event}") from None
            assert self.refused is None, (
                f"{event} refused ({error.message}) after an earlier refusal: {self.refused.message}"
            )
            self.refused, self.version_before = error, before
            return
        self.events.append(event)

    def judged(self) -> Adjudication:
        """The engine's adjudication; also checks that replaying the log rebuilds the same table."""
        if self.refused is not None:
            raise AssertionError(f"an event was refused: {self.refused.message}")
        result = judge(self.t)
        again = adjudicate(self.ruleset_id, self.t.dealer, self.events, "noted")  # the record, as stored
        assert again.state == result.state, "replaying the event log gives a different table"
        assert again.rulings_data() == result.rulings_data(), "replaying gives different rulings"
        return result

    def rulings(self, kind: str | None = None) -> list[Ruling]:
        return [r for r in self.judged().rulings if kind is None or r.kind == kind]

    def the_ruling(self) -> Ruling:
        assert self.ruling is not None, "no ruling picked: use 'Then there is a ... ruling ...'"
        return self.ruling

    def score(self) -> dict[str, Any]:
        return self.judged().score

    def turn(self) -> Seat:
        turn = self.t.state()["turn"]
        assert turn is not None, "nobody is to act"
        return cast(Seat, turn["seat"])

    # ------------------------------------------------------------------ what the scene asks (scene.Subject)
    def take_refusal(self, text: str) -> None:
        assert self.refused is not None, "the event was recorded, not refused"
        assert text in spoken(self.refused.message), f"refused for another reason: {self.refused.message}"
        assert self.t.version == self.version_before, "a refused event moved the table's version"
        assert self.t.version == len(self.events)
        self.refused = None  # later steps judge the table as it stands

    def citations(self, what: str, table: int | None) -> list[dict[str, str]]:
        assert table is None, f"a hand has no tables: {what}"
        if what == "ruling":
            cited = self.the_ruling().citations
        elif what == "draw":
            assert self.draw_result is not None
            cited = self.draw_result["citations"]
        elif what == "match":
            cited = self.match(None)[0]["citations"]
        else:
            cited = self.t.ruleset.cite(what)
        return [c.to_dict() for c in cited]

    def match(self, table: int | None) -> tuple[dict[str, Any], Mapping[Any, Any]]:
        """The match of the hands played with ``When these hands are played:``."""
        assert table is None, "a hand has no tables"
        return match_result(self.t.ruleset, self.match_scores), {team: team for team in TEAMS}

    def points(self, table: int | None) -> tuple[Mapping[str, int], Mapping[Any, Any]]:
        assert table is None, "a hand has no tables"
        return self.score()["points"], {team: team for team in TEAMS}


@fixture
def hand(scene: Scene) -> Hand:
    return scene.about(Hand())


@given(step("a {ruleset:Ruleset} hand dealt by {dealer:Seat}"))
def a_hand(hand: Hand, ruleset: str, dealer: Seat) -> None:
    hand.table = Table(get_ruleset(ruleset), dealer)


@when("the hand is closed")
@when("the official closes the hand")
def closed(hand: Hand) -> None:
    hand.record({"type": "close"})


@when(step('the scorekeeper records a play of {card:Card} by a seat named "{seat:Q}"'))
def play_by_any_seat(hand: Hand, card: str, seat: str) -> None:
    """A play as the API would receive it, from a seat the step names whether or not it exists."""
    hand.record({"type": "play", "seat": seat, "card": card})


@when(step('the scorekeeper records an event of a kind named "{kind:Q}"'))
def any_kind(hand: Hand, kind: str) -> None:
    hand.record({"type": kind})


@when(step('the official corrects event {event:d} to {seat:Seat} plays {card:Card}, because "{reason:Q}"'))
def corrects_a_play(hand: Hand, event: int, seat: Seat, card: str, reason: str) -> None:
    replacement = {"type": "play", "seat": seat, "card": card}
    hand.record({"type": "correct_record", "event": event, "replace_with": replacement, "reason": reason})


@then(step("it is {seat:Seat}'s turn to {action}"))
def turn_is(hand: Hand, seat: Seat, action: str) -> None:
    hand.judged()
    assert hand.t.state()["turn"] == {"seat": seat, "action": action}


@then(step("the hand is in its {phase} phase"))
def phase_is(hand: Hand, phase: str) -> None:
    assert hand.judged().state["phase"] == phase
