"""Bid Euchre, the game of the ``ontario`` rulebook."""

from adjudicator.games.euchre.bids import EuchreBid, EuchreBidError, parse_euchre_bid
from adjudicator.games.euchre.contract import DECK, EuchreContract
from adjudicator.games.euchre.exchange import EXCHANGE
from adjudicator.games.euchre.game import BID_EUCHRE, BidEuchre
from adjudicator.games.euchre.scoring import hand_points

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
