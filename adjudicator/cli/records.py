"""``adjudicator import``, ``rebuild-read-models`` and ``openapi``: records in, read models, the contract.

An import file is JSON: one hand or an array of hands. A hand either opens a new hand,
``{"ruleset": "texas", "dealer": "north", "players": {...}, "label": "...", "events": [...]}``,
or appends to an existing one, ``{"hand": "<id>", "events": [...]}`` (optionally ``"version": N``
to append only if the hand is still at version N). Every hand in the file is checked before
anything is written, and each hand's events are appended all or none.
"""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from typing import Any

from adjudicator.cli.common import Refused
from adjudicator.events import IllegalEvent
from adjudicator.service import hands as use
from adjudicator.service.authors import Author
from adjudicator.service.errors import EventRefused, ServiceError
from adjudicator.service.store import HandStore


def register(commands: Any) -> None:
    load = commands.add_parser("import", help="append the hands of a JSON file (- for stdin)")
    load.add_argument("file")
    load.add_argument(
        "--as",
        dest="author",
        default=None,
        help="the official recorded as the events' author (default: the OS user name)",
    )
    load.set_defaults(func=import_file)
    rebuild = commands.add_parser("rebuild-read-models", help="rebuild the read models from scratch")
    rebuild.add_argument("--path", default=None, help="the read-model file (default: beside the events)")
    rebuild.add_argument(
        "--workers",
        type=int,
        default=None,
        help="processes replaying the logs (default: one per core; 1: none besides this one)",
    )
    rebuild.set_defaults(func=rebuild_read_models)
    spec = commands.add_parser("openapi", help="print the OpenAPI document generated from the schemas")
    spec.add_argument("--write", action="store_true", help="write it to openapi.yaml instead")
    spec.set_defaults(func=openapi)


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


def _author(name: str | None) -> Author:
    """The official an import is recorded by: ``--as NAME``, else the OS user name."""
    if not name:
        try:
            name = getpass.getuser()
        except (KeyError, OSError):
            name = "cli"
    return Author(name.strip()[:100] or "cli", "official")


def import_file(args: argparse.Namespace) -> int:
    author = _author(args.author)
    data = _load_file(args.file)
    items = data if isinstance(data, list) else [data]
    hands = _checked(items)
    store = HandStore()
    try:
        for n, hand in enumerate(hands, start=1):
            try:
                hand_id, version = use.record_hand(store, hand, author)
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


def rebuild_read_models(args: argparse.Namespace) -> int:
    from adjudicator.cli.rebuild import rebuild

    if args.workers is not None and args.workers < 1:
        raise Refused("--workers counts processes from 1")
    return rebuild(args.path, args.workers)


def openapi(args: argparse.Namespace) -> int:
    from api.spec import main as spec_main

    return spec_main(["--write"] if args.write else [])
