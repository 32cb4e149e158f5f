"""``--against COMMIT|PATH`` for the benchmarks: the checkout of another version of this project, to be
measured in turn with this one on the same machine, interpreter and libraries.

A PATH is taken as it is (a checkout or a ``git worktree``). Anything else is a commit (a hash, a tag,
``main~5``): its worktree is made once, detached, in the temporary directory
(``adjudicator-against-<hash>``), and kept for the next comparison; ``git worktree prune`` forgets it
once the directory is gone.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def checkout(against: str) -> Path:
    """The checkout ``against`` names (a directory, else a commit of this repository)."""
    path = Path(against)
    if path.is_dir():
        return path.resolve()
    found = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{against}^{{commit}}"],
        capture_output=True,
        text=True,
    )
    if found.returncode != 0:
        raise SystemExit(f"--against {against}: neither a directory nor a commit of {ROOT}")
    commit = found.stdout.strip()
    worktree = Path(tempfile.gettempdir()) / f"adjudicator-against-{commit[:12]}"
    if not (worktree / "adjudicator").is_dir():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], check=True)
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(worktree), commit],
            check=True,
            capture_output=True,
        )
    return worktree
