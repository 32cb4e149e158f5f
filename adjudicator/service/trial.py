"""A dry run of an append: would these events be recorded now? Nothing is written.

The table recorder asks before it posts, so that an impossible entry is refused with the engine's
own words in an answer its page reads (a refused POST is an error a browser logs), and so that an
entry sent before, whose answer the connection lost, is known as recorded and not judged again. It
judges as the append would for this writer (``sight.writing_on``): one who may not see the cards
is answered only from what it may see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.limits import check_hand_size
from adjudicator.domain.table import replay
from adjudicator.service.hands import Seer, refusal
from adjudicator.service.ports import Hands
from adjudicator.service.sight import writing_on
from adjudicator.service.views import HandView, repeated, split_ids


def try_append(
    hands: Hands, hand_id: UUID, entries: Sequence[Mapping[str, Any]], sight: Seer = None
) -> int | None:
    """None if ``entries`` are new and would be recorded; the version they reached if they were
    recorded before under the same ids. Raises what the append would: ``EventRefused`` (in the words
    the reader's ``sight`` may read), ``IdempotencyConflict``, ``HandNotFound``."""

    def judge(view: HandView) -> int | None:
        ids, bodies = split_ids(entries)
        again = repeated(view.aggregate.log, ids, bodies)
        if again is not None:
            return again[0]
        logged = [item["entry"] for item in view.aggregate.log[: view.version]]
        try:
            check_hand_size(view.version, len(bodies))
            table = replay(view.ruleset, view.dealer, logged, "noted")
            table.extend(bodies, writing_on(view, sight, bodies))
        except IllegalEvent as error:
            raise refusal(view, view.version, error, sight) from None
        return None

    return hands.read(hand_id, judge)
