"""``serve --hall``'s address: the one a hall's phones reach this machine at, never its loopback one,
a router's private address before any other; and what it prints for the director."""

from __future__ import annotations

from ipaddress import ip_address

import pytest

from adjudicator.cli.hall import EXPOSES, announce, candidates, choose
from adjudicator.service.serving import PUBLIC_URL_ENV


def test_a_private_address_is_chosen_before_any_other_and_loopback_never() -> None:
    assert choose(["127.0.0.1", "203.0.113.9", "192.168.1.20"]) == "192.168.1.20"
    assert choose(["127.0.1.1", "10.0.0.7"]) == "10.0.0.7"
    assert choose(["169.254.3.3", "8.8.4.4"]) == "8.8.4.4", "a link-local address is no router's"
    assert choose(["0.0.0.0", "::1", "fe80::1", "not an address"]) is None
    assert choose(["127.0.0.1"]) is None, "only this machine's own address: no network"
    assert choose([]) is None


def test_the_machines_own_candidates_are_addresses_and_the_choice_one_of_them() -> None:
    found = candidates()
    assert all(ip_address(a).version == 4 for a in found)
    chosen = choose(found)
    assert chosen is None or (chosen in found and not ip_address(chosen).is_loopback)


def test_the_announcement_gives_the_address_a_qr_code_and_what_is_exposed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(PUBLIC_URL_ENV, raising=False)
    said = announce("http", 8000, "192.168.1.20")
    assert said[0].startswith("the hall reaches this service at http://192.168.1.20:8000/ ")
    assert "█" in said[1] or "▀" in said[1], "a QR code drawn in the terminal's blocks"
    assert said[-1] == EXPOSES and "credential" in EXPOSES
    import os

    assert os.environ[PUBLIC_URL_ENV] == "http://192.168.1.20:8000", "the table cards' address"
    monkeypatch.setenv(PUBLIC_URL_ENV, "https://hall.example:8443")
    announce("http", 8000, "192.168.1.20")
    assert os.environ[PUBLIC_URL_ENV] == "https://hall.example:8443", "the operator's own is kept"
    alone = announce("http", 8000, None)
    assert "no network found" in alone[0] and "127.0.0.1:8000" in alone[0]
