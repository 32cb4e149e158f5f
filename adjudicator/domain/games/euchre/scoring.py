"""The Bid Euchre score (I.8-I.10, I.13): a point a trick, calls paid their value, failure costs the bid."""

from __future__ import annotations

from typing import Any

from adjudicator.domain.cards import TEAMS, Team, other_team, team_of
from adjudicator.domain.games.euchre.bids import TRICKS, EuchreBid
from adjudicator.domain.games.rules import Tableside
from adjudicator.domain.rulings import Ruling, decision


def hand_points(bid: EuchreBid, bidder_tricks: int, defender_tricks: int) -> tuple[int, int]:
    """(bidding team, defenders) points of a played-out hand (I.8-I.10).

    A point a trick to each team; a made call or moonshot pays its value instead of its tricks; a
    failed bid costs the bid, and the defenders still score their tricks.
    """
    if bidder_tricks >= bid.tricks_needed:
        return (bid.value if bid.alone else bidder_tricks), defender_tricks
    return -bid.value, defender_tricks


def score(table: Tableside, rulings: list[Ruling]) -> dict[str, Any]:
    """A point a trick each; calls pay their value; failure costs the bid (I.8-I.10).

    A renege not corrected (I.13) ends the hand: by a defender the bidding team scores its bid,
    by a bidding player it loses its bid; either way the defenders keep the tricks they took.
    """

    contract = table.contract
    bid: EuchreBid | None = (
        contract.bid if contract else (table.standing.counts_as if table.standing else None)
    )
    bidders: Team | None = team_of(table.bidder) if table.bidder else None
    books = table.books_taken()
    if table.concession is not None:
        books[other_team(team_of(table.concession[1]))] += TRICKS - table.tricks_played
    points = dict.fromkeys(TEAMS, 0)
    winner: Team | None = None
    made: bool | None = None
    decided = decision(rulings)
    complete = table.hand_over or table.concession is not None
    void = decided is not None and decided.effect is not None and decided.effect["type"] == "redeal"
    if not void and bid is not None and bidders is not None:
        defenders = other_team(bidders)
        if decided is not None and decided.effect is not None:
            made = decided.effect["team"] != bidders
            points[bidders] = bid.value if made else -bid.value
            points[defenders] = books[defenders]
        elif complete:
            made = books[bidders] >= bid.tricks_needed
            points[bidders], points[defenders] = hand_points(bid, books[bidders], books[defenders])
        if made is not None:
            winner = bidders if made else defenders
    if not void:
        for ruling in rulings:
            if ruling.effect and ruling.effect["type"] == "point_penalty":
                points[ruling.effect["team"]] -= ruling.effect["points"]
    hand_wins = dict.fromkeys(TEAMS, 0)
    if winner is not None:
        hand_wins[winner] = 1
    return {
        "final": complete or decided is not None,
        "void": void,
        "contract": contract.to_dict() if contract else None,
        "books": books,
        "made": made,
        "winner": winner,
        "points": points,
        "hand_wins": hand_wins,
        "boston": None,
        "decided_by": decided.id if decided else None,
    }
