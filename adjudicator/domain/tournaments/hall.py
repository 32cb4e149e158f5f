"""What the hall knows beside the play: which teams have checked in, and whether the tournament's
board may be shown to readers without a credential.

No rulebook of MATRIX.md ranks or seats a team by its check-in (Detroit's "Registration" closes entries,
which registering a team already records), so a check-in is informational: the seating proposal names
the teams in play not yet checked in, once the director has begun checking teams in, and nothing else
changes. The board's setting is an official's, recorded as an event like any fact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments.events import BoardPublic, TeamCheckedIn
from adjudicator.domain.tournaments.roster import Roster


@dataclass
class Hall:
    #: team -> the version of its check-in, in the order they came.
    checked_in: dict[str, int] = field(default_factory=dict)
    board_public: bool = False

    def record(self, roster: Roster, event: TeamCheckedIn | BoardPublic, at: int) -> None:
        if isinstance(event, BoardPublic):
            self.set_board(event)
        else:
            self.check_in(roster, event, at)

    def state(self) -> dict[str, Any]:
        return {"checked_in": list(self.checked_in), "board_public": self.board_public}

    def check_in(self, roster: Roster, event: TeamCheckedIn, at: int) -> None:
        team = roster.team(event.team, "team")
        if roster.withdrawn(team):
            raise IllegalEvent(f"team {team!r} has withdrawn", "team")
        if team in self.checked_in:
            raise IllegalEvent(f"team {team!r} has already checked in", "team")
        self.checked_in[team] = at

    def set_board(self, event: BoardPublic) -> None:
        if event.public == self.board_public:
            raise IllegalEvent(f"the board is already {'public' if event.public else 'not public'}", "public")
        self.board_public = event.public

    def not_checked_in(self, roster: Roster) -> list[str]:
        """The teams in play not checked in; none while no team has checked in (check-in not in use)."""
        if not self.checked_in:
            return []
        return [team for team in roster.in_play() if team not in self.checked_in]
