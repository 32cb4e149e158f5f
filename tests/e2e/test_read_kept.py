"""A hand's rulings and score, worked out once per version and sight (``adjudicator.service.answered``):
a hall's screens read the same hand between its appends, and each read replayed its judgement."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from adjudicator import adjudicate
from adjudicator.service import hands as use
from adjudicator.simulation.hands import random_hand, reneging_hand
from tests.e2e.conftest import client_as, token


@pytest.fixture
def judged(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The versions at which a read worked out a hand's score and where its books fell."""
    seen: list[int] = []
    summary_base = use.summary_base

    def counted(view: Any) -> dict[str, Any]:
        seen.append(view.version)
        return summary_base(view)

    monkeypatch.setattr(use, "summary_base", counted)
    return seen


@pytest.mark.parametrize("path", ["rulings", "score"])
def test_a_hand_read_again_at_one_version_is_worked_out_once(
    client: FlaskClient, judged: list[int], path: str
) -> None:
    events = random_hand(11, "texas", "north")
    hand = client.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"]
    assert client.post(f"/hands/{hand}/events", json=events[:20]).status_code == 201
    judged.clear()  # (the writes' own answers)
    first = [client.get(f"/hands/{hand}/{path}").get_json() for _ in range(3)]
    assert first[0] == first[1] == first[2]
    assert judged == [20]
    assert client.post(f"/hands/{hand}/events", json=events[20:]).status_code == 201
    judged.clear()
    last = [client.get(f"/hands/{hand}/{path}").get_json() for _ in range(2)][-1]
    assert judged == [len(events)]  # a new version: worked out again, once
    if path == "score":
        assert last == {**last, **adjudicate("texas", "north", events).score}


def test_an_officials_answer_kept_is_never_another_sights(app: Flask, client: FlaskClient) -> None:
    """A renege nobody has called: the official, reading first, reads it; a viewer reading the same
    hand at the same version after the official does not, nor does the official's words for it."""
    events = reneging_hand(1, "texas", "north")
    ruling = adjudicate("texas", "north", events).rulings[0].id
    hand = client.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"]
    assert client.post(f"/hands/{hand}/events", json=events[:-1]).status_code == 201  # still in play
    official = client.get(f"/hands/{hand}/rulings").get_json()["rulings"]
    assert [r["id"] for r in official] == [ruling]
    viewer = client_as(app, token(app, "viewer"))
    for _ in range(2):
        seen = viewer.get(f"/hands/{hand}/rulings")
        assert seen.status_code == 200 and seen.get_json() == {"rulings": []}
        assert ruling not in seen.get_data(as_text=True)
    assert client.get(f"/hands/{hand}/rulings").get_json()["rulings"] == official
