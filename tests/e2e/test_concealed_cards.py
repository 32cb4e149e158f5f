"""No concealed card reaches a reader without the right while the hand is in play; all of it after.

A viewer, an anonymous reader and a scorekeeper not scoped to the hand's table see, in play, no card
that has not been played or exposed: not in the event log (the deal's hands and kitty, a discard, an
exchange), not in the replayed table, not in a ruling's words. An official, and a scorekeeper scoped
to the table that opened the hand, see everything; once the hand is complete, everyone reads it all.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask

from adjudicator.simulation.hands import random_euchre_hand, random_hand
from api import create_app
from tests.e2e.conftest import client_as, sqlite_config, token

CARD = re.compile(r'"((?:10|[2-9AKQJ])[SHDC]|[BL]J)"')
VIEWS = ("", "/events", "/state", "/rulings", "/score")


def _cards_in(data: Any) -> set[str]:
    return set(CARD.findall(json.dumps(data)))


def _public(events: list[dict[str, Any]]) -> set[str]:
    """The cards the table has shown: played (or played instead), and exposed."""
    shown = {e["card"] for e in events if e["type"] in ("play", "correct")}
    return shown | {c for e in events if e["type"] == "expose" for c in e["cards"]}


def _read_all(client: Any, hand: str) -> dict[str, Any]:
    replies = {view: client.get(f"/hands/{hand}{view}") for view in VIEWS}
    assert all(r.status_code == 200 for r in replies.values()), {v: r.status_code for v, r in replies.items()}
    return {view: reply.get_json() for view, reply in replies.items()}


@pytest.mark.parametrize(
    ("ruleset", "events"),
    [
        ("texas", random_hand(21, "texas", "north")),
        ("ontario", random_euchre_hand(22)),
    ],
)
def test_a_viewer_sees_no_concealed_card_at_any_moment_of_play(
    app: Flask, client: Any, ruleset: str, events: list[dict[str, Any]]
) -> None:
    dealer = "north"
    hand = client.post("/hands", json={"ruleset": ruleset, "dealer": dealer}).get_json()["id"]
    viewer = client_as(app, token(app, "viewer"))
    outsider = client_as(app, token(app, "scorekeeper", "Another table", "0" * 8, 9))
    dealt = _cards_in(events[0])
    for n, event in enumerate(events, start=1):
        assert client.post(f"/hands/{hand}/events", json=event).status_code == 201
        in_play = client.get(f"/hands/{hand}").get_json()["status"] not in ("complete", "closed", "void")
        if not in_play:
            break
        public = _public(events[:n])
        for reader in (viewer, outsider):
            seen = _cards_in(_read_all(reader, hand))
            assert seen <= public, f"after event {n}: {sorted(seen - public)} shown to a reader in play"
        assert client.get(f"/hands/{hand}/events").get_json()["events"][0]["hands"] is not None
    # complete: every reader, even one without a credential, reads the whole record
    anonymous = client_as(app, None)
    for reader in (viewer, outsider, anonymous):
        answers = _read_all(reader, hand)
        assert answers == _read_all(client, hand)
        assert dealt <= _cards_in(answers["/events"])


def test_the_tables_own_scorekeeper_sees_its_hand_in_play(app: Flask, client: Any) -> None:
    tournament = "6f1c7f26-3d4e-4f8e-9a59-4f7c5c1f0a11"
    keeper = client_as(app, token(app, "scorekeeper", "Table 5", tournament, 5))
    neighbour = client_as(app, token(app, "scorekeeper", "Table 6", tournament, 6))
    whole_tournament = client_as(app, token(app, "scorekeeper", "Roving", tournament))
    hand = keeper.post("/hands", json={"ruleset": "detroit", "dealer": "north"}).get_json()["id"]
    events = random_hand(23, "detroit", "north")
    assert keeper.post(f"/hands/{hand}/events", json=events[:10]).status_code == 201
    assert keeper.get(f"/hands/{hand}/state").get_json()["hands"]["north"] is not None
    assert whole_tournament.get(f"/hands/{hand}/state").get_json()["hands"]["north"] is not None
    assert neighbour.get(f"/hands/{hand}/state").get_json()["hands"] == dict.fromkeys(
        ("north", "east", "south", "west")
    )
    log = neighbour.get(f"/hands/{hand}/events").get_json()["events"]
    assert log[0]["type"] == "deal" and log[0]["hands"] is None and log[0]["kitty"] is None
    assert log[0]["author"] == {"name": "Table 5", "role": "scorekeeper"}


def test_anonymous_reads_finished_hands_only_or_nothing(tmp_path: Any) -> None:
    for setting, finished_status in (("finished", 200), ("none", 401)):
        (tmp_path / setting).mkdir()
        app = create_app({**sqlite_config(tmp_path / setting), "ADJUDICATOR_ANONYMOUS_READS": setting})
        try:
            official = client_as(app, token(app, "official"))
            done = official.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"]
            official.post(f"/hands/{done}/events", json=random_hand(24, "texas", "north"))
            playing = official.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"]
            anonymous = client_as(app, None)
            assert anonymous.get(f"/hands/{done}/state").status_code == finished_status
            assert anonymous.get(f"/hands/{playing}/state").status_code == 401
            assert anonymous.get("/rulesets").status_code == finished_status
        finally:
            app.extensions["adjudicator.adapters.hand_store"].close()
            app.extensions["adjudicator.credentials"].close()
