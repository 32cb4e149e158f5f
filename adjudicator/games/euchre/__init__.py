"""Bid Euchre, the game of the ``ontario`` rulebook."""

from adjudicator.games.euchre.game import (
    BID_EUCHRE,
    DECK,
    EXCHANGE,
    BidEuchre,
    EuchreBid,
    EuchreBidError,
    EuchreContract,
    hand_points,
    parse_euchre_bid,
)

__all__ = [
    "BID_EUCHRE",
    "DECK",
    "EXCHANGE",
    "BidEuchre",
    "EuchreBid",
    "EuchreBidError",
    "EuchreContract",
    "hand_points",
    "parse_euchre_bid",
]
