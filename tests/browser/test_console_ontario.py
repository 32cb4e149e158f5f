"""An Ontario day's seating as a director reads it off the tournament's page, at 1366 and 390 px: in
every round after a session's first game, no player sits with its district partner (C.2), and each
session starts every team at a table it has not started at, against a team it has not started
against, wherever the field allows (C.3). The page is read as shown: the players table gives each
player's team, each score sheet its round, its table and who sat north-south and east-west."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from playwright.sync_api import Page, expect

from adjudicator.simulation.tournaments import Director, run_ontario
from tests.browser.conftest import Console, accessible, sign_in
from tests.unit.tournaments.test_ontario_seating_properties import _fewest, _repeats

#: A day of 16 players, 24 games in sessions of six: the size whose later games seated district
#: partners together again (games 11, 12, 17, 18, 23, 24) and whose session starts repeated places.
PLAYERS = 16
SIDES = re.compile(r"North-south: (\S+) & (\S+); east-west: (\S+) & (\S+)\.")
#: Each score sheet of the page as (its round's heading, its match and table, its sides' sentence).
SHEETS = """() => {
    const found = [];
    let round = null;
    for (const element of document.querySelectorAll('#sheets h3, #sheets details.sheet')) {
        if (element.tagName === 'H3') { round = element.textContent.trim(); continue; }
        found.push([round, element.querySelector('.sheet-match').textContent,
                    element.querySelector('.sheet-body p').textContent]);
    }
    return found;
}"""


@pytest.fixture(scope="module")
def day(console: Console) -> tuple[str, int]:
    """The day played through and recorded over REST as the official: (its id, games per session)."""
    director: Director = run_ontario(PLAYERS, seed=1, games=24)
    created, *rest = director.log
    tournament = console.post("/tournaments", {k: v for k, v in created.items() if k != "type"})["id"]
    for start in range(0, len(rest), 200):
        console.post(f"/tournaments/{tournament}/events", rest[start : start + 200])
    schedule = director.tournament.schedule
    assert schedule is not None and schedule.games_per_session
    return str(tournament), schedule.games_per_session


Seated = tuple[int, str, str]  # (table, north-south team, east-west team)


def test_district_partners_split_after_a_sessions_first_game_and_sessions_start_anew(
    screen: Page, console: Console, day: tuple[str, int]
) -> None:
    tournament, per_session = day
    sign_in(screen, console)
    screen.goto(f"{console.url}/console/tournaments/{tournament}")
    players = screen.get_by_role("region", name="Players table")
    expect(players.locator("tbody tr")).to_have_count(PLAYERS)
    team_of = dict(
        zip(
            players.locator("tbody tr th").all_inner_texts(),
            players.locator("tbody tr .team-id").all_inner_texts(),
            strict=True,
        )
    )
    rounds: dict[int, list[Seated]] = {}
    read = 0
    for heading, match, sides in screen.locator("#sheets").evaluate(SHEETS):
        number = int(heading.removeprefix("Round "))
        table = int(match.rsplit("table ", 1)[1])
        found = SIDES.search(sides)
        assert found, sides
        north, south, east, west = (team_of[p] for p in found.groups())
        together = (north == south, east == west)
        first = (number - 1) % per_session == 0
        assert together == (first, first), (f"round {number}, table {table}", found.groups())
        if first:
            rounds.setdefault(number, []).append((table, north, east))
        read += 1
    assert read == 24 * PLAYERS // 4  # every game's every table read off the page
    assert len(rounds) == 24 // per_session

    starts: list[Sequence[Seated]] = [rounds[n] for n in sorted(rounds)]
    teams = sorted({team for _, ns, ew in starts[0] for team in (ns, ew)})
    for s in range(1, len(starts)):
        found_repeats = _repeats(starts[s], starts[:s])
        assert found_repeats == (_fewest(teams, starts[:s]) if found_repeats else 0), (s, starts[s])
    accessible(screen)
