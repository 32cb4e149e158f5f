"""A season for the static site's tests: three tournaments recorded in a SQLite file, the first and the
third made public, the second left private, and the site ``adjudicator site`` writes of them. The first
team's players are linked to the association's registry: Ada under one record in the first tournament
and under a second record, merged into the first, in the third (one person, one page)."""

from __future__ import annotations

from pathlib import Path
from typing import Final
from uuid import UUID

from adjudicator.bootstrap import bootstrap
from adjudicator.cli.demo_tournament import record_tournament
from adjudicator.cli.site import write
from adjudicator.service import players
from adjudicator.service.credentials import Author
from adjudicator.service.hall import set_board

PUBLIC, PRIVATE = "Spring Open", "Members' Private Cup"
#: The second public tournament, where Ada plays under her second record.
AUTUMN: Final = "Autumn Open"


def season_site(directory: Path) -> tuple[Path, list[UUID]]:
    """The site's directory, and the three tournaments' ids (the public one, the private one, the
    second public one)."""
    persistence = {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(directory / "events.db"),
    }
    services = bootstrap(persistence, read_db=directory / "events.read.db", read_models=False)
    director = Author("Director", "official")
    ids = []
    try:
        people = services.players
        ada = players.record_player(people, "Ada", director, centre="Windsor")["player"]
        bea = players.record_player(people, "Bea", director)["player"]
        again = players.record_player(people, "Ada", director, new_person=True)["player"]
        players.merge(people, ada, again, "the same Ada, recorded twice", director)
        linked = {PUBLIC: [[ada, bea]], PRIVATE: [], AUTUMN: [[again, bea]]}
        for name, teams in linked.items():
            said = record_tournament(services.hands, services.tournaments, director, name, teams)
            ids.append(UUID(said.split()[0]))
        set_board(services.tournaments, ids[0], True, author=director)
        set_board(services.tournaments, ids[2], True, author=director)
    finally:
        services.close()
    root = directory / "site"
    write(bootstrap(persistence, read_db=directory / "events.read.db", read_models=False), root)
    return root, ids
