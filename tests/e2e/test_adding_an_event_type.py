"""Adding a hand event type is its description and its effect on the table (docs/development.md):
a type registered here, and nowhere else, reaches the contract, the API, who may record it, the
text record, the narration and the recorder's forms. Without it, none of them knows the type.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest
from flask import Flask

from adjudicator.domain import words as say
from adjudicator.domain.events import (
    EventType,
    Field,
    Form,
    IllegalEvent,
    Member,
    narrate,
    parse_event,
    recorder_forms,
    register,
    unregister,
)
from adjudicator.domain.events.shapes import seat
from adjudicator.domain.handfile import from_text
from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.domain.table import effects, replay
from adjudicator.domain.table.state import TableState
from adjudicator.simulation.hands import random_hand
from api.spec import build_spec
from tests.e2e.conftest import client_as, token

REMARK = {"type": "remark", "seat": "east", "text": "nice lead, partner"}


@dataclass(frozen=True, slots=True)
class Remark:
    """What a player said at the table, for the record: it changes nothing of the hand."""

    seat: str
    text: str


def _remarked(table: TableState, event: Remark, n: int) -> None:
    """A remark is recorded once the deal is: before it, there is no hand to remark on."""
    if not table.dealt:
        raise IllegalEvent("a remark is made on a dealt hand", "type")


@pytest.fixture
def remark() -> Iterator[EventType]:
    """A test-only event type, described and given its effect, then taken out again."""
    described = register(
        EventType(
            "remark",
            {
                "seat": seat("the seat remarking"),
                "text": Member("text", "what was said, in the player's words", max_length=200),
            },
            Remark,
            lambda e: f"{say.seat(e.get('seat'))} remarks: {e.get('text')}",
            recorded_by="table",
            form=Form("Remark", "Record the remark", (Field("seat", "Seat"), Field("text", "What was said"))),
        )
    )
    effects.effect(Remark)(_remarked)
    yield described
    unregister("remark")
    del effects.EFFECTS[Remark]


def _schemas() -> dict[str, Any]:
    schemas: dict[str, Any] = build_spec()["components"]["schemas"]
    return schemas


def test_no_remark_without_its_description() -> None:
    assert "RemarkEvent" not in _schemas()
    assert narrate(REMARK) == "Remark"  # said by its name only
    assert "remark" not in {form["type"] for form in recorder_forms()}


def test_a_described_type_reaches_the_contract(remark: EventType) -> None:
    schemas = _schemas()
    assert schemas["RemarkEvent"]["properties"]["text"]["maxLength"] == 200
    assert set(schemas["RemarkEvent"]["required"]) == {"type", "seat", "text"}
    assert "version" in schemas["RemarkRecorded"]["properties"]
    assert schemas["Event"]["discriminator"]["mapping"]["remark"].endswith("/RemarkEvent")


def test_a_described_type_is_parsed_applied_narrated_and_offered_on_the_recorder(remark: EventType) -> None:
    game = replay("texas", "north", []).game
    assert parse_event(REMARK, game, get_ruleset("texas").guarantee_joker) == Remark("east", REMARK["text"])
    assert narrate(REMARK) == "East remarks: nice lead, partner"
    form = next(form for form in recorder_forms() if form["type"] == "remark")
    assert (form["title"], form["official"]) == ("Remark", False)
    assert [(f["name"], f["input"]) for f in form["fields"]] == [("seat", "seat"), ("text", "text")]
    assert form["fields"][1]["max_length"] == 200


def test_a_described_type_is_recorded_by_the_api_and_survives_the_text_record(
    app: Flask, remark: EventType
) -> None:
    keeper = client_as(app, token(app, "scorekeeper"))
    hand = keeper.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"]
    before_the_deal = keeper.post(f"/hands/{hand}/events", json=REMARK)
    assert before_the_deal.status_code == 422
    assert "a remark is made on a dealt hand" in before_the_deal.get_json()["detail"]
    events = random_hand(3, "texas", "north")
    assert keeper.post(f"/hands/{hand}/events", json=events[:9]).status_code == 201
    too_long = keeper.post(f"/hands/{hand}/events", json={**REMARK, "text": "x" * 201})
    assert too_long.status_code == 422
    assert keeper.post(f"/hands/{hand}/events", json=REMARK).status_code == 201
    listed = keeper.get(f"/hands/{hand}/events").get_json()["events"]
    assert {k: listed[9][k] for k in REMARK} == REMARK

    text = keeper.get(f"/hands/{hand}/record?format=text").get_data(as_text=True)
    irregularities = text.split("[Irregularities]")[1]
    assert '#10 remark seat=east text="nice lead, partner"' in irregularities
    read_back = from_text(text)[0]["events"][9]
    assert {k: read_back[k] for k in REMARK} == REMARK

    page = keeper.get(f"/console/hands/{hand}/moment?at=10").get_data(as_text=True)
    assert "East remarks: nice lead, partner" in page
    recorder = keeper.get(f"/console/record/{hand}/panel").get_data(as_text=True)  # its forms' JSON
    assert "Calls: renege, tech, exposed card, concession, remark, inspection, misdeal" in recorder
    assert '"submit": "Record the remark", "title": "Remark", "type": "remark"' in recorder


def test_who_records_a_described_type_is_its_description(app: Flask, remark: EventType) -> None:
    official = client_as(app, token(app, "official"))
    hand = official.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"]
    assert official.post(f"/hands/{hand}/events", json=random_hand(3, "texas", "north")[0]).status_code == 201
    viewer = client_as(app, token(app, "viewer"))
    assert viewer.post(f"/hands/{hand}/events", json=REMARK).status_code == 403
    keeper = client_as(app, token(app, "scorekeeper"))
    # an official's (the default), said to the official only while the hand is in play
    hidden = {**remark.members, "text": replace(remark.members["text"], concealed=True)}
    register(EventType("aside", hidden, Remark, remark.narrate))
    try:
        refused = keeper.post(f"/hands/{hand}/events", json={**REMARK, "type": "aside"})
        assert refused.status_code == 403 and refused.get_json()["needs"] == ["official"]
        assert official.post(f"/hands/{hand}/events", json={**REMARK, "type": "aside"}).status_code == 201
        assert official.get(f"/hands/{hand}/events").get_json()["events"][1]["text"] == REMARK["text"]
        assert viewer.get(f"/hands/{hand}/events").get_json()["events"][1]["text"] is None
    finally:
        unregister("aside")
    assert keeper.post(f"/hands/{hand}/events", json=REMARK).status_code == 201
