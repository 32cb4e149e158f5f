"""Bid Euchre (Ontario 55+): the double deck, its bids, bowers and the plus-and-minus score.

Everything here is what makes Bid Euchre a different game on the Bid Whist skeleton; the replay,
rulings and store are shared. Sections cited are those of ``ontario-55-bid-euchre.txt`` and the
``ontario`` table of MATRIX.md.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final, Literal

from adjudicator.cards import (
    CARDS,
    RED_SUITS,
    SUIT_BY_NAME,
    SUIT_NAMES,
    SUITS,
    TEAMS,
    Card,
    Seat,
    Suit,
    Team,
    other_team,
    partner_of,
    team_of,
)
from adjudicator.events import BidMade, Declare, Discard, Exchange, IllegalEvent
from adjudicator.records import BidRecord, Infraction
from adjudicator.rulebooks import Remedy

if TYPE_CHECKING:
    from adjudicator.rulings import Ruling
    from adjudicator.table import Table

RANKS: Final = ("A", "K", "Q", "J")
COPIES: Final = 2
HAND_SIZE: Final = 8
TRICKS: Final = 8
MIN_TRICKS: Final = 2

#: The double deck (G): A K Q J of each suit, every card twice.
DECK: Final[Counter[Card]] = Counter({CARDS[rank + suit]: COPIES for suit in SUITS for rank in RANKS})

CallKind = Literal["tricks", "call for two", "call for one", "moonshot"]
#: Calls and the moonshot rank above every trick bid, in this order (interpretation: euchre-call-rank).
CALLS: Final[dict[CallKind, tuple[int, int]]] = {
    "call for two": (9, 12),  # (rank above the eight trick bids, value)
    "call for one": (10, 18),
    "moonshot": (11, 24),
}
#: Cards the bidder gives to (and takes from) the partner on a call (I.7).
EXCHANGE: Final[dict[CallKind, int]] = {"call for two": 2, "call for one": 1}


class EuchreBidError(ValueError):
    """Raised for words that are not a Bid Euchre bid."""


@dataclass(frozen=True, slots=True)
class EuchreBid:
    """A bid: a number of tricks, or a call or moonshot, with a trump suit or no trump.

    ``trump`` is None for no trump; ``named`` is False for a call or moonshot said without its suit,
    which the bidder then names in a ``declare`` event.
    """

    kind: CallKind
    tricks: int
    trump: Suit | None
    named: bool = True

    @property
    def rank(self) -> int:
        return self.tricks if self.kind == "tricks" else CALLS[self.kind][0]

    @property
    def value(self) -> int:
        """What the bid is worth when made or lost: its tricks, or 12 / 18 / 24 (I.8, I.10)."""
        return self.tricks if self.kind == "tricks" else CALLS[self.kind][1]

    @property
    def tricks_needed(self) -> int:
        return self.tricks if self.kind == "tricks" else TRICKS

    @property
    def alone(self) -> bool:
        """Calls and moonshots are played by the bidder alone (I.7)."""
        return self.kind != "tricks"

    @property
    def is_no_trump(self) -> bool:
        return self.trump is None and self.named

    @property
    def colour(self) -> str | None:
        if self.trump is None:
            return None if self.named else "unnamed"
        return "red" if self.trump in RED_SUITS else "black"

    def __str__(self) -> str:
        strain = "" if not self.named else " no trump" if self.trump is None else " " + SUIT_NAMES[self.trump]
        head = str(self.tricks) if self.kind == "tricks" else self.kind
        return head + strain


_BID_RE: Final = re.compile(r"^(\d+|call for two|call for one|call for 2|call for 1|moonshot)(?:\s+(.*))?$")


def parse_euchre_bid(text: object) -> EuchreBid | None:
    """Read a Bid Euchre bid; ``None`` is a pass.

    >>> parse_euchre_bid("3 hearts"), str(parse_euchre_bid("5 no trump")), str(parse_euchre_bid("moonshot"))
    (EuchreBid(kind='tricks', tricks=3, trump='H', named=True), '5 no trump', 'moonshot')
    """
    if not isinstance(text, str):
        raise EuchreBidError(f"a bid is a string such as '3 hearts' or 'pass', not {text!r}")
    words = " ".join(text.lower().split())
    if words == "pass":
        return None
    match = _BID_RE.match(words)
    if match is None:
        raise EuchreBidError(
            f"{text!r} is not a Bid Euchre bid: say 'pass', a number of tricks (2-8) and a suit or "
            "no trump, 'call for two', 'call for one' or 'moonshot'"
        )
    head, strain = match.group(1), (match.group(2) or "").removeprefix("in ").strip()
    kind: CallKind = "tricks"
    tricks = TRICKS
    if head.isdigit():
        tricks = int(head)
        if not MIN_TRICKS <= tricks <= TRICKS:
            raise EuchreBidError(f"{text!r} is not a bid: a bid names {MIN_TRICKS} to {TRICKS} tricks")
    else:
        kind = (
            "call for two"
            if head in ("call for two", "call for 2")
            else ("call for one" if head in ("call for one", "call for 1") else "moonshot")
        )
    if strain in ("no trump", "no", "nt", "notrump", "no-trump"):
        return EuchreBid(kind, tricks, None)
    if strain == "":
        if kind == "tricks":
            raise EuchreBidError(f"{text!r} is not a bid: a bid names a suit or no trump (I.5)")
        return EuchreBid(kind, tricks, None, named=False)
    suit = SUIT_BY_NAME.get(strain) or SUIT_BY_NAME.get(strain + "s")
    if suit is None:
        raise EuchreBidError(f"{text!r} is not a bid: {strain!r} is not a suit or no trump")
    return EuchreBid(kind, tricks, suit)


def same_colour(a: Suit, b: Suit) -> bool:
    return (a in RED_SUITS) == (b in RED_SUITS)


def mate(suit: Suit) -> Suit:
    """The other suit of the same colour: its jack is the left bower."""
    return {"S": "C", "C": "S", "H": "D", "D": "H"}[suit]  # type: ignore[return-value]


_PLAIN: Final = {"J": 1, "Q": 2, "K": 3, "A": 4}
_TRUMP: Final = {"Q": 1, "K": 2, "A": 3}
_TRUMP_BONUS: Final = 100


@dataclass(frozen=True, slots=True)
class EuchreContract:
    """The winning bid: trump ranks both right bowers, both left bowers, A A K K Q Q (MATRIX ontario).

    Of two identical cards the first played wins (interpretation: twin-cards): strengths tie, and a
    book goes to the first of equal strength.
    """

    bidder: Seat
    bid: EuchreBid
    trump: Suit | None

    @property
    def is_no_trump(self) -> bool:
        return self.trump is None

    def suit_of(self, card: Card) -> str:
        assert card.suit is not None
        if self.trump is not None and card.rank == "J" and card.suit == mate(self.trump):
            return self.trump
        return card.suit

    def strength(self, card: Card, led: str) -> int:
        assert card.suit is not None
        trump = self.trump
        if trump is not None:
            if card.rank == "J" and card.suit == trump:
                return _TRUMP_BONUS + 5
            if card.rank == "J" and card.suit == mate(trump):
                return _TRUMP_BONUS + 4
            if card.suit == trump:
                return _TRUMP_BONUS + _TRUMP[card.rank]
        return _PLAIN[card.rank] if card.suit == led else -1

    def to_dict(self) -> dict[str, object]:
        return {
            "bidder": self.bidder,
            "bid": str(self.bid),
            "trump": SUIT_NAMES[self.trump] if self.trump else None,
            "direction": None,
        }


def hand_points(bid: EuchreBid, bidder_tricks: int, defender_tricks: int) -> tuple[int, int]:
    """(bidding team, defenders) points of a played-out hand (I.8-I.10).

    A point a trick to each team; a made call or moonshot pays its value instead of its tricks; a
    failed bid costs the bid, and the defenders still score their tricks.
    """
    if bidder_tricks >= bid.tricks_needed:
        return (bid.value if bid.alone else bidder_tricks), defender_tricks
    return -bid.value, defender_tricks


# ----------------------------------------------------------------------------- the game on the table


class BidEuchre:
    """The game of the ``ontario`` rulebook, on the shared table.

    The auction: once each from the dealer's left, each bid naming more tricks than the standing one
    (I.3-I.5); a bid out of turn is void, its bidder loses the bid for the hand and the partner may
    not bid the same colour (I.3); the same number as the standing bid must be raised by one, or the
    partner may not bid that colour (I.4: the bidder's choice, recorded before anything else); four
    passes mean a redeal (interpretation: euchre-all-pass). Trump is part of the bid; a call or
    moonshot said without its suit is followed by a ``declare``. On a call the bidder exchanges
    cards with the partner, who then sits out (I.7).
    """

    name: Final = "Bid Euchre"
    deck: Final = DECK
    hand_size: Final = HAND_SIZE
    kitty_size: Final = 0
    tricks: Final = TRICKS
    before_play: Final = "exchange"

    def parse_bid(self, text: object) -> EuchreBid | None:
        return parse_euchre_bid(text)

    def bid_text(self, bid: Any) -> str:
        return "pass" if bid is None else str(bid)

    def check_deal(
        self,
        table: Table,
        hands: Mapping[Seat, tuple[Card, ...]],
        kitty: tuple[Card, ...],
        positions: tuple[int, ...] | None,
    ) -> tuple[list[str], tuple[str, ...]]:
        problems = [
            f"{seat} was dealt {len(cards)} cards, not {HAND_SIZE}"
            for seat, cards in hands.items()
            if len(cards) != HAND_SIZE
        ]
        if kitty:
            problems.append(f"{len(kitty)} cards were dealt to a kitty: Bid Euchre has none")
        total = sum(len(cards) for cards in hands.values()) + len(kitty)
        if total < sum(DECK.values()):
            problems.append(f"the deck was incomplete: {total} of {sum(DECK.values())} cards were dealt")
        return problems, ("misdeal", "deal", "deck")

    # --- the auction

    def bid(self, table: Table, event: BidMade, n: int) -> None:
        seat, bid = event.seat, event.bid
        said = self.bid_text(bid)
        partner = partner_of(seat)
        expected = table.next_bidder()
        if seat != expected:
            why = "the bidding is over" if expected is None else f"it was {expected}'s turn to bid"
            detail = f"{seat} bid {said} out of turn ({why}): the bid is void"
            detail += f" and {seat} loses the bid for the hand"
            if bid is not None and bid.colour in ("red", "black") and expected is not None:
                table.barred[partner] = bid.colour
                detail += f"; {partner} may not bid a {bid.colour} suit"
            table.note("bid_out_of_turn", seat, n, detail, ("bid-out-of-turn",))
            table.lost_bid.add(seat)
            table.bids.append(BidRecord(n, seat, event.said, bid, False, None))
            return
        standing: EuchreBid | None = table.standing.counts_as if table.standing else None
        counts_as = bid
        if bid is not None:
            if seat in table.lost_bid:
                counts_as = None
                table.note(
                    "improper_bid",
                    seat,
                    n,
                    f"{seat} lost the bid for this hand by bidding out of turn: {said} counts as a pass",
                    ("bid-out-of-turn",),
                    Remedy("correction"),
                )
            elif table.barred.get(seat) is not None and table.barred[seat] == bid.colour:
                counts_as = None
                table.note(
                    "improper_bid",
                    seat,
                    n,
                    f"{seat} may not bid a {bid.colour} suit: {said} counts as a pass",
                    ("bid-out-of-turn", "same-number"),
                    Remedy("correction"),
                )
            elif (
                standing is not None
                and bid.kind == "tricks"
                and bid.tricks == standing.tricks
                and (standing.kind == "tricks")
            ):
                infraction = table.note(
                    "same_number",
                    seat,
                    n,
                    f"{seat} bid {said}, the same number of tricks as {standing}: {seat} must raise it "
                    f"by one, or {partner} may not bid a {bid.colour or 'no-trump'} suit",
                    ("same-number",),
                )
                table.awaiting = infraction
                table.count_bid(BidRecord(n, seat, event.said, bid, True, None))
                return
            elif standing is not None and bid.rank <= standing.rank:
                counts_as = None
                table.note(
                    "improper_bid",
                    seat,
                    n,
                    f"{said} does not name more than {standing}: it counts as a pass",
                    ("improper-bid", "bid-rank"),
                    Remedy("correction"),
                )
        table.count_bid(BidRecord(n, seat, event.said, bid, True, counts_as))
        if table.bidding_over:
            self._auction_over(table, n)

    def settle(self, table: Table, infraction: Infraction, option: str) -> None:
        """The bidder's choice on a same-number bid: raise it by one, or stand down."""
        index, record = next((i, b) for i, b in enumerate(table.bids) if b.event == infraction.event)
        bid: EuchreBid = record.bid
        standing: EuchreBid | None = table.standing.counts_as if table.standing else None
        raised = EuchreBid(bid.kind, bid.tricks + 1, bid.trump, bid.named)
        if (
            option == "raise_by_one"
            and bid.tricks < TRICKS
            and (standing is None or raised.rank > standing.rank)
        ):
            table.bids[index] = replace(record, counts_as=raised)
            table.standing = table.bids[index]
        elif bid.colour in ("red", "black"):
            table.barred[partner_of(record.seat)] = bid.colour
        if table.bidding_over:
            self._auction_over(table, infraction.event)

    def _auction_over(self, table: Table, n: int) -> None:
        if table.standing is None:
            infraction = table.note(
                "all_passed",
                table.dealer,
                n,
                "all four passed: the hand is redealt",
                ("all-pass",),
                Remedy("redeal"),
            )
            table.void_by = infraction.id
            return
        bid: EuchreBid = table.standing.counts_as
        bidder = table.standing.seat
        if bid.alone:
            table.sitting_out = partner_of(bidder)
        if bid.named:
            table.contract = EuchreContract(bidder, bid, bid.trump)
            table.leader = bidder

    # --- between the auction and the first card

    def declare(self, table: Table, event: Declare, n: int) -> None:
        bidder = table.require_bidder(event.seat, "names the trump")
        if table.contract is not None:
            raise IllegalEvent("the trump was named in the bid: nothing is left to declare", "type")
        bid: EuchreBid = table.standing_bid()
        if event.trump is None and not event.no_trump:
            raise IllegalEvent("name a trump suit, or 'no trump'", "trump")
        named = EuchreBid(bid.kind, bid.tricks, event.trump)
        table.contract = EuchreContract(bidder, named, event.trump)
        table.leader = bidder

    def discard(self, table: Table, event: Discard, n: int) -> None:
        raise IllegalEvent(
            "Bid Euchre has no kitty: on a call the bidder exchanges cards with the partner (an exchange)",
            "type",
        )

    def exchange(self, table: Table, event: Exchange, n: int) -> None:
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
        mine, theirs = table.known[bidder], table.known[partner]
        if mine is not None:
            for key, cards in (("discards", event.discards), ("receives", event.receives)):
                held = Counter(cards)
                source = mine if key == "discards" else theirs
                if source is not None and held - source:
                    raise IllegalEvent(
                        f"{key} names more copies than are held: {sorted(map(str, held - source))}", key
                    )
        if mine is not None and theirs is not None:
            mine.subtract(event.discards)
            mine.update(event.receives)
            theirs.subtract(event.receives)
            table.known[bidder], table.known[partner] = +mine, +theirs
        else:
            table.known[bidder] = None
            if theirs is not None:
                theirs.subtract(event.receives)
                table.known[partner] = +theirs
        table.out_of_play.update(event.discards)
        table.exchange = (n, event.discards, event.receives)
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

    def next_step(self, table: Table) -> str:
        if table.contract is None:
            return "declare"
        if table.dealt and table.exchange is None and table.contract.bid.kind in EXCHANGE:
            return "exchange"
        return "play"

    def ready_for_play(self, table: Table) -> None:
        if table.contract is None:
            raise IllegalEvent(
                "no contract yet: record the bidding (and the trump of a call said without it) first", "type"
            )
        if table.dealt and table.exchange is None and table.contract.bid.kind in EXCHANGE:
            raise IllegalEvent(
                "the deal is recorded, so the call's exchange must be recorded before the first card", "type"
            )

    def books_taken(self, table: Table) -> dict[Team, int]:
        return dict(table.tricks_won)

    def score(self, table: Table, rulings: list[Ruling]) -> dict[str, Any]:
        """A point a trick each; calls pay their value; failure costs the bid (I.8-I.10).

        A renege not corrected (I.13) ends the hand: by a defender the bidding team scores its bid,
        by a bidding player it loses its bid; either way the defenders keep the tricks they took.
        """
        from adjudicator.rulings import decision

        contract = table.contract
        bid: EuchreBid | None = (
            contract.bid if contract else (table.standing.counts_as if table.standing else None)
        )
        bidders: Team | None = team_of(table.bidder) if table.bidder else None
        books = table.books_taken()
        if table.concession is not None:
            books[other_team(team_of(table.concession[1]))] += TRICKS - table.tricks_played
        points = dict.fromkeys(TEAMS, 0)
        winner: Team | None = None
        made: bool | None = None
        decided = decision(table, rulings)
        complete = table.hand_over or table.concession is not None
        void = decided is not None and decided.effect is not None and decided.effect["type"] == "redeal"
        if not void and bid is not None and bidders is not None:
            defenders = other_team(bidders)
            if decided is not None and decided.effect is not None:
                made = decided.effect["team"] != bidders
                points[bidders] = bid.value if made else -bid.value
                points[defenders] = books[defenders]
            elif complete:
                made = books[bidders] >= bid.tricks_needed
                points[bidders], points[defenders] = hand_points(bid, books[bidders], books[defenders])
            if made is not None:
                winner = bidders if made else defenders
        if not void:
            for ruling in rulings:
                if ruling.effect and ruling.effect["type"] == "point_penalty":
                    points[ruling.effect["team"]] -= ruling.effect["points"]
        hand_wins = dict.fromkeys(TEAMS, 0)
        if winner is not None:
            hand_wins[winner] = 1
        return {
            "final": complete or decided is not None,
            "void": void,
            "contract": contract.to_dict() if contract else None,
            "books": books,
            "made": made,
            "winner": winner,
            "points": points,
            "hand_wins": hand_wins,
            "boston": None,
            "decided_by": decided.id if decided else None,
        }


BID_EUCHRE: Final = BidEuchre()
