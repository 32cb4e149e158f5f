"""Around the hand: who deals first, who deals next, and who wins a match of hands.

MATRIX.md, Bid Whist: the deal (first dealer, deal passes) and scoring a hand (a match). A match is
what each rulebook plays hands for: Detroit's round of 4 hands and Cardtel's sheet of 4 hands go to
more points; Texas's round (best 3 of 5) and Chicago's game (first to 3 hand-wins, a no-trump hand
or a Boston counting two) go to hand-wins.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from adjudicator.domain.cards import (
    BIG_JOKER,
    LITTLE_JOKER,
    RANKS,
    TEAMS,
    Card,
    Seat,
    Team,
    next_seat,
    parse_card,
)
from adjudicator.domain.rulebooks import Citation, Ruleset


class MatchRules(Protocol):
    """What a match needs of its rules: a ``Ruleset``, or a tournament format (Bid Euchre's game)."""

    @property
    def match_hands(self) -> int: ...

    @property
    def match_wins_needed(self) -> int | None: ...

    def cite(self, *rules: str) -> tuple[Citation, ...]: ...


#: High card for the draw: the jokers above the ace (big above little), then A K Q ... 2.
_DRAW_ORDER = {rank: i for i, rank in enumerate(reversed((BIG_JOKER, LITTLE_JOKER, *RANKS)))}


def next_dealer(dealer: Seat, rightful: Seat | None = None) -> Seat:
    """The deal passes clockwise, to the dealer's left; after a hand dealt by the wrong player, from
    the seat whose deal it was (``rightful``: Cardtel Deal 9, interpretation deal-order).

    >>> next_dealer("west")
    'north'
    >>> next_dealer("west", rightful="south")
    'west'
    """
    return next_seat(rightful or dealer)


def first_dealer(ruleset: Ruleset, draws: Sequence[tuple[Seat, str]]) -> dict[str, Any]:
    """Read the draw for the first deal: ``draws`` are (seat, card) in the order drawn.

    ``dealer`` is the seat that deals, ``chooser`` the seat that picks the dealer (Cardtel); both
    None when the draw decides nothing yet (no diamond drawn, or a tie for high card): draw again.
    """
    cards: list[tuple[Seat, Card]] = [(seat, parse_card(card)) for seat, card in draws]
    dealer: Seat | None = None
    chooser: Seat | None = None
    if ruleset.first_dealer == "high_card":
        if cards:
            best = max(_DRAW_ORDER[card.rank] for _, card in cards)
            top = [seat for seat, card in cards if _DRAW_ORDER[card.rank] == best]
            dealer = top[0] if len(top) == 1 else None
    else:
        first = next((seat for seat, card in cards if card.suit == "D"), None)
        if ruleset.first_dealer == "first_diamond_chooses":
            chooser = first
        else:
            dealer = first
    return {"dealer": dealer, "chooser": chooser, "citations": ruleset.cite("first-dealer")}


def match_result(ruleset: MatchRules, scores: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Tally a match from its hands' scores (each game's ``score``); void hands do not count.

    ``over`` says the match is decided or all its hands are played; ``winner`` is None while it goes
    on, or when it ends level. A hand counts once it has a winner, or is final with points to both
    teams (Bid Euchre scores both sides). ``points``, ``hands_won`` and ``bostons`` are the sheet's totals
    (Cardtel Score Sheets), counted whatever the match is won on.
    """
    counted = [s for s in scores if not s.get("void") and (s.get("winner") is not None or s.get("final"))]
    by_wins = ruleset.match_wins_needed is not None
    key = "hand_wins" if by_wins else "points"
    tally = {team: sum(int(s[key][team]) for s in counted) for team in TEAMS}
    winner: Team | None = None
    if by_wins:
        needed = ruleset.match_wins_needed or 0
        winner = next((team for team in TEAMS if tally[team] >= needed), None)
        over = winner is not None or len(counted) >= ruleset.match_hands
    else:
        over = len(counted) >= ruleset.match_hands
        if over and tally["north_south"] != tally["east_west"]:
            winner = "north_south" if tally["north_south"] > tally["east_west"] else "east_west"
    return {
        "over": over,
        "winner": winner,
        "tally": tally,
        "points": {team: sum(int(s["points"][team]) for s in counted) for team in TEAMS},
        "hands_won": {team: sum(1 for s in counted if s.get("winner") == team) for team in TEAMS},
        "bostons": {team: sum(1 for s in counted if s.get("boston") == team) for team in TEAMS},
        "basis": key,
        "hands": len(counted),
        "citations": ruleset.cite("match"),
    }
