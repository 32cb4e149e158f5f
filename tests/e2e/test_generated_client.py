"""A client generated from the served contract works unchanged: openapi-python-client generates it from
``GET /openapi.json`` of a real ``adjudicator serve`` (locally, offline), and a scenario runs through
it alone: a hand opened and recorded with a renege, its rulings, a call claimed from the queue, both
streams read, the record as text and imported back as a file, tournaments with teams, and the list;
and a hall's day carried in as a file upload, twice.

Every answer the client gets is held to the contract as it is received (``conformance``), so an
answer the generated models would take silently (a null where a string is required) still fails.
Generated once per module (about 2 s), in the module's own xdist group.
"""

from __future__ import annotations

import gzip
import importlib
import io
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

from adjudicator.domain.cards import SEATS
from adjudicator.simulation.hands import reneging_hand
from tests.days import small_day
from tests.e2e.conformance import answer_errors, events_of
from tests.e2e.serving import served

pytestmark = pytest.mark.xdist_group("generated-client")
PACKAGE = "adjudicator_client"
WAIT = 15.0  # seconds: a bound on waiting for the read models, never an assertion


@dataclass
class Generated:
    """The generated package, the server it talks to and the contract that server served."""

    package: ModuleType
    port: int
    token: str
    document: dict[str, Any]
    broken: list[str] = field(default_factory=list)  # every answer that broke the contract

    def api(self, name: str) -> Any:
        return importlib.import_module(f"{PACKAGE}.api.{name}")

    def model(self, name: str) -> Any:
        return getattr(importlib.import_module(f"{PACKAGE}.models"), name)

    def client(self) -> Any:
        def held(response: httpx.Response) -> None:
            response.read()
            request = response.request
            found = answer_errors(
                self.document,
                request.method,
                request.url.path,
                response.status_code,
                response.headers.get("Content-Type", ""),
                response.content,
            )
            self.broken += [f"{request.method} {request.url.path}: {error}" for error in found]

        return self.package.AuthenticatedClient(
            base_url=f"http://127.0.0.1:{self.port}",
            token=self.token,
            timeout=httpx.Timeout(10.0),  # a stream that never ends fails here instead of hanging
            raise_on_unexpected_status=True,
            httpx_args={"event_hooks": {"response": [held]}},
        )


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Generated]:
    directory = tmp_path_factory.mktemp("generated-client")
    for port, token in served(directory / "server"):
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.json", timeout=30) as answer:
            served_contract = answer.read()
        contract = directory / "openapi.json"
        contract.write_bytes(served_contract)
        tool = shutil.which("openapi-python-client", path=os.path.dirname(sys.executable))
        assert tool, "openapi-python-client is in the test extra"
        made = subprocess.run(
            [
                tool,
                "generate",
                "--path",
                str(contract),
                "--meta",
                "none",
                "--output-path",
                str(directory / PACKAGE),
            ],
            capture_output=True,
            text=True,
            timeout=300,
            cwd=directory,
        )
        assert made.returncode == 0, made.stdout + made.stderr
        sys.path.insert(0, str(directory))
        try:
            package = importlib.import_module(PACKAGE)
            yield Generated(package, port, token, json.loads(served_contract))
        finally:
            sys.path.remove(str(directory))
            for name in [n for n in sys.modules if n == PACKAGE or n.startswith(f"{PACKAGE}.")]:
                del sys.modules[name]


def _until(read: Callable[[], Any], done: Callable[[Any], bool]) -> Any:
    """``read()`` again until ``done`` says so: the lists follow the log a moment later."""
    deadline = time.monotonic() + WAIT
    found = read()
    while not done(found) and time.monotonic() < deadline:
        time.sleep(0.2)
        found = read()
    return found


def _event(generated: Generated, data: dict[str, Any], prefix: str = "") -> Any:
    """A hand (or, with ``prefix`` ``Tournament``, a tournament) event as its generated model."""
    name = prefix + "".join(word.title() for word in data["type"].split("_")) + "Event"
    return generated.model(name).from_dict(data)


def test_every_operation_is_in_the_generated_client(generated: Generated) -> None:
    """Nothing of the contract was dropped: each operation has its module, each module its call."""
    for operations in generated.document["paths"].values():
        for operation in operations.values():
            tag = operation["tags"][0]
            name = "".join(f"_{c.lower()}" if c.isupper() else c for c in operation["operationId"])
            module = generated.api(f"{tag}.{name}")
            assert callable(module.sync_detailed), operation["operationId"]


def test_a_day_through_the_generated_client(generated: Generated) -> None:
    client, api, model = generated.client(), generated.api, generated.model
    hands, calls, tournaments = api("hands"), api("calls"), api("tournaments")
    seat, ruleset = model("Seat"), model("RulesetId")

    opened = importlib.import_module(f"{PACKAGE}.api.hands.open_hand").sync(
        client=client, body=model("HandRequest")(ruleset=ruleset.TEXAS, dealer=seat.NORTH, label="Table 4")
    )
    assert isinstance(opened, model("Hand"))
    append = importlib.import_module(f"{hands.__name__}.append_events").sync
    events = reneging_hand(1, "texas", "north")
    appended = append(opened.id, client=client, body=[_event(generated, e) for e in events])
    assert isinstance(appended, model("Appended")) and appended.version == len(events)

    rulings = importlib.import_module(f"{hands.__name__}.get_ruling_list").sync(opened.id, client=client)
    renege = next(r for r in rulings.rulings if r.kind == "renege")
    offender = SEATS.index(str(renege.seat))
    caller, partner = SEATS[(offender + 1) % 4], SEATS[(offender + 2) % 4]
    said = [
        {"type": "renege_call", "by": caller, "against": str(renege.seat)},
        {"type": "tech_call", "by": caller, "against": partner, "infraction": "talking_the_game"},
    ]
    called = append(opened.id, client=client, body=[_event(generated, e) for e in said])
    assert called.version == len(events) + 2
    rulings = importlib.import_module(f"{hands.__name__}.get_ruling_list").sync(opened.id, client=client)
    assert {r.kind for r in rulings.rulings} >= {"renege", "talking_the_game"}
    assert next(r for r in rulings.rulings if r.kind == "renege").called_by is not None

    listing = importlib.import_module(f"{calls.__name__}.list_calls")
    queue = _until(
        lambda: listing.sync(client=client), lambda q: any(str(c.hand) == str(opened.id) for c in q.calls)
    )
    waiting = next(c for c in queue.calls if str(c.hand) == str(opened.id) and c.kind == "talking_the_game")
    claimed = importlib.import_module(f"{calls.__name__}.claim_call").sync(waiting.id, client=client)
    assert isinstance(claimed, model("Call")) and claimed.claimed_by

    # a stream's answer is its bytes (``itemSchema`` says each event's shape): one event and done, a
    # plain call does not follow
    followed = importlib.import_module(f"{calls.__name__}.follow_calls").sync_detailed(client=client)
    [event] = events_of(followed.content.decode())
    assert any(c.id == waiting.id for c in model("CallList").from_dict(json.loads(event["data"])).calls)
    moved = importlib.import_module(f"{PACKAGE}.api.live.follow_changes").sync_detailed(client=client)
    assert model("Moved").from_dict(json.loads(events_of(moved.content.decode())[0]["data"])).position >= 0

    text = importlib.import_module(f"{hands.__name__}.get_hand_record_text").sync(opened.id, client=client)
    assert isinstance(text, str) and text.startswith("[Format ")
    upload = model("ImportHandFileBody")(
        records=generated.package.types.File(payload=io.BytesIO(text.encode()), file_name="hand.txt")
    )
    imported = importlib.import_module(f"{hands.__name__}.import_hand_file").sync(client=client, body=upload)
    assert isinstance(imported, model("Import")) and imported.events == called.version

    create = importlib.import_module(f"{tournaments.__name__}.create_tournament").sync
    request = model("TournamentRequest")
    cup = create(
        client=client, body=request(ruleset=ruleset.DETROIT, name="Generated Cup", games_per_session=40.0)
    )
    unnamed = create(client=client, body=request(ruleset=ruleset.DETROIT))
    assert isinstance(cup, model("Tournament")) and unnamed.name is None
    teams = [
        {"type": "team_registered", "team": f"T{n}", "number": n, "players": [f"P{n}a", f"P{n}b"]}
        for n in range(1, 5)
    ]
    record = importlib.import_module(f"{tournaments.__name__}.append_tournament_events").sync
    registered = record(cup.id, client=client, body=[_event(generated, t, "Tournament") for t in teams])
    assert isinstance(registered, model("TournamentAppended")) and registered.version == 5
    read = importlib.import_module(f"{tournaments.__name__}.get_tournament").sync(cup.id, client=client)
    assert [t["team"] for t in read.teams] == ["T1", "T2", "T3", "T4"]
    listed = importlib.import_module(f"{tournaments.__name__}.list_tournaments")
    found = _until(
        lambda: listed.sync(client=client),
        lambda page: {cup.id, unnamed.id} <= {t.id for t in page.tournaments},
    )
    assert {cup.id, unnamed.id} <= {t.id for t in found.tournaments}
    assert not generated.broken, "\n".join(generated.broken)


def test_a_halls_day_through_the_generated_client(generated: Generated, tmp_path: Path) -> None:
    """The day's file uploaded compressed: stored once, and the same file again stores nothing."""
    client, model = generated.client(), generated.model
    upload = importlib.import_module(f"{PACKAGE}.api.imports.import_day")
    day = gzip.compress(small_day(tmp_path).encode())

    def carried() -> Any:
        body = model("ImportDayFilesBody")(
            day=generated.package.types.File(payload=io.BytesIO(day), file_name="day.jsonl.gz")
        )
        return upload.sync_detailed(client=client, body=body)

    first, again = carried(), carried()
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.parsed.name == "Spring Social" and first.parsed.added > 0
    assert {p.name for p in first.parsed.players} == {"Ada", "Bea", "Cy", "Dee"}
    assert (again.parsed.added, again.parsed.present) == (0, first.parsed.added)
    assert not generated.broken, "\n".join(generated.broken)
