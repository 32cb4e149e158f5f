"""Bid Euchre (Ontario 55+) on the shared table: what makes it a different game from Bid Whist.

The replay, rulings and store are shared; this package holds the rest: bids in ``bids``, the double
deck and its contract in ``contract``, the auction in ``auction``, the exchange on a call in
``exchange``, the plus-and-minus score in ``scoring``. Sections cited are those of
``ontario-55-bid-euchre.txt`` and the ``ontario`` table of MATRIX.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from adjudicator.domain.cards import Card, Seat, Team
from adjudicator.domain.events import Discard, IllegalEvent
from adjudicator.domain.games.euchre import auction, exchange, scoring
from adjudicator.domain.games.euchre.bids import TRICKS, EuchreBid, parse_euchre_bid
from adjudicator.domain.games.euchre.contract import DECK, HAND_SIZE, declare, result_contract
from adjudicator.domain.games.euchre.exchange import EXCHANGE
from adjudicator.domain.games.rules import Tableside


class BidEuchre:
    """The game of the ``ontario`` rulebook: trump is part of the bid, no kitty, an exchange on a call."""

    name: Final = "Bid Euchre"
    deck: Final = DECK
    hand_size: Final = HAND_SIZE
    kitty_size: Final = 0
    tricks: Final = TRICKS
    before_play: Final = "exchange"

    bid = staticmethod(auction.bid)
    bid_text = staticmethod(auction.bid_text)
    settle = staticmethod(auction.settle)
    declare = staticmethod(declare)
    result_contract = staticmethod(result_contract)
    exchange = staticmethod(exchange.exchange)
    score = staticmethod(scoring.score)

    def parse_bid(self, text: object) -> EuchreBid | None:
        return parse_euchre_bid(text)

    def check_deal(
        self,
        table: Tableside,
        hands: Mapping[Seat, tuple[Card, ...]],
        kitty: tuple[Card, ...],
        positions: tuple[int, ...] | None,
    ) -> tuple[list[str], tuple[str, ...]]:
        problems = [
            f"{seat} was dealt {len(cards)} cards, not {HAND_SIZE}"
            for seat, cards in hands.items()
            if len(cards) != HAND_SIZE
        ]
        if kitty:
            problems.append(f"{len(kitty)} cards were dealt to a kitty: Bid Euchre has none")
        total = sum(len(cards) for cards in hands.values()) + len(kitty)
        if total < sum(DECK.values()):
            problems.append(f"the deck was incomplete: {total} of {sum(DECK.values())} cards were dealt")
        return problems, ("misdeal", "deal", "deck")

    def discard(self, table: Tableside, event: Discard, n: int) -> None:
        raise IllegalEvent(
            "Bid Euchre has no kitty: on a call the bidder exchanges cards with the partner (an exchange)",
            "type",
        )

    def next_step(self, table: Tableside) -> str:
        if table.contract is None:
            return "declare"
        if table.dealt and table.exchange is None and table.contract.bid.kind in EXCHANGE:
            return "exchange"
        return "play"

    def ready_for_play(self, table: Tableside) -> None:
        if table.contract is None:
            raise IllegalEvent(
                "no contract yet: record the bidding (and the trump of a call said without it) first", "type"
            )
        if table.dealt and table.exchange is None and table.contract.bid.kind in EXCHANGE:
            raise IllegalEvent(
                "the deal is recorded, so the call's exchange must be recorded before the first card", "type"
            )

    def books_taken(self, table: Tableside) -> dict[Team, int]:
        return dict(table.tricks_won)


BID_EUCHRE: Final = BidEuchre()
