"""Whole tournaments run through the domain: a director's day, event by event, from a seed.

``run_detroit`` plays a Detroit tournament with real hands (``adjudicator.simulation.hands.random_hand``
adjudicated by ``adjudicator.adjudicate``): draws, confirmed seating, 3 rounds of 4 hands, signed
sheets, the playoff of 16/32/64 and its Final Four. ``run_ontario`` plays an Ontario day of
progressive Bid Euchre, each hand scored by Bid Euchre's ``hand_points``. Both return the live
``Tournament`` and its log, so that a test can replay the log and compare.

    python -m adjudicator.simulation.tournaments 128 40
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any

from adjudicator.domain.adjudication import adjudicate
from adjudicator.domain.cards import SEATS, TEAMS
from adjudicator.domain.games.euchre import hand_points, parse_euchre_bid
from adjudicator.domain.tournaments.events import EventData
from adjudicator.domain.tournaments.replay import Tournament, replay_tournament
from adjudicator.domain.tournaments.sheets import Sheet
from adjudicator.simulation.hands import random_hand

HandScorer = Callable[[Sheet, int], dict[str, Any]]


class Director:
    """Records events on a live tournament and keeps the log, as the API will."""

    def __init__(self, seed: int) -> None:
        self.tournament = Tournament()
        self.log: list[EventData] = []
        self.rng = random.Random(seed)

    def record(self, event: EventData) -> None:
        self.tournament.apply(event)
        self.log.append(event)

    def seat_next_round(self) -> None:
        t = self.tournament
        while t.draws_needed():
            self.record(t.random_draw(t.draws_needed()[0], self.rng))
        proposal = t.proposal()
        assert proposal["tables"] is not None, proposal["detail"]
        self.record({"type": "seating_confirmed", "round": proposal["round"], "tables": proposal["tables"]})

    def play(self, sheet: Sheet, score_hand: HandScorer) -> None:
        """Play hands until the match is over, then a member of each side signs."""
        t = self.tournament
        number = 0
        while not sheet.result(t.format)["over"]:
            number += 1
            self.record(
                {
                    "type": "hand_scored",
                    "match": sheet.match,
                    "hand": f"{sheet.match}/{number}",
                    "score": score_hand(sheet, number),
                }
            )
        if sheet.stage == "playoff" and sheet.result(t.format)["winner"] is None:
            teams = [sheet.sides["north_south"], sheet.sides["east_west"]]
            self.rng.shuffle(teams)
            self.record(
                {
                    "type": "tiebreak_decided",
                    "match": sheet.match,
                    "teams": teams,
                    "reason": "won the single-game playoff",
                    "hand": f"{sheet.match}/playoff",
                }
            )
        for side in TEAMS:
            members = t.members(sheet.sides[side])
            event: EventData = {"type": "sheet_signed", "match": sheet.match}
            if isinstance(sheet.sides[side], str):
                event["team"] = sheet.sides[side]
            if members:
                event["player"] = members[0]
            self.record(event)

    def play_round(self, score_hand: HandScorer) -> None:
        rnd = self.tournament.next_round - 1
        for sheet in list(self.tournament.sheets.values()):
            if sheet.stage == "round" and sheet.round == rnd:
                self.play(sheet, score_hand)

    def settle_ties(self, limit: int) -> None:
        """Play off every tie on every key among the first ``limit`` places, by a recorded playoff."""
        for tie in self.tournament.standings()["ties"]:
            if tie["rank"] <= limit:
                order = list(tie["teams"])
                self.rng.shuffle(order)
                self.record(
                    {"type": "tiebreak_decided", "teams": order, "reason": "playoff won in that order"}
                )

    def play_playoffs(self, score_hand: HandScorer) -> None:
        t = self.tournament
        while True:
            waiting = [s for s in t.sheets.values() if s.stage == "playoff" and not s.decided]
            if not waiting:
                return
            for sheet in waiting:
                self.play(sheet, score_hand)


def whist_hand(ruleset: str, seed: int) -> HandScorer:
    """Scores of real hands: dealt, bid and played at random but legally, then adjudicated."""
    counter = iter(range(seed, seed + 10**9))

    def score(sheet: Sheet, number: int) -> dict[str, Any]:
        dealer = SEATS[(number - 1) % 4]
        result = adjudicate(ruleset, dealer, random_hand(next(counter), ruleset, dealer)).score
        return {k: result[k] for k in ("final", "void", "winner", "points", "hand_wins", "boston")}

    return score


def euchre_hand(rng: random.Random) -> HandScorer:
    """Ontario hands in the abstract: a bid and a split of the 8 tricks, scored by the rulebook (I.8-I.10)."""

    def score(sheet: Sheet, number: int) -> dict[str, Any]:
        bidders = rng.choice(TEAMS)
        tricks = rng.randint(2, 6)
        bid = parse_euchre_bid(f"{tricks} {rng.choice(['hearts', 'spades', 'no trump'])}")
        assert bid is not None
        taken = max(0, min(8, round(rng.gauss(tricks + 0.5, 1.5))))
        ours, theirs = hand_points(bid, taken, 8 - taken)
        other = "east_west" if bidders == "north_south" else "north_south"
        return {"points": {bidders: ours, other: theirs}}

    return score


def run_detroit(
    teams: int = 128, seed: int = 1, people: Mapping[str, list[str]] | None = None, name: str | None = None
) -> Director:
    """A Detroit tournament of ``teams`` teams, from registration to the medals; ``people``: the
    association's records of some teams' players (by team id)."""
    director = Director(seed)
    director.record({"type": "tournament_created", "ruleset": "detroit", "name": name or f"Detroit {teams}"})
    for n in range(1, teams + 1):
        team = f"D{n:03d}"
        linked = {"people": list(people[team])} if people and team in people else {}
        director.record(
            {
                "type": "team_registered",
                "team": team,
                "number": n,
                "players": [f"{team}a", f"{team}b"],
                **linked,
            }
        )
    scorer = whist_hand("detroit", seed * 100_000)
    t = director.tournament
    for _ in range(t.max_rounds or 3):
        director.seat_next_round()
        director.play_round(scorer)
    proposal = t.propose_seeding()
    director.settle_ties(proposal["size"] + 1)
    proposal = t.propose_seeding()
    director.record({"type": "playoff_seeded", "seeds": proposal["seeds"], "by": "official"})
    director.play_playoffs(scorer)
    return director


def first_semi_final(name: str, teams: Mapping[str, str], seed: int = 7) -> Director:
    """A Detroit tournament of four named teams (id: name) in the playoff: round 1 played and signed,
    the playoff seeded as the standings propose, the first semi-final played, the second not."""
    director = Director(seed)
    director.record({"type": "tournament_created", "ruleset": "detroit", "name": name})
    for n, (team, called) in enumerate(teams.items(), start=1):
        players = [f"{called} {n}a", f"{called} {n}b"]
        director.record(
            {"type": "team_registered", "team": team, "number": n, "name": called, "players": players}
        )
    director.seat_next_round()
    director.play_round(whist_hand("detroit", seed * 10))
    director.settle_ties(len(teams))
    t = director.tournament
    director.record({"type": "playoff_seeded", "seeds": t.propose_seeding()["seeds"]})
    director.play(t.sheets["P1-1"], whist_hand("detroit", seed * 10 + 1))
    return director


def run_ontario(players: int = 40, seed: int = 1, games: int = 12) -> Director:
    """An Ontario day: ``players`` players in pairs (a floater pair when the pairs are odd), ``games``
    games in sessions of six, progressive movement, then the standings' medals."""
    director = Director(seed)
    director.record({"type": "tournament_created", "ruleset": "ontario", "name": f"Ontario {players}"})
    pairs = players // 2
    for n in range(1, pairs + 1 + (pairs % 2)):
        ids = [f"P{n:02d}a", f"P{n:02d}b"]
        for p in ids:
            director.record({"type": "player_registered", "player": p})
        director.record(
            {"type": "team_registered", "team": f"T{n:02d}", "players": ids, "floater": n > pairs}
        )
    scorer = euchre_hand(director.rng)
    for _ in range(games):
        director.seat_next_round()
        director.play_round(scorer)
    director.settle_ties(3)
    return director


def main(argv: list[str]) -> None:
    """Run both simulations, print what they produced, and time the rebuild of each from its log."""
    teams = int(argv[0]) if argv else 128
    players = int(argv[1]) if len(argv) > 1 else 40
    runs: list[tuple[str, Callable[[], Director]]] = [
        (f"detroit, {teams} teams", lambda: run_detroit(teams)),
        (f"ontario, {players} players", lambda: run_ontario(players)),
    ]
    for label, run in runs:
        start = time.perf_counter()
        director = run()
        played = time.perf_counter()
        rebuilt = replay_tournament(director.log)
        replayed = time.perf_counter()
        t = director.tournament
        assert rebuilt.standings() == t.standings()
        print(
            f"{label}: {len(director.log)} events; played in {played - start:.2f} s, "
            f"rebuilt from the log in {replayed - played:.2f} s (standings equal)"
        )
        keys = t.format.standings
        print(
            "  top of the standings:", [(r["team"], *(r[k] for k in keys)) for r in t.standings()["rows"][:4]]
        )
        if t.seeding:
            print(f"  playoff field {len(t.seeding['seeds'])}, seeds 1-4: {t.seeding['seeds'][:4]}")
        medals = t.medals()
        print(
            "  places:", medals["places"], "members:", medals["members"] if t.format.registers_players else ""
        )


if __name__ == "__main__":
    main(sys.argv[1:])
