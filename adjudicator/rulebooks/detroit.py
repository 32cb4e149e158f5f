"""Detroit Senior Olympics Bid Whist: its hand and tournament rules and the sections they cite."""

from __future__ import annotations

from typing import Final

from adjudicator.cards import LITTLE_JOKER
from adjudicator.rulebooks.ruleset import LOSS_ON_CALL, BidWhistRules, Remedy, Ruleset, rule_citations
from adjudicator.rulebooks.tournament import TournamentFormat, sections, whist_row

DOCUMENT = "detroit-senior-olympics-bid-whist.txt"

DETROIT: Final = Ruleset(
    id="detroit",
    game="Bid Whist",
    title="Detroit Senior Olympics Bid Whist Tournament",
    document=DOCUMENT,
    misdeal_after_first_card="redeal",
    out_of_turn_exempt_on_last_book=False,
    bid_whist=BidWhistRules(
        guarantee_joker=LITTLE_JOKER,
        consecutive_kitty_cards=False,
        downtown_beats_uptown=False,
        no_trump_bidder_discards_jokers=True,
        no_trump_joker_must_be_played=True,
        no_trump_doubles=True,
        set_points="level",
        double_hand_wins=False,
    ),
    remedies={
        "renege": LOSS_ON_CALL,
        "false_renege_call": Remedy("loss_of_hand"),
        "play_out_of_turn": LOSS_ON_CALL,
        "bid_out_of_turn": LOSS_ON_CALL,
        "exposed_card": LOSS_ON_CALL,
        "improper_discard": LOSS_ON_CALL,
    },
    citations=rule_citations(
        DOCUMENT,
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
        concession=("IX.l", "interpretation: concession-agreed"),
        own_team_call=("XI",),
        false_renege_call=(
            "III.c.vii",
            "IX.o",
            "interpretation: hand-loss-value",
            "interpretation: false-call-value",
        ),
        play_out_of_turn=("III.c.i", "XI.d"),
        exposed_card=("XI.i", "IX.k"),
        loss_of_hand=("interpretation: hand-loss-value",),
        no_trump_jokers=("VI", "IX.h"),
        joker_led_no_trump=("IX.m",),
        scoring=("IX", "X"),
        boston=("MATRIX: Bid Whist: scoring a hand: Boston",),
    ),
)


# How this rulebook runs a tournament: its matches, rounds, movement, standings and playoffs.

TOURNAMENT: Final = TournamentFormat(
    ruleset=DETROIT.id,
    game=DETROIT.game,
    document=DOCUMENT,
    match_name="round",
    match_hands=DETROIT.match_hands,
    match_wins_needed=DETROIT.match_wins_needed,
    rounds=3,
    movement="stay_and_move",
    movement_set_by_director=False,
    draw_first_pairing=True,
    odd_team="picked_opponent",
    standings=("rounds_won", "total_points"),
    tiebreak_playoff="a single game (one round of 4 hands), the winner taking the higher place",
    playoff="by_entries",
    playoff_size=None,
    match_points=None,
    registers_players=False,
    dispute_fee=0,
    dispute_needs_form=False,
    delay="director",
    absent_team_eliminated=True,
    citations={
        "match": DETROIT.cite("match"),
        "rounds": (*sections(DOCUMENT, "I Preliminary Rounds"), whist_row("rounds")),
        "first_pairing": (*sections(DOCUMENT, "I Preliminary Rounds"), whist_row("rounds")),
        "movement": (*sections(DOCUMENT, "I Preliminary Rounds"), whist_row("rounds")),
        "odd_team": (*sections(DOCUMENT, "I Preliminary Rounds"), whist_row("odd team")),
        "standings": (*sections(DOCUMENT, "I Playoff Determination"), whist_row("standings")),
        "tiebreak_playoff": (*sections(DOCUMENT, "I Playoff Determination"), whist_row("standings")),
        "playoff_field": (*sections(DOCUMENT, "I Playoff Determination"), whist_row("playoff field")),
        "bracket": (*sections(DOCUMENT, "I Playoff Pairing"), whist_row("bracket")),
        "medals": sections(DOCUMENT, "I Playoff Pairing", "XII"),
        "score_sheet": (*sections(DOCUMENT, "I Preliminary Rounds"), whist_row("score sheet")),
        "correction": sections(DOCUMENT, "XI"),
        "dispute": sections(DOCUMENT, "XI"),
        "delay": (whist_row("delay of game"), *sections(DOCUMENT, "XI")),
        "withdrawal": sections(DOCUMENT, "I Playoff Pairing"),
        "absence": (*sections(DOCUMENT, "I Playoff Pairing"), whist_row("bracket")),
    },
)
