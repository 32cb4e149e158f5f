"""The table at one moment of a hand: what is known, what was noted, and whose turn it is.

``TableState`` holds the facts the replay has gathered and answers questions about them; it changes
only through its named acts (count a bid, declare the contract, hold cards, note an infraction …),
which are what a game may ask of the table (``adjudicator.domain.games.rules.Tableside``). Applying events
is ``adjudicator.domain.table.table.Table``'s work.

What the table knows of each seat's cards: everything when the deal is recorded; otherwise only
what the seat has played, plus its whole remaining hand from the moment an official inspects it.
Hands are multisets, since the Bid Euchre deck holds every card twice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from operator import itemgetter
from typing import Any, Final, Literal, cast

from adjudicator.domain.books import JOKER, Ranks, led_suit, ranks
from adjudicator.domain.cards import (
    CLOCKWISE,
    SEATS,
    TEAMS,
    Card,
    Seat,
    Team,
    next_seat,
    partner_of,
    seats_from,
)
from adjudicator.domain.events import ConflictsWithDeal, IllegalEvent
from adjudicator.domain.games import GameRules, rules_for
from adjudicator.domain.records import (
    BidRecord,
    Confirmation,
    Correction,
    FindingRecord,
    Infraction,
    PlayRecord,
    RecordConflict,
    RecordedResult,
    Restriction,
    Suspicion,
    TableCall,
)
from adjudicator.domain.rulebooks import Remedy, Ruleset

_SEAT: Final = itemgetter(1)  # a play record's seat

Phase = Literal["bidding", "kitty", "exchange", "play", "complete", "void", "closed"]


@dataclass(slots=True)
class TableState:
    """The table at one moment of a hand, built by applying its events in order."""

    ruleset: Ruleset
    dealer: Seat
    game: GameRules = field(init=False, repr=False)
    guarantee_joker: str = field(init=False, repr=False)  # the ruleset's, asked on every event
    version: int = 0
    dealt: bool = False
    known: dict[Seat, Counter[Card] | None] = field(default_factory=lambda: dict.fromkeys(SEATS))
    kitty: tuple[Card, ...] | None = None
    out_of_play: Counter[Card] = field(default_factory=Counter)  # discarded, never to be played
    bids: list[BidRecord] = field(default_factory=list)
    bids_counted: int = 0
    standing: BidRecord | None = None
    silenced: set[Seat] = field(default_factory=set)
    barred: dict[Seat, str] = field(default_factory=dict)  # Bid Euchre: seat -> colour it may not bid
    lost_bid: set[Seat] = field(default_factory=set)  # Bid Euchre: bid out of turn, no bid this hand
    awaiting: Infraction | None = None  # a bid whose choice must come before anything else
    contract: Any = None
    ranks: Ranks | None = field(default=None, repr=False)  # the contract's, looked up on every card
    discard: tuple[Card, ...] | None = None
    discard_event: int | None = None
    exchange: tuple[int, tuple[Card, ...], tuple[Card, ...]] | None = None
    sitting_out: Seat | None = None
    plays: list[PlayRecord] = field(default_factory=list)
    played: Counter[Card] = field(default_factory=Counter)
    plays_by: dict[Seat, int] = field(default_factory=lambda: dict.fromkeys(SEATS, 0))
    book: list[PlayRecord] = field(default_factory=list)
    leader: Seat | None = None
    books: list[dict[str, Any]] = field(default_factory=list)
    tricks_won: dict[Team, int] = field(default_factory=lambda: dict.fromkeys(TEAMS, 0))
    restrictions: list[Restriction] = field(default_factory=list)
    exposed: list[tuple[int, Seat, Card]] = field(default_factory=list)
    infractions: list[Infraction] = field(default_factory=list)
    suspicions: list[Suspicion] = field(default_factory=list)
    calls: list[TableCall] = field(default_factory=list)
    findings: dict[int, FindingRecord] = field(default_factory=dict)
    inspections: list[tuple[int, Seat, Counter[Card]]] = field(default_factory=list)
    concession: tuple[int, Seat] | None = None
    corrections: list[Correction] = field(default_factory=list)
    conflicts: list[RecordConflict] = field(default_factory=list)
    confirmations: list[Confirmation] = field(default_factory=list)
    void_by: str | None = None
    closed_at: int | None = None
    result: RecordedResult | None = None  # the hand recorded by its result: its books, no card known

    def __post_init__(self) -> None:
        self.game = rules_for(self.ruleset.game)
        self.guarantee_joker = self.ruleset.guarantee_joker

    @property
    def bidding_over(self) -> bool:
        return self.bids_counted == 4 or self.result is not None

    @property
    def book_number(self) -> int:
        return len(self.books) + 1

    @property
    def tricks_played(self) -> int:
        return len(self.books)

    @property
    def hand_over(self) -> bool:
        return len(self.books) == self.game.tricks or self.result is not None

    @property
    def phase(self) -> Phase:
        if self.closed_at is not None:
            return "closed"
        if self.void_by is not None:
            return "void"
        if not self.bidding_over:
            return "bidding"
        if self.hand_over:
            return "complete"
        if not self.plays:
            return "exchange" if self.game.before_play == "exchange" else "kitty"
        return "play"

    @property
    def bidder(self) -> Seat | None:
        return self.standing.seat if self.bidding_over and self.standing else None

    @property
    def players(self) -> int:
        """Seats that play to each book: three when the bidder plays alone."""
        return 3 if self.sitting_out else 4

    def standing_bid(self) -> Any:
        assert self.standing is not None and self.standing.counts_as is not None
        return self.standing.counts_as

    def books_taken(self) -> dict[Team, int]:
        """A result's books stand, whatever books are entered after it (``rulings.conflicts``)."""
        return dict(self.result.books) if self.result is not None else self.game.books_taken(self)

    def next_bidder(self) -> Seat | None:
        if self.bidding_over:
            return None
        return seats_from(next_seat(self.dealer))[self.bids_counted]

    def next_player(self) -> Seat | None:
        """Whose turn it is to play: clockwise from the leader, skipping seats that have played."""
        leader = self.leader
        if leader is None or len(self.books) == self.game.tricks:
            return None
        order, played, out = CLOCKWISE[leader], tuple(map(_SEAT, self.book)), self.sitting_out
        if out is None and played == order[: len(played)]:  # every card so far played in turn
            return order[len(played)]
        return next((seat for seat in order if seat != out and seat not in played), None)

    def led(self) -> str | None:
        """The suit to follow in the book on the table, once a card has set it."""
        if not self.book or self.ranks is None:
            return None
        suit = self.ranks.suits[self.book[0].card]
        if suit != JOKER:
            return suit
        return led_suit(self.contract, [record.card for record in self.book])

    def holding(self, seat: Seat) -> Counter[Card] | None:
        """The seat's cards in hand right now, when known."""
        return self.known[seat]

    def holder(self, card: Card, besides: Seat | None = None) -> Seat | None:
        """A seat other than ``besides`` known to hold ``card``."""
        return next(
            (s for s, hand in self.known.items() if s != besides and hand is not None and hand[card]), None
        )

    def cards_left(self, seat: Seat) -> int:
        count = self.game.hand_size - self.plays_by[seat]
        if seat == self.bidder and self.discard is not None:
            count += self.game.kitty_size - len(self.discard)
        if self.exchange is not None and seat == self.bidder:
            count += len(self.exchange[2]) - len(self.exchange[1])
        if self.exchange is not None and self.bidder and seat == partner_of(self.bidder):
            count -= len(self.exchange[2])
        return count

    def check_available(self, seat: Seat, card: Card, where: str) -> None:
        """Refuse a card the seat cannot be holding: every copy played (a public fact), or, by the
        concealed cards as recorded, discarded or known elsewhere (``ConflictsWithDeal``)."""
        hand = self.known[seat]
        if hand is not None and hand[card]:
            return
        copies = self.game.deck[card]
        if self.played[card] >= copies:
            first = next(record.event for record in self.plays if record.card is card)
            raise IllegalEvent(f"{card} was already played at event {first}", where)
        if hand is None:
            elsewhere = sum(h[card] for s, h in self.known.items() if s != seat and h is not None)
            if self.played[card] + self.out_of_play[card] + elsewhere < copies:
                return
        raise _conflict(self, seat, card, where)

    def require_bidder(self, seat: Seat, what: str) -> Seat:
        if not self.bidding_over:
            raise IllegalEvent(f"the bidding is not over: {what} comes after it", "type")
        bidder = self.bidder
        if bidder is None:
            raise IllegalEvent("nobody won the bidding", "type")
        if seat != bidder:
            raise IllegalEvent(f"only the bidder, {bidder}, {what}", "seat")
        return bidder

    # ----------------------------------------------------------------- acts (what a game may ask)

    def note(
        self,
        kind: str,
        seat: Seat,
        n: int,
        detail: str,
        rules: tuple[str, ...],
        remedy: Remedy | None = None,
        proof: str | None = None,
    ) -> Infraction:
        """Record an infraction; its remedy is the ruleset's for ``kind`` unless given."""
        book = self.book_number if self.plays else None
        remedy = remedy or self.ruleset.remedy(kind)
        infraction = Infraction(kind, seat, n, detail, rules, remedy, book=book, proof=proof)
        self.infractions.append(infraction)
        return infraction

    def note_conflict(self, conflict: ConflictsWithDeal, n: int) -> None:
        """The table's account at ``n`` disagrees with the concealed cards as recorded: the account
        stands, the disagreement waits for an official, and from here the table relies on no
        concealed holding it knew (every hand unknown, as when no deal is recorded; nothing laid
        away counted out of play) until the record is corrected."""
        book = self.book_number if self.plays else None
        self.conflicts.append(RecordConflict(n, cast(Seat, conflict.seat), conflict.message, book))
        self.known = dict.fromkeys(SEATS)
        self.out_of_play = Counter()

    def suspect_later(self, suspicion: Suspicion) -> None:
        """A possible renege the record cannot prove yet: a later play or an inspection will."""
        self.suspicions.append(suspicion)

    def count_bid(self, record: BidRecord) -> None:
        """A bid in turn: it takes the seat's turn, and stands if it is not a pass."""
        self.bids.append(record)
        self.bids_counted += 1
        if record.counts_as is not None:
            self.standing = record

    def void_bid(self, record: BidRecord) -> None:
        """A bid said that takes no turn: out of turn, or a dealer's pass that may not be."""
        self.bids.append(record)

    def recount_bid(self, event: int, counts_as: Any) -> None:
        """The bid of ``event`` counts as ``counts_as`` after all, and stands."""
        index = next(i for i, record in enumerate(self.bids) if record.event == event)
        self.bids[index] = self.standing = replace(self.bids[index], counts_as=counts_as)

    def await_choice(self, infraction: Infraction) -> None:
        self.awaiting = infraction

    def bar_colour(self, seat: Seat, colour: str) -> None:
        self.barred[seat] = colour

    def forfeit_bid(self, seat: Seat) -> None:
        self.lost_bid.add(seat)

    def void_hand(self, infraction: Infraction) -> None:
        """The hand is void for a redeal, because of ``infraction``."""
        self.void_by = infraction.id

    def sit_out(self, seat: Seat) -> None:
        self.sitting_out = seat

    def declare_contract(self, contract: Any, result: RecordedResult | None = None) -> None:
        """The contract is settled (with the books taken, for a hand recorded by its ``result``)."""
        self.contract, self.result = contract, result
        self.ranks = ranks(contract, self.game.deck)
        self.leader = contract.bidder

    def hold(self, seat: Seat, cards: Counter[Card] | None) -> None:
        """What ``seat`` now holds: known cards, or None when the record cannot tell."""
        self.known[seat] = cards

    def record_discard(self, cards: tuple[Card, ...], n: int) -> None:
        self.out_of_play.update(cards)
        self.discard, self.discard_event = cards, n

    def record_exchange(self, n: int, discards: tuple[Card, ...], receives: tuple[Card, ...]) -> None:
        self.out_of_play.update(discards)
        self.exchange = (n, discards, receives)


def _conflict(table: TableState, seat: Seat, card: Card, where: str) -> ConflictsWithDeal:
    """A card the seat could hold but for the concealed cards as recorded: where it is instead is
    concealed, so a reader who may not see it reads only ``public``."""
    public = f"{seat} does not hold {card}"
    if table.played[card]:
        first = next(record.event for record in table.plays if record.card is card)
        said = f"{card} was already played at event {first}"
    elif table.discard is not None and card in table.discard:
        said = f"{card} is in the bidder's discard"
    elif (owner := table.holder(card, besides=seat)) is not None:
        said = f"{public}: {owner} does"
    elif table.known[seat] is None:
        said = f"every {card} in the deck is already accounted for"
    elif table.kitty is not None and card in table.kitty:
        said = f"{public}: it is in the kitty"
    else:
        said = public
    return ConflictsWithDeal(said, where, seat, public=public)
