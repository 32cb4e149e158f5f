"""Creating a tournament and its field: the rulebook and format, teams and players one at a time or
pasted as a list, a team withdrawn, a team absent from a match."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Response, redirect, request
from werkzeug.wrappers import Response as Redirect

from adjudicator.domain.rulebooks import RULESETS, TOURNAMENT_FORMATS, get_ruleset
from adjudicator.service import tournaments as use
from adjudicator.service.errors import ServiceError
from api.auth import author
from api.console.blueprint import blueprint
from api.console.desk.forms import desk_url, drawn, key, reader_is_official, refusal, text, writer
from api.console.desk.view import desk_page, record
from api.console.render import page
from api.routes.tournaments import tournaments


def _formats() -> list[tuple[str, str, str]]:
    """Each rulebook with a tournament format: (id, title, game)."""
    return [
        (r, get_ruleset(r).title, TOURNAMENT_FORMATS[r].game) for r in RULESETS if r in TOURNAMENT_FORMATS
    ]


def _new(refused: str | None = None) -> Response:
    reader_is_official()
    return page("desk/new.html", 200, formats=_formats(), refused=refused, form=request.form)


@blueprint.get("/desk/new")
def new_tournament() -> Response:
    return _new()


def _whole(name: str) -> int | None:
    value = text(name)
    return int(value) if value is not None and value.isdigit() else None


@blueprint.post("/desk/new")
def create_tournament() -> Response | Redirect:
    writer("createTournament")
    settings: dict[str, Any] = {"ruleset": text("ruleset") or ""}
    for name in ("name", "date"):
        if (value := text(name)) is not None:
            settings[name] = value
    for name in ("rounds", "games_per_session"):
        if (number := _whole(name)) is not None:
            settings[name] = number
    try:
        created = use.create(tournaments(), settings, author(), key())
    except ServiceError as error:
        return _new(refusal(error))
    return redirect(desk_url(created["id"]), 303)


@blueprint.get("/desk/<uuid:tournament_id>")
def desk(tournament_id: UUID) -> Response:
    return desk_page(tournament_id)


def entries(pasted: str, registers_players: bool, first: int) -> list[dict[str, Any]]:
    """A pasted list, one team a line: ``Team name: Player one, Player two`` (the team numbered
    from ``first``); where the rulebook registers players, each player is registered first."""
    events: list[dict[str, Any]] = []
    for n, line in enumerate((ln.strip() for ln in pasted.splitlines() if ln.strip()), start=first):
        name, _, listed = line.rpartition(":") if ":" in line else ("", "", line)
        players = [p.strip() for p in listed.split(",") if p.strip()]
        if registers_players:
            events += [{"type": "player_registered", "player": p, "name": p} for p in players]
        team = {"type": "team_registered", "team": f"T{n:02d}", "number": n, "players": players}
        events.append(team | ({"name": name.strip()} if name.strip() else {}))
    return events


@blueprint.post("/desk/<uuid:tournament_id>/teams")
def register_teams(tournament_id: UUID) -> Response | Redirect:
    """One team (its name and players) or a pasted list of teams, in one all-or-none write."""
    t = use.overview(tournaments(), tournament_id)
    one = ", ".join(p for p in (text("player1"), text("player2")) if p)
    pasted = text("pasted") or (f"{text('name') or ''}: {one}" if one or text("name") else "")
    registers = TOURNAMENT_FORMATS[t["ruleset"]].registers_players
    return record(tournament_id, entries(pasted, registers, drawn("number", len(t["teams"]) + 1)))


@blueprint.post("/desk/<uuid:tournament_id>/check-ins")
def check_in(tournament_id: UUID) -> Response | Redirect:
    return record(tournament_id, [{"type": "team_checked_in", "team": text("team") or ""}])


@blueprint.post("/desk/<uuid:tournament_id>/board")
def set_board(tournament_id: UUID) -> Response | Redirect:
    """The board made public (readable without a credential) or private again."""
    return record(tournament_id, [{"type": "board_public", "public": text("public") == "true"}])


@blueprint.post("/desk/<uuid:tournament_id>/withdrawals")
def withdraw(tournament_id: UUID) -> Response | Redirect:
    event = {"type": "team_withdrawn", "team": text("team") or "", "reason": text("reason") or ""}
    return record(tournament_id, [event])
