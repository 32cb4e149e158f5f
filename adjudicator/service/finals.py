"""Who goes on: a final created from its qualifiers' recorded results, and the links between a
qualifier and the finals made from it (``adjudicator.domain.tournaments.going_on`` decides who).

The final and its whole field are recorded in one commit: a qualifier that has not decided who goes
on, or one of another rulebook, refuses the final and nothing is created. A qualifier's own log is
never written: the link back to the final is found by reading the finals, which name it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from uuid import UUID

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments.going_on import final_field
from adjudicator.domain.tournaments.replay import Tournament
from adjudicator.service.credentials import Author
from adjudicator.service.errors import EventRefused, NotFound
from adjudicator.service.ports import Listings, Tournaments
from adjudicator.service.privacy import WHOLE, Reach
from adjudicator.service.tournaments import list_tournaments, state


def create_final(
    tournaments: Tournaments,
    ruleset: str,
    qualifiers: Sequence[UUID],
    author: Author | None = None,
    **settings: Any,
) -> dict[str, Any]:
    """A ``ruleset`` final whose field goes on from ``qualifiers`` (in that order): its state."""
    read: list[tuple[str, Tournament]] = []
    for i, qualifier in enumerate(qualifiers):
        try:
            read.append((str(qualifier), tournaments.read(qualifier, lambda view: view.tournament)))
        except NotFound:
            error = IllegalEvent(f"no tournament has the id {qualifier}", f"qualifiers/{i}")
            raise EventRefused(error.at(1), 0, 0, tournaments.noun) from None
    created = {"type": "tournament_created", "ruleset": ruleset, **settings}
    created["qualifiers"] = [q for q, _ in read]
    try:
        field = final_field(ruleset, read)
        view = tournaments.create(created, author, following=field)
    except IllegalEvent as error:
        raise EventRefused(error.at(1), 0, 0, tournaments.noun) from None
    return tournaments.read(view.id, state)


def links(
    tournaments: Tournaments, listings: Listings | None, tournament_id: UUID, reach: Reach = WHOLE
) -> dict[str, Any]:
    """Where a tournament's teams qualified (a final), and the finals it sent teams to (a qualifier),
    each as the reader may know of it (``ReadModelsOff`` without the read models, whose list names
    the finals)."""
    t = tournaments.read(tournament_id, lambda view: view.tournament)
    rows = {str(row["id"]): row for row in list_tournaments(listings, reach)}
    qualified = [
        {"team": team, "tournament": where, "name": rows[where]["name"] if where in rows else None}
        for team, where in t.roster.qualified_in.items()
        if where in rows
    ]
    finals = [
        {"tournament": row_id, "name": row["name"]}
        for row_id, row in rows.items()
        if str(tournament_id) in _qualifiers(tournaments, row_id)
    ]
    return {"qualified": qualified, "finals": finals}


def _qualifiers(tournaments: Tournaments, tournament: str) -> Iterable[str]:
    try:
        return tournaments.read(UUID(tournament), lambda view: view.tournament._created().qualifiers)
    except NotFound:
        return ()
