"""What a reader may see, over real HTTP: each hole found on ``main`` stays closed, on the in-thread
server and on a real ``adjudicator serve`` (granian, its front and worker) sharing the same store.

1. A correction's ``replace_with`` holds a deal: no reader without the right reads its cards, in the
   event list or the record (JSON and text).
2. A writer who may not see the concealed cards learns nothing of them from an answer: its play of
   a card another seat holds, or one laid away, is recorded (the API, the import) or would be (the
   recorder's dry run), and the record conflict it leaves is an official's to read; an official's
   own play of it is refused, saying where the card is.
3. The table's own scorekeeper, a viewer and an anonymous reader read no ruling nobody has called
   while the hand is in play; an official does; once called, everyone with the hand reads it.
4. Every answer that depends on its reader is ``Cache-Control: private``, ``Vary: Authorization,
   Cookie``, and its ETag says the sight: a viewer sending an official's ETag gets its own answer.
5. A scorekeeper's credential without a table that entered the deal reads the cards it typed (the
   recorder offers each seat its own); no other such credential does, nor it after an official's
   correction of the deal.
"""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from adjudicator import adjudicate
from adjudicator.domain.cards import next_seat
from adjudicator.simulation.hands import random_hand, reneging_hand
from tests.e2e.conftest import LiveServer, free_port, token
from tests.e2e.serving import ServeProcesses
from tests.e2e.sight_scenes import TOURNAMENT, cards_in, public_cards

RULESET = "texas"
EVENTS = random_hand(7, RULESET, "north")
HAND_VIEWS = ("", "/events", "/state", "/rulings", "/score", "/record", "/record?format=text", "/record.txt")


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    text: str

    def json(self) -> Any:
        return json.loads(self.text)


def ask(
    server: LiveServer, method: str, path: str, who: str | None, body: Any = None, **headers: str
) -> Answer:
    """One request on its own connection, answered as text whatever its type."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        sent = dict(headers)
        if who is not None:
            sent["Authorization"] = f"Bearer {who}"
        data = None if body is None else json.dumps(body).encode()
        if data is not None:
            sent["Content-Type"] = "application/json"
        conn.request(method, path, body=data, headers=sent)
        reply = conn.getresponse()
        return Answer(reply.status, {k.lower(): v for k, v in reply.getheaders()}, reply.read().decode())
    finally:
        conn.close()


@pytest.fixture(params=["in-thread", "adjudicator serve"])
def live_server(
    request: pytest.FixtureRequest, live_server: LiveServer, tmp_path: Path
) -> Iterator[LiveServer]:
    """The in-thread server, or ``adjudicator serve`` on the same store: its credentials are the
    in-thread app's, so the tests mint tokens the same way for both."""
    if request.param == "in-thread":
        yield live_server
        return
    processes = ServeProcesses()
    port = free_port()
    try:
        processes.start(tmp_path, port)
        yield LiveServer(port, live_server.app, live_server.token)
    finally:
        processes.close()


def _readers(server: LiveServer) -> dict[str, str]:
    app = server.app
    return {
        "viewer": token(app, "viewer"),
        "neighbour": token(app, "scorekeeper", "Table 6", TOURNAMENT, 6),
        "roving": token(app, "scorekeeper", "Roving"),
    }


def _hand(server: LiveServer, events: list[dict[str, Any]], by: str | None = None) -> str:
    who = by or server.token
    hand = ask(server, "POST", "/hands", who, {"ruleset": RULESET, "dealer": "north"}).json()["id"]
    if events:
        assert ask(server, "POST", f"/hands/{hand}/events", who, events).status == 201
    return str(hand)


def test_a_corrections_deal_is_concealed_in_the_events_and_the_record(live_server: LiveServer) -> None:
    correction = {"type": "correct_record", "event": 1, "replace_with": EVENTS[0], "reason": "keyed twice"}
    hand = _hand(live_server, [*EVENTS[:8], correction])
    public = public_cards(EVENTS[:8])
    assert len(cards_in(json.dumps(EVENTS[0])) - public) > 40
    for name, reader in _readers(live_server).items():
        for view in ("/events", "/record", "/record?format=text"):
            answer = ask(live_server, "GET", f"/hands/{hand}{view}", reader)
            assert answer.status == 200
            assert not cards_in(answer.text) - public, f"{name} reads {view} with the deal's cards"
        replaced = ask(live_server, "GET", f"/hands/{hand}/events", reader).json()["events"][-1]
        assert replaced["replace_with"] == {
            **EVENTS[0],
            "hands": None,
            "kitty": None,
            "kitty_positions": None,
        }
    official = ask(live_server, "GET", f"/hands/{hand}/events", live_server.token).json()["events"][-1]
    assert official["replace_with"]["hands"] == EVENTS[0]["hands"]


def _where(hand: str, server: LiveServer) -> tuple[str, str, str, str]:
    """(the seat to play, a card another seat holds, that seat, a card in the bidder's discard)."""
    state = ask(server, "GET", f"/hands/{hand}/state", server.token).json()
    seat = state["turn"]["seat"]
    holder = next(s for s in ("north", "east", "south", "west") if s != seat and state["hands"][s])
    return seat, state["hands"][holder][0], holder, state["discard"][0]


def test_a_play_against_the_concealed_cards_tells_a_writer_who_may_not_see_them_nothing(
    live_server: LiveServer,
) -> None:
    """The roving scorekeeper's play of a card another seat holds, or one laid away, is the table's
    account: its dry run says it would be recorded, the append and the import record it, and only an
    official reads the record conflict it leaves, and where the card was; the official's own play of
    it is refused, saying where."""
    roving = _readers(live_server)["roving"]  # records on any hand, sees no concealed card
    seat, held, holder, discarded = _where(_hand(live_server, EVENTS[:8]), live_server)
    for card, hidden in ((held, f": {holder} does"), (discarded, "in the bidder's discard")):
        play = {"type": "play", "seat": seat, "card": card}
        hands = {way: _hand(live_server, EVENTS[:8]) for way in ("append", "import", "official")}
        check = ask(live_server, "POST", f"/console/record/{hands['append']}/check", roving, play)
        assert check.json() == {"ok": True, "recorded": None}
        appended = ask(live_server, "POST", f"/hands/{hands['append']}/events", roving, play)
        assert appended.status == 201, appended.text
        imported = ask(
            live_server, "POST", "/hands/import", roving, [{"hand": hands["import"], "events": [play]}]
        )
        assert imported.status == 201, imported.text
        for hand in (hands["append"], hands["import"]):
            for view in HAND_VIEWS:
                seen = ask(live_server, "GET", f"/hands/{hand}{view}", roving).text
                assert "record_conflict" not in seen and hidden not in seen, (view, seen)
            ruled = ask(live_server, "GET", f"/hands/{hand}/rulings", live_server.token).json()["rulings"]
            conflict = next(r for r in ruled if r["kind"] == "record_conflict")
            assert conflict["status"] == "pending" and conflict["event"] == 9
            assert hidden in conflict["detail"] and conflict["citations"]
        official = ask(live_server, "POST", f"/hands/{hands['official']}/events", live_server.token, play)
        assert official.status == 422 and hidden in official.json()["detail"]
        assert (
            ask(live_server, "GET", f"/hands/{hands['official']}", live_server.token).json()["version"] == 8
        )


def _renege(server: LiveServer, keeper: str) -> tuple[str, dict[str, Any], str]:
    """A hand of table 5 with a renege nobody has called: (its id, the call, the ruling's id)."""
    events = reneging_hand(1, RULESET, "north")
    ruling = adjudicate(RULESET, "north", events).rulings[0]
    call = {"type": "renege_call", "by": next_seat(ruling.seat), "against": ruling.seat}
    return _hand(server, events, keeper), call, ruling.id


def test_nobody_at_the_table_reads_a_ruling_nobody_has_called(live_server: LiveServer) -> None:
    keeper = token(live_server.app, "scorekeeper", "Table 5", TOURNAMENT, 5)
    hand, call, ruling = _renege(live_server, keeper)
    table = {"own scorekeeper": keeper, "anonymous": None, **_readers(live_server)}
    for name, reader in table.items():
        for view in (*HAND_VIEWS, "/console/record/" + hand, "/console/hands/" + hand + "/moment"):
            path = view if view.startswith("/console") else f"/hands/{hand}{view}"
            answer = ask(live_server, "GET", path, reader)
            if reader is None:  # its tournament is private (as each starts): no hand, or sign in first
                assert answer.status == (303 if path.startswith("/console") else 404), (name, path)
                assert ruling not in answer.text, (name, path)
                continue
            assert answer.status == 200, (name, path)
            assert ruling not in answer.text and "not yet called" not in answer.text, (name, path)
        if reader is not None:
            assert ask(live_server, "GET", f"/hands/{hand}", reader).json()["rulings"]["detected"] == 0
    official = ask(live_server, "GET", f"/hands/{hand}/rulings", live_server.token).json()["rulings"]
    assert [(r["id"], r["status"]) for r in official] == [(ruling, "detected")]
    assert ask(live_server, "POST", f"/hands/{hand}/events", keeper, call).status == 201
    for reader in (r for r in table.values() if r is not None):  # called: every credential reads it
        read = ask(live_server, "GET", f"/hands/{hand}/rulings", reader).json()["rulings"]
        assert [(r["id"], r["status"]) for r in read] == [(ruling, "established")]


def test_a_shared_cache_is_told_each_reader_has_its_own_answer(live_server: LiveServer) -> None:
    hand = _hand(live_server, EVENTS[:8])
    viewer = _readers(live_server)["viewer"]
    for view in HAND_VIEWS:
        official = ask(live_server, "GET", f"/hands/{hand}{view}", live_server.token)
        tag = official.headers["etag"]
        seen = ask(live_server, "GET", f"/hands/{hand}{view}", viewer, **{"If-None-Match": tag})
        assert seen.status == 200, f"{view}: a viewer sending the official's ETag got {seen.status}"
        assert seen.headers["etag"] != tag
        again = ask(
            live_server, "GET", f"/hands/{hand}{view}", viewer, **{"If-None-Match": seen.headers["etag"]}
        )
        assert again.status == 304
        for answer in (official, seen, again):
            assert "private" in answer.headers["cache-control"], view
            assert {"authorization", "cookie"} <= {
                v.strip().lower() for v in answer.headers["vary"].split(",")
            }
    for path in ("/hands", f"/console/hands/{hand}", f"/console/record/{hand}"):
        answer = ask(live_server, "GET", path, viewer)
        assert "private" in answer.headers["cache-control"] and "cookie" in answer.headers["vary"].lower(), (
            path
        )
    refused = ask(live_server, "POST", f"/hands/{hand}/events", viewer, EVENTS[8])
    assert "private" in refused.headers["cache-control"]
    public = ask(live_server, "GET", "/rulesets", None)
    assert "private" not in public.headers.get("cache-control", "")


def test_a_write_names_the_version_whatever_sight_its_etag_was_read_with(live_server: LiveServer) -> None:
    keeper = token(live_server.app, "scorekeeper", "Table 5", TOURNAMENT, 5)
    hand = _hand(live_server, EVENTS[:8], keeper)
    roving = _readers(live_server)["roving"]
    for reader, tag in ((keeper, '"8-table"'), (roving, '"8-public"')):
        assert ask(live_server, "GET", f"/hands/{hand}", reader).headers["etag"] == tag
    stale = ask(live_server, "POST", f"/hands/{hand}/events", roving, EVENTS[8], **{"If-Match": '"7-public"'})
    assert stale.status == 412
    assert (
        ask(
            live_server, "POST", f"/hands/{hand}/events", keeper, EVENTS[8], **{"If-Match": '"8-table"'}
        ).status
        == 201
    )


def _ended() -> dict[str, tuple[str, list[dict[str, Any]], list[dict[str, Any]]]]:
    """Every way a hand ends: (its rulebook, the table's events, then the official's)."""
    played = random_hand(3, "detroit", "north")
    plays = [n for n, e in enumerate(played) if e["type"] == "play"]
    bidder = adjudicate("detroit", "north", played[: plays[0]]).table.contract
    assert bidder is not None
    conceded = {"type": "concede", "seat": bidder.bidder, "agreed_by": next_seat(bidder.bidder)}
    reneged = reneging_hand(1, RULESET, "north")
    offender = adjudicate(RULESET, "north", reneged).rulings[0].seat
    called = {"type": "renege_call", "by": next_seat(offender), "against": offender}
    return {
        "played out": ("detroit", played, []),
        "conceded": ("detroit", [*played[: plays[4]], conceded], []),
        "decided by a ruling": (RULESET, [*reneged, called], []),  # the demo's "Table 3, board 7 (called)"
        "void": ("detroit", played[:3], [{"type": "misdeal", "reason": "other"}]),
        "closed": ("detroit", played, [{"type": "close"}]),
    }


@pytest.mark.parametrize("way", list(_ended()))
def test_a_finished_hand_is_finished_everywhere(live_server: LiveServer, way: str) -> None:
    ruleset, table, officials = _ended()[way]
    # a hand of no tournament: a private tournament's finished hands stay its own (test_private_tournaments)
    keeper = token(live_server.app, "scorekeeper", "Table 5")
    hand = ask(live_server, "POST", "/hands", keeper, {"ruleset": ruleset, "dealer": "north"}).json()["id"]
    assert ask(live_server, "POST", f"/hands/{hand}/events", keeper, table).status == 201
    if officials:
        assert ask(live_server, "POST", f"/hands/{hand}/events", live_server.token, officials).status == 201
    summary = ask(live_server, "GET", f"/hands/{hand}", live_server.token).json()
    status = summary["status"]
    assert status in ("complete", "closed", "void") and summary["turn"] is None, (way, summary)
    state = ask(live_server, "GET", f"/hands/{hand}/state", live_server.token).json()
    assert (state["phase"], state["turn"]) == (status, None)
    everything = {
        view: ask(live_server, "GET", f"/hands/{hand}{view}", live_server.token).text for view in HAND_VIEWS
    }
    for name, reader in {"anonymous": None, **_readers(live_server)}.items():
        for view in HAND_VIEWS:  # every card public, every ruling, and to an anonymous reader too
            answer = ask(live_server, "GET", f"/hands/{hand}{view}", reader)
            assert answer.status == 200, (way, name, view, answer.text)
            assert answer.text == everything[view], (way, name, view)
        replay = ask(live_server, "GET", f"/console/hands/{hand}?at={len(table) + len(officials)}", reader)
        assert replay.status == 200 and 'class="tag turn"' not in replay.text, (way, name)
    live_server.app.extensions["adjudicator.read_models"].catch_up()
    listed = ask(live_server, "GET", f"/hands?status={status}", None).json()["hands"]
    assert [h["status"] for h in listed if h["id"] == hand] == [status], way
    recorder = ask(live_server, "GET", f"/console/record/{hand}", keeper)
    assert f"The hand is {status}" in recorder.text and "to play" not in recorder.text, way


def test_the_officials_correction_preview_says_where_the_card_is(live_server: LiveServer) -> None:
    hand = _hand(live_server, EVENTS[:8])
    seat, held, holder, _ = _where(hand, live_server)
    play = {"type": "play", "seat": seat, "card": held}
    said = ask(live_server, "POST", f"/console/hands/{hand}/preview", live_server.token, play).json()
    assert not said["ok"] and holder in said["problem"]["detail"].lower(), said
    other = ask(live_server, "POST", f"/console/hands/{hand}/preview", _readers(live_server)["roving"], play)
    assert holder not in other.json()["problem"]["detail"].lower()


def test_the_scorekeeper_who_entered_the_deal_reads_its_cards_and_no_one_else(
    live_server: LiveServer,
) -> None:
    """A scorekeeper's credential without a table that entered the deal reads the cards it typed, from
    a replay and from the stored result alike; another such credential reads none of them, nor does
    the recorder once an official has corrected the deal (the deal then is the official's)."""
    app = live_server.app
    recorder = token(app, "scorekeeper", "Recorder")
    hand = _hand(live_server, EVENTS[:8], by=recorder)
    public = public_cards(EVENTS[:8])

    def sees(who: str) -> bool:
        texts = [ask(live_server, "GET", f"/hands/{hand}{view}", who).text for view in HAND_VIEWS]
        app.extensions["adjudicator.read_models"].catch_up()  # then from the stored result
        stored = [ask(live_server, "GET", f"/hands/{hand}{view}", who).text for view in HAND_VIEWS]
        assert texts == stored
        return any(cards_in(text) - public for text in texts)

    assert sees(recorder)
    assert ask(live_server, "GET", f"/hands/{hand}", recorder).headers["etag"] == '"8-table"'
    for name, reader in _readers(live_server).items():
        assert not sees(reader), name
    correction = {"type": "correct_record", "event": 1, "replace_with": EVENTS[0], "reason": "keyed twice"}
    assert ask(live_server, "POST", f"/hands/{hand}/events", live_server.token, correction).status == 201
    assert not sees(recorder)
