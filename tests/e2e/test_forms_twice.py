"""Every console form posted twice, over real HTTP, as a browser sends it on a reload or a double tap:
the second answer is the first's (the same redirect, the same page, the same token) and nothing more
is stored. The forms are not listed here: they are read from the pages as drawn, so that a form added
without its once-only key fails."""

from __future__ import annotations

import http.client
import re
import threading
import uuid
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode

import pytest
from flask import Flask

from adjudicator.simulation.hands import random_hand
from api.auth import COOKIE
from tests.e2e.conftest import LiveServer, credentials, token
from tests.e2e.test_roles import _last_notification

#: Forms that write nothing to the store, so have nothing to record once (the cookie is the browser's).
WRITE_NOTHING = ("/console/sign-in", "/console/sign-out")
#: What a form's empty field is filled with, by its name (a field a page draws filled keeps its value).
FILL = {
    "name": "Twice United",
    "player1": "Ann",
    "player2": "Bob",
    "table": "3",
    "ns": "7",
    "ew": "0",
    "reason": "as the director decided",
    "detail": "the score was added wrong",
    "fee": "0",
    "player": "a1",
}
PASTED = {"/teams": "Twice Rovers: Cy, Di", "/hands": "7 0\n0 7"}


@dataclass
class Form:
    action: str
    method: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    selects: dict[str, list[str]] = field(default_factory=dict)
    textareas: dict[str, str] = field(default_factory=dict)
    label: str = ""

    def filled(self) -> list[tuple[str, str]]:
        sent = [(n, v or FILL.get(n, "")) for n, v in self.fields]
        sent += [(n, options[0]) for n, options in self.selects.items() if options]
        for name, text in self.textareas.items():
            pasted = next((p for end, p in PASTED.items() if self.action.endswith(end)), "")
            sent.append((name, text.strip() or (pasted if name == "pasted" else FILL.get(name, "x"))))
        return sent

    def key(self) -> str:
        """Which form this is, whenever drawn: its action, fields and what it carries drawn (the draw
        it makes), not its once-only key or version."""
        carried = sorted(f"{n}={v}" for n, v in self.fields if n in ("purpose", "match", "team", "on"))
        return " ".join([self.action, *carried, *sorted(self.selects), *sorted(self.textareas)])


class Forms(HTMLParser):
    """The forms of a page: their action, method, and every field as drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._textarea: str | None = None
        self._option = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self._form = Form(a.get("action", ""), a.get("method", "").lower(), label=a.get("aria-label", ""))
            self.forms.append(self._form)
        elif self._form is None:
            return
        elif tag == "input" and a.get("type") not in ("checkbox", "radio", "submit") and a.get("name"):
            self._form.fields.append((a["name"], a.get("value", "")))
        elif tag == "select" and a.get("name"):
            self._select = a["name"]
            self._form.selects[a["name"]] = []
        elif tag == "option" and self._select is not None:
            self._option = "value" not in a  # an option without a value is sent as its text
            if "value" in a:
                self._form.selects[self._select].append(a["value"])
        elif tag == "textarea" and a.get("name"):
            self._textarea = a["name"]
            self._form.textareas[a["name"]] = ""

    def handle_data(self, data: str) -> None:
        if self._form is not None and self._textarea is not None:
            self._form.textareas[self._textarea] += data
        elif self._form is not None and self._select is not None and self._option and data.strip():
            self._form.selects[self._select].append(data.strip())
            self._option = False

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


class Browser:
    """A browser's requests on one connection: the sign-in cookie, forms posted urlencoded,
    redirects not followed (what a form's answer is, is what is compared)."""

    def __init__(self, port: int, signed_in: str) -> None:
        self.port = port
        self.cookie = f"{COOKIE}={signed_in}"

    def request(self, method: str, path: str, body: str | None = None) -> tuple[int, str, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Cookie": self.cookie}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body=body, headers=headers)
        reply = conn.getresponse()
        page = reply.read().decode()
        conn.close()
        return reply.status, reply.getheader("Location") or "", page

    def forms(self, path: str) -> list[Form]:
        status, _, page = self.request("GET", path)
        assert status == 200, (path, status)
        parser = Forms()
        parser.feed(page)
        return parser.forms

    def post(self, form: Form) -> tuple[int, str, str]:
        return self.request("POST", form.action, urlencode(form.filled()))


def writes(form: Form) -> bool:
    """Whether a form may write: not a search (``method="get"``), not the sign-in's cookie alone."""
    return form.method != "get" and form.action not in WRITE_NOTHING


def answered(reply: tuple[int, str, str]) -> tuple[int, str, list[str], list[str]]:
    """What a form's answer says: its status, where it sends the browser, the refusal and any token."""
    status, location, page = reply
    refused = re.findall(r'id="refused">([^<]*)', page)
    return status, location, refused, re.findall(r'<code class="token">([^<]+)</code>', page)


def stored(app: Flask) -> tuple[int, int]:
    """What the store holds: its last notification (every event of every log) and its credentials."""
    return _last_notification(app), len(credentials(app).all())


def registered(live: LiveServer, name: str) -> str:
    """A Detroit tournament with four teams registered, nothing drawn (over REST)."""
    http = live.client()
    tournament: str = http.post("/tournaments", {"ruleset": "detroit", "name": name}).body["id"]
    teams = [
        event
        for n in range(1, 5)
        for event in (
            {"type": "player_registered", "player": f"a{n}", "name": f"A{n}"},
            {"type": "player_registered", "player": f"b{n}", "name": f"B{n}"},
            {"type": "team_registered", "team": f"T{n}", "number": n, "players": [f"a{n}", f"b{n}"]},
        )
    ]
    assert http.post(f"/tournaments/{tournament}/events", teams).status == 201
    http.close()
    return tournament


def the_day(live: LiveServer) -> tuple[str, str, str]:
    """A Detroit tournament seated for round 1, a sheet with a hand, a table's token issued (over
    REST): (tournament, a table-1 scorekeeper's token, the match)."""
    tournament = registered(live, "Twice Open")
    http = live.client()
    while needs := http.get(f"/tournaments/{tournament}/proposal").body["needs"]:
        assert http.post(f"/tournaments/{tournament}/draws", {"purpose": needs[0]}).status == 201
    assert http.post(f"/tournaments/{tournament}/rounds/1/seating", {}).status == 201
    match = next(s["match"] for s in http.get(f"/tournaments/{tournament}/matches").body["matches"])
    score = {
        "final": True,
        "void": False,
        "winner": "north_south",
        "points": {"north_south": 7, "east_west": 0},
    }
    scored = {"type": "hand_scored", "match": match, "hand": f"{match}/1", "score": score}
    assert http.post(f"/tournaments/{tournament}/events", scored).status == 201
    issued = http.post(f"/tournaments/{tournament}/table-tokens", {"table": 2}).body
    assert issued["token"].startswith("adj_")
    table = token(live.app, "scorekeeper", "Twice table 1", tournament, 1)
    http.close()
    return tournament, table, match


def test_every_form_posted_twice_is_answered_as_the_first_time_and_stores_once(
    live_server: LiveServer,
) -> None:
    tournament, table_token, match = the_day(live_server)
    official = Browser(live_server.port, token(live_server.app, "official", "Twice director"))
    table = Browser(live_server.port, table_token)
    pages = [  # the table's first: the desk revokes every table token it lists
        (table, "/console/table"),
        (official, "/console/desk/new"),
        (official, "/console/record"),
        (official, f"/console/desk/{tournament}"),
        (official, f"/console/desk/{tournament}/sheets/{match}"),
        (official, f"/console/desk/{registered(live_server, 'Twice Cup')}"),  # its draws and seating
    ]
    tried: list[str] = []
    for browser, path in pages:
        done: set[str] = set()
        while len(done) < 40 and (
            form := next((f for f in browser.forms(path) if f.key() not in done and writes(f)), None)
        ):
            done.add(form.key())  # a form drawn once an earlier one was posted (seating, once drawn) too
            assert any(n == "once" and v for n, v in form.fields), (
                f"{path}: {form.key()} has no once-only key"
            )
            if not form.action:
                continue  # a script posts it to the API, with its key as the id: below
            first = browser.post(form)
            after_first = stored(live_server.app)
            again = browser.post(form)
            assert answered(again) == answered(first), form.key()
            assert answered(first)[3] or not form.action.endswith("/tokens"), "the token is shown"
            assert stored(live_server.app) == after_first, f"{form.key()} stored more the second time"
            tried.append(form.action.rsplit("/", 1)[-1])
    expected = {
        "new",
        "board",
        "teams",
        "check-ins",
        "withdrawals",
        "draws",
        "seating",
        "tokens",
        "revocation",
    }
    expected |= {"hands", "signatures", "disputes", "corrections", "absences", "table"}
    assert expected <= set(tried), sorted(expected - set(tried))


def test_a_script_s_form_posts_its_key_as_the_id_and_is_recorded_once(live_server: LiveServer) -> None:
    """The scripts' forms (a hand opened, a choice or finding, a correction) post to the API with
    the form's key as the id: the hand's, or the event's. Twice, the same answer and one record."""
    http = live_server.client()
    key = str(uuid.uuid4())
    opening = {"ruleset": "texas", "dealer": "north", "label": "Table 4", "id": key}
    first, again = http.post("/hands", opening), http.post("/hands", opening)
    assert (again.status, again.body, again.headers["location"]) == (201, first.body, f"/hands/{key}")
    assert first.body["id"] == key
    deal = {**random_hand(5, "texas", "north")[0], "id": str(uuid.uuid4())}
    one, two = http.post(f"/hands/{key}/events", deal), http.post(f"/hands/{key}/events", deal)
    assert (one.status, one.body) == (two.status, two.body) == (201, {"version": 1})
    assert (http.post("/hands", opening).body, http.get(f"/hands/{key}").body["version"]) == (first.body, 1)
    other = http.post("/hands", {**opening, "dealer": "east"})
    assert other.status == 409 and other.body["type"] == "urn:adjudicator:problem:idempotency-conflict"
    taken = http.post("/tournaments", {"ruleset": "detroit", "name": "Keyed", "id": key})  # a hand's id
    assert taken.status == 409 and taken.body["type"] == "urn:adjudicator:problem:idempotency-conflict"
    http.close()


@pytest.mark.parametrize("what", ["hand", "tournament", "token"])
def test_a_double_tap_sent_at_once_is_recorded_once(live_server: LiveServer, what: str) -> None:
    """Eight copies of one request under one key, at the same moment, over real HTTP: one record,
    eight identical answers (the table's token among them, the same token each time)."""
    http = live_server.client()
    tournament = http.post("/tournaments", {"ruleset": "detroit", "name": "Tap"}).body["id"]
    key = str(uuid.uuid4())
    path, body = {
        "hand": ("/hands", {"ruleset": "detroit", "dealer": "west", "id": key}),
        "tournament": ("/tournaments", {"ruleset": "chicago", "name": "Tap twice", "id": key}),
        "token": (f"/tournaments/{tournament}/table-tokens", {"table": 5, "id": key}),
    }[what]
    before = stored(live_server.app)
    replies: list[Any] = []

    def tap() -> None:
        mine = live_server.client()
        reply = mine.post(path, body)
        replies.append((reply.status, reply.body))
        mine.close()

    taps = [threading.Thread(target=tap) for _ in range(8)]
    for thread in taps:
        thread.start()
    for thread in taps:
        thread.join()
    assert len({repr(r) for r in replies}) == 1 and replies[0][0] == 201, replies
    events, issued = stored(live_server.app)
    assert (events - before[0], issued - before[1]) == ((0, 1) if what == "token" else (1, 0))
    if what == "token":
        assert http.post(path, body).body == replies[0][1]
        other = live_server.client(token(live_server.app, "official", "Another official"))
        refused = other.post(path, body)
        assert refused.status == 409 and "another official" in refused.body["detail"], refused.body
        other.close()
    http.close()
