"""The games the engine plays, and what each must tell the shared replay.

Bid Whist and Bid Euchre share the table: seats, turns, books, reneges and their proof, calls,
choices, inspections, the store and the API. What differs is this protocol: the deck, the size of a
hand, how bids are said and ranked, what happens between the auction and the first card, and how a
hand is scored. ``adjudicator.games.bidwhist.game`` and ``adjudicator.games.euchre.game`` implement it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from adjudicator.cards import Card, Seat, Team

if TYPE_CHECKING:
    from adjudicator.events import BidMade, Declare, Discard, Exchange
    from adjudicator.rulings import Ruling
    from adjudicator.table import Table


class GameRules(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def deck(self) -> Mapping[Card, int]:
        """Every card, and how many copies the deck holds."""

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat."""

    @property
    def kitty_size(self) -> int: ...

    @property
    def tricks(self) -> int:
        """Books played in a hand."""

    @property
    def before_play(self) -> str:
        """The name of the phase between the auction and the first card."""

    def parse_bid(self, text: object) -> Any:
        """The game's bid object for words said at the table; None is a pass."""

    def bid_text(self, bid: Any) -> str: ...

    def check_deal(
        self,
        table: Table,
        hands: Mapping[Seat, tuple[Card, ...]],
        kitty: tuple[Card, ...],
        positions: tuple[int, ...] | None,
    ) -> tuple[list[str], tuple[str, ...]]:
        """What is wrong with a deal (each a misdeal), and the rule keys to cite."""

    def bid(self, table: Table, event: BidMade, n: int) -> None:
        """Record a bid: count it, correct it, or note why it does not count."""

    def declare(self, table: Table, event: Declare, n: int) -> None: ...

    def discard(self, table: Table, event: Discard, n: int) -> None: ...

    def exchange(self, table: Table, event: Exchange, n: int) -> None: ...

    def ready_for_play(self, table: Table) -> None:
        """Raise ``IllegalEvent`` unless everything the first card needs is recorded."""

    def next_step(self, table: Table) -> str:
        """The bidder's next act between the auction and the first card: declare, discard, play …"""

    def books_taken(self, table: Table) -> dict[Team, int]: ...

    def score(self, table: Table, rulings: list[Ruling]) -> dict[str, Any]: ...


def rules_for(game: str) -> GameRules:
    """The rules object of a game, by the name rulesets give it."""
    from adjudicator.games.bidwhist.game import BID_WHIST
    from adjudicator.games.euchre.game import BID_EUCHRE

    games: dict[str, GameRules] = {BID_WHIST.name: BID_WHIST, BID_EUCHRE.name: BID_EUCHRE}
    return games[game]
