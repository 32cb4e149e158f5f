"""Reading one event dict into a typed event, as its type's description (``described``) says.

Parsing checks only that an event is well formed (known type, seats, cards, bids, the values a
member may take); whether it could have happened at that moment of the hand is the replay's
question (``adjudicator.domain.table``). A malformed event raises ``IllegalEvent`` naming the member.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal, cast

from adjudicator.domain.cards import CARDS, SEATS, SUIT_BY_NAME, Card, CardError, Seat, parse_card
from adjudicator.domain.events.described import EVENT_TYPES, REGISTRY, SHAPES, Words
from adjudicator.domain.events.illegal import IllegalEvent
from adjudicator.domain.events.kinds import BidMade, Choice, CorrectRecord, Deal, Declare, Event, Expose, Play
from adjudicator.domain.events.shapes import Member


def _seat(data: Mapping[str, object], key: str) -> Seat:
    value = data.get(key)
    if value not in SEATS:
        raise IllegalEvent(f"{key} must be one of {', '.join(SEATS)}, not {value!r}", key)
    return value


def _card(value: object, where: str, guarantee_joker: str, deck: Mapping[Card, int]) -> Card:
    card = CARDS.get(value) if type(value) is str else None  # the canonical spelling, as most records have it
    if card is not None and card in deck:
        return card
    try:
        card = parse_card(value, guarantee_joker)
    except CardError as error:
        raise IllegalEvent(str(error), where) from None
    if card not in deck:
        raise IllegalEvent(f"{card} is not in this game's deck", where)
    return card


def _cards(value: object, key: str, guarantee_joker: str, deck: Mapping[Card, int]) -> tuple[Card, ...]:
    if type(value) is list:  # as JSON gives it: canonical cards, each once, are read in one pass
        try:
            cards = tuple(map(CARDS.__getitem__, value))
        except (KeyError, TypeError):  # not a canonical card: the careful reading below says which
            cards = ()
        if len(set(cards)) == len(value) and (len(deck) == len(CARDS) or deck.keys() >= set(cards)):
            return cards
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise IllegalEvent(f"{key} must be a list of cards", key)
    cards_read: list[Card] = []
    seen: dict[Card, int] = {}
    for i, text in enumerate(value):
        card = _card(text, f"{key}/{i}", guarantee_joker, deck)
        times = seen.get(card, 0) + 1
        if times > deck[card]:
            said = "twice" if times == 2 else f"{times} times"
            raise IllegalEvent(f"{card} is listed {said}: the deck holds {deck[card]}", f"{key}/{i}")
        seen[card] = times
        cards_read.append(card)
    return tuple(cards_read)


def _deal(data: Mapping[str, object], guarantee_joker: str, deck: Mapping[Card, int]) -> Deal:
    hands = data.get("hands")
    if not isinstance(hands, Mapping):
        raise IllegalEvent("a deal gives 'hands': the cards dealt to each seat", "hands")
    for seat in hands:
        if seat not in SEATS:
            raise IllegalEvent(f"{seat!r} is not a seat: the seats are {', '.join(SEATS)}", "hands")
    dealt = {seat: _cards(hands.get(seat, []), f"hands/{seat}", guarantee_joker, deck) for seat in SEATS}
    kitty = _cards(data.get("kitty", []), "kitty", guarantee_joker, deck)
    every = (*dealt.values(), kitty)
    total = sum(map(len, every))
    if len(set().union(*every)) != total:  # a card dealt twice: more often than the deck holds it?
        _check_copies(dealt, kitty, deck)
    positions = data.get("kitty_positions")
    kitty_positions: tuple[int, ...] | None = None
    if positions is not None:
        if not isinstance(positions, Sequence) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in positions
        ):
            raise IllegalEvent("kitty_positions must be a list of whole numbers", "kitty_positions")
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


def _check_copies(
    dealt: dict[Seat, tuple[Card, ...]], kitty: tuple[Card, ...], deck: Mapping[Card, int]
) -> None:
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


def _string(data: Mapping[str, object], key: str, choices: Sequence[str] | None = None) -> str:
    value = data.get(key)
    if not isinstance(value, str) or (choices is not None and value not in choices):
        expected = f"one of {', '.join(choices)}" if choices else "a string"
        raise IllegalEvent(f"{key} must be {expected}, not {value!r}", key)
    return value


def _member(
    data: Mapping[str, object], name: str, member: Member, joker: str, deck: Mapping[Card, int]
) -> Any:
    """One member, read by its kind; an optional member left out (or null) is None."""
    if not member.required and data.get(name) is None:
        return None
    match member.kind:
        case "seat":
            return _seat(data, name)
        case "card":
            return _card(data.get(name), name, joker, deck)
        case "cards":
            return _cards(data.get(name), name, joker, deck)
        case "one_of":
            return _string(data, name, member.choices)
        case "number":
            number = data.get(name)
            if not isinstance(number, int) or isinstance(number, bool) or number < 1:
                raise IllegalEvent(f"{name} must be the number of an earlier event, not {number!r}", name)
            return number
        case "count":
            return read_count(data, name, member.most or 0)
        case _:
            return _string(data, name)


def read_count(data: Mapping[str, object], name: str, most: int) -> int:
    """A whole number counted at the table (books won, say): 0 to ``most``."""
    count = data.get(name)
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= most:
        raise IllegalEvent(f"{name} must be a whole number from 0 to {most}, not {count!r}", name)
    return count


#: Every play there can be, by seat and canonical card, made once: most of a hand's events are
#: plays, and a play is immutable.
_PLAYS: Final[dict[tuple[object, object], Play]] = {
    (seat, code): Play(seat, card) for seat in SEATS for code, card in CARDS.items()
}


def parse_event(data: object, game: Words, guarantee_joker: str) -> Event:
    """Turn one event dict into a typed event; raise ``IllegalEvent`` for anything malformed."""
    if type(data) is not dict and not isinstance(data, Mapping):
        raise IllegalEvent("an event is a JSON object with a 'type'")
    kind = data.get("type")
    if kind == "play":  # most events: a seat and a canonical card, looked up in one step
        try:
            play = _PLAYS.get((data.get("seat"), data.get("card")))
        except TypeError:  # an unhashable member: ``_play`` says which
            play = None
        if play is not None and play.card in game.deck:
            return play
    described = REGISTRY.get(kind) if isinstance(kind, str) else None
    if described is None:
        raise IllegalEvent(f"unknown event type {kind!r}: expected one of {', '.join(EVENT_TYPES)}", "type")
    # a type described after ``kinds.Event``'s own is applied by its effect (``domain.table.effects``)
    if described.read is not None:
        return cast(Event, described.read(data, game, guarantee_joker))
    deck = game.deck
    values = {
        name: _member(data, name, member, guarantee_joker, deck) for name, member in described.members.items()
    }
    return cast(Event, described.build(**values))


def read_play(data: Mapping[str, object], game: Words, guarantee_joker: str) -> Play:
    return _play(data, guarantee_joker, game.deck)


def read_deal(data: Mapping[str, object], game: Words, guarantee_joker: str) -> Deal:
    return _deal(data, guarantee_joker, game.deck)


def read_bid(data: Mapping[str, object], game: Words, guarantee_joker: str) -> BidMade:
    said = data.get("bid")
    try:
        bid = game.parse_bid(said)
    except ValueError as error:
        raise IllegalEvent(str(error), "bid") from None
    return BidMade(_seat(data, "seat"), cast(str, said), bid)


def read_choice(data: Mapping[str, object], game: Words, guarantee_joker: str) -> Choice:
    chooser: Seat | Literal["official"] = "official" if data.get("by") == "official" else _seat(data, "by")
    raised = None if data.get("bid") is None else _string(data, "bid")
    note = _member(data, "note", SHAPES["choice"]["note"], guarantee_joker, game.deck)
    return Choice(_string(data, "ruling"), _string(data, "option"), chooser, raised, note)


def read_expose(data: Mapping[str, object], game: Words, guarantee_joker: str) -> Expose:
    seat = _seat(data, "seat")
    cards = _cards(data.get("cards"), "cards", guarantee_joker, game.deck)
    if not cards:
        raise IllegalEvent("an exposure names at least one card", "cards")
    return Expose(seat, cards)


def _play(data: Mapping[str, object], guarantee_joker: str, deck: Mapping[Card, int]) -> Play:
    seat, text = data.get("seat"), data.get("card")
    if type(seat) is str and type(text) is str:
        play = _PLAYS.get((seat, text))
        if play is not None and play.card in deck:
            return play
    return _PLAYS[_seat(data, "seat"), _card(text, "card", guarantee_joker, deck).code]


def read_declare(data: Mapping[str, object], game: Words, guarantee_joker: str) -> Declare:
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


def read_correction(data: Mapping[str, object], game: Words, guarantee_joker: str) -> CorrectRecord:
    number = data.get("event")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise IllegalEvent(f"event must be the number of an earlier event, not {number!r}", "event")
    replacement = data.get("replace_with")
    if replacement is not None:
        kind = replacement.get("type") if isinstance(replacement, Mapping) else None
        if not isinstance(kind, str) or kind not in REGISTRY:
            raise IllegalEvent(
                "replace_with is an event with a known 'type', or null to void it", "replace_with"
            )
        if kind == "correct_record":
            raise IllegalEvent(
                "a correction replaces an event of the hand, not another correction", "replace_with"
            )
    reason = _string(data, "reason")
    if not reason.strip():
        raise IllegalEvent("a correction says why", "reason")
    return CorrectRecord(number, cast(Mapping[str, Any] | None, replacement), reason)
