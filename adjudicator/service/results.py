"""What a hand's latest reads serve, built once from its replay: by the use cases on every read of a
replayed hand, and by the read models when they store it (``readmodels.hand_results``), so that a
read served from the stored result and a read that replays give the same answer by construction.

A hand's summary, rulings and score, and the facts that decide who sees them (in play? opened by
whom?), are functions of its log and of the engine that replays it. The read models store them
with the head of the record they were computed at and ``engine()``, the fingerprint of the engine
that computed them (its answers over a fixed corpus); a read serves the stored result only while
all three still hold (``Hands.stored_result``), else it replays (the reference). What a reader
sees is never stored: its sight (``adjudicator.service.authority``) is applied to the stored data on
every read exactly as to a replayed hand's (``adjudicator.service.hands``).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Any, cast
from uuid import UUID

from adjudicator.domain.cards import Seat
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks import RULESETS, get_ruleset
from adjudicator.domain.table import Table
from adjudicator.domain.words import NOWHERE, Moments, moments
from adjudicator.service.concealment import in_play
from adjudicator.service.views import HandView, opening
from adjudicator.simulation import corpus

#: The rulings' statuses, in the order a summary counts them.
STATUSES = ("detected", "pending", "established", "dismissed")


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What deciding who sees a hand needs: whether it is in play (its status, rulings included: a
    hand a ruling decided is over), who opened it, and who entered its deal (``dealt_by``)."""

    in_play: bool
    opened_by: Mapping[str, str] | None
    dealt_by: Mapping[str, str] | None = None
    #: The scope its log records (``views.scope_in``; None: none, the opener's credential tells).
    scope: Mapping[str, Any] | None = None
    #: The hand's id, what a reader kept from it is told is not there (``sight.reader``).
    hand: UUID | None = None


def facts(view: HandView) -> HandFacts:
    """What decides who sees the hand at ``view``'s version (worked out once per version)."""
    return view.once("facts", _facts)


def _facts(view: HandView) -> HandFacts:
    hand = view.aggregate  # None for a table replayed without a store (the engine's fingerprint)
    log = getattr(hand, "log", [])
    opened = opening(view)
    return HandFacts(
        in_play(view.judged().status), opened.opened_by, dealt_by(log[: view.version]), opened.scope, view.id
    )


def dealt_by(log: Sequence[Mapping[str, Any]]) -> Mapping[str, str] | None:
    """The one author who entered the hand's deal as the record stands: of every deal recorded and of
    every correction that replaced a deal or put one in (None: no deal, or more than one author).

    Why it matters: whoever entered the deal typed every card the hand conceals (the kitty, a discard,
    an exchange are cards of the deal), so showing them to it reveals nothing it did not write; an
    official's correction of the deal is then the official's, and the recorder no longer sees it."""
    deals = {n for n, item in enumerate(log, start=1) if item["entry"].get("type") == "deal"}
    authors = [
        item.get("author")
        for n, item in enumerate(log, start=1)
        if n in deals or _corrects_deal(item["entry"], deals)
    ]
    first = authors[0] if authors else None
    return first if first and all(author == first for author in authors) else None


def _corrects_deal(entry: Mapping[str, Any], deals: Set[int]) -> bool:
    if entry.get("type") != "correct_record":
        return False
    replacement = entry.get("replace_with")
    puts_one = isinstance(replacement, Mapping) and replacement.get("type") == "deal"
    return entry.get("event") in deals or puts_one


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
        "moments": [[number, list(plays)] for number, plays in moments(judged.table.state()).books],
    }


#: One read of a hand's rulings: its version, the rulings a reader may see, its score, its moments.
RulingsRead = tuple[int, list[dict[str, Any]], dict[str, Any], Moments]


def stored_moments(summary: Mapping[str, Any]) -> Moments:
    """Where the hand's books fell (``words.Moments``), as its summary keeps them: a stored result
    answers "the renege in book 3" without a replay (a summary from before: entries by number)."""
    kept = summary.get("moments")
    if kept is None:
        return NOWHERE
    return Moments(tuple((int(number), tuple(plays)) for number, plays in kept), known=True)


def summarised(hand_id: UUID, base: Mapping[str, Any], shown: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A hand where it stands, with the count of the rulings its reader may see (``shown``)."""
    counts = dict.fromkeys(STATUSES, 0)
    for ruling in shown:
        counts[ruling["status"]] += 1
    return {"id": hand_id, **base, "rulings": {"total": len(shown), **counts}}


@functools.cache
def engine() -> str:
    """The fingerprint of the engine this process runs: the SHA-256 of its answers over a fixed
    corpus of hands (``adjudicator.simulation.corpus``): each event refused or not (and why), then the hand's
    state, its stored summary, its rulings with their citations and effects and who may see them,
    exactly as ``readmodels.hand_results`` stores them; and every rulebook as declared (its
    remedies, penalties, citations and scoring), so that a penalty no hand of the corpus reaches
    still counts.

    Why behaviour and not source or a version number: a number is bumped by hand, and forgotten;
    the source's bytes change with every comment, and then every stored result would be projected
    again. Any change of what a replay gives (a remedy, a citation, a score) changes an answer here,
    and a result stored by the engine before is then not served. Computed once per process, on first
    use (not at import: most commands never need it); it costs a few tenths of a second.
    """
    digest = hashlib.sha256()
    for declared in RULESETS.values():
        digest.update(repr(declared).encode() + b"\0")
    for number, (ruleset, dealer, events) in enumerate(corpus.hands()):
        digest.update(_canonical(_answers(UUID(int=number), ruleset, dealer, events)) + b"\0")
    return digest.hexdigest()


def _answers(hand_id: UUID, ruleset: str, dealer: Seat, events: Sequence[Mapping[str, Any]]) -> list[Any]:
    """What the engine makes of one log of the corpus, as the stored results would hold it."""
    table = Table(get_ruleset(ruleset), dealer)
    refused = []
    for index, event in enumerate(events):
        try:
            table.apply(dict(event))
        except IllegalEvent as error:
            refused.append([index, error.to_dict()])
    view = HandView(hand_id, ruleset, dealer, None, None, "", cast(Any, None), table)
    judged = view.judged()
    seen = facts(view)
    return [refused, judged.table.state(), summary_base(view), judged.rulings_data(), seen.in_play]


def _canonical(value: object) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str).encode()
