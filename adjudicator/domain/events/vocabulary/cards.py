"""The hand as dealt, bid and played: the deal, the bids, the discard, the trump declared, the cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from adjudicator.domain import words as say
from adjudicator.domain.events import kinds, parse
from adjudicator.domain.events.described import EventType
from adjudicator.domain.events.narration import seat
from adjudicator.domain.events.shapes import DIRECTIONS, Member, cards
from adjudicator.domain.events.shapes import seat as a_seat

Event = Mapping[str, Any]


def _declare(e: Event) -> str:
    if e.get("trump"):
        return f"{seat(e)} names {e['trump']} trump"
    return f"{seat(e)} declares {e.get('direction') or 'no trump'}"


TYPES: Final = (
    EventType(
        "deal",
        {
            "hands": Member("hands", "the cards dealt to each seat", concealed=True),
            "kitty": cards("the cards dealt to the kitty", required=False, concealed=True),
            "kitty_positions": Member(
                "positions",
                "where in the dealing order each kitty card fell (1-54)",
                required=False,
                nullable=True,
                concealed=True,
            ),
        },
        kinds.Deal,
        lambda e: "The deal is recorded" + (" with the kitty" if e.get("kitty") else ""),
        recorded_by="table",
        read=parse.read_deal,
    ),
    EventType(
        "bid",
        {
            "seat": a_seat("the seat bidding"),
            "bid": Member(
                "text", "as said: 'pass', '4', '5 uptown', '4 downtown', '6 no trump'", max_length=40
            ),
        },
        kinds.BidMade,
        lambda e: f"{seat(e)} bids {e.get('bid')}",
        recorded_by="table",
        section="Auction",
        read=parse.read_bid,
    ),
    EventType(
        "discard",
        {"seat": a_seat("the bidder"), "cards": cards("the cards laid away", concealed=True)},
        kinds.Discard,
        lambda e: f"{seat(e)} discards {say.cards(e.get('cards'))}",
        recorded_by="table",
        section="Auction",
    ),
    EventType(
        "declare",
        {
            "seat": a_seat("the bidder"),
            "trump": Member(
                "text",
                "the trump suit (spades, hearts, diamonds, clubs)",
                required=False,
                nullable=True,
                max_length=20,
            ),
            "direction": Member(
                "one_of",
                "for a no trump bid: which way the cards rank",
                required=False,
                nullable=True,
                choices=DIRECTIONS,
            ),
        },
        kinds.Declare,
        _declare,
        recorded_by="table",
        section="Auction",
        read=parse.read_declare,
    ),
    EventType(
        "play",
        {"seat": a_seat("the seat playing"), "card": Member("card", "a card")},
        kinds.Play,
        lambda e: f"{seat(e)} plays {say.face(e.get('card'))}",
        recorded_by="table",
        section="Play",
        read=parse.read_play,
    ),
)
