"""The front's admissions of a body kept a few seconds (``api.admissions``): only a yes, only for the
same route and credential, never past ``ADMITTED_FOR``."""

from __future__ import annotations

from typing import Any

import pytest

from api import admissions
from api.admissions import Admissions


def environ(path: str = "/hands/1/events", token: str = "adj_a", **more: str) -> dict[str, Any]:
    return {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "HTTP_AUTHORIZATION": token,
        **more,
    }


def test_a_yes_is_kept_for_the_same_route_and_credential_only() -> None:
    kept = Admissions()
    assert kept.get(environ()) is None
    kept.keep(environ(), True)
    assert kept.get(environ()) is True
    assert kept.get(environ(token="adj_b")) is None
    assert kept.get(environ(path="/hands/2/events")) is None
    assert kept.get(environ(HTTP_COOKIE="adjudicator_token=x")) is None


def test_a_refusal_is_never_kept() -> None:
    kept = Admissions()
    for verdict in (False, None):
        kept.keep(environ(), verdict)
        assert kept.get(environ()) is None


def test_a_yes_is_forgotten_after_its_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr(admissions.time, "monotonic", lambda: now[0])
    kept = Admissions()
    kept.keep(environ(), True)
    now[0] += admissions.ADMITTED_FOR - 0.1
    assert kept.get(environ()) is True
    now[0] += 0.2
    assert kept.get(environ()) is None
