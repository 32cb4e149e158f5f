"""Corrections of the record as a director reads them: the hand as corrected at any moment, and what a
correction would change before it is recorded.

A correction (``correct_record``) is an event of its own; the table it leaves is the record replayed
with each event as its latest correction has it (``adjudicator.domain.table.table.as_corrected``). Replaying
only the first N events as recorded shows a mis-keyed card at every moment before the correction;
``corrected_table`` shows the hand as it was really played, moment by moment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID

from adjudicator.domain.adjudication import judge
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.domain.table import Table
from adjudicator.domain.table.table import as_corrected
from adjudicator.service.errors import EventRefused
from adjudicator.service.ports import Hands
from adjudicator.service.sight import Reader, Sight, sight_on, writing_on
from adjudicator.service.views import HandView


def corrected_table(view: HandView, at: int | None) -> Table:
    """The table after event ``at`` (None: every event) with every correction of the record applied,
    those recorded after ``at`` included."""
    log = [item["entry"] for item in view.aggregate.log[: view.version]]
    upto = view.version if at is None else max(0, min(at, view.version))
    return Table(get_ruleset(view.ruleset), view.dealer).extend_corrected(as_corrected(log)[:upto], "noted")


def _judged(table: Table, sight: Sight) -> dict[str, Any]:
    adjudication = judge(table)
    return {"rulings": sight.rulings(adjudication.rulings_data()), "score": adjudication.score}


def preview(
    hands: Hands, hand_id: UUID, entries: Sequence[Mapping[str, Any]], reader: Reader | None = None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The hand's rulings and score now, and as they would be after ``entries``, as ``reader`` may
    see them; nothing is written. Raises what the append would (``EventRefused`` in the words
    ``reader`` may read, ``HandNotFound``), judging ``entries`` as the append would for it."""

    def compare(view: HandView) -> tuple[dict[str, Any], dict[str, Any]]:
        seen = sight_on(view, reader)
        table = Table(get_ruleset(view.ruleset), view.dealer)
        table.extend((item["entry"] for item in view.aggregate.log[: view.version]), "noted")
        before = _judged(table, seen)
        try:
            table.extend(entries, writing_on(view, reader, entries))
        except IllegalEvent as error:
            index = error.index if error.index is not None else view.version + 1
            refused = EventRefused(error, index - view.version - 1, view.version)
            refused.words = seen.refusal(error)
            raise refused from None
        return before, _judged(table, seen)

    return hands.read(hand_id, compare)
