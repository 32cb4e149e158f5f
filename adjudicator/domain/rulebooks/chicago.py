"""Chicago Pride Bid Whist: its hand and tournament rules and the sections they cite."""

from __future__ import annotations

from typing import Final

from adjudicator.domain.cards import BIG_JOKER
from adjudicator.domain.rulebooks.ruleset import (
    DISCRETION,
    BidWhistRules,
    Remedy,
    Ruleset,
    conduct,
    rule_citations,
)
from adjudicator.domain.rulebooks.tournament import TournamentFormat, sections, whist_hand_row, whist_row

DOCUMENT = "chicago-pride-bid-whist.txt"

CHICAGO: Final = Ruleset(
    id="chicago",
    game="Bid Whist",
    title="Fahrenheit Chicago Pride South on the Lake Bid Whist Tournament",
    document=DOCUMENT,
    misdeal_after_first_card="redeal",
    out_of_turn_exempt_on_last_book=False,
    match_hands=5,
    match_wins_needed=3,
    bid_whist=BidWhistRules(
        guarantee_joker=BIG_JOKER,
        consecutive_kitty_cards=True,
        downtown_beats_uptown=True,
        no_trump_bidder_discards_jokers=False,
        no_trump_joker_must_be_played=False,
        no_trump_doubles=False,
        set_points="none",
        double_hand_wins=True,
    ),
    remedies={
        "renege": Remedy("book_transfer", needs_call=True, books=3),
        "false_renege_call": Remedy("no_effect"),
        "play_out_of_turn": DISCRETION,
        "bid_out_of_turn": Remedy(
            "choice", options=("no_penalty", "loss_of_hand", "redeal"), chooser="official"
        ),
        "exposed_card": Remedy("card_plays"),
        "improper_discard": DISCRETION,
        "talking_the_game": DISCRETION,
        "reopening_turned_books": DISCRETION,
        "looking_at_kitty": DISCRETION,
        "wrong_card_count": DISCRETION,
    },
    citations=rule_citations(
        DOCUMENT,
        **conduct(talking_the_game=(), reopening_turned_books=(), looking_at_kitty=(), wrong_card_count=()),
        deal=("The Deal",),
        first_dealer=("The Deal", "MATRIX: Bid Whist: the deal: first dealer"),
        deal_rotation=("The Deal",),
        match=("introduction", "MATRIX: Bid Whist: scoring a hand: a match"),
        kitty_positions=("The Deal",),
        guarantee_joker=("introduction",),
        deal_shuffle=("The Deal", "interpretation: misdeal-default"),
        deal_cut=("The Deal", "interpretation: misdeal-default"),
        deal_sporting_card=("The Deal", "interpretation: misdeal-default"),
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
        concession=("interpretation: concession-agreed",),
        record_conflict=("Additional Rules",),
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


# How this rulebook runs a tournament: its matches, rounds, movement, standings and playoffs.

TOURNAMENT: Final = TournamentFormat(
    ruleset=CHICAGO.id,
    game=CHICAGO.game,
    document=DOCUMENT,
    match_name="game",
    match_hands=CHICAGO.match_hands,
    match_wins_needed=CHICAGO.match_wins_needed,
    rounds=None,
    movement="stay_and_move",
    movement_set_by_director=True,
    draw_first_pairing=True,
    odd_team="bye",
    standings=("total_points", "games_won"),
    tiebreak_playoff="a game decided by the referee (the rulebook names no playoff)",
    playoff="fixed",
    playoff_size=7,
    match_points=None,
    registers_players=False,
    dispute_fee=0,
    dispute_needs_form=False,
    delay="forfeit_hand",
    forfeit_after_minutes=5,
    hand_points=(0, 7),
    one_side_scores=True,
    citations={
        "hand_points": (*CHICAGO.cite("scoring"), whist_hand_row("points on the sheet")),
        "match": CHICAGO.cite("match"),
        "rounds": (*sections(DOCUMENT, "Schedule of events", "Tournament Entry"), whist_row("rounds")),
        "first_pairing": (whist_row("rounds"),),
        "movement": (whist_row("rounds"), *sections(DOCUMENT, "Schedule of events")),
        "odd_team": (whist_row("odd team"),),
        "standings": (*sections(DOCUMENT, "Schedule of events"), whist_row("standings")),
        "tiebreak_playoff": (whist_row("standings"), *sections(DOCUMENT, "Additional Rules")),
        "playoff_field": (*sections(DOCUMENT, "Schedule of events"), whist_row("playoff field")),
        "bracket": (whist_row("bracket"), *sections(DOCUMENT, "Schedule of events")),
        "medals": sections(DOCUMENT, "Additional Rules"),
        "score_sheet": (whist_row("score sheet"),),
        "correction": sections(DOCUMENT, "Additional Rules"),
        "dispute": sections(DOCUMENT, "Additional Rules"),
        "delay": (*sections(DOCUMENT, "Delay of game"), whist_row("delay of game")),
        "withdrawal": sections(DOCUMENT, "Additional Rules"),
    },
)
