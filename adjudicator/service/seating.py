"""The tournament's events the server decides on the version they go to: a draw (the server's only
randomness, recorded with its outcome so that every replay seats the same tables), a round seated as
proposed or overridden, the playoff seeded as the standings propose or otherwise. Each is recorded
through ``tournaments.append_events``: under a once-only key, decided once (sent again, the first
decision is the answer: the same draw)."""

from __future__ import annotations

import random
from typing import Any
from uuid import UUID

from adjudicator.domain.events import IllegalEvent
from adjudicator.service.credentials import Author
from adjudicator.service.ports import Tournaments
from adjudicator.service.tournaments import Event, IfMatch, append_events
from adjudicator.service.views import TournamentView

#: The server's draws: the only randomness of a tournament, recorded with its outcome.
DRAWS = random.SystemRandom()


def draw(
    tournaments: Tournaments,
    tournament_id: UUID,
    purpose: str | None = None,
    by: str | None = None,
    if_match: IfMatch = None,
    rng: random.Random = DRAWS,
    author: Author | None = None,
    key: str | None = None,
) -> dict[str, Any]:
    """Draw (default: the first draw the next round needs) and record the draw with its outcome;
    drawn before under ``key``: that draw (nothing drawn again)."""

    def drawn(view: TournamentView) -> list[Event]:
        t = view.tournament
        needed = t.draws_needed()
        wanted = purpose or (needed[0] if needed else None)
        if wanted is None or wanted not in needed:
            listed = f" (it needs: {', '.join(needed)})" if needed else ""
            raise IllegalEvent(
                f"round {t.next_round} needs no {wanted or ''} draw{listed}".replace("  ", " "), "purpose"
            )
        event = t.random_draw(wanted, rng)
        if by is not None:
            event["by"] = by
        return [event]

    return append_events(tournaments, tournament_id, drawn, if_match, author, key=key)


def seat_round(
    tournaments: Tournaments,
    tournament_id: UUID,
    round_number: int,
    tables: list[dict[str, Any]] | None = None,
    reason: str | None = None,
    by: str | None = None,
    if_match: IfMatch = None,
    author: Author | None = None,
    key: str | None = None,
) -> dict[str, Any]:
    """Seat a round: as proposed; at ``tables`` (confirmed); or at ``tables`` overriding, for ``reason``."""

    def seated(view: TournamentView) -> list[Event]:
        event: Event = {"type": "seating_confirmed", "round": round_number}
        if tables is not None:
            event["tables"] = tables
            if reason is not None:
                event.update(type="seating_overridden", reason=reason)
        elif reason is not None:
            raise IllegalEvent("an override names the tables it seats", "tables")
        else:
            proposed = view.tournament.proposal()
            if proposed["tables"] is None:
                raise IllegalEvent("nothing to confirm: " + proposed["detail"], "tables")
            event["tables"] = proposed["tables"]
        if by is not None:
            event["by"] = by
        return [event]

    return append_events(tournaments, tournament_id, seated, if_match, author, key=key)


def seed_playoff(
    tournaments: Tournaments,
    tournament_id: UUID,
    seeds: list[str] | None = None,
    reason: str | None = None,
    by: str | None = None,
    if_match: IfMatch = None,
    author: Author | None = None,
    key: str | None = None,
) -> dict[str, Any]:
    """Seed the playoff: as the standings propose, or with ``seeds`` (an override, for ``reason``)."""

    def seeded(view: TournamentView) -> list[Event]:
        if reason is not None and seeds is None:
            raise IllegalEvent("an override names the seeds", "seeds")
        event: Event = {"type": "playoff_seeded"}
        given = {"seeds": seeds, "reason": reason, "by": by}
        event.update((name, value) for name, value in given.items() if value is not None)
        event["seeds"] = seeds if seeds is not None else view.tournament.propose_seeding()["seeds"]
        return [event]

    return append_events(tournaments, tournament_id, seeded, if_match, author, key=key)
