"""The four Bid Whist rulebooks as data: where they differ, and where each says so.

MATRIX.md (``../shared/rules/MATRIX.md``) lines the documents up and settles their silences; every
field here is one of its rows. Replay, rulings and scoring read these fields and never test a ruleset's
name, so a rulebook's quirks live here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal

from adjudicator.cards import BIG_JOKER, LITTLE_JOKER

MATRIX: Final = "MATRIX.md"

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
]
Chooser = Literal["non_offending_team", "official", "offender"]
SetPoints = Literal["level", "level_plus_odds", "none"]
FirstDealer = Literal["first_diamond", "high_card", "first_diamond_chooses"]


@dataclass(frozen=True, slots=True)
class Citation:
    """Where a ruling comes from: a document and its section, or a MATRIX.md row."""

    document: str
    section: str

    def to_dict(self) -> dict[str, str]:
        return {"document": self.document, "section": self.section}

    def __str__(self) -> str:
        return f"{self.document} {self.section}"


def cite(citations: Mapping[str, tuple[Citation, ...]], *rules: str) -> tuple[Citation, ...]:
    """The citations of one or more rule keys from a table of them, in order and without repeats."""
    seen: dict[Citation, None] = {}
    for rule in rules:
        for citation in citations[rule]:
            seen.setdefault(citation, None)
    return tuple(seen)


def interpretation(name: str) -> Citation:
    """A house decision settled by MATRIX.md, cited by its interpretation's name."""
    return Citation(MATRIX, f"interpretation: {name}")


def matrix_row(table: str, row: str) -> Citation:
    """A MATRIX.md row that settles a rulebook's silence without a named interpretation."""
    return Citation(MATRIX, f"{table}: {row}")


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
class Ruleset:
    """One governing rulebook: its facts, its remedies, its scoring, and the sections to cite."""

    id: str
    game: Game
    title: str
    document: str
    guarantee_joker: str
    consecutive_kitty_cards: bool
    downtown_beats_uptown: bool
    no_trump_bidder_discards_jokers: bool
    no_trump_joker_must_be_played: bool
    misdeal_after_first_card: Literal["redeal", "loss_of_hand"]
    out_of_turn_exempt_on_last_book: bool
    no_trump_doubles: bool
    set_points: SetPoints
    double_hand_wins: bool
    remedies: dict[str, Remedy]
    citations: dict[str, tuple[Citation, ...]] = field(repr=False)
    first_dealer: FirstDealer = "first_diamond"  # how the draw for the first deal is read
    match_hands: int = 4  # hands in a match (a round, a game, a sheet)
    match_wins_needed: int | None = None  # hand-wins that take the match; None: more points wins
    renege_call_stops_play: bool = False  # no card is played while a renege call is being ruled on
    renege_correctable: bool = False  # a renege may be taken back before the trick is gathered

    def remedy(self, kind: str) -> Remedy:
        return self.remedies[kind]

    def cite(self, *rules: str) -> tuple[Citation, ...]:
        """The citations for one or more rule keys, in order and without repeats."""
        return cite(self.citations, *rules)

    def section(self, section: str) -> Citation:
        return Citation(self.document, section)

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "game": self.game, "title": self.title, "document": self.document}


def _doc(document: str, *sections: str) -> tuple[Citation, ...]:
    return tuple(Citation(document, section) for section in sections)


_INFRACTIONS = "Bid Whist: infractions"
_DETROIT_DOC = "detroit-senior-olympics-bid-whist.txt"
_TEXAS_DOC = "texas-bid-whist-alliance.txt"
_CHICAGO_DOC = "chicago-pride-bid-whist.txt"
_CARDTEL_DOC = "capitol-city-cardtel-kitty-bid-whist.txt"

_SHARED_CITATIONS: Final[dict[str, tuple[Citation, ...]]] = {
    "joker-led-trump": (interpretation("joker-led-trump"),),
    "renege-call-window": (interpretation("renege-call-window"),),
    "improper-bid-overflow": (interpretation("improper-bid-overflow"),),
    "renege-proof": (matrix_row(_INFRACTIONS, "proof"),),
    "discard-count": (matrix_row("Bid Whist: kitty, contract and play", "discard of more or fewer than 6"),),
}


def _citations(document: str, **rules: tuple[str, ...]) -> dict[str, tuple[Citation, ...]]:
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


DETROIT: Final = Ruleset(
    id="detroit",
    game="Bid Whist",
    title="Detroit Senior Olympics Bid Whist Tournament",
    document=_DETROIT_DOC,
    guarantee_joker=LITTLE_JOKER,
    consecutive_kitty_cards=False,
    downtown_beats_uptown=False,
    no_trump_bidder_discards_jokers=True,
    no_trump_joker_must_be_played=True,
    misdeal_after_first_card="redeal",
    out_of_turn_exempt_on_last_book=False,
    no_trump_doubles=True,
    set_points="level",
    double_hand_wins=False,
    remedies={
        "renege": LOSS_ON_CALL,
        "false_renege_call": Remedy("loss_of_hand"),
        "play_out_of_turn": LOSS_ON_CALL,
        "bid_out_of_turn": LOSS_ON_CALL,
        "exposed_card": LOSS_ON_CALL,
        "improper_discard": LOSS_ON_CALL,
    },
    citations=_citations(
        _DETROIT_DOC,
        deal=("IV",),
        first_dealer=("IV",),
        deal_rotation=("MATRIX: Bid Whist: the deal: deal passes",),
        match=("I", "X"),
        kitty_positions=("IV",),
        guarantee_joker=("IV.a",),
        misdeal=("interpretation: misdeal-default",),
        bidding=("VI",),
        bid_rank=("VI", "VIII"),
        forced_dealer=("interpretation: forced-dealer",),
        improper_bid=("XI.g",),
        bid_out_of_turn=("III.c.i", "XI.c"),
        kitty=("VII", "IX"),
        improper_discard=("III.c.ii",),
        first_lead=("IX",),
        card_ranks=("V", "interpretation: detroit-ace"),
        renege=("XI.a", "interpretation: hand-loss-value"),
        renege_joker_play=("VI", "IX.j", "XI.j"),
        renege_joker_discard=("IX.i",),
        renege_restricted_lead=("XI",),
        renege_caller=("XI",),
        own_team_call=("XI",),
        false_renege_call=("III.c.vii", "IX.o", "interpretation: hand-loss-value"),
        play_out_of_turn=("III.c.i", "XI.d"),
        exposed_card=("XI.i", "IX.k"),
        loss_of_hand=("interpretation: hand-loss-value",),
        no_trump_jokers=("VI", "IX.h"),
        joker_led_no_trump=("IX.m",),
        scoring=("IX", "X"),
        boston=("MATRIX: Bid Whist: scoring a hand: Boston",),
    ),
)

TEXAS: Final = Ruleset(
    id="texas",
    game="Bid Whist",
    title="Texas Bid Whist Alliance Standard Rules of Play",
    document=_TEXAS_DOC,
    guarantee_joker=BIG_JOKER,
    consecutive_kitty_cards=True,
    downtown_beats_uptown=False,
    no_trump_bidder_discards_jokers=True,
    no_trump_joker_must_be_played=True,
    misdeal_after_first_card="loss_of_hand",
    out_of_turn_exempt_on_last_book=True,
    no_trump_doubles=False,
    set_points="level",
    double_hand_wins=False,
    first_dealer="high_card",
    match_hands=5,
    match_wins_needed=3,
    renege_call_stops_play=True,
    remedies={
        "renege": LOSS_ON_CALL,
        "false_renege_call": Remedy("no_effect"),
        "play_out_of_turn": LOSS_ON_CALL,
        "bid_out_of_turn": LOSS_ON_CALL,
        "exposed_card": Remedy("restriction"),
        "improper_discard": DISCRETION,
    },
    citations=_citations(
        _TEXAS_DOC,
        deal=("Dealing", "Kitty"),
        first_dealer=("Dealing",),
        deal_rotation=("Dealing",),
        match=("Playing",),
        kitty_positions=("Kitty", "Misdeal"),
        guarantee_joker=("Jokers",),
        misdeal=("Misdeal",),
        bidding=("Bidding",),
        bid_rank=("Bidding",),
        forced_dealer=("Bidding",),
        improper_bid=("Improper Bid",),
        bid_out_of_turn=("Technical",),
        kitty=("Kitty",),
        improper_discard=("MATRIX: Bid Whist: kitty, contract and play: discard of more or fewer than 6",),
        first_lead=("interpretation: bidder-leads",),
        card_ranks=("MATRIX: Bid Whist: kitty, contract and play: trump ranks",),
        renege=("Renege",),
        renege_joker_play=("Jokers", "Renege"),
        renege_joker_discard=("Jokers", "Renege"),
        renege_restricted_lead=("Renege",),
        renege_caller=("Renege",),
        renege_call_stops_play=("Technical",),
        own_team_call=("Renege",),
        false_renege_call=("MATRIX: Bid Whist: infractions: false renege call",),
        play_out_of_turn=("Technical",),
        exposed_card=("Renege",),
        loss_of_hand=("Renege", "Technical", "interpretation: texas-points"),
        no_trump_jokers=("Jokers",),
        joker_led_no_trump=("interpretation: joker-lead",),
        scoring=("interpretation: texas-points",),
        boston=("Play-Off Rounds",),
    ),
)

CHICAGO: Final = Ruleset(
    id="chicago",
    game="Bid Whist",
    title="Fahrenheit Chicago Pride South on the Lake Bid Whist Tournament",
    document=_CHICAGO_DOC,
    guarantee_joker=BIG_JOKER,
    consecutive_kitty_cards=True,
    downtown_beats_uptown=True,
    no_trump_bidder_discards_jokers=False,
    no_trump_joker_must_be_played=False,
    misdeal_after_first_card="redeal",
    out_of_turn_exempt_on_last_book=False,
    no_trump_doubles=False,
    set_points="none",
    double_hand_wins=True,
    match_hands=5,
    match_wins_needed=3,
    remedies={
        "renege": Remedy("book_transfer", needs_call=True, books=3),
        "false_renege_call": Remedy("no_effect"),
        "play_out_of_turn": DISCRETION,
        "bid_out_of_turn": Remedy(
            "choice", options=("no_penalty", "loss_of_hand", "redeal"), chooser="official"
        ),
        "exposed_card": Remedy("card_plays"),
        "improper_discard": DISCRETION,
    },
    citations=_citations(
        _CHICAGO_DOC,
        deal=("The Deal",),
        first_dealer=("The Deal",),
        deal_rotation=("The Deal",),
        match=("introduction",),
        kitty_positions=("The Deal",),
        guarantee_joker=("introduction",),
        misdeal=("interpretation: misdeal-default",),
        bidding=("The Bidding",),
        bid_rank=("The Bidding",),
        forced_dealer=("The Bidding",),
        improper_bid=("interpretation: improper-bid", "The Bidding"),
        bid_out_of_turn=("MATRIX: Bid Whist: bidding: bid out of turn",),
        kitty=("The Play",),
        improper_discard=("MATRIX: Bid Whist: kitty, contract and play: discard of more or fewer than 6",),
        first_lead=("The Play",),
        card_ranks=("The Play",),
        renege=("Renege",),
        renege_joker_play=("The Play",),
        renege_joker_discard=("The Play",),
        renege_restricted_lead=("Renege",),
        renege_caller=("MATRIX: Bid Whist: infractions: who may call it",),
        own_team_call=("MATRIX: Bid Whist: infractions: a renege called by the offending team on itself",),
        false_renege_call=("MATRIX: Bid Whist: infractions: false renege call",),
        play_out_of_turn=("MATRIX: Bid Whist: infractions: play out of turn",),
        exposed_card=("Additional Rules",),
        loss_of_hand=("The Play",),
        no_trump_jokers=("The Play",),
        joker_led_no_trump=("The Play",),
        scoring=("The Play", "introduction", "interpretation: whoever wins the hand"),
        boston=("introduction",),
    ),
)

CARDTEL: Final = Ruleset(
    id="cardtel",
    game="Bid Whist",
    title="Capitol City Cardtel Kitty Bid Whist Rules",
    document=_CARDTEL_DOC,
    guarantee_joker=BIG_JOKER,
    consecutive_kitty_cards=False,
    downtown_beats_uptown=False,
    no_trump_bidder_discards_jokers=False,
    no_trump_joker_must_be_played=True,
    misdeal_after_first_card="redeal",
    out_of_turn_exempt_on_last_book=False,
    no_trump_doubles=True,
    set_points="level_plus_odds",
    double_hand_wins=False,
    first_dealer="first_diamond_chooses",
    renege_call_stops_play=True,
    remedies={
        "renege": LOSS_ON_CALL,
        "false_renege_call": Remedy("no_effect"),
        "play_out_of_turn": Remedy(
            "choice", options=("take_bid_value", "continue"), chooser="non_offending_team"
        ),
        "bid_out_of_turn": Remedy(
            "choice",
            options=("take_bid_value", "continue_partner_silenced", "redeal"),
            chooser="non_offending_team",
        ),
        "exposed_card": LOSS_ON_CALL,
        "improper_discard": DISCRETION,
    },
    citations=_citations(
        _CARDTEL_DOC,
        deal=("The Deal 3", "The Deal 6"),
        first_dealer=("The Deal 1",),
        deal_rotation=("The Deal 1",),
        match=("The Format",),
        kitty_positions=("The Deal 6",),
        guarantee_joker=("MATRIX: Bid Whist: the deal: guarantee joker card counts as",),
        misdeal=("The Deal 7",),
        bidding=("Bidding",),
        bid_rank=("Bidding 4",),
        forced_dealer=("interpretation: forced-dealer",),
        improper_bid=("Bidding 5",),
        bid_out_of_turn=("Bidding 7",),
        kitty=("MATRIX: Bid Whist: kitty, contract and play: bidder takes the kitty",),
        improper_discard=("MATRIX: Bid Whist: kitty, contract and play: discard of more or fewer than 6",),
        first_lead=("interpretation: bidder-leads",),
        card_ranks=("Card Rankings",),
        renege=("Techs 1", "Techs 1.A", "Techs 1.B", "Play 8"),
        renege_joker_play=("Techs 1",),
        renege_joker_discard=("Techs 1",),
        renege_restricted_lead=("Techs 1",),
        renege_caller=("Techs 1.D",),
        renege_call_stops_play=("Techs 1",),
        own_team_call=("Techs 1.D",),
        false_renege_call=("MATRIX: Bid Whist: infractions: false renege call",),
        play_out_of_turn=("Techs 2",),
        exposed_card=("Techs 2",),
        loss_of_hand=("Techs 1.A", "Play 8"),
        no_trump_jokers=("Techs 1",),
        joker_led_no_trump=("Play 9",),
        scoring=("Play 6", "Play 7", "Play 8", "The Format"),
        boston=("Score Sheets",),
    ),
)

_ONTARIO_DOC = "ontario-55-bid-euchre.txt"
_ONTARIO_TABLE = "Bid Euchre (ontario)"

ONTARIO: Final = Ruleset(
    id="ontario",
    game="Bid Euchre",
    title="Ontario 55+ Summer Games Bid Euchre",
    document=_ONTARIO_DOC,
    guarantee_joker=BIG_JOKER,
    consecutive_kitty_cards=True,
    downtown_beats_uptown=False,
    no_trump_bidder_discards_jokers=False,
    no_trump_joker_must_be_played=False,
    misdeal_after_first_card="redeal",
    out_of_turn_exempt_on_last_book=False,
    no_trump_doubles=False,
    set_points="none",
    double_hand_wins=False,
    match_hands=8,
    renege_call_stops_play=True,
    renege_correctable=True,
    remedies={
        "renege": LOSS_ON_CALL,
        "false_renege_call": Remedy("no_effect"),
        "play_out_of_turn": DISCRETION,
        "bid_out_of_turn": Remedy("correction"),
        "same_number": Remedy("choice", options=("raise_by_one", "stand_down"), chooser="offender"),
        "exposed_card": Remedy("must_play"),
        "exposed_card_not_played": DISCRETION,
        "improper_discard": DISCRETION,
        "improper_exchange": DISCRETION,
        "hesitation": Remedy("no_effect"),
    },
    citations=_citations(
        _ONTARIO_DOC,
        deck=("G",),
        deal=("I.11",),
        misdeal=("I.11",),
        bidding=("I.3", "I.5"),
        bid_rank=("I.4", "interpretation: euchre-call-rank"),
        all_pass=("interpretation: euchre-all-pass",),
        bid_out_of_turn=("I.3",),
        same_number=("I.4",),
        improper_bid=("I.4",),
        calls=("I.7",),
        first_lead=("I.3",),
        card_ranks=("G", f"MATRIX: {_ONTARIO_TABLE}: trump ranks", "interpretation: twin-cards"),
        renege=("I.13",),
        renege_correction=("I.13",),
        renege_caller=(f"MATRIX: {_ONTARIO_TABLE}: renege",),
        own_team_call=(f"MATRIX: {_ONTARIO_TABLE}: renege",),
        false_renege_call=(f"MATRIX: {_ONTARIO_TABLE}: renege",),
        renege_call_stops_play=("I.13",),
        play_out_of_turn=("F",),
        exposed_card=("I.14",),
        improper_discard=("I.7",),
        improper_exchange=("I.7",),
        hesitation=("I.6",),
        loss_of_hand=("I.13",),
        scoring=("I.8", "I.9", "I.10"),
        match=("C.1",),
    ),
)

RULESETS: Final[dict[str, Ruleset]] = {r.id: r for r in (DETROIT, TEXAS, CHICAGO, CARDTEL, ONTARIO)}


class UnknownRuleset(KeyError):
    """Raised for a ruleset id that names no rulebook."""

    def __str__(self) -> str:
        return f"unknown ruleset {self.args[0]!r}: choose one of {', '.join(RULESETS)}"


def get_ruleset(ruleset_id: str) -> Ruleset:
    try:
        return RULESETS[ruleset_id]
    except (KeyError, TypeError):
        raise UnknownRuleset(ruleset_id) from None
