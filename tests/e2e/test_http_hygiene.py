"""HTTP done right, against a real ``adjudicator serve`` (issue 19): a sign-in's ``next`` never makes a
500, the console's cookie is ``Secure`` over HTTPS (served so, or behind a trusted proxy), and a
malformed precondition is a 400 problem, not a guess."""

from __future__ import annotations

import http.client
import ssl
import subprocess
import time
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest

from tests.e2e.conftest import HTTP, free_port
from tests.e2e.serving import STARTUP_DEADLINE, ServeProcesses, issue_token

FORWARDED_HTTPS = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str]]:
    """A server with the default settings (no proxy trusted): (its port, an official's token)."""
    processes, port = ServeProcesses(), free_port()
    try:
        processes.start(tmp_path_factory.mktemp("plain"), port)
        assert processes.token is not None
        yield port, processes.token
    finally:
        processes.close()


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str]]:
    """A server told that one reverse proxy stands in front of it."""
    processes, port = ServeProcesses(), free_port()
    try:
        processes.start(tmp_path_factory.mktemp("proxied"), port, ADJUDICATOR_TRUSTED_PROXIES="1")
        assert processes.token is not None
        yield port, processes.token
    finally:
        processes.close()


def sign_in(
    conn: http.client.HTTPConnection, token: str, target: str, headers: dict[str, str] | None = None
) -> http.client.HTTPResponse:
    form = urlencode({"token": token, "next": target})
    sent = {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})}
    conn.request("POST", "/console/sign-in", body=form, headers=sent)
    response = conn.getresponse()
    response.read()
    return response


def cookie(response: http.client.HTTPResponse) -> list[str]:
    """The attributes of the sign-in cookie the response sets, lower case."""
    header = response.getheader("Set-Cookie") or ""
    return [part.strip().lower() for part in header.split(";")]


@pytest.mark.parametrize(
    "target", ["/console/hands\r\nSet-Cookie: stolen=1", "/console/hands\nX: y", "/\\evil.example/", "//evil"]
)
def test_a_sign_in_whose_next_is_not_a_local_path_goes_home(server: tuple[int, str], target: str) -> None:
    port, token = server
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        response = sign_in(conn, token, target)
    finally:
        conn.close()
    assert response.status == 303  # before: 500 for a CR LF
    assert response.getheader("Location") == "/console/hands"
    assert "stolen" not in str(response.getheaders())


def test_a_sign_in_keeps_a_local_next(server: tuple[int, str]) -> None:
    port, token = server
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        response = sign_in(conn, token, "/console/tournaments?x=1")
    finally:
        conn.close()
    assert response.getheader("Location") == "/console/tournaments?x=1"


def test_the_cookie_is_not_secure_over_plain_http_and_a_forged_forward_is_not_believed(
    server: tuple[int, str],
) -> None:
    port, token = server
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        plain = cookie(sign_in(conn, token, "/console/hands"))
        forged = cookie(sign_in(conn, token, "/console/hands", FORWARDED_HTTPS))
    finally:
        conn.close()
    assert "httponly" in plain and "secure" not in plain
    assert "secure" not in forged  # no proxy is trusted by default: anyone could send the header


def test_behind_a_trusted_proxy_that_speaks_https_the_cookie_is_secure(proxied: tuple[int, str]) -> None:
    port, token = proxied
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        secure = cookie(sign_in(conn, token, "/console/hands", FORWARDED_HTTPS))
        plain = cookie(sign_in(conn, token, "/console/hands", {"X-Forwarded-Proto": "http"}))
    finally:
        conn.close()
    assert "secure" in secure and "httponly" in secure
    assert "secure" not in plain


@pytest.fixture(scope="module")
def tls(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str, ssl.SSLContext]]:
    """A server on HTTPS with a self-signed certificate for 127.0.0.1 (made by ``openssl``)."""
    directory = tmp_path_factory.mktemp("tls")
    cert, key = directory / "cert.pem", directory / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    context = ssl.create_default_context(cafile=str(cert))
    processes, port = ServeProcesses(), free_port()
    try:
        token = issue_token(directory)
        process = processes.spawn(directory, port, "--certfile", str(cert), "--keyfile", str(key))
        deadline = time.monotonic() + STARTUP_DEADLINE
        while time.monotonic() < deadline and process.poll() is None:
            try:
                conn = http.client.HTTPSConnection("127.0.0.1", port, timeout=5, context=context)
                conn.request("GET", "/healthz")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                time.sleep(0.1)
        yield port, token, context
    finally:
        processes.close()


def test_served_over_https_the_cookie_is_secure(tls: tuple[int, str, ssl.SSLContext]) -> None:
    port, token, context = tls
    conn = http.client.HTTPSConnection("127.0.0.1", port, timeout=30, context=context)
    try:
        attributes = cookie(sign_in(conn, token, "/console/hands"))
    finally:
        conn.close()
    assert "secure" in attributes and "httponly" in attributes and "samesite=strict" in attributes


@pytest.mark.parametrize("value", ["8", '"8', "8, 9", '"8" "9"', "W/8", ""])
def test_a_malformed_if_match_is_a_400_and_nothing_is_recorded(server: tuple[int, str], value: str) -> None:
    port, token = server
    client = HTTP(port, token)
    try:
        hand = client.post("/hands", {"ruleset": "texas", "dealer": "north"}).body["id"]
        deal = {"type": "deal", "hands": None}
        refused = client.post(f"/hands/{hand}/events", deal, {"If-Match": value})
        after = client.get(f"/hands/{hand}")
    finally:
        client.close()
    assert refused.status == 400, refused.body  # before: "8" was taken for the ETag "8"
    assert refused.headers["content-type"] == "application/problem+json"
    assert refused.body["type"] == "urn:adjudicator:problem:malformed-precondition"
    assert refused.body["field"] == "If-Match"
    assert after.body["version"] == 0


def test_a_malformed_if_none_match_is_a_400_not_a_304(server: tuple[int, str]) -> None:
    port, token = server
    client = HTTP(port, token)
    try:
        hand = client.post("/hands", {"ruleset": "texas", "dealer": "north"}).body["id"]
        good = client.get(f"/hands/{hand}", {"If-None-Match": '"0"'})
        bad = client.get(f"/hands/{hand}", {"If-None-Match": "0"})
    finally:
        client.close()
    assert good.status == 304
    assert bad.status == 400 and bad.body["field"] == "If-None-Match"  # before: 304
