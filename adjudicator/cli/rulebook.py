"""``adjudicator rulebook --out DIR``: the living rulebook as static HTML, the console's pages on disk;
``adjudicator rulebook --check``: run this build's scenario suite, so that the pages show each
example's outcome as this build of the engine gives it.

The pages link to each other and to their stylesheets by relative paths, so the directory can be opened
from the file system, copied to a laptop without the service, or printed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
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
            "are read from $ADJUDICATOR_RULES (default ../shared/rules beside the repository), the test "
            "outcomes from build/scenarios.json ($ADJUDICATOR_RESULTS), shown only when they were "
            "recorded against this build of the engine. --check runs the scenario suite of this build "
            "(a source checkout's tests/features) and records its outcomes there."
        ),
    )
    what = command.add_mutually_exclusive_group(required=True)
    what.add_argument("--out", type=Path, metavar="DIR", help="the directory to write")
    what.add_argument(
        "--check", action="store_true", help="run this build's scenarios and record each example's outcome"
    )
    command.set_defaults(func=run)


def check() -> int:
    """Run the scenario suite beside this package; its plugin writes the outcomes with the engine's
    fingerprint. An installation without the suite (a wheel) is refused in words: nothing to run."""
    from adjudicator.cli.common import Refused
    from adjudicator.service.results import engine
    from api.console.rulebook.results import load_results
    from api.console.rulebook.sources import REPOSITORY, results_file

    suite = REPOSITORY / "tests" / "features"
    if not (suite / "test_features.py").is_file():
        raise Refused(
            f"this installation carries no scenario suite ({suite} is not there): the examples cannot be "
            "checked here, and the rulebook pages say that this build's suite has not been run"
        )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "tests/features"], cwd=REPOSITORY, check=False
    )
    results = load_results(results_file(), engine())
    counts = Counter(results.outcomes.values())
    print(
        f"{results.provenance} passed {counts['passed']}, failed {counts['failed']}, "
        f"skipped {counts['skipped']}; recorded in {results_file()}"
    )
    return 0 if done.returncode == 0 else 1


def run(args: argparse.Namespace) -> int:
    from adjudicator.cli.common import Refused
    from api.console.rulebook.site import write_site

    if args.check:
        return check()
    try:
        written = write_site(args.out)
    except OSError as error:
        raise Refused(f"cannot write the rulebook to {args.out}: {error.strerror or error}") from None
    print(f"wrote {len(written)} files to {args.out}: open {args.out / 'index.html'}")
    return 0
