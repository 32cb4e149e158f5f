"""A registration at the desk as the entry rules judge it (SEASON.md; issue 32): the players' declared
facts read from the form, the start time of a new tournament, and a refusal the official may override:
the desk says why in words and offers "Admit anyway" with a reason, which records the admission
(``entry_admitted``) and the registration together, all or none."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any, Final
from uuid import UUID

from flask import Response, redirect, request
from werkzeug.wrappers import Response as Redirect

from adjudicator.service import authority
from adjudicator.service.errors import EventRefused, ServiceError
from api.console.desk.forms import desk_url, refusal, text, writer
from api.console.desk.view import desk_page, writing

#: The form's fields for each player's declared facts: (field suffix, the fact).
FACTS: Final = (
    ("born", "birth_date"),
    ("so", "senior_olympics_registered"),
    ("lives", "residence"),
    ("title", "title"),
)
#: The form's fields an admission carries back unchanged (the registration as it was asked).
KEPT: Final = ("name", "player1", "player2", "number", *(f"p{i}_{f}" for i in (1, 2) for f, _ in FACTS))


def declared(players: list[str]) -> dict[str, dict[str, str]]:
    """Each named player's facts as the form declares them (``p1_born`` …); none declared: empty."""
    out: dict[str, dict[str, str]] = {}
    for i, player in enumerate(players, start=1):
        facts = {fact: value for suffix, fact in FACTS if (value := text(f"p{i}_{suffix}"))}
        if facts:
            out[player] = facts
    return out


def starts_at(day: str | None) -> str | None:
    """The start of a new tournament: its date and the form's start time, in the hall's time zone
    (the server's local zone, as the desk's clocks read), with its offset; None without both."""
    at = text("start_time")
    if day is None or at is None:
        return None
    try:
        moment = datetime.combine(date.fromisoformat(day), time.fromisoformat(at))
    except ValueError:
        return at  # said back by the service's refusal of its form
    return moment.astimezone().isoformat(timespec="minutes")


def register(tournament_id: UUID, events: list[dict[str, Any]], team: str) -> Response | Redirect:
    """Record one team's registration; with the form's reason, the official's admission first. A
    refusal by the entry rules (one that cites its section) comes back with the offer to admit."""
    reason = text("admit_reason")
    if reason is not None:
        events = [{"type": "entry_admitted", "team": team, "reason": reason}, *events]
    writer("appendTournamentEvents")
    try:
        writing(tournament_id, events)()
    except ServiceError as error:
        if isinstance(error, authority.Unauthenticated | authority.Forbidden):
            raise
        admissible = isinstance(error, EventRefused) and bool(error.error.citations) and reason is None
        kept = {name: request.form.get(name, "") for name in KEPT} if admissible else None
        return desk_page(tournament_id, refusal(error), admit=kept)
    return redirect(desk_url(tournament_id), 303)
