"""Detroit Senior Olympics Bid Whist: its hand and tournament rules and the sections they cite."""

from __future__ import annotations

from datetime import timedelta
from typing import Final

from adjudicator.domain.cards import LITTLE_JOKER
from adjudicator.domain.citations import interpretation
from adjudicator.domain.rulebooks.entry import Eligibility, EntryRules, season_row
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
        "talking_the_game": Remedy("loss_of_hand"),
        "reopening_turned_books": DISCRETION,
        "looking_at_kitty": DISCRETION,
        "wrong_card_count": DISCRETION,
    },
    citations=rule_citations(
        DOCUMENT,
        **conduct(
            talking_the_game=("III.b", "III.c.viii", "XI.f"),
            reopening_turned_books=("III.c.iii", "XI"),
            looking_at_kitty=("III.c.v",),
            wrong_card_count=("III.c.iv",),
        ),
        deal=("IV",),
        first_dealer=("IV", "MATRIX: Bid Whist: the deal: first dealer"),
        deal_rotation=("MATRIX: Bid Whist: the deal: deal passes",),
        match=("I", "X"),
        kitty_positions=("IV",),
        guarantee_joker=("IV.a",),
        deal_shuffle=("IV",),
        deal_cut=("IV",),
        deal_sporting_card=("IV", "interpretation: misdeal-default"),
        misdeal=("interpretation: misdeal-default",),
        bidding=("VI",),
        bid_rank=("VI", "VIII"),
        forced_dealer=("interpretation: forced-dealer",),
        improper_bid=("XI.g",),
        bid_out_of_turn=("III.c.i", "XI.c"),
        bid_changed=("XI.h",),
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
        record_conflict=("XI",),
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


# Who may enter a tournament, and until when (SEASON.md, "Entering a tournament and going on from it").

ENTRY: Final = EntryRules(
    levels={
        "open": Eligibility(
            min_age=50,  # 50 in whole years: older than 50 years on any day but the birthday itself
            age_words="over 50 years of age",
            registered_by=(6, 1),
            registered_words="registered for the Detroit Senior Olympics by June 1",
        )
    },
    closes_after_start=timedelta(minutes=15),
    centre_places=True,
    citations={
        "age": (*sections(DOCUMENT, "II.a"), season_row("who may play")),
        "registered_by": (*sections(DOCUMENT, "II.b"), season_row("who may play")),
        "declared": (season_row("how it is known"), interpretation("declared-eligibility")),
        "closes": (*sections(DOCUMENT, "I Registration"), season_row("registration closes")),
        "centres": (
            *sections(DOCUMENT, "XIV"),
            season_row("entries per centre"),
            interpretation("centre-places"),
        ),
        "admission": (interpretation("official-admits"),),
    },
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
    entry=ENTRY,
    hand_points=(0, 14),
    one_side_scores=True,
    citations={
        "hand_points": (*DETROIT.cite("scoring"), whist_hand_row("points on the sheet")),
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
