"""A Bid Whist hand under each Bid Whist rulebook: the data of the comparison, its refusals, and who
may see it (every card and ruling shows, so a hand in play is an official's only)."""

from __future__ import annotations

from typing import Any

from flask import Flask

from adjudicator.service.elsewhere import BID_WHIST, rule_under
from adjudicator.simulation.hands import random_hand
from tests.e2e.conftest import client_as, token


def _consecutive_kitty() -> list[dict[str, Any]]:
    """A Texas hand whose kitty took two cards dealt one after the other: Texas and Chicago allow it,
    Detroit and Cardtel call it a misdeal, so the rest of the record is refused there."""
    events: list[dict[str, Any]] = [dict(e) for e in random_hand(1, "texas", "north")]
    events[0]["kitty_positions"] = [6, 7, 24, 33, 42, 50]
    return events


def test_the_columns_part_where_the_rulebooks_do() -> None:
    events = _consecutive_kitty()
    columns = {r: rule_under(r, "north", events, r == "texas") for r in BID_WHIST}
    assert list(columns) == ["detroit", "texas", "chicago", "cardtel"]
    for allowed in ("texas", "chicago"):
        assert columns[allowed].refusal is None and columns[allowed].status == "complete"
        assert columns[allowed].score["final"]
    for refusing in ("detroit", "cardtel"):
        column = columns[refusing]
        assert column.refused_at == 2
        assert column.refusal is not None and "void for a redeal" in column.refusal
        assert [r["kind"] for r in column.rulings] == ["misdeal"]
        assert column.status == "void"
    assert columns["texas"].own and not columns["detroit"].own
    # the same record scores by each rulebook's own table: Detroit doubles what Texas does not
    plain = random_hand(1, "detroit", "north")
    points = {r: rule_under(r, "north", plain, False).score["points"] for r in BID_WHIST}
    assert points["detroit"] != points["texas"]


def test_the_page_shows_every_rulebook_in_words_and_the_refusal(app: Flask) -> None:
    official = client_as(app, token(app, "official", "Chief official"))
    hand = official.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"]
    assert official.post(f"/hands/{hand}/events", json=_consecutive_kitty()).status_code == 201
    page = official.get(f"/console/hands/{hand}/rulebooks")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    for title in ("Detroit", "Texas", "Chicago", "Cardtel"):
        assert title in html
    assert html.count("Refused at the bidding, 1st bid:") == 2, html
    assert "misdeal_" not in html and "loss_of_hand" not in html and "{&#34;" not in html
    assert "/console/rulebooks/detroit#" in html  # the citations link to each rulebook's sections


def test_a_hand_in_play_is_compared_for_officials_only(app: Flask) -> None:
    official = client_as(app, token(app, "official", "Chief official"))
    scorekeeper = client_as(app, token(app, "scorekeeper", "Scorekeeper"))
    hand = official.post("/hands", json={"ruleset": "detroit", "dealer": "north"}).get_json()["id"]
    played = random_hand(4, "detroit", "north")
    assert official.post(f"/hands/{hand}/events", json=played[:20]).status_code == 201
    refused = scorekeeper.get(f"/console/hands/{hand}/rulebooks")
    assert refused.status_code == 403
    assert "only an official sees it before the hand is over" in refused.get_data(as_text=True)
    assert "♠" not in refused.get_data(as_text=True)
    assert official.get(f"/console/hands/{hand}/rulebooks").status_code == 200
    assert official.post(f"/hands/{hand}/events", json=played[20:]).status_code == 201
    assert scorekeeper.get(f"/console/hands/{hand}/rulebooks").status_code == 200


def test_a_bid_euchre_hand_has_no_bid_whist_comparison(app: Flask) -> None:
    official = client_as(app, token(app, "official", "Chief official"))
    hand = official.post("/hands", json={"ruleset": "ontario", "dealer": "north"}).get_json()["id"]
    answer = official.get(f"/console/hands/{hand}/rulebooks")
    assert answer.status_code == 404
    assert "only a Bid Whist hand" in answer.get_data(as_text=True)
