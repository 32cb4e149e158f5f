"""The Bid Whist auction: once around from the dealer's left, improper bids corrected.

A bid out of turn is void and noted; a bid that does not take out the standing bid is corrected to
the lowest bid of its strain that does (or counts as a pass past 7); the dealer may not pass when
the first three have (MATRIX.md interpretation: forced-dealer); a seat silenced by the choice on a
bid out of turn passes whatever it says.
"""

from __future__ import annotations

from typing import Any

from adjudicator.domain.events import BidMade
from adjudicator.domain.games.bidwhist.bids import corrected_bid, outranks
from adjudicator.domain.games.rules import Tableside
from adjudicator.domain.records import BidRecord
from adjudicator.domain.rulebooks import Remedy


def bid_text(bid: Any) -> str:
    return "pass" if bid is None else str(bid)


def bid(table: Tableside, event: BidMade, n: int) -> None:
    """Once around from the dealer's left; improper bids corrected, a forced dealer's pass void."""
    seat, bid = event.seat, event.bid
    said = bid_text(bid)
    expected = table.next_bidder()
    if seat != expected:
        why = "the bidding is over" if expected is None else f"it was {expected}'s turn to bid"
        detail = f"{seat} bid {said} out of turn: {why}; the bid is void"
        rules: tuple[str, ...] = ("bid-out-of-turn",)
        earlier = next((b for b in table.bids if b.seat == seat and b.counted), None)
        if earlier is not None and earlier.bid != bid:  # Detroit XI.h: a bid may not be changed
            detail = f"{seat} had bid {bid_text(earlier.bid)} and bid again, changing it to {said}: {why}; "
            detail += "the second bid is void"
            rules += ("bid-changed",)
        table.note("bid_out_of_turn", seat, n, detail, rules)
        table.void_bid(BidRecord(n, seat, event.said, bid, False, None))
        return
    standing = table.standing.counts_as if table.standing else None
    beats = table.ruleset.whist.downtown_beats_uptown
    counts_as = bid
    if seat in table.silenced and bid is not None:
        counts_as = None
        table.note(
            "improper_bid",
            seat,
            n,
            f"{seat} was silenced by the choice on the bid out of turn: {said} counts as a pass",
            ("bid-out-of-turn",),
            Remedy("correction"),
        )
    elif bid is None and seat == table.dealer and standing is None:
        table.note(
            "improper_bid",
            seat,
            n,
            "the first three passed, so the dealer may not pass: the pass is void and the "
            "dealer must bid at least 4",
            ("forced-dealer",),
            Remedy("correction"),
        )
        table.void_bid(BidRecord(n, seat, event.said, bid, False, None))
        return
    elif bid is not None and standing is not None and not outranks(bid, standing, beats):
        counts_as = corrected_bid(bid, standing, beats)
        if counts_as is None:
            table.note(
                "improper_bid",
                seat,
                n,
                f"{said} does not take out {standing}, and no {bid.strain} bid of 7 or less "
                "does: it counts as a pass",
                ("improper-bid", "improper-bid-overflow"),
                Remedy("correction"),
            )
        else:
            table.note(
                "improper_bid",
                seat,
                n,
                f"{said} does not take out {standing}: corrected to {counts_as}",
                ("improper-bid", "bid-rank"),
                Remedy("correction"),
            )
    table.count_bid(BidRecord(n, seat, event.said, bid, True, counts_as))
