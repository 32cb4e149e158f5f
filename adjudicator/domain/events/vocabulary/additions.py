"""The event types described since the first ones, in the order they came: Bid Euchre's exchange,
a renege corrected at the table (Ontario I.13), the hesitation penalty (Ontario I.6), a deal by the
wrong player, the other team's confirmation of the score, the official's correction of the
record, the hand's scope (the tournament and table it belongs to), and the hand recorded by its
result alone (the contract and the books won, as a paper sheet takes it). A new type is described
at the end of ``TYPES`` (docs/development.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, cast

from adjudicator.domain import words as say
from adjudicator.domain.cards import SEATS, SUIT_BY_NAME, Seat
from adjudicator.domain.events import kinds, parse
from adjudicator.domain.events.described import EventType, Words
from adjudicator.domain.events.illegal import IllegalEvent
from adjudicator.domain.events.narration import narrate, seat
from adjudicator.domain.events.shapes import DIRECTIONS, HESITATION_PENALTIES, VERDICTS, Member, cards
from adjudicator.domain.events.shapes import seat as a_seat

Event = Mapping[str, Any]
#: The highest table number: ``adjudicator.domain.limits.MAX_TABLE`` (which imports this package, so it is
#: not imported here; ``tests/unit/service/test_hand_scope.py`` holds them equal).
TABLES: Final = 1000


def _confirmation(e: Event) -> str:
    if e.get("verdict") == "agreed":
        return f"{seat(e, 'by')} agrees to the score"
    return f"{seat(e, 'by')} disputes the score" + (f": {e['note']}" if e.get("note") else "")


def _correct_record(e: Event) -> str:
    """The correction with the event it records instead: "corrects event 12 to: South plays 10♥"."""
    replaced = e.get("replace_with")
    if isinstance(replaced, Mapping):
        return f"The official corrects event {e.get('event')} to: {narrate(replaced)} ({e.get('reason')})"
    return f"The official voids event {e.get('event')} ({e.get('reason')})"


def _scoped(e: Event) -> str:
    """How a scope is said: "This hand belongs to table 3 of tournament … (on match R1's sheet)"."""
    table = e.get("table")
    where = (
        f"table {table} of tournament {e.get('tournament')}" if table else f"tournament {e.get('tournament')}"
    )
    return f"This hand belongs to {where}" + (f" (on match {e['match']}'s sheet)" if e.get("match") else "")


def read_scoped(data: Event, words: object, joker: str) -> kinds.Scoped:
    """A scope as recorded: a tournament's id, and optionally its table's number and its match."""
    tournament, table, match = data.get("tournament"), data.get("table"), data.get("match")
    if not isinstance(tournament, str) or not tournament.strip():
        raise IllegalEvent(f"tournament must be the tournament's id, not {tournament!r}", "tournament")
    if table is not None and (
        not isinstance(table, int) or isinstance(table, bool) or not 1 <= table <= TABLES
    ):
        raise IllegalEvent(f"table must be a table's number, 1 to {TABLES}, not {table!r}", "table")
    if match is not None and not isinstance(match, str):
        raise IllegalEvent(f"match must be the match's name, not {match!r}", "match")
    return kinds.Scoped(tournament, table, match)


#: The most books a result may name: Bid Whist's 13 (the kitty and 12 tricks); each game holds its own.
MOST_BOOKS: Final = 13


def _result(e: Event) -> str:
    """How a result is said: "North bid 5 uptown, hearts trump; North-South took 9 books"."""
    named = f", {e['trump']} trump" if e.get("trump") else f", {e['direction']}" if e.get("direction") else ""
    side = say.team("north_south" if e.get("seat") in ("north", "south") else "east_west")
    return f"The result: {seat(e)} bid {e.get('bid')}{named}; {side} took {e.get('books')} books"


def read_result(data: Event, words: Words, joker: str) -> kinds.HandResult:
    """A result as recorded: the bidder, the winning bid (never a pass) with its trump or direction,
    and the books the bidding team took; whether the game allows them is the table's to judge."""
    bidder = data.get("seat")
    if bidder not in SEATS:
        raise IllegalEvent(f"seat must be one of {', '.join(SEATS)}, not {bidder!r}", "seat")
    said = data.get("bid")
    try:
        bid = words.parse_bid(said)
    except ValueError as error:
        raise IllegalEvent(str(error), "bid") from None
    if bid is None:
        raise IllegalEvent("a result names the winning bid, not a pass (all four passed: a redeal)", "bid")
    trump = data.get("trump")
    suit = None if trump is None else SUIT_BY_NAME.get(str(trump).lower())
    if trump is not None and suit is None:
        raise IllegalEvent(f"trump must be one of {', '.join(SUIT_BY_NAME)}, not {trump!r}", "trump")
    direction = data.get("direction")
    if direction is not None and direction not in DIRECTIONS:
        raise IllegalEvent(f"direction must be uptown or downtown, not {direction!r}", "direction")
    books = parse.read_count(data, "books", MOST_BOOKS)
    return kinds.HandResult(cast(Seat, bidder), str(said), bid, suit, cast(Any, direction), books)


TYPES: Final = (
    EventType(
        "exchange",
        {
            "seat": a_seat("the bidder (Bid Euchre)"),
            "discards": cards("the cards the bidder passes to the partner", concealed=True),
            "receives": cards("the cards the bidder takes from the partner", concealed=True),
        },
        kinds.Exchange,
        lambda e: f"{seat(e)} passes {say.cards(e.get('discards'))} and takes {say.cards(e.get('receives'))}",
        recorded_by="table",
        section="Auction",
    ),
    EventType(
        "correct",
        {
            "seat": a_seat("the seat correcting its renege before the trick is gathered"),
            "card": Member("card", "the card played instead"),
        },
        kinds.Correct,
        lambda e: f"{seat(e)} corrects the renege with {say.face(e.get('card'))}",
        recorded_by="table",  # Ontario I.13: the table takes back its own renege before the trick is gathered
        section="Play",
    ),
    EventType(
        "hesitation",
        {
            "seat": a_seat("the seat that hesitated or delayed the game"),
            "penalty": Member("one_of", choices=HESITATION_PENALTIES),
        },
        kinds.Hesitation,
        lambda e: f"{seat(e)} is penalised for hesitation ({say.words(e.get('penalty'))})",
    ),
    EventType(
        "wrong_dealer",
        {"seat": a_seat("the seat whose deal it was (the hand's dealer is the seat that dealt)")},
        kinds.WrongDealer,
        lambda e: f"It was {seat(e)}'s deal",
    ),
    EventType(
        "score_confirmation",
        {
            "by": a_seat("a player of the team that confirms (or disputes) the score shown"),
            "verdict": Member(
                "one_of", "agreed, or disputed: a dispute waits for the official's finding", choices=VERDICTS
            ),
            "note": Member(
                "text", "what the disputing team says is wrong", required=False, nullable=True, max_length=500
            ),
        },
        kinds.ScoreConfirmation,
        _confirmation,
        recorded_by="table",  # the other team's answer to the score, on the scorekeeper's device
    ),
    EventType(
        "correct_record",
        {
            "event": Member("number", "the number of the earlier event this corrects"),
            "replace_with": Member(
                "event", "the event that should have been recorded; null voids it", nullable=True
            ),
            "reason": Member("text", "why the record is corrected", max_length=500),
        },
        kinds.CorrectRecord,
        _correct_record,
        read=parse.read_correction,
    ),
    EventType(
        "scoped",
        {
            "tournament": Member("text", "the id of the tournament the hand belongs to", max_length=36),
            "table": Member(
                "number",
                "the table of the tournament it was played at",
                required=False,
                nullable=True,
                most=TABLES,
            ),
            "match": Member(
                "text", "the match whose sheet holds the hand", required=False, nullable=True, max_length=100
            ),
        },
        kinds.Scoped,
        _scoped,
        read=read_scoped,  # recorded when the hand is put on a match's sheet (linkHand), or by an official
    ),
    EventType(
        "result",
        {
            "seat": a_seat("the seat that won the bid"),
            "bid": Member(
                "text",
                "the winning bid as said: '5 uptown', '4 downtown', '6 no trump'; Bid Euchre "
                "'3 hearts', 'call for two spades'",
                max_length=40,
            ),
            "trump": Member(
                "text",
                "Bid Whist: the trump named for an uptown or downtown bid (spades, hearts, diamonds, clubs)",
                required=False,
                nullable=True,
                max_length=20,
            ),
            "direction": Member(
                "one_of",
                "Bid Whist: the direction named for a no trump bid",
                required=False,
                nullable=True,
                choices=DIRECTIONS,
            ),
            "books": Member(
                "count",
                "the books the bidding team took: Bid Whist 1 to 13, the kitty counted; Bid Euchre its "
                "tricks, 0 to 8",
                most=MOST_BOOKS,
            ),
        },
        kinds.HandResult,
        _result,
        recorded_by="table",  # the table's own account of its hand, as its paper sheet would carry it
        section="Auction",
        read=read_result,
    ),
)
