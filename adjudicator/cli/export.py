"""``adjudicator export``: hand records out, JSON or text, to standard output or a file.

One hand is one record; several ids, or ``--all``, make a JSON array or a text file of several hands.
The export is an official's: every card is shown. The tournament that links a hand is read from the
read models, when they are kept.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any
from uuid import UUID

from adjudicator.bootstrap import bootstrap
from adjudicator.cli.common import Refused
from adjudicator.domain.handfile import to_text_many
from adjudicator.service import handfiles
from adjudicator.service.errors import ServiceError
from adjudicator.service.ports import Hands


def register(commands: Any) -> None:
    out = commands.add_parser("export", help="write hand records (JSON or text) of stored hands")
    out.add_argument("hands", nargs="*", metavar="HAND_ID", help="the hands to export")
    out.add_argument("--all", action="store_true", help="every stored hand, in the order opened")
    out.add_argument(
        "--format", choices=("json", "text"), default="json", help="hand records as JSON (default) or text"
    )
    out.add_argument("-o", "--output", default="-", help="the file to write (default: standard output)")
    out.set_defaults(func=export)


def _ids(args: argparse.Namespace, store: Hands) -> list[UUID]:
    if args.all == bool(args.hands):
        raise Refused("export names hands (HAND_ID …) or --all, not both or neither")
    if args.all:
        return handfiles.hand_ids(store)
    try:
        return [UUID(text) for text in args.hands]
    except ValueError:
        raise Refused(f"not a hand id among {' '.join(args.hands)}") from None


def export(args: argparse.Namespace) -> int:
    services = bootstrap(read_models=False)
    store = services.hands
    try:
        listings = services.queries()
        try:
            exported = [handfiles.export(store, hand_id, None, listings) for hand_id in _ids(args, store)]
        except ServiceError as error:
            raise Refused(str(error)) from None
    finally:
        services.close()
    records = [e.record for e in exported]
    if args.format == "text":
        text = to_text_many(records, [e.commentary for e in exported])
    else:
        one = len(records) == 1 and not args.all
        text = json.dumps(records[0] if one else records, indent=1, ensure_ascii=False) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        try:
            with open(args.output, "w", encoding="utf-8") as file:
                file.write(text)
        except OSError as error:
            raise Refused(f"cannot write {args.output}: {error.strerror}") from None
    return 0
