"""Ties played off: a level playoff match, or teams level on every key of the standings.

A preliminary match may end level; a playoff match may not, so its tie-break is recorded on its
sheet before it is signed. Teams tied on every standing key keep a shared rank until the playoff
their rulebook names is recorded (``TournamentFormat.tiebreak_playoff``), in the order it put them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypedDict

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks import TournamentFormat
from adjudicator.domain.tournaments.events import TiebreakDecided
from adjudicator.domain.tournaments.roster import Roster
from adjudicator.domain.tournaments.scoring import Scorekeeper
from adjudicator.domain.tournaments.sheets import Citations


class Tiebreak(TypedDict):
    """A tie on every standing key, played off: ``teams`` in the order the playoff put them."""

    teams: list[str]
    reason: str
    hand: str | None
    event: int
    citations: Citations


def decide(
    fmt: TournamentFormat,
    roster: Roster,
    scores: Scorekeeper,
    standings: Callable[[], Mapping[str, Any]],
    recorded: list[Tiebreak],
    event: TiebreakDecided,
    at: int,
) -> None:
    """Record a level playoff match's tie-break on its sheet, or a tie in the ``standings`` played
    off in ``recorded``."""
    teams = [roster.team(team, f"teams/{i}") for i, team in enumerate(event.teams)]
    if len(set(teams)) != len(teams) or len(teams) < 2:
        raise IllegalEvent("a tie-break orders two or more different teams", "teams")
    if event.match is not None:
        sheet = scores.sheet(event.match)
        if sheet.stage != "playoff":
            raise IllegalEvent(
                "a preliminary match may end level; only a playoff match needs a tie-break", "match"
            )
        result = sheet.result(fmt)
        if not result["over"] or result["winner"] is not None or sheet.tiebreak is not None:
            raise IllegalEvent(f"{sheet.match} is not a finished, level match", "match")
        if set(teams) != {sheet.sides["north_south"], sheet.sides["east_west"]}:
            raise IllegalEvent(f"the tie-break is between {sheet.match}'s two teams", "teams")
        sheet.tiebreak = {
            "winner": sheet.side_of_team(teams[0]),
            "team": teams[0],
            "reason": event.reason,
            "hand": event.hand,
            "citations": fmt.cite_data("tiebreak_playoff"),
        }
        return
    tied = next((t for t in standings()["ties"] if set(teams) <= set(t["teams"])), None)
    if tied is None or set(teams) != set(tied["teams"]):
        raise IllegalEvent("these teams are not tied on every tie-breaker: nothing to decide", "teams")
    recorded.append(
        {
            "teams": teams,
            "reason": event.reason,
            "hand": event.hand,
            "event": at,
            "citations": fmt.cite_data("tiebreak_playoff"),
        }
    )
