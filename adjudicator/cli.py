"""The ``adjudicator`` command: serve the API, import recorded hands, replay one for an official.

    adjudicator serve [--host H] [--port P] [--threads N]
    adjudicator import FILE                 (``-`` reads standard input)
    adjudicator replay HAND_ID [--at N]
    adjudicator rebuild-read-models
    adjudicator openapi [--write]

The event store is the embedded SQLite file ``$ADJUDICATOR_DB`` (default
``~/.local/share/adjudicator/events.db``) unless eventsourcing's own variables say otherwise
(``PERSISTENCE_MODULE=eventsourcing.postgres`` with ``POSTGRES_*``).

An import file is JSON: one hand or an array of hands. A hand either opens a new hand,
``{"ruleset": "texas", "dealer": "north", "players": {...}, "label": "...", "events": [...]}``,
or appends to an existing one, ``{"hand": "<id>", "events": [...]}`` (optionally ``"version": N``
to append only if the hand is still at version N). Every hand in the file is checked before
anything is written, and each hand's events are appended all or none.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO
from uuid import UUID

from adjudicator.cards import SEATS
from adjudicator.events import IllegalEvent
from adjudicator.service import hands as use
from adjudicator.service.errors import EventRefused, ServiceError
from adjudicator.service.store import HandStore, HandView
from adjudicator.table import Table

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


class Refused(Exception):
    """A command that cannot be done as asked: printed, exit status 1."""


# ---------------------------------------------------------------------- serve


def serve(args: argparse.Namespace) -> int:
    """Granian, a production HTTP server written in Rust, runs the WSGI app in one worker process.

    Granian parses HTTP and manages connections in Rust threads, so the worker's Python time goes to
    the domain and the store; ``--threads`` request threads run the app. One worker: its one store
    keeps the hands' tables cached and commits concurrent appends together (``GroupCommit``); more
    processes on one SQLite file only contend for its lock. The app (store, read-model thread) is
    built in the worker, never here: this process only supervises it. SIGINT or SIGTERM stops both.
    """
    from granian import Granian
    from granian.constants import Interfaces

    from adjudicator.service.settings import where

    events, read_db = where()
    print(
        f"adjudicator: serving on http://{args.host}:{args.port} (events: {events}; read models: {read_db})",
        flush=True,
    )
    server = Granian(
        "api:create_app",
        address=args.host,
        port=args.port,
        interface=Interfaces.WSGI,
        factory=True,
        workers=1,
        blocking_threads=args.threads,
        websockets=False,
        # the app's own loggers (a 500's traceback) print too, not only granian's
        log_dictconfig={"root": {"handlers": ["console"], "level": "INFO"}},
    )
    server.serve()
    return 0


# ---------------------------------------------------------------------- import


def _load_file(path: str) -> Any:
    try:
        if path == "-":
            return json.load(sys.stdin)
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except OSError as error:
        raise Refused(f"cannot read {path}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise Refused(f"{path} is not JSON: {error}") from None


def _checked(items: list[Any]) -> list[dict[str, Any]]:
    """Every hand of the file, shape-checked by the API's schemas and, when new, replayed."""
    from marshmallow import Schema, ValidationError, fields

    from api.schemas.common import messages
    from api.schemas.hand_events import load_events
    from api.schemas.hands import HandRequestSchema

    class NewHand(HandRequestSchema):
        events = fields.Raw(load_default=list)

    class MoreEvents(Schema):
        hand = fields.UUID(required=True)
        version = fields.Integer(strict=True)
        events = fields.Raw(required=True)

    hands: list[dict[str, Any]] = []
    for n, item in enumerate(items, start=1):
        where = f"hand {n} of the file" if len(items) > 1 else "the file"
        try:
            if not isinstance(item, dict):
                raise ValidationError("a hand is a JSON object")
            data: dict[str, Any] = (MoreEvents if "hand" in item else NewHand)().load(item)
            data["events"] = load_events(data["events"])[0] if data["events"] else []
        except ValidationError as error:
            raise Refused(f"{where}: {json.dumps(messages(error))}") from None
        if "hand" not in data:
            try:
                use.check_new_hand(data["ruleset"], data["dealer"], data["events"])
            except IllegalEvent as error:
                raise Refused(f"{where}: event {error.index}: {error.message} ({error.field})") from None
        hands.append(data)
    return hands


def import_file(args: argparse.Namespace) -> int:
    data = _load_file(args.file)
    items = data if isinstance(data, list) else [data]
    hands = _checked(items)
    store = HandStore()
    try:
        for n, hand in enumerate(hands, start=1):
            try:
                hand_id, version = use.record_hand(store, hand)
            except EventRefused as refused:
                error = refused.error
                raise Refused(
                    f"hand {n}: event {refused.position + 1} of its list (event {error.index} "
                    f"of the hand): {error.message} ({error.field}); nothing of it was recorded"
                ) from None
            except ServiceError as error:
                raise Refused(f"hand {n}: {error}") from None
            print(f"{hand_id} version {version}")
    finally:
        _catch_up(store)
        store.close()
    return 0


def _catch_up(store: HandStore) -> None:
    from adjudicator.service.readmodels import ReadModels

    ReadModels(store).catch_up()


# ---------------------------------------------------------------------- replay


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
    store = HandStore()
    try:
        total = store.version_of(hand_id)
        store.read(hand_id, lambda view: render(view, total, sys.stdout), args.at)
    except ServiceError as error:
        raise Refused(str(error)) from None
    finally:
        store.close()
    return 0


# ---------------------------------------------------------------------- read models, spec


def rebuild_read_models(args: argparse.Namespace) -> int:
    from adjudicator.service.readmodels import ReadModels

    store = HandStore()
    try:
        read_models = ReadModels(store, args.path)
        count = read_models.rebuild()
        print(f"rebuilt {read_models.path} from {count} events ({store.persistence})")
    finally:
        store.close()
    return 0


def openapi(args: argparse.Namespace) -> int:
    from api.spec import main as spec_main

    return spec_main(["--write"] if args.write else [])


# ---------------------------------------------------------------------- main


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="adjudicator", description="Bid Whist rulings: an append-only event store and its API."
    )
    commands = root.add_subparsers(dest="command", required=True, metavar="COMMAND")
    run = commands.add_parser("serve", help="start the HTTP API (granian)")
    run.add_argument("--host", default=DEFAULT_HOST)
    run.add_argument("--port", type=int, default=DEFAULT_PORT)
    run.add_argument("--threads", type=int, default=8, help="request threads (default 8)")
    run.set_defaults(func=serve)
    load = commands.add_parser("import", help="append the hands of a JSON file (- for stdin)")
    load.add_argument("file")
    load.set_defaults(func=import_file)
    show = commands.add_parser("replay", help="print a hand's table at one moment, in plain text")
    show.add_argument("hand_id")
    show.add_argument("--at", type=int, default=None, help="after this event (default: the last)")
    show.set_defaults(func=replay_hand)
    rebuild = commands.add_parser("rebuild-read-models", help="rebuild the read models from scratch")
    rebuild.add_argument("--path", default=None, help="the read-model file (default: beside the events)")
    rebuild.set_defaults(func=rebuild_read_models)
    spec = commands.add_parser("openapi", help="print the OpenAPI document generated from the schemas")
    spec.add_argument("--write", action="store_true", help="write it to openapi.yaml instead")
    spec.set_defaults(func=openapi)
    return root


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if getattr(args, "at", None) is not None and args.at < 0:
        print("adjudicator: --at counts events from 0", file=sys.stderr)
        return 2
    try:
        result: int = args.func(args)
    except Refused as error:
        print(f"adjudicator: {error}", file=sys.stderr)
        return 1
    return result


if __name__ == "__main__":
    raise SystemExit(main())
