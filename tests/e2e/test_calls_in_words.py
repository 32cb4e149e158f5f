"""Calls and rulings in words over a whole demonstration day (issue 31, item 6), against a real
``adjudicator serve``: every call, ruling and finding a page or the API's ``text`` shows a person
names cards, sides, moments and times as people say them, never by an identifier; and a renege call
is about the seat it names.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from adjudicator.simulation.hands import random_hand
from tests.e2e.serving import command, environment, served

#: What a person never reads in a call or a ruling: a card's code ("QH"), a side's or a kind's
#: identifier ("north_south"), an event's number ("event 20"), an ISO time or "UTC", a ruling's id.
IDENTIFIER = re.compile(
    r"\b(?:10|[2-9TJQKA])[CDHS]\b|\b[a-z]+_[a-z_]+\b|\b[Ee]vent \d+|\d{4}-\d\d-\d\dT\d\d|\bUTC\b|\w+@\d+"
)
#: A Detroit hand without its deal: West and then East play off the suit led, North calls a renege
#: on East, who is the one the call is about.
CALLED_ON_EAST: list[dict[str, Any]] = [
    {"type": "bid", "seat": "north", "bid": "pass"},
    {"type": "bid", "seat": "east", "bid": "pass"},
    {"type": "bid", "seat": "south", "bid": "4"},
    {"type": "bid", "seat": "west", "bid": "pass"},
    {"type": "declare", "seat": "south", "trump": "spades"},
    *(
        {"type": "play", "seat": seat, "card": card}
        for seat, card in zip(
            ("south", "west", "north", "east", "west", "north", "east", "south"),
            ("AH", "8S", "3H", "4H", "2C", "7C", "3D", "8C"),
            strict=True,
        )
    ),
    {"type": "renege_call", "by": "north", "against": "east"},
]


@dataclass(frozen=True)
class Served:
    url: str
    token: str

    def get(self, path: str) -> str:
        request = urllib.request.Request(
            f"{self.url}{path}", headers={"Authorization": f"Bearer {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            return str(answer.read().decode())

    def json(self, path: str) -> Any:
        return json.loads(self.get(path))

    def post(self, path: str, body: Any) -> Any:
        request = urllib.request.Request(
            f"{self.url}{path}",
            json.dumps(body).encode(),
            {"Content-Type": "application/json", "Authorization": f"Bearer {self.token}"},
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)

    def record(self, ruleset: str, dealer: str, events: list[dict[str, Any]]) -> str:
        opened = self.post("/hands", {"ruleset": ruleset, "dealer": dealer})
        self.post(f"/hands/{opened['id']}/events", events)
        return str(opened["id"])


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The demonstration's day (its hands, calls and tournament), and two hands of this test's own:
    a renege called on East, a score East disputes."""
    directory: Path = tmp_path_factory.mktemp("words")
    subprocess.run(
        [*command(0)[:-5], "demo"], env=environment(directory), capture_output=True, check=True, timeout=120
    )
    for port, token in served(directory):
        service = Served(f"http://127.0.0.1:{port}", token)
        service.record("detroit", "west", CALLED_ON_EAST)
        disputed = {"type": "score_confirmation", "by": "east", "verdict": "disputed", "note": "ours"}
        service.record("texas", "north", [*random_hand(21, "texas", "north"), disputed])
        for _ in range(100):  # the queue is the read models', which follow the log a moment later
            if {"renege", "score_dispute"} <= {c["kind"] for c in service.json("/calls")["calls"]}:
                break
            time.sleep(0.1)
        yield service


class _Text(HTMLParser):
    """The text a reader sees inside the elements a ``wanted`` test picks (by tag and attributes)."""

    def __init__(self, wanted: Any) -> None:
        super().__init__(convert_charrefs=True)
        self.wanted, self.depth, self.said = wanted, 0, []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth or self.wanted(tag, dict(attrs)):
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        self.depth = max(0, self.depth - 1) if self.depth else 0

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.said.append(data)


def _shown(html: str, wanted: Any) -> str:
    parser = _Text(wanted)
    parser.feed(html)
    return " ".join(" ".join(parser.said).split())


def _classed(name: str) -> Any:
    return lambda tag, attrs: name in (attrs.get("class") or "").split() or attrs.get("id") == name


def _identifiers(said: str) -> list[str]:
    return [m[0] for m in IDENTIFIER.finditer(said)]


def test_every_call_and_ruling_of_the_day_is_in_words(day: Served) -> None:
    seen: dict[str, str] = {"/console/calls": _shown(day.get("/console/calls"), _classed("calls"))}
    hands = day.json("/hands?limit=100")["hands"]
    assert len(hands) > 20
    for hand in hands:
        some = hand["id"]
        seen[f"/console/hands/{some}"] = _shown(day.get(f"/console/hands/{some}"), _classed("ruling"))
        recorder = day.get(f"/console/record/{some}")
        seen[f"/console/record/{some}"] = " ".join(
            _shown(recorder, _classed(part)) for part in ("rulings", "confirmed", "said")
        )
        seen[f"/hands/{some}/rulings"] = " ".join(
            r["text"] for r in day.json(f"/hands/{some}/rulings")["rulings"]
        )
        seen[f"/hands/{some}/score"] = day.json(f"/hands/{some}/score")["text"]
    assert "North called a renege on East" in seen["/console/calls"]
    # the demonstration's Texas renege, proven by the recorded deal as East called it
    assert "East called a renege on North settled by the record" in seen["/console/calls"]
    assert any("disputed the score" in said for said in seen.values())
    found = {where: _identifiers(said) for where, said in seen.items() if _identifiers(said)}
    assert not found, found


def test_a_renege_call_on_east_is_about_east_alone(day: Served) -> None:
    """West's unproven play is no part of a call on East: one pending renege, East's, and the queue
    describes the call with East's play."""
    calls = [c for c in day.json("/calls")["calls"] if c["kind"] == "renege" and c["against"] == "east"]
    assert len(calls) == 1, calls
    call = calls[0]
    assert call["detail"].startswith("east played 3D"), call["detail"]
    hand = day.json(f"/hands/{call['hand']}/rulings")["rulings"]
    assert [(r["seat"], r["status"]) for r in hand if r["kind"] == "renege"] == [("east", "pending")]


def test_a_refused_entry_says_why_in_words(day: Served) -> None:
    """What the recorder shows a scorekeeper of a refusal (the problem's ``said``): the card by name,
    no code, no event's number."""
    hand = next(
        c["hand"] for c in day.json("/calls")["calls"] if c["kind"] == "renege" and c["against"] == "east"
    )
    request = urllib.request.Request(
        f"{day.url}/hands/{hand}/events",
        json.dumps({"type": "play", "seat": "north", "card": "2C"}).encode(),
        {"Content-Type": "application/json", "Authorization": f"Bearer {day.token}"},
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    problem = json.load(refused.value)
    assert refused.value.code == 422 and "two of clubs was already played" in problem["said"], problem
    assert not _identifiers(problem["said"]), problem["said"]
