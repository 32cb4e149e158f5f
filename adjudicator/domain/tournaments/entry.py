"""Who may enter a tournament, and until when: the entry rules (``EntryRules``) applied to a registration.

A tournament that records its start time (``tournament_created.starts_at``) checks every team
registered: the players' declared facts against the rulebook's eligibility at the tournament's level
(age on the tournament's day, registration elsewhere by a date, residence, a qualification), the close
of registration after the start, and a centre's places in a full field. The service checks declared
facts; it does not verify identity (interpretation: declared-eligibility). A refusal says why and
cites its row; an official may admit the team anyway, with a reason (``entry_admitted``, interpretation:
official-admits), recorded before its registration. Tournaments without a start time register as they
always did. The close depends on when a registration is recorded: it is judged when the service
records it (``now``), never again on replay, where the log's facts stand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Final

from adjudicator.domain.citations import Citation
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks.entry import Eligibility, EntryRules
from adjudicator.domain.tournaments.events import (
    BoardPublic,
    EntryAdmitted,
    EventData,
    TeamCheckedIn,
    TeamInDefault,
    TeamRegistered,
    TeamReinstated,
)
from adjudicator.domain.tournaments.hall import Hall
from adjudicator.domain.tournaments.roster import Roster
from adjudicator.domain.tournaments.seating import Schedule

#: The facts a player may declare at registration, each with what it holds.
FACTS: Final = {
    "birth_date": "a day, YYYY-MM-DD",
    "senior_olympics_registered": "a day, YYYY-MM-DD",
    "residence": "a province or state, in words",
    "title": "an earlier title or medal that qualifies, in words",
    "district_gold": "the district tournament (its id) whose gold medal the player won, found by the server",
}
DAYS: Final = ("birth_date", "senior_olympics_registered")


class EntryRefused(IllegalEvent):
    """A registration the entry rules refuse, in words, with the sections they cite; an official may
    admit the team anyway."""

    def __init__(self, words: str, citations: tuple[Citation, ...], where: str) -> None:
        said = "; ".join(str(c) for c in citations)
        super().__init__(
            f"{words} ({said}); an official may admit the entry with a reason", where, citations=citations
        )


def age_on(birth: date, day: date) -> int:
    """Whole years of age on ``day`` of a person born on ``birth`` (one born on 29 February has
    their birthday on 1 March in other years)."""
    before_birthday = (day.month, day.day) < (birth.month, birth.day)
    return day.year - birth.year - before_birthday


def declared_facts(declared: Mapping[str, Any] | None, players: list[str]) -> dict[str, dict[str, Any]]:
    """Each player's declared facts, checked for form; ``IllegalEvent`` naming the fact otherwise."""
    out: dict[str, dict[str, Any]] = {}
    for player, facts in (declared or {}).items():
        if player not in players:
            raise IllegalEvent(
                f"facts are declared for {player!r}, who is not one of the team", f"declared/{player}"
            )
        if not isinstance(facts, dict):
            raise IllegalEvent("a player's declared facts are an object", f"declared/{player}")
        for name, value in facts.items():
            where = f"declared/{player}/{name}"
            if name not in FACTS:
                raise IllegalEvent(f"a player declares one of {', '.join(FACTS)}, not {name!r}", where)
            if not isinstance(value, str) or not value.strip():
                raise IllegalEvent(f"{name} is {FACTS[name]}", where)
            if name in DAYS and not _day(value):
                raise IllegalEvent(f"{name} is {FACTS[name]}", where)
        out[player] = dict(facts)
    return out


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        return None


def the_day(schedule: Schedule) -> date | None:
    """The tournament's day: its recorded date, or the day of its start where it starts."""
    if schedule.date is not None:
        return date.fromisoformat(schedule.date)
    return schedule.starts_at.date() if schedule.starts_at is not None else None


def ineligible(
    rules: EntryRules, level: Eligibility, day: date, player: str, facts: Mapping[str, Any]
) -> tuple[str, tuple[Citation, ...], str] | None:
    """Why one player may not play at ``level`` on ``day`` from their declared facts (words, the
    citations, the fact's field); None if they may."""
    where = f"declared/{player}"
    if level.min_age is not None:
        birth = _day(facts.get("birth_date", ""))
        if birth is None:
            return (
                f"{player} declares no birth date: a player must be {level.age_words}",
                rules.cite("age", "declared"),
                where,
            )
        age = age_on(birth, day)
        if age < level.min_age:
            return (
                f"{player} is {age} on {day:%-d %B %Y}: a player must be {level.age_words}",
                rules.cite("age"),
                where,
            )
    if level.registered_by is not None:
        by = date(day.year, *level.registered_by)
        registered = _day(facts.get("senior_olympics_registered", ""))
        if registered is None or registered > by:
            when = (
                "declares no registration" if registered is None else f"registered on {registered:%-d %B %Y}"
            )
            return (
                f"{player} {when}: a player must be {level.registered_words}",
                rules.cite("registered_by", "declared"),
                where,
            )
    if (
        level.residence is not None
        and str(facts.get("residence", "")).strip().casefold() != level.residence.casefold()
    ):
        lives = facts.get("residence")
        said = f"lives in {lives}" if lives else "declares no residence"
        return (
            f"{player} {said}: a player must live in {level.residence}",
            rules.cite("residence", "declared"),
            where,
        )
    if level.qualified and not facts.get("title") and not facts.get("district_gold"):
        return (
            f"{player} declares no qualifying title, and no district gold medal of theirs is recorded on "
            "this server: the championships take district gold medal winners and earlier champions",
            rules.cite("qualified", "declared"),
            where,
        )
    return None


def closed(rules: EntryRules, starts_at: datetime, now: datetime) -> str | None:
    """Why registration is closed at ``now`` (None: open), for a rulebook that closes it after the start."""
    if rules.closes_after_start is None or now <= starts_at + rules.closes_after_start:
        return None
    minutes = int(rules.closes_after_start.total_seconds() // 60)
    start = f"{starts_at:%H:%M} on {starts_at:%-d %B %Y}"
    if minutes == 0:
        return f"the tournament started at {start}: anyone not present at the start is in default"
    return f"registration closed {minutes} minutes after the start at {start}"


@dataclass
class Entries:
    """The admissions an official recorded, and the centre each team entered for."""

    admitted: dict[str, str] = field(default_factory=dict)
    centre_of: dict[str, str] = field(default_factory=dict)
    defaulted: set[str] = field(default_factory=set)  # in default at the start, no exception since

    def admit(self, roster: Roster, event: EntryAdmitted) -> None:
        """An official's admission: before the team registers (past the entry rules), or after it (past
        the default of a team not present at the start, the Event Convenor's exception, Ontario A: the
        team is in play again)."""
        if event.team in self.admitted:
            raise IllegalEvent(f"team {event.team!r} is already admitted", "team")
        self.admitted[event.team] = event.reason
        if event.team in self.defaulted:
            self.defaulted.discard(event.team)
            roster.reinstate(TeamReinstated(event.team, event.reason))

    def reinstate(self, roster: Roster, event: TeamReinstated) -> None:
        """A withdrawal undone; not a default: the Event Convenor's exception, with its reason, is how a
        team in default plays (Ontario A)."""
        if event.team in self.defaulted:
            raise IllegalEvent(
                f"{event.team} is in default at the start: the Event Convenor's exception (entry_admitted, "
                "with a reason) puts it back in play",
                "team",
            )
        roster.reinstate(event)

    def due(self, schedule: Schedule | None, roster: Roster, hall: Hall, now: datetime) -> list[EventData]:
        """The teams in default at ``now`` not yet recorded so (Ontario A): where the rulebook requires
        presence at the start and the start has passed, the teams in play not checked in and not
        admitted, as the events that record it; none while no team has checked in (check-in not in use
        at this tournament)."""
        start = None if schedule is None else schedule.starts_at
        if schedule is None or not schedule.fmt.entry.present_at_start or start is None or now <= start:
            return []
        if not hall.checked_in:
            return []
        due = [t for t in roster.in_play() if t not in hall.checked_in and t not in self.admitted]
        return [{"type": "team_in_default", "team": team} for team in due]

    def default(
        self,
        schedule: Schedule,
        roster: Roster,
        hall: Hall,
        event: TeamInDefault,
        at: int,
        now: datetime | None,
    ) -> None:
        """A team in default at the start: out of play, with the reason in words (Ontario A); refused
        where the rulebook requires no presence, or the team was present or admitted."""
        rules, team = schedule.fmt.entry, roster.team(event.team, "team")
        start = schedule.starts_at
        if not rules.present_at_start or start is None:
            raise IllegalEvent("this tournament's rules put no team in default at the start", "type")
        if now is not None and now <= start:
            raise IllegalEvent(
                f"the tournament starts at {start:%H:%M}: no team is in default before", "team"
            )
        if team in hall.checked_in or team in self.admitted or roster.withdrawn(team):
            raise IllegalEvent(
                f"{team} was present at the start, admitted, or is out of play already", "team"
            )
        self.defaulted.add(team)
        reason = f"in default: not present at the start at {start:%H:%M}"
        roster.stand_down(team, reason, at, [c.to_dict() for c in rules.cite("closes")])

    def judge(self, schedule: Schedule, roster: Roster, event: TeamRegistered, now: datetime | None) -> None:
        """Refuse ``event`` if the entry rules do and no official admitted the team; the close only
        when ``now`` is known (the moment it is recorded)."""
        players = [p for p in event.players if isinstance(p, str)]
        facts = declared_facts(event.declared, players)
        if schedule.starts_at is None or event.team in self.admitted or event.floater:
            return
        rules = schedule.fmt.entry
        if now is not None and (why := closed(rules, schedule.starts_at, now)):
            raise EntryRefused(why, rules.cite("closes"), "team")
        level = rules.levels[schedule.level or next(iter(rules.levels))]
        day = the_day(schedule) or schedule.starts_at.date()
        checks_players = (
            any(v is not None for v in (level.min_age, level.registered_by, level.residence))
            or level.qualified
        )
        if checks_players and not players:
            raise EntryRefused(
                "the team names no players, whose declared facts decide who may play",
                rules.cite("declared"),
                "players",
            )
        for player in players:
            if found := ineligible(rules, level, day, player, facts.get(player, {})):
                raise EntryRefused(*found)

    def record(
        self,
        schedule: Schedule,
        roster: Roster,
        event: TeamRegistered | EntryAdmitted,
        at: int,
        now: datetime | None,
        rounds: Mapping[int, object],
    ) -> list[str]:
        """An admission, or a team registered as the entry rules allow (at ``now``, where known; until
        play began, the ``rounds`` seated): the teams whose standing it moves (one that gave its place)."""
        if isinstance(event, EntryAdmitted):
            self.admit(roster, event)
            return [event.team] if event.team in roster.teams else []
        self.judge(schedule, roster, event, now)
        displaced = self.place(schedule, roster, event)
        roster.register_team(schedule.fmt, event, play_began=bool(rounds))
        self.enter(schedule, roster, event, displaced, at)
        return [displaced] if displaced else []

    def at_hall(
        self,
        schedule: Schedule,
        roster: Roster,
        hall: Hall,
        event: TeamCheckedIn | BoardPublic | TeamInDefault,
        at: int,
        now: datetime | None,
    ) -> None:
        """What the hall records: a team in default at the start, or a check-in or the board's setting
        (a check-in judged by ``present``)."""
        if isinstance(event, TeamInDefault):
            self.default(schedule, roster, hall, event, at, now)
        else:
            hall.record(roster, self.present(schedule, event, now), at)

    def present(
        self, schedule: Schedule, event: TeamCheckedIn | BoardPublic, now: datetime | None
    ) -> TeamCheckedIn | BoardPublic:
        """``event`` for the hall to record; a check-in after the start, where being present at the
        start is the rule, is refused: the team is in default unless an official admitted it (Ontario A)."""
        rules = schedule.fmt.entry
        if (
            not isinstance(event, TeamCheckedIn)
            or not rules.present_at_start
            or schedule.starts_at is None
            or now is None
            or event.team in self.admitted
            or now <= schedule.starts_at
        ):
            return event
        start = f"{schedule.starts_at:%H:%M}"
        raise EntryRefused(
            f"{event.team} was not present at the start at {start} and is in default",
            rules.cite("closes"),
            "team",
        )

    def place(self, schedule: Schedule, roster: Roster, event: TeamRegistered) -> str | None:
        """Where a full field finds the team a place (Detroit XIV; interpretation: centre-places): every
        centre may enter one team, further teams while places remain; a centre's first team takes the
        place of the latest further team of a centre with more than one. The team it displaces (None:
        none); ``EntryRefused`` when there is no place."""
        rules, places = schedule.fmt.entry, schedule.places
        if not rules.centre_places or places is None or event.floater or schedule.starts_at is None:
            return None
        field_ = [t for t in roster.in_play() if not roster.teams[t]["floater"]]
        if len(field_) < places or event.team in self.admitted:
            return None
        centre = event.centre
        if centre is None or any(self.centre_of.get(t) == centre for t in field_):
            whose = f"{centre}'s further team" if centre else "a team of no centre"
            raise EntryRefused(
                f"the field of {places} teams is full: {whose} enters only while places remain",
                rules.cite("centres"),
                "centre",
            )
        order = list(roster.teams)
        firsts: dict[str, str] = {}
        for t in sorted(field_, key=order.index):
            if t in self.centre_of:
                firsts.setdefault(self.centre_of[t], t)
        further = [t for t in field_ if t in self.centre_of and firsts[self.centre_of[t]] != t]
        if not further:
            raise EntryRefused(
                f"the field of {places} teams is full and every place is a centre's first team",
                rules.cite("centres"),
                "centre",
            )
        return max(further, key=order.index)

    def enter(
        self, schedule: Schedule, roster: Roster, event: TeamRegistered, displaced: str | None, at: int
    ) -> None:
        """Note the registered team's centre, and stand down the team whose place it took."""
        if event.centre is not None:
            self.centre_of[event.team] = event.centre
        if displaced is not None:
            reason = f"gave its place to {event.team}, the first team of {event.centre}"
            roster.stand_down(
                displaced, reason, at, [c.to_dict() for c in schedule.fmt.entry.cite("centres")]
            )
