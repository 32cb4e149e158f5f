"""``adjudicator serve --hall`` as a director starts it: a real server on every interface, which prints
the address the hall's phones reach it at (with a QR code and what it exposes), answers at that
address, and puts that address on the table cards' QR codes."""

from __future__ import annotations

import http.client
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from adjudicator.cli.hall import EXPOSES, candidates, choose
from tests.e2e.conftest import free_port
from tests.e2e.serving import STARTUP_DEADLINE, ServeProcesses, command, environment, issue_token

LINE = re.compile(r"the hall reaches this service at (\S+) ")


@pytest.fixture
def processes() -> Iterator[ServeProcesses]:
    started = ServeProcesses()
    yield started
    started.close()


def _get(url: str, cookie: str = "") -> tuple[int, str]:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port or 80, timeout=10)
    try:
        conn.request("GET", parts.path or "/", headers={"Cookie": cookie} if cookie else {})
        answer = conn.getresponse()
        return answer.status, answer.read().decode()
    finally:
        conn.close()


def test_serve_hall_prints_the_hall_address_and_answers_there(
    tmp_path: Path, processes: ServeProcesses
) -> None:
    expected = choose(candidates())
    if expected is None:
        pytest.fail("this machine has no network address besides loopback: --hall has nothing to show")
    port = free_port()
    token = issue_token(tmp_path)
    log = tmp_path / "serve.log"
    base = command(port)[:-4]  # without --host 127.0.0.1 and --port: --hall chooses where to listen
    with log.open("wb") as output:
        server = subprocess.Popen(
            [*base, "--hall", "--port", str(port)],
            env=environment(tmp_path),
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    processes.started.append(server)
    deadline = time.monotonic() + STARTUP_DEADLINE
    found = None
    while found is None and time.monotonic() < deadline:
        assert server.poll() is None, log.read_text()
        found = LINE.search(log.read_text())
        time.sleep(0.05)
    assert found is not None, log.read_text()
    printed = log.read_text()
    url = found.group(1)
    assert url == f"http://{expected}:{port}/"
    assert EXPOSES in printed
    assert "▀" in printed or "█" in printed, "the QR code for the director's phone"
    assert "serving on http://0.0.0.0:" in printed

    status = 0
    while time.monotonic() < deadline:
        try:
            status, _ = _get(url + "healthz")
            break
        except OSError:
            time.sleep(0.1)
    assert status == 200, "the service answers at the address it printed, not only on loopback"
    home, _ = _get(url)
    assert home in (200, 302, 303)

    # the director's laptop opens the desk at localhost: the cards still hold the hall's address
    desk = _tournament_desk(f"http://127.0.0.1:{port}/", token)
    assert f"send the phones to <strong>http://{expected}:{port}</strong>" in desk
    assert "only this computer reaches" not in desk


def _tournament_desk(url: str, token: str) -> str:
    """The table cards' page of a new tournament, as the director opens it at the hall's address."""
    import json

    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port or 80, timeout=10)
    try:
        body = json.dumps({"ruleset": "detroit", "name": "Hall"})
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        conn.request("POST", "/tournaments", body=body, headers=headers)
        created = json.loads(conn.getresponse().read())
    finally:
        conn.close()
    status, page = _get(f"{url}console/desk/{created['id']}/cards", f"adjudicator_token={token}")
    assert status == 200, page
    return page
