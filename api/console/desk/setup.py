"""Creating a tournament and its field: the rulebook and format, teams and players one at a time or
pasted as a list, a team withdrawn, a team absent from a match."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from flask import Response, redirect, request
from werkzeug.wrappers import Response as Redirect

from adjudicator.domain.rulebooks import RULESETS, TOURNAMENT_FORMATS, get_ruleset
from adjudicator.service import players as player_use
from adjudicator.service import tournaments as use
from adjudicator.service.errors import ServiceError
from api.auth import author
from api.console.blueprint import blueprint
from api.console.desk.entry import declared, register, starts_at
from api.console.desk.forms import desk_url, drawn, key, reader_is_official, refusal, text, writer
from api.console.desk.view import desk_page, record
from api.console.render import page
from api.routes.players import players as players_store
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
    if (start := starts_at(text("date"))) is not None:
        settings["starts_at"] = start
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


#: How a pasted line reads, said back to the director when a line does not.
LINE = "Team name: First player, Second player"
#: A line quoted back, in the quotation marks of print.
QUOTE = ("\N{LEFT DOUBLE QUOTATION MARK}", "\N{RIGHT DOUBLE QUOTATION MARK}")


def team_events(
    name: str, players: list[str], registers_players: bool, n: int, facts: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """One team registered as number ``n``, with its players' declared ``facts``; where the rulebook
    registers players, each one first."""
    events: list[dict[str, Any]] = []
    if registers_players:
        events += [{"type": "player_registered", "player": p, "name": p} for p in players]
    team = {"type": "team_registered", "team": f"T{n:02d}", "number": n, "players": players}
    return [*events, team | ({"name": name} if name else {}) | ({"declared": dict(facts)} if facts else {})]


def line_problem(line: str) -> str | None:
    """What keeps a pasted line from being a team, in words; None if it reads as one."""
    if ":" not in line:
        return f"has no colon between the team's name and its players: write it as {LINE}"
    name, _, listed = line.rpartition(":")
    players = [p.strip() for p in listed.split(",") if p.strip()]
    if not name.strip():
        return "has no team name before the colon"
    if len(players) < 2:
        found = "one player" if players else "no player"
        return f"names {found}: a team is two players, separated by a comma"
    return None


def entries(pasted: str, registers_players: bool, first: int) -> tuple[list[dict[str, Any]], list[str]]:
    """A pasted list, one team a line: ``Team name: Player one, Player two`` (the teams numbered
    from ``first``): its events, and each line that does not read as a team, said in words (the
    list is then refused whole, so that no line registers a nameless team or half a list)."""
    events: list[dict[str, Any]] = []
    problems: list[str] = []
    lines = [ln.strip() for ln in pasted.splitlines()]
    for n, (at, line) in enumerate(((i, ln) for i, ln in enumerate(lines, start=1) if ln), start=first):
        problem = line_problem(line)
        if problem is not None:
            problems.append(f"Line {at} ({QUOTE[0]}{line}{QUOTE[1]}) {problem}.")
            continue
        name, _, listed = line.rpartition(":")
        players = [p.strip() for p in listed.split(",") if p.strip()]
        events += team_events(name.strip(), players, registers_players, n)
    return events, problems


@blueprint.post("/desk/<uuid:tournament_id>/teams")
def register_teams(tournament_id: UUID) -> Response | Redirect:
    """One team (its name and players) or a pasted list of teams, in one all-or-none write; a list
    with a line that is not a team is refused, line by line, and nothing is recorded."""
    t = use.overview(tournaments(), tournament_id)
    registers = TOURNAMENT_FORMATS[t["ruleset"]].registers_players
    number = drawn("number", len(t["teams"]) + 1)
    pasted = text("pasted")
    if pasted is None:
        players = [p for p in (text("player1"), text("player2")) if p]
        events = team_events(text("name") or "", players, registers, number, declared(players))
        asked = people_asked(players)
        if asked is not None:
            writer("appendTournamentEvents")
            return desk_page(tournament_id, asking=asked)
        return register(tournament_id, linked(events, players), f"T{number:02d}")
    events, problems = entries(pasted, registers, number)
    if problems:
        writer("appendTournamentEvents")  # the form's official, as a write would check it
        return desk_page(tournament_id, " ".join(["The list has lines that are not a team:", *problems]))
    return record(tournament_id, events)


def people_asked(players: list[str]) -> dict[str, Any] | None:
    """The registry's people whose name reads as a player's, asked of the desk before the team is
    registered ("Is this Ann Lee of Windsor centre?"); None once answered, or with nobody to ask of."""
    if any(f"person{n}" in request.form for n in range(1, len(players) + 1)):
        return None
    found = [player_use.matches(players_store(), name) for name in players]
    if not any(found):
        return None
    return {"form": dict(request.form), "players": list(zip(players, found, strict=True))}


def linked(events: list[dict[str, Any]], players: list[str]) -> list[dict[str, Any]]:
    """The team linked to the people the desk said its players are, when it said so of every one
    (a team's records name each of its players, or none)."""
    chosen = [text(f"person{n}") for n in range(1, len(players) + 1)]
    if not players or not all(c and c != "new" for c in chosen):
        return events
    team = {**events[-1], "people": chosen}
    if team.get("players") and events[:-1]:  # players registered first: each names its record too
        return [*({**e, "person": c} for e, c in zip(events[:-1], chosen, strict=True)), team]
    return [*events[:-1], team]


@blueprint.post("/desk/<uuid:tournament_id>/check-ins")
def check_in(tournament_id: UUID) -> Response | Redirect:
    """A team checked in; with a reason, after the Event Convenor's exception to its default at the
    start (Ontario A), recorded first (all or none)."""
    team, reason = text("team") or "", text("admit_reason")
    admitted = [{"type": "entry_admitted", "team": team, "reason": reason}] if reason else []
    return record(tournament_id, [*admitted, {"type": "team_checked_in", "team": team}])


@blueprint.post("/desk/<uuid:tournament_id>/board")
def set_board(tournament_id: UUID) -> Response | Redirect:
    """The board made public (readable without a credential) or private again."""
    return record(tournament_id, [{"type": "board_public", "public": text("public") == "true"}])


@blueprint.post("/desk/<uuid:tournament_id>/withdrawals")
def withdraw(tournament_id: UUID) -> Response | Redirect:
    event = {"type": "team_withdrawn", "team": text("team") or "", "reason": text("reason") or ""}
    return record(tournament_id, [event])


@blueprint.post("/desk/<uuid:tournament_id>/reinstatements")
def reinstate(tournament_id: UUID) -> Response | Redirect:
    """A withdrawal undone by its correcting event: the team is proposed again from the next round."""
    event = {"type": "team_reinstated", "team": text("team") or "", "reason": text("reason") or ""}
    return record(tournament_id, [event])
