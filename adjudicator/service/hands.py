"""The use cases on hands: open one, append its events, read it now or at any version, import a file.

Each takes plain values and the hands' store, and returns plain data (what the API dumps and the CLI
prints) or raises a ``adjudicator.service.errors`` exception; none knows about HTTP.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any
from uuid import UUID

from adjudicator.cards import Seat
from adjudicator.rulebooks import RULESETS
from adjudicator.service.authors import Author
from adjudicator.service.store import HandStore, HandView
from adjudicator.table import replay

#: A reply with the version it is at: (version, data).
Versioned = tuple[int, Any]


def rulesets() -> list[dict[str, Any]]:
    """The rulebooks a hand can be played under."""
    return [ruleset.to_dict() for ruleset in RULESETS.values()]


def summary(view: HandView) -> dict[str, Any]:
    """A hand where it stands: its contract, its score and its rulings' count."""
    judged = view.judged()
    counts = dict.fromkeys(("detected", "pending", "established", "dismissed"), 0)
    for ruling in judged.rulings:
        counts[ruling.status] += 1
    return {
        "id": view.id,
        "ruleset": view.ruleset,
        "dealer": view.dealer,
        "players": view.players,
        "label": view.label,
        "opened_at": view.opened_at,
        "version": view.version,
        "status": judged.status,
        "turn": view.table.state()["turn"],
        "contract": view.table.contract.to_dict() if view.table.contract else None,
        "score": judged.score,
        "rulings": {"total": len(judged.rulings), **counts},
    }


def open_hand(
    hands: HandStore,
    ruleset: str,
    dealer: Seat,
    players: dict[str, str] | None = None,
    label: str | None = None,
    author: Author | None = None,
) -> dict[str, Any]:
    """Open a hand (version 0): its summary."""
    view = hands.open_hand(ruleset, dealer, players, label, author)
    return hands.read(view.id, summary)


def append_events(
    hands: HandStore,
    hand_id: UUID,
    events: Sequence[Mapping[str, Any]],
    if_match: Collection[int] | None = None,
    author: Author | None = None,
) -> int:
    """Record ``events`` after the hand's last, all or none, if the hand is at a version of ``if_match``."""
    return hands.append(hand_id, events, if_match, author)


def version(hands: HandStore, hand_id: UUID) -> int:
    return hands.read(hand_id, lambda view: view.version)


def hand(hands: HandStore, hand_id: UUID) -> dict[str, Any]:
    return hands.read(hand_id, summary)


def events(hands: HandStore, hand_id: UUID) -> dict[str, Any]:
    """Every event recorded, with its version and when it was recorded."""

    def listing(view: HandView) -> dict[str, Any]:
        return {
            "version": view.version,
            "events": [{"version": e.version, **e.entry, "recorded_at": e.recorded_at} for e in view.events],
        }

    return hands.read(hand_id, listing)


def state(hands: HandStore, hand_id: UUID, at: int | None = None) -> dict[str, Any]:
    """The table replayed after event ``at`` (0: none yet; None: every event)."""
    return hands.read(hand_id, lambda view: view.table.state(), at)


def rulings(hands: HandStore, hand_id: UUID) -> Versioned:
    return hands.read(hand_id, lambda view: (view.version, view.judged().rulings_data()))


def score(hands: HandStore, hand_id: UUID) -> Versioned:
    return hands.read(hand_id, lambda view: (view.version, view.judged().score))


def check_new_hand(ruleset: str, dealer: Seat, entries: Sequence[Mapping[str, Any]]) -> None:
    """Whether a new hand's events could have happened (``IllegalEvent`` if not), writing nothing."""
    replay(ruleset, dealer, entries)


def record_hand(hands: HandStore, item: Mapping[str, Any]) -> tuple[UUID, int]:
    """One hand of an import file: (its id, its version now).

    ``{"ruleset", "dealer", "players"?, "label"?, "events"}`` opens a new hand and records its
    events (at version 0); ``{"hand", "version"?, "events"}`` appends to a stored hand, if it is at
    that version.
    """
    if "hand" in item:
        hand_id: UUID = item["hand"]
        expected = {item["version"]} if "version" in item else None
    else:
        hand_id = hands.open_hand(item["ruleset"], item["dealer"], item.get("players"), item.get("label")).id
        expected = {0}
    return hand_id, hands.append(hand_id, item["events"], expected)
