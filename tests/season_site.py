"""A season for the static site's tests: two tournaments recorded in a SQLite file, the first made
public, the second left private, and the site ``adjudicator site`` writes of them."""

from __future__ import annotations

from pathlib import Path
from uuid import UUID

from adjudicator.bootstrap import bootstrap
from adjudicator.cli.demo_tournament import record_tournament
from adjudicator.cli.site import write
from adjudicator.service.credentials import Author
from adjudicator.service.hall import set_board

PUBLIC, PRIVATE = "Spring Open", "Members' Private Cup"


def season_site(directory: Path) -> tuple[Path, list[UUID]]:
    """The site's directory, and the two tournaments' ids (the public one first)."""
    persistence = {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(directory / "events.db"),
    }
    services = bootstrap(persistence, read_db=directory / "events.read.db", read_models=False)
    director = Author("Director", "official")
    ids = []
    try:
        for name in (PUBLIC, PRIVATE):
            said = record_tournament(services.hands, services.tournaments, director, name)
            ids.append(UUID(said.split()[0]))
        set_board(services.tournaments, ids[0], True, author=director)
    finally:
        services.close()
    root = directory / "site"
    write(bootstrap(persistence, read_db=directory / "events.read.db", read_models=False), root)
    return root, ids
