"""The replay engine: one hand's event log, applied in order, rebuilds the table.

``Table.apply`` takes one event dict. It first checks that the event could have happened at this
moment of the hand; if not it raises ``IllegalEvent`` and the table is left exactly as it was. An
event that could happen but breaks a rule is applied and noted as an ``Infraction`` (or, for a renege
that cannot yet be proven, a ``Suspicion``); ``adjudicator.rulings`` turns those into rulings.

What the table knows of each seat's cards: everything when the deal is recorded; otherwise only
what the seat has played, plus its whole remaining hand from the moment an official inspects it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, Literal

from adjudicator.bids import Bid, corrected_bid, outranks
from adjudicator.cards import (
    SEATS,
    SUIT_NAMES,
    TEAMS,
    Card,
    Seat,
    Team,
    next_seat,
    other_team,
    partner_of,
    seats_from,
    team_of,
)
from adjudicator.events import (
    BidMade,
    Choice,
    Close,
    Concede,
    Deal,
    Declare,
    Discard,
    Event,
    Expose,
    IllegalEvent,
    Inspect,
    Misdeal,
    Play,
    RenegeCall,
    TechCall,
    parse_event,
)
from adjudicator.rulesets import Remedy, Ruleset, get_ruleset
from adjudicator.tricks import JOKER, Contract, book_winner, led_suit

BOOKS_PER_HAND = 13
TRICKS_PER_HAND = 12
CARDS_PER_HAND = 12
KITTY_SIZE = 6
DECK_SIZE = 54
KITTY_GUARD = 4  # the first and last four cards dealt never go to the kitty

Phase = Literal["bidding", "kitty", "play", "complete", "void", "closed"]


@dataclass(slots=True)
class Infraction:
    """A rule broken at one event. ``rules`` are citation keys of the governing ruleset."""

    kind: str
    seat: Seat
    event: int
    detail: str
    rules: tuple[str, ...]
    remedy: Remedy
    book: int | None = None
    proof: str | None = None
    choice: tuple[int, str, str] | None = None  # (event, option, by)

    @property
    def id(self) -> str:
        return f"{self.kind}@{self.event}"

    @property
    def team(self) -> Team:
        return team_of(self.seat)


@dataclass(slots=True)
class Suspicion:
    """A play that is a renege if ``seat`` then held a card counting as one of ``proving``.

    With the seat's hand unknown, proof can only come later: a later play, or an inspection.
    """

    seat: Seat
    event: int
    book: int | None
    proving: frozenset[str]
    detail: str
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlayRecord:
    event: int
    seat: Seat
    card: Card
    book: int


@dataclass(frozen=True, slots=True)
class Call:
    event: int
    kind: Literal["renege", "tech"]
    by: Seat
    against: Seat
    infraction: str | None = None


@dataclass(frozen=True, slots=True)
class BidRecord:
    event: int
    seat: Seat
    said: str
    bid: Bid | None
    counted: bool  # False: void (out of turn, or a forced dealer's pass)
    counts_as: Bid | None  # the bid as corrected; None is a pass


@dataclass(slots=True)
class Restriction:
    """Texas: a team that exposed a card may not lead its suit until the opponents lead it."""

    team: Team
    suit: str
    event: int
    lifted_at: int | None = None


@dataclass(slots=True)
class Table:
    """The table at one moment of a hand, built by applying its events in order."""

    ruleset: Ruleset
    dealer: Seat
    version: int = 0
    dealt: bool = False
    known: dict[Seat, set[Card] | None] = field(default_factory=lambda: dict.fromkeys(SEATS))
    located: dict[Card, Seat] = field(default_factory=dict)
    kitty: tuple[Card, ...] | None = None
    bids: list[BidRecord] = field(default_factory=list)
    bids_counted: int = 0
    standing: BidRecord | None = None
    silenced: set[Seat] = field(default_factory=set)
    contract: Contract | None = None
    discard: tuple[Card, ...] | None = None
    discard_event: int | None = None
    plays: list[PlayRecord] = field(default_factory=list)
    played: dict[Card, int] = field(default_factory=dict)
    plays_by: dict[Seat, int] = field(default_factory=lambda: dict.fromkeys(SEATS, 0))
    book: list[PlayRecord] = field(default_factory=list)
    leader: Seat | None = None
    books: list[dict[str, Any]] = field(default_factory=list)
    tricks: dict[Team, int] = field(default_factory=lambda: dict.fromkeys(TEAMS, 0))
    restrictions: list[Restriction] = field(default_factory=list)
    exposed: list[tuple[int, Seat, Card]] = field(default_factory=list)
    infractions: list[Infraction] = field(default_factory=list)
    suspicions: list[Suspicion] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    inspections: list[tuple[int, Seat, frozenset[Card]]] = field(default_factory=list)
    concession: tuple[int, Seat] | None = None
    void_by: str | None = None
    closed_at: int | None = None

    # ----------------------------------------------------------------- derived facts

    @property
    def bidding_over(self) -> bool:
        return self.bids_counted == 4

    @property
    def book_number(self) -> int:
        return len(self.books) + 1

    @property
    def tricks_played(self) -> int:
        return len(self.books)

    @property
    def phase(self) -> Phase:
        if self.closed_at is not None:
            return "closed"
        if self.void_by is not None:
            return "void"
        if not self.bidding_over:
            return "bidding"
        if self.tricks_played == TRICKS_PER_HAND:
            return "complete"
        if not self.plays:
            return "kitty"
        return "play"

    @property
    def bidder(self) -> Seat | None:
        return self.standing.seat if self.bidding_over and self.standing else None

    def books_taken(self) -> dict[Team, int]:
        """Books per team so far: tricks won, and the kitty for the bidding team."""
        books = dict(self.tricks)
        if self.bidder is not None:
            books[team_of(self.bidder)] += 1
        return books

    def next_bidder(self) -> Seat | None:
        if self.bidding_over:
            return None
        return seats_from(next_seat(self.dealer))[self.bids_counted]

    def next_player(self) -> Seat | None:
        """Whose turn it is to play: clockwise from the leader, skipping seats that have played."""
        if self.leader is None or self.tricks_played == TRICKS_PER_HAND:
            return None
        done = {record.seat for record in self.book}
        for seat in seats_from(self.leader):
            if seat not in done:
                return seat
        return None

    def led(self) -> str | None:
        if self.contract is None:
            return None
        return led_suit(self.contract, [record.card for record in self.book])

    def holding(self, seat: Seat) -> set[Card] | None:
        """The seat's cards in hand right now, when known."""
        return self.known[seat]

    def cards_left(self, seat: Seat) -> int:
        count = CARDS_PER_HAND - self.plays_by[seat]
        if seat == self.bidder and self.discard is not None:
            count += KITTY_SIZE - len(self.discard)
        return count

    # ----------------------------------------------------------------- applying events

    def apply(self, data: Mapping[str, Any]) -> None:
        """Apply one event dict, or raise ``IllegalEvent`` and change nothing."""
        index = self.version + 1
        try:
            if self.closed_at is not None:
                raise IllegalEvent(f"the hand was closed at event {self.closed_at}: its score is recorded")
            if self.void_by is not None:
                raise IllegalEvent(
                    f"the hand is void for a redeal ({self.void_by}): record the redeal as a new hand"
                )
            event = parse_event(data, self.ruleset.guarantee_joker)
            self._apply(event, index)
        except IllegalEvent as error:
            raise error.at(index) from None
        self.version = index

    def extend(self, events: Iterable[Mapping[str, Any]]) -> Table:
        for event in events:
            self.apply(event)
        return self

    def _apply(self, event: Event, n: int) -> None:
        match event:
            case Play():
                self._play(event, n)
            case BidMade():
                self._bid(event, n)
            case Deal():
                self._deal(event, n)
            case Discard():
                self._discard(event, n)
            case Declare():
                self._declare(event, n)
            case RenegeCall():
                self.calls.append(Call(n, "renege", event.by, event.against))
            case TechCall():
                self.calls.append(Call(n, "tech", event.by, event.against, event.infraction))
            case Inspect():
                self._inspect(event, n)
            case Expose():
                self._expose(event, n)
            case Misdeal():
                self._misdeal(event, n)
            case Choice():
                self._choice(event, n)
            case Concede():
                self._concede(event, n)
            case Close():
                self._close(n)

    def _note(
        self,
        kind: str,
        seat: Seat,
        n: int,
        detail: str,
        rules: tuple[str, ...],
        remedy: Remedy | None = None,
        proof: str | None = None,
    ) -> Infraction:
        infraction = Infraction(
            kind,
            seat,
            n,
            detail,
            rules,
            remedy or self.ruleset.remedy(kind),
            book=self.book_number if self.plays else None,
            proof=proof,
        )
        self.infractions.append(infraction)
        return infraction

    # --- the deal

    def _deal(self, deal: Deal, n: int) -> None:
        if n != 1:
            raise IllegalEvent("the deal is the first event of a hand, recorded once", "type")
        problems: list[str] = []
        for seat in SEATS:
            if len(deal.hands[seat]) != CARDS_PER_HAND:
                problems.append(f"{seat} was dealt {len(deal.hands[seat])} cards, not {CARDS_PER_HAND}")
        if len(deal.kitty) != KITTY_SIZE:
            problems.append(f"the kitty holds {len(deal.kitty)} cards, not {KITTY_SIZE}")
        total = sum(len(cards) for cards in deal.hands.values()) + len(deal.kitty)
        if total < DECK_SIZE:
            problems.append(f"the deck was incomplete: {total} of {DECK_SIZE} cards were dealt")
        rules: tuple[str, ...] = ("misdeal", "deal")
        if deal.kitty_positions:
            guarded = [p for p in deal.kitty_positions if p <= KITTY_GUARD or p > total - KITTY_GUARD]
            if guarded:
                problems.append(
                    f"kitty cards were dealt at positions {guarded}: never among the first or last "
                    f"{KITTY_GUARD} cards"
                )
                rules += ("kitty-positions",)
            positions = deal.kitty_positions
            pairs = [(a, b) for a, b in pairwise(positions) if b == a + 1]
            if pairs and not self.ruleset.consecutive_kitty_cards:
                problems.append(f"consecutive cards were dealt into the kitty at positions {pairs}")
                rules += ("kitty-positions",)
        self.dealt = True
        self.kitty = deal.kitty
        for seat, cards in deal.hands.items():
            self.known[seat] = set(cards)
            for card in cards:
                self.located[card] = seat
        if problems:
            self._misdeal_found(self.dealer, n, "; ".join(problems), rules)

    def _misdeal(self, event: Misdeal, n: int) -> None:
        reason = event.reason.replace("_", " ")
        self._misdeal_found(self.dealer, n, f"misdeal called: {reason}", ("misdeal",))

    def _misdeal_found(self, dealer: Seat, n: int, detail: str, rules: tuple[str, ...]) -> None:
        if self.plays and self.ruleset.misdeal_after_first_card == "loss_of_hand":
            detail += "; found after the first card was played: the dealer's team loses the hand"
            self._note("misdeal", dealer, n, detail, rules, Remedy("loss_of_hand"))
            return
        infraction = self._note(
            "misdeal", dealer, n, detail + "; the hand is redealt", rules, Remedy("redeal")
        )
        self.void_by = infraction.id

    # --- bidding

    def _bid(self, event: BidMade, n: int) -> None:
        if self.plays:
            raise IllegalEvent("the bidding ended before the first card was played", "type")
        seat, bid = event.seat, event.bid
        said = bid_text(bid)
        expected = self.next_bidder()
        if seat != expected:
            why = "the bidding is over" if expected is None else f"it was {expected}'s turn to bid"
            self._note(
                "bid_out_of_turn",
                seat,
                n,
                f"{seat} bid {said} out of turn: {why}; the bid is void",
                ("bid-out-of-turn",),
            )
            self.bids.append(BidRecord(n, seat, event.said, bid, False, None))
            return
        standing = self.standing.counts_as if self.standing else None
        counts_as = bid
        if seat in self.silenced and bid is not None:
            counts_as = None
            self._note(
                "improper_bid",
                seat,
                n,
                f"{seat} was silenced by the choice on the bid out of turn: {said} counts as a pass",
                ("bid-out-of-turn",),
                Remedy("correction"),
            )
        elif bid is None and seat == self.dealer and standing is None:
            self._note(
                "improper_bid",
                seat,
                n,
                "the first three passed, so the dealer may not pass: the pass is void and the "
                "dealer must bid at least 4",
                ("forced-dealer",),
                Remedy("correction"),
            )
            self.bids.append(BidRecord(n, seat, event.said, bid, False, None))
            return
        elif (
            bid is not None
            and standing is not None
            and not outranks(bid, standing, self.ruleset.downtown_beats_uptown)
        ):
            counts_as = corrected_bid(bid, standing, self.ruleset.downtown_beats_uptown)
            if counts_as is None:
                self._note(
                    "improper_bid",
                    seat,
                    n,
                    f"{said} does not take out {standing}, and no {bid.strain} bid of 7 or less "
                    "does: it counts as a pass",
                    ("improper-bid", "improper-bid-overflow"),
                    Remedy("correction"),
                )
            else:
                self._note(
                    "improper_bid",
                    seat,
                    n,
                    f"{said} does not take out {standing}: corrected to {counts_as}",
                    ("improper-bid", "bid-rank"),
                    Remedy("correction"),
                )
        record = BidRecord(n, seat, event.said, bid, True, counts_as)
        self.bids.append(record)
        self.bids_counted += 1
        if counts_as is not None:
            self.standing = record

    def _require_bidder(self, seat: Seat, what: str) -> Seat:
        if not self.bidding_over:
            raise IllegalEvent(f"the bidding is not over: {what} comes after it", "type")
        bidder = self.bidder
        assert bidder is not None
        if seat != bidder:
            raise IllegalEvent(f"only the bidder, {bidder}, {what}", "seat")
        return bidder

    def _declare(self, event: Declare, n: int) -> None:
        bidder = self._require_bidder(event.seat, "names the trump or the direction")
        if self.contract is not None:
            raise IllegalEvent("the contract was already declared", "type")
        assert self.standing is not None and self.standing.counts_as is not None
        bid = self.standing.counts_as
        if bid.is_no_trump and event.trump is not None:
            raise IllegalEvent(
                f"the bid is {bid}: the bidder names a direction (uptown or downtown), not a trump",
                "trump",
            )
        if not bid.is_no_trump and event.trump is None:
            raise IllegalEvent(f"the bid is {bid}: the bidder names a trump suit", "trump")
        direction = event.direction if bid.is_no_trump else bid.strain
        assert direction in ("uptown", "downtown")
        self.contract = Contract(bidder, bid, event.trump, direction)
        self.leader = bidder

    def _discard(self, event: Discard, n: int) -> None:
        bidder = self._require_bidder(event.seat, "takes the kitty and discards")
        if self.discard is not None:
            raise IllegalEvent(f"the discard was already recorded at event {self.discard_event}")
        if self.plays:
            raise IllegalEvent("the discard is made before the first card is played", "type")
        hand = self.known[bidder]
        if hand is not None and self.kitty is not None:
            pool = hand | set(self.kitty)
            for i, card in enumerate(event.cards):
                if card not in pool:
                    raise IllegalEvent(
                        f"{card} is neither in {bidder}'s hand nor in the kitty "
                        f"(it was dealt to {self.located.get(card, 'nobody')})",
                        f"cards/{i}",
                    )
            self.known[bidder] = pool - set(event.cards)
            for card in self.kitty:
                self.located[card] = bidder
        else:
            for i, card in enumerate(event.cards):
                self._check_available(bidder, card, f"cards/{i}")
            self.known[bidder] = None
        for card in event.cards:
            self.located.pop(card, None)
        self.discard, self.discard_event = event.cards, n
        if len(event.cards) != KITTY_SIZE:
            self._note(
                "improper_discard",
                bidder,
                n,
                f"{bidder} discarded {len(event.cards)} cards, not {KITTY_SIZE}",
                ("improper-discard", "kitty"),
            )
        standing = self.standing.counts_as if self.standing else None
        if standing is not None and standing.is_no_trump and self.ruleset.no_trump_bidder_discards_jokers:
            self._judge_joker_discard(bidder, n)

    def _judge_joker_discard(self, bidder: Seat, n: int) -> None:
        """A no-trump bidder must discard every joker into the kitty; keeping one is a renege."""
        detail = f"{bidder} bid no trump and did not discard every joker into the kitty"
        rules = ("renege-joker-discard",)
        hand = self.known[bidder]
        if hand is None:  # proven later: a joker played by the bidder, or an inspection
            self.suspicions.append(Suspicion(bidder, n, None, frozenset({JOKER}), detail, rules))
            return
        kept = sorted(str(c) for c in hand if c.is_joker)
        if kept:
            source = "the recorded deal" if self.dealt else "the official's inspection"
            self._note("renege", bidder, n, f"{detail}; {bidder} kept {', '.join(kept)}", rules,
                       proof=source)

    # --- the play

    def _check_available(self, seat: Seat, card: Card, where: str) -> None:
        """Refuse a card the seat cannot be holding: played, discarded, or known elsewhere."""
        if card in self.played:
            raise IllegalEvent(f"{card} was already played at event {self.played[card]}", where)
        if self.discard is not None and card in self.discard:
            raise IllegalEvent(f"{card} is in the bidder's discard", where)
        hand = self.known[seat]
        if hand is not None and card not in hand:
            if card in self.located:
                raise IllegalEvent(f"{seat} does not hold {card}: {self.located[card]} does", where)
            if self.kitty is not None and card in self.kitty:
                raise IllegalEvent(f"{seat} does not hold {card}: it is in the kitty", where)
            raise IllegalEvent(f"{seat} does not hold {card}", where)
        owner = self.located.get(card)
        if owner is not None and owner != seat:
            raise IllegalEvent(f"{seat} does not hold {card}: {owner} does", where)

    def _play(self, event: Play, n: int) -> None:
        seat, card = event.seat, event.card
        contract = self.contract
        if contract is None:
            raise IllegalEvent(
                "no contract yet: record the bidding and the bidder's trump or direction before "
                "the first card",
                "type",
            )
        if self.dealt and self.discard is None:
            raise IllegalEvent(
                "the deal is recorded, so the bidder's discard must be recorded before the "
                "first card is played",
                "type",
            )
        if self.tricks_played == TRICKS_PER_HAND:
            raise IllegalEvent("all twelve books have been played", "type")
        if any(record.seat == seat for record in self.book):
            raise IllegalEvent(f"{seat} has already played to book {self.book_number}", "seat")
        if self.ruleset.renege_call_stops_play and any(c.kind == "renege" for c in self.calls):
            self._check_play_not_stopped()
        self._check_available(seat, card, "card")
        self._judge_play(seat, card, n, contract)
        self._place(seat, card, n, contract)

    def _check_play_not_stopped(self) -> None:
        """Texas Technical, Cardtel Techs 1: play stops at a renege call while the official rules.

        Play resumes once the call is dismissed or disproven; a proven renege ends the hand.
        """
        from adjudicator.rulings import decision, rulings

        result = rulings(self)
        for ruling in result:
            if ruling.kind == "renege" and ruling.status == "pending" and ruling.called_by:
                raise IllegalEvent(
                    f"play stopped at the renege call at event {ruling.called_by['event']}: the "
                    f"official rules on it first (record an inspection of {ruling.seat}'s hand)",
                    "type",
                )
        decided = decision(self, result)
        if decided is not None and decided.called_by is not None:
            raise IllegalEvent(
                f"play stopped at the call at event {decided.called_by['event']}: {decided.id} "
                "decided the hand",
                "type",
            )

    def _judge_play(self, seat: Seat, card: Card, n: int, contract: Contract) -> None:
        expected = self.next_player()
        book = self.book_number
        if seat != expected and not (
            book == TRICKS_PER_HAND and self.ruleset.out_of_turn_exempt_on_last_book
        ):
            self._note(
                "play_out_of_turn",
                seat,
                n,
                f"{seat} played {card} to book {book} when it was {expected}'s turn",
                ("play-out-of-turn",),
            )
        suit = contract.suit_of(card)
        led = self.led()
        if led is None:
            if not self.book:
                self._judge_lead(seat, card, suit, n)
            return
        if suit == led:
            return
        proving = {led}
        rules: tuple[str, ...] = ("renege",)
        if self.book[0].card.is_joker:  # the joker led: trump, or in no trump the next card's suit
            rules += ("joker-led-no-trump",) if contract.is_no_trump else ("joker-led-trump",)
        detail = f"{seat} played {card} on a {suit_word(led)} lead"
        if contract.is_no_trump and self.ruleset.no_trump_joker_must_be_played and suit != JOKER:
            proving.add(JOKER)
            rules += ("renege-joker-play",)
            detail += " without following suit or playing a joker"
        else:
            detail += f" without following {suit_word(led)}"
        self._suspect(seat, n, frozenset(proving), detail, rules, contract)

    def _judge_lead(self, seat: Seat, card: Card, suit: str, n: int) -> None:
        team = team_of(seat)
        for restriction in self.restrictions:
            if restriction.lifted_at is not None or restriction.suit != card.suit:
                continue
            if restriction.team != team:
                restriction.lifted_at = n
                continue
            assert self.contract is not None
            others = {s for s in (*"SHDC", JOKER) if s != restriction.suit}
            self._suspect(
                seat,
                n,
                frozenset(others),
                f"{seat} led {card}, a suit exposed by their team at event {restriction.event}, "
                "while holding another suit",
                ("renege-restricted-lead", "exposed-card"),
                self.contract,
            )

    def _suspect(
        self,
        seat: Seat,
        n: int,
        proving: frozenset[str],
        detail: str,
        rules: tuple[str, ...],
        contract: Contract,
    ) -> None:
        hand = self.known[seat]
        if hand is None:
            self.suspicions.append(Suspicion(seat, n, self.book_number, proving, detail, rules))
            return
        held = sorted(str(c) for c in hand if contract.suit_of(c) in proving)
        if held:
            if any(not c.is_joker for c in hand if contract.suit_of(c) in proving):
                rules = tuple(r for r in rules if r != "renege-joker-play")
            source = "the recorded deal" if self.dealt else "the official's inspection"
            self._note(
                "renege",
                seat,
                n,
                f"{detail}; {seat} held {', '.join(held)}",
                rules,
                proof=source,
            )

    def _place(self, seat: Seat, card: Card, n: int, contract: Contract) -> None:
        record = PlayRecord(n, seat, card, self.book_number)
        self.plays.append(record)
        self.played[card] = n
        self.plays_by[seat] += 1
        hand = self.known[seat]
        if hand is not None:
            hand.discard(card)
        self.located.pop(card, None)
        if self.exposed:
            self.exposed = [e for e in self.exposed if e[2] is not card]
        self.book.append(record)
        if len(self.book) == 4:
            plays = [(r.seat, r.card) for r in self.book]
            winner = book_winner(contract, plays)
            self.books.append(
                {
                    "number": self.book_number,
                    "leader": self.book[0].seat,
                    "plays": [{"seat": r.seat, "card": str(r.card), "event": r.event} for r in self.book],
                    "winner": winner,
                }
            )
            self.tricks[team_of(winner)] += 1
            self.book = []
            self.leader = winner

    # --- what officials record

    def _inspect(self, event: Inspect, n: int) -> None:
        seat, cards = event.seat, set(event.cards)
        hand = self.known[seat]
        if hand is not None:
            if cards != hand:
                missing = sorted(str(c) for c in hand - cards)
                extra = sorted(str(c) for c in cards - hand)
                raise IllegalEvent(
                    f"the inspection of {seat} disagrees with the record: "
                    f"missing {missing or 'nothing'}, not held {extra or 'nothing'}",
                    "cards",
                )
        else:
            for i, card in enumerate(event.cards):
                self._check_available(seat, card, f"cards/{i}")
            left = self.cards_left(seat)
            if len(cards) != left:
                raise IllegalEvent(
                    f"{seat} has {left} cards left, the inspection lists {len(cards)}", "cards"
                )
            self.known[seat] = set(cards)
            for card in cards:
                self.located[card] = seat
        self.inspections.append((n, seat, frozenset(cards)))

    def _expose(self, event: Expose, n: int) -> None:
        seat = event.seat
        for i, card in enumerate(event.cards):
            self._check_available(seat, card, f"cards/{i}")
            if any(e[2] == card for e in self.exposed):
                raise IllegalEvent(f"{card} is already face up on the table", f"cards/{i}")
        names = ", ".join(str(c) for c in event.cards)
        remedy = self.ruleset.remedy("exposed_card")
        contract = self.contract
        if remedy.kind == "card_plays":
            led = self.led()
            card = event.cards[0]
            if (
                contract is not None
                and len(event.cards) == 1
                and led is not None
                and contract.suit_of(card) == led
                and all(record.seat != seat for record in self.book)
            ):
                self._note(
                    "exposed_card",
                    seat,
                    n,
                    f"{seat} exposed {card}, a card of the suit led: it plays to book {self.book_number}",
                    ("exposed-card",),
                )
                self._judge_play(seat, card, n, contract)
                self._place(seat, card, n, contract)
                return
            remedy = Remedy("no_effect")
            detail = f"{seat} exposed {names}: not a card of the suit led, so it does not play"
        elif remedy.kind == "restriction":
            suits = sorted({c.suit for c in event.cards if c.suit is not None})
            for suit in suits:
                self.restrictions.append(Restriction(team_of(seat), suit, n))
            detail = (
                f"{seat} exposed {names}: play continues, and {team_of(seat)} may not lead "
                f"{', '.join(suit_word(s) for s in suits) or 'that card'} until the opponents "
                "lead it or it is the only suit they hold"
            )
        else:
            detail = f"{seat} exposed {names}"
        self.exposed.extend((n, seat, card) for card in event.cards)
        self._note("exposed_card", seat, n, detail, ("exposed-card",), remedy)

    def _choice(self, event: Choice, n: int) -> None:
        infraction = next((i for i in self.infractions if i.id == event.ruling), None)
        if infraction is None or infraction.remedy.kind != "choice":
            open_ids = [i.id for i in self.infractions if i.remedy.kind == "choice" and i.choice is None]
            raise IllegalEvent(
                f"no ruling {event.ruling!r} offers a choice; open choices: {open_ids or 'none'}",
                "ruling",
            )
        if infraction.choice is not None:
            raise IllegalEvent(
                f"{infraction.id} was already settled at event {infraction.choice[0]}", "ruling"
            )
        remedy = infraction.remedy
        if remedy.chooser == "official" and event.by != "official":
            raise IllegalEvent("this is the official's discretion: record it with by 'official'", "by")
        if remedy.chooser == "non_offending_team" and (
            event.by == "official" or team_of(event.by) == infraction.team
        ):
            raise IllegalEvent(
                f"the choice belongs to {other_team(infraction.team)}: by must be one of its seats",
                "by",
            )
        if event.option not in remedy.options:
            raise IllegalEvent(
                f"{event.option!r} is not an option here: choose one of {', '.join(remedy.options)}",
                "option",
            )
        infraction.choice = (n, event.option, event.by)
        if event.option == "redeal":
            self.void_by = infraction.id
        elif event.option == "continue_partner_silenced":
            self.silenced.add(partner_of(infraction.seat))

    def _concede(self, event: Concede, n: int) -> None:
        if self.contract is None:
            raise IllegalEvent("there is no contract to concede yet", "type")
        if self.concession is not None:
            raise IllegalEvent(f"the hand was already conceded at event {self.concession[0]}")
        if self.tricks_played == TRICKS_PER_HAND:
            raise IllegalEvent("all twelve books have been played: there is nothing to concede")
        self.concession = (n, event.seat)

    def _close(self, n: int) -> None:
        from adjudicator.rulings import decision

        if self.tricks_played < TRICKS_PER_HAND and self.concession is None and decision(self) is None:
            raise IllegalEvent(
                f"the hand cannot be closed: {TRICKS_PER_HAND - self.tricks_played} books remain "
                "and no concession or ruling has decided it",
                "type",
            )
        self.closed_at = n

    # ----------------------------------------------------------------- reading the table

    def state(self) -> dict[str, Any]:
        """The table as JSON-able data: what an official sees when replaying to this moment."""
        bidder = self.bidder
        turn: dict[str, str] | None = None
        phase = self.phase
        if phase == "bidding":
            turn = {"seat": self.next_bidder() or "", "action": "bid"}
        elif phase == "kitty" and bidder is not None:
            if self.dealt and self.discard is None:
                turn = {"seat": bidder, "action": "discard"}
            elif self.contract is None:
                turn = {"seat": bidder, "action": "declare"}
            else:
                turn = {"seat": bidder, "action": "play"}
        elif phase == "play":
            seat = self.next_player()
            turn = {"seat": seat, "action": "play"} if seat else None
        standing = self.standing
        return {
            "ruleset": self.ruleset.id,
            "dealer": self.dealer,
            "version": self.version,
            "phase": phase,
            "deal_known": self.dealt,
            "hands": {
                seat: (None if cards is None else sort_cards(cards)) for seat, cards in self.known.items()
            },
            "kitty": None if self.kitty is None else [str(c) for c in self.kitty],
            "discard": None if self.discard is None else [str(c) for c in self.discard],
            "bids": [
                {
                    "event": b.event,
                    "seat": b.seat,
                    "said": b.said,
                    "bid": bid_text(b.bid),
                    "counted": b.counted,
                    "counts_as": bid_text(b.counts_as) if b.counted else None,
                }
                for b in self.bids
            ],
            "standing_bid": (
                {"seat": standing.seat, "bid": bid_text(standing.counts_as)} if standing else None
            ),
            "contract": self.contract.to_dict() if self.contract else None,
            "book": {
                "number": self.book_number,
                "leader": self.leader,
                "led_suit": suit_word(self.led()) if self.led() else None,
                "plays": [{"seat": r.seat, "card": str(r.card)} for r in self.book],
            }
            if self.contract and self.tricks_played < TRICKS_PER_HAND
            else None,
            "books": self.books,
            "books_taken": self.books_taken(),
            "turn": turn,
            "restrictions": [
                {
                    "kind": "may_not_lead",
                    "team": r.team,
                    "suit": suit_word(r.suit),
                    "since_event": r.event,
                }
                for r in self.restrictions
                if r.lifted_at is None
            ]
            + [{"kind": "silenced", "seat": seat} for seat in sorted(self.silenced)],
            "exposed": [{"seat": s, "card": str(c), "event": e} for e, s, c in self.exposed],
            "conceded_by": self.concession[1] if self.concession else None,
        }


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


def bid_text(bid: Bid | None) -> str:
    return "pass" if bid is None else str(bid)


def replay(ruleset: str | Ruleset, dealer: Seat, events: Iterable[Mapping[str, Any]]) -> Table:
    """Build the table from a hand's events; ``IllegalEvent.index`` names the first bad one."""
    rules = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return Table(rules, dealer).extend(events)
