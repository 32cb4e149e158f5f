"""The use cases of the hall: a team checked in, the board made public or private, and the board read.

The board shows no hand: no card and no ruling leaves through it (the hands keep to their own
routes, through ``adjudicator.service.authority``), so that it can be read without a credential.

Each records one tournament event through ``tournaments.append_events`` (so at the version
``If-Match`` names, all or none), or reads the tournament as the board shows it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from adjudicator.service.credentials import Author
from adjudicator.service.delay_clocks import running_clocks
from adjudicator.service.exports import Names
from adjudicator.service.ports import Tournaments as TournamentStore
from adjudicator.service.tournaments import IfMatch, append_events, overview, round_clock
from adjudicator.service.views import TournamentView


def check_in(
    tournaments: TournamentStore,
    tournament_id: UUID,
    team: str,
    by: str | None = None,
    if_match: IfMatch = None,
    author: Author | None = None,
) -> dict[str, Any]:
    """Record that ``team`` is present at the hall (``team_checked_in``)."""
    event: dict[str, Any] = {"type": "team_checked_in", "team": team} | ({"by": by} if by else {})
    return append_events(tournaments, tournament_id, [event], if_match, author)


def set_board(
    tournaments: TournamentStore,
    tournament_id: UUID,
    public: bool,
    by: str | None = None,
    if_match: IfMatch = None,
    author: Author | None = None,
) -> dict[str, Any]:
    """Let readers without a credential see the board, or stop them (``board_public``)."""
    event: dict[str, Any] = {"type": "board_public", "public": public} | ({"by": by} if by else {})
    return append_events(tournaments, tournament_id, [event], if_match, author)


def in_default(tournaments: TournamentStore, tournament_id: UUID) -> list[str]:
    """The teams in default at the start (Ontario A) now: recorded so, or to be recorded before the
    next event (the start has passed and they had not checked in); no exception admitted since."""

    def read(view: TournamentView) -> list[str]:
        t = view.tournament
        due = [event["team"] for event in t.entries.due(t.schedule, t.roster, t.hall, datetime.now(UTC))]
        return [team for team in t.roster.teams if team in t.entries.defaulted or team in due]

    return tournaments.read(tournament_id, read)


def board_public(tournaments: TournamentStore, tournament_id: UUID) -> bool:
    """Whether the tournament lets readers without a credential see its board."""
    return tournaments.read(tournament_id, lambda view: view.tournament.hall.board_public)


def playing(t: dict[str, Any]) -> dict[str, Any] | None:
    """The round being played (the last seated) with each table's sheet status, or None before one;
    a match the director called to another table (``match_called``) at the table it is played at."""
    if not t["rounds"]:
        return None
    current = t["rounds"][-1]
    sheets = {s["match"]: s for s in t["sheets"]}
    tables = []
    for table in current["tables"]:
        sheet = sheets.get(f"R{current['round']}-T{table['table']}")
        at = table["table"] if sheet is None else sheet["table"]
        tables.append({**table, "table": at, "status": "open" if sheet is None else sheet["status"]})
    return {"round": current["round"], "tables": tables}


def stage(t: dict[str, Any]) -> dict[str, Any]:
    """Where the day is, as the board heads it: ``kind`` (``registration``, ``round``, ``playoff``,
    ``final``, ``finished``), the round's number, and the matches in play now (a round's tables, or
    the playoff's matches not yet over). The last round seated is not "playing" once the playoff is
    seeded, nor a finished playoff still in play."""
    open_ = [s for s in t["sheets"] if s["stage"] == "playoff" and not s["result"]["over"]]
    if t["medals"]["complete"] or (t["medals"]["places"].get("gold") and not open_):
        return {"kind": "finished", "round": None, "matches": []}
    if t["bracket"] is not None:
        final = bool(open_) and all(s["match"] in ("final", "third_place") for s in open_)
        rounds = [s["round"] for s in open_ if s["match"] not in ("final", "third_place")]
        return {"kind": "final" if final else "playoff", "round": min(rounds, default=None), "matches": open_}
    now = playing(t)
    if now is None:
        return {"kind": "registration", "round": None, "matches": []}
    return {"kind": "round", "round": now["round"], "matches": now["tables"]}


def board(tournaments: TournamentStore, tournament_id: UUID) -> dict[str, Any]:
    """What the hall's board shows: where the day is (its stage and a timed game's round clock), the
    standings, the bracket, the round being played, the medals, the delay clocks running."""
    t = overview(tournaments, tournament_id)
    kept = ("id", "name", "date", "ruleset", "game", "version", "board_public", "standings", "bracket")
    now = stage(t)
    where = {"kind": now["kind"], "round": now["round"], "title": Names(t).stage(now["kind"], now["round"])}
    clock = round_clock(tournaments, tournament_id) if now["kind"] == "round" else None
    return {
        **{k: t[k] for k in kept},
        "stage": where | {"clock": None if clock is None else ends(clock)},
        "cut": t["cut"],
        "playing": playing(t),
        "medals": t["medals"],
        "clocks": running_clocks(tournaments, tournament_id),
    }


def ends(clock: dict[str, Any]) -> dict[str, Any]:
    """A round clock as the board's JSON gives it: its round, minutes, start and end (ISO, UTC)."""
    started = datetime.fromisoformat(clock["started_at"])
    end = started + timedelta(minutes=clock["minutes"])
    kept = {k: clock[k] for k in ("round", "minutes", "started_at", "citations")}
    return kept | {"ends_at": end.isoformat()}
