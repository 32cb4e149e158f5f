"""The standings kept in order as the tallies move: the incremental twin of ``standings.standings``.

A signed sheet moves the tallies of two teams (four players in Bid Euchre); summing, keying and
sorting the whole field again for it made every signature cost the field. ``Ranking`` takes the
teams whose record changed out of the order, keys them again and puts them back (``bisect``), then
makes again the rows from the first place any of them left or took to the last, and on past it while
a shared rank still changes: the rows the change moved, and no others.

This is exact because a team's keys are its own record: no rulebook breaks a tie on head-to-head or
on the opponents' records (MATRIX.md "standings" and Ontario's "tie-break": rounds won, points,
winning percentage, Bostons, hands won, tournament points, point differential, then a playoff). What
does depend on other teams is a recorded tie-break playoff, which orders a group level on every key
only while the whole group is among its teams (``standings.playoff_order``): it is worked out again
for every group a moved team leaves or joins. A registration, a withdrawal and a decided tie-break
mark their teams as moved too. ``tests/unit/tournaments/test_ranking_properties.py`` holds the
table equal to ``standings`` computed afresh after every event of random tournaments.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from adjudicator.domain.rulebooks import TournamentFormat
from adjudicator.domain.tournaments.changes import Change
from adjudicator.domain.tournaments.events import (
    Event,
    TeamInDefault,
    TeamRegistered,
    TeamReinstated,
    TeamWithdrawn,
    TiebreakDecided,
)
from adjudicator.domain.tournaments.standings import (
    Tally,
    playoff_order,
    standing_record,
    standing_row,
    table,
    team_keys,
    team_total,
    tie_entry,
)

Keys = tuple[Fraction | int, ...]
#: Where a team sorts: its keys negated (best first), its place in a recorded playoff, its number.
SortKey = tuple[tuple[Fraction | int, ...], int, int, str]


@dataclass(frozen=True, slots=True)
class Placed:
    """A team's place (from 0), rank and record (its row but the rank, ``standings.standing_record``);
    replaced, never changed in place, so that a reader may keep one while the ranking moves on. A
    team moved by others keeps its record, the same object."""

    position: int
    rank: int
    record: Mapping[str, Any]

    @property
    def row(self) -> dict[str, Any]:
        return standing_row(self.rank, self.record)


def moved_by(event: Event) -> list[str]:
    """The teams an event moves in the standings by itself: a registration, a withdrawal, a default,
    a tie-break decided (a playoff sheet's is not the standings')."""
    match event:
        case TeamRegistered() | TeamWithdrawn() | TeamReinstated() | TeamInDefault():
            return [event.team]
        case TiebreakDecided(match=None):
            return [str(team) for team in event.teams]
    return []


class Ranking:
    """The counted teams in standing order, with their rows, kept as their records change."""

    def __init__(self) -> None:
        self.order: list[SortKey] = []
        self.sort_keys: dict[str, SortKey] = {}
        self.keys: dict[str, Keys] = {}
        self.totals: dict[str, Tally] = {}
        #: Teams level on every key, by those keys.
        self.groups: dict[Keys, set[str]] = {}
        #: The groups of two or more that no recorded playoff orders, by their keys: the ``ties``.
        self.tied: dict[Keys, list[str]] = {}
        self.placed: dict[str, Placed] = {}
        self.records: dict[str, Mapping[str, Any]] = {}
        #: Teams whose record, registration or playoff may have changed since the last ``refresh``.
        self.moved: set[str] = set()

    def mark(self, teams: Iterable[str]) -> None:
        self.moved.update(teams)

    def refresh(
        self,
        fmt: TournamentFormat,
        tallies: Mapping[str, Tally],
        counted: Mapping[str, Mapping[str, Any]],
        tiebreaks: Sequence[Sequence[str]],
        version: int,
    ) -> Change:
        """Bring the order and rows up to date with the teams marked as moved: what changed, noted
        at ``version``."""
        if not self.moved:
            return Change(version)
        moved, self.moved = self.moved, set()
        before = len(self.order)
        old = {team: self.placed[team].position for team in moved if team in self.sort_keys}
        touched: set[Keys] = set()
        for team in old:
            self._take_out(team, touched)
        records: set[str] = set()
        for team in moved & counted.keys():
            total = team_total(fmt, team, counted[team], tallies)
            self.totals[team], self.keys[team] = total, team_keys(fmt, total)
            record = standing_record(fmt, team, counted[team], self.keys[team], total)
            if self.records.get(team) != record:
                self.records[team] = record
                records.add(team)
            self.groups.setdefault(self.keys[team], set()).add(team)
            touched.add(self.keys[team])
        placing = moved & counted.keys()
        for keys in touched:
            placing |= self._order_group(fmt, keys, counted, tiebreaks, placing, old)
        for team in placing:
            insort(self.order, self.sort_keys[team])
        removed = set(old) - counted.keys()
        for team in removed:
            del self.placed[team], self.records[team]
        places = [*old.values(), *(bisect_left(self.order, self.sort_keys[t]) for t in placing)]
        if not places:
            return Change(version, tuple(records), (), tuple(removed))
        last = len(self.order) - 1 if len(self.order) != before else max(places)
        moved_places = self._place(min(places), last) - records
        return Change(version, tuple(records), tuple(moved_places), tuple(removed))

    def _take_out(self, team: str, touched: set[Keys]) -> None:
        del self.order[bisect_left(self.order, self.sort_keys.pop(team))]
        keys = self.keys.pop(team)
        del self.totals[team]
        group = self.groups[keys]
        group.discard(team)
        if not group:
            del self.groups[keys]
        touched.add(keys)

    def _order_group(
        self,
        fmt: TournamentFormat,
        keys: Keys,
        counted: Mapping[str, Mapping[str, Any]],
        tiebreaks: Sequence[Sequence[str]],
        placing: set[str],
        old: dict[str, int],
    ) -> set[str]:
        """The group level on ``keys`` ordered again (its playoff, or its tie): the members whose
        place in it changed, taken out of the order to be put back (``placing`` will be)."""
        members = self.groups.get(keys, set())
        order = playoff_order(members, tiebreaks) if len(members) > 1 else None
        self.tied.pop(keys, None)
        if len(members) > 1 and order is None:
            self.tied[keys] = sorted(members, key=lambda t: counted[t].get("number", 0))
        again: set[str] = set()
        for team in members:
            decided = order.index(team) if order is not None else 0
            sort_key = (tuple(-v for v in keys), decided, counted[team].get("number", 0), team)
            if team in placing:
                self.sort_keys[team] = sort_key
            elif self.sort_keys[team] != sort_key:
                old[team] = self.placed[team].position
                del self.order[bisect_left(self.order, self.sort_keys[team])]
                self.sort_keys[team] = sort_key
                again.add(team)
        return again

    def _place(self, first: int, last: int) -> set[str]:
        """Place and rank the teams again from place ``first``: through ``last`` (the furthest place a
        team left or took), then on while one still changes (a shared rank whose first team moved).
        The teams whose place or rank changed."""
        changed: set[str] = set()
        for position in range(first, len(self.order)):
            sort_key = self.order[position]
            team = sort_key[3]
            rank = position + 1
            if position and self.order[position - 1][:2] == sort_key[:2]:
                rank = self.placed[self.order[position - 1][3]].rank
            was = self.placed.get(team)
            if was is None or (was.position, was.rank, was.record) != (position, rank, self.records[team]):
                self.placed[team] = Placed(position, rank, self.records[team])
                changed.add(team)
            elif position > last:
                break
        return changed

    # ------------------------------------------------------------------ reading
    def top(self, count: int) -> list[dict[str, Any]]:
        """The first ``count`` rows."""
        return [self.placed[sort_key[3]].row for sort_key in self.order[:count]]

    def head(self, fmt: TournamentFormat) -> dict[str, Any]:
        """The standings as far as the places go (``playoffs.standing_places`` reads no further)."""
        return {"rows": self.top(len(fmt.places)), "ties": self.ties(fmt)}

    def ties(self, fmt: TournamentFormat) -> list[dict[str, Any]]:
        """The groups level on every key still to be played off, by rank."""
        found = [tie_entry(fmt, teams, self.placed[teams[0]].rank) for teams in self.tied.values()]
        return sorted(found, key=lambda tie: tie["rank"])

    def table(
        self, fmt: TournamentFormat, tallies: Mapping[str, Tally], counted: Mapping[str, Mapping[str, Any]]
    ) -> dict[str, Any]:
        """The whole standings, as ``standings.standings`` gives them."""
        return table(fmt, self.top(len(self.order)), self.ties(fmt), tallies, counted)
