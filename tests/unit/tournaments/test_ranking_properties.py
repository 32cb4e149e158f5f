"""The tournament's incremental state equals a full recomputation after every event (hypothesis).

Random tournaments: Detroit and Ontario fields of random sizes and seeds, their logs run with
corrections of signed sheets, tie-breaks and withdrawals among them (``tests.tournament_logs``).
After each event (or after a few, so that the ranking also catches up on several at once) the
standings, the bracket, the hands linked and the count of signed sheets are those computed afresh
from the sheets, and a reader that applies only ``journal.since`` to its copy (as the read models
do) holds exactly the ranking's rows and the hands linked.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.domain.tournaments import Tournament
from adjudicator.domain.tournaments.playoffs import played_bracket
from adjudicator.domain.tournaments.ranking import Placed
from adjudicator.domain.tournaments.standings import compute_tallies, standings
from adjudicator.simulation import tournaments as simulate
from tests.tournament_logs import eventful

PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Reader:
    """A copy of the rows kept as the read models keep theirs: only what the journal says changed."""

    def __init__(self) -> None:
        self.version = 0
        self.placed: dict[str, Placed] = {}
        self.linked: dict[str, str] = {}

    def catch_up(self, t: Tournament) -> None:
        ranking = t.ranked()
        changed = t.journal.since(self.version)
        for team in changed.records:
            self.placed[team] = ranking.placed[team]
        for team in changed.places:  # the record kept: only the place and rank are taken
            was = self.placed[team]
            now = ranking.placed[team]
            assert now.record is was.record
            self.placed[team] = Placed(now.position, now.rank, was.record)
        for team in changed.removed:
            self.placed.pop(team, None)
        self.linked.update(changed.hands)
        self.version = t.version


def linked_afresh(t: Tournament) -> dict[str, str]:
    """Each linked hand's first sheet, in the order the sheets were opened, from every sheet."""
    found: dict[str, str] = {}
    for sheet in t.sheets.values():
        for line in sheet.lines:
            if line.source == "hand":
                found.setdefault(line.hand, sheet.match)
    return found


def check(t: Tournament, reader: Reader) -> None:
    fmt = t.format
    ties = [tie["teams"] for tie in t.tiebreaks]
    afresh = standings(fmt, compute_tallies(fmt, t.sheets.values()), t.roster.counted(), ties)
    assert t.standings() == afresh
    assert t.tallies == compute_tallies(fmt, t.sheets.values())
    if t.seeding is not None:
        assert t.bracket() == played_bracket(fmt, t.seeding, t.sheets)
    assert t.scores.signed_count == sum(s.signed for s in t.sheets.values())
    assert t.scores.linked == linked_afresh(t)
    reader.catch_up(t)
    assert reader.placed == t.ranking.placed
    assert [reader.placed[row["team"]].row for row in afresh["rows"]] == afresh["rows"]
    assert {p.position for p in reader.placed.values()} == set(range(len(afresh["rows"])))
    assert reader.linked == t.scores.linked


def run(log: list[Any], seed: int, every: int) -> None:
    reader = Reader()
    for step, (t, _, _) in enumerate(eventful(log, seed), start=1):
        if t.fmt is not None and step % every == 0:
            check(t, reader)
    check(t, reader)


@PROPERTY
@given(
    teams=st.integers(min_value=4, max_value=24),
    seed=st.integers(min_value=1, max_value=10_000),
    every=st.sampled_from([1, 1, 3, 17]),
)
def test_detroit_kept_incrementally_equals_a_full_recomputation(teams: int, seed: int, every: int) -> None:
    run(simulate.run_detroit(teams, seed).log, seed, every)


@PROPERTY
@given(
    players=st.integers(min_value=8, max_value=30),
    games=st.integers(min_value=1, max_value=6),
    seed=st.integers(min_value=1, max_value=10_000),
    every=st.sampled_from([1, 1, 3, 17]),
)
def test_ontario_kept_incrementally_equals_a_full_recomputation(
    players: int, games: int, seed: int, every: int
) -> None:
    run(simulate.run_ontario(players, seed, games).log, seed, every)


def test_the_random_tournaments_do_reach_what_they_are_for() -> None:
    """Corrections, recorded tie-breaks over groups that then change, withdrawals: each happens."""
    recorded: dict[str, int] = {}
    last: dict[str, Tournament] = {}
    for log, seed in ((simulate.run_detroit(24, 3).log, 3), (simulate.run_ontario(24, 4, 6).log, 4)):
        for t, event, ok in eventful(log, seed):
            recorded[event["type"]] = recorded.get(event["type"], 0) + ok
            last[t.format.ruleset if t.fmt else ""] = t
    assert recorded["sheet_corrected"] > 10 and recorded["tiebreak_decided"] >= 2
    assert recorded["team_withdrawn"] >= 1 and recorded["playoff_seeded"] >= 1
    assert last["detroit"].medals()["complete"] and last["ontario"].medals()["complete"]
