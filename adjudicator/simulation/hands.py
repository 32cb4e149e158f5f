"""Complete, legal Bid Whist hands made to order: for tests, benchmarks and tournament simulations.

``scripted_hand`` builds a hand whose books fall exactly as asked; ``random_hand`` deals and plays a
random legal hand from a seed. Both return the event dicts a scorekeeper would record.
"""

from __future__ import annotations

import random
from typing import Any

from adjudicator.domain.cards import (
    BIG_JOKER,
    CARDS,
    LITTLE_JOKER,
    RANKS,
    SEATS,
    SUIT_NAMES,
    SUITS,
    Card,
    Seat,
    Suit,
    next_seat,
    seats_from,
    team_of,
)
from adjudicator.domain.games.bidwhist import (
    JOKER,
    Bid,
    Contract,
    Direction,
    book_winner,
    led_suit,
    parse_bid,
)
from adjudicator.domain.rulebooks import Ruleset, get_ruleset

Event = dict[str, Any]

#: Legal kitty positions for every rulebook: none among the first or last four, none consecutive.
KITTY_POSITIONS = [6, 15, 24, 33, 42, 50]


def _bidding(dealer: Seat, bidder: Seat, bid: str) -> list[Event]:
    events: list[Event] = []
    for seat in seats_from(next_seat(dealer)):
        events.append({"type": "bid", "seat": seat, "bid": bid if seat == bidder else "pass"})
    return events


def _declare(bidder: Seat, bid: Bid, trump: Suit | None, direction: str) -> Event:
    if bid.is_no_trump:
        return {"type": "declare", "seat": bidder, "direction": direction}
    return {"type": "declare", "seat": bidder, "trump": SUIT_NAMES[trump or "S"]}


def _deal_event(hands: dict[Seat, list[Card]], kitty: list[Card]) -> Event:
    return {
        "type": "deal",
        "hands": {seat: [str(c) for c in hands[seat]] for seat in SEATS},
        "kitty": [str(c) for c in kitty],
        "kitty_positions": list(KITTY_POSITIONS),
    }


def scripted_hand(
    books: int,
    *,
    bidder: Seat = "south",
    dealer: Seat = "west",
    bid: str = "4",
    trump: Suit = "S",
    direction: Direction = "uptown",
    with_deal: bool = True,
) -> list[Event]:
    """A legal hand in which the bidding team ends with exactly ``books`` books (1 to 13).

    Every book is played in one suit, all four following, so nothing can be a renege; the bidding
    team wins the first ``books - 1`` books and the defenders the rest. The kitty holds both jokers
    and one card of each suit, and the bidder discards it as taken up.
    """
    if not 1 <= books <= 13:
        raise ValueError("the bidding team has the kitty, so between 1 and 13 books")
    parsed = parse_bid(bid)
    assert parsed is not None
    played: Direction = direction if parsed.is_no_trump else parsed.strain  # type: ignore[assignment]
    contract = Contract(bidder, parsed, None if parsed.is_no_trump else trump, played)
    hands: dict[Seat, list[Card]] = {seat: [] for seat in SEATS}
    plays: list[Event] = []
    leader = bidder
    suits = [s for s in SUITS if s != contract.trump] + ([contract.trump] if contract.trump else [])
    pools = {
        s: sorted((CARDS[r + s] for r in RANKS), key=lambda c: contract.strength(c, c.suit or ""))
        for s in SUITS
    }
    kitty = [CARDS[BIG_JOKER], CARDS[LITTLE_JOKER]]
    for suit in suits:
        kitty.append(pools[suit].pop(0))  # the weakest card of each suit waits in the kitty
    for trick in range(12):
        suit = suits[trick // 3]
        chunk = pools[suit][(trick % 3) * 4 : (trick % 3) * 4 + 4]
        target = team_of(bidder) if trick < books - 1 else team_of(next_seat(bidder))
        winner = leader if team_of(leader) == target else next_seat(leader)
        order = seats_from(leader)
        strongest = chunk[-1]
        rest = iter(chunk[:-1])
        for seat in order:
            card = strongest if seat == winner else next(rest)
            hands[seat].append(card)
            plays.append({"type": "play", "seat": seat, "card": str(card)})
        leader = winner
    events: list[Event] = [_deal_event(hands, kitty)] if with_deal else []
    events += _bidding(dealer, bidder, bid)
    events.append({"type": "discard", "seat": bidder, "cards": [str(c) for c in kitty]})
    events.append(_declare(bidder, parsed, contract.trump, contract.direction))
    return events + plays


def _legal(contract: Contract, ruleset: Ruleset, hand: list[Card], cards: list[Card]) -> list[Card]:
    led = led_suit(contract, cards)
    if led is None:
        return hand
    follow = [c for c in hand if contract.suit_of(c) == led]
    if follow:
        return follow
    if contract.is_no_trump and ruleset.whist.no_trump_joker_must_be_played:
        jokers = [c for c in hand if c.is_joker]
        if jokers:
            return jokers
    return hand


def random_hand(seed: int, ruleset: str = "detroit", dealer: Seat = "north") -> list[Event]:
    """A random legal hand: shuffled deal, a short auction, a sensible discard, legal play."""
    rules = get_ruleset(ruleset)
    rng = random.Random(seed)
    deck = list(CARDS.values())
    rng.shuffle(deck)
    order = seats_from(next_seat(dealer))
    hands: dict[Seat, list[Card]] = {seat: [] for seat in SEATS}
    kitty: list[Card] = []
    kitty_at = set(KITTY_POSITIONS)
    seat_cycle = 0
    for position, card in enumerate(deck, start=1):
        if position in kitty_at:
            kitty.append(card)
        else:
            hands[order[seat_cycle % 4]].append(card)
            seat_cycle += 1
    events: list[Event] = [_deal_event(hands, kitty)]
    level = rng.randint(4, 6)
    strain = rng.choice(["uptown", "downtown", "no trump"])
    bidder = order[rng.randrange(4)]
    events += _bidding(dealer, bidder, f"{level} {strain}")
    bid = Bid(level, strain)  # type: ignore[arg-type]
    trump: Suit | None = None if bid.is_no_trump else rng.choice(SUITS)
    direction = rng.choice(["uptown", "downtown"]) if bid.is_no_trump else strain
    contract = Contract(bidder, bid, trump, direction)  # type: ignore[arg-type]
    pool = hands[bidder] + kitty
    pool.sort(key=lambda c: (contract.suit_of(c) != JOKER, contract.strength(c, c.suit or "")))
    discard, hands[bidder] = pool[:6], pool[6:]
    events.append({"type": "discard", "seat": bidder, "cards": [str(c) for c in discard]})
    events.append(_declare(bidder, bid, trump, direction))
    leader = bidder
    for _ in range(12):
        book: list[tuple[Seat, Card]] = []
        for seat in seats_from(leader):
            choices = _legal(contract, rules, hands[seat], [c for _, c in book])
            card = rng.choice(choices)
            hands[seat].remove(card)
            book.append((seat, card))
            events.append({"type": "play", "seat": seat, "card": str(card)})
        leader = book_winner(contract, book)
    return events


def reneging_hand(seed: int, ruleset: str = "texas", dealer: Seat = "north") -> list[Event]:
    """A Bid Whist hand in play, stopped at the end of the first book (from the second on) in which a
    seat could have followed suit but played another suit: the renege the opponents have not called.

    Made from ``random_hand(seed)``: that play is swapped for one of the seat's off-suit cards and the
    book is finished as it was. A seed whose hand offers no such moment raises ``ValueError``.
    """
    from adjudicator.domain.adjudication import adjudicate

    events = random_hand(seed, ruleset, dealer)
    for n, event in enumerate(events):
        if event["type"] != "play":
            continue
        state = adjudicate(ruleset, dealer, events[:n]).state
        book = state["book"]
        if book is None or book["number"] < 2 or not book["plays"] or book["led_suit"] is None:
            continue
        led = book["led_suit"][0].upper()
        held = state["hands"][event["seat"]]
        off = [c for c in held if c[-1] in SUIT_NAMES and c[-1] != led and c != event["card"]]
        if off and any(c[-1] == led for c in held):
            end = n + 4 - len(book["plays"])
            return [*events[:n], {**event, "card": off[0]}, *events[n + 1 : end]]
    raise ValueError(f"seed {seed}: no seat could renege in this hand")


def random_euchre_hand(seed: int, dealer: Seat = "north", *, with_deal: bool = True) -> list[Event]:
    """A random legal Bid Euchre hand (``ontario``): double-deck deal, one bid, exchange, legal play."""
    from adjudicator.domain.games.euchre import DECK, EXCHANGE, EuchreContract, parse_euchre_bid

    rng = random.Random(seed)
    deck = [card for card, copies in DECK.items() for _ in range(copies)]
    rng.shuffle(deck)
    order = seats_from(next_seat(dealer))
    hands: dict[Seat, list[Card]] = {seat: deck[i::4] for i, seat in enumerate(order)}
    bidder = order[rng.randrange(4)]
    suit = rng.choice([*SUITS, None])
    strain = "no trump" if suit is None else SUIT_NAMES[suit]
    said = rng.choice(
        [f"{rng.randint(2, 6)} {strain}"] * 6
        + [f"call for two {strain}", f"call for one {strain}", f"moonshot {strain}"]
    )
    bid = parse_euchre_bid(said)
    assert bid is not None
    events: list[Event] = []
    if with_deal:
        events.append({"type": "deal", "hands": {s: [str(c) for c in hands[s]] for s in SEATS}, "kitty": []})
    for seat in order:
        events.append({"type": "bid", "seat": seat, "bid": said if seat == bidder else "pass"})
    partner = seats_from(bidder)[2]
    if bid.kind in EXCHANGE:
        count = EXCHANGE[bid.kind]
        discards = rng.sample(hands[bidder], count)
        for card in discards:
            hands[bidder].remove(card)
        receives = rng.sample(hands[partner], count)
        for card in receives:
            hands[partner].remove(card)
        hands[bidder] += receives
        events.append(
            {
                "type": "exchange",
                "seat": bidder,
                "discards": [str(c) for c in discards],
                "receives": [str(c) for c in receives],
            }
        )
    contract = EuchreContract(bidder, bid, bid.trump)
    leader = bidder
    for _ in range(8):
        book: list[tuple[Seat, Card]] = []
        for seat in seats_from(leader):
            if bid.alone and seat == partner:
                continue
            led = contract.suit_of(book[0][1]) if book else None
            follow = [c for c in hands[seat] if led is not None and contract.suit_of(c) == led]
            card = rng.choice(follow or hands[seat])
            hands[seat].remove(card)
            book.append((seat, card))
            events.append({"type": "play", "seat": seat, "card": str(card)})
        leader = book_winner(contract, book)
    return events


def scripted_euchre_hand(
    tricks: int, *, bidder: Seat = "north", dealer: Seat = "west", bid: str = "3 no trump"
) -> list[Event]:
    """A legal Bid Euchre hand in no trump whose bidding team takes exactly ``tricks`` of the 8.

    Each book is played in one suit, everyone following, A K Q J strictly ranked; the bidding team
    wins the first ``tricks`` books. On a call or moonshot the partner sits out holding the jacks.
    """
    from adjudicator.domain.games.euchre import parse_euchre_bid

    parsed = parse_euchre_bid(bid)
    if parsed is None or (parsed.trump is not None and parsed.named):
        raise ValueError("scripted Bid Euchre hands are played in no trump")
    partner = seats_from(bidder)[2]
    alone = parsed.alone
    hands: dict[Seat, list[Card]] = {seat: [] for seat in SEATS}
    plays: list[Event] = []
    leader = bidder
    for trick in range(8):
        suit = SUITS[trick // 2]
        ranks = ["A", "K", "Q"] if alone else ["A", "K", "Q", "J"]
        order = [s for s in seats_from(leader) if not (alone and s == partner)]
        target = team_of(bidder) if trick < tricks else team_of(next_seat(bidder))
        winner = next(s for s in order if team_of(s) == target)
        lower = iter(ranks[1:])
        for seat in order:
            card = CARDS[(ranks[0] if seat == winner else next(lower)) + suit]
            hands[seat].append(card)
            plays.append({"type": "play", "seat": seat, "card": str(card)})
        leader = winner
    exchange: list[Event] = []
    if alone:
        hands[partner] = [CARDS["J" + suit] for suit in SUITS for _ in range(2)]
    if parsed.kind in ("call for two", "call for one"):
        count = 2 if parsed.kind == "call for two" else 1
        received, discarded = hands[bidder][:count], hands[partner][:count]
        hands[bidder] = discarded + hands[bidder][count:]
        hands[partner] = received + hands[partner][count:]
        exchange.append(
            {
                "type": "exchange",
                "seat": bidder,
                "discards": [str(c) for c in discarded],
                "receives": [str(c) for c in received],
            }
        )
    events: list[Event] = [
        {"type": "deal", "hands": {s: [str(c) for c in hands[s]] for s in SEATS}, "kitty": []}
    ]
    events += _bidding(dealer, bidder, bid)
    if parsed.alone and not parsed.named:
        events.append({"type": "declare", "seat": bidder, "trump": "no trump"})
    return events + exchange + plays
