"""The same hand under each Bid Whist rulebook: where the rulebooks part, for officials of travelling
players.

The hand's record (as corrected) is replayed and judged under each Bid Whist rulebook in turn. An
event one rulebook allows may be impossible under another (a bid that rulebook does not know, a
jokerless deck's card): that rulebook's column is then the refusal, with the event it stops at.
Nothing is written. The columns show every ruling and, through them, what the cards were: a reader
who reads the hand with less (anyone but an official while it is in play) is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from adjudicator.domain.adjudication import FINISHED, judge
from adjudicator.domain.cards import Seat
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks import RULESETS, get_ruleset
from adjudicator.domain.table import Table
from adjudicator.domain.table.table import as_corrected
from adjudicator.service.errors import ServiceError
from adjudicator.service.hands import Seer
from adjudicator.service.ports import Hands
from adjudicator.service.sight import FULL, Sight, sight_on
from adjudicator.service.views import HandView

#: The Bid Whist rulebooks, in MATRIX.md's order: the columns of a comparison.
BID_WHIST: tuple[str, ...] = tuple(r for r, book in RULESETS.items() if book.bid_whist is not None)


@dataclass(frozen=True, slots=True)
class Column:
    """One rulebook's ruling of the hand: its rulings, score and status; where an event is impossible
    under it, that event's number and the refusal, the rest as they stood before that event."""

    ruleset: str
    title: str
    own: bool  # the rulebook the hand was recorded under
    rulings: list[dict[str, Any]]
    score: dict[str, Any]
    status: str
    refused_at: int | None = None
    refusal: str | None = None


@dataclass(frozen=True, slots=True)
class Comparison:
    """The hand (its rulebook, its status) and one column per Bid Whist rulebook."""

    hand_id: UUID
    ruleset: str
    status: str
    version: int
    columns: list[Column]
    events: Sequence[Mapping[str, Any] | None] = ()  # the record as corrected, to say where one stops

    @property
    def finished(self) -> bool:
        return self.status in FINISHED


def rule_under(
    ruleset: str, dealer: Seat, events: Sequence[Mapping[str, Any] | None], own: bool, sight: Sight = FULL
) -> Column:
    """The record (``as_corrected``) replayed and judged under ``ruleset``; the refusal in the words
    ``sight`` reads if one of its events is impossible there."""
    book = get_ruleset(ruleset)
    table = Table(book, dealer)
    refused: IllegalEvent | None = None
    try:
        table.extend_corrected(events, "noted")
    except IllegalEvent as error:  # the table stays as it was before the refused event
        refused = error
    judged = judge(table)
    return Column(
        ruleset,
        book.title,
        own,
        judged.rulings_data(),
        judged.score,
        judged.status,
        None if refused is None else refused.index,
        None if refused is None else sight.refusal(refused),
    )


def compare(hands: Hands, hand_id: UUID, reader: Seer = None) -> Comparison | None:
    """The hand under every Bid Whist rulebook; None for a hand of another game (Bid Euchre).
    Raises ``HandNotFound``, what ``reader`` raises for a hand it may not read, and ``HiddenHere``
    when it reads the hand with less than every card and every ruling (a hand in play, but for an
    official): the columns would show both."""

    def columns(view: HandView) -> Comparison | None:
        seen = sight_on(view, reader)
        if not (seen.cards and seen.uncalled):
            raise HiddenHere(view.id)
        if view.ruleset not in BID_WHIST:
            return None
        log = [item["entry"] for item in view.aggregate.log[: view.version]]
        events = as_corrected(log)
        shown = [rule_under(r, view.dealer, events, r == view.ruleset, seen) for r in BID_WHIST]
        return Comparison(view.id, view.ruleset, view.judged().status, view.version, shown, events)

    return hands.read(hand_id, columns)


class HiddenHere(ServiceError):
    """The comparison would show what this reader may not see of the hand yet."""

    def __init__(self, hand_id: UUID) -> None:
        super().__init__(
            f"hand {hand_id} is in play: its comparison under the other rulebooks shows every card "
            "and every ruling, so only an official sees it before the hand is over"
        )
