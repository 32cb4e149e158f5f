"""``adjudicator rulebook --out DIR``: the living rulebook as static HTML, the console's pages on disk.

The pages link to each other and to their stylesheets by relative paths, so the directory can be opened
from the file system, copied to a laptop without the service, or printed.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def register(commands: Any) -> None:
    command = commands.add_parser(
        "rulebook",
        help="write the living rulebook (every rulebook, MATRIX.md, the comparison) as static HTML",
        description=(
            "Write the console's rulebook pages into DIR as static HTML: index.html, one page per rulebook, "
            "matrix.html and compare.html, with their stylesheets under DIR/static. The rulebooks' texts "
            "are read from $ADJUDICATOR_RULES (default ../shared/rules beside the repository), the test "
            "outcomes from build/scenarios.json ($ADJUDICATOR_RESULTS)."
        ),
    )
    command.add_argument("--out", required=True, type=Path, metavar="DIR", help="the directory to write")
    command.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from adjudicator.cli.common import Refused
    from api.console.rulebook.site import write_site

    try:
        written = write_site(args.out)
    except OSError as error:
        raise Refused(f"cannot write the rulebook to {args.out}: {error.strerror or error}") from None
    print(f"wrote {len(written)} files to {args.out}: open {args.out / 'index.html'}")
    return 0
