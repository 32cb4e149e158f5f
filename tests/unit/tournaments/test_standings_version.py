"""``Tournament.standings_version``: the standings never change without it moving, and a hand scored
on an open sheet (most events) leaves it where it was."""

from __future__ import annotations

from adjudicator.domain.tournaments import Tournament
from adjudicator.simulation import tournaments as simulate


def test_the_standings_change_only_when_their_version_moves() -> None:
    for log in (simulate.run_detroit(16, 4).log, simulate.run_ontario(12, 2, 6).log):
        tournament, before, kept = Tournament(), None, 0
        for event in log:
            version = tournament.standings_version
            tournament.apply(event)
            standings = tournament.standings() if tournament.fmt is not None else None
            if tournament.standings_version == version:
                assert standings == before, event
                kept += 1
            else:
                assert tournament.standings_version == tournament.version
            before = standings
        assert kept > len(log) / 3  # the hands scored on open sheets
