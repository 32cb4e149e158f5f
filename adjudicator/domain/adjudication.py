"""One call from an event log to everything an official asks of it: the table, the rulings, the score."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from adjudicator.domain.cards import Seat
from adjudicator.domain.rulebooks import Ruleset
from adjudicator.domain.rulings import Ruling, decision, rulings
from adjudicator.domain.table import OnConflict, Phase, Table, replay

#: The statuses of a hand that is over: nothing more is played, and nothing of it is concealed.
FINISHED: Final[frozenset[Phase]] = frozenset({"complete", "closed", "void"})


@dataclass(frozen=True, slots=True)
class Adjudication:
    table: Table
    rulings: list[Ruling]

    @property
    def state(self) -> dict[str, Any]:
        """The table as an official reads it; a hand a ruling decided is over in it too (its phase
        the hand's status, nobody's turn), whatever the cards still on the table."""
        state = self.table.state()
        if self.finished and state["phase"] != self.status:
            state.update(phase=self.status, turn=None)
        return state

    @property
    def score(self) -> dict[str, Any]:
        return self.table.game.score(self.table, self.rulings)

    @property
    def status(self) -> Phase:
        """Where the hand stands, rulings included: a hand a ruling decided is over (or void), a
        hand conceded is over, and once the contract and the kitty or exchange are settled the hand
        is in play."""
        phase = self.table.phase
        if phase in ("bidding", "kitty", "exchange", "play") and decision(self.rulings) is not None:
            return "void" if self.score["void"] else "complete"
        if phase in ("kitty", "exchange", "play") and self.table.concession is not None:
            return "complete"
        if phase in ("kitty", "exchange") and self.table.game.next_step(self.table) == "play":
            return "play"
        return phase

    @property
    def finished(self) -> bool:
        """Over, however it ended: played out, conceded, decided by a ruling, void, or closed."""
        return self.status in FINISHED

    def turn(self) -> dict[str, str] | None:
        """Whose turn it is and to do what; nobody's once the hand is over."""
        return None if self.finished else self.table.turn()

    def rulings_data(self) -> list[dict[str, Any]]:
        return [r.to_dict() for r in self.rulings]


def judge(table: Table) -> Adjudication:
    return Adjudication(table, rulings(table))


def adjudicate(
    ruleset: str | Ruleset,
    dealer: Seat,
    events: Iterable[Mapping[str, Any]],
    conflicts: OnConflict = "refused",
) -> Adjudication:
    """Replay ``events`` and rule on them; raises ``IllegalEvent`` for the first impossible one (a
    hand's stored log: ``conflicts`` ``noted``, as ``Table.apply`` says)."""
    return judge(replay(ruleset, dealer, events, conflicts))
