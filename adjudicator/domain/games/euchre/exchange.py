"""The exchange on a call (I.7): the bidder discards two (one) and receives two (one) from the partner."""

from __future__ import annotations

from collections import Counter
from typing import Final

from adjudicator.domain.cards import partner_of
from adjudicator.domain.events import ConflictsWithDeal, Exchange, IllegalEvent
from adjudicator.domain.games.euchre.bids import CallKind, EuchreBid
from adjudicator.domain.games.rules import Tableside

EXCHANGE: Final[dict[CallKind, int]] = {"call for two": 2, "call for one": 1}


def exchange(table: Tableside, event: Exchange, n: int) -> None:
    """I.7: on a call for two (one) the bidder discards two (one) and receives two (one)."""
    bidder = table.require_bidder(event.seat, "exchanges cards with the partner")
    bid: EuchreBid = table.standing_bid()
    if bid.kind not in EXCHANGE:
        why = "a moonshot is played as dealt" if bid.kind == "moonshot" else "only a call exchanges cards"
        raise IllegalEvent(f"the bid is {bid}: {why}", "type")
    if table.exchange is not None:
        raise IllegalEvent(f"the exchange was already recorded at event {table.exchange[0]}", "type")
    if table.plays:
        raise IllegalEvent("the exchange is made before the first card is played", "type")
    partner = partner_of(bidder)
    for i, card in enumerate(event.discards):
        table.check_available(bidder, card, f"discards/{i}")
    for i, card in enumerate(event.receives):
        table.check_available(partner, card, f"receives/{i}")
    mine, theirs = table.holding(bidder), table.holding(partner)
    if mine is not None:
        for key, cards in (("discards", event.discards), ("receives", event.receives)):
            held = Counter(cards)
            source = mine if key == "discards" else theirs
            if source is not None and held - source:
                raise ConflictsWithDeal(
                    f"{key} names more copies than are held: {sorted(map(str, held - source))}",
                    key,
                    bidder if key == "discards" else partner,
                    public=f"{key} names more copies than the record of the hands allows",
                )
    if mine is not None and theirs is not None:
        table.hold(bidder, mine - Counter(event.discards) + Counter(event.receives))
        table.hold(partner, theirs - Counter(event.receives))
    else:
        table.hold(bidder, None)
        if theirs is not None:
            table.hold(partner, theirs - Counter(event.receives))
    table.record_exchange(n, event.discards, event.receives)
    wanted = EXCHANGE[bid.kind]
    if len(event.discards) != wanted or len(event.receives) != wanted:
        table.note(
            "improper_exchange",
            bidder,
            n,
            f"on {bid} the bidder discards and receives {wanted}: {len(event.discards)} discarded, "
            f"{len(event.receives)} received",
            ("improper-exchange",),
        )
