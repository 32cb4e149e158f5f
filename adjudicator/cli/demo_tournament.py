"""The demonstration tournament of ``adjudicator demo``: a small Detroit open, recorded through the
same use cases as the API, so that the console's tournament pages have something real to show.

Ten teams play the rulebook's three rounds of four hands; the top eight (Detroit I Playoff
Determination) play the bracket down to the medals. Every hand is dealt and played legally by
``adjudicator.simulation.hands`` and adjudicated. Table 1's hands and the final's are recorded in the hand
store and put on their sheets with ``linkHand`` (the replay viewer opens them); the other tables'
scores are entered from their paper sheets (``hand_scored``), as a director does for a table
without a scorekeeper. Every sheet is signed by a member of each team; one dispute is filed and denied.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from itertools import count
from typing import Any, TypeVar
from uuid import UUID

from adjudicator.domain.cards import SEATS, TEAMS, Seat
from adjudicator.domain.tournaments import Tournament
from adjudicator.service.credentials import Author
from adjudicator.service.ports import Hands, Tournaments

NAME = "Demo Open"
RULESET = "detroit"
#: (team name, its two players): the players sit north-south or east-west as the draw puts them.
ENTRIES = (
    ("Motor City Aces", ("Ada", "Bea")),
    ("Belle Isle Books", ("Cy", "Dee")),
    ("Eastside Jokers", ("Eve", "Fay")),
    ("Woodward Runners", ("Gus", "Hal")),
    ("Corktown Kings", ("Ida", "Jo")),
    ("Rouge River Queens", ("Kay", "Lou")),
    ("Palmer Park Bostons", ("Max", "Ned")),
    ("Greektown Trumps", ("Ola", "Pat")),
    ("Dexter Avenue Deuces", ("Quin", "Rae")),
    ("Hamtramck Highs", ("Sal", "Tom")),
)
#: The table whose hands are recorded in the hand store, card by card, in every round.
SCOREKEPT_TABLE = 1
T = TypeVar("T")


class DemoTournament:
    """Records the demonstration tournament, event by event, as its officials would."""

    def __init__(
        self,
        hands: Hands,
        tournaments: Tournaments,
        author: Author,
        name: str = NAME,
        people: Sequence[Sequence[str]] = (),
    ) -> None:
        self.hands, self.tournaments, self.author, self.name = hands, tournaments, author, name
        self.people = people
        self.seeds: Iterator[int] = count(7001)
        self.rng = random.Random(12)
        self.linked = 0
        self.id = UUID(int=0)

    def read(self, what: Callable[[Tournament], T]) -> T:
        return self.tournaments.read(self.id, lambda view: what(view.tournament))

    def record(self, *events: dict[str, Any]) -> None:
        from adjudicator.service import tournaments as use

        use.append_events(self.tournaments, self.id, list(events), author=self.author)

    def run(self) -> tuple[UUID, int]:
        """Record the whole tournament: its id and its number of events."""
        from adjudicator.service import seating
        from adjudicator.service import tournaments as use

        created = use.create(self.tournaments, {"ruleset": RULESET, "name": self.name}, self.author)
        self.id = created["id"]
        self.record(
            *(
                {
                    "type": "team_registered",
                    "team": f"T{n:02d}",
                    "number": n,
                    "name": name,
                    "players": list(p),
                }
                | ({"people": list(self.people[n - 1])} if n <= len(self.people) else {})
                for n, (name, p) in enumerate(ENTRIES, start=1)
            )
        )
        for round_number in range(1, (self.read(lambda t: t.max_rounds) or 3) + 1):
            while self.read(lambda t: t.draws_needed()):
                seating.draw(self.tournaments, self.id, by="Chief director", author=self.author)
            seating.seat_round(self.tournaments, self.id, round_number, author=self.author)
            tables = self.read(lambda t: {s.match: s.table for s in t.sheets.values()})
            for match in self.waiting("round"):
                self.play(match, real=tables[match] == SCOREKEPT_TABLE)
            if round_number == 1:
                self.dispute()
        self.settle_ties()
        seating.seed_playoff(self.tournaments, self.id, by="Chief director", author=self.author)
        while waiting := self.waiting("playoff"):
            for match in waiting:
                self.play(match, real=match == "final")
        return self.id, self.read(lambda t: t.version)

    def waiting(self, stage: str) -> list[str]:
        """The matches of ``stage`` not yet decided."""
        return self.read(lambda t: [s.match for s in t.sheets.values() if s.stage == stage and not s.decided])

    def play(self, match: str, real: bool) -> None:
        """Hands until the match is over, a level playoff match played off, then both sides sign."""
        from adjudicator.domain.adjudication import adjudicate
        from adjudicator.service import hand_imports as hand_use
        from adjudicator.service import tournaments as use

        sides = self.read(lambda t: {side: str(t.sheets[match].sides[side]) for side in TEAMS})
        players = self.read(lambda t: {side: t.members(sides[side]) for side in TEAMS})
        seated = dict(
            zip(
                SEATS,
                (
                    players["north_south"][0],
                    players["east_west"][0],
                    players["north_south"][1],
                    players["east_west"][1],
                ),
                strict=True,
            )
        )
        number = 0
        while not self.read(lambda t: t.sheets[match].result(t.format)["over"]):
            number += 1
            dealer = SEATS[(number - 1) % 4]
            events = self._hand(dealer)
            if real:
                label = f"{self.name}, {match}, hand {number}"
                item = {
                    "ruleset": RULESET,
                    "dealer": dealer,
                    "players": seated,
                    "label": label,
                    "events": events,
                }
                hand_id, _ = hand_use.record_hand(self.hands, item, self.author)
                use.link_hand(self.tournaments, self.hands, self.id, match, hand_id, author=self.author)
                self.linked += 1
                continue
            score = adjudicate(RULESET, dealer, events).score
            kept = {k: score[k] for k in use.SCORE_KEYS}
            self.record(
                {
                    "type": "hand_scored",
                    "match": match,
                    "hand": f"{match}/{number}",
                    "score": kept,
                    "dealer": dealer,
                }
            )
        if self.read(
            lambda t: (
                t.sheets[match].stage == "playoff" and t.sheets[match].result(t.format)["winner"] is None
            )
        ):
            order = [sides["north_south"], sides["east_west"]]
            self.rng.shuffle(order)
            self.record(
                {
                    "type": "tiebreak_decided",
                    "match": match,
                    "teams": order,
                    "reason": "won the single-game playoff",
                    "hand": f"{match}/playoff",
                }
            )
        for side in TEAMS:
            use.sign(self.tournaments, self.id, match, sides[side], players[side][0], author=self.author)

    def _hand(self, dealer: Seat) -> list[dict[str, Any]]:
        from adjudicator.simulation.hands import random_hand

        return random_hand(next(self.seeds), RULESET, dealer)

    def dispute(self) -> None:
        """Round 1's second table: its east-west team disputes a hand; the director denies it."""
        match = "R1-T2"
        team = self.read(lambda t: str(t.sheets[match].sides["east_west"]))
        self.record(
            {
                "type": "dispute_filed",
                "dispute": "D1",
                "match": match,
                "form_complete": True,
                "team": team,
                "detail": "hand 3: we say the last book was ours",
            },
            {
                "type": "dispute_ruled",
                "dispute": "D1",
                "upheld": False,
                "reason": "the scorekeeper's record of hand 3 stands: the last book was won by north-south",
            },
        )

    def settle_ties(self) -> None:
        """A tie on every key at or above the cut is played off (a single game), as Detroit I says."""
        cut = self.read(lambda t: t.propose_seeding()["size"])
        for tie in self.read(lambda t: t.standings()["ties"]):
            if tie["rank"] <= cut + 1:
                order = list(tie["teams"])
                self.rng.shuffle(order)
                self.record({"type": "tiebreak_decided", "teams": order, "reason": "single game played off"})


def record_tournament(
    hands: Hands,
    tournaments: Tournaments,
    author: Author,
    name: str = NAME,
    people: Sequence[Sequence[str]] = (),
) -> str:
    """Record the demonstration tournament; its line for ``adjudicator demo``'s output. ``people``:
    the first teams' players' records in the association's registry (none: names only)."""
    demo = DemoTournament(hands, tournaments, author, name, people)
    tournament_id, version = demo.run()
    said = f"{len(ENTRIES)} teams, {demo.linked} hands linked, {version} events"
    return f"{tournament_id} {name} (tournament, {RULESET}, {said})"
