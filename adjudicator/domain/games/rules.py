"""What a game and the shared table say to each other: two narrow interfaces.

Bid Whist and Bid Euchre share the table: seats, turns, books, reneges and their proof, calls,
choices, inspections, the store and the API. What differs is ``GameRules``: the deck, the size of a
hand, how bids are said and ranked, what happens between the auction and the first card, and how a
hand is scored. A game never writes the table's fields: it reads what ``Tableside`` shows and changes
the table only through the named acts ``Tableside`` offers (count a bid, declare the contract, lay
cards aside, note an infraction …), so the table stays the one owner of its state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Protocol

from adjudicator.domain.cards import Card, Seat, Team
from adjudicator.domain.events import BidMade, Declare, Discard, Exchange, HandResult
from adjudicator.domain.records import BidRecord, Infraction, PlayRecord, Suspicion
from adjudicator.domain.rulebooks import Remedy, Ruleset
from adjudicator.domain.rulings import Ruling


class Tableside(Protocol):
    """The table as a game sees it: facts to read, and the acts a game may ask of it."""

    ruleset: Ruleset
    dealer: Seat
    dealt: bool
    kitty: tuple[Card, ...] | None
    bids: list[BidRecord]
    standing: BidRecord | None
    silenced: set[Seat]
    barred: dict[Seat, str]
    lost_bid: set[Seat]
    contract: Any
    discard: tuple[Card, ...] | None
    discard_event: int | None
    exchange: tuple[int, tuple[Card, ...], tuple[Card, ...]] | None
    plays: list[PlayRecord]
    books: list[dict[str, Any]]
    tricks_won: dict[Team, int]
    concession: tuple[int, Seat] | None

    @property
    def bidding_over(self) -> bool: ...

    @property
    def bidder(self) -> Seat | None: ...

    @property
    def tricks_played(self) -> int: ...

    @property
    def hand_over(self) -> bool: ...

    def next_bidder(self) -> Seat | None: ...

    def standing_bid(self) -> Any: ...

    def holding(self, seat: Seat) -> Counter[Card] | None: ...

    def holder(self, card: Card, besides: Seat | None = None) -> Seat | None: ...

    def check_available(self, seat: Seat, card: Card, where: str) -> None: ...

    def books_taken(self) -> dict[Team, int]: ...

    def require_bidder(self, seat: Seat, what: str) -> Seat: ...

    # --- the acts a game may ask of the table

    def note(
        self,
        kind: str,
        seat: Seat,
        n: int,
        detail: str,
        rules: tuple[str, ...],
        remedy: Remedy | None = None,
        proof: str | None = None,
    ) -> Infraction: ...

    def suspect_later(self, suspicion: Suspicion) -> None: ...

    def count_bid(self, record: BidRecord) -> None: ...

    def void_bid(self, record: BidRecord) -> None: ...

    def recount_bid(self, event: int, counts_as: Any) -> None: ...

    def await_choice(self, infraction: Infraction) -> None: ...

    def bar_colour(self, seat: Seat, colour: str) -> None: ...

    def forfeit_bid(self, seat: Seat) -> None: ...

    def void_hand(self, infraction: Infraction) -> None: ...

    def sit_out(self, seat: Seat) -> None: ...

    def declare_contract(self, contract: Any) -> None: ...

    def hold(self, seat: Seat, cards: Counter[Card] | None) -> None: ...

    def record_discard(self, cards: tuple[Card, ...], n: int) -> None: ...

    def record_exchange(self, n: int, discards: tuple[Card, ...], receives: tuple[Card, ...]) -> None: ...


class GameRules(Protocol):
    """What the shared table asks of its game."""

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
        table: Tableside,
        hands: Mapping[Seat, tuple[Card, ...]],
        kitty: tuple[Card, ...],
        positions: tuple[int, ...] | None,
    ) -> tuple[list[str], tuple[str, ...]]:
        """What is wrong with a deal (each a misdeal), and the rule keys to cite."""

    def bid(self, table: Tableside, event: BidMade, n: int) -> None:
        """Record a bid: count it, correct it, or note why it does not count."""

    def settle(self, table: Tableside, infraction: Infraction, option: str, raised: Any = None) -> None:
        """Carry out a choice the auction waited for (Bid Euchre's same-number bid, ``raised`` the bid
        named when it is raised); raise ``IllegalEvent``, changing nothing, for a choice it refuses."""

    def declare(self, table: Tableside, event: Declare, n: int) -> None: ...

    def discard(self, table: Tableside, event: Discard, n: int) -> None: ...

    def result_contract(self, table: Tableside, result: HandResult) -> Any:
        """The contract of a hand recorded by its result (``HandResult``), or ``IllegalEvent`` for a
        result the game does not allow (a bid without its trump, books it cannot take)."""

    def exchange(self, table: Tableside, event: Exchange, n: int) -> None: ...

    def ready_for_play(self, table: Tableside) -> None:
        """Raise ``IllegalEvent`` unless everything the first card needs is recorded."""

    def next_step(self, table: Tableside) -> str:
        """The bidder's next act between the auction and the first card: declare, discard, play …"""

    def books_taken(self, table: Tableside) -> dict[Team, int]: ...

    def score(self, table: Tableside, rulings: list[Ruling]) -> dict[str, Any]: ...
