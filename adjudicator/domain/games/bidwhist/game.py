"""Bid Whist on the shared table: the 54-card deck, the kitty, the auction and the declaration.

The four Bid Whist rulebooks differ in data (``adjudicator.domain.rulebooks``); what they share as a game is
this package: bid words and ranks in ``bids``, the auction in ``auction``, the deal and the kitty in
``kitty``, the contract and book ranking in ``contract``, the score in ``scoring``.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from adjudicator.domain.cards import Card, Team, team_of
from adjudicator.domain.events import Exchange, IllegalEvent
from adjudicator.domain.games.bidwhist import auction, kitty, scoring
from adjudicator.domain.games.bidwhist.bids import Bid, parse_bid
from adjudicator.domain.games.bidwhist.contract import declare, result_contract
from adjudicator.domain.games.rules import Tableside
from adjudicator.domain.records import Infraction


class BidWhist:
    """The game of the ``detroit``, ``texas``, ``chicago`` and ``cardtel`` rulebooks."""

    name: Final = "Bid Whist"
    deck: Final[Counter[Card]] = kitty.DECK
    hand_size: Final = kitty.HAND_SIZE
    kitty_size: Final = kitty.KITTY_SIZE
    tricks: Final = kitty.TRICKS
    before_play: Final = "kitty"

    check_deal = staticmethod(kitty.check_deal)
    bid = staticmethod(auction.bid)
    bid_text = staticmethod(auction.bid_text)
    declare = staticmethod(declare)
    result_contract = staticmethod(result_contract)
    discard = staticmethod(kitty.discard)
    score = staticmethod(scoring.score)

    def parse_bid(self, text: object) -> Bid | None:
        return parse_bid(text)

    def settle(self, table: Tableside, infraction: Infraction, option: str, raised: object = None) -> None:
        """No Bid Whist auction waits for a choice."""

    def exchange(self, table: Tableside, event: Exchange, n: int) -> None:
        raise IllegalEvent("Bid Whist has no exchange of cards: the bidder takes up the kitty", "type")

    def next_step(self, table: Tableside) -> str:
        if table.dealt and table.discard is None:
            return "discard"
        return "declare" if table.contract is None else "play"

    def ready_for_play(self, table: Tableside) -> None:
        if table.contract is None:
            raise IllegalEvent(
                "no contract yet: record the bidding and the bidder's trump or direction before "
                "the first card",
                "type",
            )
        if table.dealt and table.discard is None:
            raise IllegalEvent(
                "the deal is recorded, so the bidder's discard must be recorded before the "
                "first card is played",
                "type",
            )

    def books_taken(self, table: Tableside) -> dict[Team, int]:
        """Tricks won, and the kitty as the bidding team's first book."""
        books = dict(table.tricks_won)
        if table.bidder is not None:
            books[team_of(table.bidder)] += 1
        return books


BID_WHIST: Final = BidWhist()
