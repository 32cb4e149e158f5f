"""The role matrix, over every operation openapi.yaml declares: made from the document's own ``x-roles``
and ``security``, so an operation without a declared role fails here (and fails to build before).

For each operation and each caller (anonymous, official, scorekeeper, viewer), on a fresh scene where
the request would succeed: a role the operation names gets 2xx; another role gets 403; no credential
gets 401 with ``WWW-Authenticate: Bearer`` (a read an anonymous reader may make, on a hand in play,
included); and a refused request stores nothing (the event store's last notification is unchanged).
"""

from __future__ import annotations

import io
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest
from flask import Flask

from adjudicator.domain.handfile.writer import to_text
from adjudicator.service import hands as hand_use
from adjudicator.service import players as player_use
from adjudicator.service import tournaments as tournament_use
from adjudicator.service.cards import issue_cards
from adjudicator.service.credentials import Author, Credential
from adjudicator.service.scorekeepers import issue_table_token
from adjudicator.simulation.hands import random_hand
from adjudicator.simulation.tournaments import Director, run_detroit, whist_hand
from api.auth import CARDS
from api.spec import build_spec
from tests.days import small_day
from tests.e2e.conftest import client_as, credentials, token

OFFICIAL = Author("Scene setter", "official")
CALLERS = ("anonymous", "official", "scorekeeper", "viewer")
#: What anyone reads: the rulesets and the document itself.
PUBLIC = ("listRulesets", "getContract", "getContractYaml", "getHealth", "getReadiness", "getMetrics")
#: The reads that are an official's alone: a tournament's credentials.
OFFICIALS_READS = ("listTableTokens", "listTableCards")
OPERATIONS = [
    (path, method, operation)
    for path, operations in build_spec()["paths"].items()
    for method, operation in operations.items()
]


@dataclass
class Scene:
    """Path parameters and a body with which the operation succeeds, for a caller who may call it."""

    params: dict[str, str] = field(default_factory=dict)
    body: Any = None
    #: a form's parts instead of a JSON body (``multipart/form-data``: a file upload)
    form: dict[str, str] | None = None

    def sent(self) -> dict[str, Any]:
        """The test client's arguments that send the body: JSON, or the form with its parts as files."""
        if self.form is None:
            return {"json": self.body}
        parts = {
            name: (io.BytesIO(text.encode()), f"{name}.txt", "text/plain") for name, text in self.form.items()
        }
        return {"data": parts, "content_type": "multipart/form-data"}


def _stores(app: Flask) -> tuple[Any, Any]:
    return app.extensions["adjudicator.adapters.hand_store"], app.extensions["adjudicator.tournaments"]


def _hand_in_play(app: Flask) -> tuple[str, dict[str, Any]]:
    """A Texas hand opened by an official, its deal recorded: (its id, its next event)."""
    hands, _ = _stores(app)
    events = random_hand(7, "texas", "north")
    hand = hand_use.open_hand(hands, "texas", "north", author=OFFICIAL)["id"]
    hand_use.append_events(hands, hand, events[:1], author=OFFICIAL)
    return str(hand), events[1]


def _finished_hand(app: Flask, ruleset: str = "detroit") -> str:
    hands, _ = _stores(app)
    hand = hand_use.open_hand(hands, ruleset, "north", author=OFFICIAL)["id"]
    hand_use.append_events(hands, hand, random_hand(8, ruleset, "north"), author=OFFICIAL)
    return str(hand)


def _tournament(app: Flask, director: Director) -> str:
    _, tournaments = _stores(app)
    created, *rest = director.log
    tournament = tournament_use.create(
        tournaments, {k: v for k, v in created.items() if k != "type"}, OFFICIAL
    )["id"]
    if rest:
        tournament_use.append_events(tournaments, tournament, rest, author=OFFICIAL)
    return str(tournament)


def _registered(teams: int = 4, ruleset: str = "detroit") -> Director:
    director = Director(3)
    director.record({"type": "tournament_created", "ruleset": ruleset, "name": "Matrix"})
    for n in range(1, teams + 1):
        director.record(
            {"type": "team_registered", "team": f"T{n}", "number": n, "players": [f"P{n}a", f"P{n}b"]}
        )
    return director


def _played(director: Director) -> Director:
    """Round 1 seated and its matches played to the end, not signed yet."""
    director.seat_next_round()
    score = whist_hand("detroit", 11)
    t = director.tournament
    for sheet in list(t.sheets.values()):
        number = 0
        while not sheet.result(t.format)["over"]:
            number += 1
            hand = f"{sheet.match}/{number}"
            director.record(
                {"type": "hand_scored", "match": sheet.match, "hand": hand, "score": score(sheet, number)}
            )
    return director


def _on_the_clock(app: Flask, running: bool) -> Scene:
    """A Cardtel round seated, R1-T1's north-south side already charged 4 minutes late and, if
    ``running``, on the clock again (so that charging it now records a delay)."""
    director = _registered(4, "cardtel")
    director.seat_next_round()
    late = director.tournament.sheets["R1-T1"].sides["north_south"]
    director.record({"type": "delay_of_game", "match": "R1-T1", "team": late, "minutes": 4})
    if running:
        director.record({"type": "clock_started", "match": "R1-T1", "team": late})
    params = {"tournament_id": _tournament(app, director), "match": "R1-T1"}
    return Scene(params, {} if running else {"team": late})


def _seedable() -> Director:
    director = _registered(8)
    score = whist_hand("detroit", 12)
    t = director.tournament
    for _ in range(t.max_rounds or 3):
        director.seat_next_round()
        director.play_round(score)
    director.settle_ties(t.propose_seeding()["size"] + 1)
    return director


def _table_token(app: Flask, tournament: str) -> str:
    """A token issued for the tournament's table 1, as the desk issues one (its name made unique by the
    use case, however many a store holds): the credential's id."""
    desk = Credential("scene-desk", OFFICIAL.name, "official")
    issued, _ = issue_table_token(credentials(app), desk, tournament, "Matrix", 1)
    return issued.id


def _table_card(app: Flask, tournament: str) -> str:
    """A card issued for the tournament's table 1, as the desk prints one; its id."""
    desk = Credential("scene-desk", OFFICIAL.name, "official")
    card = issue_cards(app.extensions[CARDS], desk, tournament, "Matrix", [1], (str(uuid4()), "secret"))[0]
    return card.card.id


def _signature() -> dict[str, Any]:
    return {"type": "sheet_signed", "match": "R1-T1", "team": "T1", "player": "P1a"}


def _call_waiting(app: Flask) -> str:
    """A conduct call waiting for the official's finding, in the queue: its id."""
    hands, _ = _stores(app)
    hand = hand_use.open_hand(hands, "detroit", "west", label="Table 12", author=OFFICIAL)["id"]
    bids = [
        {"type": "bid", "seat": s, "bid": b} for s, b in (("north", "pass"), ("east", "pass"), ("south", "4"))
    ]
    call = {"type": "tech_call", "by": "west", "against": "south", "infraction": "talking_the_game"}
    hand_use.append_events(hands, hand, [*bids, call], author=OFFICIAL)
    app.extensions["adjudicator.read_models"].catch_up()
    return f"{hand}@4"


def _person(app: Flask, name: str, **declared: str) -> str:
    """A player recorded in the association's registry: their id."""
    players = app.extensions["adjudicator.players"]
    return str(player_use.record_player(players, name, OFFICIAL, new_person=True, **declared)["player"])


def _players_scene(app: Flask, operation_id: str) -> Scene | None:
    """The scenes of the association's players, None for another operation."""
    if operation_id == "recordPlayer":
        return Scene(body={"name": "Ann Lee", "centre": "Windsor", "birth_date": "1950-03-01"})
    if operation_id == "findPlayers":
        _person(app, "Ann Lee", centre="Windsor")
        return Scene()
    if operation_id == "getPlayer":
        return Scene({"player_id": _person(app, "Ann Lee", centre="Windsor")})
    if operation_id == "mergePlayers":
        kept, merged = _person(app, "Ann Lee", centre="Windsor"), _person(app, "Anne Lee")
        return Scene(body={"kept": kept, "merged": merged, "reason": "one person, recorded twice"})
    if operation_id == "createFinal":  # two qualifiers whose Final Fours are decided
        east, west = (_tournament(app, run_detroit(8, seed=n, name=f"Q{n}")) for n in (1, 2))
        return Scene(body={"ruleset": "detroit", "name": "Senior Olympics", "qualifiers": [east, west]})
    if operation_id == "getPlayerHistory":
        ann, bo = _person(app, "Ann Lee", centre="Windsor"), _person(app, "Bo Jones", centre="Windsor")
        director = _registered()
        director.log[1]["people"] = [ann, bo]
        tournament = _tournament(app, _played(director))
        _, tournaments = _stores(app)
        tournament_use.append_events(
            tournaments, UUID(tournament), [{"type": "board_public", "public": True}], author=OFFICIAL
        )
        app.extensions["adjudicator.read_models"].catch_up()
        return Scene({"player_id": ann})
    return None


def scene(app: Flask, operation_id: str) -> Scene:
    """Where ``operation_id`` succeeds for a caller with the right: one scene per operation."""
    if operation_id in PUBLIC:
        return Scene()
    players = _players_scene(app, operation_id)
    if players is not None:
        return players
    if operation_id == "listHands":  # a hand in play (listed to a credential) and a finished one
        _hand_in_play(app)
        _finished_hand(app)
        return Scene()
    if operation_id == "openHand":
        return Scene(body={"ruleset": "texas", "dealer": "north"})
    if operation_id in (
        "getHand",
        "getEventList",
        "getState",
        "getRulingList",
        "getScore",
        "getHandRecord",
        "getHandRecordText",
    ):
        return Scene({"hand_id": _hand_in_play(app)[0]})
    if operation_id == "appendEvents":
        hand, following = _hand_in_play(app)
        return Scene({"hand_id": hand}, following)
    if operation_id == "importHands":  # a record of the table's own events only
        record = {"format": "adjudicator-hand/1", "ruleset": "texas", "dealer": "north"}
        return Scene(body={**record, "events": random_hand(9, "texas", "north")})
    if operation_id == "importHandFile":  # the same, as a text file
        record = {"format": "adjudicator-hand/1", "ruleset": "texas", "dealer": "north"}
        return Scene(form={"records": to_text({**record, "events": random_hand(9, "texas", "north")})})
    if operation_id == "importDay":  # a hall's day, recorded in a store of its own
        return Scene(form={"day": small_day(Path(tempfile.mkdtemp()))})
    if operation_id == "followChanges":  # followed by anyone: each is told only what it may read
        _hand_in_play(app)
        return Scene()
    if operation_id in ("listCalls", "followCalls"):
        _call_waiting(app)
        return Scene()
    if operation_id == "claimCall":
        return Scene({"call_id": _call_waiting(app)})
    if operation_id in ("releaseCall", "handOverCall"):  # a call the calling official holds
        call = _call_waiting(app)
        app.extensions["adjudicator.calls"].claim(call, CALLER_NAME["official"])
        nextone = f"Next official {len(credentials(app).all()) + 1}"  # a store may hold many scenes
        token(app, "official", nextone)
        return Scene({"call_id": call}, {"to": nextone} if operation_id == "handOverCall" else {})
    if operation_id == "createTournament":
        return Scene(body={"ruleset": "detroit", "name": "New", "date": "2026-11-24"})
    if operation_id == "listTournaments":
        _tournament(app, _registered())
        return Scene()
    if operation_id == "drawForTournament":
        return Scene({"tournament_id": _tournament(app, _registered())}, {})
    if operation_id == "seatRound":
        director = _registered()
        t = director.tournament
        while t.draws_needed():
            director.record(t.random_draw(t.draws_needed()[0], director.rng))
        return Scene({"tournament_id": _tournament(app, director), "round_number": "1"}, {})
    if operation_id == "seedPlayoff":
        return Scene({"tournament_id": _tournament(app, _seedable())}, {})
    if operation_id == "linkHand":
        director = _registered()
        director.seat_next_round()
        params = {"tournament_id": _tournament(app, director), "match": "R1-T1"}
        return Scene(params, {"hand": _finished_hand(app)})
    if operation_id == "signSheet":
        params = {"tournament_id": _tournament(app, _played(_registered())), "match": "R1-T1"}
        return Scene(params, {"team": "T1", "player": "P1a"})
    if operation_id == "appendTournamentEvents":
        return Scene({"tournament_id": _tournament(app, _played(_registered()))}, _signature())
    if operation_id == "checkInTeam":
        return Scene({"tournament_id": _tournament(app, _registered())}, {"team": "T1"})
    if operation_id == "setBoard":
        return Scene({"tournament_id": _tournament(app, _registered())}, {"public": True})
    if operation_id == "startClock":
        return _on_the_clock(app, running=False)
    if operation_id in ("stopClock", "chargeClock", "listClocks"):
        return _on_the_clock(app, running=True)
    if operation_id == "listTableTokens":
        tournament = _tournament(app, _registered())
        _table_token(app, tournament)
        return Scene({"tournament_id": tournament})
    if operation_id == "issueTableToken":
        return Scene({"tournament_id": _tournament(app, _registered())}, {"table": 2})
    if operation_id == "revokeTableToken":
        tournament = _tournament(app, _registered())
        return Scene({"tournament_id": tournament, "credential_id": _table_token(app, tournament)})
    if operation_id in ("listTableCards", "withdrawTableCard"):
        tournament = _tournament(app, _registered())
        return Scene({"tournament_id": tournament, "card_id": _table_card(app, tournament)})
    if operation_id == "issueTableCards":
        return Scene({"tournament_id": _tournament(app, _registered())}, {"tables": 2})
    if operation_id.startswith("get") or operation_id == "getMatch":  # a tournament's reads
        return Scene({"tournament_id": _tournament(app, _played(_registered())), "match": "R1-T1"})
    raise AssertionError(f"no scene for {operation_id}: add one with the operation")


def _last_notification(app: Flask) -> int:
    store = app.extensions["adjudicator.adapters.hand_store"]
    return int(store.events.app.recorder.max_notification_id() or 0)


#: The name each role's caller's credential has (a scene may need it: the official who holds a call).
CALLER_NAME = {role: f"The {role}" for role in CALLERS}


def _call(app: Flask, caller: str, method: str, path: str, scene: Scene) -> Any:
    credential = None if caller == "anonymous" else token(app, caller, CALLER_NAME[caller])
    client = client_as(app, credential)
    url = path.format(**scene.params)
    if method == "get":
        return client.get(url)
    return client.open(url, method=method.upper(), **scene.sent())


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize(
    ("path", "method", "operation"), OPERATIONS, ids=[op["operationId"] for _, _, op in OPERATIONS]
)
def test_every_operation_answers_each_role_as_the_document_says(
    app: Flask, path: str, method: str, operation: dict[str, Any], caller: str
) -> None:
    roles = operation["x-roles"]
    assert roles, f"{operation['operationId']} declares no role"
    anonymous_may = {} in operation["security"]
    given = scene(app, operation["operationId"])
    before = _last_notification(app)
    reply = _call(app, caller, method, path, given)
    write = method != "get"
    listed_to_anyone = operation["operationId"] in (*PUBLIC, "listHands", "followChanges", "getPlayerHistory")
    if caller == "anonymous" and operation["operationId"] == "getBoard":
        # the scene's tournament is private, as every one starts: as if there were none
        assert reply.status_code == 404, reply.get_json()
        assert reply.get_json()["type"] == "urn:adjudicator:problem:unknown-tournament"
    elif caller == "anonymous" and not (anonymous_may and listed_to_anyone):
        # a write, a read for credentials only, or a hand in play: 401, a Bearer challenge
        assert reply.status_code == 401, reply.get_json()
        assert reply.headers["WWW-Authenticate"].startswith("Bearer")
        assert reply.headers["Content-Type"] == "application/problem+json"
    elif caller == "anonymous" or caller in roles:
        assert 200 <= reply.status_code < 300, (caller, reply.get_json())
        return
    else:
        assert write or operation["operationId"] in OFFICIALS_READS, "every role reads"
        assert reply.status_code == 403, reply.get_json()
        assert reply.headers["Content-Type"] == "application/problem+json"
        assert set(reply.get_json()["needs"]) <= set(roles)
    assert _last_notification(app) == before, "a refused request stored something"


def test_the_matrix_covers_every_operation_the_app_serves(app: Flask) -> None:
    served = {
        getattr(view, "operation_id", name)
        for name, view in app.view_functions.items()
        if name != "static" and not name.startswith("console")  # the console's pages: guarded by sight
    }
    assert served == {operation["operationId"] for _, _, operation in OPERATIONS}


def test_a_scorekeepers_official_choice_is_refused_and_nothing_stored(app: Flask) -> None:
    hands, _ = _stores(app)
    hand = hand_use.open_hand(hands, "ontario", "west", author=OFFICIAL)["id"]
    bids = [
        {"type": "bid", "seat": "north", "bid": "3 hearts"},
        {"type": "bid", "seat": "east", "bid": "3 spades"},
    ]
    scorekeeper = client_as(app, token(app, "scorekeeper", "Table 4"))
    assert scorekeeper.post(f"/hands/{hand}/events", json=bids).status_code == 201
    choice = {"type": "choice", "ruling": "same_number@2", "option": "stand_down", "by": "official"}
    refused = scorekeeper.post(f"/hands/{hand}/events", json=choice)
    assert refused.status_code == 403 and refused.get_json()["needs"] == ["official"]
    assert hand_use.version(hands, hand) == 2
    official = client_as(app, token(app, "official", "Floor official"))
    assert official.post(f"/hands/{hand}/events", json=choice).status_code == 201
    recorded = official.get(f"/hands/{hand}/events").get_json()["events"]
    assert [e["author"] for e in recorded] == [
        {"name": "Table 4", "role": "scorekeeper"},
        {"name": "Table 4", "role": "scorekeeper"},
        {"name": "Floor official", "role": "official"},
    ]


@pytest.mark.parametrize("kind", ["inspect", "misdeal", "hesitation", "close"])
def test_a_scorekeeper_records_no_officials_event(app: Flask, kind: str) -> None:
    hand, _ = _hand_in_play(app)
    events = {
        "inspect": {"type": "inspect", "seat": "north", "cards": []},
        "misdeal": {"type": "misdeal", "reason": "other"},
        "hesitation": {"type": "hesitation", "seat": "north", "penalty": "warning"},
        "close": {"type": "close"},
    }
    reply = client_as(app, token(app, "scorekeeper")).post(f"/hands/{hand}/events", json=events[kind])
    assert reply.status_code == 403 and reply.get_json()["needs"] == ["official"]


def test_a_revoked_or_unknown_token_is_refused(app: Flask) -> None:
    credentials = app.extensions["adjudicator.credentials"]
    credential, value = credentials.create("Relief official", "official")
    client = client_as(app, value)
    assert client.post("/hands", json={"ruleset": "texas", "dealer": "north"}).status_code == 201
    credentials.revoke(credential.name)
    before = _last_notification(app)
    for refused in (client, client_as(app, "adj_not-a-token"), client_as(app, "")):
        reply = refused.post("/hands", json={"ruleset": "texas", "dealer": "north"})
        assert reply.status_code == 401
        assert reply.headers["WWW-Authenticate"].startswith("Bearer")
    assert 'error="invalid_token"' in client.get("/rulesets").headers["WWW-Authenticate"]
    assert _last_notification(app) == before


def test_a_scoped_scorekeeper_writes_only_at_its_own_table(app: Flask) -> None:
    tournament = _tournament(app, _played(_registered(8)))
    mine = client_as(app, token(app, "scorekeeper", "T1 keeper", tournament, 1))
    other = client_as(app, token(app, "scorekeeper", "T2 keeper", tournament, 2))
    signature = {"team": "T1", "player": "P1a"}
    sheet = f"/tournaments/{tournament}/matches/R1-T1/signatures"
    assert other.post(sheet, json=signature).status_code == 403
    assert mine.post(sheet, json=signature).status_code == 201
    log = mine.get(f"/tournaments/{tournament}/events").get_json()["events"]
    assert log[-1]["author"] == {"name": "T1 keeper", "role": "scorekeeper"}
    assert log[0]["author"] == {"name": OFFICIAL.name, "role": "official"}
    # a hand the table-1 scorekeeper opens belongs to table 1: table 2 cannot record on it
    hand = mine.post("/hands", json={"ruleset": "detroit", "dealer": "north"}).get_json()["id"]
    deal = random_hand(9, "detroit", "north")[0]
    assert other.post(f"/hands/{hand}/events", json=deal).status_code == 403
    assert mine.post(f"/hands/{hand}/events", json=deal).status_code == 201
    # and the tournament's administration is an official's
    draw = mine.post(f"/tournaments/{tournament}/draws", json={})
    assert draw.status_code == 403 and draw.get_json()["needs"] == ["official"]


def test_the_policy_decided_every_hand_event_type() -> None:
    """Each type's description says who records it: the table these (as docs/api.md lists them), an
    official every other, and a choice by the official only an official."""
    from adjudicator.domain.events import REGISTRY

    table = {name for name, described in REGISTRY.items() if described.recorded_by == "table"}
    assert table == {
        "deal",
        "bid",
        "discard",
        "declare",
        "play",
        "renege_call",
        "tech_call",
        "expose",
        "exchange",
        "correct",
        "concede",
        "choice",
        "score_confirmation",
        "result",
    }
    assert REGISTRY["choice"].recorded_by_table({"type": "choice", "by": "north"})
    assert not REGISTRY["choice"].recorded_by_table({"type": "choice", "by": "official"})
