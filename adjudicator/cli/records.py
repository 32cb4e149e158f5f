"""``adjudicator rebuild-read-models`` and ``openapi``: the read models, the contract.

(``import`` is ``adjudicator.cli.imports``, ``export`` ``adjudicator.cli.export``.)
"""

from __future__ import annotations

import argparse
from typing import Any

from adjudicator.bootstrap import Services
from adjudicator.cli.common import Refused


def register(commands: Any) -> None:
    rebuild = commands.add_parser("rebuild-read-models", help="rebuild the read models from scratch")
    rebuild.add_argument("--path", default=None, help="the read-model file (default: beside the events)")
    rebuild.add_argument(
        "--workers",
        type=int,
        default=None,
        help="processes replaying the logs (default: one per core; 1: none besides this one)",
    )
    rebuild.add_argument(
        "--verify",
        action="store_true",
        help=(
            "check every record's hashes too, and leave out the hands and tournaments that fail them"
            " (slower). Without it, a log with a missing or undecodable record, or shorter or longer"
            " than its recorded head, is still left out and reported, but an edited record is"
            " projected as it stands: adjudicator verify is the integrity check"
        ),
    )
    rebuild.set_defaults(func=rebuild_read_models)
    spec = commands.add_parser("openapi", help="print the OpenAPI document generated from the schemas")
    spec.add_argument("--write", action="store_true", help="write it to openapi.yaml instead")
    spec.set_defaults(func=openapi)


def _catch_up(services: Services) -> None:
    """Bring the read models up to what a command just recorded."""
    services.projector().catch_up()


def rebuild_read_models(args: argparse.Namespace) -> int:
    from adjudicator.cli.rebuild import rebuild

    if args.workers is not None and args.workers < 1:
        raise Refused("--workers counts processes from 1")
    return rebuild(args.path, args.workers, args.verify)


def openapi(args: argparse.Namespace) -> int:
    """The API's document, as its own program prints (or writes) it."""
    from adjudicator.cli.programs import run_program

    return run_program("api.spec", *(["--write"] if args.write else []))
