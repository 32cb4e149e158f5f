"""``adjudicator site --to DIR``: the season's results as a static site (``adjudicator.service.site``),
written from the event store through the read models, readable without the service.

Only public tournaments are written (a private one's board was never made public: the site is what
an anonymous reader of the service may read). Files already in DIR under the same names are replaced.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any
from uuid import UUID

from adjudicator.bootstrap import Services, bootstrap
from adjudicator.cli.common import Refused
from adjudicator.cli.records import _catch_up
from adjudicator.service import site
from adjudicator.service.errors import ServiceError
from adjudicator.service.privacy import reach
from adjudicator.service.tournaments import list_tournaments, overview


def register(commands: Any) -> None:
    write = commands.add_parser(
        "site", help="write the season's public results as a static site (HTML, CSS, CSV; no script)"
    )
    write.add_argument("--to", required=True, dest="path", help="the directory to write it in")
    write.set_defaults(func=write_site)


def write_site(args: argparse.Namespace) -> int:
    files, count = write(bootstrap(read_models=False), Path(args.path))
    print(f"{count} tournaments, {files} files written to {args.path}", file=sys.stderr)
    return 0


def write(services: Services, root: Path) -> tuple[int, int]:
    """Write the site of ``services``' store in ``root`` (closing them): (files, tournaments)."""
    try:
        _catch_up(services)
        rows = list_tournaments(services.queries(), reach(None))
        ids = [UUID(str(row["id"])) for row in rows]
        tournaments = [overview(services.tournaments, t) for t in ids]
        registry = services.players.read_registry(lambda found: found)
        known = [site.registered(services.tournaments, registry, t) for t in ids]
    except ServiceError as error:
        raise Refused(str(error)) from None
    finally:
        services.close()
    files = site.build(tournaments, known)
    try:
        for name, text in files.items():
            target = root / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    except OSError as error:
        raise Refused(f"cannot write {root}: {error.strerror}") from None
    return len(files), len(tournaments)
