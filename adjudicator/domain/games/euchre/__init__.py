"""Bid Euchre, the game of the ``ontario`` rulebook."""

from adjudicator.domain.games.euchre.bids import EuchreBid, EuchreBidError, parse_euchre_bid
from adjudicator.domain.games.euchre.contract import DECK, EuchreContract
from adjudicator.domain.games.euchre.exchange import EXCHANGE
from adjudicator.domain.games.euchre.game import BID_EUCHRE, BidEuchre
from adjudicator.domain.games.euchre.scoring import hand_points

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
