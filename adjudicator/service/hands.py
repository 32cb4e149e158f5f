"""The use cases on hands: open one, append its events, read it now or at any version, import a file.

Each takes plain values and the hands' store, and returns plain data (what the API dumps and the CLI
prints) or raises a ``adjudicator.service.errors`` exception; none knows about HTTP.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from adjudicator.cards import Seat
from adjudicator.rulebooks import RULESETS
from adjudicator.service.authors import Author
from adjudicator.service.concealment import conceal_event, conceal_rulings, conceal_state
from adjudicator.service.corrections import corrected_table
from adjudicator.service.entries import listing, page
from adjudicator.service.results import HandFacts as HandFacts  # what a Sight decides on (authority)
from adjudicator.service.results import facts, summarised, summary_base
from adjudicator.service.store import HandResult, HandStore, HandView
from adjudicator.table import replay

if TYPE_CHECKING:  # the read models (sqlite-utils) are imported where the list is asked for
    from adjudicator.service.readmodels.listing import HandQuery

#: A reply with the version it is at: (version, data).
Versioned = tuple[int, Any]
T = TypeVar("T")


#: Decides, on the hand as it is now, whether the reader sees its concealed cards (True), or refuses
#: the read (raises); ``None``: an official's sight, everything (the CLI, the service's own reads).
Sight = Callable[[HandFacts], bool] | None


def _sees(view: HandView, sight: Sight) -> bool:
    return True if sight is None else sight(facts(view))


def _sees_stored(result: HandResult, sight: Sight) -> bool:
    return True if sight is None else sight(HandFacts(result.in_play, result.opened_by()))


def _answer(
    hands: HandStore,
    hand_id: UUID,
    replayed: Callable[[HandView], T],
    stored: Callable[[HandResult], T],
) -> T:
    """``stored(result)`` of the hand's stored replay result when the read models keep one that is
    still true (``HandStore.stored_result``), else ``replayed(view)`` of the hand replayed: the
    reference, which both give the same answer as (``adjudicator.service.results``)."""
    result = hands.stored_result(hand_id)
    return stored(result) if result is not None else hands.read(hand_id, replayed)


def rulesets() -> list[dict[str, Any]]:
    """The rulebooks a hand can be played under."""
    return [ruleset.to_dict() for ruleset in RULESETS.values()]


def summary(view: HandView, sees: bool = True) -> dict[str, Any]:
    """A hand where it stands: its contract, its score and its rulings' count (the ones it may see)."""
    return summarised(view.id, summary_base(view), view.judged().rulings_data(), sees)


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
    return _answer(
        hands,
        hand_id,
        lambda view: summary(view, _sees(view, sight)),
        lambda result: summarised(hand_id, result.summary(), result.rulings(), _sees_stored(result, sight)),
    )


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


def state(
    hands: HandStore, hand_id: UUID, at: int | None = None, sight: Sight = None, corrected: bool = False
) -> dict[str, Any]:
    """The table replayed after event ``at`` (0: none yet; None: every event); concealed cards hidden
    while the hand is in play from a reader whose ``sight`` does not show them. ``corrected``: with
    every correction of the record applied, later ones included (``corrections.corrected_table``)."""
    sees = hands.read(hand_id, lambda view: _sees(view, sight))
    table: dict[str, Any] = (
        hands.read(hand_id, lambda view: corrected_table(view, at).state())
        if corrected
        else hands.read(hand_id, lambda view: view.table.state(), at)
    )
    return table if sees else conceal_state(table)


def rulings(hands: HandStore, hand_id: UUID, sight: Sight = None) -> Versioned:
    """The hand's rulings and the version they are at; concealed (``conceal_rulings``) from a reader
    whose ``sight`` does not show the hand's concealed cards."""

    def shown(version: int, data: list[dict[str, Any]], sees: bool) -> Versioned:
        return version, data if sees else conceal_rulings(data)

    return _answer(
        hands,
        hand_id,
        lambda view: shown(view.version, view.judged().rulings_data(), _sees(view, sight)),
        lambda result: shown(result.version, result.rulings(), _sees_stored(result, sight)),
    )


def score(hands: HandStore, hand_id: UUID, sight: Sight = None) -> Versioned:
    """The hand's score and the version it is at (``sight`` may refuse the read, hides nothing)."""

    def scored(view: HandView) -> Versioned:
        _sees(view, sight)
        return view.version, view.judged().score

    def stored(result: HandResult) -> Versioned:
        _sees_stored(result, sight)
        return result.version, result.summary()["score"]

    return _answer(hands, hand_id, scored, stored)


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
