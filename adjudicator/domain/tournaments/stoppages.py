"""Matches decided off the cards: a playoff team not present, a game stopped by the time limit.

Detroit (I Playoff Pairing): "the official also has the right to eliminate a team if they are not
present to play their round": the official records ``team_absent`` and the opponent advances, the
match decided without a hand or a signature. Ontario (C.1; MATRIX.md interpretation:
euchre-time-limit): a game has a 20-minute limit, and a game the limit stops is scored on the hands
completed (``game_stopped``), then signed like any other. Where a rulebook has neither rule the event
is refused, naming what the rulebook does instead.
"""

from __future__ import annotations

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks import TournamentFormat
from adjudicator.domain.tournaments.events import GameStopped, TeamAbsent
from adjudicator.domain.tournaments.roster import Roster
from adjudicator.domain.tournaments.scoring import Scorekeeper, named_side


def eliminate_absent(
    fmt: TournamentFormat, roster: Roster, scores: Scorekeeper, event: TeamAbsent, at: int
) -> None:
    """The official eliminates a playoff team not present to play; its opponent advances."""
    if not fmt.absent_team_eliminated:
        raise IllegalEvent(
            f"{fmt.ruleset}'s rulebook gives the official no elimination for absence: "
            "forfeit hands (hand_forfeited) or withdraw the team (team_withdrawn)",
            "type",
        )
    sheet = scores.sheet(event.match)
    if sheet.stage != "playoff":
        raise IllegalEvent(
            f"{sheet.match} is not a playoff match: an absent team is eliminated from the playoff only "
            f"({'; '.join(str(c) for c in fmt.cite('absence'))})",
            "match",
        )
    side = named_side(roster, sheet, event.team, None)
    if sheet.stoppage is not None:
        raise IllegalEvent(f"{sheet.match} is already decided by an absence", "match")
    if sheet.signed or sheet.lines:
        raise IllegalEvent(
            f"{sheet.match} has been played ({len(sheet.lines)} hands on its sheet): "
            "a team present for its match is not eliminated for absence",
            "match",
        )
    sheet.stoppage = {
        "kind": "absent",
        "team": side,
        "minutes": None,
        "reason": event.reason,
        "by": event.by or "official",
        "event": at,
        "citations": fmt.cite_data("absence"),
    }


def stop_game(fmt: TournamentFormat, scores: Scorekeeper, event: GameStopped, at: int) -> None:
    """A game stopped by the time limit: over on the hands completed, to be signed as it stands."""
    limit = fmt.time_limit_minutes
    if limit is None:
        raise IllegalEvent(
            f"{fmt.ruleset}'s rulebook sets no time limit on a {fmt.match_name}: "
            f"its {fmt.match_hands} hands are played",
            "type",
        )
    sheet = scores.sheet(event.match)
    if event.minutes < limit:
        raise IllegalEvent(
            f"a game is stopped at its {limit}-minute limit, not after {event.minutes} minutes "
            f"({'; '.join(str(c) for c in fmt.cite('time_limit'))})",
            "minutes",
        )
    sheet.check_open(fmt, "a game is stopped")
    if sheet.stoppage is not None:
        raise IllegalEvent(f"{sheet.match} is already stopped", "match")

    def write() -> None:
        sheet.stoppage = {
            "kind": "time_limit",
            "team": None,
            "minutes": event.minutes,
            "reason": event.reason,
            "by": event.by or "official",
            "event": at,
            "citations": fmt.cite_data("time_limit"),
        }

    scores.change(fmt, sheet, write)
