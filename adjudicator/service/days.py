"""A hall's day carried home: one tournament recorded on a hall's own laptop, written whole to one file
and recorded on the association's server, its hash chain checked record by record on the way in.

The file is JSON lines (``adjudicator-day/1``), readable with ``jq`` or any editor:

- line 1, the header: ``{"format", "tournament", "name", "exported_at", "streams": [{"stream",
  "kind", "records", "chain"}, …]}``: the tournament's stream, every hand stream linked to it (on
  one of its sheets, or scoped to it), the officials' claims on the calls of those hands and of the
  tournament's disputes, and the hall's registry of players when the tournament links its players to
  it; each with its number of records and the chain of its last one (its head, so a file that lost
  its last records is *truncated*, not shorter);
- one line per stored record, stream by stream, in version order: ``{"stream", "version", "topic",
  "state"}``: the record as the store holds it, its ``state`` (the entry, when and by whom it was
  recorded, its ``digest`` and ``chain``) as JSON.

Carried in (``carry_in``), every record's digest and chain are computed again (``adapters.chain``),
each stream is compared with its head and replayed under its rules, and only then is anything
written: all the new records of the day in one transaction, or none. A stream the server already
holds with the same records is skipped, so carrying the same file twice stores nothing the second
time (and a later export of a day carried at lunch adds the afternoon's records only); a stream it
holds with other records under the same id is a conflict, and the whole file is refused.

Players: a tournament links its players to records of the hall's registry. When the server's registry
is the hall's (the same stream, or the one the hall's grew from), the registry's new records are
carried as any stream and the links hold as they are. Otherwise the hall's registry is verified whole
but not stored, and the people the tournament links are matched with the association's records
afterwards (``service.day_players``: the same record, or a merge recorded by name and birth date, or
a new record with the possible matches offered). Claims name officials by their credentials' names;
the credentials themselves (their tokens) stay in the hall.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol
from uuid import UUID

from adjudicator.domain.people import Registry
from adjudicator.service.errors import DayRefused

#: The first line's ``format``.
FORMAT: Final = "adjudicator-day/1"
#: The kinds of stream a day holds (the aggregates' class names, as ``adapters.heads.kind_of`` says).
KINDS: Final = ("TournamentLog", "Hand", "CallLog", "PlayerRegistryLog")
#: How a linked record of the hall's was matched, in words (``Carried.players``' ``as``).
MATCHED: Final = {
    "merged": "merged with the association's record of the same name and birth date",
    "new": "recorded new",
    "offered": "recorded new, with possible matches to merge",
}


@dataclass(frozen=True, slots=True)
class Stream:
    """One stream as the header lists it: its id, kind, number of records and last chain."""

    stream: UUID
    kind: str
    records: int
    chain: str


@dataclass(frozen=True, slots=True)
class Record:
    """One stored record of the file, and the line it was read from (from 1)."""

    stream: UUID
    version: int
    topic: str
    state: dict[str, Any]
    line: int


@dataclass(frozen=True)
class Day:
    """A carried day as read from its file: the tournament, its streams, their records."""

    tournament: UUID
    name: str
    streams: list[Stream]
    records: list[Record]


@dataclass
class Carried:
    """What carrying a day in did: the streams and records new to the store, and those it held."""

    tournament: UUID
    name: str
    streams: int = 0
    added: int = 0
    present: int = 0
    new_streams: list[UUID] = field(default_factory=list)
    #: The records of the hall's registry the tournament links (its players and teams' people).
    linked: set[str] = field(default_factory=set)
    #: The hall's registry, verified, when it is not the server's (None: carried as a stream, or none).
    registry: Registry | None = None
    #: How each linked record was matched with the association's (``service.day_players``).
    players: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tournament": str(self.tournament),
            "name": self.name,
            "streams": self.streams,
            "added": self.added,
            "present": self.present,
            "new_streams": [str(s) for s in self.new_streams],
            "players": self.players,
        }

    def line(self) -> str:
        if not self.added:
            said = (
                f"{self.name}: every one of its {self.streams} streams was here already "
                f"({self.present} records): nothing stored"
            )
        else:
            said = (
                f"{self.name}: {self.added} records stored in {len(self.new_streams)} new and "
                f"{self.streams - len(self.new_streams)} known streams; {self.present} were here already"
            )
        counts = {how: sum(p["as"] == how for p in self.players) for how in MATCHED}
        told = [f"{n} {MATCHED[how]}" for how, n in counts.items() if n]
        return f"{said}; players: {', '.join(told)}" if told else said


class PlayerMatch(Protocol):
    """After a day is stored, the records its tournament links are matched with the association's
    records of players (``service.day_players.matcher``)."""

    def __call__(self, carried: Carried) -> None: ...


def header(tournament: UUID, name: str, exported_at: str, streams: Sequence[Stream]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "tournament": str(tournament),
        "name": name,
        "exported_at": exported_at,
        "streams": [
            {"stream": str(s.stream), "kind": s.kind, "records": s.records, "chain": s.chain} for s in streams
        ],
    }


def _refuse(line: int, detail: str) -> DayRefused:
    return DayRefused(f"line {line}: {detail}", "unreadable", line=line)


def _uuid(value: Any, line: int, what: str) -> UUID:
    try:
        if isinstance(value, str):
            return UUID(value)
    except ValueError:
        pass
    raise _refuse(line, f"{what} is not an id")


def _streams(head: dict[str, Any]) -> list[Stream]:
    listed = head.get("streams")
    if not isinstance(listed, list) or not listed:
        raise _refuse(1, "the header lists no streams")
    streams = []
    for item in listed:
        ok = isinstance(item, dict) and item.get("kind") in KINDS and isinstance(item.get("chain"), str)
        if not ok or type(item.get("records")) is not int or item["records"] < 1:
            raise _refuse(1, f"the header's stream {item!r} is not {{stream, kind, records, chain}}")
        streams.append(
            Stream(_uuid(item.get("stream"), 1, "a stream"), item["kind"], item["records"], item["chain"])
        )
    return streams


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def parse(lines: Iterable[str]) -> Day:
    """The day in a file's lines (``DayRefused`` naming the first line that does not read)."""
    read: list[tuple[int, Any]] = []
    for n, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            read.append((n, json.loads(text, parse_constant=_no_constant)))
        except (ValueError, RecursionError) as error:
            raise _refuse(n, f"not JSON: {error}") from None
    if not read or not isinstance(read[0][1], dict) or read[0][1].get("format") != FORMAT:
        raise _refuse(1, f"not a day's file: its first line is no {FORMAT} header")
    first = read[0][1]
    tournament = _uuid(first.get("tournament"), 1, "the tournament")
    records = []
    for n, item in read[1:]:
        if not isinstance(item, dict) or not isinstance(item.get("state"), dict):
            raise _refuse(n, "a record is {stream, version, topic, state}")
        version, topic = item.get("version"), item.get("topic")
        if type(version) is not int or not isinstance(topic, str):
            raise _refuse(n, "a record's version is a number and its topic a string")
        records.append(Record(_uuid(item.get("stream"), n, "the stream"), version, topic, item["state"], n))
    return Day(tournament, str(first.get("name") or ""), _streams(first), records)


class CarriesIn(Protocol):
    """The store a day is carried into (the port ``Days``'s ``carry_in``)."""

    def carry_in(self, day: Day) -> Carried: ...


def carry(into: CarriesIn, lines: Iterable[str], match: PlayerMatch | None = None) -> Carried:
    """Read a day's file and carry it into the store, all or none; then hand it to ``match`` (the
    players' registry, when there is one)."""
    carried = into.carry_in(parse(lines))
    if match is not None:
        match(carried)
    return carried


class Days(Protocol):
    """A tournament's day carried between stores whole, its hash chain intact (``service.days``)."""

    def export(self, tournament_id: UUID) -> Iterator[str]:
        """The day's file, line by line (``TournamentNotFound``; ``DayRefused`` if the store's own
        records of it do not verify)."""

    def carry_in(self, day: Day) -> Carried:
        """Verify every record of ``day`` and store those the store lacks, all or none
        (``DayRefused``, ``DayConflict``)."""
