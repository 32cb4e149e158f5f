"""Ontario days of several sizes, drawn at random and played through, seat as C.2 and C.3 say.

MATRIX.md, Bid Euchre (ontario): "district partners" (partners only in a session's first game) and
"a session's start" (each team, wherever the field allows, at a table where it has not started an
earlier session, against a team it has not started one against). Whether the field allows it is
found here independently of the engine: by trying every seating of a field of up to five tables (the
wishes weighed worst first: the last session's table, any earlier start's table, an opponent met), and
for six tables or more, where each team has at most
three earlier starts, by expecting no repeat at all: every team still has three new tables and eight or
more new opponents (a day of 24 players or more never needed one in any seed tried).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.domain.tournaments.movement import SeatedTable
from adjudicator.simulation.tournaments import Director, run_ontario

#: Players in a day: 2 to 10 tables, an odd number of pairs (a floater) among them.
SIZES = (8, 12, 16, 18, 24, 40)


def _day(players: int, seed: int) -> tuple[Director, dict[str, str], int]:
    director = run_ontario(players, seed=seed, games=24)
    t = director.tournament
    team_of = {p: team for team, reg in t.teams.items() for p in reg["players"]}
    assert t.schedule is not None and t.schedule.games_per_session
    return director, team_of, t.schedule.games_per_session


def _starts(director: Director, team_of: dict[str, str], gps: int) -> list[list[tuple[int, str, str]]]:
    """Each session's first round as (table, north-south team, east-west team)."""
    return [
        [
            (int(t["table"]), team_of[t["north_south"][0]], team_of[(t["east_west"] or [""])[0]])
            for t in r["tables"]
        ]
        for n, r in sorted(director.tournament.rounds.items())
        if (n - 1) % gps == 0
    ]


def _repeats(
    seating: Sequence[tuple[int, str, str]], earlier: Sequence[Sequence[tuple[int, str, str]]]
) -> tuple[int, int, int]:
    """Which of C.3's wishes a session start breaks, worst first: a team at the table it started the
    last session at, a team at a table it started any earlier session at, a pair met before."""
    last = {(team, table) for table, ns, ew in earlier[-1] for team in (ns, ew)} if earlier else set()
    at = {(team, table) for rnd in earlier for table, ns, ew in rnd for team in (ns, ew)}
    met = {frozenset((ns, ew)) for rnd in earlier for _, ns, ew in rnd}
    return (
        sum(((ns, table) in last) + ((ew, table) in last) for table, ns, ew in seating),
        sum(((ns, table) in at) + ((ew, table) in at) for table, ns, ew in seating),
        sum(frozenset((ns, ew)) in met for _, ns, ew in seating),
    )


def _matchings(teams: Sequence[str]) -> Iterator[list[tuple[str, str]]]:
    if not teams:
        yield []
        return
    for i in range(1, len(teams)):
        for rest in _matchings([*teams[1:i], *teams[i + 1 :]]):
            yield [(teams[0], teams[i]), *rest]


def _fewest(teams: Sequence[str], earlier: Sequence[Sequence[tuple[int, str, str]]]) -> tuple[int, int, int]:
    """The fewest repeats of any seating: every pairing of the teams at every order of the tables."""
    tables = range(1, len(teams) // 2 + 1)
    return min(
        _repeats([(table, a, b) for table, (a, b) in zip(order, pairs, strict=True)], earlier)
        for pairs in _matchings(teams)
        for order in permutations(tables)
    )


@settings(max_examples=24, deadline=None)
@given(st.sampled_from(SIZES), st.integers(min_value=0, max_value=10_000))
def test_district_partners_sit_together_only_in_a_sessions_first_game(players: int, seed: int) -> None:
    director, team_of, gps = _day(players, seed)
    for n, seated in director.tournament.rounds.items():
        first = (n - 1) % gps == 0
        for table in seated["tables"]:
            for pair in (table["north_south"], table["east_west"]):
                assert isinstance(pair, list)
                assert (team_of[pair[0]] == team_of[pair[1]]) == first, (n, table)


@settings(max_examples=24, deadline=None)
@given(st.sampled_from(SIZES), st.integers(min_value=0, max_value=10_000))
def test_session_starts_repeat_a_place_or_an_opponent_only_where_the_field_forces_it(
    players: int, seed: int
) -> None:
    director, team_of, gps = _day(players, seed)
    starts = _starts(director, team_of, gps)
    assert len(starts) == 4  # two days of two sessions
    teams = sorted({team for _, ns, ew in starts[0] for team in (ns, ew)})
    for s in range(1, len(starts)):
        found = _repeats(starts[s], starts[:s])
        fewest = _fewest(teams, starts[:s]) if any(found) and len(teams) <= 10 else (0, 0, 0)
        assert found == fewest, (s, starts[s], starts[:s])


def test_a_first_session_is_seated_in_drawn_order() -> None:
    director, team_of, _ = _day(16, 3)
    draw = next(e for e in director.log if e["type"] == "draw" and e["purpose"] == "session_start")
    first: list[SeatedTable] = director.tournament.rounds[1]["tables"]
    assert [team_of[side[0]] for t in first for side in (t["north_south"], t["east_west"] or [])] == draw[
        "outcome"
    ]


def test_no_team_starts_a_session_at_the_table_it_started_the_last_one_at() -> None:
    """C.3's different place each session, which every field of two tables or more allows (the teams of
    a table can always be sent to other tables): the last session's table is never given again, even
    where a table that is new to every team cannot be found."""
    for players in (8, 12, 16):
        for seed in range(4):
            director, team_of, gps = _day(players, seed)
            starts = _starts(director, team_of, gps)
            assert [_repeats(starts[s], starts[:s])[0] for s in range(1, len(starts))] == [0, 0, 0], (
                players,
                seed,
            )
