"""What an event's member holds (``Member``), and the values the vocabulary's members may take.

The event types themselves are described in ``adjudicator.domain.events.vocabulary``, each member by a
``Member``: the domain parses events by them, and the REST API builds its request schemas and the
OpenAPI contract from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from adjudicator.domain.cards import SEATS

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

Kind = Literal["seat", "card", "cards", "hands", "positions", "text", "one_of", "number", "count", "event"]


@dataclass(frozen=True, slots=True)
class Member:
    """One member of an event: what it holds (``kind``), whether it must be there or may be null, and
    whether it is concealed while the hand is in play (``adjudicator.service.concealment``)."""

    kind: Kind
    doc: str | None = None
    required: bool = True
    nullable: bool = False
    choices: tuple[str, ...] = ()  # for one_of
    max_length: int = 100  # for text
    #: for number: the largest (None: an event's number, up to a hand's events); for count, from 0 to it
    most: int | None = None
    concealed: bool = False  # cards no one at the table has shown: null while in play to most readers


def seat(doc: str, required: bool = True) -> Member:
    return Member("seat", doc, required=required, nullable=not required)


def official_note() -> Member:
    """The optional note an official records with a finding or a choice: why, in their words."""
    return Member(
        "text",
        "why the official ruled so, in the official's words",
        required=False,
        nullable=True,
        max_length=500,
    )


def cards(doc: str, required: bool = True, concealed: bool = False) -> Member:
    return Member("cards", doc, required=required, concealed=concealed)
