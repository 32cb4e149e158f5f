"""A mis-keyed card corrected by an official, read as a director reads it: the API's rulings and score
say it in words (``text``), the replay shows the hand as corrected at every moment (the as-recorded
view one link away), the record marks the replaced entry with its replacement, who and why, and the
console's preview says what a correction would change, writing nothing."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from adjudicator.cli.demo import hands as demo_hands
from tests.e2e.conftest import client_as, token

#: The demonstration's "Table 3, board 7 (called)": North's A♠ on a diamond lead, called by East.
CALLED = demo_hands()[1]["events"]
FIX = {
    "type": "correct_record",
    "event": 13,
    "replace_with": {"type": "play", "seat": "north", "card": "10D"},
    "reason": "mis-keyed: North played the ten of diamonds",
}


def text(client: FlaskClient, url: str) -> str:
    page = client.get(url)
    assert page.status_code == 200, url
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page.get_data(as_text=True))))


@pytest.fixture
def called(app: Flask, client: FlaskClient) -> str:
    hand_id = str(client.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"])
    assert client.post(f"/hands/{hand_id}/events", json=CALLED).status_code == 201
    return hand_id


def test_the_api_says_rulings_and_score_in_words(client: FlaskClient, called: str) -> None:
    rulings = client.get(f"/hands/{called}/rulings").get_json()["rulings"]
    assert [r["text"] for r in rulings] == [
        "Renege by North, called by East, established: "
        "North\u2013South lose the hand; East\u2013West score 4. "
        "North played the ace of spades on a diamonds lead without following suit or playing a joker; "
        "North held the ten of diamonds, the big joker."
    ]
    score = client.get(f"/hands/{called}/score").get_json()
    assert score["text"] == "East\u2013West score 4 on North's renege."


def test_the_preview_says_what_a_correction_changes_and_writes_nothing(
    app: Flask, client: FlaskClient, called: str
) -> None:
    answer: dict[str, Any] = client.post(f"/console/hands/{called}/preview", json=FIX).get_json()
    assert answer["ok"] is True
    assert answer["before"]["score"] == "East\u2013West score 4 on North's renege."
    assert answer["after"]["rulings"] == ["False renege call by East: dismissed."]
    assert client.get(f"/hands/{called}").get_json()["version"] == len(CALLED)
    impossible = {**FIX, "replace_with": {"type": "play", "seat": "north", "card": "KC"}}
    refused = client.post(f"/console/hands/{called}/preview", json=impossible).get_json()
    assert refused["ok"] is False and "North does not hold the king of clubs" in refused["problem"]["detail"]
    keeper = client_as(app, token(app, "scorekeeper"))
    assert keeper.post(f"/console/hands/{called}/preview", json=FIX).get_json()["ok"] is False


def test_the_replay_shows_the_hand_as_corrected_and_marks_the_record(
    client: FlaskClient, called: str
) -> None:
    assert client.post(f"/hands/{called}/events", json=FIX).status_code == 201
    corrected = text(client, f"/console/hands/{called}?at=13")
    assert "North plays 10\u2666 (as corrected after book 2)" in corrected
    mark = "Corrected to: North plays 10\u2666 , after book 2, by Chief official. Reason: mis-keyed"
    assert mark in corrected
    assert "The official corrects book 2, 2nd card (North) to: North plays 10\u2666" in corrected
    assert not re.search(r"\bevent \d", corrected), "no entry of the record named by its number"
    table = corrected[corrected.index("The table") : corrected.index("Contract")]
    assert "10 of diamonds" not in table.split("North")[1].split("East")[0]  # played, not held
    recorded = text(client, f"/console/hands/{called}?at=13&view=recorded")
    assert "Book 2, 2nd card (North) North plays A\u2660 step 13 of 17" in recorded
    assert "Show the hand as corrected" in recorded
    north = recorded[recorded.index("The table") :].split("North")[1].split("East")[0]
    assert "10 of diamonds" in north and "A of spades" not in north
