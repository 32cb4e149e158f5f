"""The play of the cards: each card judged as it falls, books gathered, a renege taken back.

A card is refused only when it cannot be held (played already, elsewhere, in the discard). A card
played out of turn, off suit while the seat could follow, or instead of an exposed card that could
be played, is applied and noted: an infraction when the seat's hand is known, a suspicion for later
proof when it is not.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Final

from adjudicator.domain.books import JOKER, book_winner
from adjudicator.domain.cards import CLOCKWISE, TEAM_OF, Card, Seat, team_of
from adjudicator.domain.events import Correct, IllegalEvent, Play
from adjudicator.domain.records import PlayRecord
from adjudicator.domain.rulebooks import Remedy
from adjudicator.domain.rulings import decision, rulings
from adjudicator.domain.table import exposed, renege
from adjudicator.domain.table.state import TableState


def play(table: TableState, event: Play, n: int) -> None:
    """A card played: refused if it cannot be, else judged and placed. Most of a hand's events are
    plays, so the checks read the table's fields directly, cheapest first."""
    seat, card = event.seat, event.card
    if not table.plays:  # once a card is down, all the first card needed is on record for good
        table.game.ready_for_play(table)
    if len(table.books) == table.game.tricks:
        raise IllegalEvent(f"all {table.game.tricks} books have been played", "type")
    if seat == table.sitting_out:
        raise IllegalEvent(f"{seat} sits out: the bidder plays alone", "seat")
    if seat in map(_SEAT, table.book):
        raise IllegalEvent(f"{seat} has already played to book {table.book_number}", "seat")
    if table.calls and table.ruleset.renege_call_stops_play and any(c.kind == "renege" for c in table.calls):
        check_play_not_stopped(table)
    hand = table.known[seat]
    if hand is None or not hand.get(card):
        table.check_available(seat, card, "card")
    lay(table, seat, card, n)


_SEAT: Final = itemgetter(1)  # a play record's seat


def check_play_not_stopped(table: TableState) -> None:
    """Texas Technical, Cardtel Techs 1: play stops at a renege call while the official rules.

    Play resumes once the call is dismissed or disproven; a proven renege ends the hand.
    """
    result = rulings(table)
    for ruling in result:
        if ruling.kind == "renege" and ruling.status == "pending" and ruling.called_by:
            raise IllegalEvent(
                f"play stopped at the renege call at event {ruling.called_by['event']}: the "
                f"official rules on it first (record an inspection of {ruling.seat}'s hand)",
                "type",
            )
    decided = decision(result)
    if decided is not None and decided.called_by is not None:
        raise IllegalEvent(
            f"play stopped at the call at event {decided.called_by['event']}: {decided.id} decided the hand",
            "type",
        )


def lay(table: TableState, seat: Seat, card: Card, n: int, *, judge: bool = True) -> None:
    """The card falls to the book: judged first (turn, exposed cards, the suit led) unless it is laid
    back as it was (``judge=False``), then taken from the seat's hand; the book gathered once full.
    One function, since it runs on every card."""
    book, books = table.book, table.books
    number = len(books) + 1
    contract = table.contract
    if judge:
        leader, played = table.leader, tuple(map(_SEAT, book))
        if leader is not None and table.sitting_out is None and number <= table.game.tricks:
            order = CLOCKWISE[leader]  # whose turn, when every card so far was played in turn
            expected = order[len(played)] if played == order[: len(played)] else table.next_player()
        else:
            expected = table.next_player()
        if seat != expected and not (
            number == table.game.tricks and table.ruleset.out_of_turn_exempt_on_last_book
        ):
            detail = f"{seat} played {card} to book {number} when it was {expected}'s turn"
            table.note("play_out_of_turn", seat, n, detail, ("play-out-of-turn",))
        if table.exposed:
            exposed.judge_exposed(table, seat, card, n, contract)
        if not book:
            if table.restrictions:
                exposed.judge_lead(table, seat, card, n)
        elif table.ranks is not None:
            suits = table.ranks.suits
            led = suits[book[0].card]
            if led == JOKER:  # in no trump, the first card that is not a joker sets the suit
                led = table.led() or JOKER
            if led != JOKER and suits[card] != led:
                renege.judge_follow(table, seat, card, n, contract, led)
    # made without the named tuple's __new__, a Python function, since this runs on every card
    record = tuple.__new__(PlayRecord, (n, seat, card, number))
    table.plays.append(record)
    played_cards = table.played
    played_cards[card] = played_cards.get(card, 0) + 1  # Counter's own += runs in Python: dict's is quicker
    table.plays_by[seat] += 1
    hand = table.known[seat]
    if hand is not None:
        left = hand[card] - 1
        if left:
            hand[card] = left
        else:
            hand.pop(card)
    if table.exposed:
        for i, (_, owner, shown) in enumerate(table.exposed):
            if owner == seat and shown is card:
                del table.exposed[i]
                break
    book.append(record)
    if len(book) == (3 if table.sitting_out else 4):
        gather(table)


def gather(table: TableState) -> None:
    book = table.book
    books = table.books
    ranks = table.ranks
    if ranks is None:
        winner = book_winner(table.contract, [(r.seat, r.card) for r in book])
    else:  # book_winner's reckoning, on the contract's tables
        strengths = ranks.strengths[table.led() or ""]
        winner, best = book[0].seat, -2
        for record in book:
            strength = strengths[record.card]
            if strength > best:
                winner, best = record.seat, strength
    books.append(
        {
            "number": len(books) + 1,
            "leader": book[0].seat,
            "plays": [{"seat": r.seat, "card": r.card.code, "event": r.event} for r in book],
            "winner": winner,
        }
    )
    table.tricks_won[TEAM_OF[winner]] += 1
    table.book = []
    table.leader = winner


def correct(table: TableState, event: Correct, n: int) -> None:
    """Ontario I.13: a renege corrected before the trick is gathered carries no penalty.

    The trick counts as gathered once the next book is led; until then the offender takes the
    card back and plays ``card`` in its place. The book is taken up and played again as it was,
    with the one card changed.
    """
    seat = event.seat
    if not table.ruleset.renege_correctable:
        raise IllegalEvent("under this rulebook a card played stands: a renege cannot be corrected", "type")
    reopen = not table.book and bool(table.books) and any(p["seat"] == seat for p in table.books[-1]["plays"])
    records = table.plays[-len(table.books[-1]["plays"]) :] if reopen else list(table.book)
    old = next((r for r in records if r.seat == seat), None)
    if old is None:
        raise IllegalEvent(f"{seat} has no card in the book on the table to correct", "seat")
    renege = next((i for i in table.infractions if i.kind == "renege" and i.event == old.event), None)
    suspicion = next((s for s in table.suspicions if s.event == old.event and s.seat == seat), None)
    if renege is None and suspicion is None:
        raise IllegalEvent(f"{seat}'s {old.card} followed the rules: a card played stands", "card")
    if reopen:
        last = table.books.pop()
        table.tricks_won[team_of(last["winner"])] -= 1
        table.leader = last["leader"]
    for record in reversed(records):
        take_back(table, record)
    try:
        table.check_available(seat, event.card, "card")
    except IllegalEvent:
        for record in records:
            lay(table, record.seat, record.card, record.event, judge=False)
        raise
    if renege is not None:
        table.infractions.remove(renege)
    if suspicion is not None:
        table.suspicions.remove(suspicion)
    table.note(
        "corrected_renege",
        seat,
        n,
        f"{seat} took back {old.card} and played {event.card} before the trick was gathered: no penalty",
        ("renege-correction",),
        Remedy("no_effect"),
    )
    for record in records:
        if record is old:
            lay(table, seat, event.card, n)
        else:
            lay(table, record.seat, record.card, record.event, judge=False)


def take_back(table: TableState, record: PlayRecord) -> None:
    """Undo the last play: the card returns to its seat's hand."""
    assert table.plays and table.plays[-1] is record
    table.plays.pop()
    if table.book:
        table.book.pop()
    table.played[record.card] -= 1
    if not table.played[record.card]:
        del table.played[record.card]
    table.plays_by[record.seat] -= 1
    hand = table.known[record.seat]
    if hand is not None:
        hand[record.card] += 1
