"""``adjudicator rulebook --out DIR``: the living rulebook as static HTML, the console's pages on disk,
each example with its outcome as this engine computes it; ``adjudicator rulebook --check``: run every
example with this engine and say which hold (exit 1 if any fails), the check the service runs on start.

The pages link to each other and to their stylesheets by relative paths, so the directory can be opened
from the file system, copied to a laptop without the service, or printed.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import Any


def register(commands: Any) -> None:
    command = commands.add_parser(
        "rulebook",
        help="write the living rulebook as static HTML (--out), or check its examples (--check)",
        description=(
            "Write the console's rulebook pages into DIR as static HTML: index.html, one page per rulebook, "
            "matrix.html and compare.html, with their stylesheets under DIR/static. The rulebooks' texts "
            "are read from $ADJUDICATOR_RULES (default ../shared/rules beside the repository), the "
            "examples from features/ ($ADJUDICATOR_FEATURES), each run by this engine for its outcome. "
            "--check runs every example with this engine and lists those that fail."
        ),
    )
    what = command.add_mutually_exclusive_group(required=True)
    what.add_argument("--out", type=Path, metavar="DIR", help="the directory to write")
    what.add_argument(
        "--check", action="store_true", help="run every example with this engine; exit 1 if any fails"
    )
    command.set_defaults(func=run)


def check() -> int:
    """Every example run by this engine, in this process: the failures named, then the count."""
    from adjudicator.service.rulebook.checks import check as run_examples
    from adjudicator.service.rulebook.library import library

    lib = library()
    results = run_examples(lib.examples)
    for example in lib.examples:
        if results.of(example.key) == "failed":
            print(f"failed: features/{example.feature}, line {example.line}: {example.name}")
            print(f"  {results.why(example.key)}")
    counts = Counter(results.outcomes.values())
    print(f"{results.provenance} Passed {counts['passed']}, failed {counts['failed']}.")
    return 1 if counts["failed"] or not results.outcomes else 0


def run(args: argparse.Namespace) -> int:
    from adjudicator.cli.common import Refused
    from adjudicator.cli.programs import run_program

    if args.check:
        return check()

    def refused(error: OSError) -> Refused:
        return Refused(f"cannot write the rulebook to {args.out}: {error.strerror or error}")

    try:  # a directory that cannot be written is said at once, not after every example has run
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise refused(error) from None
    return run_program("api.console.rulebook", str(args.out))  # the pages are the console's
