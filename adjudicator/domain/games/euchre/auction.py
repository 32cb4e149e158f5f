"""The Bid Euchre auction (I.3-I.5): once each from the dealer's left, each bid naming more tricks.

A bid out of turn is void, its bidder loses the bid for the hand and the partner may not bid the
same colour (I.3); the same number as the standing bid must be raised by at least one (the bidder
names the raised bid), or the partner may not bid that colour (I.4: the bidder's choice, recorded
before anything else); four passes mean a redeal (interpretation: euchre-all-pass).
On a call or moonshot the partner sits out (I.7).
"""

from __future__ import annotations

from typing import Any

from adjudicator.domain.cards import partner_of
from adjudicator.domain.events import BidMade, IllegalEvent
from adjudicator.domain.games.euchre.bids import TRICKS, EuchreBid
from adjudicator.domain.games.euchre.contract import EuchreContract
from adjudicator.domain.games.rules import Tableside
from adjudicator.domain.records import BidRecord, Infraction
from adjudicator.domain.rulebooks import Remedy


def bid_text(bid: Any) -> str:
    return "pass" if bid is None else str(bid)


def bid(table: Tableside, event: BidMade, n: int) -> None:
    seat, bid = event.seat, event.bid
    said = bid_text(bid)
    partner = partner_of(seat)
    expected = table.next_bidder()
    if seat != expected and seat in table.lost_bid:
        table.note(
            "improper_bid",
            seat,
            n,
            f"{seat} used its one bid out of turn and does not bid again: {said} is void",
            ("bid-out-of-turn",),
            Remedy("correction"),
        )
        table.void_bid(BidRecord(n, seat, event.said, bid, False, None))
        return
    if seat != expected:
        why = "the bidding is over" if expected is None else f"it was {expected}'s turn to bid"
        detail = f"{seat} bid {said} out of turn ({why}): the bid is void"
        detail += f" and {seat} has used its one bid"
        if bid is not None and bid.colour in ("red", "black") and expected is not None:
            table.bar_colour(partner, bid.colour)
            detail += f"; {partner} may not bid a {bid.colour} suit"
        table.note("bid_out_of_turn", seat, n, detail, ("bid-out-of-turn",))
        table.forfeit_bid(seat)
        table.void_bid(BidRecord(n, seat, event.said, bid, False, None))
        return
    standing: EuchreBid | None = table.standing.counts_as if table.standing else None
    counts_as = bid
    if bid is not None:
        if table.barred.get(seat) is not None and table.barred[seat] == bid.colour:
            counts_as = None
            table.note(
                "improper_bid",
                seat,
                n,
                f"{seat} may not bid a {bid.colour} suit: {said} counts as a pass",
                ("bid-out-of-turn", "same-number"),
                Remedy("correction"),
            )
        elif (
            standing is not None
            and bid.kind == "tricks"
            and bid.tricks == standing.tricks
            and (standing.kind == "tricks")
        ):
            infraction = table.note(
                "same_number",
                seat,
                n,
                f"{seat} bid {said}, the same number of tricks as {standing}: {seat} must raise it "
                f"by at least one, or {partner} may not bid a {bid.colour or 'no-trump'} suit",
                ("same-number",),
            )
            table.await_choice(infraction)
            table.count_bid(BidRecord(n, seat, event.said, bid, True, None))
            return
        elif standing is not None and bid.rank <= standing.rank:
            counts_as = None
            table.note(
                "improper_bid",
                seat,
                n,
                f"{said} does not name more than {standing}: it counts as a pass",
                ("improper-bid", "bid-rank"),
                Remedy("correction"),
            )
    table.count_bid(BidRecord(n, seat, event.said, bid, True, counts_as))
    _go_on(table, n)


def _go_on(table: Tableside, n: int) -> None:
    """The auction passes over a seat that has used its bid out of turn (interpretation:
    euchre-out-of-turn); four turns taken, it is over."""
    skipped = table.next_bidder()
    while skipped is not None and skipped in table.lost_bid:
        table.count_bid(BidRecord(n, skipped, "(its bid was used out of turn)", None, True, None))
        skipped = table.next_bidder()
    if table.bidding_over:
        _auction_over(table, n)


def settle(table: Tableside, infraction: Infraction, option: str, raised: EuchreBid | None = None) -> None:
    """The bidder's choice on a same-number bid: raise it by at least one, naming the raised bid (I.4;
    ``raise_by_one`` names none), or stand down. A raise is checked before anything changes."""
    record = next(b for b in table.bids if b.event == infraction.event)
    bid: EuchreBid = record.bid
    standing: EuchreBid | None = table.standing.counts_as if table.standing else None
    if option == "raise_by_one":
        raised = EuchreBid(bid.kind, bid.tricks + 1, bid.trump, bid.named) if bid.tricks < TRICKS else None
    elif option == "raise":
        if raised is None:
            raise IllegalEvent("a raise names the raised bid ('bid': e.g. '5 hearts')", "bid")
        if raised.kind != "tricks" or raised.trump != bid.trump or raised.tricks <= bid.tricks:
            raise IllegalEvent(
                f"{bid} is raised by at least one: more tricks, the same suit (not {raised})", "bid"
            )
    elif raised is not None:
        raise IllegalEvent("a bid is named only when the choice is to raise", "bid")
    if option != "stand_down" and raised is not None and (standing is None or raised.rank > standing.rank):
        table.recount_bid(record.event, raised)
    elif bid.colour in ("red", "black"):
        table.bar_colour(partner_of(record.seat), bid.colour)
    _go_on(table, infraction.event)


def _auction_over(table: Tableside, n: int) -> None:
    if table.standing is None:
        infraction = table.note(
            "all_passed",
            table.dealer,
            n,
            "all four passed: the hand is redealt",
            ("all-pass",),
            Remedy("redeal"),
        )
        table.void_hand(infraction)
        return
    bid: EuchreBid = table.standing.counts_as
    bidder = table.standing.seat
    if bid.alone:
        table.sit_out(partner_of(bidder))
    if bid.named:
        table.declare_contract(EuchreContract(bidder, bid, bid.trump))
