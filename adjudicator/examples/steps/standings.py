"""Standings: the tie-break playoffs recorded, and the standings read, named and rebuilt from the log."""

from __future__ import annotations

from adjudicator.domain.tournaments import replay_tournament
from adjudicator.domain.tournaments.standings import compute_tallies
from adjudicator.examples.registry import then, when
from adjudicator.examples.steps.tournaments import TourneyContext
from adjudicator.examples.steps.vocabulary import names, snake, step


@when(step('the official records that "{teams:Q}" won the tie-break playoff'))
def t_tiebreak(tourney: TourneyContext, teams: str) -> None:
    tourney.record(
        {
            "type": "tiebreak_decided",
            "teams": [tourney.team_id(t) for t in names(teams)],
            "reason": "playoff hand",
        }
    )


@then("the standings are:")
def t_standings_table(tourney: TourneyContext, datatable: list[list[str]]) -> None:
    header, *rows = datatable
    header = [snake(col) for col in header]
    got = tourney.standings()["rows"]
    table = [[str(row.get(col) if col != "team" else row["team"]) for col in header] for row in got]
    players = tourney.standings().get("players", [])
    if "player" in header:
        table = [[str(row.get(col)) for col in header] for row in players]
    assert table[: len(rows)] == rows, table


@then(step('the standings read "{order:Q}"'))
def t_standings_read(tourney: TourneyContext, order: str) -> None:
    rows = tourney.standings()["rows"]
    parts: list[str] = []
    for i, row in enumerate(rows):
        if i and rows[i - 1]["rank"] == row["rank"]:
            parts[-1] += f" = {row['team']}"
        else:
            parts.append(row["team"])
    expected = ", ".join(" = ".join(sorted(g.split(" = "))) for g in names(order))
    got = ", ".join(" = ".join(sorted(g.split(" = "))) for g in parts)
    assert got == expected, got


@then(step('the standings name the playoff "{text:Q}" for "{teams:Q}"'))
def t_standings_playoff(tourney: TourneyContext, text: str, teams: str) -> None:
    ties = tourney.standings()["ties"]
    assert any(t["playoff"] == text and sorted(t["teams"]) == sorted(names(teams)) for t in ties), ties


@then("the standings name no playoff")
def t_no_playoff(tourney: TourneyContext) -> None:
    assert tourney.standings()["ties"] == []


@then("the standings are rebuilt from the log alone")
def t_rebuilt(tourney: TourneyContext) -> None:
    live = tourney.standings()
    again = replay_tournament(tourney.log)
    assert again.standings() == live
    assert compute_tallies(tourney.t.format, again.sheets.values()) == tourney.t.tallies


@then(step('player "{player:Q}" has {tp:d} tournament points and a point differential of {pd:d}'))
def t_player_points(tourney: TourneyContext, player: str, tp: int, pd: int) -> None:
    rows = {r["player"]: r for r in tourney.standings()["players"]}
    assert (rows[player]["tournament_points"], rows[player]["point_differential"]) == (tp, pd), rows.get(
        player
    )


@then(step('player "{player:Q}" is not in the standings'))
def t_player_absent(tourney: TourneyContext, player: str) -> None:
    assert player not in {r["player"] for r in tourney.standings()["players"]}


@then(step('team "{team:Q}" is not in the standings'))
def t_team_absent(tourney: TourneyContext, team: str) -> None:
    assert team not in {r["team"] for r in tourney.standings()["rows"]}


@then(step('"{team:Q}" has {n:d} tournament points'))
def t_team_tp(tourney: TourneyContext, team: str, n: int) -> None:
    rows = {r["team"]: r for r in tourney.standings()["rows"]}
    assert rows[team]["tournament_points"] == n, rows[team]


@when(step('games {first:d} to {last:d} are played, every table scoring "{hands:Q}" and signing'))
def t_games_played(tourney: TourneyContext, first: int, last: int, hands: str) -> None:
    t = tourney.t
    for rnd in range(first, last + 1):
        if t.draws_needed() == ["session_start"]:
            order = [team for team in t.counted_teams()]
            tourney.record({"type": "draw", "purpose": "session_start", "round": rnd, "outcome": order})
        proposal = t.proposal()
        tourney.record({"type": "seating_confirmed", "round": rnd, "tables": proposal["tables"]})
        for sheet in list(t.sheets.values()):
            if sheet.stage == "round" and sheet.round == rnd:
                tourney.score_match(sheet.match, hands)
                tourney.sign(sheet.match)
        tourney.no_refusal()


def _day(tourney: TourneyContext, day: int) -> dict[str, object]:
    tourney.no_refusal()
    return next(d for d in tourney.t.day_standings() if d["day"] == day)


@then(step('the standings at the end of day {day:d} ({games:d} games) read "{order:Q}"'))
def t_day_standings(tourney: TourneyContext, day: int, games: int, order: str) -> None:
    found = _day(tourney, day)
    assert found["complete"] and found["games"] == games, found
    table = found["standings"]
    assert isinstance(table, dict)
    rows = table["rows"]
    parts: list[str] = []
    for i, row in enumerate(rows):
        if i and rows[i - 1]["rank"] == row["rank"]:
            parts[-1] += f" = {row['team']}"
        else:
            parts.append(row["team"])
    assert ", ".join(parts) == order, parts


@then(step("the standings of day {day:d} are not yet complete"))
def t_day_incomplete(tourney: TourneyContext, day: int) -> None:
    assert not _day(tourney, day)["complete"]


@then(step('the day standings cite "{document:Q}" section "{section:Q}"'))
def t_day_cites(tourney: TourneyContext, document: str, section: str) -> None:
    citations = _day(tourney, 1)["citations"]
    assert {"document": document, "section": section} in citations, citations  # type: ignore[operator]


@then(step('at the end of day {day:d} player "{player:Q}" has {tp:d} tournament points'))
def t_day_player(tourney: TourneyContext, day: int, player: str, tp: int) -> None:
    table = _day(tourney, day)["standings"]
    assert isinstance(table, dict)
    row = next(p for p in table["players"] if p["player"] == player)
    assert row["tournament_points"] == tp, row


@then(step('the day standings list "{days:Q}"'))
def t_days_listed(tourney: TourneyContext, days: str) -> None:
    tourney.no_refusal()
    listed = [f"day {d['day']} ({d['games']} games)" for d in tourney.t.day_standings()]
    assert listed == names(days), listed
