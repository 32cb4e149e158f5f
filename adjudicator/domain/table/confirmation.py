"""The other team's confirmation of the score, and the official's finding on a disputed one.

At the end of the hand the score as the engine computes it is shown to both teams at the table; a
player of each team answers for it once: agreed, or disputed. A dispute is a ruling ``pending``
until the official's ``finding`` (``upheld``: the official puts the record right with a
``correct_record``; ``dismissed``: the score stands), and the hand is not closed before it. An answer
changes no score.
"""

from __future__ import annotations

from adjudicator.domain.cards import team_of
from adjudicator.domain.events import Finding, IllegalEvent, ScoreConfirmation
from adjudicator.domain.records import Confirmation, FindingRecord
from adjudicator.domain.rulings import decision, rulings
from adjudicator.domain.table.conduct import not_yet_found
from adjudicator.domain.table.state import TableState


def decided(table: TableState) -> bool:
    """Whether the hand's score is settled: all books played, conceded, or a ruling that ends it."""
    return table.hand_over or table.concession is not None or decision(rulings(table)) is not None


def open_disputes(table: TableState) -> list[Confirmation]:
    return [c for c in table.confirmations if c.disputed and c.event not in table.findings]


def confirm(table: TableState, event: ScoreConfirmation, n: int) -> None:
    if not decided(table):
        left = table.game.tricks - table.tricks_played
        raise IllegalEvent(
            f"the score is confirmed when the hand is decided: {left} books remain to be played", "type"
        )
    team = team_of(event.by)
    answered = [c for c in table.confirmations if team_of(c.by) == team]
    if answered and (not answered[-1].disputed or answered[-1].event not in table.findings):
        said = "disputed" if answered[-1].disputed else "agreed to"
        raise IllegalEvent(f"{team} already {said} the score at event {answered[-1].event}", "by")
    table.confirmations.append(Confirmation(n, event.by, event.verdict == "disputed", event.note))


def is_dispute(table: TableState, event: int) -> bool:
    return any(c.event == event and c.disputed for c in table.confirmations)


def finding(table: TableState, event: Finding, n: int) -> None:
    """The official's finding on the disputed score at event ``event.call``."""
    not_yet_found(table, event.call, "dispute")
    if event.option is not None:
        raise IllegalEvent("a finding on a score dispute names no penalty: leave option out", "option")
    table.findings[event.call] = FindingRecord(n, event.call, event.finding == "upheld", None)
