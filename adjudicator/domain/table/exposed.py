"""The exposed card: how each rulebook's remedy is recorded, and how it binds later plays.

Texas restricts the exposing team's leads (until the opponents lead the suit); Chicago makes a card
of the suit led count as played; Ontario keeps it face up to be played at the first legal chance
(I.14); elsewhere the call decides. The remedy itself is each rulebook's ``exposed_card``.
"""

from __future__ import annotations

from typing import Any

from adjudicator.domain.cards import Card, Seat, team_of
from adjudicator.domain.events import ConflictsWithDeal, Expose, IllegalEvent
from adjudicator.domain.records import Restriction
from adjudicator.domain.rulebooks import Remedy
from adjudicator.domain.table.state import TableState
from adjudicator.domain.table.view import suit_word


def expose(table: TableState, event: Expose, n: int) -> Card | None:
    """Record an exposed card under the rulebook's remedy; the card it makes played, if any."""
    seat = event.seat
    for i, card in enumerate(event.cards):
        table.check_available(seat, card, f"cards/{i}")
        shown = sum(1 for _, s, c in table.exposed if s == seat and c is card)
        if shown >= table.game.deck[card]:
            raise IllegalEvent(f"{card} is already face up on the table", f"cards/{i}")
        held = table.known[seat]
        if held is not None and shown and shown >= held[card]:
            raise ConflictsWithDeal(
                f"{card} is already face up on the table: {seat} holds no other",
                f"cards/{i}",
                seat,
                public=f"{seat} does not hold another {card}",
            )
    names = ", ".join(str(c) for c in event.cards)
    remedy = table.ruleset.remedy("exposed_card")
    contract = table.contract
    if remedy.kind == "card_plays":
        led = table.led()
        card = event.cards[0]
        if (
            contract is not None
            and len(event.cards) == 1
            and led is not None
            and contract.suit_of(card) == led
            and all(record.seat != seat for record in table.book)
        ):
            table.note(
                "exposed_card",
                seat,
                n,
                f"{seat} exposed {card}, a card of the suit led: it plays to book {table.book_number}",
                ("exposed-card",),
            )
            return card
        remedy = Remedy("no_effect")
        detail = f"{seat} exposed {names}: not a card of the suit led, so it does not play"
    elif remedy.kind == "restriction":
        suits = sorted({c.suit for c in event.cards if c.suit is not None})
        for suit in suits:
            table.restrictions.append(Restriction(team_of(seat), suit, n))
        detail = (
            f"{seat} exposed {names}: play continues, and {team_of(seat)} may not lead "
            f"{', '.join(suit_word(s) for s in suits) or 'that card'} until the opponents "
            "lead it or it is the only suit they hold"
        )
    elif remedy.kind == "must_play":
        detail = f"{seat} exposed {names}: it stays face up and is played at the first legal opportunity"
    else:
        detail = f"{seat} exposed {names}"
    table.exposed.extend((n, seat, card) for card in event.cards)
    table.note("exposed_card", seat, n, detail, ("exposed-card",), remedy)
    return None


def judge_lead(table: TableState, seat: Seat, card: Card, n: int) -> None:
    """Texas (Renege note): a lead of the suit the leader's team exposed, before the opponents have led
    it, while the leader holds another suit, is no renege: the opponents may call it and the official
    decides, loss of hand or no penalty (interpretation: texas-exposed-lead)."""
    team = team_of(seat)
    contract = table.contract
    for restriction in table.restrictions:
        if restriction.lifted_at is not None or restriction.suit != card.suit:
            continue
        if restriction.team != team:
            restriction.lifted_at = n
            continue
        hand = table.known[seat]
        if hand is not None and contract is not None:
            if all(contract.suit_of(c) == restriction.suit for c in hand):
                continue  # the only suit the leader holds
            held = "while holding another suit"
        else:
            held = "unless it was the only suit they held"
        table.note(
            "restricted_lead",
            seat,
            n,
            f"{seat} led {card}, a suit exposed by their team at event {restriction.event}, before "
            f"the opponents led it, {held}: not a renege; if the opponents call it, the official "
            "decides: loss of hand or no penalty",
            ("restricted-lead",),
            table.ruleset.remedy("restricted_lead"),
        )


def judge_exposed(table: TableState, seat: Seat, card: Card, n: int, contract: Any) -> None:
    """Ontario I.14: an exposed card is played at the first legal opportunity."""
    if table.ruleset.remedy("exposed_card").kind != "must_play":
        return
    mine = [c for e, s, c in table.exposed if s == seat]
    if not mine or card in mine:
        return
    led = table.led()
    hand = table.known[seat]
    legal = [
        c
        for c in mine
        if led is None
        or contract.suit_of(c) == led
        or (hand is not None and not any(contract.suit_of(h) == led for h in hand))
    ]
    if legal:
        table.note(
            "exposed_card_not_played",
            seat,
            n,
            f"{seat} played {card} while the exposed {legal[0]} could be played",
            ("exposed-card",),
        )
