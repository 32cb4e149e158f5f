"""Ontario 55+ Bid Euchre: its hand and tournament rules and the sections they cite."""

from __future__ import annotations

from datetime import timedelta
from typing import Final

from adjudicator.domain.citations import interpretation
from adjudicator.domain.rulebooks.entry import Eligibility, EntryRules, season_row
from adjudicator.domain.rulebooks.ruleset import DISCRETION, LOSS_ON_CALL, Remedy, Ruleset, rule_citations
from adjudicator.domain.rulebooks.tournament import TournamentFormat, euchre_row, sections

DOCUMENT = "ontario-55-bid-euchre.txt"
MATRIX_TABLE = "Bid Euchre (ontario)"

ONTARIO: Final = Ruleset(
    id="ontario",
    game="Bid Euchre",
    title="Ontario 55+ Summer Games Bid Euchre",
    document=DOCUMENT,
    match_hands=8,
    renege_call_stops_play=True,
    renege_correctable=True,
    remedies={
        "renege": LOSS_ON_CALL,
        "false_renege_call": Remedy("no_effect"),
        # no rule: the convenor's discretion, no penalty or a redeal (interpretation: euchre-play-out-of-turn)
        "play_out_of_turn": Remedy("choice", options=("no_penalty", "redeal"), chooser="official"),
        "bid_out_of_turn": Remedy("correction"),
        "same_number": Remedy("choice", options=("raise", "raise_by_one", "stand_down"), chooser="offender"),
        "exposed_card": Remedy("must_play"),
        "exposed_card_not_played": DISCRETION,
        "improper_discard": DISCRETION,
        "improper_exchange": DISCRETION,
        "hesitation": Remedy("no_effect"),
    },
    citations=rule_citations(
        DOCUMENT,
        deck=("G",),
        deal=("I.11",),
        deal_shuffle=("I.11",),
        deal_cut=("I.11",),
        deal_sporting_card=("I.11",),
        misdeal=("I.11",),
        bidding=("I.3", "I.5"),
        bid_rank=("I.4", "interpretation: euchre-call-rank"),
        all_pass=("interpretation: euchre-all-pass",),
        bid_out_of_turn=("I.3", "interpretation: euchre-out-of-turn"),
        same_number=("I.4",),
        improper_bid=("I.4",),
        calls=("I.7",),
        first_lead=("I.3",),
        card_ranks=("G", f"MATRIX: {MATRIX_TABLE}: trump ranks", "interpretation: twin-cards"),
        renege=("I.13",),
        renege_correction=("I.13",),
        renege_caller=(f"MATRIX: {MATRIX_TABLE}: renege",),
        concession=("I.12", "interpretation: concession-agreed"),
        record_conflict=("H",),
        own_team_call=(f"MATRIX: {MATRIX_TABLE}: renege",),
        false_renege_call=(f"MATRIX: {MATRIX_TABLE}: renege",),
        renege_call_stops_play=("I.13",),
        play_out_of_turn=("F", "interpretation: euchre-play-out-of-turn"),
        exposed_card=("I.14",),
        improper_discard=("I.7",),
        improper_exchange=("I.7",),
        hesitation=("I.6",),
        loss_of_hand=("I.13",),
        scoring=("I.8", "I.9", "I.10"),
        match=("C.1",),
    ),
)


# How this rulebook runs a tournament: its matches, rounds, movement, standings and playoffs.

# Who may enter a tournament, and until when (SEASON.md, "Entering a tournament and going on from it").

ENTRY: Final = EntryRules(
    levels={
        "district": Eligibility(min_age=55, age_words="55 or over", residence="Ontario"),
        "provincial": Eligibility(qualified=True),
    },
    closes_after_start=timedelta(0),
    present_at_start=True,
    citations={
        "age": (*sections(DOCUMENT, "B"), season_row("who may play")),
        "residence": (*sections(DOCUMENT, "B"), season_row("who may play")),
        "qualified": (*sections(DOCUMENT, "B"), season_row("who may play")),
        "declared": (season_row("how it is known"), interpretation("declared-eligibility")),
        "closes": (*sections(DOCUMENT, "A"), season_row("registration closes")),
        "admission": (*sections(DOCUMENT, "A"), interpretation("official-admits")),
    },
)

TOURNAMENT: Final = TournamentFormat(
    ruleset=ONTARIO.id,
    game=ONTARIO.game,
    document=DOCUMENT,
    match_name="game",
    match_hands=ONTARIO.match_hands,
    match_wins_needed=ONTARIO.match_wins_needed,
    rounds=None,
    movement="progressive",
    movement_set_by_director=False,
    draw_first_pairing=True,
    odd_team="floater",
    standings=("tournament_points", "point_differential"),
    tiebreak_playoff="a playoff of 4 hands",
    playoff="none",
    playoff_size=None,
    match_points=(2, 1, 0),
    registers_players=True,
    dispute_fee=0,
    dispute_needs_form=False,
    delay="director",
    games_per_session=6,
    time_limit_minutes=20,
    games_per_day=12,
    days=2,
    deals_per_player=2,
    hand_points=(None, 24),  # a failed moonshot costs 24, and a penalty more (I.6)
    one_side_scores=False,
    entry=ENTRY,
    citations={
        "hand_points": (*ONTARIO.cite("scoring"), euchre_row("scoring")),
        "match": (*sections(DOCUMENT, "C.1"), euchre_row("game")),
        "rounds": (*sections(DOCUMENT, "C.1", "C.3"), euchre_row("game")),
        "first_pairing": (
            *sections(DOCUMENT, "C.2", "C.3"),
            interpretation("euchre-session-start"),
            euchre_row("movement"),
            euchre_row("a session's start"),
        ),
        "movement": (
            *sections(DOCUMENT, "C.4", "C.2"),
            interpretation("euchre-partners-split"),
            euchre_row("movement"),
            euchre_row("district partners"),
        ),
        "odd_team": (*sections(DOCUMENT, "A"), euchre_row("floater team")),
        "standings": (
            *sections(DOCUMENT, "D.1", "D.2", "D.3"),
            euchre_row("tournament points"),
            euchre_row("tie-break"),
        ),
        "tiebreak_playoff": (*sections(DOCUMENT, "D.4"), euchre_row("tie-break")),
        "playoff_field": sections(DOCUMENT, "D.2"),
        "bracket": sections(DOCUMENT, "D.2"),
        "medals": sections(DOCUMENT, "E", "D.2"),
        "score_sheet": (*sections(DOCUMENT, "D.1"), euchre_row("tournament points")),
        "correction": sections(DOCUMENT, "A"),
        "dispute": sections(DOCUMENT, "A"),
        "delay": (*sections(DOCUMENT, "I.6"), euchre_row("hesitation")),
        "withdrawal": (*sections(DOCUMENT, "A"), euchre_row("floater team")),
        "time_limit": (*sections(DOCUMENT, "C.1"), interpretation("euchre-time-limit"), euchre_row("game")),
        "deal": (*sections(DOCUMENT, "C.1"), euchre_row("game")),
        "days": (*sections(DOCUMENT, "D.1", "D.2"), euchre_row("tournament points")),
        "split": (*sections(DOCUMENT, "C.2", "C.3"), euchre_row("district partners")),
    },
)
