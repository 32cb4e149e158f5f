"""An import file's hands recorded all or none (``POST /hands/import``, the demo's hands): new hands
opened with their events, stored hands appended to at the version the file names, in one commit."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any
from uuid import UUID

from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.pacing import pace
from adjudicator.service.credentials import Author
from adjudicator.service.hands import Seer, judged, retried, staged
from adjudicator.service.ports import Hands, NewHand, UnitOfWork
from adjudicator.service.views import HandView


def record_hand(hands: Hands, item: Mapping[str, Any], author: Author | None = None) -> tuple[UUID, int]:
    """One hand of an import file: (its id, its version now); ``record_hands`` says what an item is."""
    return record_hands(hands, [item], author)[0]


def record_hands(
    hands: Hands, items: Sequence[Mapping[str, Any]], author: Author | None = None, sight: Seer = None
) -> list[tuple[UUID, int]]:
    """The hands of an import file, all or none, in one commit: (its id, its version now) of each.

    ``{"ruleset", "dealer", "players"?, "label"?, "events", "provenance"?}`` opens a new hand (with
    what its record said of its origin, ``adjudicator.service.handfiles``) and records its events (at
    version 0); ``{"hand", "version"?, "events"}`` appends to a stored hand, if it is at that version
    once the items before it are recorded, its events judged as ``sight``'s reader's append would
    be. A refusal of any item (``StaleVersion``, ``EventRefused``, ``CommitConflict``,
    ``HandNotFound``) records nothing of any.
    """
    stored = {item["hand"] for item in items if "hand" in item}

    def attempt(uow: UnitOfWork[HandView]) -> list[tuple[UUID, int]]:
        answers = []
        for item in items:
            pace()
            if "hand" in item:
                view = uow.view(item["hand"])
                expected = {item["version"]} if "version" in item else None
                judge: Callable[[HandView, Sequence[Mapping[str, Any]]], list[dict[str, Any]]]
                judge = partial(judged, sight=sight)
            else:
                by = author.to_dict() if author else None
                opening = NewHand(
                    get_ruleset(item["ruleset"]).id,
                    item["dealer"],
                    item.get("players"),
                    item.get("label"),
                    by,
                    item.get("provenance"),
                )
                view, expected, judge = uow.open(opening), {0}, judged  # its importer sent every card
            answers.append((view.id, staged(uow, view, item["events"], expected, judge, author)[0]))
        uow.commit()
        return answers

    return retried(lambda fresh: hands.unit_of_work(stored, fresh), attempt)
