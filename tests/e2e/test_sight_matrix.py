"""The sight matrix, generated from the contract and the console's routes: while a hand is in play, a
reader who may not see its cards reads nothing of them, and nobody but an official reads a ruling the
table has not called, in any answer of any route, a write's included.

Two services (two worlds) hold twin hands (``tests.e2e.sight_scenes``): the same hand in play, its
concealed cards swapped. For every operation of openapi.yaml (each query parameter at every value
worth trying, ``at`` at every moment) and every console page that shows a hand (found in the app's
URL map), each reader asks both worlds the same. Every route that writes to a hand, or judges a write
to one (the contract's appends and import, the console's check and preview), is asked with plays of
the swapped cards (``probes``: held by another seat in both twins; ``splits``: held by the seat in
one twin only), each on a fresh copy of the twin hands, and the writer then reads what it wrote. A
viewer, an anonymous reader, another table's scorekeeper and an unscoped one (who may record, but not
see the cards) must get the same answer from both (status, ETag, body: ids and times aside), and no
concealed card in an answer of the API; nobody but an official (the table's own scorekeeper
included) reads an uncalled ruling, nor a record conflict. An official, who sees everything, reads
the twins apart: the matrix can tell.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from api.auth import CONSOLE_HEADER, COOKIE
from api.spec import build_spec
from tests.e2e.conftest import client_as, sqlite_config, token
from tests.e2e.sight_scenes import TOURNAMENT, Twin, cards_in, public_cards, twin
from tests.e2e.test_roles import scene

#: Who reads, and what they may see of a hand in play: nothing concealed (``blind``), or the cards.
BLIND = ("anonymous", "viewer", "neighbour", "roving")
READERS = (*BLIND, "own")
OPERATIONS = [
    (path, method, operation)
    for path, operations in build_spec()["paths"].items()
    for method, operation in operations.items()
]
#: Answers about the process, not a hand: its request counts and timings differ between two services
#: whatever their hands hold (the matrix checks only that they name no hand and no card).
PROCESS = ("getMetrics",)
#: Ids: a hand's or a tournament's UUID, a hand's short name, a credential's (a table token's path).
UUID = re.compile(
    r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?<=Hand )[0-9a-f]{8}\b"
    r"|(?<=table-tokens/)[0-9a-f]{12}\b"
)
TIME = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\+00:00|Z)?")
CURSOR = re.compile(r'("next":\s*"|cursor=)[A-Za-z0-9_-]+')
CARD = re.compile(r"(/table-cards/)[0-9a-f]+")  # a table card's id: each world issues its own


@dataclass
class World:
    """One service, its twin hand in play, and a client for each reader."""

    app: Flask
    hand: str
    twin: Twin
    clients: dict[str, FlaskClient] = field(default_factory=dict)
    tokens: dict[str, str | None] = field(default_factory=dict)
    scenes: dict[str, Any] = field(default_factory=dict)


def _open_twin(clients: dict[str, FlaskClient], told: Twin) -> str:
    """The twin hand opened at table 5 and recorded: the table's events, then the official's."""
    own, official = clients["own"], clients["official"]
    hand = own.post("/hands", json={"ruleset": told.ruleset, "dealer": told.dealer, "label": "T5 B1"})
    hand_id = str(hand.get_json()["id"])
    assert own.post(f"/hands/{hand_id}/events", json=told.table).status_code == 201
    assert official.post(f"/hands/{hand_id}/events", json=told.officials).status_code == 201
    return hand_id


def _world(directory: Path, told: Twin) -> World:
    app = create_app({**sqlite_config(directory), "ADJUDICATOR_READ_MODELS": True})
    tokens: dict[str, str | None] = {
        "official": token(app, "official", "Floor"),
        "own": token(app, "scorekeeper", "Table 5", TOURNAMENT, 5),
        "neighbour": token(app, "scorekeeper", "Table 6", TOURNAMENT, 6),
        "roving": token(app, "scorekeeper", "Roving"),
        "viewer": token(app, "viewer", "Kibitzer"),
        "anonymous": None,
    }
    clients = {who: client_as(app, value) for who, value in tokens.items()}
    hand_id = _open_twin(clients, told)
    app.extensions["adjudicator.read_models"].catch_up()
    return World(app, hand_id, told, clients, tokens)


def _twin_worlds(kind: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[World]]:
    told = twin(kind)
    made = [_world(tmp_path_factory.mktemp(f"{kind}-{n}"), t) for n, t in enumerate((told, told.other()))]
    yield made
    for world in made:
        world.app.extensions["adjudicator.read_models"].stop()
        world.app.extensions["adjudicator.adapters.hand_store"].close()
        world.app.extensions["adjudicator.credentials"].close()


@pytest.fixture(scope="module", params=["whist", "euchre"])
def worlds(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[World]]:
    """The twin hands, read and never written to."""
    yield from _twin_worlds(request.param, tmp_path_factory)


@pytest.fixture(scope="module", params=["whist", "euchre"])
def writing_worlds(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[World]]:
    """Twin worlds whose hands the write matrix copies and writes to."""
    yield from _twin_worlds(request.param, tmp_path_factory)


@dataclass(frozen=True)
class Asked:
    method: str
    url: str
    body: Any = None
    probe: Any = None  # the cards the request itself names (a refusal may name them back)
    process: bool = False  # about the process (``PROCESS``): no hand, no card, but not the same twice
    about: bool = True  # about the hand (or the hands): the rest (the contract, tournaments) may
    # name a card or a ruling's status of their own, and must only not tell the twins apart
    page: bool = False  # a console route: asked with the console's cookie
    catch_up: bool = False  # read once the read models have followed the writes before it


def _values(parameter: dict[str, Any], versions: int) -> list[Any]:
    """The values of a query parameter worth asking: every moment for ``at``, each enum's value."""
    schema = parameter.get("schema", {})
    if parameter["name"] == "at":
        return list(range(schema.get("minimum", 0), versions + 1))
    if "enum" in schema:
        return list(schema["enum"])
    if schema.get("type") == "integer":
        return [schema.get("minimum", 0), 3]
    return []


def _asked(world: World, path: str, method: str, operation: dict[str, Any]) -> list[Asked]:
    """The requests the matrix makes of one operation in ``world``: on its hand in play."""
    op = operation["operationId"]
    params = {"hand_id": world.hand}
    needs = set(re.findall(r"{(\w+)}", path)) - {"hand_id"}
    body = None
    if needs or (method != "get" and "hand_id" not in path and op != "importHands"):
        if op not in world.scenes:
            world.scenes[op] = scene(world.app, op)
        params.update(world.scenes[op].params)
        body = world.scenes[op].body
    url = path.format(**params)
    about = "hand_id" in path or op in ("listHands", "importHands")
    if op in PROCESS:
        return [Asked(method.upper(), url, about=False, process=True)]
    if method == "get":
        asked = [Asked("GET", url, about=about)]
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "query":
                for value in _values(parameter, len(world.twin.events)):
                    asked.append(Asked("GET", f"{url}?{parameter['name']}={value}", about=about))
        return asked
    if "hand_id" in path or op == "importHands":
        return []  # a write to a hand: the write matrix asks it, on copies of the hand
    return [Asked(method.upper(), url, body, about=False)]


def _pages(world: World) -> list[Asked]:
    """Every console page that shows a hand (from the app's URL map), at every moment."""
    asked = [Asked("GET", "/console/hands")]
    for rule in world.app.url_map.iter_rules():
        if not rule.endpoint.startswith("console") or "hand_id" not in rule.arguments:
            continue
        url = rule.rule.replace("<uuid:hand_id>", world.hand)
        if "POST" in (rule.methods or ()):
            continue  # a write, or a dry run of one: the write matrix asks it
        asked.append(Asked("GET", url))
        asked += [Asked("GET", f"{url}?at={n}") for n in range(len(world.twin.events) + 1)]
    return asked


def _answer(world: World, reader: str, asked: Asked, page: bool) -> tuple[int, str | None, str, str]:
    """(status, ETag, content type, body) of the request, as ``reader`` makes it."""
    client = world.clients[reader]
    headers: dict[str, str] = {}
    page = page or asked.page
    if asked.catch_up:
        world.app.extensions["adjudicator.read_models"].catch_up()
    if page and world.tokens[reader] is not None:  # the console's pages: signed in with the cookie
        client = world.app.test_client()
        client.set_cookie(COOKIE, str(world.tokens[reader]))
        headers[CONSOLE_HEADER] = "1"
    reply = client.open(asked.url, method=asked.method, json=asked.body, headers=headers)
    return reply.status_code, reply.headers.get("ETag"), reply.mimetype, reply.get_data(as_text=True)


def _same(text: str) -> str:
    """An answer without what differs between the worlds whatever the reader: ids, times, cursors;
    the metrics whole, which count each world's own requests by route template and its process's
    garbage, never a hand's content (their concealed cards are still looked for, in ``_check``)."""
    if text.startswith("# HELP"):
        return "<metrics>"
    return CARD.sub(r"\1<card>", CURSOR.sub(r"\1<cursor>", TIME.sub("<time>", UUID.sub("<id>", text))))


def _uncalled_shown(text: str, uncalled: set[str], mimetype: str) -> list[str]:
    found = [ruling for ruling in uncalled if ruling in text]
    if "not yet called" in text:
        found.append("not yet called")
    if re.search(r"record[_ ]conflict", text, re.IGNORECASE):
        found.append("a record conflict")
    if mimetype == "text/html" and re.search(r"\bdetected\b", text):
        found.append("detected")
    if mimetype.endswith("json"):

        def walk(value: Any) -> Iterator[str]:
            if isinstance(value, dict):
                count = value.get("detected")
                if value.get("status") == "detected" or (isinstance(count, int) and count > 0):
                    yield "a detected ruling"
                for member in value.values():
                    yield from walk(member)
            elif isinstance(value, list):
                for member in value:
                    yield from walk(member)

        found += list(walk(json.loads(text))) if text else []
    return found


def _check(worlds: list[World], reader: str, asked_in: list[list[Asked]], page: bool) -> list[str]:
    wrong: list[str] = []
    for first, second in zip(*asked_in, strict=True):
        answers = [_answer(w, reader, a, page) for w, a in zip(worlds, (first, second), strict=True)]
        label = f"{reader} {first.method} {_same(first.url)}"
        for world, asked, (status, _, mimetype, text) in zip(worlds, (first, second), answers, strict=True):
            if asked.process and (world.hand in text or cards_in(text)):
                wrong.append(f"{label}: the process's answer names the hand or a card")
            if not asked.about:
                continue
            uncalled = world.twin.uncalled() | worlds[1].twin.uncalled()
            if shown := _uncalled_shown(text, uncalled, mimetype):
                wrong.append(f"{label}: an uncalled ruling shown ({shown})")
            if reader in BLIND and mimetype != "text/html":
                probe = {str(asked.probe["card"])} if asked.probe else set()
                leaked = cards_in(text) - public_cards(world.twin.events) - probe
                if leaked:
                    wrong.append(f"{label}: concealed cards {sorted(leaked)} in a {status}")
        if reader in BLIND and not first.process:
            (s1, e1, m1, t1), (s2, e2, m2, t2) = answers
            if (s1, e1, m1, _same(t1)) != (s2, e2, m2, _same(t2)):
                wrong.append(f"{label}: the twins read apart ({s1} {e1} / {s2} {e2}): {_diff(t1, t2)}")
    return wrong


def _diff(one: str, two: str) -> str:
    a, b = _same(one), _same(two)
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return f"…{a[max(0, at - 80) : at + 80]!r} / …{b[max(0, at - 80) : at + 80]!r}"


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize(
    ("path", "method", "operation"), OPERATIONS, ids=[op["operationId"] for _, _, op in OPERATIONS]
)
def test_no_reader_reads_a_concealed_card_or_an_uncalled_ruling_in_play(
    worlds: list[World], path: str, method: str, operation: dict[str, Any], reader: str
) -> None:
    asked = [_asked(world, path, method, operation) for world in worlds]
    for world in worlds:
        world.app.extensions["adjudicator.read_models"].catch_up()
    assert not (wrong := _check(worlds, reader, asked, page=False)), "\n".join(wrong)


@pytest.mark.parametrize("reader", READERS)
def test_no_console_page_shows_a_reader_a_concealed_card_or_an_uncalled_ruling(
    worlds: list[World], reader: str
) -> None:
    asked = [_pages(world) for world in worlds]
    assert len(asked[0]) > 2 * len(worlds[0].twin.events)
    assert not (wrong := _check(worlds, reader, asked, page=True)), "\n".join(wrong)


def test_an_official_reads_the_twins_apart(worlds: list[World]) -> None:
    """The matrix can fail: what differs between the twins shows to a reader who sees everything."""
    read = [w.clients["official"].get(f"/hands/{w.hand}/events").get_json()["events"] for w in worlds]
    assert read[0][0]["hands"] != read[1][0]["hands"]
    refused = [w.clients["official"].post(f"/hands/{w.hand}/events", json=w.twin.probes[0]) for w in worlds]
    assert refused[0].get_json()["detail"] != refused[1].get_json()["detail"]
    pages = [
        w.clients["official"].get(f"/console/hands/{w.hand}/moment").get_data(as_text=True) for w in worlds
    ]
    assert _same(pages[0]) != _same(pages[1])


def test_the_matrix_covers_every_route_that_shows_a_hand(worlds: list[World]) -> None:
    """Every operation is in the matrix (made from the contract), and every console route with a hand:
    read as a page, or written to (or asked to judge a write) by the write matrix."""
    served = {getattr(v, "operation_id", n) for n, v in worlds[0].app.view_functions.items()}
    assert {op["operationId"] for _, _, op in OPERATIONS} <= served
    pages = {a.url.split("?")[0] for a in _pages(worlds[0])}
    writes = {path.format(hand_id=worlds[0].hand) for path, _ in _write_routes(worlds[0].app)}
    assert "/hands/import" in writes and f"/hands/{worlds[0].hand}/events" in writes
    hand_rules = [r for r in worlds[0].app.url_map.iter_rules() if "hand_id" in r.arguments]
    console = {
        r.rule.replace("<uuid:hand_id>", worlds[0].hand) for r in hand_rules if r.rule.startswith("/console")
    }
    assert console <= pages | writes


#: What a writer reads of a hand once it has written to it (then the queue and the hands, followed).
READ_BACK = ("", "/events", "/state", "/rulings", "/score", "/record")


def _write_routes(app: Flask) -> list[tuple[str, bool]]:
    """Every route that writes to a hand, or judges a write to one: (its path, whether a console's)."""
    routes = [
        (path, False)
        for path, method, _ in OPERATIONS
        if method == "post" and ("{hand_id}" in path or path == "/hands/import")
    ]
    return routes + [
        (rule.rule.replace("<uuid:hand_id>", "{hand_id}"), True)
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/console") and "hand_id" in rule.arguments and "POST" in (rule.methods or ())
    ]


def _writes(world: World) -> list[Asked]:
    """Every route that writes to a hand, or judges a write to one, asked with each probe and split
    on a fresh copy of the twin hand, each followed by what the writer then reads of the copy."""
    asked: list[Asked] = []
    plays = [*world.twin.probes, *world.twin.splits]
    for (path, page), play in itertools.product(_write_routes(world.app), plays):
        hand = _open_twin(world.clients, world.twin)
        body = [{"hand": hand, "events": [play]}] if path == "/hands/import" else play
        asked.append(Asked("POST", path.format(hand_id=hand), body, play, page=page))
        asked += [Asked("GET", f"/hands/{hand}{view}", probe=play) for view in READ_BACK]
        for listed in ("/calls", "/hands", "/hands?has_rulings=pending"):
            asked.append(Asked("GET", listed, probe=play, catch_up=True))
    return asked


@pytest.mark.parametrize("reader", READERS)
def test_no_writer_learns_a_concealed_card_from_a_write_a_check_or_a_preview(
    writing_worlds: list[World], reader: str
) -> None:
    """A writer who may not see the cards gets the same answer from both twins to each write, dry run
    and preview, and reads the same of the hand after it: a play against the concealed cards is
    recorded in both, its conflict an official's alone to read."""
    asked = [_writes(world) for world in writing_worlds]
    assert len(asked[0]) >= 4 * len(writing_worlds[0].twin.probes) * len(READ_BACK)
    assert not (wrong := _check(writing_worlds, reader, asked, page=False)), "\n".join(wrong)


def test_an_official_reads_apart_what_a_writer_who_may_not_see_recorded(writing_worlds: list[World]) -> None:
    """The unscoped scorekeeper's play of a card the seat holds in one twin only is recorded in both;
    an official reads the record conflict in the other twin alone, and its call in the queue."""
    split = writing_worlds[0].twin.splits[0]
    conflicts, queued = [], []
    for world in writing_worlds:
        hand = _open_twin(world.clients, world.twin)
        assert world.clients["roving"].post(f"/hands/{hand}/events", json=split).status_code == 201
        rulings = world.clients["official"].get(f"/hands/{hand}/rulings").get_json()["rulings"]
        conflicts.append([r["status"] for r in rulings if r["kind"] == "record_conflict"])
        world.app.extensions["adjudicator.read_models"].catch_up()
        calls = world.clients["official"].get("/calls").get_json()["calls"]
        queued.append([c["status"] for c in calls if c["hand"] == hand and c["kind"] == "record_conflict"])
        seen = world.clients["roving"].get("/calls").get_json()["calls"]
        assert not [c for c in seen if c["kind"] == "record_conflict"]
    assert sorted(conflicts) == [[], ["pending"]]
    assert sorted(queued) == [[], ["open"]]
