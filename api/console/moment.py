"""One moment of a hand, as the replay viewer shows it: the table after event ``at``, the record
around it, and the ways to move (by event, by book, to the next infraction).

Built only from the use cases the REST API calls (``adjudicator.service.hands``), with the same
reader's sight: a page never shows a card the API would hide from its reader.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from adjudicator.domain import words as say
from adjudicator.domain.adjudication import FINISHED
from adjudicator.domain.events import narrate
from adjudicator.domain.events.shapes import CONDUCT_INFRACTIONS, FINDING_OPTIONS
from adjudicator.domain.when import when
from adjudicator.service import hands as use
from adjudicator.service.hands import Seer
from adjudicator.service.ports import Hands

SEATS = ("north", "east", "south", "west")
#: The rulings an official's finding settles: a conduct call, and a score one team disputed.
FOUND = frozenset({*CONDUCT_INFRACTIONS, "score_dispute"})


@dataclass(frozen=True, slots=True)
class Moment:
    """The hand after event ``at`` (0: before any), with the whole record and rulings around it."""

    hand: Mapping[str, Any]
    at: int
    state: Mapping[str, Any]
    events: Sequence[Mapping[str, Any]]
    rulings: Sequence[Mapping[str, Any]]
    ends_of_books: Sequence[int]
    as_recorded: bool = False
    moments: say.Moments = say.NOWHERE  # where each event fell, said in books

    @property
    def version(self) -> int:
        return int(self.hand["version"])

    @property
    def event(self) -> Mapping[str, Any] | None:
        return self.events[self.at - 1] if self.at else None

    @property
    def said(self) -> str:
        if not self.event:
            return "Before the first event"
        fix = None if self.as_recorded else self.corrections().get(self.at)
        if fix is None:
            return self.narrated(self.event)
        if fix.get("replace_with") is None:
            return f"Voided by the correction {self.when(fix['version'])}: {narrate(self.event)}"
        return f"{narrate(fix['replace_with'])} (as corrected {self.when(fix['version'])})"

    def narrated(self, event: Mapping[str, Any]) -> str:
        """An entry of the record said aloud; a correction names the entry it corrects by where it
        fell, as recorded ("corrects book 4, 1st card (North) to: …"), not by its number."""
        said = narrate(event)
        if event.get("type") != "correct_record" or not str(event.get("event", "")).isdigit():
            return said
        return said.replace(f"event {event['event']}", self.when(int(event["event"]), recorded=True), 1)

    @property
    def where(self) -> str:
        """This moment as the replay heads it: "Book 3, 2nd card (East)"."""
        said = self.when()
        return said[:1].upper() + said[1:]

    def when(self, n: int | None = None, recorded: bool = False) -> str:
        """Entry ``n`` (this moment's by default) as the table says when it fell: "the deal",
        "the bidding, 3rd bid", "book 3, 2nd card (East)", "after the hand" (``recorded``: placed
        by the entry as recorded, not as corrected)."""
        fixes = {} if recorded or self.as_recorded else self.corrections()
        shown = [e if i not in fixes else fixes[i].get("replace_with") for i, e in enumerate(self.events, 1)]
        over = self.hand.get("status") in FINISHED
        return when(shown, self.at if n is None else int(n), self.moments, over)

    @property
    def query(self) -> str:
        """What every link of this view adds to ``?at=N``: the as-recorded view stays as recorded."""
        return "&view=recorded" if self.as_recorded else ""

    def corrections(self) -> dict[int, Mapping[str, Any]]:
        """Each corrected event's number -> its latest correction (the one that counts), as listed."""
        return {int(e["event"]): e for e in self.events if e.get("type") == "correct_record"}

    def entry(self, n: int) -> Mapping[str, Any] | None:
        """Event ``n`` as this view shows it: as corrected (None: voided), or as recorded."""
        fix = None if self.as_recorded else self.corrections().get(n)
        return self.events[n - 1] if fix is None else fix.get("replace_with")

    def previous_book(self) -> int:
        """The end of the last book completed before this moment (0: the start)."""
        return max((n for n in self.ends_of_books if n < self.at), default=0)

    def next_book(self) -> int:
        return min((n for n in self.ends_of_books if n > self.at), default=self.version)

    def opening(self) -> int:
        """Where the replay opens without ``at``: the first infraction, else the deal complete."""
        return opening(self.events, self.rulings, self.version)

    def dealt_later(self) -> bool:
        """Whether a deal is recorded after this moment (before it, no seat holds cards yet)."""
        return any(e.get("type") == "deal" for e in self.events[self.at :])

    def next_infraction(self) -> int | None:
        """The event of the first ruling after this moment, None when there is none."""
        return min((int(r["event"]) for r in self.rulings if int(r["event"]) > self.at), default=None)

    def previous_infraction(self) -> int | None:
        return max((int(r["event"]) for r in self.rulings if int(r["event"]) < self.at), default=None)

    def happened(self, ruling: Mapping[str, Any]) -> bool:
        return int(ruling["event"]) <= self.at

    def reneged(self) -> set[int]:
        """The events of the plays a ruling names as reneges: shown apart from the cards played."""
        return {int(r["event"]) for r in self.rulings if r["kind"] == "renege"}

    def awaits(self, ruling: Mapping[str, Any]) -> str | None:
        """What the official may record on a ruling from its panel: a ``finding`` on a conduct call
        or a disputed score not yet heard, a ``choice`` among the options the rulebook leaves open,
        or nothing."""
        if ruling["status"] not in ("pending", "detected"):
            return None
        if ruling["kind"] in FOUND and ruling["status"] == "pending":
            return "finding"
        return "choice" if ruling["options"] and not ruling["choice"] else None

    def finding_options(self, ruling: Mapping[str, Any]) -> list[str]:
        """The penalties an upheld conduct call may carry, where the rulebook leaves it to the official."""
        return [option for option in ruling["options"] if option in FINDING_OPTIONS]

    def reneged_plays(self) -> set[tuple[str, str]]:
        """The reneges as (seat, card): a book in progress lists its plays without their events."""
        plays = (self.entry(n) for n in self.reneged() if 0 < n <= len(self.events))
        return {(str(e.get("seat")), str(e.get("card"))) for e in plays if e is not None}


def opening(events: Sequence[Mapping[str, Any]], rulings: Sequence[Mapping[str, Any]], version: int) -> int:
    """The moment a director wants first: the first infraction the reader may see; without one, the
    end of the deal (every seat's cards, before the first bid), or the whole record without a deal."""
    infractions = [int(r["event"]) for r in rulings]
    if infractions:
        return min(infractions)
    dealt = [n for n, e in enumerate(events, start=1) if e.get("type") == "deal"]
    return dealt[-1] if dealt else version


def ends_of_books(state: Mapping[str, Any]) -> list[int]:
    """The event of the last play of every completed book, from the latest table."""
    ends = []
    for book in state.get("books") or []:
        events = [int(p["event"]) for p in book.get("plays", []) if p.get("event") is not None]
        if events:
            ends.append(max(events))
    return ends


def moment(
    hands: Hands,
    hand_id: UUID,
    at: int | None,
    sight: Seer,
    as_recorded: bool = False,
    first: bool = False,
) -> Moment:
    """The moment ``at`` (clamped to the record; None: the latest, or with ``first`` the
    ``opening``) of a hand, for this reader: the hand as its corrections make it at every moment, or
    ``as_recorded``, event by event."""
    hand = use.hand(hands, hand_id, sight)
    version = int(hand["version"])
    events = use.events(hands, hand_id, sight)["events"]
    rulings = use.rulings(hands, hand_id, sight)[1]
    if at is None:
        at = opening(events, rulings, version) if first else version
    shown_at = max(0, min(at, version))
    latest = use.state(hands, hand_id, None, sight)
    corrected = not as_recorded and any(e.get("type") == "correct_record" for e in events)
    return Moment(
        hand=hand,
        at=shown_at,
        state=(
            latest if shown_at == version else use.state(hands, hand_id, shown_at, sight, corrected=corrected)
        ),
        events=events,
        rulings=rulings,
        ends_of_books=ends_of_books(latest),
        as_recorded=as_recorded,
        moments=say.moments(latest),
    )
