"""The deal and the kitty: six cards dealt aside, taken up by the bidder, six laid away.

A deal is checked for counts and for where the kitty's cards fell in the dealing order (never among
the first or last four; consecutive only where the rulebook allows it). The discard is the bidding
team's first book; a no-trump bidder must lay the jokers away where the rulebook says so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import pairwise
from typing import Final

from adjudicator.domain.books import JOKER
from adjudicator.domain.cards import CARDS, Card, Seat, take_from
from adjudicator.domain.events import ConflictsWithDeal, Discard, IllegalEvent
from adjudicator.domain.games.rules import Tableside
from adjudicator.domain.records import Suspicion

DECK: Final[Counter[Card]] = Counter(CARDS.values())
HAND_SIZE: Final = 12
TRICKS: Final = 12  # one a card in each hand
KITTY_SIZE: Final = 6
DECK_SIZE: Final = sum(DECK.values())
KITTY_GUARD: Final = 4  # the first and last four cards dealt never go to the kitty


def check_deal(
    table: Tableside,
    hands: Mapping[Seat, tuple[Card, ...]],
    kitty: tuple[Card, ...],
    positions: tuple[int, ...] | None,
) -> tuple[list[str], tuple[str, ...]]:
    problems: list[str] = []
    rules: tuple[str, ...] = ("misdeal", "deal")
    for seat, cards in hands.items():
        if len(cards) != HAND_SIZE:
            problems.append(f"{seat} was dealt {len(cards)} cards, not {HAND_SIZE}")
    if len(kitty) != KITTY_SIZE:
        problems.append(f"the kitty holds {len(kitty)} cards, not {KITTY_SIZE}")
    total = sum(map(len, hands.values())) + len(kitty)
    if total < DECK_SIZE:
        problems.append(f"the deck was incomplete: {total} of {DECK_SIZE} cards were dealt")
    if positions:
        guarded = [p for p in positions if p <= KITTY_GUARD or p > total - KITTY_GUARD]
        if guarded:
            problems.append(
                f"kitty cards were dealt at positions {guarded}: never among the first or last "
                f"{KITTY_GUARD} cards"
            )
            rules += ("kitty-positions",)
        pairs = [(a, b) for a, b in pairwise(positions) if b == a + 1]
        if pairs and not table.ruleset.whist.consecutive_kitty_cards:
            problems.append(f"consecutive cards were dealt into the kitty at positions {pairs}")
            rules += ("kitty-positions",)
    return problems, rules


def discard(table: Tableside, event: Discard, n: int) -> None:
    """The bidder takes up the kitty and lays away six cards: the bidding team's first book."""
    bidder = table.require_bidder(event.seat, "takes the kitty and discards")
    if table.discard is not None:
        raise IllegalEvent(f"the discard was already recorded at event {table.discard_event}")
    if table.plays:
        raise IllegalEvent("the discard is made before the first card is played", "type")
    hand = table.holding(bidder)
    if hand is not None and table.kitty is not None:
        pool = Counter(hand)
        pool.update(table.kitty)
        for i, card in enumerate(event.cards):
            if not pool[card]:
                public = f"{card} is neither in {bidder}'s hand nor in the kitty"
                raise ConflictsWithDeal(
                    f"{public} (it was dealt to {table.holder(card) or 'nobody'})",
                    f"cards/{i}",
                    bidder,
                    public=public,
                )
            take_from(pool, card)
        table.hold(bidder, pool)
    else:
        for i, card in enumerate(event.cards):
            table.check_available(bidder, card, f"cards/{i}")
        table.hold(bidder, None)
    table.record_discard(event.cards, n)
    if len(event.cards) != KITTY_SIZE:
        table.note(
            "improper_discard",
            bidder,
            n,
            f"{bidder} discarded {len(event.cards)} cards, not {KITTY_SIZE}",
            ("improper-discard", "kitty"),
        )
    standing = table.standing.counts_as if table.standing else None
    if standing is not None and standing.is_no_trump and table.ruleset.whist.no_trump_bidder_discards_jokers:
        _judge_joker_discard(table, n)


def _judge_joker_discard(table: Tableside, n: int) -> None:
    """A no-trump bidder must discard every joker into the kitty; keeping one is a renege."""
    bidder = table.bidder
    assert bidder is not None
    detail = f"{bidder} bid no trump and did not discard every joker into the kitty"
    rules = ("renege-joker-discard",)
    hand = table.holding(bidder)
    if hand is None:  # proven later: a joker played by the bidder, or an inspection
        table.suspect_later(Suspicion(bidder, n, None, frozenset({JOKER}), detail, rules))
        return
    kept = sorted(str(c) for c in hand if c.is_joker)
    if kept:
        source = "the recorded deal" if table.dealt else "the official's inspection"
        table.note("renege", bidder, n, f"{detail}; {bidder} kept {', '.join(kept)}", rules, proof=source)
