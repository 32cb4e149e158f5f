"""Capitol City Cardtel Kitty Bid Whist: its hand and tournament rules and the sections they cite."""

from __future__ import annotations

from typing import Final

from adjudicator.domain.cards import BIG_JOKER
from adjudicator.domain.citations import interpretation
from adjudicator.domain.rulebooks.ruleset import (
    DISCRETION,
    LOSS_ON_CALL,
    BidWhistRules,
    Remedy,
    Ruleset,
    conduct,
    rule_citations,
)
from adjudicator.domain.rulebooks.tournament import TournamentFormat, sections, whist_hand_row, whist_row

DOCUMENT = "capitol-city-cardtel-kitty-bid-whist.txt"

CARDTEL: Final = Ruleset(
    id="cardtel",
    game="Bid Whist",
    title="Capitol City Cardtel Kitty Bid Whist Rules",
    document=DOCUMENT,
    misdeal_after_first_card="redeal",
    out_of_turn_exempt_on_last_book=False,
    first_dealer="first_diamond_chooses",
    renege_call_stops_play=True,
    renege_call_brings_official=True,
    bid_whist=BidWhistRules(
        guarantee_joker=BIG_JOKER,
        consecutive_kitty_cards=False,
        downtown_beats_uptown=False,
        no_trump_bidder_discards_jokers=False,
        no_trump_joker_must_be_played=True,
        no_trump_doubles=True,
        set_points="level_plus_odds",
        double_hand_wins=False,
    ),
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
        "improper_declare": LOSS_ON_CALL,
        "improper_discard": DISCRETION,
        "talking_the_game": DISCRETION,
        "reopening_turned_books": DISCRETION,
        "looking_at_kitty": DISCRETION,
        "wrong_card_count": DISCRETION,
    },
    citations=rule_citations(
        DOCUMENT,
        **conduct(
            talking_the_game=("Play 1",),
            reopening_turned_books=("Techs 1.C",),
            looking_at_kitty=(),
            wrong_card_count=(),
        ),
        deal=("The Deal 3", "The Deal 6"),
        first_dealer=("The Deal 1", "MATRIX: Bid Whist: the deal: first dealer"),
        deal_rotation=("The Deal 1",),
        match=("The Format",),
        kitty_positions=("The Deal 6",),
        guarantee_joker=("MATRIX: Bid Whist: the deal: guarantee joker card counts as",),
        deal_shuffle=("The Deal 2",),
        deal_cut=("The Deal 5", "The Deal 5.A", "The Deal 5.B"),
        deal_sporting_card=("The Deal 4",),
        misdeal=("The Deal 7",),
        wrong_dealer=("The Deal 9",),
        declare_slip=("Bidding 6",),
        bidding=("Bidding",),
        bid_rank=("Bidding 4",),
        forced_dealer=("interpretation: forced-dealer",),
        improper_bid=("Bidding 5",),
        bid_out_of_turn=("Bidding 7", "interpretation: cardtel-bid-value"),
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
        concession=("Play 14",),
        record_conflict=("Techs",),
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


# How this rulebook runs a tournament: its matches, rounds, movement, standings and playoffs.

TOURNAMENT: Final = TournamentFormat(
    ruleset=CARDTEL.id,
    game=CARDTEL.game,
    document=DOCUMENT,
    match_name="sheet",
    match_hands=CARDTEL.match_hands,
    match_wins_needed=CARDTEL.match_wins_needed,
    rounds=None,
    movement="stay_and_move",
    movement_set_by_director=True,
    draw_first_pairing=True,
    odd_team="bye",
    standings=("total_points", "hands_won", "bostons"),
    tiebreak_playoff="a tie-breaking hand, only who wins it counting (Play 10)",
    playoff="director",
    playoff_size=None,
    match_points=None,
    registers_players=False,
    dispute_fee=10,
    dispute_needs_form=True,
    delay="clock",
    delay_chart=((3, 3), (7, 3), (12, 3), (18, 3)),
    delay_cap=12,
    signed_corrections="arithmetic",
    hand_points=(0, 14),
    one_side_scores=True,
    citations={
        "hand_points": (*CARDTEL.cite("scoring"), whist_hand_row("points on the sheet")),
        "match": CARDTEL.cite("match"),
        "rounds": (*sections(DOCUMENT, "The Format", "The Table"), whist_row("rounds")),
        "first_pairing": (*sections(DOCUMENT, "The Table"), whist_row("rounds")),
        "movement": (*sections(DOCUMENT, "The Table"), whist_row("rounds")),
        "odd_team": (whist_row("odd team"), *sections(DOCUMENT, "The Table")),
        "standings": (*sections(DOCUMENT, "Score Sheets"), whist_row("standings")),
        "tiebreak_playoff": (*sections(DOCUMENT, "Play 10"), whist_row("standings")),
        "playoff_field": (whist_row("playoff field"), *sections(DOCUMENT, "The Format")),
        "bracket": (whist_row("bracket"), *sections(DOCUMENT, "The Format")),
        "medals": sections(DOCUMENT, "The Format"),
        "score_sheet": (*sections(DOCUMENT, "Score Sheets 3"), whist_row("score sheet")),
        "correction": (*sections(DOCUMENT, "Score Sheets 3"), whist_row("score sheet")),
        "dispute": (
            *sections(DOCUMENT, "Score Sheets 5", "Score Sheets 6", "Score Sheets 7"),
            whist_row("score sheet"),
        ),
        "delay": (
            *sections(DOCUMENT, "Play 17"),
            whist_row("delay of game"),
            interpretation("cardtel-clock"),
        ),
        "withdrawal": sections(DOCUMENT, "Conduct"),
    },
)
