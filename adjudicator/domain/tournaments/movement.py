"""Who sits where next: each rulebook's rotation as a pure function of the last round's seating.

The proposal is computed from the previous round as it was actually seated (so an official's override
carries forward) and from recorded draws (so a replay proposes the same seating). A table is the JSON
record a seating event carries, ``SeatedTable``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypedDict

#: Who sits on one side of a table: a team id (Bid Whist) or two player ids (Bid Euchre).
TableSide = str | list[str]


class SeatedTable(TypedDict):
    """One table of a round: ``east_west`` None is a bye; ``uncounted`` teams play for nothing there."""

    table: int
    north_south: TableSide
    east_west: TableSide | None
    uncounted: list[str]


def pair_off(outcome: Sequence[str]) -> tuple[list[SeatedTable], str | None]:
    """Detroit (I Preliminary Rounds): team numbers drawn two at a time; the first drawn of a pair
    sits north-south and stays, the second moves. An odd team drawn last is returned apart.
    """
    tables: list[SeatedTable] = [
        {"table": i // 2 + 1, "north_south": outcome[i], "east_west": outcome[i + 1], "uncounted": []}
        for i in range(0, len(outcome) - 1, 2)
    ]
    return tables, (outcome[-1] if len(outcome) % 2 else None)


def odd_table(number: int, odd: str, picked: str | None) -> SeatedTable:
    """The odd team's table: against a randomly picked team whose points there are of no value
    (Detroit I Preliminary Rounds), or a bye when ``picked`` is None."""
    return {"table": number, "north_south": odd, "east_west": picked, "uncounted": [picked] if picked else []}


def stay_and_move(previous: Sequence[SeatedTable], *, include_odd: bool) -> list[SeatedTable]:
    """One team stays, the other moves forward a table (Detroit I Preliminary Rounds).

    North-south stays; east-west moves to the next table up, the last table's to the first. A table
    marked with an uncounted team (Detroit's odd-team game) keeps its odd team and is left out of the
    rotation; a bye table (no east-west) takes part when ``include_odd``, so the bye passes along.
    """
    moving = [t for t in previous if include_odd or not _is_odd(t)]
    staying_odd = [t for t in previous if not include_odd and _is_odd(t)]
    movers = [t["east_west"] for t in moving]
    tables: list[SeatedTable] = []
    for i, t in enumerate(moving):
        tables.append(
            {
                "table": t["table"],
                "north_south": t["north_south"],
                "east_west": movers[i - 1] if movers else None,
                "uncounted": [],
            }
        )
    for t in staying_odd:
        tables.append(
            {"table": t["table"], "north_south": t["north_south"], "east_west": None, "uncounted": []}
        )
    return sorted(tables, key=lambda t: int(t["table"]))


def _is_odd(table: SeatedTable) -> bool:
    return bool(table.get("uncounted")) or table.get("east_west") is None


def by_number(numbered: Sequence[str]) -> list[SeatedTable]:
    """Texas round 1 (Table Rotation): teams by number, odd-numbered north-south, the next even
    number east-west at the same table; an odd team without an even partner has a bye."""
    tables: list[SeatedTable] = []
    for i in range(0, len(numbered), 2):
        east = numbered[i + 1] if i + 1 < len(numbered) else None
        tables.append({"table": i // 2 + 1, "north_south": numbered[i], "east_west": east, "uncounted": []})
    return tables


def texas(previous: Sequence[SeatedTable], round_number: int) -> list[SeatedTable]:
    """Texas (Table Rotation): even-numbered teams (east-west) move forward a table for rounds 2 and
    3; odd-numbered teams (north-south) move back a table for rounds 4 and 5. Over five tables no two
    teams meet twice. A bye's empty seat moves with its side."""
    ordered = sorted(previous, key=lambda t: int(t["table"]))
    odds = [t["north_south"] for t in ordered]
    evens = [t["east_west"] for t in ordered]
    if round_number in (2, 3):
        evens = evens[-1:] + evens[:-1]
    else:
        odds = odds[1:] + odds[:1]
    return [
        {"table": t["table"], "north_south": odds[i], "east_west": evens[i], "uncounted": []}
        for i, t in enumerate(ordered)
    ]


def session_start(
    outcome: Sequence[str],
    players: Mapping[str, Sequence[str]],
    earlier: Sequence[Sequence[SeatedTable]] = (),
    team_of: Mapping[str, str] | None = None,
) -> list[SeatedTable]:
    """Ontario (C.2-C.3): partners start a session together, each team, wherever the field allows, at a
    table where it has not started an earlier session and against a team it has not started one
    against (interpretation: euchre-session-start).

    ``earlier`` are the first rounds of the earlier sessions, their sides as players (``team_of``
    names each player's team). C.3 asks first for a different place each session (its means of
    avoiding the same opponents), so every seating is weighed by its teams at the table they started
    the last session at, then at any earlier start's table, then by the pairs that met before; the
    best is found by trying every seating (``_StartHistory.arrange``), the drawn order deciding among
    equals, so a first session is seated two teams at a time in drawn order.
    """
    team_of = team_of or {p: t for t, pair in players.items() for p in pair}
    history = _StartHistory.of(earlier, team_of)
    pairs = history.arrange(list(outcome))
    return [
        {
            "table": i + 1,
            "north_south": list(players[north_south]),
            "east_west": list(players[east_west]),
            "uncounted": [],
        }
        for i, (north_south, east_west) in enumerate(pairs)
    ]


#: What a session start costs against C.3's wishes, worst first: teams at the table they started the
#: last session at, teams at a table they started any earlier session at, pairs that met before.
Cost = tuple[int, int, int]
NONE: Cost = (0, 0, 0)


class _StartHistory:
    """Where each team started its earlier sessions (and the last one), and whom it started against."""

    #: Seatings visited before the best found so far is kept: a safety net on a field so large and so
    #: worn that no seating is free of repeats (every field tried finds its best well within it).
    BUDGET = 200_000

    def __init__(self, tables: dict[str, set[int]], last: dict[str, int], met: dict[str, set[str]]) -> None:
        self.tables, self.last, self.met = tables, last, met

    @classmethod
    def of(cls, earlier: Sequence[Sequence[SeatedTable]], team_of: Mapping[str, str]) -> _StartHistory:
        tables: dict[str, set[int]] = {}
        last: dict[str, int] = {}
        met: dict[str, set[str]] = {}
        for rnd in earlier:
            for t in rnd:
                sides = [_team(t["north_south"], team_of), _team(t["east_west"], team_of)]
                for side, other in (sides, sides[::-1]):
                    if side is not None:
                        tables.setdefault(side, set()).add(int(t["table"]))
                        last[side] = int(t["table"])
                        if other is not None:
                            met.setdefault(side, set()).add(other)
        return cls(tables, last, met)

    def cost(self, table: int, north_south: str, east_west: str) -> Cost:
        """Which of C.3's wishes seating these two teams at ``table`` breaks, worst first."""
        pair = (north_south, east_west)
        return (
            sum(self.last.get(team) == table for team in pair),
            sum(table in self.tables.get(team, ()) for team in pair),
            int(east_west in self.met.get(north_south, ())),
        )

    def arrange(self, order: list[str]) -> list[tuple[str, str]]:
        """The seating that breaks C.3's wishes least (worst first: the last session's table, then any
        earlier start's table, then an opponent met), found by trying every seating, tables filled from
        table 1 with each table's cheapest pairs first and, at equal cost, the first teams of the drawn
        order (a first session, costing nothing anywhere, is seated two teams at a time in drawn order);
        a branch is left as soon as it costs as much as the best seating found."""
        rank = {team: i for i, team in enumerate(order)}
        best: list[list[tuple[str, str]]] = []
        best_cost: list[Cost] = []
        seated: list[tuple[str, str]] = []
        visits = 0

        def fill(free: list[str], table: int, spent: Cost) -> None:
            nonlocal visits
            if best_cost and (spent >= best_cost[0] or visits > self.BUDGET):
                return
            if len(free) < 2:
                best[:], best_cost[:] = [list(seated)], [spent]
                return
            pairs = [(a, b) for i, a in enumerate(free) for b in free[i + 1 :]]
            pairs.sort(key=lambda p: (self.cost(table, *p), rank[p[0]], rank[p[1]]))
            for north_south, east_west in pairs:
                visits += 1
                step = self.cost(table, north_south, east_west)
                seated.append((north_south, east_west))
                rest = [team for team in free if team not in (north_south, east_west)]
                fill(rest, table + 1, (spent[0] + step[0], spent[1] + step[1], spent[2] + step[2]))
                seated.pop()

        fill(sorted(order, key=rank.__getitem__), 1, NONE)
        return best[0]


def _team(side: TableSide | None, team_of: Mapping[str, str]) -> str | None:
    if side is None:
        return None
    if isinstance(side, str):
        return side
    return team_of.get(side[0])


def progressive(
    previous: Sequence[SeatedTable],
    winners: Mapping[int, str | None],
    *,
    first_of_session: bool,
    team_of: Mapping[str, str] | None = None,
) -> list[SeatedTable]:
    """Ontario (C.4): the winners split, one a table up and one a table down; the losers stay and
    split. After a session's first game only, winners move two tables and losers one, so that former
    partners do not meet at once.

    Tables wrap around (the last table's "up" is table 1), so every table keeps four players
    (interpretation: the rulebook is silent on the end tables). Of a winning pair, the player listed
    first goes up; of a losing pair, the first listed partners the player arriving from below, unless
    that player is its district partner (``team_of`` names each player's team): district partners are
    not partners again for the rest of a session (C.2; interpretation: euchre-partners-split), so the
    arrivals change places. A tied game moves north-south as the winners (the rulebook is silent; the
    official may override).
    """
    team_of = team_of or {}
    ordered = sorted(previous, key=lambda t: int(t["table"]))
    n = len(ordered)
    won: list[list[str]] = []
    lost: list[list[str]] = []
    for t in ordered:
        sides = [list(t["north_south"]), list(t["east_west"] or [])]
        if winners.get(int(t["table"])) == "east_west":
            sides.reverse()
        won.append(sides[0])
        lost.append(sides[1])

    def district_partners(a: str, b: str) -> bool:
        return a in team_of and team_of.get(a) == team_of.get(b)

    tables: list[SeatedTable] = []
    for i, t in enumerate(ordered):
        if first_of_session:
            from_below_w, from_above_w = won[(i - 2) % n][0], won[(i + 2) % n][1]
            from_below_l, from_above_l = lost[(i - 1) % n][0], lost[(i + 1) % n][1]
            ns, ew = [from_below_w, from_above_l], [from_above_w, from_below_l]
        else:
            up, down = won[(i - 1) % n][0], won[(i + 1) % n][1]
            if district_partners(lost[i][0], up) or district_partners(lost[i][1], down):
                up, down = down, up
            ns, ew = [lost[i][0], up], [lost[i][1], down]
        tables.append({"table": t["table"], "north_south": ns, "east_west": ew, "uncounted": []})
    return tables


def without(tables: Sequence[SeatedTable], gone: Callable[[str], bool]) -> list[SeatedTable]:
    """The rotation's tables with the teams that withdrew taken out (every rulebook plays only the
    teams still in the event; none says where its opponents go, so they are paired among themselves).

    A withdrawn team's seat is emptied and its table keeps its other team; the teams left without an
    opponent (a bye included) are paired in table order, the first staying north-south at its table
    and the next joining it east-west; one left over has a bye; a table left empty is not seated.
    """
    kept: list[SeatedTable] = []
    alone: list[SeatedTable] = []
    for t in tables:
        sides = [s for s in (t["north_south"], t["east_west"]) if s is not None and not _gone(s, gone)]
        uncounted = [u for u in t["uncounted"] if not gone(u)]
        if len(sides) == 2:
            kept.append(
                {"table": t["table"], "north_south": sides[0], "east_west": sides[1], "uncounted": uncounted}
            )
        elif sides:
            alone.append({"table": t["table"], "north_south": sides[0], "east_west": None, "uncounted": []})
    for first, second in zip(alone[::2], alone[1::2], strict=False):
        kept.append({**first, "east_west": second["north_south"]})
    if len(alone) % 2:
        kept.append(alone[-1])
    return sorted(kept, key=lambda t: int(t["table"]))


def _gone(side: TableSide, gone: Callable[[str], bool]) -> bool:
    return gone(side) if isinstance(side, str) else False
