"""Each rulebook's tournament as data: match format, rounds, movement, standings, playoffs, sheets.

MATRIX.md, "Bid Whist: tournaments" and the tournament rows of "Bid Euchre (ontario)". As with
``adjudicator.rulebooks``, the rest of the package reads these fields and never tests a ruleset's name,
and every decision it reports cites ``TournamentFormat.cite(key)``. The tournament citations of all five
rulebooks sit together here rather than in ``Ruleset.citations`` (Bid Euchre had no ``Ruleset`` when
this was written, and the hand engine's rulesets stay free of tournament rows); a Bid Whist format
reads its match citation from its ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal

from adjudicator.events import IllegalEvent
from adjudicator.rulebooks import MATRIX, RULESETS, Citation, Game, cite

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

ONTARIO_DOC: Final = "ontario-55-bid-euchre.txt"
_WHIST: Final = "Bid Whist: tournaments"
_EUCHRE: Final = "Bid Euchre (ontario)"


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


def _m(table: str, row: str) -> Citation:
    return Citation(MATRIX, f"{table}: {row}")


def _c(document: str, *sections: str) -> tuple[Citation, ...]:
    return tuple(Citation(document, s) for s in sections)


def _whist_citations(ruleset: str, **rules: tuple[Citation, ...]) -> dict[str, tuple[Citation, ...]]:
    table = dict(rules)
    table["match"] = RULESETS[ruleset].cite("match")
    return table


_D = "detroit-senior-olympics-bid-whist.txt"
_T = "texas-bid-whist-alliance.txt"
_CH = "chicago-pride-bid-whist.txt"
_CT = "capitol-city-cardtel-kitty-bid-whist.txt"

DETROIT: Final = TournamentFormat(
    ruleset="detroit",
    game="Bid Whist",
    document=_D,
    match_name="round",
    match_hands=4,
    match_wins_needed=None,
    rounds=3,
    movement="stay_and_move",
    movement_set_by_director=False,
    draw_first_pairing=True,
    odd_team="picked_opponent",
    standings=("rounds_won", "total_points"),
    tiebreak_playoff="a single game (one round of 4 hands), the winner taking the higher place",
    playoff="by_entries",
    playoff_size=None,
    match_points=None,
    registers_players=False,
    dispute_fee=0,
    dispute_needs_form=False,
    delay="director",
    citations=_whist_citations(
        "detroit",
        rounds=(*_c(_D, "I Preliminary Rounds"), _m(_WHIST, "rounds")),
        first_pairing=(*_c(_D, "I Preliminary Rounds"), _m(_WHIST, "rounds")),
        movement=(*_c(_D, "I Preliminary Rounds"), _m(_WHIST, "rounds")),
        odd_team=(*_c(_D, "I Preliminary Rounds"), _m(_WHIST, "odd team")),
        standings=(*_c(_D, "I Playoff Determination"), _m(_WHIST, "standings")),
        tiebreak_playoff=(*_c(_D, "I Playoff Determination"), _m(_WHIST, "standings")),
        playoff_field=(*_c(_D, "I Playoff Determination"), _m(_WHIST, "playoff field")),
        bracket=(*_c(_D, "I Playoff Pairing"), _m(_WHIST, "bracket")),
        medals=_c(_D, "I Playoff Pairing", "XII"),
        score_sheet=(*_c(_D, "I Preliminary Rounds"), _m(_WHIST, "score sheet")),
        correction=_c(_D, "XI"),
        dispute=_c(_D, "XI"),
        delay=(_m(_WHIST, "delay of game"), *_c(_D, "XI")),
        withdrawal=_c(_D, "I Playoff Pairing"),
    ),
)

TEXAS: Final = TournamentFormat(
    ruleset="texas",
    game="Bid Whist",
    document=_T,
    match_name="round",
    match_hands=5,
    match_wins_needed=3,
    rounds=5,
    movement="texas",
    movement_set_by_director=False,
    draw_first_pairing=False,
    odd_team="bye",
    standings=("rounds_won", "winning_percentage", "bostons"),
    tiebreak_playoff="a one-hand play-off, the winner advancing",
    playoff="fixed",
    playoff_size=8,
    match_points=None,
    registers_players=False,
    dispute_fee=0,
    dispute_needs_form=False,
    delay="director",
    places=("1st", "2nd", "3rd", "4th"),
    citations=_whist_citations(
        "texas",
        rounds=(*_c(_T, "Playing"), _m(_WHIST, "rounds")),
        first_pairing=(*_c(_T, "Table Rotation"), _m(_WHIST, "rounds")),
        movement=(*_c(_T, "Table Rotation"), _m(_WHIST, "rounds")),
        odd_team=(_m(_WHIST, "odd team"), *_c(_T, "Play-Off Rounds")),
        standings=(*_c(_T, "Scoring", "Play-Off Rounds"), _m(_WHIST, "standings")),
        tiebreak_playoff=(*_c(_T, "Play-Off Rounds"), _m(_WHIST, "standings")),
        playoff_field=(*_c(_T, "Play-Off Rounds"), _m(_WHIST, "playoff field")),
        bracket=(*_c(_T, "Play-Off Rounds"), _m(_WHIST, "bracket")),
        medals=_c(_T, "Play-Off Rounds"),
        score_sheet=(*_c(_T, "Scoring"), _m(_WHIST, "score sheet")),
        correction=_c(_T, "General Rules"),
        dispute=_c(_T, "General Rules"),
        delay=(_m(_WHIST, "delay of game"), *_c(_T, "General Rules")),
        withdrawal=_c(_T, "General Rules"),
    ),
)

CHICAGO: Final = TournamentFormat(
    ruleset="chicago",
    game="Bid Whist",
    document=_CH,
    match_name="game",
    match_hands=5,
    match_wins_needed=3,
    rounds=None,
    movement="stay_and_move",
    movement_set_by_director=True,
    draw_first_pairing=True,
    odd_team="bye",
    standings=("total_points", "games_won"),
    tiebreak_playoff="a game decided by the referee (the rulebook names no playoff)",
    playoff="fixed",
    playoff_size=7,
    match_points=None,
    registers_players=False,
    dispute_fee=0,
    dispute_needs_form=False,
    delay="forfeit_hand",
    forfeit_after_minutes=5,
    citations=_whist_citations(
        "chicago",
        rounds=(*_c(_CH, "Schedule of events", "Tournament Entry"), _m(_WHIST, "rounds")),
        first_pairing=(_m(_WHIST, "rounds"),),
        movement=(_m(_WHIST, "rounds"), *_c(_CH, "Schedule of events")),
        odd_team=(_m(_WHIST, "odd team"),),
        standings=(*_c(_CH, "Schedule of events"), _m(_WHIST, "standings")),
        tiebreak_playoff=(_m(_WHIST, "standings"), *_c(_CH, "Additional Rules")),
        playoff_field=(*_c(_CH, "Schedule of events"), _m(_WHIST, "playoff field")),
        bracket=(_m(_WHIST, "bracket"), *_c(_CH, "Schedule of events")),
        medals=_c(_CH, "Additional Rules"),
        score_sheet=(_m(_WHIST, "score sheet"),),
        correction=_c(_CH, "Additional Rules"),
        dispute=_c(_CH, "Additional Rules"),
        delay=(*_c(_CH, "Delay of game"), _m(_WHIST, "delay of game")),
        withdrawal=_c(_CH, "Additional Rules"),
    ),
)

CARDTEL: Final = TournamentFormat(
    ruleset="cardtel",
    game="Bid Whist",
    document=_CT,
    match_name="sheet",
    match_hands=4,
    match_wins_needed=None,
    rounds=None,
    movement="stay_and_move",
    movement_set_by_director=True,
    draw_first_pairing=True,
    odd_team="bye",
    standings=("total_points", "hands_won", "bostons"),
    tiebreak_playoff="a tie-breaking hand, only who wins it counting (Play 10)",
    playoff="director",
    playoff_size=None,
    match_points=None,
    registers_players=False,
    dispute_fee=10,
    dispute_needs_form=True,
    delay="clock",
    delay_chart=((3, 3), (7, 3), (12, 3), (18, 3)),
    delay_cap=12,
    citations=_whist_citations(
        "cardtel",
        rounds=(*_c(_CT, "The Format", "The Table"), _m(_WHIST, "rounds")),
        first_pairing=(*_c(_CT, "The Table"), _m(_WHIST, "rounds")),
        movement=(*_c(_CT, "The Table"), _m(_WHIST, "rounds")),
        odd_team=(_m(_WHIST, "odd team"), *_c(_CT, "The Table")),
        standings=(*_c(_CT, "Score Sheets"), _m(_WHIST, "standings")),
        tiebreak_playoff=(*_c(_CT, "Play 10"), _m(_WHIST, "standings")),
        playoff_field=(_m(_WHIST, "playoff field"), *_c(_CT, "The Format")),
        bracket=(_m(_WHIST, "bracket"), *_c(_CT, "The Format")),
        medals=_c(_CT, "The Format"),
        score_sheet=(*_c(_CT, "Score Sheets 3"), _m(_WHIST, "score sheet")),
        correction=(*_c(_CT, "Score Sheets 3"), _m(_WHIST, "score sheet")),
        dispute=(*_c(_CT, "Score Sheets 5", "Score Sheets 6", "Score Sheets 7"), _m(_WHIST, "score sheet")),
        delay=(*_c(_CT, "Play 17"), _m(_WHIST, "delay of game")),
        withdrawal=_c(_CT, "Conduct"),
    ),
)

ONTARIO: Final = TournamentFormat(
    ruleset="ontario",
    game="Bid Euchre",
    document=ONTARIO_DOC,
    match_name="game",
    match_hands=8,
    match_wins_needed=None,
    rounds=None,
    movement="progressive",
    movement_set_by_director=False,
    draw_first_pairing=True,
    odd_team="floater",
    standings=("tournament_points", "point_differential"),
    tiebreak_playoff="a playoff of 4 hands",
    playoff="none",
    playoff_size=None,
    match_points=(2, 1, 0),
    registers_players=True,
    dispute_fee=0,
    dispute_needs_form=False,
    delay="director",
    games_per_session=6,
    citations={
        "match": (*_c(ONTARIO_DOC, "C.1"), _m(_EUCHRE, "game")),
        "rounds": (*_c(ONTARIO_DOC, "C.1", "C.3"), _m(_EUCHRE, "game")),
        "first_pairing": (*_c(ONTARIO_DOC, "C.2", "C.3"), _m(_EUCHRE, "movement")),
        "movement": (*_c(ONTARIO_DOC, "C.4"), _m(_EUCHRE, "movement")),
        "odd_team": (*_c(ONTARIO_DOC, "A"), _m(_EUCHRE, "floater team")),
        "standings": (
            *_c(ONTARIO_DOC, "D.1", "D.2", "D.3"),
            _m(_EUCHRE, "tournament points"),
            _m(_EUCHRE, "tie-break"),
        ),
        "tiebreak_playoff": (*_c(ONTARIO_DOC, "D.4"), _m(_EUCHRE, "tie-break")),
        "playoff_field": _c(ONTARIO_DOC, "D.2"),
        "bracket": _c(ONTARIO_DOC, "D.2"),
        "medals": _c(ONTARIO_DOC, "E", "D.2"),
        "score_sheet": (*_c(ONTARIO_DOC, "D.1"), _m(_EUCHRE, "tournament points")),
        "correction": _c(ONTARIO_DOC, "A"),
        "dispute": _c(ONTARIO_DOC, "A"),
        "delay": (*_c(ONTARIO_DOC, "I.6"), _m(_EUCHRE, "hesitation")),
        "withdrawal": (*_c(ONTARIO_DOC, "A"), _m(_EUCHRE, "floater team")),
    },
)

FORMATS: Final[dict[str, TournamentFormat]] = {
    f.ruleset: f for f in (DETROIT, TEXAS, CHICAGO, CARDTEL, ONTARIO)
}


def get_format(ruleset: object) -> TournamentFormat:
    """The tournament format of a ruleset id; an unknown id is refused as the event's ``ruleset``."""
    if not isinstance(ruleset, str) or ruleset not in FORMATS:
        raise IllegalEvent(f"unknown ruleset {ruleset!r}: choose one of {', '.join(FORMATS)}", "ruleset")
    return FORMATS[ruleset]
