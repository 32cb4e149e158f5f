"""What a hand's latest reads serve, built once from its replay: by the use cases on every read of a
replayed hand, and by the read models when they store it (``readmodels.hand_results``), so that a
read served from the stored result and a read that replays give the same answer by construction.

A hand's summary, rulings and score, and the facts that decide who sees them (in play? opened by
whom?), are functions of its log and of the engine that replays it. The read models store them
with the head of the record they were computed at and ``engine()``, the fingerprint of the code
that computed them; a read serves the stored result only while all three still hold
(``Hands.stored_result``), else it replays (the reference). What a reader sees is never stored:
its sight (``adjudicator.service.sight``) is applied to the stored data on every read exactly as to a
replayed hand's (``adjudicator.service.hands``).
"""

from __future__ import annotations

import functools
import hashlib
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

import adjudicator
from adjudicator.service.concealment import in_play
from adjudicator.service.views import HandView, opening

#: The rulings' statuses, in the order a summary counts them.
STATUSES = ("detected", "pending", "established", "dismissed")
#: The parts of the package that do not shape a hand's result: the entry points and the service
#: layer, but for the two service modules that do (the replay, and what is stored of it).
NOT_ENGINE = ("cli", "service")
ENGINE_SERVICE = ("service/store.py", "service/results.py")


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What deciding who sees a hand needs: whether it is in play (its status, rulings included: a
    hand a ruling decided is over), and who opened it."""

    in_play: bool
    opened_by: Mapping[str, str] | None
    #: The scope recorded at its opening (None: none, or a stored result: the opener's credential tells).
    scope: Mapping[str, Any] | None = None


def facts(view: HandView) -> HandFacts:
    return HandFacts(
        in_play(view.judged().status), getattr(view.aggregate, "opened_by", None), opening(view).scope
    )


def summary_base(view: HandView) -> dict[str, Any]:
    """A hand's summary but for its id and its rulings' count (which depends on who reads it)."""
    judged = view.judged()
    return {
        "ruleset": view.ruleset,
        "dealer": view.dealer,
        "players": view.players,
        "label": view.label,
        "opened_at": view.opened_at,
        "version": view.version,
        "status": judged.status,
        "turn": judged.turn(),
        "contract": view.table.contract.to_dict() if view.table.contract else None,
        "score": judged.score,
    }


def summarised(hand_id: UUID, base: Mapping[str, Any], shown: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A hand where it stands, with the count of the rulings its reader may see (``shown``)."""
    counts = dict.fromkeys(STATUSES, 0)
    for ruling in shown:
        counts[ruling["status"]] += 1
    return {"id": hand_id, **base, "rulings": {"total": len(shown), **counts}}


@functools.cache
def engine() -> str:
    """The fingerprint of the code that computes a hand's result: the SHA-256 of every source file
    of the domain (the whole ``adjudicator`` package but its entry points and service layer) and of
    the service modules that replay a hand and shape what is stored, with their paths.

    Why the source and not a version number: a number is bumped by hand, and forgotten; any edit of
    the rules (a remedy, a citation, a score) changes what a replay gives, and a stored result made
    by the code before must then not be served. Hashing the files makes that automatic for every
    change, at the price of also invalidating the results on an edit that changes nothing (a
    comment): the read models then project every hand again, and reads replay meanwhile. Computed
    once per process, on first use (not at import: most commands never need it). Where the sources
    cannot be read (an installation without them), a fingerprint of this process alone: a result is
    then served only by the process that stored it, never one stored by other code.
    """
    root = Path(adjudicator.__file__).parent
    files = sorted(
        path
        for path in root.rglob("*.py")
        if (relative := path.relative_to(root).as_posix()).split("/")[0] not in NOT_ENGINE
        or relative in ENGINE_SERVICE
    )
    if not files:
        return f"unreadable-{uuid.uuid4().hex}"
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()
