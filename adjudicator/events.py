"""The event vocabulary of a hand: JSON-able dicts in, typed events out.

Every fact an official or scorekeeper records about one hand is one of these events. Parsing checks
only that an event is well formed (known type, seats, cards, bids); whether it could have happened at
that moment of the hand is the replay's question (``adjudicator.table``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol, cast

from adjudicator.cards import SEATS, SUIT_BY_NAME, Card, CardError, Seat, Suit, parse_card

MISDEAL_REASONS: Final = (
    "exposed_card",
    "wrong_count",
    "kitty",
    "incomplete_deck",
    "other",
)
EVENT_TYPES: Final = (
    "deal",
    "bid",
    "discard",
    "declare",
    "play",
    "renege_call",
    "tech_call",
    "inspect",
    "expose",
    "misdeal",
    "choice",
    "concede",
    "close",
    "exchange",
    "correct",
    "hesitation",
)
HESITATION_PENALTIES: Final = ("warning", "redeal", "five_points")
TECH_INFRACTIONS: Final = (
    "play_out_of_turn",
    "bid_out_of_turn",
    "exposed_card",
    "improper_discard",
)


class IllegalEvent(ValueError):
    """An event that is malformed or could not have happened; nothing of it is recorded.

    ``field`` is a JSON-pointer-like path inside the event (``cards/2``), ``index`` the 1-based
    position the event would have taken in the hand's log.
    """

    def __init__(self, message: str, field: str | None = None, index: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.index = index

    def at(self, index: int) -> IllegalEvent:
        self.index = index
        return self

    def to_dict(self) -> dict[str, object]:
        return {"message": self.message, "field": self.field, "index": self.index}


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


@dataclass(frozen=True, slots=True)
class Choice:
    ruling: str
    option: str
    by: Seat | Literal["official"]


@dataclass(frozen=True, slots=True)
class Concede:
    seat: Seat


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


Event = (
    Deal
    | BidMade
    | Discard
    | Declare
    | Play
    | RenegeCall
    | TechCall
    | Inspect
    | Expose
    | Misdeal
    | Choice
    | Concede
    | Close
    | Exchange
    | Correct
    | Hesitation
)


def _seat(data: Mapping[str, object], key: str) -> Seat:
    value = data.get(key)
    if value not in SEATS:
        raise IllegalEvent(f"{key} must be one of {', '.join(SEATS)}, not {value!r}", key)
    return value


def _card(value: object, where: str, guarantee_joker: str, deck: Mapping[Card, int]) -> Card:
    try:
        card = parse_card(value, guarantee_joker)
    except CardError as error:
        raise IllegalEvent(str(error), where) from None
    if card not in deck:
        raise IllegalEvent(f"{card} is not in this game's deck", where)
    return card


def _cards(value: object, key: str, guarantee_joker: str, deck: Mapping[Card, int]) -> tuple[Card, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise IllegalEvent(f"{key} must be a list of cards", key)
    cards: list[Card] = []
    seen: dict[Card, int] = {}
    for i, text in enumerate(value):
        card = _card(text, f"{key}/{i}", guarantee_joker, deck)
        times = seen.get(card, 0) + 1
        if times > deck[card]:
            said = "twice" if times == 2 else f"{times} times"
            raise IllegalEvent(f"{card} is listed {said}: the deck holds {deck[card]}", f"{key}/{i}")
        seen[card] = times
        cards.append(card)
    return tuple(cards)


def _deal(data: Mapping[str, object], guarantee_joker: str, deck: Mapping[Card, int]) -> Deal:
    hands = data.get("hands")
    if not isinstance(hands, Mapping):
        raise IllegalEvent("a deal gives 'hands': the cards dealt to each seat", "hands")
    for seat in hands:
        if seat not in SEATS:
            raise IllegalEvent(f"{seat!r} is not a seat: the seats are {', '.join(SEATS)}", "hands")
    dealt = {seat: _cards(hands.get(seat, []), f"hands/{seat}", guarantee_joker, deck) for seat in SEATS}
    kitty = _cards(data.get("kitty", []), "kitty", guarantee_joker, deck)
    where: dict[Card, list[str]] = {}
    for place, cards in [*dealt.items(), ("kitty", kitty)]:
        for card in cards:
            places = where.setdefault(card, [])
            if len(places) >= deck[card]:
                held = " and ".join(places)
                raise IllegalEvent(
                    f"{card} is dealt {'twice' if deck[card] == 1 else 'too often'} (to {held} and to "
                    f"{place}): the deck holds {'one' if deck[card] == 1 else deck[card]}",
                    f"hands/{place}" if place != "kitty" else "kitty",
                )
            places.append(place)
    positions = data.get("kitty_positions")
    kitty_positions: tuple[int, ...] | None = None
    if positions is not None:
        if not isinstance(positions, Sequence) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in positions
        ):
            raise IllegalEvent("kitty_positions must be a list of whole numbers", "kitty_positions")
        total = sum(len(places) for places in where.values())
        if len(positions) != len(kitty):
            raise IllegalEvent(
                f"kitty_positions names {len(positions)} positions for a kitty of {len(kitty)}",
                "kitty_positions",
            )
        if len(set(positions)) != len(positions) or not all(1 <= p <= total for p in positions):
            raise IllegalEvent(
                f"kitty_positions must be distinct positions from 1 to {total} in dealing order",
                "kitty_positions",
            )
        kitty_positions = tuple(sorted(cast(Sequence[int], positions)))
    return Deal(dealt, kitty, kitty_positions)


def _string(data: Mapping[str, object], key: str, choices: Sequence[str] | None = None) -> str:
    value = data.get(key)
    if not isinstance(value, str) or (choices is not None and value not in choices):
        expected = f"one of {', '.join(choices)}" if choices else "a string"
        raise IllegalEvent(f"{key} must be {expected}, not {value!r}", key)
    return value


class Words(Protocol):
    """What parsing asks of a game: which cards exist, and what its bids are."""

    @property
    def deck(self) -> Mapping[Card, int]: ...

    def parse_bid(self, text: object) -> Any: ...


def parse_event(data: object, game: Words, guarantee_joker: str) -> Event:
    """Turn one event dict into a typed event; raise ``IllegalEvent`` for anything malformed."""
    if not isinstance(data, Mapping):
        raise IllegalEvent("an event is a JSON object with a 'type'")
    kind = data.get("type")
    if kind not in EVENT_TYPES:
        raise IllegalEvent(f"unknown event type {kind!r}: expected one of {', '.join(EVENT_TYPES)}", "type")
    deck = game.deck
    if kind == "play":
        return Play(_seat(data, "seat"), _card(data.get("card"), "card", guarantee_joker, deck))
    if kind == "bid":
        said = data.get("bid")
        try:
            bid = game.parse_bid(said)
        except ValueError as error:
            raise IllegalEvent(str(error), "bid") from None
        return BidMade(_seat(data, "seat"), cast(str, said), bid)
    if kind == "deal":
        return _deal(data, guarantee_joker, deck)
    if kind == "discard":
        return Discard(_seat(data, "seat"), _cards(data.get("cards"), "cards", guarantee_joker, deck))
    if kind == "declare":
        return _declare(data)
    if kind == "renege_call":
        return RenegeCall(_seat(data, "by"), _seat(data, "against"))
    if kind == "tech_call":
        infraction = data.get("infraction")
        if infraction is not None:
            infraction = _string(data, "infraction", TECH_INFRACTIONS)
        return TechCall(_seat(data, "by"), _seat(data, "against"), infraction)
    if kind in ("inspect", "expose"):
        cards = _cards(data.get("cards"), "cards", guarantee_joker, deck)
        if kind == "expose":
            if not cards:
                raise IllegalEvent("an exposure names at least one card", "cards")
            return Expose(_seat(data, "seat"), cards)
        return Inspect(_seat(data, "seat"), cards)
    if kind == "misdeal":
        by = data.get("by")
        return Misdeal(
            _string(data, "reason", MISDEAL_REASONS), _seat(data, "by") if by is not None else None
        )
    if kind == "choice":
        by = data.get("by")
        chooser: Seat | Literal["official"] = "official" if by == "official" else _seat(data, "by")
        return Choice(_string(data, "ruling"), _string(data, "option"), chooser)
    if kind == "concede":
        return Concede(_seat(data, "seat"))
    if kind == "exchange":
        return Exchange(
            _seat(data, "seat"),
            _cards(data.get("discards"), "discards", guarantee_joker, deck),
            _cards(data.get("receives"), "receives", guarantee_joker, deck),
        )
    if kind == "correct":
        return Correct(_seat(data, "seat"), _card(data.get("card"), "card", guarantee_joker, deck))
    if kind == "hesitation":
        return Hesitation(_seat(data, "seat"), _string(data, "penalty", HESITATION_PENALTIES))
    return Close()


def _declare(data: Mapping[str, object]) -> Declare:
    trump, direction = data.get("trump"), data.get("direction")
    if (trump is None) == (direction is None):
        raise IllegalEvent(
            "a declaration names either a trump suit (uptown or downtown bid) or a direction (no trump bid)",
            "trump",
        )
    if trump is not None:
        if str(trump).lower() in ("no trump", "no", "none"):
            return Declare(_seat(data, "seat"), None, None, no_trump=True)
        suit = SUIT_BY_NAME.get(str(trump).lower())
        if suit is None:
            raise IllegalEvent(f"trump must be one of {', '.join(SUIT_BY_NAME)}, not {trump!r}", "trump")
        return Declare(_seat(data, "seat"), suit, None)
    if direction not in ("uptown", "downtown"):
        raise IllegalEvent(f"direction must be uptown or downtown, not {direction!r}", "direction")
    return Declare(_seat(data, "seat"), None, direction)
