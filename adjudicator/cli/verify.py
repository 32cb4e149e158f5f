"""``adjudicator verify``: re-compute every hash chain of the event store and name the first record
that fails in each stream (exit status 1 if one does); ``--seal`` seals the streams written before
the chain existed, writing no event."""

from __future__ import annotations

import argparse
import sys
from typing import Any
from uuid import UUID

from adjudicator.bootstrap import bootstrap
from adjudicator.cli.common import Refused
from adjudicator.service.errors import ServiceError


def register(commands: Any) -> None:
    check = commands.add_parser(
        "verify",
        help="check every hand's and tournament's hash chain; print a digest of every head",
        description=(
            "Re-compute every stream's hash chain and compare it with its recorded head: names the first "
            "record that was edited, deleted or moved, and a stream cut short. Exit status 1 if one fails."
        ),
    )
    check.add_argument("--hand", action="append", type=UUID, default=[], metavar="ID", help="only this hand")
    check.add_argument(
        "--tournament", action="append", type=UUID, default=[], metavar="ID", help="only this tournament"
    )
    check.add_argument(
        "--seal",
        action="store_true",
        help="first seal the streams stored before the chain existed (records their chains as a baseline)",
    )
    check.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    services = bootstrap(read_models=False)
    audit = services.audit
    try:
        if args.seal:
            sealed, refused = audit.seal()
            print(f"sealed {len(sealed)} streams written before the chain")
            for report in refused:
                print(f"not sealed: {report.line()}", file=sys.stderr)
        reports = audit.verify([*args.hand, *args.tournament])
        epoch = audit.epoch_problem()
        forged = audit.read_model_problems()
    except ServiceError as error:
        raise Refused(str(error)) from None
    finally:
        services.close()
    for report in reports:
        print(report.line(), file=sys.stdout if report.ok else sys.stderr)
    failed = [r for r in reports if not r.ok]
    if epoch is not None:
        print(f"BROKEN: {epoch}", file=sys.stderr)
    for line in forged:
        print(f"BROKEN: {line}", file=sys.stderr)
    print(f"{len(reports)} streams, {len(failed)} failing; digest of the heads: {audit.digest(reports)}")
    return 1 if failed or epoch is not None or forged else 0
