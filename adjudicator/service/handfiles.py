"""The use cases of hand records (``adjudicator.domain.handfile``): export a stored hand, import records.

An imported hand is recorded by the importer: the store names the importer as the author of its
opening and of every event, at the time of the import, so that no one can claim another's authorship
by importing. What the record said of its origin (its hand's id, when and by whom it was opened and
each event recorded, its tournament) is kept beside it, on the hand's opening, as its provenance, and
an export shows it again, with ``imported`` saying who imported it, when, and from which hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.handfile import FORMAT, Commentary
from adjudicator.domain.handfile.commentary import of
from adjudicator.domain.limits import check_hand_size
from adjudicator.domain.table import replay
from adjudicator.pacing import pace
from adjudicator.service import hand_imports
from adjudicator.service import hands as use
from adjudicator.service.credentials import Author
from adjudicator.service.errors import ServiceError
from adjudicator.service.hands import Seer
from adjudicator.service.ports import Hands, Listings
from adjudicator.service.sight import FULL, Sight, sight_on, writing_on
from adjudicator.service.views import HandView


class ImpossibleHand(ServiceError):
    """A hand of an import file whose events could not have happened: nothing was written. ``words``:
    why, as the importer may read it (``Sight.refusal`` on the stored hand it adds to)."""

    def __init__(self, index: int, error: IllegalEvent, words: str | None = None) -> None:
        self.words = error.message if words is None else words
        super().__init__(f"hand {index}: event {error.index}: {self.words}")
        self.index = index
        self.error = error


@dataclass(frozen=True, slots=True)
class Exported:
    """A hand's record at its version, and the commentary its reader may see."""

    version: int
    record: dict[str, Any]
    commentary: Commentary


def _record(view: HandView, sight: Sight, link: Mapping[str, Any] | None) -> dict[str, Any]:
    hand = view.aggregate
    origin: dict[str, Any] = getattr(hand, "provenance", None) or {}
    kept: Sequence[Mapping[str, Any] | None] = origin.get("events") or ()
    events = []
    for n, item in enumerate(hand.log[: view.version]):
        event = sight.event(item["entry"])
        said = kept[n] if n < len(kept) else None
        events.append(
            {
                **event,
                **({"id": item["id"]} if item.get("id") else {}),
                "author": said["author"] if said else item.get("author"),
                "recorded_at": said["recorded_at"] if said else item["recorded_at"],
            }
        )
    imported = {"from": origin.get("from"), "at": view.opened_at, "by": hand.opened_by} if origin else None
    head = origin if origin.get("record") else {"opened_at": view.opened_at, "opened_by": hand.opened_by}
    return {
        "format": FORMAT,
        "id": str(view.id),
        "ruleset": view.ruleset,
        "dealer": view.dealer,
        "players": view.players,
        "label": view.label,
        "opened_at": head.get("opened_at"),
        "opened_by": head.get("opened_by"),
        "tournament": dict(link) if link else origin.get("tournament"),
        "imported": imported,
        "events": events,
    }


def export(hands: Hands, hand_id: UUID, sight: Seer = None, listings: Listings | None = None) -> Exported:
    """The hand's record as its reader's ``sight`` shows it (concealed cards null while in play, no
    ruling the table has not called in its commentary), with the tournament sheet that links it
    when the read models (``listings``) know one."""
    link = listings.sheet_link(hand_id) if listings is not None else None

    def exported(view: HandView) -> Exported:
        seen = sight_on(view, sight)
        judged = view.judged()
        return Exported(
            view.version, _record(view, seen, link), of(judged, seen.rulings(judged.rulings_data()))
        )

    return hands.read(hand_id, exported)


def hand_ids(hands: Hands) -> list[UUID]:
    """Every stored hand, in the order they were opened."""
    return hands.hand_ids()


def _replayed(events: Sequence[Mapping[str, Any]], sight: Seer) -> Callable[[HandView], object]:
    """Replays a stored hand's events and then ``events`` (``IllegalEvent`` if they cannot follow),
    judged as an append judges them for the reader of ``sight`` (``sight.writing_on``)."""

    def replayed(view: HandView) -> object:
        check_hand_size(view.version, len(events))
        stored = (item["entry"] for item in view.aggregate.log[: view.version])
        return replay(view.ruleset, view.dealer, stored, "noted").extend(
            events, writing_on(view, sight, events)
        )

    return replayed


def check_hands(hands: Hands, items: Sequence[Mapping[str, Any]], sight: Seer = None) -> None:
    """Whether every hand's events could have happened (``ImpossibleHand`` names the first that
    could not), each replayed after what its stored hand already holds and what the items before it
    bring to the same hand; nothing is written. Why, in the words the reader's ``sight`` may read of
    the stored hand (a new hand's record tells its importer nothing it did not send)."""
    before: dict[UUID, list[Mapping[str, Any]]] = {}
    for index, item in enumerate(items):
        pace()
        try:
            if "hand" in item:
                earlier = before.setdefault(item["hand"], [])
                hands.read(item["hand"], _replayed([*earlier, *item["events"]], sight))
                earlier.extend(item["events"])
            else:
                replay(item["ruleset"], item["dealer"], item["events"])
        except IllegalEvent as error:
            seen = use.sight_on_hand(hands, item["hand"], sight) if "hand" in item else FULL
            raise ImpossibleHand(index, error, seen.refusal(error)) from None


#: Told of each hand as it is recorded: (its id, its version, how many events it brought).
Progress = Callable[[UUID, int, int], None]


def import_hands(
    hands: Hands,
    items: Sequence[Mapping[str, Any]],
    author: Author | None = None,
    progress: Progress | None = None,
    sight: Seer = None,
) -> list[tuple[UUID, int]]:
    """Record every checked hand of a file, all or none, in one commit: (id, version) of each;
    events added to a stored hand are judged as ``sight``'s reader's append would be."""
    done = hand_imports.record_hands(hands, items, author, sight)
    if progress is not None:
        for (hand_id, version), item in zip(done, items, strict=True):
            progress(hand_id, version, len(item["events"]))
    return done
