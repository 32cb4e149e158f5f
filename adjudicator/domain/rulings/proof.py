"""Renege proof: how the record proves (or disproves) a play that may have reneged.

A suspicion names the cards that would prove it; proof comes from the offender's later play of one of
them or from an official's inspection of the hand, whichever came first. An inspection that finds
none disproves it; a hand played out without one leaves nothing to prove.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.domain.books import Ranking
from adjudicator.domain.cards import Card
from adjudicator.domain.records import HandRecord, Suspicion


@dataclass(frozen=True, slots=True)
class Proof:
    """How the record proves a renege, and the cards that prove it."""

    text: str
    cards: tuple[Card, ...]


def resolve(table: HandRecord, suspicion: Suspicion, contract: Ranking) -> tuple[Proof | None, bool]:
    """(proof, settled): proven (Proof, True), disproven (None, True) or still open (None, False)."""
    seat, after = suspicion.seat, suspicion.event
    proof: tuple[int, Proof] | None = None
    for record in table.plays:
        if (
            record.event > after
            and record.seat == seat
            and contract.suit_of(record.card) in suspicion.proving
        ):
            text = f"{seat} later played {record.card} (event {record.event})"
            proof = (record.event, Proof(text, (record.card,)))
            break
    for event, inspected, cards in table.inspections:
        if event <= after or inspected != seat:
            continue
        held = tuple(sorted((c for c in cards if contract.suit_of(c) in suspicion.proving), key=str))
        if held and (proof is None or event < proof[0]):
            text = f"the official's inspection at event {event} found {', '.join(map(str, held))}"
            proof = (event, Proof(text, held))
        if not held and proof is None:
            return None, True
        break
    if proof is not None:
        return proof[1], True
    return None, table.cards_left(seat) == 0
