"""The event vocabulary of a tournament: JSON-able dicts, checked for form only.

Like a hand's events (``adjudicator.events``), every fact a director or scorekeeper records about a
tournament is one dict with a ``type``. ``check`` refuses a malformed event (unknown type, missing or
mistyped field); whether it could have happened at that moment is the replay's question
(``adjudicator.tournaments.replay``). Random draws carry their outcome and overrides their reason, so a
replay never draws again and never guesses why.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from adjudicator.events import IllegalEvent

Event = dict[str, Any]

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
    "tournament_created": ({"ruleset": _STR}, {"name": _STR, "games_per_session": _INT, "rounds": _INT}),
    "player_registered": ({"player": _STR}, {"name": _STR}),
    "team_registered": ({"team": _STR}, {"number": _INT, "name": _STR, "players": _LIST, "floater": _BOOL}),
    "team_withdrawn": ({"team": _STR, "reason": _STR}, {}),
    "draw": ({"purpose": _STR, "round": _INT, "outcome": _LIST}, {"by": _STR}),
    "seating_confirmed": ({"round": _INT, "tables": _LIST}, {"by": _STR}),
    "seating_overridden": ({"round": _INT, "tables": _LIST, "reason": _STR}, {"by": _STR}),
    "hand_scored": ({"match": _STR, "hand": _STR, "score": _DICT}, {}),
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
}

EVENT_TYPES: Final = tuple(VOCABULARY)
DRAW_PURPOSES: Final = ("first_pairing", "odd_opponent", "session_start")


def check(event: Mapping[str, Any]) -> Event:
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
    if kind == "delay_of_game" and event["minutes"] < 0:
        raise IllegalEvent("minutes late cannot be negative", "minutes")
    return dict(event)
