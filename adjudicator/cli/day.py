"""``adjudicator export-day`` and ``import-day``: a hall's day carried home (``adjudicator.service.days``).

    adjudicator export-day TOURNAMENT_ID --to day.jsonl      (on the hall's laptop)
    adjudicator import-day day.jsonl                          (on the association's server)

The import checks every record's hashes and replays every stream before it writes anything; a file
that fails is refused naming its first bad record (its line, stream and place), and nothing is stored.
Importing the same file again stores nothing and says so.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any
from uuid import UUID

from adjudicator.bootstrap import bootstrap
from adjudicator.cli.common import Refused
from adjudicator.cli.records import _catch_up
from adjudicator.service import days
from adjudicator.service.day_players import matcher
from adjudicator.service.errors import ServiceError


def register(commands: Any) -> None:
    out = commands.add_parser(
        "export-day", help="write a tournament and every hand linked to it, hash chains intact, to one file"
    )
    out.add_argument("tournament", type=UUID, metavar="TOURNAMENT_ID", help="the tournament to carry")
    out.add_argument("--to", required=True, dest="path", help="the file to write (JSON lines; - for stdout)")
    out.set_defaults(func=export_day)
    load = commands.add_parser(
        "import-day", help="verify and record a day written by export-day (all or none; again: nothing)"
    )
    load.add_argument("file", help="the day's file (- reads standard input)")
    load.set_defaults(func=import_day)


def export_day(args: argparse.Namespace) -> int:
    services = bootstrap(read_models=False)
    try:
        lines = list(services.days.export(args.tournament))
    except ServiceError as error:
        raise Refused(str(error)) from None
    finally:
        services.close()
    try:
        if args.path == "-":
            sys.stdout.writelines(lines)
        else:
            with open(args.path, "w", encoding="utf-8") as file:
                file.writelines(lines)
    except OSError as error:
        raise Refused(f"cannot write {args.path}: {error.strerror}") from None
    print(f"{len(lines) - 1} records of {args.tournament} written to {args.path}", file=sys.stderr)
    return 0


def import_day(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as file:
                text = file.read()
    except OSError as error:
        raise Refused(f"cannot read {args.file}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise Refused(f"{args.file} is not UTF-8 text: {error}") from None
    services = bootstrap(read_models=False)
    try:
        carried = days.carry(services.days, text.splitlines(), matcher(services.players, None))
    except ServiceError as error:
        raise Refused(f"{args.file}: {error}") from None
    finally:
        _catch_up(services)
        services.close()
    print(carried.line())
    return 0
