"""The replay engine: one hand's event log, applied in order, rebuilds the table.

``Table.apply`` takes one event dict. It first checks that the event could have happened at this
moment of the hand; if not it raises ``IllegalEvent`` and the table is left exactly as it was. An
event that could happen but breaks a rule is applied and noted as an ``Infraction`` (or, for a renege
that cannot yet be proven, a ``Suspicion``); ``adjudicator.rulings`` turns those into rulings.

The table is shared by every game; what a game does differently (deck, auction, kitty or exchange,
score) it asks of its ``GameRules`` (``adjudicator.games.bidwhist.game``, ``adjudicator.games.euchre.game``).

What the table knows of each seat's cards: everything when the deal is recorded; otherwise only
what the seat has played, plus its whole remaining hand from the moment an official inspects it.
Hands are multisets, since the Bid Euchre deck holds every card twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

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
    Correct,
    Deal,
    Declare,
    Discard,
    Event,
    Exchange,
    Expose,
    Hesitation,
    IllegalEvent,
    Inspect,
    Misdeal,
    Play,
    RenegeCall,
    TechCall,
    parse_event,
)
from adjudicator.games import GameRules, rules_for
from adjudicator.games.bidwhist.contract import JOKER, book_winner, led_suit
from adjudicator.records import BidRecord, Call, Infraction, PlayRecord, Restriction, Suspicion
from adjudicator.rulebooks import Remedy, Ruleset, get_ruleset

# Bid Whist's numbers, kept for readers that know only that game; the table asks its game.
BOOKS_PER_HAND = 13
TRICKS_PER_HAND = 12

Phase = Literal["bidding", "kitty", "exchange", "play", "complete", "void", "closed"]

__all__ = [
    "BOOKS_PER_HAND",
    "TRICKS_PER_HAND",
    "BidRecord",
    "Call",
    "Infraction",
    "PlayRecord",
    "Restriction",
    "Suspicion",
    "Table",
    "replay",
    "sort_cards",
    "suit_word",
]


@dataclass(slots=True)
class Table:
    """The table at one moment of a hand, built by applying its events in order."""

    ruleset: Ruleset
    dealer: Seat
    game: GameRules = field(init=False, repr=False)
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
    discard: tuple[Card, ...] | None = None
    discard_event: int | None = None
    exchange: tuple[int, tuple[Card, ...], tuple[Card, ...]] | None = None
    sitting_out: Seat | None = None
    plays: list[PlayRecord] = field(default_factory=list)
    played: Counter[Card] = field(default_factory=Counter)
    played_at: dict[Card, int] = field(default_factory=dict)
    plays_by: dict[Seat, int] = field(default_factory=lambda: dict.fromkeys(SEATS, 0))
    book: list[PlayRecord] = field(default_factory=list)
    leader: Seat | None = None
    books: list[dict[str, Any]] = field(default_factory=list)
    tricks_won: dict[Team, int] = field(default_factory=lambda: dict.fromkeys(TEAMS, 0))
    restrictions: list[Restriction] = field(default_factory=list)
    exposed: list[tuple[int, Seat, Card]] = field(default_factory=list)
    infractions: list[Infraction] = field(default_factory=list)
    suspicions: list[Suspicion] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    inspections: list[tuple[int, Seat, Counter[Card]]] = field(default_factory=list)
    concession: tuple[int, Seat] | None = None
    void_by: str | None = None
    closed_at: int | None = None

    def __post_init__(self) -> None:
        self.game = rules_for(self.ruleset.game)

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
    def hand_over(self) -> bool:
        return len(self.books) == self.game.tricks

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

    def standing_bid(self) -> Any:
        assert self.standing is not None and self.standing.counts_as is not None
        return self.standing.counts_as

    def books_taken(self) -> dict[Team, int]:
        return self.game.books_taken(self)

    def next_bidder(self) -> Seat | None:
        if self.bidding_over:
            return None
        return seats_from(next_seat(self.dealer))[self.bids_counted]

    @property
    def players(self) -> int:
        """Seats that play to each book: three when the bidder plays alone."""
        return 3 if self.sitting_out else 4

    def next_player(self) -> Seat | None:
        """Whose turn it is to play: clockwise from the leader, skipping seats that have played."""
        if self.leader is None or self.hand_over:
            return None
        done = {record.seat for record in self.book}
        for seat in seats_from(self.leader):
            if seat not in done and seat != self.sitting_out:
                return seat
        return None

    def led(self) -> str | None:
        """The suit to follow in the book on the table, once a card has set it."""
        if self.contract is None or not self.book:
            return None
        first = self.book[0].card
        if first.suit is not None:
            return self.contract.suit_of(first)  # type: ignore[no-any-return]
        return led_suit(self.contract, [record.card for record in self.book])

    def holding(self, seat: Seat) -> Counter[Card] | None:
        """The seat's cards in hand right now, when known."""
        return self.known[seat]

    def holder(self, card: Card, besides: Seat | None = None) -> Seat | None:
        """A seat other than ``besides`` known to hold ``card``."""
        for seat in SEATS:
            hand = self.known[seat]
            if seat != besides and hand is not None and hand[card]:
                return seat
        return None

    def cards_left(self, seat: Seat) -> int:
        count = self.game.hand_size - self.plays_by[seat]
        if seat == self.bidder and self.discard is not None:
            count += self.game.kitty_size - len(self.discard)
        if self.exchange is not None and seat == self.bidder:
            count += len(self.exchange[2]) - len(self.exchange[1])
        if self.exchange is not None and self.bidder and seat == partner_of(self.bidder):
            count -= len(self.exchange[2])
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
            event = parse_event(data, self.game, self.ruleset.guarantee_joker)
            if self.awaiting is not None and not isinstance(event, Choice):
                raise IllegalEvent(
                    f"{self.awaiting.id} waits for its choice ({', '.join(self.awaiting.remedy.options)}) "
                    "before anything else is recorded",
                    "type",
                )
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
                if self.plays:
                    raise IllegalEvent("the bidding ended before the first card was played", "type")
                self.game.bid(self, event, n)
            case Deal():
                self._deal(event, n)
            case Discard():
                self.game.discard(self, event, n)
            case Declare():
                self.game.declare(self, event, n)
            case Exchange():
                self.game.exchange(self, event, n)
            case RenegeCall():
                self.calls.append(Call(n, "renege", event.by, event.against))
            case TechCall():
                self.calls.append(Call(n, "tech", event.by, event.against, event.infraction))
            case Inspect():
                self._inspect(event, n)
            case Expose():
                self._expose(event, n)
            case Misdeal():
                reason = event.reason.replace("_", " ")
                self.misdeal(n, f"misdeal called: {reason}", ("misdeal",))
            case Choice():
                self._choice(event, n)
            case Concede():
                self._concede(event, n)
            case Correct():
                self._correct(event, n)
            case Hesitation():
                self._hesitation(event, n)
            case Close():
                self._close(n)

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

    def count_bid(self, record: BidRecord) -> None:
        """A bid in turn: it takes the seat's turn, and stands if it is not a pass."""
        self.bids.append(record)
        self.bids_counted += 1
        if record.counts_as is not None:
            self.standing = record

    def require_bidder(self, seat: Seat, what: str) -> Seat:
        if not self.bidding_over:
            raise IllegalEvent(f"the bidding is not over: {what} comes after it", "type")
        bidder = self.bidder
        if bidder is None:
            raise IllegalEvent("nobody won the bidding", "type")
        if seat != bidder:
            raise IllegalEvent(f"only the bidder, {bidder}, {what}", "seat")
        return bidder

    # --- the deal

    def _deal(self, deal: Deal, n: int) -> None:
        if n != 1:
            raise IllegalEvent("the deal is the first event of a hand, recorded once", "type")
        problems, rules = self.game.check_deal(self, deal.hands, deal.kitty, deal.kitty_positions)
        self.dealt = True
        self.kitty = deal.kitty if self.game.kitty_size else None
        for seat, cards in deal.hands.items():
            self.known[seat] = Counter(cards)
        if problems:
            self.misdeal(n, "; ".join(problems), rules)

    def misdeal(self, n: int, detail: str, rules: tuple[str, ...]) -> None:
        """A misdeal is the dealer's: a redeal, or after the first card (Texas) the dealer's team's loss."""
        if self.plays and self.ruleset.misdeal_after_first_card == "loss_of_hand":
            detail += "; found after the first card was played: the dealer's team loses the hand"
            self.note("misdeal", self.dealer, n, detail, rules, Remedy("loss_of_hand"))
            return
        infraction = self.note(
            "misdeal", self.dealer, n, detail + "; the hand is redealt", rules, Remedy("redeal")
        )
        self.void_by = infraction.id

    # --- the play

    def check_available(self, seat: Seat, card: Card, where: str) -> None:
        """Refuse a card the seat cannot be holding: played, discarded, or known elsewhere."""
        hand = self.known[seat]
        if hand is not None:
            if hand[card]:
                return
            if self.played[card]:
                raise IllegalEvent(f"{card} was already played at event {self.played_at[card]}", where)
            if self.discard is not None and card in self.discard:
                raise IllegalEvent(f"{card} is in the bidder's discard", where)
            owner = self.holder(card, besides=seat)
            if owner is not None:
                raise IllegalEvent(f"{seat} does not hold {card}: {owner} does", where)
            if self.kitty is not None and card in self.kitty:
                raise IllegalEvent(f"{seat} does not hold {card}: it is in the kitty", where)
            raise IllegalEvent(f"{seat} does not hold {card}", where)
        copies = self.game.deck[card]
        elsewhere = sum(h[card] for s, h in self.known.items() if s != seat and h is not None)
        if self.played[card] + self.out_of_play[card] + elsewhere < copies:
            return
        if self.played[card] >= copies:
            raise IllegalEvent(f"{card} was already played at event {self.played_at[card]}", where)
        if self.discard is not None and card in self.discard:
            raise IllegalEvent(f"{card} is in the bidder's discard", where)
        owner = self.holder(card, besides=seat)
        if owner is not None:
            raise IllegalEvent(f"{seat} does not hold {card}: {owner} does", where)
        raise IllegalEvent(f"every {card} in the deck is already accounted for", where)

    def _play(self, event: Play, n: int) -> None:
        seat, card = event.seat, event.card
        self.game.ready_for_play(self)
        contract = self.contract
        if self.hand_over:
            raise IllegalEvent(f"all {self.game.tricks} books have been played", "type")
        if seat == self.sitting_out:
            raise IllegalEvent(f"{seat} sits out: the bidder plays alone", "seat")
        if any(record.seat == seat for record in self.book):
            raise IllegalEvent(f"{seat} has already played to book {self.book_number}", "seat")
        if self.ruleset.renege_call_stops_play and any(c.kind == "renege" for c in self.calls):
            self._check_play_not_stopped()
        self.check_available(seat, card, "card")
        self._judge_play(seat, card, n, contract)
        self._place(seat, card, n)

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

    def _judge_play(self, seat: Seat, card: Card, n: int, contract: Any) -> None:
        expected = self.next_player()
        book = self.book_number
        if seat != expected and not (
            book == self.game.tricks and self.ruleset.out_of_turn_exempt_on_last_book
        ):
            self.note(
                "play_out_of_turn",
                seat,
                n,
                f"{seat} played {card} to book {book} when it was {expected}'s turn",
                ("play-out-of-turn",),
            )
        if self.exposed:
            self._judge_exposed(seat, card, n, contract)
        suit = contract.suit_of(card)
        led = self.led()
        if led is None:
            if not self.book:
                self._judge_lead(seat, card, n)
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
        self.suspect(seat, n, frozenset(proving), detail, rules, contract)

    def _judge_lead(self, seat: Seat, card: Card, n: int) -> None:
        team = team_of(seat)
        for restriction in self.restrictions:
            if restriction.lifted_at is not None or restriction.suit != card.suit:
                continue
            if restriction.team != team:
                restriction.lifted_at = n
                continue
            others = {s for s in (*"SHDC", JOKER) if s != restriction.suit}
            self.suspect(
                seat,
                n,
                frozenset(others),
                f"{seat} led {card}, a suit exposed by their team at event {restriction.event}, "
                "while holding another suit",
                ("renege-restricted-lead", "exposed-card"),
                self.contract,
            )

    def _judge_exposed(self, seat: Seat, card: Card, n: int, contract: Any) -> None:
        """Ontario I.14: an exposed card is played at the first legal opportunity."""
        if self.ruleset.remedy("exposed_card").kind != "must_play":
            return
        mine = [c for e, s, c in self.exposed if s == seat]
        if not mine or card in mine:
            return
        led = self.led()
        hand = self.known[seat]
        legal = [
            c
            for c in mine
            if led is None
            or contract.suit_of(c) == led
            or (hand is not None and not any(contract.suit_of(h) == led for h in hand))
        ]
        if legal:
            self.note(
                "exposed_card_not_played",
                seat,
                n,
                f"{seat} played {card} while the exposed {legal[0]} could be played",
                ("exposed-card",),
            )

    def suspect(
        self,
        seat: Seat,
        n: int,
        proving: frozenset[str],
        detail: str,
        rules: tuple[str, ...],
        contract: Any,
    ) -> None:
        """A play that reneges if the seat held a card of ``proving``: decided now if its hand is known."""
        hand = self.known[seat]
        if hand is None:
            self.suspicions.append(Suspicion(seat, n, self.book_number, proving, detail, rules))
            return
        held = sorted(str(c) for c in hand if contract.suit_of(c) in proving)
        if held:
            if any(not c.is_joker for c in hand if contract.suit_of(c) in proving):
                rules = tuple(r for r in rules if r != "renege-joker-play")
            source = "the recorded deal" if self.dealt else "the official's inspection"
            self.note("renege", seat, n, f"{detail}; {seat} held {', '.join(held)}", rules, proof=source)

    def _place(self, seat: Seat, card: Card, n: int) -> None:
        record = PlayRecord(n, seat, card, self.book_number)
        self.plays.append(record)
        self.played[card] += 1
        self.played_at.setdefault(card, n)
        self.plays_by[seat] += 1
        hand = self.known[seat]
        if hand is not None:
            hand[card] -= 1
            if not hand[card]:
                del hand[card]
        if self.exposed:
            for i, (_, owner, shown) in enumerate(self.exposed):
                if owner == seat and shown is card:
                    del self.exposed[i]
                    break
        self.book.append(record)
        if len(self.book) == self.players:
            self._gather()

    def _gather(self) -> None:
        plays = [(r.seat, r.card) for r in self.book]
        winner = book_winner(self.contract, plays)
        self.books.append(
            {
                "number": self.book_number,
                "leader": self.book[0].seat,
                "plays": [{"seat": r.seat, "card": str(r.card), "event": r.event} for r in self.book],
                "winner": winner,
            }
        )
        self.tricks_won[team_of(winner)] += 1
        self.book = []
        self.leader = winner

    def _correct(self, event: Correct, n: int) -> None:
        """Ontario I.13: a renege corrected before the trick is gathered carries no penalty.

        The trick counts as gathered once the next book is led; until then the offender takes the
        card back and plays ``card`` in its place. The book is taken up and played again as it was,
        with the one card changed.
        """
        seat = event.seat
        if not self.ruleset.renege_correctable:
            raise IllegalEvent(
                "under this rulebook a card played stands: a renege cannot be corrected", "type"
            )
        reopen = (
            not self.book and bool(self.books) and any(p["seat"] == seat for p in self.books[-1]["plays"])
        )
        records = self.plays[-len(self.books[-1]["plays"]) :] if reopen else list(self.book)
        old = next((r for r in records if r.seat == seat), None)
        if old is None:
            raise IllegalEvent(f"{seat} has no card in the book on the table to correct", "seat")
        renege = next((i for i in self.infractions if i.kind == "renege" and i.event == old.event), None)
        suspicion = next((s for s in self.suspicions if s.event == old.event and s.seat == seat), None)
        if renege is None and suspicion is None:
            raise IllegalEvent(f"{seat}'s {old.card} followed the rules: a card played stands", "card")
        if reopen:
            last = self.books.pop()
            self.tricks_won[team_of(last["winner"])] -= 1
            self.leader = last["leader"]
        for record in reversed(records):
            self._take_back(record)
        try:
            self.check_available(seat, event.card, "card")
        except IllegalEvent:
            for record in records:
                self._place(record.seat, record.card, record.event)
            raise
        if renege is not None:
            self.infractions.remove(renege)
        if suspicion is not None:
            self.suspicions.remove(suspicion)
        self.note(
            "corrected_renege",
            seat,
            n,
            f"{seat} took back {old.card} and played {event.card} before the trick was gathered: no penalty",
            ("renege-correction",),
            Remedy("no_effect"),
        )
        for record in records:
            if record is old:
                self._judge_play(seat, event.card, n, self.contract)
                self._place(seat, event.card, n)
            else:
                self._place(record.seat, record.card, record.event)

    def _take_back(self, record: PlayRecord) -> None:
        """Undo the last play: the card returns to its seat's hand."""
        assert self.plays and self.plays[-1] is record
        self.plays.pop()
        if self.book:
            self.book.pop()
        self.played[record.card] -= 1
        if not self.played[record.card]:
            del self.played[record.card]
            del self.played_at[record.card]
        self.plays_by[record.seat] -= 1
        hand = self.known[record.seat]
        if hand is not None:
            hand[record.card] += 1

    # --- what officials record

    def _inspect(self, event: Inspect, n: int) -> None:
        seat, cards = event.seat, Counter(event.cards)
        hand = self.known[seat]
        if hand is not None:
            if cards != hand:
                missing = sort_cards((hand - cards).elements())
                extra = sort_cards((cards - hand).elements())
                raise IllegalEvent(
                    f"the inspection of {seat} disagrees with the record: "
                    f"missing {missing or 'nothing'}, not held {extra or 'nothing'}",
                    "cards",
                )
        else:
            for i, card in enumerate(event.cards):
                self.check_available(seat, card, f"cards/{i}")
            left = self.cards_left(seat)
            if len(event.cards) != left:
                raise IllegalEvent(
                    f"{seat} has {left} cards left, the inspection lists {len(event.cards)}", "cards"
                )
            self.known[seat] = Counter(cards)
        self.inspections.append((n, seat, cards))

    def _expose(self, event: Expose, n: int) -> None:
        seat = event.seat
        for i, card in enumerate(event.cards):
            self.check_available(seat, card, f"cards/{i}")
            shown = sum(1 for _, s, c in self.exposed if s == seat and c is card)
            if shown and shown >= (self.known[seat] or Counter({card: 1}))[card]:
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
                self.note(
                    "exposed_card",
                    seat,
                    n,
                    f"{seat} exposed {card}, a card of the suit led: it plays to book {self.book_number}",
                    ("exposed-card",),
                )
                self._judge_play(seat, card, n, contract)
                self._place(seat, card, n)
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
        elif remedy.kind == "must_play":
            detail = f"{seat} exposed {names}: it stays face up and is played at the first legal opportunity"
        else:
            detail = f"{seat} exposed {names}"
        self.exposed.extend((n, seat, card) for card in event.cards)
        self.note("exposed_card", seat, n, detail, ("exposed-card",), remedy)

    def _choice(self, event: Choice, n: int) -> None:
        infraction = next((i for i in self.infractions if i.id == event.ruling), None)
        if infraction is None or infraction.remedy.kind != "choice":
            open_ids = [i.id for i in self.infractions if i.remedy.kind == "choice" and i.choice is None]
            raise IllegalEvent(
                f"no ruling {event.ruling!r} offers a choice; open choices: {open_ids or 'none'}", "ruling"
            )
        if infraction.choice is not None:
            raise IllegalEvent(
                f"{infraction.id} was already settled at event {infraction.choice[0]}", "ruling"
            )
        if self.awaiting is not None and infraction is not self.awaiting:
            raise IllegalEvent(f"{self.awaiting.id} waits for its choice first", "ruling")
        remedy = infraction.remedy
        if remedy.chooser == "official" and event.by != "official":
            raise IllegalEvent("this is the official's discretion: record it with by 'official'", "by")
        if remedy.chooser == "non_offending_team" and (
            event.by == "official" or team_of(event.by) == infraction.team
        ):
            raise IllegalEvent(
                f"the choice belongs to {other_team(infraction.team)}: by must be one of its seats", "by"
            )
        if remedy.chooser == "offender" and event.by not in (infraction.seat, "official"):
            raise IllegalEvent(f"the choice belongs to {infraction.seat}, who bid", "by")
        if event.option not in remedy.options:
            raise IllegalEvent(
                f"{event.option!r} is not an option here: choose one of {', '.join(remedy.options)}", "option"
            )
        infraction.choice = (n, event.option, event.by)
        if event.option == "redeal":
            self.void_by = infraction.id
        elif event.option == "continue_partner_silenced":
            self.silenced.add(partner_of(infraction.seat))
        if self.awaiting is infraction:
            self.awaiting = None
            settle = getattr(self.game, "settle", None)
            if settle is not None:
                settle(self, infraction, event.option)

    def _concede(self, event: Concede, n: int) -> None:
        if self.contract is None:
            raise IllegalEvent("there is no contract to concede yet", "type")
        if self.concession is not None:
            raise IllegalEvent(f"the hand was already conceded at event {self.concession[0]}")
        if self.hand_over:
            raise IllegalEvent(f"all {self.game.tricks} books have been played: there is nothing to concede")
        self.concession = (n, event.seat)

    def _hesitation(self, event: Hesitation, n: int) -> None:
        """Ontario I.6: the convenor may order a redeal or, if repeated, a five-point penalty."""
        if "hesitation" not in self.ruleset.remedies:
            raise IllegalEvent("this rulebook has no hesitation penalty", "type")
        effects = {
            "warning": (Remedy("no_effect"), "a warning, no penalty"),
            "redeal": (Remedy("redeal"), "the convenor orders a complete redeal"),
            "five_points": (Remedy("point_penalty", points=5), "a five-point penalty to the team"),
        }
        remedy, words = effects[event.penalty]
        infraction = self.note(
            "hesitation",
            event.seat,
            n,
            f"{event.seat} hesitated or delayed the game: {words}",
            ("hesitation",),
            remedy,
        )
        if event.penalty == "redeal":
            self.void_by = infraction.id

    def _close(self, n: int) -> None:
        from adjudicator.rulings import decision

        if not self.hand_over and self.concession is None and decision(self) is None:
            raise IllegalEvent(
                f"the hand cannot be closed: {self.game.tricks - self.tricks_played} books remain "
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
        elif phase in ("kitty", "exchange") and bidder is not None:
            step = self.game.next_step(self)
            seat = self.next_player() if step == "play" else bidder
            turn = {"seat": seat or bidder, "action": step}
        elif phase == "play":
            seat = self.next_player()
            turn = {"seat": seat, "action": "play"} if seat else None
        standing = self.standing
        text = self.game.bid_text
        led = self.led()
        return {
            "ruleset": self.ruleset.id,
            "game": self.game.name,
            "dealer": self.dealer,
            "version": self.version,
            "phase": phase,
            "deal_known": self.dealt,
            "hands": {
                seat: (None if cards is None else sort_cards(cards.elements()))
                for seat, cards in self.known.items()
            },
            "kitty": None if self.kitty is None else [str(c) for c in self.kitty],
            "discard": None if self.discard is None else [str(c) for c in self.discard],
            "exchange": None
            if self.exchange is None
            else {
                "discards": [str(c) for c in self.exchange[1]],
                "receives": [str(c) for c in self.exchange[2]],
            },
            "sitting_out": self.sitting_out,
            "bids": [
                {
                    "event": b.event,
                    "seat": b.seat,
                    "said": b.said,
                    "bid": text(b.bid),
                    "counted": b.counted,
                    "counts_as": text(b.counts_as) if b.counted else None,
                }
                for b in self.bids
            ],
            "standing_bid": {"seat": standing.seat, "bid": text(standing.counts_as)} if standing else None,
            "contract": self.contract.to_dict() if self.contract else None,
            "book": {
                "number": self.book_number,
                "leader": self.leader,
                "led_suit": suit_word(led) if led else None,
                "plays": [{"seat": r.seat, "card": str(r.card)} for r in self.book],
            }
            if self.contract and not self.hand_over
            else None,
            "books": self.books,
            "books_taken": self.books_taken(),
            "turn": turn,
            "restrictions": [
                {"kind": "may_not_lead", "team": r.team, "suit": suit_word(r.suit), "since_event": r.event}
                for r in self.restrictions
                if r.lifted_at is None
            ]
            + [{"kind": "silenced", "seat": seat} for seat in sorted(self.silenced)]
            + [
                {"kind": "may_not_bid_colour", "seat": s, "colour": c} for s, c in sorted(self.barred.items())
            ],
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


def replay(ruleset: str | Ruleset, dealer: Seat, events: Iterable[Mapping[str, Any]]) -> Table:
    """Build the table from a hand's events; ``IllegalEvent.index`` names the first bad one."""
    rules = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return Table(rules, dealer).extend(events)
