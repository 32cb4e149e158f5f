"""``adjudicator replay``: a hand's table at one moment, in plain text, for an official without a browser."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, TextIO
from uuid import UUID

from adjudicator.bootstrap import bootstrap
from adjudicator.cli.common import Refused
from adjudicator.domain.cards import SEATS
from adjudicator.domain.table import Table
from adjudicator.service import hands as use
from adjudicator.service.errors import ServiceError
from adjudicator.service.views import HandView


def register(commands: Any) -> None:
    show = commands.add_parser("replay", help="print a hand's table at one moment, in plain text")
    show.add_argument("hand_id", help="the hand's id")
    show.add_argument("--at", type=int, default=None, help="after this event (default: the last)")
    show.set_defaults(func=replay_hand)


def _cards(cards: Sequence[str] | None) -> str:
    if cards is None:
        return "(not known)"
    return " ".join(cards) if cards else "(none)"


def render(view: HandView, total: int, out: TextIO) -> None:
    """The table at one moment, in plain text, for an official without a browser."""
    table: Table = view.table
    state = table.state()
    judged = view.judged()
    ruleset = table.ruleset
    w = out.write
    w(f"Hand {view.id}\n")
    w(f"Rules: {ruleset.title} ({ruleset.id}; cited as {ruleset.document})\n")
    players = view.players or {}
    seated = ", ".join(f"{seat} {players[seat]}" for seat in SEATS if seat in players)
    w(f"Dealer: {view.dealer}" + (f"   Players: {seated}" if seated else ""))
    w(f"   Label: {view.label}\n" if view.label else "\n")
    w(f"After event {state['version']} of {total}: {state['phase']}\n\n")
    w("Hands:\n")
    for seat in SEATS:
        w(f"  {seat:<6} {_cards(state['hands'][seat])}\n")
    w(f"Kitty:   {_cards(state['kitty'])}\n")
    if state["discard"] is not None:
        w(f"Discard: {_cards(state['discard'])}\n")
    w("\nBids:\n" if state["bids"] else "\nBids: none yet\n")
    for bid in state["bids"]:
        note = "" if bid["counted"] else "  (void)"
        if bid["counted"] and bid["counts_as"] != bid["bid"]:
            note = f"  (counts as {bid['counts_as']})"
        w(f"  {bid['event']:>3}  {bid['seat']:<6} {bid['said']}{note}\n")
    contract = state["contract"]
    if contract:
        suit = f"trump {contract['trump']}" if contract["trump"] else "no trump"
        w(f"Contract: {contract['bidder']} {contract['bid']}, {suit}, {contract['direction']}\n")
    elif state["standing_bid"]:
        standing = state["standing_bid"]
        w(f"Standing bid: {standing['seat']} {standing['bid']}\n")
    if state["books"]:
        w("\nBooks:\n")
        for book in state["books"]:
            plays = ", ".join(f"{p['seat']} {p['card']}" for p in book["plays"])
            w(f"  {book['number']:>2}  {plays}  -> {book['winner']}\n")
    current = state["book"]
    if current and current["plays"]:
        plays = ", ".join(f"{p['seat']} {p['card']}" for p in current["plays"])
        led = f", {current['led_suit']} led" if current["led_suit"] else ""
        w(f"Current book {current['number']} (led by {current['leader']}{led}): {plays}\n")
    taken = state["books_taken"]
    w(f"Books taken: north_south {taken['north_south']}, east_west {taken['east_west']}\n")
    turn = state["turn"]
    w(f"Turn: {turn['seat']} to {turn['action']}\n" if turn else "Turn: nobody\n")
    for restriction in state["restrictions"]:
        if restriction["kind"] == "silenced":
            w(f"Restriction: {restriction['seat']} is silenced\n")
        else:
            w(f"Restriction: {restriction['team']} may not lead {restriction['suit']}\n")
    w(f"\nRulings ({len(judged.rulings)}):\n" if judged.rulings else "\nRulings: none\n")
    for ruling in judged.rulings_data():
        w(f"  {ruling['id']}  [{ruling['status']}]  {ruling['seat']} ({ruling['team']})\n")
        w(f"      {ruling['detail']}\n")
        w(f"      penalty: {ruling['penalty']}\n")
        if ruling["proof"]:
            w(f"      proof: {ruling['proof']}\n")
        if ruling["choice"]:
            choice = ruling["choice"]
            w(f"      chosen: {choice['option']} by {choice['by']} at event {choice['event']}\n")
        for citation in ruling["citations"]:
            w(f"      cites: {citation['document']} {citation['section']}\n")
        for note in ruling["notes"]:
            w(f"      note: {note}\n")
    score = judged.score
    w("\nScore" + (" (final)" if score["final"] else " (so far)") + ":")
    if score["void"]:
        w(" the hand is void and dealt again\n")
    else:
        books, points = score["books"], score["points"]
        w(f" books north_south {books['north_south']}, east_west {books['east_west']}")
        w(f"; points north_south {points['north_south']}, east_west {points['east_west']}")
        if score["winner"]:
            w(f"; {score['winner']} won the hand")
        if score["boston"]:
            w(f" (a Boston for {score['boston']})")
        w("\n")


def replay_hand(args: argparse.Namespace) -> int:
    try:
        hand_id = UUID(args.hand_id)
    except ValueError:
        raise Refused(f"{args.hand_id!r} is not a hand id") from None
    services = bootstrap(read_models=False)
    store = services.hands
    try:
        total = use.version(store, hand_id)
        store.read(hand_id, lambda view: render(view, total, sys.stdout), args.at)
    except ServiceError as error:
        raise Refused(str(error)) from None
    finally:
        services.close()
    return 0


# ---------------------------------------------------------------------- read models, spec
