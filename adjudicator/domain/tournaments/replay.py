"""Tournament: a tournament's event log applied in order, as ``adjudicator.domain.table.Table`` is a hand's.

Facts are recorded, impossibilities refused: an unknown team, a hand for a match that does not exist,
a second pairing of a team in one round, a sheet signed twice by one team raise ``IllegalEvent`` and
change nothing (every part checks before it writes). Rule-breaking facts (a late team, a dispute
without its form) are recorded and ruled on, with citations. Standings are kept incrementally as
sheets are signed or corrected, and ``replay_tournament(log)`` rebuilds the same from the log alone.

``Tournament`` only parses an event and hands it to the part of the tournament it concerns: the
roster, the seating (its draws and proposal), the scorekeeper's sheets (their disputes, the table
a match is called to), the tie-breaks and the playoff.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks import TournamentFormat
from adjudicator.domain.tournaments import (
    delay_clock,
    disputes,
    draws,
    match_calling,
    playoffs,
    stoppages,
    tiebreaks,
)
from adjudicator.domain.tournaments.changes import Change, Journal
from adjudicator.domain.tournaments.clock_events import ClockStarted, ClockStopped
from adjudicator.domain.tournaments.entry import Entries
from adjudicator.domain.tournaments.events import (
    BoardPublic,
    DelayOfGame,
    DisputeFiled,
    DisputeRuled,
    Draw,
    DrawPurpose,
    EntryAdmitted,
    Event,
    EventData,
    GameStopped,
    HandForfeited,
    HandScored,
    MatchCalled,
    PlayerRegistered,
    PlayoffSeeded,
    SeatingConfirmed,
    SeatingOverridden,
    SheetCorrected,
    SheetSigned,
    SingleRegistered,
    SinglesPaired,
    TeamAbsent,
    TeamCheckedIn,
    TeamInDefault,
    TeamRegistered,
    TeamReinstated,
    TeamWithdrawn,
    TiebreakDecided,
    TournamentCreated,
    parse_event,
)
from adjudicator.domain.tournaments.hall import Hall
from adjudicator.domain.tournaments.proposal import Proposal, judge_seating, propose
from adjudicator.domain.tournaments.ranking import Ranking, moved_by
from adjudicator.domain.tournaments.roster import Roster, TeamRegistration
from adjudicator.domain.tournaments.scoring import Scorekeeper
from adjudicator.domain.tournaments.seating import Round, Schedule, Seating, read_tables
from adjudicator.domain.tournaments.sheets import Sheet, Side
from adjudicator.domain.tournaments.standings import Tally, day_standings
from adjudicator.domain.tournaments.tiebreaks import Tiebreak

#: The moment a new event is recorded, which judges what closes at a time (``entry``); None on replay.
When = datetime | None


class Tournament:
    """The state of one tournament after the events applied so far."""

    def __init__(self) -> None:
        self.schedule: Schedule | None = None
        self.roster, self.entries = Roster(), Entries()  # who plays; who was admitted, for which centre
        self.hall = Hall()
        self.seating = Seating()
        self.scores = Scorekeeper()
        self.tiebreaks: list[Tiebreak] = []
        self.seeding: playoffs.Seeding | None = None
        self.version = 0
        #: The last version that may have changed the standings (any event but a hand on an open sheet).
        self.standings_version = 0
        self.bracket_version = 0  # likewise: the last that may have moved the seeding or a playoff sheet
        #: The standings kept in order as sheets change (``ranked``); what each version changed.
        self.ranking, self.journal = Ranking(), Journal()

    # ------------------------------------------------------------------ applying events
    def apply(self, data: Mapping[str, Any], *, recorded: bool = False, now: When = None) -> None:
        """Record one event, or raise ``IllegalEvent`` (with the log index it would have had). An event
        already ``recorded`` is not judged again against the proposal of the day (``_seat``) nor ``now``."""
        at, moves, playoff = self.version + 1, self.scores.moves, self.scores.playoff_moves
        try:
            match event := parse_event(data):
                case TournamentCreated() as created:
                    if self.schedule is not None:
                        raise IllegalEvent("the tournament already exists", "type")
                    self.schedule = Schedule.of(created)
                case event:
                    self._record(self._created(), event, at, recorded, None if recorded else now)
        except IllegalEvent as error:
            raise error.at(at) from None
        self.version = at
        if not isinstance(event, HandScored) or self.scores.moves != moves:
            self.standings_version = at
        if self.scores.playoff_moves != playoff or isinstance(event, PlayoffSeeded | TeamAbsent):
            self.bracket_version = at
        self._note(event, at)

    def _note(self, event: Event, at: int) -> None:
        """Tell the ranking which teams it must place again, and note the hands linked anew."""
        units, relinked = self.scores.take_moved()
        team_of = self.roster.team_of_player
        self.ranking.mark([*(team_of.get(unit, unit) for unit in units), *moved_by(event)])
        self.journal.note(Change(at, hands=tuple(relinked)))

    def _record(self, schedule: Schedule, event: Event, at: int, recorded: bool, now: When) -> None:
        fmt, roster, scores = schedule.fmt, self.roster, self.scores
        match event:
            case TeamRegistered() | EntryAdmitted():
                self.ranking.mark(self.entries.record(schedule, roster, event, at, now, self.seating.rounds))
            case PlayerRegistered() | SingleRegistered() | SinglesPaired():
                roster.enter(fmt, event, play_began=bool(self.seating.rounds))
            case TeamWithdrawn():
                roster.withdraw(fmt, event, at)
            case TeamReinstated():
                self.entries.reinstate(roster, event)
            case TeamCheckedIn() | BoardPublic() | TeamInDefault():
                self.entries.at_hall(schedule, roster, self.hall, event, at, now)
            case Draw():
                draws.record_draw(self.seating, schedule, roster, event)
            case SeatingConfirmed() | SeatingOverridden():
                self._seat(schedule, event, recorded)
            case HandScored():
                scores.score_hand(fmt, event, at)
            case HandForfeited():
                scores.forfeit_hand(fmt, roster, event, at)
            case DelayOfGame():
                scores.charge_delay(fmt, roster, event, at)
            case SheetSigned():
                sheet = scores.sign(fmt, roster, event)
                if sheet.signed and sheet.stage == "playoff":
                    self._open_playoff_matches()
            case TeamAbsent():
                stoppages.eliminate_absent(fmt, roster, scores, event, at)
                self._open_playoff_matches()
            case GameStopped():
                stoppages.stop_game(fmt, scores, event, at)
            case MatchCalled():
                match_calling.call_to_table(scores, event)
            case ClockStarted() | ClockStopped():
                delay_clock.record(fmt, roster, scores, event, at, now)
            case SheetCorrected():
                scores.correct_sheet(fmt, event, at)
            case DisputeFiled():
                disputes.file(fmt, roster, scores, event, at)
            case DisputeRuled():
                disputes.rule(fmt, scores, event, at)
            case TiebreakDecided():
                tiebreaks.decide(fmt, roster, scores, self.standings, self.tiebreaks, event, at)
            case PlayoffSeeded():
                counted, unsigned = roster.counted(), scores.unsigned()
                self.seeding = playoffs.record_seeding(
                    fmt, self.seeding, self.standings(), counted, unsigned, event
                )
                self._open_playoff_matches()

    def _seat(self, schedule: Schedule, event: SeatingConfirmed | SeatingOverridden, recorded: bool) -> None:
        """Seat a round as proposed (confirmed) or as the director set it (overridden, with a reason);
        a seating from the log is replayed as seated, judged only when recorded (``judge_seating``)."""
        unsigned, begun = self.scores.unsigned(), self.seeding is not None
        self.seating.check_round(schedule, event.round, unsigned=unsigned, playoff_begun=begun)
        tables = read_tables(schedule.fmt, self.roster, event.round, event.tables)
        if not recorded:
            judge_seating(
                schedule,
                self.roster,
                event.round,
                tables,
                self.proposal if isinstance(event, SeatingConfirmed) else None,
            )
        reason = event.reason if isinstance(event, SeatingOverridden) else None
        self.seating.seat(schedule, event.round, tables, reason)
        self.scores.open_round(event.round, tables)

    def _open_playoff_matches(self) -> None:
        bracket = self.bracket()
        if bracket is not None:
            self.scores.open_playoff(bracket["matches"])

    def _created(self) -> Schedule:
        if self.schedule is None:
            raise IllegalEvent("a tournament starts with tournament_created", "type")
        return self.schedule

    # ------------------------------------------------------------------ what tournament_created fixed
    @property
    def fmt(self) -> TournamentFormat | None:
        """The rulebook's format, None until the tournament is created."""
        return None if self.schedule is None else self.schedule.fmt

    @property
    def format(self) -> TournamentFormat:
        return self._created().fmt

    @property
    def name(self) -> str | None:
        return None if self.schedule is None else self.schedule.name

    @property
    def max_rounds(self) -> int | None:
        return None if self.schedule is None else self.schedule.max_rounds

    # ------------------------------------------------------------------ the parts, as readers use them
    @property
    def teams(self) -> dict[str, TeamRegistration]:
        return self.roster.teams

    @property
    def rounds(self) -> dict[int, Round]:
        return self.seating.rounds

    @property
    def sheets(self) -> dict[str, Sheet]:
        return self.scores.sheets

    @property
    def tallies(self) -> dict[str, Tally]:
        return self.scores.tallies

    @property
    def next_round(self) -> int:
        return self.seating.next_round

    def members(self, side: Side) -> list[str]:
        """Who may sign for a side: the two players (Bid Euchre) or the team's registered players."""
        return self.roster.members(side)

    def counted_teams(self) -> dict[str, TeamRegistration]:
        return self.roster.counted()

    def session_first(self, rnd: int) -> bool:
        return self._created().session_first(rnd)

    # ------------------------------------------------------------------ seating
    def draws_needed(self) -> list[DrawPurpose]:
        """The draws the next round's proposal waits for, in order."""
        return draws.draws_needed(self.seating, self._created())

    def random_draw(self, purpose: str, rng: random.Random) -> EventData:
        """A draw the official can record: its outcome drawn here, once, and kept in the event."""
        return draws.random_draw(self.seating, self._created(), self.roster, purpose, rng)

    def proposal(self) -> Proposal:
        """The next round's seating as the rulebook moves the teams, or what it waits for."""
        begun, roster = self.seeding is not None, self.roster
        proposed = propose(self._created(), self.seating, roster, self.scores.sheets, playoff_begun=begun)
        return {**proposed, "not_checked_in": self.hall.not_checked_in(roster)}

    # ------------------------------------------------------------------ standings and playoffs
    def ranked(self) -> Ranking:
        """The ranking brought up to date; the rows it changed are noted in the journal."""
        ties = [t["teams"] for t in self.tiebreaks]
        counted, version = self.roster.in_standings, self.version
        self.journal.note(self.ranking.refresh(self.format, self.scores.tallies, counted, ties, version))
        return self.ranking

    def standings(self) -> dict[str, Any]:
        """The standings (``standings.standings`` gives the same, computed afresh)."""
        return self.ranked().table(self.format, self.scores.tallies, self.roster.in_standings)

    def day_standings(self) -> list[dict[str, Any]]:
        """The standings at the end of each day (Ontario D.2), from that day's and earlier games."""
        ties = [t["teams"] for t in self.tiebreaks]
        return day_standings(self.format, self.scores.sheets.values(), self.roster.counted(), ties)

    def propose_seeding(self, size: int | None = None) -> dict[str, Any]:
        """The playoff seeds the standings give, and any tie across the cut still to be played off."""
        entries = len(self.roster.counted())
        return playoffs.propose_seeds(self.format, self.standings(), entries, size)

    def bracket(self) -> dict[str, Any] | None:
        if self.seeding is None:
            return None
        return playoffs.played_bracket(self.format, self.seeding, self.scores.playoff)

    def medals(self) -> dict[str, Any]:
        """Places: from the bracket, else the standings (Ontario D.2, E); ``members`` get a medal each."""
        fmt = self.format
        if fmt.playoff == "none":
            places = playoffs.standing_places(fmt, self.ranked().head(fmt))
        else:
            bracket = self.bracket()
            places = bracket["places"] if bracket else {}
        result = playoffs.medals(fmt, places)
        result["members"] = self.roster.placed_members(result["places"])
        return result

    def state(self) -> dict[str, Any]:
        fmt = self.format
        return {
            "ruleset": fmt.ruleset,
            "game": fmt.game,
            "name": self.name,
            **self._created().times(),
            "version": self.version,
            "players": list(self.roster.players.values()),
            "teams": list(self.roster.teams.values()),
            "draws": list(self.seating.draws.values()),
            "rounds": list(self.seating.rounds.values()),
            "sheets": [s.to_dict(fmt) for s in self.scores.sheets.values()],
            "standings": self.standings(),
            "tiebreaks": list(self.tiebreaks),
            "proposal": self.proposal(),
            "seeding": self.seeding,
            "bracket": self.bracket(),
            "medals": self.medals(),
            **self.hall.state(),
        }


def replay_tournament(events: Iterable[Mapping[str, Any]]) -> Tournament:
    """The tournament a log describes; ``IllegalEvent`` (with its index) for the first impossible event."""
    tournament = Tournament()
    for event in events:
        tournament.apply(event, recorded=True)
    return tournament
