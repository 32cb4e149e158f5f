"""The response schemas say exactly what the domain returns, for every ruleset: nothing dropped by
the dump, nothing outside the documented values. A change in the engine's output fails here first."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator import RULESETS, adjudicate
from adjudicator.simulation.hands import random_euchre_hand, random_hand
from adjudicator.wire.schemas.hands import RulingListSchema, ScoreSchema, StateSchema


def hands(ruleset: str) -> list[list[dict[str, Any]]]:
    full = random_euchre_hand(5) if RULESETS[ruleset].game == "Bid Euchre" else random_hand(5, ruleset)
    calls = [
        {"type": "tech_call", "by": "east", "against": "north"},
        {"type": "renege_call", "by": "north", "against": "east"},
    ]
    return [full[:n] for n in (0, 1, 3, 7, 9, 20)] + [full, [*full, *calls]]


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_dumps_are_lossless_and_valid(ruleset: str) -> None:
    for events in hands(ruleset):
        judged = adjudicate(ruleset, "north", events)
        for schema, data in (
            (StateSchema(), judged.state),
            (ScoreSchema(), judged.score),
            (RulingListSchema(), {"rulings": judged.rulings_data()}),
        ):
            assert schema.dump(data) == data
            assert schema.validate(data) == {}
