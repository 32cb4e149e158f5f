"""Bid Whist, the game of the ``detroit``, ``texas``, ``chicago`` and ``cardtel`` rulebooks."""

from adjudicator.domain.books import JOKER, book_winner, led_suit
from adjudicator.domain.games.bidwhist.bids import Bid, BidError, bid_rank, corrected_bid, outranks, parse_bid
from adjudicator.domain.games.bidwhist.contract import Contract, Direction
from adjudicator.domain.games.bidwhist.game import BID_WHIST, BidWhist

__all__ = [
    "BID_WHIST",
    "JOKER",
    "Bid",
    "BidError",
    "BidWhist",
    "Contract",
    "Direction",
    "bid_rank",
    "book_winner",
    "corrected_bid",
    "led_suit",
    "outranks",
    "parse_bid",
]
