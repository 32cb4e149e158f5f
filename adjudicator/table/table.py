"""The replay engine: one hand's event log, applied in order, rebuilds the table.

``Table.apply`` takes one event dict. It first checks that the event could have happened at this
moment of the hand; if not it raises ``IllegalEvent`` and the table is left exactly as it was. An
event that could happen but breaks a rule is applied and noted as an ``Infraction`` (or, for a renege
that cannot yet be proven, a ``Suspicion``); ``adjudicator.rulings`` turns those into rulings.

Each kind of event has one home: the deal in ``deal``, the cards in ``play``, what officials record
in ``officials``; what a game does differently it is asked through ``GameRules``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.cards import Seat
from adjudicator.events import (
    BidMade,
    Choice,
    Close,
    Concede,
    Correct,
    Deal,
    Declare,
    Discard,
    Event,
    Exchange,
    Expose,
    Hesitation,
    IllegalEvent,
    Inspect,
    Misdeal,
    Play,
    RenegeCall,
    TechCall,
    parse_event,
)
from adjudicator.records import Call
from adjudicator.rulebooks import Ruleset, get_ruleset
from adjudicator.table import deal, exposed, officials, play, view
from adjudicator.table.state import TableState


@dataclass(slots=True)
class Table(TableState):
    """The table of one hand, as its events are applied to it."""

    def apply(self, data: Mapping[str, Any]) -> None:
        """Apply one event dict, or raise ``IllegalEvent`` and change nothing."""
        index = self.version + 1
        try:
            if self.closed_at is not None:
                raise IllegalEvent(f"the hand was closed at event {self.closed_at}: its score is recorded")
            if self.void_by is not None:
                raise IllegalEvent(
                    f"the hand is void for a redeal ({self.void_by}): record the redeal as a new hand"
                )
            event = parse_event(data, self.game, self.ruleset.guarantee_joker)
            if self.awaiting is not None and not isinstance(event, Choice):
                raise IllegalEvent(
                    f"{self.awaiting.id} waits for its choice ({', '.join(self.awaiting.remedy.options)}) "
                    "before anything else is recorded",
                    "type",
                )
            self._apply(event, index)
        except IllegalEvent as error:
            raise error.at(index) from None
        self.version = index

    def extend(self, events: Iterable[Mapping[str, Any]]) -> Table:
        for event in events:
            self.apply(event)
        return self

    def state(self) -> dict[str, Any]:
        """The table as JSON-able data: what an official sees when replaying to this moment."""
        return view.state(self)

    def _apply(self, event: Event, n: int) -> None:
        match event:
            case Play():
                play.play(self, event, n)
            case BidMade():
                if self.plays:
                    raise IllegalEvent("the bidding ended before the first card was played", "type")
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
                self.calls.append(Call(n, "renege", event.by, event.against))
            case TechCall():
                self.calls.append(Call(n, "tech", event.by, event.against, event.infraction))
            case Inspect():
                officials.inspect(self, event, n)
            case Expose():
                card = exposed.expose(self, event, n)
                if card is not None:  # it counts as played to the book on the table
                    play.judge_play(self, event.seat, card, n, self.contract)
                    play.place(self, event.seat, card, n)
            case Misdeal():
                deal.misdeal(self, n, f"misdeal called: {event.reason.replace('_', ' ')}", ("misdeal",))
            case Choice():
                officials.choice(self, event, n)
            case Concede():
                officials.concede(self, event, n)
            case Correct():
                play.correct(self, event, n)
            case Hesitation():
                officials.hesitation(self, event, n)
            case Close():
                officials.close(self, n)


def replay(ruleset: str | Ruleset, dealer: Seat, events: Iterable[Mapping[str, Any]]) -> Table:
    """Build the table from a hand's events; ``IllegalEvent.index`` names the first bad one."""
    rules = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return Table(rules, dealer).extend(events)
