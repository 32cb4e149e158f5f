"""A page of calls is dumped without running ``CallSchema`` a field at a time (``dumped``): it must
give exactly what the schema gives, for calls open, claimed, released with a reason, handed over,
ruled, and a sheet's dispute, and keep of a claim's fact only the schema's keys."""

from __future__ import annotations

from typing import Any

from adjudicator.domain.officials_queue import dispute_calls, hand_calls
from adjudicator.wire.schemas.calls import CallSchema, dumped

BIDS: list[dict[str, Any]] = [
    {"type": "bid", "seat": seat, "bid": bid}
    for seat, bid in (("north", "pass"), ("east", "pass"), ("south", "4"), ("west", "pass"))
]
CALL = {"type": "tech_call", "by": "east", "against": "south", "infraction": "talking_the_game"}
FINDING = {"type": "finding", "call": 5, "finding": "upheld"}
AT = [f"2026-11-28T20:00:{s:02d}+00:00" for s in range(0, 60, 10)]


def test_dumped_calls_are_what_the_schema_dumps() -> None:
    (open_call,) = hand_calls("h1", "detroit", "west", [*BIDS, CALL], AT[:5], label="Table 12")
    (ruled,) = hand_calls("h2", "detroit", "west", [*BIDS, CALL, FINDING], AT[:6])
    history = [
        {"type": "call_claimed", "call": open_call.id, "by": "Ann", "at": AT[1]},
        {"type": "call_released", "call": open_call.id, "by": "Ann", "reason": "table 3", "at": AT[2]},
        {"type": "call_claimed", "call": open_call.id, "by": "Bob", "at": AT[3]},
        {"type": "call_handed_over", "call": open_call.id, "by": "Bob", "to": "Cy", "at": AT[4]},
        {"type": "call_claimed", "call": open_call.id, "by": "Cy", "at": AT[5], "note": "not on the wire"},
    ]
    handed = open_call.claimed("Cy", AT[4], history)
    (dispute,) = dispute_calls(
        "t1",
        "texas",
        [{"type": "dispute_filed", "dispute": "d1", "match": "m1", "recorded_at": AT[0], "version": 3}],
        {"m1": 7},
    )
    calls = [open_call, handed, ruled.claimed("Ann", AT[1], history[:1]), dispute]

    assert dumped(calls) == CallSchema(many=True).dump([c.to_dict() for c in calls])
    assert "note" not in dumped([handed])[0]["claims"][-1]
