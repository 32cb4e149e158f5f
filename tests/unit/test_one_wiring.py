"""One wiring (issue 21, item 1): ``serve``, the CLI and the tests get their stores from
``adjudicator.bootstrap``; no command or route builds an event store, a log's store, the
credentials or the read models itself, so that all of them run on the same settings and close alike."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The adapters that only ``bootstrap`` makes.
STORES = frozenset(
    {"EventStore", "HandStore", "TournamentStore", "CredentialStore", "ReadModels", "ReadModelQueries"}
)


def built_here(path: Path) -> list[str]:
    """Each call of a store's class in the module at ``path``: ``line N: Name(...)``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in STORES:
                found.append(f"line {node.lineno}: {name}(...)")
    return found


def test_the_cli_and_the_api_build_no_store_themselves() -> None:
    modules = [*sorted((ROOT / "adjudicator" / "cli").rglob("*.py")), *sorted((ROOT / "api").rglob("*.py"))]
    assert len(modules) > 20
    found = {p.relative_to(ROOT).as_posix(): lines for p in modules if (lines := built_here(p))}
    assert found == {}


def test_bootstrap_builds_them() -> None:
    assert {"HandStore", "TournamentStore", "CredentialStore", "ReadModels", "ReadModelQueries"} <= {
        name.split("(")[0].split(": ")[1] for name in built_here(ROOT / "adjudicator" / "bootstrap.py")
    }
