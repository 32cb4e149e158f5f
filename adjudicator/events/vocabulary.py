"""The event types a hand records, each described once (``described.EventType``), in the order the
API lists them: their members, who records them, where the text record writes them, how they are
said, and the scorekeeper's form for those a table calls. What each does to the table is in
``adjudicator.table``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator import words as say
from adjudicator.events import kinds, parse
from adjudicator.events.described import EventType, Field, Form, register
from adjudicator.events.narration import narrate, note, seat
from adjudicator.events.shapes import (
    CHOOSERS,
    DIRECTIONS,
    FINDING_OPTIONS,
    FINDINGS,
    HESITATION_PENALTIES,
    MISDEAL_REASONS,
    TECH_INFRACTIONS,
    VERDICTS,
    Member,
    cards,
    official_note,
)
from adjudicator.events.shapes import seat as a_seat

Event = Mapping[str, Any]
#: The infractions the recorder's tech form offers: those a table calls on what it saw.
TABLE_TECHS = (
    "play_out_of_turn",
    "bid_out_of_turn",
    "exposed_card",
    "improper_discard",
    "talking_the_game",
    "reopening_turned_books",
    "looking_at_kitty",
    "wrong_card_count",
)


def _declare(e: Event) -> str:
    if e.get("trump"):
        return f"{seat(e)} names {e['trump']} trump"
    return f"{seat(e)} declares {e.get('direction') or 'no trump'}"


def _choice(e: Event) -> str:
    who = "The official" if e.get("by") == "official" else seat(e, "by")
    return f"{who} chooses {say.words(e.get('option'))} for {say.reference(e.get('ruling'))}" + note(e)


def _finding(e: Event) -> str:
    upheld = f"{e.get('finding')}" + (f": {say.words(e['option'])}" if e.get("option") else "")
    return f"The official finds the call at event {e.get('call')} {upheld}" + note(e)


def _correct_record(e: Event) -> str:
    """The correction with the event it records instead: "corrects event 12 to: South plays 10♥"."""
    replaced = e.get("replace_with")
    if isinstance(replaced, Mapping):
        return f"The official corrects event {e.get('event')} to: {narrate(replaced)} ({e.get('reason')})"
    return f"The official voids event {e.get('event')} ({e.get('reason')})"


def _confirmation(e: Event) -> str:
    if e.get("verdict") == "agreed":
        return f"{seat(e, 'by')} agrees to the score"
    return f"{seat(e, 'by')} disputes the score" + (f": {e['note']}" if e.get("note") else "")


_CALLED_BY = Field("by", "Called by")
_AGAINST = Field("against", "Against")

register(
    EventType(
        "deal",
        {
            "hands": Member("hands", "the cards dealt to each seat", concealed=True),
            "kitty": cards("the cards dealt to the kitty", required=False, concealed=True),
            "kitty_positions": Member(
                "positions",
                "where in the dealing order each kitty card fell (1-54)",
                required=False,
                nullable=True,
                concealed=True,
            ),
        },
        kinds.Deal,
        lambda e: "The deal is recorded" + (" with the kitty" if e.get("kitty") else ""),
        recorded_by="table",
        read=parse.read_deal,
    )
)
register(
    EventType(
        "bid",
        {
            "seat": a_seat("the seat bidding"),
            "bid": Member(
                "text", "as said: 'pass', '4', '5 uptown', '4 downtown', '6 no trump'", max_length=40
            ),
        },
        kinds.BidMade,
        lambda e: f"{seat(e)} bids {e.get('bid')}",
        recorded_by="table",
        section="Auction",
        read=parse.read_bid,
    )
)
register(
    EventType(
        "discard",
        {"seat": a_seat("the bidder"), "cards": cards("the cards laid away", concealed=True)},
        kinds.Discard,
        lambda e: f"{seat(e)} discards {say.cards(e.get('cards'))}",
        recorded_by="table",
        section="Auction",
    )
)
register(
    EventType(
        "declare",
        {
            "seat": a_seat("the bidder"),
            "trump": Member(
                "text",
                "the trump suit (spades, hearts, diamonds, clubs)",
                required=False,
                nullable=True,
                max_length=20,
            ),
            "direction": Member(
                "one_of",
                "for a no trump bid: which way the cards rank",
                required=False,
                nullable=True,
                choices=DIRECTIONS,
            ),
        },
        kinds.Declare,
        _declare,
        recorded_by="table",
        section="Auction",
        read=parse.read_declare,
    )
)
register(
    EventType(
        "play",
        {"seat": a_seat("the seat playing"), "card": Member("card", "a card")},
        kinds.Play,
        lambda e: f"{seat(e)} plays {say.face(e.get('card'))}",
        recorded_by="table",
        section="Play",
        read=parse.read_play,
    )
)
register(
    EventType(
        "renege_call",
        {"by": a_seat("the seat calling"), "against": a_seat("the seat accused")},
        kinds.RenegeCall,
        lambda e: f"{seat(e, 'by')} calls a renege against {seat(e, 'against')}",
        recorded_by="table",
        form=Form("Renege", "Call a renege", (_CALLED_BY, _AGAINST)),
    )
)
register(
    EventType(
        "tech_call",
        {
            "by": a_seat("the seat calling"),
            "against": a_seat("the seat accused"),
            "infraction": Member(
                "one_of",
                "what the call names; none: whatever the record shows",
                required=False,
                nullable=True,
                choices=TECH_INFRACTIONS,
            ),
            "note": Member(
                "text",
                "what the caller says happened (a conduct call)",
                required=False,
                nullable=True,
                max_length=500,
            ),
        },
        kinds.TechCall,
        lambda e: (
            f"{seat(e, 'by')} calls {say.words(e.get('infraction') or 'an infraction')} "
            f"against {seat(e, 'against')}"
        ),
        recorded_by="table",
        form=Form(
            "Tech",
            "Call a tech",
            (
                _CALLED_BY,
                _AGAINST,
                Field(
                    "infraction",
                    "Infraction",
                    optional=True,
                    choices=TABLE_TECHS,
                    empty="what the record shows",
                ),
                Field("note", "What happened (optional)", optional=True),
            ),
        ),
    )
)
register(
    EventType(
        "finding",
        {
            "call": Member("number", "the event number of the conduct tech_call the official heard"),
            "finding": Member(
                "one_of", "the official's finding: only an upheld call brings the penalty", choices=FINDINGS
            ),
            "option": Member(
                "one_of",
                "for an upheld call where the rulebook leaves the penalty to the official: "
                "the penalty chosen",
                required=False,
                nullable=True,
                choices=FINDING_OPTIONS,
            ),
            "note": official_note(),
        },
        kinds.Finding,
        _finding,
    )
)
register(
    EventType(
        "inspect",
        {
            "seat": a_seat("the seat whose hand the official inspected"),
            "cards": cards("every card the seat held", concealed=True),
        },
        kinds.Inspect,
        lambda e: f"The official inspects {seat(e)}'s hand: {say.cards(e.get('cards'))}",
    )
)
register(
    EventType(
        "expose",
        {"seat": a_seat("the seat that exposed"), "cards": cards("the cards exposed")},
        kinds.Expose,
        lambda e: f"{seat(e)} exposes {say.cards(e.get('cards'))}",
        recorded_by="table",
        read=parse.read_expose,
        form=Form("Exposed card", "Record the exposed card", (Field("seat", "Seat"), Field("cards", "Card"))),
    )
)
register(
    EventType(
        "misdeal",
        {
            "reason": Member("one_of", choices=MISDEAL_REASONS),
            "by": a_seat("the seat that called it", required=False),
            "cause": a_seat(
                "the seat the official names as the misdeal's cause (default: the dealer)", required=False
            ),
        },
        kinds.Misdeal,
        lambda e: f"Misdeal ({say.words(e.get('reason'))})",
        form=Form(
            "Misdeal",
            "Record the misdeal",
            (Field("reason", "Reason"), Field("by", "Called by", optional=True)),
        ),
    )
)
register(
    EventType(
        "choice",
        {
            "ruling": Member("text", "the id of the ruling that offers the choice (e.g. bid_out_of_turn@3)"),
            "option": Member("text", "one of its options"),
            "by": Member("one_of", "who chose: a seat, or the official", choices=CHOOSERS),
            "bid": Member(
                "text",
                "Bid Euchre, a same-number bid raised: the raised bid the bidder names ('5 hearts')",
                required=False,
                nullable=True,
                max_length=40,
            ),
            "note": official_note(),
        },
        kinds.Choice,
        _choice,
        recorded_by="table",
        official_when={"by": "official"},
        read=parse.read_choice,
    )
)
register(
    EventType(
        "concede",
        {
            "seat": a_seat("the seat conceding"),
            "agreed_by": a_seat("a seat of the other team that agrees to the concession", required=False),
        },
        kinds.Concede,
        lambda e: f"{seat(e)} concedes",
        recorded_by="table",
        form=Form(
            "Concession",
            "Record the concession",
            (Field("seat", "Conceding"), Field("agreed_by", "Agreed by (other team)", optional=True)),
        ),
    )
)
register(EventType("close", {}, kinds.Close, lambda e: "The official closes the hand"))
register(
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
    )
)
register(
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
    )
)
register(
    EventType(
        "hesitation",
        {
            "seat": a_seat("the seat that hesitated or delayed the game"),
            "penalty": Member("one_of", choices=HESITATION_PENALTIES),
        },
        kinds.Hesitation,
        lambda e: f"{seat(e)} is penalised for hesitation ({say.words(e.get('penalty'))})",
    )
)
register(
    EventType(
        "wrong_dealer",
        {"seat": a_seat("the seat whose deal it was (the hand's dealer is the seat that dealt)")},
        kinds.WrongDealer,
        lambda e: f"It was {seat(e)}'s deal",
    )
)
register(
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
    )
)
register(
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
    )
)
