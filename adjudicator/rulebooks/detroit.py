"""Detroit Senior Olympics Bid Whist: the hand rules, their remedies and sections."""

from __future__ import annotations

from typing import Final

from adjudicator.cards import LITTLE_JOKER
from adjudicator.rulebooks.ruleset import LOSS_ON_CALL, BidWhistRules, Remedy, Ruleset, rule_citations

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
