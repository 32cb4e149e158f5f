"""What the replay notes down as it goes: bids, plays, calls, infractions and suspicions.

These are the facts ``adjudicator.domain.rulings`` and the scoring work from; they hold no logic of their own.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, Protocol

from adjudicator.domain.cards import Card, Seat, Team, team_of
from adjudicator.domain.rulebooks import Remedy, Ruleset


@dataclass(slots=True)
class Infraction:
    """A rule broken at one event. ``rules`` are citation keys of the governing ruleset."""

    kind: str
    seat: Seat
    event: int
    detail: str
    rules: tuple[str, ...]
    remedy: Remedy
    book: int | None = None
    proof: str | None = None
    choice: tuple[int, str, str] | None = None  # (event, option, by)

    @property
    def id(self) -> str:
        return f"{self.kind}@{self.event}"

    @property
    def team(self) -> Team:
        return team_of(self.seat)


@dataclass(slots=True)
class Suspicion:
    """A play that is a renege if ``seat`` then held a card counting as one of ``proving``.

    With the seat's hand unknown, proof can only come later: a later play, or an inspection.
    """

    seat: Seat
    event: int
    book: int | None
    proving: frozenset[str]
    detail: str
    rules: tuple[str, ...]


class PlayRecord(NamedTuple):
    """A card played: an immutable tuple, since the replay makes one on every play."""

    event: int
    seat: Seat
    card: Card
    book: int


@dataclass(frozen=True, slots=True)
class TableCall:
    """A player's call at the table ("renege!", a tech on the other team) at ``event``: what the rulings
    weigh. Named for the table, as players say it, apart from a call for an official (the officials'
    queue: ``adjudicator.domain.officials_queue``) and a match called to a table by the director
    (``adjudicator.domain.tournaments.match_calling``)."""

    event: int
    kind: Literal["renege", "tech"]
    by: Seat
    against: Seat
    infraction: str | None = None
    note: str | None = None


@dataclass(frozen=True, slots=True)
class FindingRecord:
    """The official's finding at ``event`` on the conduct call at event ``call``."""

    event: int
    call: int
    upheld: bool
    option: str | None


@dataclass(frozen=True, slots=True)
class Confirmation:
    """A team's answer at ``event`` to the score of the decided hand; a dispute waits for a finding."""

    event: int
    by: Seat
    disputed: bool
    note: str | None = None


@dataclass(frozen=True, slots=True)
class BidRecord:
    """A bid as said and as it counts. ``bid`` and ``counts_as`` are the game's bid objects."""

    event: int
    seat: Seat
    said: str
    bid: Any
    counted: bool  # False: void (out of turn, a forced dealer's pass, a bid awaiting its choice)
    counts_as: Any  # the bid as corrected; None is a pass


@dataclass(slots=True)
class Restriction:
    """Texas: a team that exposed a card may not lead its suit until the opponents lead it."""

    team: Team
    suit: str
    event: int
    lifted_at: int | None = None


@dataclass(frozen=True, slots=True)
class Correction:
    """An official's correction at ``event`` of the earlier event ``target``: replaced, or voided."""

    event: int
    target: int
    voided: bool
    reason: str

    def note(self) -> str:
        what = "voided" if self.voided else "replaced"
        return f"the record was corrected at event {self.event}: event {self.target} {what} ({self.reason})"


@dataclass(frozen=True, slots=True)
class RecordConflict:
    """The table's record at ``event`` disagrees with the concealed cards as recorded (``detail``, in
    words that name them): the table's account stands, and an official sets the record right."""

    event: int
    seat: Seat
    detail: str
    book: int | None


@dataclass(frozen=True, slots=True)
class RecordedResult:
    """The hand's result as the table recorded it at ``event``: the books each team took, of a hand
    of ``tricks`` tricks (a Bid Whist kitty is the bidding team's book beyond them)."""

    event: int
    books: dict[Team, int]
    tricks: int


class HandRecord(Protocol):
    """The table as the rulings read it: what was noted, and the few facts proof depends on."""

    ruleset: Ruleset
    contract: Any  # a game's ``Contract``, once declared
    infractions: list[Infraction]
    suspicions: list[Suspicion]
    calls: list[TableCall]
    findings: dict[int, FindingRecord]  # the call's event -> the official's finding on it
    plays: list[PlayRecord]
    inspections: list[tuple[int, Seat, Counter[Card]]]
    corrections: list[Correction]
    confirmations: list[Confirmation]
    conflicts: list[RecordConflict]
    result: RecordedResult | None
    books: list[dict[str, Any]]

    @property
    def hand_over(self) -> bool: ...

    def cards_left(self, seat: Seat) -> int: ...
