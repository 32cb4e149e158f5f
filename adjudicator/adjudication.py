"""One call from an event log to everything an official asks of it: the table, the rulings, the score."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.cards import Seat
from adjudicator.rulebooks import Ruleset
from adjudicator.rulings import Ruling, decision, rulings
from adjudicator.table import Phase, Table, replay


@dataclass(frozen=True, slots=True)
class Adjudication:
    table: Table
    rulings: list[Ruling]

    @property
    def state(self) -> dict[str, Any]:
        return self.table.state()

    @property
    def score(self) -> dict[str, Any]:
        return self.table.game.score(self.table, self.rulings)

    @property
    def status(self) -> Phase:
        """Where the hand stands, rulings included: a hand a ruling decided is over (or void), and
        once the contract and the kitty or exchange are settled the hand is in play."""
        phase = self.table.phase
        if phase in ("bidding", "kitty", "exchange", "play") and decision(self.rulings) is not None:
            return "void" if self.score["void"] else "complete"
        if phase in ("kitty", "exchange") and self.table.game.next_step(self.table) == "play":
            return "play"
        return phase

    def rulings_data(self) -> list[dict[str, Any]]:
        return [r.to_dict() for r in self.rulings]


def judge(table: Table) -> Adjudication:
    return Adjudication(table, rulings(table))


def adjudicate(ruleset: str | Ruleset, dealer: Seat, events: Iterable[Mapping[str, Any]]) -> Adjudication:
    """Replay ``events`` and rule on them; raises ``IllegalEvent`` for the first impossible one."""
    return judge(replay(ruleset, dealer, events))
