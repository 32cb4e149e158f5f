"""Bid Whist on the shared table: the 54-card deck, the kitty, the auction and the declaration.

The four Bid Whist rulebooks differ in data (``adjudicator.rulebooks``); what they share as a game is
here. Book winning is ``contract``, bid words and ranks ``bids``, the score ``scoring`` (modules of
this package).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Final

from adjudicator.cards import CARDS, Card, Seat, Team, team_of
from adjudicator.events import BidMade, Declare, Discard, Exchange, IllegalEvent
from adjudicator.games.bidwhist.bids import Bid, corrected_bid, outranks, parse_bid
from adjudicator.games.bidwhist.contract import JOKER, Contract
from adjudicator.records import BidRecord, Suspicion
from adjudicator.rulebooks import Remedy

if TYPE_CHECKING:
    from adjudicator.rulings import Ruling
    from adjudicator.table import Table

KITTY_GUARD: Final = 4  # the first and last four cards dealt never go to the kitty


class BidWhist:
    """The game of the ``detroit``, ``texas``, ``chicago`` and ``cardtel`` rulebooks."""

    name: Final = "Bid Whist"
    deck: Final[Counter[Card]] = Counter(CARDS.values())
    hand_size: Final = 12
    kitty_size: Final = 6
    tricks: Final = 12
    before_play: Final = "kitty"

    def parse_bid(self, text: object) -> Bid | None:
        return parse_bid(text)

    def bid_text(self, bid: Any) -> str:
        return "pass" if bid is None else str(bid)

    def check_deal(
        self,
        table: Table,
        hands: Mapping[Seat, tuple[Card, ...]],
        kitty: tuple[Card, ...],
        positions: tuple[int, ...] | None,
    ) -> tuple[list[str], tuple[str, ...]]:
        problems: list[str] = []
        rules: tuple[str, ...] = ("misdeal", "deal")
        for seat, cards in hands.items():
            if len(cards) != self.hand_size:
                problems.append(f"{seat} was dealt {len(cards)} cards, not {self.hand_size}")
        if len(kitty) != self.kitty_size:
            problems.append(f"the kitty holds {len(kitty)} cards, not {self.kitty_size}")
        total = sum(len(cards) for cards in hands.values()) + len(kitty)
        size = sum(self.deck.values())
        if total < size:
            problems.append(f"the deck was incomplete: {total} of {size} cards were dealt")
        if positions:
            guarded = [p for p in positions if p <= KITTY_GUARD or p > total - KITTY_GUARD]
            if guarded:
                problems.append(
                    f"kitty cards were dealt at positions {guarded}: never among the first or last "
                    f"{KITTY_GUARD} cards"
                )
                rules += ("kitty-positions",)
            pairs = [(a, b) for a, b in pairwise(positions) if b == a + 1]
            if pairs and not table.ruleset.consecutive_kitty_cards:
                problems.append(f"consecutive cards were dealt into the kitty at positions {pairs}")
                rules += ("kitty-positions",)
        return problems, rules

    # --- the auction

    def bid(self, table: Table, event: BidMade, n: int) -> None:
        """Once around from the dealer's left; improper bids corrected, a forced dealer's pass void."""
        seat, bid = event.seat, event.bid
        said = self.bid_text(bid)
        expected = table.next_bidder()
        if seat != expected:
            why = "the bidding is over" if expected is None else f"it was {expected}'s turn to bid"
            table.note(
                "bid_out_of_turn",
                seat,
                n,
                f"{seat} bid {said} out of turn: {why}; the bid is void",
                ("bid-out-of-turn",),
            )
            table.bids.append(BidRecord(n, seat, event.said, bid, False, None))
            return
        standing = table.standing.counts_as if table.standing else None
        beats = table.ruleset.downtown_beats_uptown
        counts_as = bid
        if seat in table.silenced and bid is not None:
            counts_as = None
            table.note(
                "improper_bid",
                seat,
                n,
                f"{seat} was silenced by the choice on the bid out of turn: {said} counts as a pass",
                ("bid-out-of-turn",),
                Remedy("correction"),
            )
        elif bid is None and seat == table.dealer and standing is None:
            table.note(
                "improper_bid",
                seat,
                n,
                "the first three passed, so the dealer may not pass: the pass is void and the "
                "dealer must bid at least 4",
                ("forced-dealer",),
                Remedy("correction"),
            )
            table.bids.append(BidRecord(n, seat, event.said, bid, False, None))
            return
        elif bid is not None and standing is not None and not outranks(bid, standing, beats):
            counts_as = corrected_bid(bid, standing, beats)
            if counts_as is None:
                table.note(
                    "improper_bid",
                    seat,
                    n,
                    f"{said} does not take out {standing}, and no {bid.strain} bid of 7 or less "
                    "does: it counts as a pass",
                    ("improper-bid", "improper-bid-overflow"),
                    Remedy("correction"),
                )
            else:
                table.note(
                    "improper_bid",
                    seat,
                    n,
                    f"{said} does not take out {standing}: corrected to {counts_as}",
                    ("improper-bid", "bid-rank"),
                    Remedy("correction"),
                )
        table.count_bid(BidRecord(n, seat, event.said, bid, True, counts_as))

    # --- between the auction and the first card

    def declare(self, table: Table, event: Declare, n: int) -> None:
        bidder = table.require_bidder(event.seat, "names the trump or the direction")
        if table.contract is not None:
            raise IllegalEvent("the contract was already declared", "type")
        bid: Bid = table.standing_bid()
        if bid.is_no_trump and event.trump is not None:
            raise IllegalEvent(
                f"the bid is {bid}: the bidder names a direction (uptown or downtown), not a trump", "trump"
            )
        if not bid.is_no_trump and event.trump is None:
            raise IllegalEvent(f"the bid is {bid}: the bidder names a trump suit", "trump")
        direction = event.direction if bid.is_no_trump else bid.strain
        if direction not in ("uptown", "downtown"):
            raise IllegalEvent(
                f"the bid is {bid}: the bidder names a direction, uptown or downtown", "direction"
            )
        table.contract = Contract(bidder, bid, event.trump, direction)
        table.leader = bidder

    def discard(self, table: Table, event: Discard, n: int) -> None:
        """The bidder takes up the kitty and lays away six cards: the bidding team's first book."""
        bidder = table.require_bidder(event.seat, "takes the kitty and discards")
        if table.discard is not None:
            raise IllegalEvent(f"the discard was already recorded at event {table.discard_event}")
        if table.plays:
            raise IllegalEvent("the discard is made before the first card is played", "type")
        hand = table.known[bidder]
        if hand is not None and table.kitty is not None:
            pool = hand + Counter(table.kitty)
            for i, card in enumerate(event.cards):
                if not pool[card]:
                    raise IllegalEvent(
                        f"{card} is neither in {bidder}'s hand nor in the kitty "
                        f"(it was dealt to {table.holder(card) or 'nobody'})",
                        f"cards/{i}",
                    )
            pool.subtract(event.cards)
            table.known[bidder] = +pool
        else:
            for i, card in enumerate(event.cards):
                table.check_available(bidder, card, f"cards/{i}")
            table.known[bidder] = None
        table.out_of_play.update(event.cards)
        table.discard, table.discard_event = event.cards, n
        if len(event.cards) != self.kitty_size:
            table.note(
                "improper_discard",
                bidder,
                n,
                f"{bidder} discarded {len(event.cards)} cards, not {self.kitty_size}",
                ("improper-discard", "kitty"),
            )
        standing = table.standing.counts_as if table.standing else None
        if standing is not None and standing.is_no_trump and table.ruleset.no_trump_bidder_discards_jokers:
            self._judge_joker_discard(table, n)

    def _judge_joker_discard(self, table: Table, n: int) -> None:
        """A no-trump bidder must discard every joker into the kitty; keeping one is a renege."""
        bidder = table.bidder
        assert bidder is not None
        detail = f"{bidder} bid no trump and did not discard every joker into the kitty"
        rules = ("renege-joker-discard",)
        hand = table.known[bidder]
        if hand is None:  # proven later: a joker played by the bidder, or an inspection
            table.suspicions.append(Suspicion(bidder, n, None, frozenset({JOKER}), detail, rules))
            return
        kept = sorted(str(c) for c in hand if c.is_joker)
        if kept:
            source = "the recorded deal" if table.dealt else "the official's inspection"
            table.note("renege", bidder, n, f"{detail}; {bidder} kept {', '.join(kept)}", rules, proof=source)

    def exchange(self, table: Table, event: Exchange, n: int) -> None:
        raise IllegalEvent("Bid Whist has no exchange of cards: the bidder takes up the kitty", "type")

    def next_step(self, table: Table) -> str:
        if table.dealt and table.discard is None:
            return "discard"
        return "declare" if table.contract is None else "play"

    def ready_for_play(self, table: Table) -> None:
        if table.contract is None:
            raise IllegalEvent(
                "no contract yet: record the bidding and the bidder's trump or direction before "
                "the first card",
                "type",
            )
        if table.dealt and table.discard is None:
            raise IllegalEvent(
                "the deal is recorded, so the bidder's discard must be recorded before the "
                "first card is played",
                "type",
            )

    def books_taken(self, table: Table) -> dict[Team, int]:
        """Tricks won, and the kitty as the bidding team's first book."""
        books = dict(table.tricks_won)
        if table.bidder is not None:
            books[team_of(table.bidder)] += 1
        return books

    def score(self, table: Table, rulings: list[Ruling]) -> dict[str, Any]:
        from adjudicator.games.bidwhist.scoring import score

        return score(table, rulings)


BID_WHIST: Final = BidWhist()
