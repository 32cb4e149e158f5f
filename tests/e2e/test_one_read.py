"""A read of a hand answers from one read of it: the rulings and the score a ruling's words name come
from the same version (two reads could straddle an append), and who may see the hand is worked out
once for that version, however many answers the view serves."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from adjudicator.service import results
from adjudicator.simulation.hands import random_hand


@pytest.fixture
def counted(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often the hand store is read, and how often a hand's sight facts are worked out."""
    store = app.extensions["adjudicator.adapters.hand_store"]
    calls: Counter[str] = Counter()

    def counting(name: str, method: Any) -> Any:
        def counted_call(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return method(*args, **kwargs)

        return counted_call

    monkeypatch.setattr(store, "read", counting("read", store.read))
    monkeypatch.setattr(store, "stored_result", counting("stored_result", store.stored_result))
    monkeypatch.setattr(results, "_facts", counting("facts", results._facts))
    return calls


@pytest.mark.parametrize("path", ["rulings", "score"])
def test_rulings_and_score_come_from_one_read(client: FlaskClient, counted: Counter[str], path: str) -> None:
    hand = client.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"]
    assert client.post(f"/hands/{hand}/events", json=random_hand(3, "texas", "north")[:20]).status_code == 201
    client.get(f"/hands/{hand}/{path}")  # the view cached, its facts worked out
    counted.clear()
    for _ in range(3):
        assert client.get(f"/hands/{hand}/{path}").status_code == 200
    # One look for the hand's stored result a request, and at most one replayed read after it.
    assert counted["stored_result"] == 3, counted
    assert counted["read"] <= 3, counted
    assert counted["facts"] == 0, counted  # the cached view's facts, worked out once for its version
