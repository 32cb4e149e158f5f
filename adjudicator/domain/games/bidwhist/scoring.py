"""Scoring a hand: books, made or set, the winner, points and hand-wins, every penalty applied.

Books: the bidding team's are its kitty plus its tricks, 13 in all; a bid of ``n`` is made with
``6 + n``. What the points are differs by rulebook (``BidWhistRules``: ``set_points``,
``no_trump_doubles``, ``double_hand_wins``); a loss of hand scores the value of the bid to the other
team (MATRIX.md, interpretation: hand-loss-value), where that rulebook scores anything for a set.
"""

from __future__ import annotations

from typing import Any, cast

from adjudicator.domain.cards import TEAMS, Team, other_team, team_of
from adjudicator.domain.events import CONDUCT_INFRACTIONS
from adjudicator.domain.games.bidwhist.bids import Bid, bid_rank
from adjudicator.domain.games.bidwhist.kitty import TRICKS
from adjudicator.domain.games.rules import Tableside
from adjudicator.domain.rulebooks import Ruleset
from adjudicator.domain.rulings import Ruling, decision

ODD_BOOKS_FROM = 6
BOOKS_PER_HAND = 13  # the kitty and 12 tricks


def hand_bid(table: Tableside) -> Bid:
    """The bid a penalty is valued at: the contract, else the standing bid, else the highest bid
    said out of turn (a bid out of turn with nothing standing is valued at what was bid), else the
    minimum."""
    if table.contract is not None:
        return cast(Bid, table.contract.bid)
    if table.standing is not None and table.standing.counts_as is not None:
        return cast(Bid, table.standing.counts_as)
    said = [b.bid for b in table.bids if b.bid is not None]
    if said:
        return cast(Bid, max(said, key=lambda bid: bid_rank(bid, table.ruleset.whist.downtown_beats_uptown)))
    return Bid(4, "uptown")


def _multiplier(ruleset: Ruleset, bid: Bid) -> int:
    return 2 if bid.is_no_trump and ruleset.whist.no_trump_doubles else 1


def hand_loss_points(ruleset: Ruleset, bid: Bid) -> int:
    if ruleset.whist.set_points == "none":
        return 0
    return bid.level * _multiplier(ruleset, bid)


def set_points(ruleset: Ruleset, bid: Bid, defenders_books: int) -> int:
    if ruleset.whist.set_points == "none":
        return 0
    points = bid.level
    if ruleset.whist.set_points == "level_plus_odds" and not bid.is_no_trump:
        points += max(0, defenders_books - ODD_BOOKS_FROM)
    return points * _multiplier(ruleset, bid)


def _decided_points(table: Tableside, decided: Ruling, bid: Bid, to_bidders: bool) -> int:
    """What a ruling that decides the hand scores the other team: the value of the bid, except

    - a bid out of turn taken at its value: the higher of the standing bid and the bid said out of
      turn (interpretation: cardtel-bid-value);
    - a false renege call against a bidding team that had already earned more when the call was
      made: what it had earned, its books so far less six (interpretation: false-call-value).
    """
    ruleset = table.ruleset
    beats = ruleset.whist.downtown_beats_uptown
    if decided.kind == "bid_out_of_turn" and decided.choice and decided.choice["option"] == "take_bid_value":
        said = next((b.bid for b in table.bids if b.event == decided.event and b.bid is not None), None)
        if said is not None:
            bid = max(bid, said, key=lambda b: bid_rank(b, beats))
    points = hand_loss_points(ruleset, bid)
    if decided.kind == "false_renege_call" and to_bidders and points:
        earned = _books_before(table, decided.event) - ODD_BOOKS_FROM
        points = max(points, earned * _multiplier(ruleset, bid))
    return points


def _books_before(table: Tableside, event: int) -> int:
    """The bidding team's books (the kitty and the tricks it took) when ``event`` was recorded."""
    assert table.bidder is not None
    team = team_of(table.bidder)
    books = table.books
    return 1 + sum(1 for b in books if b["plays"][-1]["event"] < event and team_of(b["winner"]) == team)


def score(table: Tableside, result: list[Ruling]) -> dict[str, Any]:
    """The hand's score as recorded so far; ``final`` says whether anything can still change it."""
    ruleset = table.ruleset
    bid = hand_bid(table)
    bidders: Team | None = team_of(table.bidder) if table.bidder else None
    books = table.books_taken()
    if table.concession is not None:
        conceding = team_of(table.concession[1])
        books[other_team(conceding)] += TRICKS - table.tricks_played
    for ruling in result:
        effect = ruling.effect
        if effect and effect["type"] == "book_transfer":
            giver, taker = effect["from"], effect["to"]
            if books[giver] < effect["books"]:
                books = {giver: 0, taker: BOOKS_PER_HAND}
            else:
                books[giver] -= effect["books"]
                books[taker] += effect["books"]
    points = dict.fromkeys(TEAMS, 0)
    hand_wins = dict.fromkeys(TEAMS, 0)
    winner: Team | None = None
    made: bool | None = None
    boston: Team | None = next((t for t in TEAMS if books[t] == BOOKS_PER_HAND), None)
    decided = decision(result)
    complete = table.hand_over or table.concession is not None
    hearing = any(r.status == "pending" and r.kind in CONDUCT_INFRACTIONS for r in result)
    final = decided is not None or (complete and not hearing)  # a conduct call waits for its finding
    void = decided is not None and decided.effect is not None and decided.effect["type"] == "redeal"
    if void:
        boston = None
    elif decided is not None:
        assert decided.effect is not None
        winner = other_team(decided.effect["team"])
        made = None if bidders is None else winner == bidders
        points[winner] = _decided_points(table, decided, bid, winner == bidders)
    elif complete and bidders is not None:
        made = books[bidders] >= bid.books_needed
        if made:
            winner = bidders
            points[bidders] = (books[bidders] - ODD_BOOKS_FROM) * _multiplier(ruleset, bid)
        else:
            winner = other_team(bidders)
            points[winner] = set_points(ruleset, bid, books[winner])
    if winner is not None:
        double = ruleset.whist.double_hand_wins and (bid.is_no_trump or boston is not None)
        hand_wins[winner] = 2 if double else 1
    return {
        "final": final,
        "void": void,
        "contract": table.contract.to_dict() if table.contract else None,
        "books": books,
        "made": made,
        "winner": winner,
        "points": points,
        "hand_wins": hand_wins,
        "boston": boston,
        "decided_by": decided.id if decided else None,
    }
