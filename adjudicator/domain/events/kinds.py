"""The typed events a hand's log is made of, as the replay applies them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from adjudicator.domain.cards import Card, Seat, Suit


@dataclass(frozen=True, slots=True)
class Deal:
    hands: dict[Seat, tuple[Card, ...]]
    kitty: tuple[Card, ...]
    kitty_positions: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class BidMade:
    seat: Seat
    said: str
    bid: Any  # the game's bid; None is a pass


@dataclass(frozen=True, slots=True)
class Discard:
    seat: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Declare:
    seat: Seat
    trump: Suit | None
    direction: Literal["uptown", "downtown"] | None
    no_trump: bool = False  # Bid Euchre: a call said without its suit, played in no trump


@dataclass(frozen=True, slots=True)
class Play:
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class RenegeCall:
    by: Seat
    against: Seat


@dataclass(frozen=True, slots=True)
class TechCall:
    by: Seat
    against: Seat
    infraction: str | None
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Finding:
    """The official's finding on a conduct tech call (the event ``call``): upheld or dismissed."""

    call: int
    finding: str
    option: str | None = None
    note: str | None = None  # why the official found so, in the official's words


@dataclass(frozen=True, slots=True)
class Inspect:
    seat: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Expose:
    seat: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Misdeal:
    reason: str
    by: Seat | None
    cause: Seat | None = None  # the seat the official names as its cause; the dealer when none


@dataclass(frozen=True, slots=True)
class Choice:
    ruling: str
    option: str
    by: Seat | Literal["official"]
    bid: str | None = None  # Bid Euchre: the raised bid named on a same-number bid
    note: str | None = None  # why the official chose so (an official's choice)


@dataclass(frozen=True, slots=True)
class Concede:
    seat: Seat
    agreed_by: Seat | None = None  # a seat of the other team, where the rulebook needs both teams


@dataclass(frozen=True, slots=True)
class Close:
    pass


@dataclass(frozen=True, slots=True)
class Exchange:
    """Bid Euchre calls: the bidder discards, and takes as many cards from the partner (I.7)."""

    seat: Seat
    discards: tuple[Card, ...]
    receives: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Correct:
    """A renege corrected before the trick is gathered: the seat takes its card back, plays ``card``."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Hesitation:
    """The convenor's decision on a player who hesitates or delays the game (Ontario I.6)."""

    seat: Seat
    penalty: str


@dataclass(frozen=True, slots=True)
class WrongDealer:
    """The hand was dealt by the wrong player: ``seat`` is the seat whose deal it was."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class ScoreConfirmation:
    """The other team's answer, at the end of the hand, to the score as the engine computes it."""

    by: Seat
    verdict: str
    note: str | None = None


@dataclass(frozen=True, slots=True)
class CorrectRecord:
    """An official's correction of an earlier event: replaced by ``replace_with``, or voided (None)."""

    event: int
    replace_with: Mapping[str, Any] | None
    reason: str


@dataclass(frozen=True, slots=True)
class Scoped:
    """The tournament (and table, and the match whose sheet holds it) the hand belongs to, recorded in
    its log when it is put on a match's sheet, or by an official: the latest one is its scope."""

    tournament: str
    table: int | None = None
    match: str | None = None


@dataclass(frozen=True, slots=True)
class HandResult:
    """The hand recorded by its result, as a paper sheet or a Bridgemate takes it: who won the bid,
    the contract, and the books (Bid Euchre: the tricks) the bidding team took; no card is known."""

    seat: Seat
    said: str
    bid: Any  # the game's bid, never a pass
    trump: Suit | None
    direction: Literal["uptown", "downtown"] | None
    books: int


Event = (
    Deal
    | BidMade
    | Discard
    | Declare
    | Play
    | RenegeCall
    | TechCall
    | Finding
    | Inspect
    | Expose
    | Misdeal
    | Choice
    | Concede
    | Close
    | Exchange
    | Correct
    | Hesitation
    | WrongDealer
    | ScoreConfirmation
    | CorrectRecord
    | Scoped
    | HandResult
)
