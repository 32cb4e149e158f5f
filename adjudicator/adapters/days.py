"""A tournament's day out of one event store and into another, record by record, its chain kept
(the port ``service.days.Days``; the file's form is ``adjudicator.service.days``'s).

Out: the tournament's stream and every hand stream linked to it (named on one of its sheets, or
scoped to it by its opening or a ``scoped`` event), the claims on their calls, and the registry of
players when the tournament links any (``adapters.day_links``), each checked as ``adjudicator
verify`` checks it, written as the records are stored (their state decoded from any compression or
cipher of this store, as plain JSON).

In: each stream's records decoded with the library's transcoder, their digests and chains
computed again (``chain.check``), the stream's end compared with the head the header gives, and
the stream replayed under its rules; a hand on the tournament's sheets that the file leaves out
is refused. Then, against what the store holds: a stream it lacks is new, one it holds with the
same records up to where either ends adds the rest (or nothing), any other is a conflict, except
the registry: a server whose registry is another one keeps its own, and the hall's, verified, is
handed on for its people to be matched (``service.day_players``). A claim on a call made elsewhere
than the day's tournament and hands, or a linked player in neither registry, is refused. The new
records are inserted in one transaction of the recorder, with their heads: all or none.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError, Mapper, StoredEvent

from adjudicator.adapters.aggregates import fold
from adjudicator.adapters.call_store import CallLog, CallStore
from adjudicator.adapters.chain import Broken, Checked, Head, check, check_head
from adjudicator.adapters.day_links import call_of, claims_of, made_in
from adjudicator.adapters.event_store import EventStore
from adjudicator.adapters.eventlog import EventLog
from adjudicator.adapters.hand_store import Hand, HandStore
from adjudicator.adapters.heads import ChainRecorder, kind_of
from adjudicator.adapters.integrity import IntegrityBroken
from adjudicator.adapters.player_store import REGISTRY_ID, PlayerRegistryLog, PlayerStore
from adjudicator.adapters.tournament_store import TournamentLog, TournamentStore
from adjudicator.domain.tournaments.careers import linked
from adjudicator.service import days
from adjudicator.service.days import Carried, Day, Record, Stream
from adjudicator.service.errors import DayConflict, DayRefused, TournamentNotFound

#: The entries of a tournament's log that name a hand on a sheet.
ON_SHEET = frozenset({"hand_scored", "sheet_corrected"})


class StoreDays:
    """Days out of and into one event store."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.app = store.app
        self.plain: Mapper[UUID] = Mapper(transcoder=self.app.mapper.transcoder)
        self.logs: dict[str, EventLog[Any]] = {
            Hand.__name__: HandStore(store),
            TournamentLog.__name__: TournamentStore(store),
            CallLog.__name__: CallStore(store),
        }
        self.players = PlayerStore(store)
        self.logs[PlayerRegistryLog.__name__] = self.players

    def _recorder(self) -> ChainRecorder:
        recorder = self.app.recorder
        if not isinstance(recorder, ChainRecorder):
            raise DayRefused("this event store keeps no chain heads (in memory?): it carries no day")
        return recorder

    # ------------------------------------------------------------------ out

    def _stored(self, stream: UUID) -> Checked:
        """A stream of this store, checked as ``adjudicator verify`` checks it."""
        recorder = self._recorder()
        records, head = recorder.select_stream(stream)
        try:
            checked = check(records, self.app.mapper.to_domain_event, lambda: recorder.select_seals(stream))
            check_head(checked, head)
        except Broken as broken:
            raise DayRefused(
                f"stream {stream}: {broken}: run `adjudicator verify` here first", broken.problem, stream
            ) from None
        if not checked.hashed or checked.unhashed:
            raise DayRefused(f"stream {stream} was written before the chain: it carries no hashes")
        return checked

    def _linked(self, tournament: Checked, tournament_id: UUID) -> list[UUID]:
        """The hand streams linked to the tournament: on its sheets, or scoped to it."""
        named = {str(e.entry.get("hand")) for e in tournament.events[1:] if e.entry.get("type") in ON_SHEET}
        found = []
        for stream, kind in self._recorder().select_streams():
            if kind != Hand.__name__:
                continue
            if str(stream) in named or self._scoped(stream, str(tournament_id)):
                found.append(stream)
        return sorted(found, key=str)

    def _scoped(self, stream: UUID, tournament: str) -> bool:
        records, _ = self._recorder().select_stream(stream)
        for record in records:
            event = self.app.mapper.to_domain_event(record)
            entry = getattr(event, "entry", None) or {}
            scope = getattr(event, "scope", None) or (entry if entry.get("type") == "scoped" else {})
            if scope.get("tournament") == tournament:
                return True
        return False

    def export(self, tournament_id: UUID) -> Iterator[str]:
        recorder = self._recorder()
        kinds = dict(recorder.select_streams())
        if kinds.get(tournament_id) != TournamentLog.__name__:
            raise TournamentNotFound(tournament_id)
        tournament = self._stored(tournament_id)
        hands = {stream: self._stored(stream) for stream in self._linked(tournament, tournament_id)}
        decode = self.app.mapper.to_domain_event
        claims = {s: self._stored(s) for s in claims_of(recorder, decode, [tournament_id, *hands])}
        every = {tournament_id: tournament, **hands, **claims}
        played = self.logs[TournamentLog.__name__].view_of(fold(tournament.events)).tournament
        if linked(played) and kinds.get(REGISTRY_ID) == PlayerRegistryLog.__name__:
            every[REGISTRY_ID] = self._stored(REGISTRY_ID)
        streams = [Stream(s, kinds[s], c.version, c.chain) for s, c in every.items()]
        name = str(tournament.events[0].entry.get("name") or "")
        now = datetime.now(UTC).isoformat(timespec="seconds")
        yield _line(days.header(tournament_id, name, now, streams))
        for checked in every.values():
            for event in checked.events:
                stored = self.plain.to_stored_event(event)
                yield _line(
                    {
                        "stream": str(stored.originator_id),
                        "version": stored.originator_version,
                        "topic": stored.topic,
                        "state": json.loads(stored.state),
                    }
                )

    # ------------------------------------------------------------------ in

    def _people_known(self, carried: Carried, registry: Any) -> None:
        """Every record the tournament links is in the file's registry or this store's."""
        held = self.players.read_registry(lambda here: set(here.people))
        known = held | (set(registry.registry.people) if registry is not None else set())
        for record in sorted(carried.linked - known):
            raise DayRefused(
                f"the tournament links player record {record}, in no registry of the file or of this store",
                "incomplete",
                carried.tournament,
            )

    def _verified(self, listed: Stream, records: Sequence[Record]) -> tuple[Checked, Any]:
        """The file's records of one stream: decoded, checked against their chain and the header's
        head, and replayed under the stream's rules (``DayRefused`` naming the first that fails);
        with the view the replay made."""
        stored = []
        for record in records:
            if kind_of(record.topic) != listed.kind:
                raise DayRefused(
                    f"line {record.line}: stream {listed.stream} is a {listed.kind}, this record a "
                    f"{kind_of(record.topic)}",
                    "wrong kind",
                    listed.stream,
                    record.version,
                    record.line,
                )
            state = json.dumps(record.state, separators=(",", ":"), ensure_ascii=False).encode()
            stored.append(StoredEvent(listed.stream, record.version, record.topic, state))
        stored.sort(key=lambda r: r.originator_version)
        lines = {r.version: r.line for r in records}
        try:
            checked = check(stored, self.plain.to_domain_event)
            check_head(checked, Head(listed.records, listed.chain))
            if not checked.hashed or checked.unhashed:
                raise Broken(min(checked.unhashed, default=1), "unhashed", "it carries no hashes")
            view = self.logs[listed.kind].view_of(fold(checked.events))
        except Broken as broken:
            after = [line for version, line in lines.items() if version >= broken.version]
            log = self.logs[listed.kind]
            raise _named(listed.stream, broken, min(after, default=None), log) from None
        except IntegrityBroken as refused:
            raise DayRefused(
                f"stream {listed.stream}, record {refused.record}: {refused.problem}: "
                f"{refused.reason or refused}",
                refused.problem,
                listed.stream,
                refused.record,
                lines.get(refused.record),
            ) from None
        return checked, view

    def _new(self, stream: UUID, kind: str, checked: Checked) -> list[Any]:
        """The events of the file's stream the store lacks (``DayConflict``: it holds others)."""
        records, _ = self._recorder().select_stream(stream)
        if not records:
            return checked.events
        if kind_of(records[0].topic) != kind:
            raise DayConflict(
                f"stream {stream} is a {kind_of(records[0].topic)} here, not a {kind}", "conflict", stream
            )
        held = [self.app.mapper.to_domain_event(r) for r in records]
        for mine, theirs in zip(held, checked.events, strict=False):
            if getattr(mine, "digest", None) != theirs.digest or getattr(mine, "chain", None) != theirs.chain:
                version = theirs.originator_version
                raise DayConflict(
                    f"stream {stream}, record {version}: this store holds another record there",
                    "conflict",
                    stream,
                    version,
                )
        return checked.events[len(held) :]

    def carry_in(self, day: Day) -> Carried:
        listed = {s.stream: s for s in day.streams}
        if listed.get(day.tournament, Stream(day.tournament, "", 0, "")).kind != TournamentLog.__name__:
            raise DayRefused(f"the header lists no tournament stream {day.tournament}", "incomplete")
        grouped: dict[UUID, list[Record]] = {s: [] for s in listed}
        for record in day.records:
            if record.stream not in grouped:
                raise DayRefused(
                    f"line {record.line}: stream {record.stream} is not in the header",
                    "unlisted",
                    line=record.line,
                )
            grouped[record.stream].append(record)
        verified = {s: self._verified(listed[s], grouped[s]) for s in listed}
        checked = {s: c for s, (c, _) in verified.items()}
        views = {s: v for s, (_, v) in verified.items()}
        _whole(day.tournament, checked)
        _claims_of_the_day(day.tournament, checked, views)
        carried = Carried(day.tournament, day.name, streams=len(listed))
        carried.linked = linked(views[day.tournament].tournament)
        inserts: list[StoredEvent] = []
        for stream, verified_stream in checked.items():
            try:
                new = self._new(stream, listed[stream].kind, verified_stream)
            except DayConflict:
                if stream != REGISTRY_ID:
                    raise
                carried.registry = views[stream].registry  # another registry: its people matched
                carried.streams -= 1  # not stored, nor held
                continue
            if len(new) == len(verified_stream.events):
                carried.new_streams.append(stream)
            carried.added += len(new)
            carried.present += len(verified_stream.events) - len(new)
            inserts += [self.app.mapper.to_stored_event(event) for event in new]
        self._people_known(carried, views.get(REGISTRY_ID))
        if inserts:
            try:
                self.app.recorder.insert_events(inserts)  # one transaction, with the heads
            except IntegrityError:
                raise DayConflict(
                    "another writer recorded in one of the day's streams at the same moment", "conflict"
                ) from None
            self.store.notify()
        return carried


def _claims_of_the_day(tournament: UUID, checked: dict[UUID, Checked], views: dict[UUID, Any]) -> None:
    """Every claims stream of the file is on a call made in its tournament or one of its hands."""
    places = {str(s) for s, v in views.items() if s == tournament or isinstance(v.aggregate, Hand)}
    for stream, claims in checked.items():
        call = call_of(claims.events[0])
        if isinstance(views[stream].aggregate, CallLog) and made_in(call) not in places:
            raise DayRefused(
                f"the claims of stream {stream} are on call {call}, not of this day", "unlisted", stream
            )


def _whole(tournament: UUID, checked: dict[UUID, Checked]) -> None:
    """Every hand on the tournament's sheets is in the file."""
    for event in checked[tournament].events[1:]:
        entry = event.entry
        if entry.get("type") in ON_SHEET:
            try:
                hand = UUID(str(entry.get("hand")))
            except ValueError:
                continue
            if hand not in checked:
                raise DayRefused(
                    f"hand {hand} is on the sheet of {entry.get('match')} but not in the file",
                    "incomplete",
                    hand,
                )


def _named(stream: UUID, broken: Broken, line: int | None, log: EventLog[Any]) -> DayRefused:
    """The refusal naming ``broken``: the file's line, the stream (its kind, as ``verify`` says it)
    and the record, with the event of the log it holds (a hand's first record is its opening)."""
    where = f"line {line}: " if line is not None else ""
    event = broken.version - 1 + log.first_version
    detail = broken.detail.replace("not in the store", "not in the file")
    said = f"{log.noun} {stream}, stored record {broken.version} (event {event}): {broken.problem}: {detail}"
    return DayRefused(f"{where}{said}", broken.problem, stream, broken.version, line)


def _line(item: dict[str, Any]) -> str:
    return json.dumps(item, separators=(",", ":"), ensure_ascii=False) + "\n"
