"""What a rulebook says about running a tournament: match, rounds, movement, standings, playoffs.

MATRIX.md, "Bid Whist: tournaments" and the tournament rows of "Bid Euchre (ontario)". Each rulebook's
module ends with its ``TOURNAMENT``, beside its hand rules, so that one file holds all of a rulebook.
``adjudicator.domain.tournaments`` reads these fields and never tests a ruleset's name, and every decision it
reports cites ``TournamentFormat.cite(key)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal

from adjudicator.domain.citations import Citation, cite, matrix_row
from adjudicator.domain.rulebooks.entry import OPEN_ENTRY, EntryRules
from adjudicator.domain.rulebooks.ruleset import Game

Movement = Literal["stay_and_move", "texas", "progressive"]
OddTeam = Literal["picked_opponent", "bye", "floater"]
Playoff = Literal["by_entries", "fixed", "director", "none"]
Delay = Literal["clock", "forfeit_hand", "director"]
StandingKey = Literal[
    "rounds_won",
    "total_points",
    "winning_percentage",
    "bostons",
    "hands_won",
    "games_won",
    "tournament_points",
    "point_differential",
]

WHIST_TOURNAMENTS: Final = "Bid Whist: tournaments"
WHIST_HAND: Final = "Bid Whist: scoring a hand"
EUCHRE: Final = "Bid Euchre (ontario)"


@dataclass(frozen=True, slots=True)
class TournamentFormat:
    """How one rulebook runs a tournament. ``match_hands`` / ``match_wins_needed`` follow ``Ruleset``.

    ``rounds`` is None where play goes on until the director closes it (Chicago's two-hour Phase I,
    Cardtel's director, Ontario's "minimum of twelve games" a day).
    """

    ruleset: str
    game: Game
    document: str
    match_name: str  # what the rulebook calls a match: round, game, sheet
    match_hands: int
    match_wins_needed: int | None
    rounds: int | None
    movement: Movement
    movement_set_by_director: bool
    draw_first_pairing: bool  # round 1 (a session's first game) is seated by a recorded random draw
    odd_team: OddTeam
    standings: tuple[StandingKey, ...]
    tiebreak_playoff: str  # the playoff still needed when every tie-breaker is equal
    playoff: Playoff
    playoff_size: int | None
    match_points: tuple[int, int, int] | None  # tournament points for a win, a tie, a loss
    registers_players: bool  # standings are per player (Ontario) and players are registered
    dispute_fee: int
    dispute_needs_form: bool
    delay: Delay
    delay_chart: tuple[tuple[int, int], ...] = ()  # (minutes late, points to the waiting team)
    delay_cap: int = 0
    forfeit_after_minutes: int = 0
    places: tuple[str, ...] = ("gold", "silver", "bronze")
    games_per_session: int | None = None
    signed_corrections: Literal["any", "arithmetic"] = "any"  # what an official may still correct
    absent_team_eliminated: bool = False  # a playoff team not present is eliminated (Detroit I)
    time_limit_minutes: int | None = None  # a game stopped by the limit is scored on its hands
    games_per_day: int | None = None  # standings at the end of each day (Ontario D.2)
    days: int = 0
    deals_per_player: int | None = None  # each seat deals this often in a game, the deal passing left
    #: The points one side may have on the sheet for one hand, lowest and highest (the rulebook's
    #: scoring; a paper sheet is held to them; no lowest where a penalty may take a side down
    #: without end), and whether only one side scores a hand (Bid Whist).
    hand_points: tuple[int | None, int] = (0, 14)
    one_side_scores: bool = True
    entry: EntryRules = field(default=OPEN_ENTRY, repr=False)  # who may enter, until when (SEASON.md)
    citations: Mapping[str, tuple[Citation, ...]] = field(default_factory=dict, repr=False)

    def cite(self, *rules: str) -> tuple[Citation, ...]:
        """The citations for one or more rule keys, in order and without repeats."""
        return cite(self.citations, *rules)

    def cite_data(self, *rules: str) -> list[dict[str, str]]:
        return [c.to_dict() for c in self.cite(*rules)]

    def playoff_field(self, entries: int) -> int:
        """How many teams the playoff takes from ``entries`` counted teams.

        Detroit (I Playoff Determination): 16, 32 at 64-127 teams, 64 at 128 or more; with fewer than
        16 the field is the largest power of two the entries fill (a bracket needs one).
        """
        if self.playoff == "by_entries":
            size = 64 if entries >= 128 else 32 if entries >= 64 else 16
            while size > entries and size > 1:
                size //= 2
            return size
        if self.playoff == "fixed" and self.playoff_size is not None:
            return min(self.playoff_size, entries)
        return 0


def sections(document: str, *names: str) -> tuple[Citation, ...]:
    """Citations of one rulebook's sections, in the order given."""
    return tuple(Citation(document, name) for name in names)


def whist_row(row: str) -> Citation:
    """A row of MATRIX.md's "Bid Whist: tournaments" table."""
    return matrix_row(WHIST_TOURNAMENTS, row)


def whist_hand_row(row: str) -> Citation:
    """A row of MATRIX.md's "Bid Whist: scoring a hand" table."""
    return matrix_row(WHIST_HAND, row)


def euchre_row(row: str) -> Citation:
    """A row of MATRIX.md's "Bid Euchre (ontario)" table."""
    return matrix_row(EUCHRE, row)
