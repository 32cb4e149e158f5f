"""Reneges as the cards fall: a card off the suit led while the seat could follow.

Decided at once when the seat's hand is known (the deal, or an inspection); otherwise kept as a
``Suspicion`` for later proof (``adjudicator.domain.rulings.proof``). Who may call it and what it costs are
the rulings' and the rulebook's; a renege taken back in time (Ontario I.13) is ``play.correct``.
"""

from __future__ import annotations

from typing import Any

from adjudicator.domain.books import JOKER
from adjudicator.domain.cards import Card, Seat
from adjudicator.domain.records import Suspicion
from adjudicator.domain.table.state import TableState
from adjudicator.domain.table.view import suit_word


def judge_follow(table: TableState, seat: Seat, card: Card, n: int, contract: Any, led: str) -> None:
    """A card off the suit led: a renege if the seat could follow (or, where the rulebook says so,
    play a joker in no trump)."""
    suits = table.ranks.suits if table.ranks is not None else None
    suit = suits[card] if suits is not None else contract.suit_of(card)
    if suit == led:
        return
    whist = table.ruleset.bid_whist
    joker_too = (
        contract.is_no_trump and whist is not None and whist.no_trump_joker_must_be_played and suit != JOKER
    )
    hand = table.known[seat]
    if hand is not None:
        held = set(map(suits.__getitem__, hand) if suits is not None else map(contract.suit_of, hand))
        if led not in held and not (joker_too and JOKER in held):
            return  # the seat could not follow: most cards off the suit led are no renege
    proving = frozenset((led, JOKER)) if joker_too else frozenset((led,))
    rules: tuple[str, ...] = ("renege",)
    if table.book[0].card.is_joker:  # the joker led: trump, or in no trump the next card's suit
        rules += ("joker-led-no-trump",) if contract.is_no_trump else ("joker-led-trump",)
    detail = f"{seat} played {card} on a {suit_word(led)} lead"
    if joker_too:
        rules += ("renege-joker-play",)
        detail += " without following suit or playing a joker"
    else:
        detail += f" without following {suit_word(led)}"
    suspect(table, seat, n, proving, detail, rules, contract)


def suspect(
    table: TableState,
    seat: Seat,
    n: int,
    proving: frozenset[str],
    detail: str,
    rules: tuple[str, ...],
    contract: Any,
) -> None:
    """A play that reneges if the seat held a card of ``proving``: decided now if its hand is known."""
    hand = table.known[seat]
    if hand is None:
        table.suspicions.append(Suspicion(seat, n, table.book_number, proving, detail, rules))
        return
    held = sorted(str(c) for c in hand if contract.suit_of(c) in proving)
    if held:
        if any(not c.is_joker for c in hand if contract.suit_of(c) in proving):
            rules = tuple(r for r in rules if r != "renege-joker-play")
        source = "the recorded deal" if table.dealt else "the official's inspection"
        table.note("renege", seat, n, f"{detail}; {seat} held {', '.join(held)}", rules, proof=source)
