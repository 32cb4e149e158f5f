"""Texas Bid Whist Alliance: its hand and tournament rules and the sections they cite."""

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
from adjudicator.domain.rulebooks.tournament import TournamentFormat, sections, whist_row

DOCUMENT = "texas-bid-whist-alliance.txt"

TEXAS: Final = Ruleset(
    id="texas",
    game="Bid Whist",
    title="Texas Bid Whist Alliance Standard Rules of Play",
    document=DOCUMENT,
    misdeal_after_first_card="loss_of_hand",
    out_of_turn_exempt_on_last_book=True,
    first_dealer="high_card",
    match_hands=5,
    match_wins_needed=3,
    renege_call_stops_play=True,
    concession="bidder_sets",
    bid_whist=BidWhistRules(
        guarantee_joker=BIG_JOKER,
        consecutive_kitty_cards=True,
        downtown_beats_uptown=False,
        no_trump_bidder_discards_jokers=True,
        no_trump_joker_must_be_played=True,
        no_trump_doubles=False,
        set_points="level",
        double_hand_wins=False,
    ),
    remedies={
        "renege": LOSS_ON_CALL,
        "false_renege_call": Remedy("no_effect"),
        "play_out_of_turn": LOSS_ON_CALL,
        "bid_out_of_turn": LOSS_ON_CALL,
        "exposed_card": Remedy("restriction"),
        "restricted_lead": Remedy(
            "choice", needs_call=True, options=("no_penalty", "loss_of_hand"), chooser="official"
        ),
        "improper_discard": DISCRETION,
        "talking_the_game": Remedy("loss_of_hand"),
        "reopening_turned_books": Remedy("loss_of_hand"),
        "looking_at_kitty": DISCRETION,
        "wrong_card_count": DISCRETION,
    },
    citations=rule_citations(
        DOCUMENT,
        **conduct(
            talking_the_game=("Technical",),
            reopening_turned_books=("Technical",),
            looking_at_kitty=(),
            wrong_card_count=(),
        ),
        deal=("Dealing", "Kitty"),
        first_dealer=("Dealing",),
        deal_rotation=("Dealing",),
        match=("Playing",),
        kitty_positions=("Kitty", "Misdeal"),
        guarantee_joker=("Jokers",),
        deal_shuffle=("Dealing",),
        deal_cut=("Dealing",),
        deal_sporting_card=("Dealing",),
        misdeal=("Misdeal",),
        misdeal_cause=("Misdeal", "interpretation: misdeal-cause"),
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
        restricted_lead=("Renege", "interpretation: texas-exposed-lead"),
        renege_caller=("Renege",),
        renege_call_stops_play=("Technical",),
        concession=("General Rules",),
        record_conflict=("General Rules",),
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


# How this rulebook runs a tournament: its matches, rounds, movement, standings and playoffs.

TOURNAMENT: Final = TournamentFormat(
    ruleset=TEXAS.id,
    game=TEXAS.game,
    document=DOCUMENT,
    match_name="round",
    match_hands=TEXAS.match_hands,
    match_wins_needed=TEXAS.match_wins_needed,
    rounds=5,
    movement="texas",
    movement_set_by_director=False,
    draw_first_pairing=False,
    odd_team="bye",
    standings=("rounds_won", "winning_percentage", "bostons"),
    tiebreak_playoff="a one-hand play-off, the winner advancing",
    playoff="fixed",
    playoff_size=8,
    match_points=None,
    registers_players=False,
    dispute_fee=0,
    dispute_needs_form=False,
    delay="director",
    places=("1st", "2nd", "3rd", "4th"),
    citations={
        "match": TEXAS.cite("match"),
        "rounds": (*sections(DOCUMENT, "Playing"), whist_row("rounds")),
        "first_pairing": (*sections(DOCUMENT, "Table Rotation"), whist_row("rounds")),
        "movement": (*sections(DOCUMENT, "Table Rotation"), whist_row("rounds")),
        "odd_team": (whist_row("odd team"), *sections(DOCUMENT, "Play-Off Rounds")),
        "standings": (
            *sections(DOCUMENT, "Scoring", "Play-Off Rounds"),
            whist_row("standings"),
            interpretation("texas-winning-percentage"),
        ),
        "tiebreak_playoff": (*sections(DOCUMENT, "Play-Off Rounds"), whist_row("standings")),
        "playoff_field": (*sections(DOCUMENT, "Play-Off Rounds"), whist_row("playoff field")),
        "bracket": (*sections(DOCUMENT, "Play-Off Rounds"), whist_row("bracket")),
        "medals": sections(DOCUMENT, "Play-Off Rounds"),
        "score_sheet": (*sections(DOCUMENT, "Scoring"), whist_row("score sheet")),
        "correction": sections(DOCUMENT, "General Rules"),
        "dispute": sections(DOCUMENT, "General Rules"),
        "delay": (whist_row("delay of game"), *sections(DOCUMENT, "General Rules")),
        "withdrawal": sections(DOCUMENT, "General Rules"),
    },
)
