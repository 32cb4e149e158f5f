"""``python -m api.console.rulebook DIR``: the living rulebook written into DIR as static HTML, each
example with its outcome as this engine computes it (what ``adjudicator rulebook --out DIR`` runs)."""

from __future__ import annotations

import sys
from pathlib import Path

from adjudicator.service.rulebook.checks import check
from adjudicator.service.rulebook.library import library
from api.console.rulebook.site import write_site


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m api.console.rulebook DIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    check(library().examples)
    try:
        written = write_site(out)
    except OSError as error:
        print(f"adjudicator: cannot write the rulebook to {out}: {error.strerror or error}", file=sys.stderr)
        return 1
    print(f"wrote {len(written)} files to {out}: open {out / 'index.html'}")
    return 0


raise SystemExit(main(sys.argv[1:]))
