"""Who may do what: the roles per operation (each route declares its own ``Operation``) and per
event type, and where a credential may write. What a reader sees of a hand is ``service.sight``.

Three roles (``adjudicator.service.credentials.ROLES``):

``official``
    every operation, every event: choices and findings "by official", inspections, misdeals,
    hesitation penalties, closing a hand, corrections, and the whole tournament's administration.
``scorekeeper``
    the table's own record: opens hands and records the hand events whose description says the
    table records them (``recorded_by="table"``, ``adjudicator.domain.events.vocabulary``; a ``choice`` only
    by a seat, never ``by: "official"``); on a tournament, links a stored hand to its table's sheet
    (``linkHand``) and signs its sheet (``sheet_signed``). A credential scoped to a tournament (and a
    table in it) writes only to that table's hands and matches (``link_guard``).
``viewer``
    reads; never a concealed card while a hand is in play.

Without a credential: ``ADJUDICATOR_ANONYMOUS_READS`` = ``finished`` (the default) reads the rulesets
and finished hands (complete, closed or void), ``none`` nothing. A write without a credential is
``Unauthenticated`` (401), one without the right ``Forbidden`` (403); either way before the store is
asked to write. A hand's table is the scope its log records (``views.scope_in``: its latest
``scoped`` event, recorded when it is linked to a match's sheet, else its opening's).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from adjudicator.domain.events import REGISTRY
from adjudicator.domain.tournaments import Tournament
from adjudicator.service.credentials import ROLES, Credential, Role
from adjudicator.service.errors import HandNotFound, ServiceError
from adjudicator.service.ports import Credentials
from adjudicator.service.privacy import Known
from adjudicator.service.views import Opening

#: A tournament and optionally a table in it: where a scoped credential, or a hand, belongs.
Scope = tuple[str, int | None]
AnonymousReads = Literal["finished", "none"]
ANONYMOUS_READS: Final[tuple[AnonymousReads, ...]] = ("finished", "none")
#: What an anonymous reader may read of an operation: always, even with ``ADJUDICATOR_ANONYMOUS_READS``
#: = ``none`` (the health probes), unless it is none (the rulesets), a finished hand, nothing.
Anonymous = Literal["probe", "public", "public_board", "finished_hand", "finished_hands", "never"]


class Unauthenticated(ServiceError):
    """No credential (or an unknown or revoked one) where one is needed: nothing was recorded."""

    def __init__(self, detail: str, invalid: bool = False) -> None:
        super().__init__(detail)
        self.invalid = invalid


class Forbidden(ServiceError):
    """A credential without the right to this operation or event: nothing was recorded."""

    def __init__(self, detail: str, needs: Iterable[Role] = ("official",)) -> None:
        super().__init__(detail)
        self.needs = tuple(needs)


@dataclass(frozen=True, slots=True)
class Operation:
    """An operation of the API: the roles that may call it, and what an anonymous reader may read.

    Each route declares its own (``api.declare``); the API hands it to ``authorize`` as data."""

    roles: tuple[Role, ...]
    write: bool
    anonymous: Anonymous = "never"


#: The roles an operation may name: everyone (every read), a table's own record, an official's alone.
EVERYONE: Final[tuple[Role, ...]] = ROLES
TABLE: Final[tuple[Role, ...]] = ("official", "scorekeeper")
OFFICIAL: Final[tuple[Role, ...]] = ("official",)


#: A tournament's events a scorekeeper records: its own table's sheet signed. ``hand_scored`` only
#: through ``linkHand`` (the score copied from the hand store, never claimed); the rest are an official's.
SCOREKEEPER_TOURNAMENT_EVENTS: Final = frozenset({"sheet_signed"})


def anonymous_reads(value: object) -> AnonymousReads:
    """The ``ADJUDICATOR_ANONYMOUS_READS`` setting, checked (default ``finished``)."""
    text = str(value or "finished").strip().lower()
    if text not in ANONYMOUS_READS:
        raise ValueError(f"ADJUDICATOR_ANONYMOUS_READS is {text!r}: one of {', '.join(ANONYMOUS_READS)}")
    return "finished" if text == "finished" else "none"


def authorize(
    operation_id: str,
    operation: Operation | None,
    who: Credential | None,
    reads: AnonymousReads = "finished",
) -> None:
    """Whether ``who`` may call the operation (its roles: ``operation``) at all (the body's events are
    checked after)."""
    if operation is None:  # a route nobody decided for is nobody's
        raise Forbidden(f"{operation_id} has no declared role", ())
    if who is None:
        if operation.anonymous == "probe":
            return
        if operation.write or operation.anonymous == "never" or reads == "none":
            what = "recording" if operation.write else "reading this"
            raise Unauthenticated(f"{what} needs a credential: send Authorization: Bearer <token>")
        return
    if who.role not in operation.roles:
        needed = " or ".join(operation.roles)
        raise Forbidden(
            f"{operation_id} needs the role {needed}; this credential is a {who.role}'s", operation.roles
        )


def may_read_hand(who: Credential | None, finished: bool) -> None:
    """An anonymous reader reads finished hands only."""
    if who is None and not finished:
        raise Unauthenticated("this hand is in play: reading it needs a credential (Authorization: Bearer)")


def covers(who: Credential, scope: Scope | None) -> bool:
    """Whether a scoped credential covers ``scope`` (an unscoped one covers everything)."""
    if who.tournament is None:
        return True
    if scope is None or scope[0] != who.tournament:
        return False
    return who.table is None or who.table == scope[1]


def sees_concealed(
    who: Credential | None, hand_table: Scope | None, dealt_by: Mapping[str, str] | None = None
) -> bool:
    """Whether ``who`` sees a hand's concealed cards while it is in play: an official; a scorekeeper
    scoped to the hand's table; a scorekeeper who entered the hand's deal (``dealt_by``, its author as
    the record stands), which holds every concealed card and so learns nothing from seeing them."""
    if who is None:
        return False
    if who.role == "official":
        return True
    if who.role != "scorekeeper":
        return False
    return (who.tournament is not None and covers(who, hand_table)) or dealt_by == who.author.to_dict()


def check_hand_events(who: Credential, events: Iterable[Mapping[str, Any]], hand_table: Scope | None) -> None:
    """Whether ``who`` may record ``events`` on a hand of ``hand_table`` (``Forbidden`` if not)."""
    if who.role == "official":
        return
    if who.role != "scorekeeper":
        raise Forbidden(f"a {who.role} records no event", TABLE)
    if not covers(who, hand_table):
        raise Forbidden(f"this scorekeeper's credential is for {_scope(who)}; the hand is not", OFFICIAL)
    for n, event in enumerate(events):
        kind = str(event.get("type"))
        described = REGISTRY.get(kind)
        if described is None or described.recorded_by != "table":
            raise Forbidden(f"event {n} of the request: a {kind} is recorded by an official", OFFICIAL)
        if not described.recorded_by_table(event):
            raise Forbidden(f"event {n} of the request: an official's {kind} is an official's", OFFICIAL)


def hand_writer(
    who: Credential | None, credentials: Credentials, known: Known | None = None, hand_id: object = None
) -> Callable[[Opening, Sequence[Mapping[str, Any]]], None] | None:
    """What an append checks of ``who`` on the hand it reads (``hands.append_events``): whether it
    may record these events on that hand (None: an official, or the CLI, may); a hand of a private
    tournament its reader may not know of (``known``) is not there (``HandNotFound``)."""
    if who is None or who.role == "official":
        return None

    def permit(hand: Opening, events: Sequence[Mapping[str, Any]]) -> None:
        table = hand_table(credentials, hand.opened_by, hand.scope)
        if known is not None and not known.knows(None if table is None else table[0]):
            raise HandNotFound(hand_id)
        check_hand_events(who, events, table)

    return permit


def check_tournament_events(
    who: Credential,
    tournament_id: str,
    events: Iterable[Mapping[str, Any]],
    table_of: Callable[[str], int | None],
) -> None:
    """Whether ``who`` may record ``events`` on the tournament; ``table_of(match)``: its sheet's table."""
    if who.role == "official":
        return
    for n, event in enumerate(events):
        kind = str(event.get("type"))
        if kind not in SCOREKEEPER_TOURNAMENT_EVENTS:
            raise Forbidden(f"event {n} of the request: a {kind} is recorded by an official", OFFICIAL)
        check_match(who, tournament_id, table_of(str(event.get("match"))))


def check_match(who: Credential, tournament_id: str, table: int | None) -> None:
    """Whether ``who`` may write on a match's sheet at ``table`` (None: the sheet has no table)."""
    if who.role == "official":
        return
    if who.role != "scorekeeper":
        raise Forbidden(f"a {who.role} writes no sheet", TABLE)
    if not covers(who, (tournament_id, table)):
        raise Forbidden(f"this scorekeeper's credential is for {_scope(who)}; that sheet is not", OFFICIAL)


def _scope(who: Credential) -> str:
    table = f" table {who.table}" if who.table is not None else ""
    return f"tournament {who.tournament}{table}"


def scope_of(who: Credential | None) -> dict[str, Any]:
    """What a hand opened by ``who`` records of its scope: a scoped scorekeeper's tournament and
    table; {} for anyone else's (the hand belongs to no table)."""
    if who is None or who.role != "scorekeeper" or who.tournament is None:
        return {}
    return {"tournament": who.tournament, "table": who.table}


def hand_table(
    credentials: Credentials, opened_by: Mapping[str, str] | None, scope: Mapping[str, Any] | None = None
) -> Scope | None:
    """A hand's table: the scope its log records (``scope``: its latest ``scoped`` event's, else its
    opening's); for a hand opened before scopes were recorded and never scoped since, the scope of
    the scoped scorekeeper's credential that opened it, found by its name (names are never reused,
    nor scopes changed)."""
    if scope is not None:
        return (str(scope["tournament"]), scope.get("table")) if scope else None
    if not opened_by or opened_by.get("role") != "scorekeeper":
        return None
    found = credentials.find(str(opened_by.get("name")))
    return None if found is None or found.tournament is None else (found.tournament, found.table)


def link_guard(
    who: Credential | None, tournament_id: str, match: str, credentials: Credentials
) -> Callable[[Opening], Callable[[Tournament], None] | None] | None:
    """The check a scorekeeper's ``linkHand`` passes, given the opening of the hand to link (None:
    an official). The match's sheet must be at the scorekeeper's table (as for every sheet write); a
    scoped scorekeeper links only a hand opened at its own table, and only to that table's sheet:
    table 1 cannot put table 2's hand on its sheet (and so keep table 2 from linking it)."""
    if who is None or who.role == "official":
        return None
    sheet_guard = tournament_guard(who, tournament_id, match=match)

    def for_hand(hand: Opening) -> Callable[[Tournament], None] | None:
        scope = hand_table(credentials, hand.opened_by, hand.scope)

        def guard(tournament: Tournament) -> None:
            if sheet_guard is not None:
                sheet_guard(tournament)
            if who.tournament is None:
                return
            sheet = tournament.sheets.get(match)
            table = None if sheet is None else sheet.table
            if not covers(who, scope) or (scope is not None and scope[1] is not None and scope[1] != table):
                raise Forbidden(
                    f"this scorekeeper's credential is for {_scope(who)}; the hand was not opened at "
                    "that match's table: an official links it",
                    OFFICIAL,
                )

        return guard

    return for_hand


def tournament_guard(
    who: Credential | None,
    tournament_id: str,
    events: Iterable[Mapping[str, Any]] | None = None,
    match: str | None = None,
) -> Callable[[Tournament], None] | None:
    """The check a scorekeeper's tournament write passes on the version it goes to (None: an official)."""
    if who is None or who.role == "official":
        return None
    listed = list(events) if events is not None else None

    def guard(tournament: Tournament) -> None:
        def table_of(name: str) -> int | None:
            sheet = tournament.sheets.get(name)
            return None if sheet is None else sheet.table

        if listed is not None:
            check_tournament_events(who, tournament_id, listed, table_of)
        if match is not None:
            check_match(who, tournament_id, table_of(match))

    return guard
