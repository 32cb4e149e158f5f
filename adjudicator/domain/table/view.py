"""The table as an official reads it: JSON-able state, cards in order, suits in words."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from adjudicator.domain.cards import SUIT_NAMES, Card
from adjudicator.domain.table.state import TableState

_CARD_ORDER = {
    card: i
    for i, card in enumerate(
        ["BJ", "LJ"]
        + [
            rank + suit
            for suit in "SHDC"
            for rank in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
        ]
    )
}


def sort_cards(cards: Iterable[Card]) -> list[str]:
    return sorted((str(c) for c in cards), key=_CARD_ORDER.__getitem__)


_SUIT_WORDS: dict[str, str] = {str(k): v for k, v in SUIT_NAMES.items()}


def suit_word(suit: str | None) -> str:
    if suit is None:
        return "no suit"
    return _SUIT_WORDS.get(suit, suit)


def turn(table: TableState) -> dict[str, str] | None:
    """Whose turn it is and to do what (``bid``, ``discard``, ``exchange``, ``play``); None when
    nobody's: what a hand's summary shows without the whole state."""
    bidder = table.bidder
    phase = table.phase
    if phase == "bidding":
        return {"seat": table.next_bidder() or "", "action": "bid"}
    if phase in ("kitty", "exchange") and bidder is not None:
        step = table.game.next_step(table)
        seat = table.next_player() if step == "play" else bidder
        return {"seat": seat or bidder, "action": step}
    if phase == "play":
        seat = table.next_player()
        return {"seat": seat, "action": "play"} if seat else None
    return None


def state(table: TableState) -> dict[str, Any]:
    """The table as JSON-able data: what an official sees when replaying to this moment."""
    standing = table.standing
    text = table.game.bid_text
    led = table.led()
    return {
        "ruleset": table.ruleset.id,
        "game": table.game.name,
        "dealer": table.dealer,
        "version": table.version,
        "phase": table.phase,
        "deal_known": table.dealt,
        "hands": {
            seat: (None if cards is None else sort_cards(cards.elements()))
            for seat, cards in table.known.items()
        },
        "kitty": None if table.kitty is None else [str(c) for c in table.kitty],
        "discard": None if table.discard is None else [str(c) for c in table.discard],
        "exchange": None
        if table.exchange is None
        else {
            "discards": [str(c) for c in table.exchange[1]],
            "receives": [str(c) for c in table.exchange[2]],
        },
        "sitting_out": table.sitting_out,
        "bids": [
            {
                "event": b.event,
                "seat": b.seat,
                "said": b.said,
                "bid": text(b.bid),
                "counted": b.counted,
                "counts_as": text(b.counts_as) if b.counted else None,
            }
            for b in table.bids
        ],
        "standing_bid": {"seat": standing.seat, "bid": text(standing.counts_as)} if standing else None,
        "contract": table.contract.to_dict() if table.contract else None,
        "book": {
            "number": table.book_number,
            "leader": table.leader,
            "led_suit": suit_word(led) if led else None,
            "plays": [{"seat": r.seat, "card": str(r.card)} for r in table.book],
        }
        if table.contract and len(table.books) < table.game.tricks and (table.plays or not table.hand_over)
        else None,
        "books": table.books,
        "books_taken": table.books_taken(),
        "turn": turn(table),
        "restrictions": [
            {"kind": "may_not_lead", "team": r.team, "suit": suit_word(r.suit), "since_event": r.event}
            for r in table.restrictions
            if r.lifted_at is None
        ]
        + [{"kind": "silenced", "seat": seat} for seat in sorted(table.silenced)]
        + [{"kind": "may_not_bid_colour", "seat": s, "colour": c} for s, c in sorted(table.barred.items())],
        "exposed": [{"seat": s, "card": str(c), "event": e} for e, s, c in table.exposed],
        "conceded_by": table.concession[1] if table.concession else None,
    }
