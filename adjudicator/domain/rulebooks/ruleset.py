"""What a rulebook is made of: its remedies, its scoring policy, and the sections to cite for each rule.

Replay, rulings and scoring read these fields and never test a rulebook's name, so a rulebook's quirks
live in its own module of this package (``detroit``, ``texas``, ``chicago``, ``cardtel``, ``ontario``)
and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from adjudicator.domain.cards import BIG_JOKER
from adjudicator.domain.citations import MATRIX, Citation, cite, interpretation, matrix_row

Game = Literal["Bid Whist", "Bid Euchre"]
RemedyKind = Literal[
    "loss_of_hand",  # the offending team loses the hand (scored by ``hand_loss_points``)
    "book_transfer",  # books pass from the offending team to the other
    "choice",  # someone picks one of ``options``
    "correction",  # the act stands as corrected; nothing more
    "restriction",  # play goes on under a restriction recorded in the state
    "card_plays",  # the exposed card counts as played
    "redeal",  # the hand is void and dealt again
    "no_effect",  # recorded, and nothing follows
    "must_play",  # the exposed card stays face up until it can be played
    "point_penalty",  # points off the offending team's score for the hand
    "hand_stands",  # the hand is played as dealt; the deal order is put right from the next hand
]
Chooser = Literal["non_offending_team", "official", "offender"]
SetPoints = Literal["level", "level_plus_odds", "none"]
#: "agreed": a concession stands only when the other team agrees; "bidder_sets": only the bidder may
#: concede, and only the set.
Concession = Literal["agreed", "bidder_sets"]
FirstDealer = Literal["first_diamond", "high_card", "first_diamond_chooses"]


@dataclass(frozen=True, slots=True)
class Remedy:
    """What follows an infraction under one rulebook."""

    kind: RemedyKind
    needs_call: bool = False
    options: tuple[str, ...] = ()
    chooser: Chooser | None = None
    books: int = 0
    points: int = 0


LOSS_ON_CALL: Final = Remedy("loss_of_hand", needs_call=True)
DISCRETION: Final = Remedy("choice", options=("no_penalty", "loss_of_hand"), chooser="official")


@dataclass(frozen=True, slots=True)
class BidWhistRules:
    """What only a Bid Whist rulebook decides: the guarantee joker, the kitty, bid ranks, no trump, points."""

    guarantee_joker: str  # the joker a "GJ" stands for
    consecutive_kitty_cards: bool  # the kitty may take two cards dealt one after the other
    downtown_beats_uptown: bool  # a downtown bid outranks an uptown bid of the same level
    no_trump_bidder_discards_jokers: bool  # keeping a joker in no trump is a renege
    no_trump_joker_must_be_played: bool  # a seat void in the suit led must play a joker it holds
    no_trump_doubles: bool  # a no-trump hand scores double
    set_points: SetPoints  # what the defenders score for a set
    double_hand_wins: bool  # a no-trump hand or a Boston counts two hand-wins


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One governing rulebook: its remedies, its game's rules, its matches, and the sections to cite."""

    id: str
    game: Game
    title: str
    document: str
    remedies: dict[str, Remedy]
    citations: dict[str, tuple[Citation, ...]] = field(repr=False)
    bid_whist: BidWhistRules | None = None  # the Bid Whist rules, for a Bid Whist rulebook
    misdeal_after_first_card: Literal["redeal", "loss_of_hand"] = "redeal"
    out_of_turn_exempt_on_last_book: bool = False  # the last book may be played in any order
    first_dealer: FirstDealer = "first_diamond"  # how the draw for the first deal is read
    match_hands: int = 4  # hands in a match (a round, a game, a sheet)
    match_wins_needed: int | None = None  # hand-wins that take the match; None: more points wins
    renege_call_stops_play: bool = False  # no card is played while a renege call is being ruled on
    #: A renege call brings an official to the table even when the recorded deal already proves it
    #: (Texas Technical's note on the renege, Cardtel's Techs heading): the officials see it.
    renege_call_brings_official: bool = False
    renege_correctable: bool = False  # a renege may be taken back before the trick is gathered
    concession: Concession = "agreed"  # who may concede the remaining books, and with whose consent

    @property
    def guarantee_joker(self) -> str:
        """The joker "GJ" names: the rulebook's, or the big joker where the deck has none."""
        return self.bid_whist.guarantee_joker if self.bid_whist else BIG_JOKER

    @property
    def whist(self) -> BidWhistRules:
        """The Bid Whist rules, which only a Bid Whist rulebook has."""
        if self.bid_whist is None:
            raise LookupError(f"{self.id} is a {self.game} rulebook, not a Bid Whist one")
        return self.bid_whist

    def remedy(self, kind: str) -> Remedy:
        return self.remedies[kind]

    def cite(self, *rules: str) -> tuple[Citation, ...]:
        """The citations for one or more rule keys, in order and without repeats."""
        return cite(self.citations, *rules)

    def section(self, section: str) -> Citation:
        return Citation(self.document, section)

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "game": self.game, "title": self.title, "document": self.document}


_INFRACTIONS = "Bid Whist: infractions"

_SHARED_CITATIONS: Final[dict[str, tuple[Citation, ...]]] = {
    "joker-led-trump": (interpretation("joker-led-trump"),),
    "renege-call-window": (interpretation("renege-call-window"),),
    "improper-bid-overflow": (interpretation("improper-bid-overflow"),),
    "renege-proof": (matrix_row(_INFRACTIONS, "proof"),),
    "discard-count": (matrix_row("Bid Whist: kitty, contract and play", "discard of more or fewer than 6"),),
    "wrong-dealer": (interpretation("deal-order"),),
    "declare-slip": (interpretation("declare-slip"),),
    "bid-changed": (),
}


CONDUCT_TABLE: Final = "Bid Whist: conduct techs and concessions"
#: Each conduct infraction a tech call may name, and its row of MATRIX.md's conduct table.
CONDUCT_ROWS: Final = {
    "talking_the_game": "talking the game to the partner or anyone else during bidding and play; signals",
    "reopening_turned_books": "going through, exposing or reopening turned books",
    "looking_at_kitty": "looking at or exposing the kitty before the bidding is over",
    "wrong_card_count": "a player or team holding too few or too many cards at the end of the hand",
}


def conduct(**sections: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Citation sections for conduct infractions: the rulebook's own, then the MATRIX.md row."""
    return {
        rule: (*cited, f"MATRIX: {CONDUCT_TABLE}: {CONDUCT_ROWS[rule]}") for rule, cited in sections.items()
    }


def rule_citations(document: str, **rules: tuple[str, ...]) -> dict[str, tuple[Citation, ...]]:
    """Rule keys to citations; a section starting ``interpretation:`` or ``MATRIX:`` cites MATRIX.md."""
    table: dict[str, tuple[Citation, ...]] = dict(_SHARED_CITATIONS)
    for rule, sections in rules.items():
        cites: list[Citation] = []
        for section in sections:
            if section.startswith("interpretation:"):
                cites.append(interpretation(section.removeprefix("interpretation:").strip()))
            elif section.startswith("MATRIX:"):
                cites.append(Citation(MATRIX, section.removeprefix("MATRIX:").strip()))
            else:
                cites.append(Citation(document, section))
        table[rule.replace("_", "-")] = tuple(cites)
    return table
