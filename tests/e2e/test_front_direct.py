"""Requests granian's thread schedules without the front's coroutine (``api.direct``), against a real
``adjudicator serve``: reads, and appends of a credential admitted lately, keep every bound the front
keeps for the others (issue 19): a body's deadline and a client's requests in flight."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from tests.e2e.conftest import HTTP
from tests.e2e.serving import served
from tests.e2e.test_slow_clients import WAIT, answer, held, raw, until, write

TIGHT = {"ADJUDICATOR_BODY_TIMEOUT": "1", "ADJUDICATOR_CLIENT_REQUESTS": "3"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str]]:
    yield from served(tmp_path_factory.mktemp("direct"), **TIGHT)


def admitted(port: int, token: str) -> None:
    """An append of ``token`` to ``POST /hands`` answered: its admission is now kept."""
    client = HTTP(port, token)
    try:
        for _ in range(2):
            assert client.post("/hands", {"ruleset": "texas", "dealer": "north"}).status == 201
    finally:
        client.close()


def slow(port: int, token: str) -> socket.socket:
    """An append of ``token`` that sends one byte of its 100-byte body and no more."""
    sock = raw(port, write(port, token, "Content-Length: 100\r\n\r\n{"))
    sock.settimeout(WAIT)
    return sock


def test_an_admitted_credentials_body_that_stops_arriving_is_408(server: tuple[int, str]) -> None:
    port, token = server
    admitted(port, token)
    with slow(port, token) as sock:
        status, headers, _ = answer(sock)
    assert status == 408 and headers["connection"] == "close"
    assert until(port, "/rulesets", 200) == 200  # no longer in flight


def test_reads_and_admitted_appends_count_against_the_clients_bound(server: tuple[int, str]) -> None:
    port, token = server
    admitted(port, token)
    waiting = [held(port, token) for _ in range(3)]  # each told "100 Continue": counted
    try:
        refused = HTTP(port)
        try:
            assert refused.get("/rulesets").status == 429
        finally:
            refused.close()
    finally:
        for sock in waiting:
            sock.close()
    assert until(port, "/rulesets", 200) == 200
