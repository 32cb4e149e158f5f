"""The officials' queue in the console, and the day's time to ruling on the tournament's page."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.e2e.conftest import client_as, token
from tests.e2e.test_roles import _call_waiting, _played, _registered, _tournament


def test_the_calls_page_shows_the_table_the_moment_the_rulebook_and_a_claim_button(
    app: Flask, client: FlaskClient
) -> None:
    call = _call_waiting(app)
    hand = call.split("@")[0]
    html = client.get("/console/calls").get_data(as_text=True)
    assert f'data-id="{call}"' in html and "Table 12" in html and "talking the game" in html
    assert f'href="/console/hands/{hand}?at=4"' in html and 'href="/console/rulebooks/detroit"' in html
    assert "III.c.viii" in html and 'class="claim"' in html and "calls.js" in html

    keeper = client_as(app, token(app, "scorekeeper", "Table 3"))
    seen = keeper.get("/console/calls").get_data(as_text=True)
    assert f'data-id="{call}"' in seen and 'class="claim"' not in seen  # only officials claim
    refused = keeper.post(f"/calls/{call}/claim")
    assert refused.status_code == 403

    assert client.post(f"/calls/{call}/claim").status_code == 200
    app.extensions["adjudicator.read_models"].catch_up()  # the queue lists the claims' read model
    claimed = client.get("/console/calls").get_data(as_text=True)
    assert "Chief official is on the way" in claimed and 'class="claim"' not in claimed
    other = client_as(app, token(app, "official", "Second official"))
    taken = other.post(f"/calls/{call}/claim")
    assert taken.status_code == 409 and "already claimed by Chief official" in taken.get_json()["detail"]


def test_the_queues_live_part_is_drawn_by_the_pages_own_template(app: Flask, client: FlaskClient) -> None:
    """What calls.js fetches on every change of the stream is the page's queue, rows and all, as the
    server draws it for the reader: no second copy of a row's markup anywhere."""
    call = _call_waiting(app)
    page = client.get("/console/calls").get_data(as_text=True)
    live = client.get("/console/calls/live")
    assert live.status_code == 200 and live.headers["Cache-Control"] == "no-store"
    part = live.get_data(as_text=True)
    assert f'data-id="{call}"' in part and 'class="claim"' in part and "<html" not in part
    assert part in page and 'data-live="/console/calls/live"' in page
    keeper = client_as(app, token(app, "scorekeeper", "Table 3"))
    seen = keeper.get("/console/calls/live").get_data(as_text=True)
    assert f'data-id="{call}"' in seen and 'class="claim"' not in seen  # the reader's own view
    assert client.post(f"/calls/{call}/claim").status_code == 200
    app.extensions["adjudicator.read_models"].catch_up()
    assert "Chief official is on the way" in client.get("/console/calls/live").get_data(as_text=True)


def test_the_tournament_page_shows_the_days_median_and_worst_time_to_ruling(
    app: Flask, client: FlaskClient
) -> None:
    director = _played(_registered())
    for n in (1, 2):
        director.record(
            {
                "type": "dispute_filed",
                "dispute": f"d{n}",
                "match": "R1-T1",
                "form_complete": True,
                "team": "T1",
            }
        )
        director.record(
            {"type": "dispute_ruled", "dispute": f"d{n}", "upheld": False, "reason": "the sheet stands"}
        )
    tournament = _tournament(app, director)
    app.extensions["adjudicator.read_models"].catch_up()
    listed = client.get(f"/calls?tournament={tournament}&status=ruled").get_json()["calls"]
    assert [c["id"] for c in listed] == [f"{tournament}@d1", f"{tournament}@d2"]
    assert all(c["table"] == 1 and c["kind"] == "sheet_dispute" for c in listed)
    html = client.get(f"/console/tournaments/{tournament}").get_data(as_text=True)
    assert 'id="time-to-ruling"' in html and "2 calls ruled" in html
    assert "Time to ruling today: median 0 s, worst 0 s" in html  # recorded in one batch here


def test_an_officials_call_links_to_where_its_ruling_is_recorded(app: Flask, client: FlaskClient) -> None:
    """A sheet's dispute: the desk's sheet, where the official rules on it (a tech call's finding is on
    the replay at the call's moment, already linked; a renege's inspection, on the recorder)."""
    director = _played(_registered())
    director.record(
        {"type": "dispute_filed", "dispute": "d1", "match": "R1-T1", "form_complete": True, "team": "T1"}
    )
    tournament = _tournament(app, director)
    app.extensions["adjudicator.read_models"].catch_up()
    html = client.get("/console/calls").get_data(as_text=True)
    assert f'href="/console/desk/{tournament}/sheets/R1-T1">Rule on the sheet</a>' in html
    assert "Record the inspection" not in html  # no renege waits here
    keeper = client_as(app, token(app, "scorekeeper", "Table 4"))
    assert "Rule on the sheet" not in keeper.get("/console/calls").get_data(as_text=True)
