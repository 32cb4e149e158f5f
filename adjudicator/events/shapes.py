"""The shape of every event a hand records: its members, what each holds, what it means.

This is the one description of the event vocabulary. The domain parses events by it
(``adjudicator.events.parse``) and the REST API builds its request schemas and the OpenAPI contract
from it, so a new member or a new kind of event is added here, once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from adjudicator.cards import SEATS

#: How the deal went wrong; ``shuffle`` and ``cut``: the deck was not shuffled or cut as the rulebook
#: says (how often, face down, by whom, how many cards), ``sporting_card``: a card looked at or shown
#: while dealing (the bottom card).
MISDEAL_REASONS: Final = (
    "exposed_card",
    "wrong_count",
    "kitty",
    "incomplete_deck",
    "shuffle",
    "cut",
    "sporting_card",
    "other",
)
HESITATION_PENALTIES: Final = ("warning", "redeal", "five_points")
#: Conduct infractions (MATRIX.md "Bid Whist: conduct techs and concessions"): the cards cannot prove
#: them, so a call of one waits for the official's ``finding``.
CONDUCT_INFRACTIONS: Final = (
    "talking_the_game",
    "reopening_turned_books",
    "looking_at_kitty",
    "wrong_card_count",
)
TECH_INFRACTIONS: Final = (
    "play_out_of_turn",
    "bid_out_of_turn",
    "exposed_card",
    "improper_discard",
    "improper_declare",
    "restricted_lead",
    *CONDUCT_INFRACTIONS,
)
FINDINGS: Final = ("upheld", "dismissed")
FINDING_OPTIONS: Final = ("loss_of_hand", "no_penalty")
DIRECTIONS: Final = ("uptown", "downtown")
CHOOSERS: Final = (*SEATS, "official")
#: The other team's answer to the score the engine computed: agreed, or disputed before an official.
VERDICTS: Final = ("agreed", "disputed")

Kind = Literal["seat", "card", "cards", "hands", "positions", "text", "one_of", "number", "event"]


@dataclass(frozen=True, slots=True)
class Member:
    """One member of an event: what it holds (``kind``), whether it must be there or may be null."""

    kind: Kind
    doc: str | None = None
    required: bool = True
    nullable: bool = False
    choices: tuple[str, ...] = ()  # for one_of
    max_length: int = 100  # for text


def _seat(doc: str, required: bool = True) -> Member:
    return Member("seat", doc, required=required, nullable=not required)


def _official_note() -> Member:
    """The optional note an official records with a finding or a choice: why, in their words."""
    return Member(
        "text",
        "why the official ruled so, in the official's words",
        required=False,
        nullable=True,
        max_length=500,
    )


def _cards(doc: str, required: bool = True) -> Member:
    return Member("cards", doc, required=required)


SHAPES: Final[dict[str, dict[str, Member]]] = {
    "deal": {
        "hands": Member("hands", "the cards dealt to each seat"),
        "kitty": _cards("the cards dealt to the kitty", required=False),
        "kitty_positions": Member(
            "positions",
            "where in the dealing order each kitty card fell (1-54)",
            required=False,
            nullable=True,
        ),
    },
    "bid": {
        "seat": _seat("the seat bidding"),
        "bid": Member("text", "as said: 'pass', '4', '5 uptown', '4 downtown', '6 no trump'", max_length=40),
    },
    "discard": {"seat": _seat("the bidder"), "cards": _cards("the cards laid away")},
    "declare": {
        "seat": _seat("the bidder"),
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
    "play": {"seat": _seat("the seat playing"), "card": Member("card", "a card")},
    "renege_call": {"by": _seat("the seat calling"), "against": _seat("the seat accused")},
    "tech_call": {
        "by": _seat("the seat calling"),
        "against": _seat("the seat accused"),
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
    "finding": {
        "call": Member("number", "the event number of the conduct tech_call the official heard"),
        "finding": Member(
            "one_of", "the official's finding: only an upheld call brings the penalty", choices=FINDINGS
        ),
        "option": Member(
            "one_of",
            "for an upheld call where the rulebook leaves the penalty to the official: the penalty chosen",
            required=False,
            nullable=True,
            choices=FINDING_OPTIONS,
        ),
        "note": _official_note(),
    },
    "inspect": {
        "seat": _seat("the seat whose hand the official inspected"),
        "cards": _cards("every card the seat held"),
    },
    "expose": {"seat": _seat("the seat that exposed"), "cards": _cards("the cards exposed")},
    "misdeal": {
        "reason": Member("one_of", choices=MISDEAL_REASONS),
        "by": _seat("the seat that called it", required=False),
        "cause": _seat(
            "the seat the official names as the misdeal's cause (default: the dealer)", required=False
        ),
    },
    "choice": {
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
        "note": _official_note(),
    },
    "concede": {
        "seat": _seat("the seat conceding"),
        "agreed_by": _seat("a seat of the other team that agrees to the concession", required=False),
    },
    "close": {},
    "exchange": {
        "seat": _seat("the bidder (Bid Euchre)"),
        "discards": _cards("the cards the bidder passes to the partner"),
        "receives": _cards("the cards the bidder takes from the partner"),
    },
    "correct": {
        "seat": _seat("the seat correcting its renege before the trick is gathered"),
        "card": Member("card", "the card played instead"),
    },
    "hesitation": {
        "seat": _seat("the seat that hesitated or delayed the game"),
        "penalty": Member("one_of", choices=HESITATION_PENALTIES),
    },
    "wrong_dealer": {
        "seat": _seat("the seat whose deal it was (the hand's dealer is the seat that dealt)"),
    },
    "score_confirmation": {
        "by": _seat("a player of the team that confirms (or disputes) the score shown"),
        "verdict": Member(
            "one_of", "agreed, or disputed: a dispute waits for the official's finding", choices=VERDICTS
        ),
        "note": Member(
            "text", "what the disputing team says is wrong", required=False, nullable=True, max_length=500
        ),
    },
    "correct_record": {
        "event": Member("number", "the number of the earlier event this corrects"),
        "replace_with": Member(
            "event", "the event that should have been recorded; null voids it", nullable=True
        ),
        "reason": Member("text", "why the record is corrected", max_length=500),
    },
}

EVENT_TYPES: Final = tuple(SHAPES)
