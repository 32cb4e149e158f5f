"""Which tournaments a reader knows of: a private tournament (its board not made public, as every
tournament starts) is known only to the officials and to the credentials that cover it.

A tournament's privacy is its ``board_public`` flag (``adjudicator.domain.tournaments.hall``): made
public, a tournament and its hands read as they always have; private, everything of it (its teams and
players, its hands and their labels, its calls, its board, its rows in every list and its moves on
the streams) is for:

- an official (every credential of the role is the hall's own);
- a credential of the whole hall (no tournament named: the operator issues it with ``adjudicator token
  create`` for the whole service, and ``authority.covers`` already lets it record at any table, so it
  reads what it may write);
- a credential scoped to that tournament (its table tokens).

Anonymous readers and credentials scoped to another tournament learn nothing of it: where its
existence alone would say something, they are answered as if it were not there (404, and no row, no
stream message). A hand belongs to the tournament its log's scope names (``views.scope_in``: put on a
sheet, or opened by a table token); the read itself goes through ``sight.reader``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar
from uuid import UUID

from adjudicator.service.credentials import Credential
from adjudicator.service.errors import NotFound, TournamentNotFound

Row = TypeVar("Row", bound=Mapping[str, Any])
#: Whether a tournament is private, by id (one that cannot be found counts as private: nothing is
#: shown of a tournament the reader cannot be shown to be allowed to see).
Private = Callable[[str], bool]


@dataclass(frozen=True, slots=True)
class Reach:
    """The tournaments one reader knows of: every one (``whole``), else the public ones and its own
    (``own``: the tournament its credential is scoped to, if any)."""

    whole: bool
    own: str | None = None

    def knows(self, tournament: str | None, private: Private) -> bool:
        """Whether the reader may know of ``tournament`` (None: no tournament, nothing to hide)."""
        if tournament is None or self.whole or tournament == self.own:
            return True
        return not private(tournament)


#: The reach of an official, of a credential of the whole hall, and of the service's own reads.
WHOLE = Reach(True)


def reach(who: Credential | None) -> Reach:
    """What ``who`` knows of the hall's tournaments."""
    if who is None:
        return Reach(False)
    if who.role == "official" or who.tournament is None:
        return WHOLE
    return Reach(False, who.tournament)


def known_rows(reach: Reach, rows: Iterable[Row]) -> list[Row]:
    """The rows of a list of tournaments (``board_public``: whether each is public) ``reach`` takes in."""
    return [row for row in rows if reach.whole or _known_row(reach, row)]


def _known_row(reach: Reach, row: Mapping[str, Any]) -> bool:
    return reach.knows(str(row["id"]), lambda _: not row["board_public"])


def none_private(tournament: str) -> bool:
    """No tournament is private: the service's own reads (and a reader that knows of every one)."""
    return False


@dataclass(frozen=True, slots=True)
class Kept:
    """What a list keeps from a reader who does not know of every tournament: every private one but
    its ``own`` (the read models say which are private), with the hands linked to them or opened in
    their scope, and the hands whose log records no scope that one of the scorekeepers ``openers``
    opened (their credentials are scoped to such a tournament)."""

    own: str | None
    openers: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Known:
    """What one reader knows of the hall's tournaments: its ``reach``, and which are ``private``."""

    reach: Reach = WHOLE
    private: Private = none_private

    def knows(self, tournament: str | None) -> bool:
        """Whether the reader may know of ``tournament`` at all (None: no tournament's)."""
        return self.reach.knows(tournament, self.private)

    def tournament(self, tournament_id: object) -> None:
        """``TournamentNotFound``, as for a tournament there is not, unless the reader may know of it."""
        if not self.knows(str(tournament_id)):
            raise TournamentNotFound(tournament_id)

    def kept(self, credentials: Callable[[], Iterable[Credential]]) -> Kept | None:
        """What a list keeps from the reader (None: nothing); ``credentials``: every credential."""
        if self.reach.whole:
            return None
        scoped = [c for c in credentials() if c.role == "scorekeeper" and c.tournament is not None]
        return Kept(self.reach.own, tuple(c.name for c in scoped if not self.knows(c.tournament)))


def privacy(board_public: Callable[[UUID], bool]) -> Private:
    """Whether a tournament is private, asked of its log (``hall.board_public``) only when a reader's
    reach needs it: its board not made public, or no such tournament (a scope naming one there is not
    shows nothing)."""

    def private(tournament: str) -> bool:
        try:
            return not board_public(UUID(tournament))
        except (NotFound, ValueError):
            return True

    return private


def known(who: Credential | None, private: Private | None) -> Known:
    """What ``who`` knows of the tournaments, ``private`` asked once per tournament (None: none is)."""
    return Known(reach(who), none_private if private is None else _remembered(private))


def _remembered(private: Private) -> Private:
    """``private``, asked once per tournament (one request's reads: a list names a tournament often)."""
    found: dict[str, bool] = {}

    def ask(tournament: str) -> bool:
        if tournament not in found:
            found[tournament] = private(tournament)
        return found[tournament]

    return ask
