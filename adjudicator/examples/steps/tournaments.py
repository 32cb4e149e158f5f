"""A tournament recorded event by event (issue 5, ``features/<ruleset>/tournament.feature``): the
``tourney`` fixture, the notation its steps use for hands and teams, and the steps that start one.

Every recorded event goes through the live ``Tournament``; a refused event must leave its state exactly
as it was, and the standings checks also rebuild the tournament from its log. The steps on seating,
sheets, standings and playoffs are in the modules of those names.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from adjudicator.domain.cards import TEAMS
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.domain.tournaments import Tournament
from adjudicator.examples.registry import fixture
from adjudicator.examples.steps.scene import Scene
from adjudicator.examples.steps.vocabulary import Event, names, spoken
from adjudicator.simulation.tournaments import Director

# ----------------------------------------------------------------------------- the tournament


@dataclass
class TourneyContext:
    """The tournament a scenario runs: the live state, its log, and the last refused event."""

    t: Tournament = field(default_factory=Tournament)
    log: list[Event] = field(default_factory=list)
    refused: IllegalEvent | None = None
    director: Director | None = None
    hands: int = 0
    #: The qualifiers a final is made from, by name (``steps.finals``).
    qualifiers: list[tuple[str, Tournament]] = field(default_factory=list)

    @property
    def ruleset(self) -> str:
        return self.t.format.ruleset

    def record(self, event: Event, *, setup: bool = False, now: datetime | None = None) -> None:
        """Apply ``event`` as recorded at ``now`` (None: no moment, as on replay)."""
        before = json.dumps(self.t.state(), sort_keys=True, default=str) if self.t.fmt and not setup else None
        try:
            self.t.apply(event, now=now)
        except IllegalEvent as error:
            if setup:
                raise AssertionError(f"a Given event was refused: {error.message}: {event}") from None
            assert self.refused is None, f"{event} refused ({error}) after another refusal: {self.refused}"
            after = json.dumps(self.t.state(), sort_keys=True, default=str) if self.t.fmt else None
            assert before == after, "a refused event changed the tournament"
            self.refused = error
            return
        self.log.append(event)

    def no_refusal(self) -> None:
        assert self.refused is None, f"an event was refused: {self.refused}"

    def sheet_id(self, table: int, rnd: int | None = None) -> str:
        rnd = rnd if rnd is not None else self.t.next_round - 1
        return f"R{rnd}-T{table}"

    def seed_team(self, seed: int) -> str:
        """The team seeded ``seed``: in the bracket once seeded, in the proposal before."""
        seeds = self.t.seeding["seeds"] if self.t.seeding else self.t.propose_seeding()["seeds"]
        return str(seeds[seed - 1])

    def team_id(self, text: str) -> str:
        match = re.fullmatch(r"seed (\d+)", text)
        return self.seed_team(int(match.group(1))) if match else text

    # ------------------------------------------------------------------ notation

    def hand_score(self, token: str) -> dict[str, Any]:
        """``NS 5``, ``EW 4 boston``, ``NS 3 no trump`` (Bid Whist); ``5:3`` or ``-4:4`` (Bid Euchre)."""
        token = token.strip()
        if self.t.format.game == "Bid Euchre":
            ns, ew = (int(x) for x in token.split(":"))
            return {"points": {"north_south": ns, "east_west": ew}}
        words = token.split()
        side = {"NS": "north_south", "EW": "east_west"}[words[0]]
        points = int(words[1]) if len(words) > 1 and words[1].lstrip("-").isdigit() else 0
        rest = " ".join(words[2:] if len(words) > 1 and words[1].lstrip("-").isdigit() else words[1:])
        boston = "boston" in rest
        double = get_ruleset(self.ruleset).whist.double_hand_wins and (boston or "no trump" in rest)
        return {
            "final": True,
            "void": False,
            "winner": side,
            "points": {t: points if t == side else 0 for t in TEAMS},
            "hand_wins": {t: (2 if double else 1) if t == side else 0 for t in TEAMS},
            "boston": side if boston else None,
        }

    def score_match(self, match: str, hands: str) -> None:
        for token in names(hands):
            self.hands += 1
            self.record(
                {
                    "type": "hand_scored",
                    "match": match,
                    "hand": f"h{self.hands}",
                    "score": self.hand_score(token),
                }
            )

    def sign(self, match: str) -> None:
        sheet = self.t.sheets[match]
        for side in TEAMS:
            event: Event = {"type": "sheet_signed", "match": match}
            value = sheet.sides[side]
            if isinstance(value, str):
                event["team"] = value
                players = self.t.teams[value]["players"]
                if players:
                    event["player"] = players[0]
            else:
                event["player"] = value[0]
            self.record(event)

    # ------------------------------------------------------------------ reading

    def standings(self) -> dict[str, Any]:
        self.no_refusal()
        return self.t.standings()

    def delay(self) -> Mapping[str, Any]:
        rulings = [r for s in self.t.sheets.values() for r in s.rulings if r["kind"] == "delay_of_game"]
        assert rulings, "no delay of game was recorded"
        return rulings[-1]

    def dispute(self, dispute: str | None = None) -> Mapping[str, Any]:
        found = [
            d for s in self.t.sheets.values() for d in s.disputes.values() if dispute in (None, d["dispute"])
        ]
        assert found, "no such dispute"
        return found[-1]

    # ------------------------------------------------------------------ what the scene asks (scene.Subject)

    def take_refusal(self, text: str) -> None:
        assert self.refused is not None, "nothing was refused"
        assert text in spoken(self.refused.message), self.refused.message
        self.refused = None

    def citations(self, what: str, table: int | None) -> list[dict[str, str]]:
        t = self.t
        if table is not None:
            data = t.sheets[self.sheet_id(table)].to_dict(t.format)
            return list(data["result"]["citations"] if what == "match" else data["citations"])
        self.no_refusal()
        if what == "proposed seating":
            citations = t.proposal()["citations"]
        elif what == "standings":
            citations = t.standings()["citations"] + [
                c for tie in t.standings()["ties"] for c in tie["citations"]
            ]
        elif what == "playoff field":
            citations = t.propose_seeding()["citations"]
        elif what == "bracket":
            bracket = t.bracket()
            citations = bracket["citations"] if bracket else t.propose_seeding()["citations"]
        elif what == "medals":
            citations = t.medals()["citations"]
        elif what == "delay ruling":
            citations = self.delay()["citations"]
        elif what == "dispute":
            citations = self.dispute()["citations"]
        else:
            assert what == "correction", f"a tournament does not cite {what}"
            citations = [c for s in t.sheets.values() for corr in s.corrections for c in corr["citations"]]
        return list(citations)

    def match(self, table: int | None) -> tuple[dict[str, Any], Mapping[Any, Any]]:
        """The match at ``table`` in the last round seated."""
        assert table is not None, "say which table's match"
        sheet = self.t.sheets[self.sheet_id(table)]
        return sheet.result(self.t.format), sheet.sides

    def points(self, table: int | None) -> tuple[Mapping[str, int], Mapping[Any, Any]]:
        """The points ``table``'s sheet gives each side."""
        self.no_refusal()
        result, sides = self.match(table)
        return result["points"], sides


@fixture
def tourney(scene: Scene) -> TourneyContext:
    return scene.about(TourneyContext())
