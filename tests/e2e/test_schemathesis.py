"""Schemathesis 4 fuzzes every operation of openapi.yaml against the app: no server error, and
no response (status, headers, body) that breaks the document.

Half the generated hand ids are swapped for real hands (one complete, one being bid, a Bid
Euchre one in play, one with rulings), so the fuzzer reaches past 404 into the domain's
refusals and the full responses. A stateful run then opens hands and follows the links the
document gives (a new hand's id into its events, state, rulings and score). Every request carries an
official's bearer token (the roles themselves are ``test_roles.py``'s).
"""

from __future__ import annotations

import atexit
import functools
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from flask import Flask
from hypothesis import settings
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import positive_data_acceptance
from schemathesis.transport import requests as requests_transport
from schemathesis.transport import wsgi as wsgi_transport

from adjudicator.service.hands import append_events
from adjudicator.simulation.hands import random_euchre_hand, random_hand
from adjudicator.wire.schemas.common import ENTITY_TAGS
from api import create_app
from api.request import PRECONDITIONS

ROOT = Path(__file__).resolve().parents[2]
#: The document and its settings, read at import; the app is attached when the first case runs.
schema = schemathesis.openapi.from_path(
    ROOT / "openapi.yaml", config=SchemathesisConfig.from_path(ROOT / "schemathesis.toml")
)


# A hall's day (POST /imports/day) is JSON lines: sent as the text it is, as text/plain would be.
wsgi_transport.WSGI_TRANSPORT.serializer("application/x-ndjson")(wsgi_transport.text_serializer)
requests_transport.REQUESTS_TRANSPORT.serializer("application/x-ndjson")(requests_transport.text_serializer)


@dataclass(frozen=True)
class Fuzzed:
    """The app the fuzzer calls, an official's token, and what its cases reach past 404 with."""

    app: Flask
    token: str
    hands: list[str]
    #: half the table tokens' cases name it (a random id is no tournament), so the fuzzer issues
    #: tokens for it, lists them and revokes what it names
    tournament: str


@functools.cache
def fuzzed() -> Fuzzed:
    """Built once per process, at its first case: never at collection, which every xdist worker does."""
    directory = Path(tempfile.mkdtemp(prefix="adjudicator-fuzz-"))
    atexit.register(shutil.rmtree, directory, ignore_errors=True)
    app = create_app(
        {
            "ADJUDICATOR_PERSISTENCE": {
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(directory / "events.db"),
            },
            "ADJUDICATOR_READ_DB": str(directory / "events.read.db"),
        }
    )
    store = app.extensions["adjudicator.adapters.hand_store"]
    _, token = app.extensions["adjudicator.credentials"].create("Fuzzing official", "official")

    def hand(ruleset: str, events: list[dict[str, Any]]) -> str:
        view = store.open_hand(ruleset, "north", {"north": "Ann"}, "fuzz")
        if events:
            append_events(store, view.id, events)
        return str(view.id)

    hands = [
        hand("texas", random_hand(1, "texas", "north")),
        hand("detroit", random_hand(2, "detroit", "north")[:3]),
        hand("ontario", random_euchre_hand(3)[:12]),
        hand(
            "chicago",
            [
                {"type": "bid", "seat": "south", "bid": "4"},
                {"type": "tech_call", "by": "east", "against": "south"},
                {"type": "renege_call", "by": "north", "against": "east"},
            ],
        ),
    ]
    tournaments = app.extensions["adjudicator.tournaments"]
    tournament = tournaments.create({"type": "tournament_created", "ruleset": "detroit", "name": "Fuzz cup"})
    return Fuzzed(app, str(token), hands, str(tournament.id))


@pytest.fixture(scope="module")
def schemathesis_app() -> Flask:
    """The app behind the document (tests/e2e/lazy_operations.py hands it to each operation's test)."""
    schema.app = fuzzed().app
    return schema.app


@schema.auth()
class OfficialToken:
    """Every case carries the official's token (explicit auth: schemathesis then checks that a request
    without it, or with a wrong one, is refused)."""

    def get(self, case: Any, context: Any) -> str:
        return fuzzed().token

    def set(self, case: Any, data: str, context: Any) -> None:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


def _malformed_precondition(case: Any) -> bool:
    """Whether the case sends an If-Match or If-None-Match outside the document's ``pattern``: the
    fuzzer's positive data does not always keep to a header's pattern, and the API refuses it, 400."""
    headers = case.headers or {}
    return any(
        name in headers and not re.fullmatch(ENTITY_TAGS, str(headers[name])) for name in PRECONDITIONS
    )


@schema.parametrize()
def test_api_conforms_to_openapi(case: Any) -> None:
    parameters = case.path_parameters or {}
    hands = fuzzed().hands
    if "hand_id" in parameters:
        choice = hash(str(parameters["hand_id"])) % (2 * len(hands))
        if choice < len(hands):
            parameters["hand_id"] = hands[choice]
    if "table-tokens" in case.path and hash(str(parameters.get("tournament_id"))) % 2:
        parameters["tournament_id"] = fuzzed().tournament
    if _malformed_precondition(case):
        response = case.call_and_validate(excluded_checks=[positive_data_acceptance])
        if response.status_code not in (401, 404, 405):  # those come first
            assert response.status_code == 400, response.text
            assert response.json()["type"] == "urn:adjudicator:problem:malformed-precondition"
        return
    case.call_and_validate()


@pytest.mark.hypothesis  # as the unittest TestCase it was: `-m hypothesis` selects it
def test_hand_lifecycle(schemathesis_app: Flask) -> None:
    """Stateful: open a hand, then follow the document's links (GetHand, AppendEvents) with its id.
    The state machine is made once the app is attached (its operations keep the app they are made with)."""
    lifecycle = schema.as_state_machine().TestCase
    lifecycle.settings = settings(max_examples=20, stateful_step_count=6, deadline=None)
    lifecycle().runTest()
