"""``python -m adjudicator.service.rulebook VERSION LOCK``: one run of the living rulebook's check,
started by ``checks`` (which passes it the run's lock, the open file ``LOCK``, held until it ends):
every example run by this engine, at the lowest priority, and the outcomes kept for ``VERSION``."""

from __future__ import annotations

import contextlib
import os
import signal
import sys

#: A run that has not ended in this many seconds is stopped (its lock then freed): a machine too
#: busy to give it a few seconds of a core in half an hour.
LIMIT = 1800


def lowest_priority() -> None:
    """Give every other process the CPU first: the tables' appends come before the check."""
    with contextlib.suppress(OSError):
        os.nice(19 - os.nice(0))


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m adjudicator.service.rulebook VERSION LOCK", file=sys.stderr)
        return 2
    lowest_priority()  # before the engine is imported: that is work too
    signal.alarm(LIMIT)
    from adjudicator.service.rulebook import kept
    from adjudicator.service.rulebook.checks import check
    from adjudicator.service.rulebook.library import library

    version = argv[0]
    results = check(library().examples)
    try:
        where = kept.write(version, results)
    except OSError as error:
        print(f"adjudicator: cannot keep the living rulebook's outcomes: {error}", file=sys.stderr)
        return 1
    held = sum(1 for outcome in results.outcomes.values() if outcome == "passed")
    print(
        f"adjudicator: the living rulebook's examples checked for version {version[:12]} of the engine "
        f"and its examples: {held} of {len(results.outcomes)} hold (kept in {where})",
        file=sys.stderr,
        flush=True,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
