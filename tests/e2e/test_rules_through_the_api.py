"""The rules issue 11 added, recorded through the REST API: the ruling MATRIX.md gives, and its score.

Each case posts a hand's events as a scorekeeper and an official would (the ``client`` carries an
official's token), then reads ``GET …/rulings`` and ``GET …/score`` and compares them with the
engine's own adjudication of the same log and with the ruling the rulebook demands.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from adjudicator import adjudicate
from adjudicator.domain import words as say
from adjudicator.simulation.hands import random_euchre_hand, scripted_hand

Case = tuple[str, str, list[dict[str, Any]], str, str, dict[str, int] | None]


def _bids(*said: tuple[str, str]) -> list[dict[str, Any]]:
    return [{"type": "bid", "seat": seat, "bid": bid} for seat, bid in said]


def _cases() -> dict[str, Case]:
    detroit = scripted_hand(13, dealer="west", bid="4")
    texas = scripted_hand(7, dealer="west")
    first_play = next(i for i, e in enumerate(texas) if e["type"] == "play")
    euchre = random_euchre_hand(0, "north")
    bids = [i for i, e in enumerate(euchre) if e["type"] == "bid"]
    passer = next(i for i in bids[1:] if euchre[i]["bid"] == "pass")
    out_of_turn = {"type": "bid", "seat": euchre[passer]["seat"], "bid": "3 no trump"}
    rest = [e for i, e in enumerate(euchre) if i >= bids[0] and i != passer]
    return {
        "a Bid Euchre bid out of turn uses the offender's bid; the hand reaches its contract (I.3)": (
            "ontario",
            "north",
            [*euchre[: bids[0]], out_of_turn, *rest],
            "bid_out_of_turn",
            "established",
            adjudicate("ontario", "north", euchre).score["points"],
        ),
        "a same-number bid raised by more than one (I.4)": (
            "ontario",
            "west",
            [
                *_bids(("north", "3 hearts"), ("east", "3 spades")),
                {
                    "type": "choice",
                    "ruling": "same_number@2",
                    "option": "raise",
                    "by": "east",
                    "bid": "6 spades",
                },
            ],
            "same_number",
            "established",
            None,
        ),
        "a player who has bid bids again, changing it: a bid out of turn (Detroit XI.h)": (
            "detroit",
            "west",
            [
                *_bids(("north", "4"), ("east", "pass"), ("north", "4 no trump")),
                {"type": "tech_call", "by": "east", "against": "north"},
            ],
            "bid_out_of_turn",
            "established",
            {"north_south": 0, "east_west": 4},
        ),
        "a false renege call scores what the bidding team had earned (false-call-value)": (
            "detroit",
            "west",
            [*detroit, {"type": "renege_call", "by": "west", "against": "north"}],
            "false_renege_call",
            "established",
            {"north_south": 7, "east_west": 0},
        ),
        "a misdeal after the first card costs the hand to the seat named as its cause (misdeal-cause)": (
            "texas",
            "west",
            [*texas[: first_play + 1], {"type": "misdeal", "reason": "wrong_count", "cause": "north"}],
            "misdeal",
            "established",
            {"north_south": 0, "east_west": 4},
        ),
        "a no-trump bidder naming a suit is a tech once called (Cardtel Bidding 6)": (
            "cardtel",
            "west",
            [
                *_bids(("north", "4 no"), ("east", "pass"), ("south", "pass"), ("west", "pass")),
                {"type": "declare", "seat": "north", "trump": "hearts"},
                {"type": "tech_call", "by": "east", "against": "north"},
            ],
            "improper_declare",
            "established",
            {"north_south": 0, "east_west": 8},
        ),
        "a bid out of turn taken at the higher of the two bids (cardtel-bid-value)": (
            "cardtel",
            "west",
            [
                *_bids(("north", "4"), ("south", "5 no")),
                {"type": "choice", "ruling": "bid_out_of_turn@2", "option": "take_bid_value", "by": "east"},
            ],
            "bid_out_of_turn",
            "established",
            {"north_south": 0, "east_west": 10},
        ),
        "a hand dealt by the wrong player, found before a bid, is dealt again (Cardtel Deal 9)": (
            "cardtel",
            "west",
            [{"type": "wrong_dealer", "seat": "south"}],
            "wrong_dealer",
            "established",
            None,
        ),
        "a concession the other team does not agree to does not stop the hand (concession-agreed)": (
            "detroit",
            "west",
            [*detroit[:20], {"type": "concede", "seat": "east"}],
            "concession",
            "dismissed",
            None,
        ),
        "a five-point hesitation penalty needs an earlier hesitation on record (Ontario I.6)": (
            "ontario",
            "west",
            [
                {"type": "hesitation", "seat": "north", "penalty": "five_points"},
                {"type": "hesitation", "seat": "north", "penalty": "five_points"},
            ],
            "hesitation",
            "established",
            None,
        ),
    }


CASES = _cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_rule_recorded_through_the_api_gets_the_matrix_ruling(client: FlaskClient, name: str) -> None:
    ruleset, dealer, events, kind, status, points = CASES[name]
    hand = client.post("/hands", json={"ruleset": ruleset, "dealer": dealer}).get_json()["id"]
    reply = client.post(f"/hands/{hand}/events", json=events)
    assert reply.status_code == 201, reply.get_json()
    rulings = client.get(f"/hands/{hand}/rulings").get_json()["rulings"]
    score = client.get(f"/hands/{hand}/score").get_json()
    engine = adjudicate(ruleset, dealer, events)
    assert [(r["id"], r["status"]) for r in rulings] == [(r.id, r.status) for r in engine.rulings]
    assert {k: v for k, v in score.items() if k != "text"} == engine.score
    assert score["text"] == say.score(engine.score, engine.rulings_data())  # and in words
    assert any(r["kind"] == kind and r["status"] == status for r in rulings), rulings
    if points is not None:
        assert score["points"] == points
