"""The officials' queue over a real store: calls derived from the read models, claims recorded as events."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.adapters.call_queue import Calls
from adjudicator.adapters.call_store import CallStore
from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.readmodels import ReadModels
from adjudicator.service.errors import CallNotFound, ClaimRefused

BIDS: list[dict[str, Any]] = [
    {"type": "bid", "seat": seat, "bid": bid}
    for seat, bid in (("north", "pass"), ("east", "pass"), ("south", "4"), ("west", "pass"))
]
CALL = {"type": "tech_call", "by": "east", "against": "south", "infraction": "talking_the_game"}


def test_a_call_is_queued_claimed_once_and_closed_by_the_finding(
    store_env: dict[str, str], tmp_path: Path
) -> None:
    store = HandStore(store_env)
    try:
        read_models = ReadModels(store, tmp_path / "read.db")
        calls = Calls(read_models.path, read_models.tournaments, CallStore(store))
        hand = store.open_hand("detroit", "west", label="Table 12").id
        store.append(hand, [*BIDS, CALL])
        before = calls.position()
        read_models.catch_up()
        assert calls.position() > before
        (call,) = calls.listed(None, status=["open"])
        assert (call.id, call.label, call.kind) == (f"{hand}@5", "Table 12", "talking_the_game")

        claimed = calls.claim(call.id, "Ann")
        assert (claimed.status, claimed.claimed_by) == ("claimed", "Ann")
        assert calls.claim(call.id, "Ann").claimed_at == claimed.claimed_at  # no new fact
        with pytest.raises(ClaimRefused, match="already claimed by Ann"):
            calls.claim(call.id, "Bob")
        with pytest.raises(CallNotFound):
            calls.claim(f"{hand}@4", "Bob")
        read_models.catch_up()
        assert calls.position() > before + 5  # the claim moved the position the stream follows

        store.append(hand, [{"type": "finding", "call": 5, "finding": "upheld"}])
        read_models.catch_up()
        assert calls.listed(None, status=["open", "claimed"]) == []
        (ruled,) = calls.listed(None, status=["ruled"])
        assert ruled.claimed_by == "Ann" and ruled.ruled_event == 6
        with pytest.raises(ClaimRefused, match="already ruled"):
            calls.claim(call.id, "Bob")
    finally:
        store.close()
