"""The event vocabulary of a tournament: JSON-able dicts in, typed events out.

Like a hand's events (``adjudicator.domain.events``), every fact a director or scorekeeper records about a
tournament is one dict with a ``type``. ``check`` refuses a malformed event (unknown type, missing or
mistyped field) and ``parse_event`` turns a well-formed one into its dataclass; whether it could have
happened at that moment is the replay's question (``adjudicator.domain.tournaments.replay``). Random draws
carry their outcome and overrides their reason, so a replay never draws again and never guesses why. The
lists an event carries (outcome, tables, seeds) are checked against the tournament when applied.

>>> parse_event({"type": "team_withdrawn", "team": "Aces", "reason": "illness"})
TeamWithdrawn(team='Aces', reason='illness')
>>> from dataclasses import fields
>>> all(  # every event class holds exactly the fields of its vocabulary entry
...     {f.name for f in fields(cls)} == {*VOCABULARY[kind][0], *VOCABULARY[kind][1]}
...     for kind, cls in EVENT_CLASSES.items()
... )
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from adjudicator.domain.cards import SEATS
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.moments import is_date, moment
from adjudicator.domain.tournaments.clock_events import ClockStarted, ClockStopped
from adjudicator.domain.tournaments.registrations import (
    EntryAdmitted as EntryAdmitted,
)
from adjudicator.domain.tournaments.registrations import (
    PlayerRegistered as PlayerRegistered,
)
from adjudicator.domain.tournaments.registrations import (
    SingleRegistered as SingleRegistered,
)
from adjudicator.domain.tournaments.registrations import (
    SinglesPaired as SinglesPaired,
)
from adjudicator.domain.tournaments.registrations import (
    TeamAbsent as TeamAbsent,
)
from adjudicator.domain.tournaments.registrations import (
    TeamCheckedIn as TeamCheckedIn,
)
from adjudicator.domain.tournaments.registrations import (
    TeamInDefault as TeamInDefault,
)
from adjudicator.domain.tournaments.registrations import (
    TeamRegistered as TeamRegistered,
)
from adjudicator.domain.tournaments.registrations import (
    TeamReinstated as TeamReinstated,
)
from adjudicator.domain.tournaments.registrations import (
    TeamWithdrawn as TeamWithdrawn,
)
from adjudicator.domain.tournaments.registrations import (
    TournamentCreated as TournamentCreated,
)

_STR: Final = "text"
_INT: Final = "whole number"
_BOOL: Final = "true or false"
_LIST: Final = "list"
_DICT: Final = "object"
_TYPES: Final[dict[str, tuple[type, ...]]] = {
    _STR: (str,),
    _INT: (int,),
    _BOOL: (bool,),
    _LIST: (list,),
    _DICT: (dict,),
}

#: type -> (required fields, optional fields), each field with the kind of value it holds.
VOCABULARY: Final[dict[str, tuple[dict[str, str], dict[str, str]]]] = {
    "tournament_created": (
        {"ruleset": _STR},
        {
            "name": _STR,
            "date": _STR,
            "games_per_session": _INT,
            "rounds": _INT,
            "qualifiers": _LIST,
            "starts_at": _STR,
            "level": _STR,
            "places": _INT,
        },
    ),
    "player_registered": ({"player": _STR}, {"name": _STR, "person": _STR}),
    "team_registered": (
        {"team": _STR},
        {
            "number": _INT,
            "name": _STR,
            "players": _LIST,
            "floater": _BOOL,
            "people": _LIST,
            "qualified_in": _STR,
            "centre": _STR,
            "declared": _DICT,
        },
    ),
    "single_registered": ({"player": _STR}, {"name": _STR, "person": _STR}),
    "singles_paired": ({"team": _STR}, {"players": _LIST, "number": _INT, "name": _STR, "by": _STR}),
    "entry_admitted": ({"team": _STR, "reason": _STR}, {"by": _STR}),
    "team_withdrawn": ({"team": _STR, "reason": _STR}, {}),
    "team_reinstated": ({"team": _STR, "reason": _STR}, {}),
    "draw": ({"purpose": _STR, "round": _INT, "outcome": _LIST}, {"by": _STR}),
    "seating_confirmed": ({"round": _INT, "tables": _LIST}, {"by": _STR}),
    "seating_overridden": ({"round": _INT, "tables": _LIST, "reason": _STR}, {"by": _STR}),
    "hand_scored": ({"match": _STR, "hand": _STR, "score": _DICT}, {"dealer": _STR}),
    "hand_forfeited": ({"match": _STR, "reason": _STR}, {"team": _STR, "player": _STR, "by": _STR}),
    "delay_of_game": ({"match": _STR, "minutes": _INT}, {"team": _STR, "player": _STR}),
    "sheet_signed": ({"match": _STR}, {"team": _STR, "player": _STR}),
    "sheet_corrected": ({"match": _STR, "hand": _STR, "score": _DICT, "reason": _STR}, {"by": _STR}),
    "dispute_filed": (
        {"dispute": _STR, "match": _STR, "form_complete": _BOOL},
        {"team": _STR, "player": _STR, "fee": _INT, "detail": _STR},
    ),
    "dispute_ruled": ({"dispute": _STR, "upheld": _BOOL, "reason": _STR}, {"hand": _STR, "score": _DICT}),
    "tiebreak_decided": ({"teams": _LIST, "reason": _STR}, {"match": _STR, "hand": _STR}),
    "playoff_seeded": ({"seeds": _LIST}, {"reason": _STR, "by": _STR}),
    "team_absent": ({"match": _STR, "team": _STR, "reason": _STR}, {"by": _STR}),
    "game_stopped": ({"match": _STR, "minutes": _INT, "reason": _STR}, {"by": _STR}),
    "team_checked_in": ({"team": _STR}, {"by": _STR}),
    "team_in_default": ({"team": _STR}, {"by": _STR}),
    "board_public": ({"public": _BOOL}, {"by": _STR}),
    "match_called": ({"match": _STR, "table": _INT}, {"reason": _STR, "by": _STR}),
    "clock_started": ({"match": _STR}, {"team": _STR, "player": _STR, "since": _STR, "by": _STR}),
    "clock_stopped": ({"match": _STR}, {"by": _STR}),
}

EVENT_TYPES: Final = tuple(VOCABULARY)
DRAW_PURPOSES: Final = ("first_pairing", "odd_opponent", "session_start")
DrawPurpose = Literal["first_pairing", "odd_opponent", "session_start"]
#: An event as the log keeps it and the API carries it: a JSON-able dict with a ``type``.
EventData = dict[str, Any]
#: A hand's score as an event gives it, before the sheet checks that it is a final score.
RawScore = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Draw:
    """A random draw, recorded with its outcome so that no replay draws again."""

    purpose: DrawPurpose
    round: int
    outcome: tuple[object, ...]
    by: str | None = None


@dataclass(frozen=True, slots=True)
class SeatingConfirmed:
    round: int
    tables: tuple[object, ...]
    by: str | None = None


@dataclass(frozen=True, slots=True)
class SeatingOverridden:
    round: int
    tables: tuple[object, ...]
    reason: str
    by: str | None = None


@dataclass(frozen=True, slots=True)
class HandScored:
    """A hand on a match's sheet; ``dealer``, the seat that dealt it, where it was recorded."""

    match: str
    hand: str
    score: RawScore
    dealer: str | None = None


@dataclass(frozen=True, slots=True)
class HandForfeited:
    match: str
    reason: str
    team: str | None = None
    player: str | None = None
    by: str | None = None


@dataclass(frozen=True, slots=True)
class DelayOfGame:
    match: str
    minutes: int
    team: str | None = None
    player: str | None = None


@dataclass(frozen=True, slots=True)
class SheetSigned:
    match: str
    team: str | None = None
    player: str | None = None


@dataclass(frozen=True, slots=True)
class SheetCorrected:
    match: str
    hand: str
    score: RawScore
    reason: str
    by: str | None = None


@dataclass(frozen=True, slots=True)
class DisputeFiled:
    dispute: str
    match: str
    form_complete: bool
    team: str | None = None
    player: str | None = None
    fee: int | None = None
    detail: str | None = None


@dataclass(frozen=True, slots=True)
class DisputeRuled:
    dispute: str
    upheld: bool
    reason: str
    hand: str | None = None
    score: RawScore | None = None


@dataclass(frozen=True, slots=True)
class TiebreakDecided:
    """A tie played off: ``teams`` in the order it put them; with ``match``, a level playoff match."""

    teams: tuple[object, ...]
    reason: str
    match: str | None = None
    hand: str | None = None


@dataclass(frozen=True, slots=True)
class PlayoffSeeded:
    """The playoff's seeds; a ``reason`` lets the director depart from the standings' proposal."""

    seeds: tuple[object, ...]
    reason: str | None = None
    by: str | None = None


@dataclass(frozen=True, slots=True)
class GameStopped:
    """A game stopped by the time limit after ``minutes``, scored on its completed hands (Ontario C.1)."""

    match: str
    minutes: int
    reason: str
    by: str | None = None


@dataclass(frozen=True, slots=True)
class BoardPublic:
    """Whether readers without a credential see the board: an official's setting, a fact."""

    public: bool
    by: str | None = None


@dataclass(frozen=True, slots=True)
class MatchCalled:
    """The director calls a match to a table (numbered from 1): a playoff match, which no seating put
    at one, or a match moved from its table (``adjudicator.domain.tournaments.match_calling``)."""

    match: str
    table: int
    reason: str | None = None
    by: str | None = None


Event = (
    TournamentCreated
    | PlayerRegistered
    | TeamRegistered
    | SingleRegistered
    | SinglesPaired
    | EntryAdmitted
    | TeamWithdrawn
    | TeamReinstated
    | Draw
    | SeatingConfirmed
    | SeatingOverridden
    | HandScored
    | HandForfeited
    | DelayOfGame
    | SheetSigned
    | SheetCorrected
    | DisputeFiled
    | DisputeRuled
    | TiebreakDecided
    | PlayoffSeeded
    | TeamAbsent
    | GameStopped
    | TeamCheckedIn
    | TeamInDefault
    | BoardPublic
    | MatchCalled
    | ClockStarted
    | ClockStopped
)

EVENT_CLASSES: Final[dict[str, type[Event]]] = {
    "tournament_created": TournamentCreated,
    "player_registered": PlayerRegistered,
    "team_registered": TeamRegistered,
    "single_registered": SingleRegistered,
    "singles_paired": SinglesPaired,
    "entry_admitted": EntryAdmitted,
    "team_withdrawn": TeamWithdrawn,
    "team_reinstated": TeamReinstated,
    "draw": Draw,
    "seating_confirmed": SeatingConfirmed,
    "seating_overridden": SeatingOverridden,
    "hand_scored": HandScored,
    "hand_forfeited": HandForfeited,
    "delay_of_game": DelayOfGame,
    "sheet_signed": SheetSigned,
    "sheet_corrected": SheetCorrected,
    "dispute_filed": DisputeFiled,
    "dispute_ruled": DisputeRuled,
    "tiebreak_decided": TiebreakDecided,
    "playoff_seeded": PlayoffSeeded,
    "team_absent": TeamAbsent,
    "game_stopped": GameStopped,
    "team_checked_in": TeamCheckedIn,
    "team_in_default": TeamInDefault,
    "board_public": BoardPublic,
    "match_called": MatchCalled,
    "clock_started": ClockStarted,
    "clock_stopped": ClockStopped,
}


def check(event: Mapping[str, Any]) -> EventData:
    """A copy of ``event`` if it is well formed; ``IllegalEvent`` naming the field otherwise."""
    if not isinstance(event, Mapping):
        raise IllegalEvent("an event is an object with a 'type'", "")
    kind = event.get("type")
    if kind not in VOCABULARY:
        raise IllegalEvent(f"unknown tournament event type {kind!r}: one of {', '.join(EVENT_TYPES)}", "type")
    required, optional = VOCABULARY[kind]
    for name, what in {**required, **optional}.items():
        if name not in event:
            if name in required:
                raise IllegalEvent(f"{kind} needs '{name}' ({what})", name)
            continue
        value = event[name]
        if not isinstance(value, _TYPES[what]) or (what == _INT and isinstance(value, bool)):
            raise IllegalEvent(f"'{name}' must be a {what}, not {value!r}", name)
        if isinstance(value, str) and not value.strip():
            raise IllegalEvent(f"'{name}' must not be empty", name)
    unknown = sorted(set(event) - {"type", *required, *optional})
    if unknown:
        raise IllegalEvent(f"{kind} has no field '{unknown[0]}'", unknown[0])
    if kind == "draw" and event["purpose"] not in DRAW_PURPOSES:
        raise IllegalEvent(f"a draw's purpose is one of {', '.join(DRAW_PURPOSES)}", "purpose")
    if kind in ("draw", "seating_confirmed", "seating_overridden") and event["round"] < 1:
        raise IllegalEvent("rounds are numbered from 1", "round")
    if kind == "match_called" and event["table"] < 1:
        raise IllegalEvent(f"tables are numbered from 1, not {event['table']}", "table")
    if kind == "hand_scored" and event.get("dealer", "north") not in SEATS:
        raise IllegalEvent(f"the dealer is a seat: one of {', '.join(SEATS)}", "dealer")
    if kind in ("delay_of_game", "game_stopped") and event["minutes"] < 0:
        raise IllegalEvent("minutes late cannot be negative", "minutes")
    if kind == "tournament_created" and "date" in event and not is_date(event["date"]):
        raise IllegalEvent("a tournament's date is a day: YYYY-MM-DD", "date")
    if kind == "tournament_created" and "starts_at" in event and moment(event["starts_at"]) is None:
        raise IllegalEvent(
            "a start time is a date and time with its offset: 2026-06-01T09:00-04:00", "starts_at"
        )
    return dict(event)


def parse_event(data: Mapping[str, Any]) -> Event:
    """The typed event of a well-formed event dict; ``IllegalEvent`` as ``check`` for anything else."""
    checked = check(data)
    kind = checked.pop("type")
    values: dict[str, Any] = {name: tuple(v) if isinstance(v, list) else v for name, v in checked.items()}
    return EVENT_CLASSES[kind](**values)
