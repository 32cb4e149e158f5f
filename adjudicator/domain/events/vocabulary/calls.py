"""What the table calls (a renege, a tech, an exposed card, a concession) and what officials record
of it (a finding, an inspection, a misdeal, a choice, the close of the hand)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from adjudicator.domain import words as say
from adjudicator.domain.events import kinds, parse
from adjudicator.domain.events.described import EventType, Field, Form
from adjudicator.domain.events.narration import note, seat
from adjudicator.domain.events.shapes import (
    CHOOSERS,
    FINDING_OPTIONS,
    FINDINGS,
    MISDEAL_REASONS,
    TECH_INFRACTIONS,
    Member,
    cards,
    official_note,
)
from adjudicator.domain.events.shapes import seat as a_seat

Event = Mapping[str, Any]
#: The infractions the recorder's tech form offers: those a table calls on what it saw.
TABLE_TECHS: Final = (
    "play_out_of_turn",
    "bid_out_of_turn",
    "exposed_card",
    "improper_discard",
    "talking_the_game",
    "reopening_turned_books",
    "looking_at_kitty",
    "wrong_card_count",
)
_CALLED_BY = Field("by", "Called by")
_AGAINST = Field("against", "Against")


def _choice(e: Event) -> str:
    who = "The official" if e.get("by") == "official" else seat(e, "by")
    return f"{who} chooses {say.words(e.get('option'))} for {say.reference(e.get('ruling'))}" + note(e)


def _finding(e: Event) -> str:
    upheld = f"{e.get('finding')}" + (f": {say.words(e['option'])}" if e.get("option") else "")
    return f"The official finds the call at event {e.get('call')} {upheld}" + note(e)


TYPES: Final = (
    EventType(
        "renege_call",
        {"by": a_seat("the seat calling"), "against": a_seat("the seat accused")},
        kinds.RenegeCall,
        lambda e: f"{seat(e, 'by')} calls a renege against {seat(e, 'against')}",
        recorded_by="table",
        form=Form("Renege", "Call a renege", (_CALLED_BY, _AGAINST)),
    ),
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
    ),
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
    ),
    EventType(
        "inspect",
        {
            "seat": a_seat("the seat whose hand the official inspected"),
            "cards": cards("every card the seat held", concealed=True),
        },
        kinds.Inspect,
        lambda e: f"The official inspects {seat(e)}'s hand: {say.cards(e.get('cards'))}",
        form=Form(
            "Inspection",
            "Record the inspection",
            (Field("seat", "Seat inspected"), Field("cards", "Every card it holds")),
        ),
    ),
    EventType(
        "expose",
        {"seat": a_seat("the seat that exposed"), "cards": cards("the cards exposed")},
        kinds.Expose,
        lambda e: f"{seat(e)} exposes {say.cards(e.get('cards'))}",
        recorded_by="table",
        read=parse.read_expose,
        form=Form("Exposed card", "Record the exposed card", (Field("seat", "Seat"), Field("cards", "Card"))),
    ),
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
    ),
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
    ),
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
    ),
    EventType("close", {}, kinds.Close, lambda e: "The official closes the hand"),
)
