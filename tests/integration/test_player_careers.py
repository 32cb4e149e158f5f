"""A player's history from the read models: the tournaments' projection keeps one row per registry
record a tournament links, per tournament, match and medal (``player_tournaments``, ``player_matches``,
``player_medals``), so that the history reads them instead of every tournament's log. It is what the
domain's ``career`` says of the person's records in each tournament, a record merged later included;
a rebuild gives the same; a private tournament stays out for a reader who may not know of it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import pytest

from adjudicator.bootstrap import Services, bootstrap
from adjudicator.cli.demo_tournament import record_tournament
from adjudicator.domain.tournaments.careers import career
from adjudicator.service import players
from adjudicator.service.credentials import Author
from adjudicator.service.hall import set_board
from adjudicator.service.privacy import WHOLE, reach

DIRECTOR = Author("Director", "official")


@pytest.fixture
def season(tmp_path: Path) -> Iterator[tuple[Services, str, list[UUID]]]:
    """Ada recorded twice (the second record merged into the first), playing under one record in a
    public tournament (every player of its field recorded) and under the other in a private one."""
    persistence = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "events.db")}
    services = bootstrap(persistence, read_db=tmp_path / "read.db", read_models=False)
    people = services.players
    ada = players.record_player(people, "Ada", DIRECTOR, centre="Windsor")["player"]
    bea = players.record_player(people, "Bea", DIRECTOR)["player"]
    again = players.record_player(people, "Ada", DIRECTOR, new_person=True)["player"]
    others = [players.record_player(people, f"Player {n}", DIRECTOR)["player"] for n in range(3, 21)]
    field = [[ada, bea], *(others[i : i + 2] for i in range(0, len(others), 2))]
    ids = []
    for name, teams in (("Spring Open", field), ("Members' Cup", [[], [again, bea]])):
        said = record_tournament(services.hands, services.tournaments, DIRECTOR, name, teams)
        ids.append(UUID(said.split()[0]))
    set_board(services.tournaments, ids[0], True, author=DIRECTOR)
    players.merge(people, ada, again, "recorded twice", DIRECTOR)
    try:
        yield services, ada, ids
    finally:
        services.close()


def _expected(services: Services, ada: str, tournament: UUID) -> dict[str, object]:
    records = players.person(services.players, ada)["records"]
    part = services.tournaments.read(tournament, lambda view: career(view.tournament, records))
    assert part is not None
    return {"tournament": str(tournament), **part}


def test_the_history_is_read_from_the_careers_rows(season: tuple[Services, str, list[UUID]]) -> None:
    services, ada, (public, private) = season
    projector = services.open_read_models()
    projector.catch_up()
    queries = projector.queries()
    with_rows = queries.careers(players.person(services.players, ada)["records"])
    assert set(with_rows) == {str(public), str(private)}
    found = players.history(services.players, queries, ada, WHOLE)["tournaments"]
    assert found == [_expected(services, ada, private), _expected(services, ada, public)]  # newest first
    assert all(t["matches"] for t in found)
    medals = {
        m["place"]
        for person in players.matches(services.players, None)
        for t in players.history(services.players, queries, person["player"], WHOLE)["tournaments"]
        if t["tournament"] == str(public)
        for m in t["medals"]
    }
    assert medals == {"gold", "silver", "bronze"}
    anonymous = players.history(services.players, queries, ada, reach(None))["tournaments"]
    assert [t["tournament"] for t in anonymous] == [str(public)]
    projector.rebuild()
    assert players.history(services.players, projector.queries(), ada, WHOLE)["tournaments"] == found
