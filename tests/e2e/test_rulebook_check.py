"""Where each example's outcome comes from: the engine this service runs, which checks every example
once per version of the engine and its examples (in a process of its own, niced) and again when an
official asks (joining a run under way, not within a minute of the last), and ``adjudicator
rulebook --check``, which runs them in any folder; never "not run" because a test suite was not run
there."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from adjudicator.domain.rulebooks import RULESETS
from adjudicator.service.results import engine
from adjudicator.service.rulebook import checks, kept
from adjudicator.service.rulebook.library import library
from api.auth import CONSOLE_HEADER, COOKIE
from tests.e2e.serving import one_feature

PAGES = ("", *(f"/{r}" for r in RULESETS))


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This process's check as it stands, restored after the test."""
    monkeypatch.setitem(checks._state, "results", checks._state["results"])
    yield


def test_the_service_checks_the_examples_itself_and_the_pages_show_each_outcome(app: Flask) -> None:
    assert checks.running() or kept.read(kept.fingerprint()), "creating the app starts the check"
    checks.wait()
    client = app.test_client()
    results = checks.current()
    assert results.engine == engine() and results.run_at is not None
    assert len(results.outcomes) == len(library().examples) > 400
    for page in PAGES:
        html = client.get(f"/console/rulebooks{page}").get_data(as_text=True)
        assert "not run" not in html and "no result here" not in html, page
        assert f"computed by the engine running here (fingerprint {engine()[:12]}), {results.run_at}" in html
        if page:
            assert "outcome-passed" in html and "outcome-failed" not in html, page
    state = client.get("/console/rulebooks/check").get_json()
    assert state["engine"] == engine() and state["failed"] == 0 and state["passed"] == len(results.outcomes)


def test_before_the_first_check_ends_the_pages_say_the_engine_is_checking(
    app: Flask, fresh: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    checks.wait()
    monkeypatch.setenv(kept.DIRECTORY_ENV, str(tmp_path / "nothing kept"))
    monkeypatch.setitem(checks._state, "results", checks.Results())
    html = app.test_client().get("/console/rulebooks/texas").get_data(as_text=True)
    assert "checking the examples now" in html and "outcome-checking" in html
    assert "not run" not in html and "outcome-passed" not in html


def test_an_official_checks_again_joining_a_run_under_way_and_not_within_a_minute_of_the_last(
    app: Flask, official_token: str, fresh: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    checks.wait()
    monkeypatch.setenv("ADJUDICATOR_FEATURES", str(one_feature(tmp_path)))
    monkeypatch.setenv(kept.DIRECTORY_ENV, str(tmp_path / "kept"))
    client = app.test_client()
    assert client.post("/console/rulebooks/check", headers={CONSOLE_HEADER: "1"}).status_code == 403
    client.set_cookie(COOKIE, official_token)
    assert client.post("/console/rulebooks/check").status_code == 403  # not from the console's own page
    html = client.get("/console/rulebooks/chicago").get_data(as_text=True)
    assert 'id="check-again"' in html
    pressed = [client.post("/console/rulebooks/check", headers={CONSOLE_HEADER: "1"}) for _ in range(3)]
    assert [answer.status_code for answer in pressed] == [202, 202, 202], pressed[0].get_data(as_text=True)
    assert all(answer.get_json()["running"] for answer in pressed)
    assert len(checks._runs) <= 1, "one run, joined by the presses after the first"
    checks.wait()
    again = checks.current()
    assert again.run_at is not None and again.outcomes and set(again.outcomes.values()) == {"passed"}
    assert len(again.outcomes) == len(library().examples) < 20  # the one feature's
    soon = client.post("/console/rulebooks/check", headers={CONSOLE_HEADER: "1"})
    assert soon.status_code == 429 and "checked less than a minute ago" in soon.get_json()["detail"]
    assert 0 < int(soon.headers["Retry-After"]) <= checks.COOLDOWN
    assert checks.current() == again  # nothing run
    assert 'id="check-again"' not in app.test_client().get("/console/rulebooks/texas").get_data(as_text=True)


def test_the_check_runs_in_any_folder_without_a_test_suite(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator.cli", "rulebook", "--check"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    count = len(library().examples)
    assert f"fingerprint {engine()[:12]}" in done.stdout
    assert f"{count} of {count} examples hold. Passed {count}, failed 0." in done.stdout
    assert list(tmp_path.iterdir()) == []  # nothing written where it ran
