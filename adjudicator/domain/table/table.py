"""The replay engine: one hand's event log, applied in order, rebuilds the table.

``Table.apply`` takes one event dict. It first checks that the event could have happened at this
moment of the hand; if not it raises ``IllegalEvent`` and the table is left exactly as it was. An
event that could happen but breaks a rule is applied and noted as an ``Infraction`` (or, for a renege
that cannot yet be proven, a ``Suspicion``); ``adjudicator.domain.rulings`` turns those into rulings.

Each kind of event has one home: the deal in ``deal``, the cards in ``play``, what officials record
in ``officials``, a type described later where its ``effects`` registration puts it; what a game does
differently it is asked through ``GameRules``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from adjudicator.domain.cards import Seat
from adjudicator.domain.events import (
    BidMade,
    Choice,
    Close,
    Concede,
    ConflictsWithDeal,
    Correct,
    CorrectRecord,
    Deal,
    Declare,
    Discard,
    Event,
    Exchange,
    Expose,
    Finding,
    Hesitation,
    IllegalEvent,
    Inspect,
    Misdeal,
    Play,
    RenegeCall,
    ScoreConfirmation,
    TechCall,
    WrongDealer,
    parse_event,
)
from adjudicator.domain.records import Correction, TableCall
from adjudicator.domain.rulebooks import Ruleset, get_ruleset
from adjudicator.domain.table import (
    conduct,
    confirmation,
    deal,
    effects,
    exposed,
    officials,
    play,
    result,
    view,
)
from adjudicator.domain.table.state import TableState

#: What an event that conflicts with the concealed cards as recorded is: refused, or noted (``Table.apply``).
Conflicts = Literal["refused", "noted"]
#: That, or how to decide it once a conflict arises (deciding may cost more than most events need).
OnConflict = Conflicts | Callable[[], Conflicts]


@dataclass(slots=True)
class Table(TableState):
    """The table of one hand, as its events are applied to it."""

    log: list[Mapping[str, Any]] = field(default_factory=list, repr=False)  # every event as recorded

    def apply(self, data: Mapping[str, Any], conflicts: OnConflict = "refused") -> None:
        """Apply one event dict, or raise ``IllegalEvent`` and change nothing. ``conflicts``: what
        an event that conflicts with the concealed cards as recorded is (``ConflictsWithDeal``):
        ``refused`` (its writer sees those cards), or ``noted``: the table's account, recorded
        (a stored event, or one whose writer may not see them: refusing would tell it where the
        card is); the table notes the conflict for an official and stops relying on them. It may be
        a function that decides, asked only when a conflict arises."""
        index = self.version + 1
        try:
            try:
                self._judge(data, index, conflicts)
            except ConflictsWithDeal as conflict:
                if decided(conflicts) == "refused":
                    raise
                self.note_conflict(conflict, index)
                self._judge(data, index, conflicts)
        except IllegalEvent as error:
            raise error.at(index) from None
        self.log.append(data)
        self.version = index

    def _judge(self, data: Mapping[str, Any], index: int, conflicts: OnConflict) -> None:
        if (self.closed_at is not None or self.void_by is not None) and not _after_the_hand(data):
            if self.closed_at is not None:
                raise IllegalEvent(f"the hand was closed at event {self.closed_at}: its score is recorded")
            raise IllegalEvent(
                f"the hand is void for a redeal ({self.void_by}): record the redeal as a new hand"
            )
        event = parse_event(data, self.game, self.guarantee_joker)
        if type(event) is Play and self.awaiting is None:  # most events: played at once
            play.play(self, event, index)
        elif isinstance(event, CorrectRecord):
            self._correct(event, data, index, conflicts)
        else:
            if self.awaiting is not None and not isinstance(event, Choice):
                raise IllegalEvent(
                    f"{self.awaiting.id} waits for its choice "
                    f"({', '.join(self.awaiting.remedy.options)}) before anything else is recorded",
                    "type",
                )
            self._apply(event, index)

    def extend(self, events: Iterable[Mapping[str, Any]], conflicts: OnConflict = "refused") -> Table:
        for event in events:
            self.apply(event, conflicts)
        return self

    def state(self) -> dict[str, Any]:
        """The table as JSON-able data: what an official sees when replaying to this moment."""
        return view.state(self)

    def turn(self) -> dict[str, str] | None:
        """Whose turn it is and to do what, as ``state()["turn"]`` (without building the rest)."""
        return view.turn(self)

    def extend_corrected(
        self, entries: Iterable[Mapping[str, Any] | None], conflicts: OnConflict = "refused"
    ) -> Table:
        """Apply a record as corrected (``as_corrected``): a None entry (a voided event, or a
        correction itself) keeps its number and changes nothing."""
        for entry in entries:
            if entry is None:
                self.version += 1
            else:
                self.apply(entry, conflicts)
        return self

    def _correct(
        self, correction: CorrectRecord, data: Mapping[str, Any], n: int, conflicts: OnConflict
    ) -> None:
        """Replay the hand as if ``correction.event`` had been recorded as corrected.

        Nothing is deleted: the original stays in the log, and every correction is an event of its
        own; the latest correction of an event is the one that counts. A correction that leaves the
        record impossible is refused, naming the first event it breaks; one that leaves the record
        conflicting with the concealed cards where it did not before is refused too, unless
        ``conflicts`` are noted (the conflicts already noted stay for an official to set right).
        """
        target = correction.event
        if target >= n:
            raise IllegalEvent(f"event {target} is not an earlier event of this hand", "event")
        if self.log[target - 1].get("type") == "correct_record":
            corrected = self.log[target - 1].get("event")
            raise IllegalEvent(
                f"event {target} is a correction: correct event {corrected} again instead", "event"
            )
        if "scoped" in (self.log[target - 1].get("type"), (correction.replace_with or {}).get("type")):
            raise IllegalEvent(
                "where the hand belongs is not corrected: record its scope again (the latest one counts)",
                "event" if self.log[target - 1].get("type") == "scoped" else "replace_with",
            )
        fresh = Table(self.ruleset, self.dealer)
        noted = {conflict.event for conflict in self.conflicts}
        every = decided(conflicts) == "noted"
        try:
            for number, entry in enumerate(as_corrected([*self.log, data])[: n - 1], start=1):
                if entry is None:
                    fresh.version += 1
                else:
                    fresh.apply(entry, "noted" if every or number in noted else "refused")
        except IllegalEvent as error:
            where = "replace_with" if error.index == target else "event"
            said = f"the corrected record is impossible at event {error.index}: "
            if isinstance(error, ConflictsWithDeal):
                raise ConflictsWithDeal(
                    said + error.message, where, error.seat, public=said + error.public
                ) from None
            raise IllegalEvent(said + error.message, where, public=said + error.public) from None
        kept = self.corrections
        for name in TableState.__dataclass_fields__:
            setattr(self, name, getattr(fresh, name))
        self.corrections = [*kept, Correction(n, target, correction.replace_with is None, correction.reason)]

    def _apply(self, event: Event, n: int) -> None:
        match event:
            case Play():
                play.play(self, event, n)
            case Inspect():  # the official's most frequent event: matched early
                officials.inspect(self, event, n)
            case BidMade():
                if self.plays:
                    raise IllegalEvent("the bidding ended before the first card was played", "type")
                if self.result is not None:
                    raise IllegalEvent(
                        "the hand was recorded by its result: its bidding is not recorded", "type"
                    )
                self.game.bid(self, event, n)
            case Deal():
                deal.deal(self, event, n)
            case Discard():
                self.game.discard(self, event, n)
            case Declare():
                self.game.declare(self, event, n)
            case Exchange():
                self.game.exchange(self, event, n)
            case RenegeCall():
                result.check_call(self)
                self.calls.append(TableCall(n, "renege", event.by, event.against))
            case TechCall():
                conduct.tech_call(self, event, n)
            case Finding():
                if confirmation.is_dispute(self, event.call):
                    confirmation.finding(self, event, n)
                else:
                    conduct.finding(self, event, n)
            case ScoreConfirmation():
                confirmation.confirm(self, event, n)
            case Expose():
                card = exposed.expose(self, event, n)
                if card is not None:  # it counts as played to the book on the table
                    play.lay(self, event.seat, card, n)
            case Misdeal():
                called = f"misdeal called: {event.reason.replace('_', ' ')}"
                rules = ("misdeal", *deal.MISDEAL_RULES.get(event.reason, ()))
                deal.misdeal(self, n, called, rules, event.cause)
            case Choice():
                officials.choice(self, event, n)
            case Concede():
                officials.concede(self, event, n)
            case Correct():
                play.correct(self, event, n)
            case Hesitation():
                officials.hesitation(self, event, n)
            case WrongDealer():
                deal.wrong_dealer(self, event, n)
            case Close():
                officials.close(self, n)
            case _:  # a type described after these: its effect is registered (``effects``)
                effects.apply(self, event, n)


def decided(conflicts: OnConflict) -> Conflicts:
    return conflicts() if callable(conflicts) else conflicts


def as_corrected(log: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any] | None]:
    """The record as its latest corrections make it: each event replaced by its latest correction's
    ``replace_with`` (None: voided), every correction itself None; the numbers stay the record's."""
    replaced = {
        entry["event"]: entry.get("replace_with") for entry in log if entry.get("type") == "correct_record"
    }
    return [
        None if entry.get("type") == "correct_record" else replaced.get(number, entry)
        for number, entry in enumerate(log, start=1)
    ]


#: What may be recorded on a closed or void hand: a correction of its record, and its scope.
AFTER_THE_HAND = frozenset({"correct_record", "scoped"})


def _after_the_hand(data: object) -> bool:
    return isinstance(data, Mapping) and data.get("type") in AFTER_THE_HAND


def replay(
    ruleset: str | Ruleset,
    dealer: Seat,
    events: Iterable[Mapping[str, Any]],
    conflicts: OnConflict = "refused",
) -> Table:
    """Build the table from a hand's events; ``IllegalEvent.index`` names the first bad one. A
    hand's stored log is replayed with its ``conflicts`` ``noted`` (``Table.apply``)."""
    rules = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return Table(rules, dealer).extend(events, conflicts)
