"""Texas Bid Whist Alliance: the hand rules, their remedies and sections."""

from __future__ import annotations

from typing import Final

from adjudicator.cards import BIG_JOKER
from adjudicator.rulebooks.ruleset import (
    DISCRETION,
    LOSS_ON_CALL,
    BidWhistRules,
    Remedy,
    Ruleset,
    rule_citations,
)

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
        "improper_discard": DISCRETION,
    },
    citations=rule_citations(
        DOCUMENT,
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
