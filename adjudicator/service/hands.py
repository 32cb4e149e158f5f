"""The use cases on hands: open one, append its events, read it now or at any version, import a file.

Each takes plain values and the hands' store, and returns plain data (what the API dumps and the CLI
prints) or raises a ``adjudicator.service.errors`` exception; none knows about HTTP.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from uuid import UUID

from adjudicator.cards import Seat
from adjudicator.rulebooks import RULESETS
from adjudicator.service.authors import Author
from adjudicator.service.concealment import conceal_event, conceal_rulings, conceal_state, in_play
from adjudicator.service.entries import listing, page
from adjudicator.service.store import HandStore, HandView
from adjudicator.table import replay

if TYPE_CHECKING:  # the read models (sqlite-utils) are imported where the list is asked for
    from adjudicator.service.readmodels.listing import HandQuery

#: A reply with the version it is at: (version, data).
Versioned = tuple[int, Any]


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What deciding who sees a hand needs: whether it is in play, and who opened it."""

    in_play: bool
    opened_by: Mapping[str, str] | None


#: Decides, on the hand as it is now, whether the reader sees its concealed cards (True), or refuses
#: the read (raises); ``None``: an official's sight, everything (the CLI, the service's own reads).
Sight = Callable[[HandFacts], bool] | None


def facts(view: HandView) -> HandFacts:
    return HandFacts(in_play(view.table.phase), getattr(view.aggregate, "opened_by", None))


def _sees(view: HandView, sight: Sight) -> bool:
    return True if sight is None else sight(facts(view))


def rulesets() -> list[dict[str, Any]]:
    """The rulebooks a hand can be played under."""
    return [ruleset.to_dict() for ruleset in RULESETS.values()]


def summary(view: HandView, sees: bool = True) -> dict[str, Any]:
    """A hand where it stands: its contract, its score and its rulings' count (the ones it may see)."""
    judged = view.judged()
    counts = dict.fromkeys(("detected", "pending", "established", "dismissed"), 0)
    shown = judged.rulings_data() if sees else conceal_rulings(judged.rulings_data())
    for ruling in shown:
        counts[ruling["status"]] += 1
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
        "rulings": {"total": len(shown), **counts},
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


def hand(hands: HandStore, hand_id: UUID, sight: Sight = None) -> dict[str, Any]:
    return hands.read(hand_id, lambda view: summary(view, _sees(view, sight)))


def opened_by(hands: HandStore, hand_id: UUID) -> Mapping[str, str] | None:
    """The author of the hand's opening ({name, role}), None for a hand opened before authors."""
    return hands.read(hand_id, lambda view: facts(view).opened_by)


def events(
    hands: HandStore,
    hand_id: UUID,
    sight: Sight = None,
    after: int | None = None,
    limit: int | None = None,
) -> dict[str, Any]:
    """Every event recorded, with its version, when it was recorded and by whom (null: before authors);
    with ``after`` or ``limit``, one page of them and the ``next`` page's ``after``."""

    def listed(view: HandView) -> dict[str, Any]:
        shown = (lambda entry: entry) if _sees(view, sight) else conceal_event
        return page(listing(view.aggregate.log, view.version, shown), after, limit)

    return hands.read(hand_id, listed)


def list_hands(read_db: Path | None, query: HandQuery, reader: str | None) -> dict[str, Any]:
    """A page of every hand, from the read models (``adjudicator.service.readmodels.listing``):
    ``reader`` is the credential's role, None for an anonymous reader, who lists finished hands only;
    only an official counts the rulings a table has not called yet while a hand is in play."""
    from adjudicator.service.readmodels.listing import ReadModelsOff
    from adjudicator.service.readmodels.listing import list_hands as list_from_read_models

    if read_db is None:
        raise ReadModelsOff("this service keeps no read models (ADJUDICATOR_READ_MODELS is off)")
    return list_from_read_models(
        read_db, query, finished_only=reader is None, sees_detected=reader == "official"
    )


def state(hands: HandStore, hand_id: UUID, at: int | None = None, sight: Sight = None) -> dict[str, Any]:
    """The table replayed after event ``at`` (0: none yet; None: every event); concealed cards hidden
    while the hand is in play from a reader whose ``sight`` does not show them."""
    sees = hands.read(hand_id, lambda view: _sees(view, sight))
    table: dict[str, Any] = hands.read(hand_id, lambda view: view.table.state(), at)
    return table if sees else conceal_state(table)


def rulings(hands: HandStore, hand_id: UUID, sight: Sight = None) -> Versioned:
    def ruled(view: HandView) -> tuple[int, list[dict[str, Any]]]:
        data = view.judged().rulings_data()
        return view.version, data if _sees(view, sight) else conceal_rulings(data)

    return hands.read(hand_id, ruled)


def score(hands: HandStore, hand_id: UUID, sight: Sight = None) -> Versioned:
    def scored(view: HandView) -> tuple[int, Any]:
        _sees(view, sight)
        return view.version, view.judged().score

    return hands.read(hand_id, scored)


def check_new_hand(ruleset: str, dealer: Seat, entries: Sequence[Mapping[str, Any]]) -> None:
    """Whether a new hand's events could have happened (``IllegalEvent`` if not), writing nothing."""
    replay(ruleset, dealer, entries)


def record_hand(hands: HandStore, item: Mapping[str, Any], author: Author | None = None) -> tuple[UUID, int]:
    """One hand of an import file: (its id, its version now).

    ``{"ruleset", "dealer", "players"?, "label"?, "events", "provenance"?}`` opens a new hand (with
    what its record said of its origin, ``adjudicator.service.handfiles``) and records its events (at
    version 0); ``{"hand", "version"?, "events"}`` appends to a stored hand, if it is at
    that version.
    """
    if "hand" in item:
        hand_id: UUID = item["hand"]
        expected = {item["version"]} if "version" in item else None
    else:
        opened = hands.open_hand(
            item["ruleset"],
            item["dealer"],
            item.get("players"),
            item.get("label"),
            author,
            provenance=item.get("provenance"),
        )
        hand_id, expected = opened.id, {0}
    return hand_id, hands.append(hand_id, item["events"], expected, author)
